// docs/constructs.md's "Composing node pools in app code" snippet (the doc imports 'cdktf-karpenter-eks'
// where this file imports '../../lib'); test/readme.test.ts keeps the two equal.
// README:begin
import { TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  Arch,
  CapacityType,
  Disruption,
  Ec2NodeClass,
  KarpenterDuration,
  KarpenterNodePool,
  Quantity,
  Requirement,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
  TaintEffect,
} from '../../lib';

export class AppAndBatchPools extends Construct {
  constructor(scope: Construct, id: string, clusterName: string, kubernetesProvider: TerraformProvider) {
    super(scope, id);
    const nodeClass = new Ec2NodeClass(this, 'Default', {
      name: 'default',
      provider: kubernetesProvider,
      role: `KarpenterNodeRole-${clusterName}`, // the name KarpenterAws gives the node role
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      subnetSelectorTerms: [SubnetSelectorTerm.discovery(clusterName)],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(clusterName)],
    });

    new KarpenterNodePool(this, 'App', {
      name: 'app',
      nodeClass,
      provider: kubernetesProvider,
      weight: 10,
      requirements: [
        Requirement.capacityTypes(CapacityType.ON_DEMAND),
        Requirement.arch(Arch.AMD64),
        Requirement.instanceCpu.lessThan(32), // under 32 vCPUs
      ],
      expireAfter: KarpenterDuration.hours(720),
      disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1) }),
      limits: { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(4000) },
    });

    new KarpenterNodePool(this, 'Batch', {
      name: 'batch',
      nodeClass,
      provider: kubernetesProvider,
      weight: 90,
      taints: [{ key: 'role', value: 'batch', effect: TaintEffect.NO_SCHEDULE }],
      expireAfter: KarpenterDuration.never(),
      disruption: Disruption.whenEmpty({ consolidateAfter: KarpenterDuration.seconds(30) }),
      limits: { cpu: Quantity.cpu(500) },
    });
  }
}
// README:end
