import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ClusterProviders } from '../../lib/controller/cluster-providers';
import { KarpenterDuration } from '../../lib/core/api/duration';
import { AmiFamilyAlias, AmiSelectorTerm, SecurityGroupSelectorTerm, SubnetSelectorTerm } from '../../lib/core/api/ec2-node-class-definition';
import { Disruption } from '../../lib/core/api/node-pool-definition';
import { Quantity } from '../../lib/core/api/quantity';
import { Arch, CapacityType, Requirement } from '../../lib/core/api/requirements';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
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
