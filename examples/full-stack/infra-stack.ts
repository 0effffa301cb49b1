import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformOutput, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
// 'cdktf-karpenter-eks' in your app
import { ControllerNodeGroup, EksCluster, KarpenterAws, KarpenterNetwork, NatGatewayMode, NodeGroupAmiType } from '../../lib';
import { configureStateBackend } from '../shared/backend';
import { FullStackConfig } from './config';

/**
 * The AWS side: VPC (one NAT gateway per zone), EKS cluster with its add-ons and a KMS key for
 * secrets, the Bottlerocket managed node group that runs the Karpenter controller (IMDSv2,
 * encrypted gp3 volumes, tagged instances), the controller and node IAM roles, the interruption
 * queue and rules, and the discovery tags. Needs only the AWS provider, so it plans offline.
 */
export class InfraStack extends TerraformStack {
  public readonly network: KarpenterNetwork;
  public readonly cluster: EksCluster;
  public readonly controllerNodes: ControllerNodeGroup;
  public readonly karpenter: KarpenterAws;

  constructor(scope: Construct, id: string, config: FullStackConfig) {
    super(scope, id);
    configureStateBackend(this, id, config.backend);
    new AwsProvider(this, 'aws', {
      region: config.region,
      // On every taggable resource (a resource's own tag wins on the same key); ControllerNodeGroup also puts
      // them on the instances, volumes and network interfaces it launches, which default_tags do not reach.
      defaultTags: [{ tags: { 'app.kubernetes.io/managed-by': 'cdktf-karpenter-eks', 'app.kubernetes.io/part-of': config.clusterName } }],
    });

    this.network = new KarpenterNetwork(this, 'Network', {
      clusterName: config.clusterName,
      availabilityZones: config.availabilityZones,
      // The default, spelled out: a zone outage cuts only that zone's egress. SINGLE is cheaper, for demos.
      natGateways: NatGatewayMode.ONE_PER_AZ,
    });
    // Secrets get a customer managed KMS key by default. Without publicAccessCidrs the public
    // endpoint is open to any address, and synth warns (PublicEndpointOpenToWorld).
    // The cluster takes its name from the network.
    this.cluster = new EksCluster(this, 'Cluster', {
      network: this.network,
      publicAccessCidrs: config.publicAccessCidrs,
      zonalShift: config.zonalShift || undefined,
    });
    // Bottlerocket: a minimal, read-only OS for the nodes Karpenter itself runs on. Its OS (/dev/xvda) and
    // data (/dev/xvdb) volumes are both encrypted gp3, as Karpenter maps them for its own Bottlerocket nodes.
    this.controllerNodes = new ControllerNodeGroup(this, 'ControllerNodes', {
      cluster: this.cluster,
      subnetIds: this.network.privateSubnetIds,
      amiType: NodeGroupAmiType.BOTTLEROCKET_X86_64,
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
