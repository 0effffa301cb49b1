// docs/constructs.md's "Karpenter for a cluster you already have" snippet (the doc imports 'cdktf-karpenter-eks'
// where this file imports '../../lib'); test/readme.test.ts keeps the two equal and synthesizes it.
// README:begin
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { App, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  ClusterProviders,
  ControllerPlacement,
  Ec2NodeClass,
  EksCluster,
  KarpenterAws,
  KarpenterAwsAttributes,
  KarpenterController,
  KarpenterNetwork,
  KarpenterNodePool,
  Quantity,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from '../../lib';

/** Your cluster, its VPC and the private subnets Karpenter may launch nodes in. */
export interface ExistingCluster {
  readonly clusterName: string;
  readonly region: string;
  readonly vpcId: string;
  readonly privateSubnetIds: string[];
}

/** The AWS side: the cluster read by name, discovery tags on your subnets and its security group, IAM, queue. */
export class ExistingClusterAwsStack extends TerraformStack {
  public readonly karpenter: KarpenterAws;

  constructor(scope: Construct, id: string, c: ExistingCluster) {
    super(scope, id);
    new AwsProvider(this, 'aws', { region: c.region });
    const cluster = EksCluster.fromClusterName(this, 'Cluster', c.clusterName);
    KarpenterNetwork.fromExisting(this, 'Network', { clusterName: c.clusterName, vpcId: c.vpcId, privateSubnetIds: c.privateSubnetIds });
    this.karpenter = new KarpenterAws(this, 'Karpenter', { cluster });
  }
}

/** The controller, on the nodes the cluster already has: no ControllerNodeGroup labels any for it. */
export class ExistingClusterControllerStack extends TerraformStack {
  constructor(scope: Construct, id: string, karpenter: KarpenterAwsAttributes) {
    super(scope, id);
    const { clusterName, region } = karpenter;
    new AwsProvider(this, 'aws', { region });
    const { helmProvider } = new ClusterProviders(this, 'Cluster', { clusterName, region, createKubernetesProvider: false });
    new KarpenterController(this, 'Karpenter', { karpenter, helmProvider, placement: ControllerPlacement.anyNodeNotManagedByKarpenter() });
  }
}

/** A node class that finds the subnets and security group by the discovery tag, and one pool. */
export class ExistingClusterNodePoolsStack extends TerraformStack {
  constructor(scope: Construct, id: string, { clusterName, region, nodeRoleName }: KarpenterAwsAttributes) {
    super(scope, id);
    new AwsProvider(this, 'aws', { region });
    const { kubernetesProvider: provider } = new ClusterProviders(this, 'Cluster', { clusterName, region, createHelmProvider: false });
    const nodeClass = new Ec2NodeClass(this, 'Default', {
      name: 'default',
      provider,
      role: nodeRoleName,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      // Or by your own tags: SubnetSelectorTerm.byTags({ ... }), SecurityGroupSelectorTerm.byId('sg-...').
      subnetSelectorTerms: [SubnetSelectorTerm.discovery(clusterName)],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(clusterName)],
    });
    new KarpenterNodePool(this, 'General', { name: 'general', nodeClass, provider, limits: { cpu: Quantity.cpu(100) } });
  }
}

/** The three stacks, each applied after the one before: `addKarpenterToCluster(new App(), { clusterName: 'my-cluster', ... })`. */
export function addKarpenterToCluster(app: App, c: ExistingCluster): void {
  const aws = new ExistingClusterAwsStack(app, 'karpenter-aws', c);
  const controller = new ExistingClusterControllerStack(app, 'karpenter-controller', aws.karpenter.attributes);
  controller.addDependency(aws);
  new ExistingClusterNodePoolsStack(app, 'karpenter-node-pools', aws.karpenter.attributes).addDependency(controller);
}
// README:end
