import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformOutput, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerNodeGroup, EksCluster, KarpenterAws, KarpenterNetwork, NatGatewayMode } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend } from '../shared/backend';
import { FullStackConfig } from './config';

/**
 * The AWS side: VPC (one NAT gateway per zone), EKS cluster with its add-ons and a KMS key for
 * secrets, the managed node group that runs the Karpenter controller (IMDSv2, encrypted gp3),
 * the controller and node IAM roles, the interruption queue and rules, and the discovery tags.
 * Needs only the AWS provider, so it plans offline.
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
      // The default, spelled out: a zone outage cuts only that zone's egress. SINGLE is cheaper, for demos.
      natGateways: NatGatewayMode.ONE_PER_AZ,
    });
    // Secrets get a customer managed KMS key by default. Without publicAccessCidrs the public
    // endpoint is open to any address, and synth warns (PublicEndpointOpenToWorld).
    this.cluster = new EksCluster(this, 'Cluster', {
      clusterName: config.clusterName,
      network: this.network,
      publicAccessCidrs: config.publicAccessCidrs,
      zonalShift: config.zonalShift || undefined,
    });
    this.controllerNodes = new ControllerNodeGroup(this, 'ControllerNodes', {
      cluster: this.cluster,
      subnetIds: this.network.privateSubnetIds,
    });
    this.karpenter = new KarpenterAws(this, 'Karpenter', {
      cluster: this.cluster,
      createSpotServiceLinkedRole: config.createSpotServiceLinkedRole,
    });

    new TerraformOutput(this, 'cluster_name', { value: this.cluster.clusterName });
    new TerraformOutput(this, 'node_role_name', { value: this.karpenter.nodeRole.roleName });
    new TerraformOutput(this, 'interruption_queue_name', { value: this.karpenter.queueName });
    new TerraformOutput(this, 'update_kubeconfig', {
      value: `aws eks update-kubeconfig --region ${config.region} --name ${config.clusterName}`,
    });
  }
}
