import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  Arch,
  CapacityType,
  ClusterProviders,
  Disruption,
  Ec2NodeClass,
  KarpenterDuration,
  KarpenterNodePool,
  Quantity,
  Requirement,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend } from '../shared/backend';
import { ExistingClusterConfig } from './config';

/** One node class and one general-purpose pool: the getting-started pool, with limits. */
export class GeneralPurposePoolStack extends TerraformStack {
  public readonly nodePool: KarpenterNodePool;

  constructor(scope: Construct, id: string, config: ExistingClusterConfig & { readonly nodeRoleName: string }) {
    super(scope, id);
    configureStateBackend(this, id, config.backend);
    new AwsProvider(this, 'aws', { region: config.region });
    const { kubernetesProvider: provider } = new ClusterProviders(this, 'Cluster', {
      clusterName: config.clusterName,
      region: config.region,
      createHelmProvider: false,
    });

    const nodeClass = new Ec2NodeClass(this, 'NodeClass', {
      name: 'default',
      provider,
      role: config.nodeRoleName,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      subnetSelectorTerms: [SubnetSelectorTerm.discovery(config.clusterName)],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(config.clusterName)],
    });
    this.nodePool = new KarpenterNodePool(this, 'GeneralPurpose', {
      name: 'general-purpose',
      nodeClass,
      provider,
      requirements: [
        Requirement.arch(Arch.AMD64, Arch.ARM64),
        Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND),
        Requirement.instanceCategories('c', 'm', 'r'),
        Requirement.instanceGeneration.greaterThan(2),
      ],
      expireAfter: KarpenterDuration.hours(720),
      disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1) }),
      limits: { cpu: Quantity.cpu(1000) },
    });
  }
}
