import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerIdentity, ControllerNodeGroup, EksCluster, KarpenterAws, KarpenterNetwork } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend } from '../shared/backend';
import { ExistingClusterConfig } from './config';

/**
 * The AWS side of Karpenter for a cluster this app does not manage: it reads the cluster by
 * name, tags the given subnets and the cluster security group for discovery (`aws_ec2_tag`, so
 * destroying the stack deletes the tags, not the resources), and adds the IAM roles, access entry, Pod
 * Identity association, interruption queue and, optionally, a node group for the controller.
 */
export class ExistingClusterAwsStack extends TerraformStack {
  public readonly karpenter: KarpenterAws;
  public readonly controllerNodes?: ControllerNodeGroup;

  constructor(scope: Construct, id: string, config: ExistingClusterConfig) {
    super(scope, id);
    configureStateBackend(this, id, config.backend);
    new AwsProvider(this, 'aws', { region: config.region });

    const cluster = EksCluster.fromClusterName(this, 'Cluster', config.clusterName);
    KarpenterNetwork.fromExisting(this, 'Network', {
      clusterName: config.clusterName,
      vpcId: config.vpcId,
      privateSubnetIds: config.privateSubnetIds,
    });
    if (config.createControllerNodeGroup) {
      this.controllerNodes = new ControllerNodeGroup(this, 'ControllerNodes', { cluster, subnetIds: config.privateSubnetIds });
    }
    this.karpenter = new KarpenterAws(this, 'Karpenter', { cluster, identity: ControllerIdentity.podIdentity({ namespace: config.namespace }) });
  }
}
