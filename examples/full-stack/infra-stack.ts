import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformOutput, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerNodeGroup, EksCluster, KarpenterAws, KarpenterNetwork } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend } from '../shared/backend';
import { FullStackConfig } from './config';

/**
 * The AWS side: VPC, EKS cluster with its add-ons, the managed node group that runs the
 * Karpenter controller, the controller and node IAM roles, the interruption queue and rules,
 * and the discovery tags. Needs only the AWS provider, so it plans offline.
 */
export class InfraStack extends TerraformStack {
  public readonly network: KarpenterNetwork;
  public readonly cluster: EksCluster;
  public readonly controllerNodes: ControllerNodeGroup;
  public readonly karpenter: KarpenterAws;

  constructor(scope: Construct, id: string, config: FullStackConfig) {
    super(scope, id);
    configureStateBackend(this, id, config.backend);
    new AwsProvider(this, 'aws', { region: config.region });

    this.network = new KarpenterNetwork(this, 'Network', {
      clusterName: config.clusterName,
      availabilityZones: config.availabilityZones,
    });
    this.cluster = new EksCluster(this, 'Cluster', { clusterName: config.clusterName, network: this.network });
    this.controllerNodes = new ControllerNodeGroup(this, 'ControllerNodes', {
      cluster: this.cluster,
      subnetIds: this.network.privateSubnetIds,
    });
    this.karpenter = new KarpenterAws(this, 'Karpenter', { cluster: this.cluster });

    new TerraformOutput(this, 'cluster_name', { value: this.cluster.clusterName });
    new TerraformOutput(this, 'node_role_name', { value: this.karpenter.nodeRole.roleName });
    new TerraformOutput(this, 'interruption_queue_name', { value: this.karpenter.queueName });
    new TerraformOutput(this, 'update_kubeconfig', {
      value: `aws eks update-kubeconfig --region ${config.region} --name ${config.clusterName}`,
    });
  }
}
