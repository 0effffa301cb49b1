// docs/simulator.md's "What will my pools launch" snippet (the doc imports 'cdktf-karpenter-eks' where this
// file imports '../../lib'); test/readme.test.ts keeps the two equal and the `explain` output with them.
// README:begin
import { TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  CapacityType,
  Ec2NodeClass,
  KarpenterNodePool,
  Quantity,
  Requirement,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
  TaintEffect,
} from '../../lib';

export class GeneralAndGpuPools extends Construct {
  constructor(scope: Construct, id: string, clusterName: string, kubernetesProvider: TerraformProvider) {
    super(scope, id);
    const nodeClass = new Ec2NodeClass(this, 'Default', {
      name: 'default',
      provider: kubernetesProvider,
      role: `KarpenterNodeRole-${clusterName}`,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      subnetSelectorTerms: [SubnetSelectorTerm.discovery(clusterName)],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(clusterName)],
    });

    new KarpenterNodePool(this, 'General', {
      name: 'general',
      nodeClass,
      provider: kubernetesProvider,
      requirements: [Requirement.instanceCategories('c', 'm', 'r'), Requirement.instanceGeneration.greaterThan(5)],
      limits: { cpu: Quantity.cpu(1000) },
    });

    // GPU nodes only for pods that tolerate the taint (the NVIDIA device plugin's usual one).
    new KarpenterNodePool(this, 'Gpu', {
      name: 'gpu',
      nodeClass,
      provider: kubernetesProvider,
      weight: 50,
      requirements: [Requirement.instanceCategories('g'), Requirement.capacityTypes(CapacityType.ON_DEMAND)],
      taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: TaintEffect.NO_SCHEDULE }],
      limits: { cpu: Quantity.cpu(512) },
    });
  }
}
// README:end
