import { EksNodeGroup } from '@cdktf/provider-aws/lib/eks-node-group';
import { LaunchTemplate } from '@cdktf/provider-aws/lib/launch-template';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { IEksCluster } from '../../lib/aws/eks-cluster-base';
import { ControllerNodeGroup, ControllerNodeGroupProps } from '../../lib/aws/controller-node-group';
import { NodeGroupAmiType } from '../../lib/core/aws/controller-node-group-plan';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterController } from '../../lib/controller/karpenter-controller';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { warningsOf } from '../util/warnings';
import { KarpenterNetwork } from '../../lib/aws/network';
import { HttpTokens, VolumeType } from '../../lib/core/shared/ec2';
import { dataRef, newAwsStack, newStack, onlyResource, resourceRef, resourcesOf, synthOf } from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';

const SUBNETS = ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2', 'subnet-0aaaaaaaaaaaaaaa3'];

const IMPORTED: IEksCluster = {
  clusterName: 'demo',
  clusterArn: 'arn:aws:eks:us-east-1:111122223333:cluster/demo',
  clusterEndpoint: 'https://ABC.gr7.us-east-1.eks.amazonaws.com',
  clusterCertificateAuthorityData: 'Y2E=',
  clusterSecurityGroupId: 'sg-0123456789abcdef0',
  oidcIssuerUrl: 'https://oidc.eks.us-east-1.amazonaws.com/id/ABC',
};

function nodeGroup(stack: TerraformStack, props: Partial<ControllerNodeGroupProps> = {}): ControllerNodeGroup {
  return new ControllerNodeGroup(stack, 'ControllerNodes', { cluster: IMPORTED, subnetIds: SUBNETS, ...props });
}

describe('ControllerNodeGroup', () => {
  test('should size the group for two controller replicas on AL2023 on-demand nodes', () => {
    const stack = newAwsStack();
    nodeGroup(stack);
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksNodeGroup, {
      cluster_name: 'demo',
      node_group_name_prefix: 'karpenter-controller-',
      subnet_ids: SUBNETS,
      ami_type: 'AL2023_x86_64_STANDARD',
      capacity_type: 'ON_DEMAND',
      instance_types: ['m7i.large', 'm6i.large', 'm5.large'],
      scaling_config: { min_size: 2, desired_size: 2, max_size: 3 },
      update_config: { max_unavailable: 1 },
      labels: { 'karpenter.sh/controller': 'true' },
      lifecycle: { create_before_destroy: true },
    });
    const group = onlyResource(stack, 'aws_eks_node_group');
    expect(group.taint).toBeUndefined();
    expect(group.node_group_name).toBeUndefined();
    expect(group.version).toBeUndefined();
  });

  test('should give the nodes a role with the worker, CNI and ECR pull-only policies', () => {
    const stack = newAwsStack();
    const group = nodeGroup(stack);
    const role = onlyResource(stack, 'aws_iam_role');
    expect(role.name_prefix).toBe('demo-controller-nodes-');
    expect(JSON.parse(role.assume_role_policy)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'EKSNodeAssumeRole',
          Effect: 'Allow',
          Principal: { Service: `ec2.${dataRef(stack, 'aws_partition', 'dns_suffix')}` },
          Action: ['sts:AssumeRole'],
        },
      ],
    });
    const attachments = resourcesOf(stack, 'aws_iam_role_policy_attachment');
    expect(attachments.map((a) => a.policy_arn.replace(/^arn:\$\{[^}]+\}:/, 'arn:P:')).sort()).toEqual([
      'arn:P:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly',
      'arn:P:iam::aws:policy/AmazonEKSWorkerNodePolicy',
      'arn:P:iam::aws:policy/AmazonEKS_CNI_Policy',
    ]);
    const ng = onlyResource(stack, 'aws_eks_node_group');
    expect(ng.node_role_arn).toBe(resourceRef(stack, 'aws_iam_role', 'arn'));
    expect(ng.depends_on).toHaveLength(3);
    expect(Token.isUnresolved(group.nodeRoleArn)).toBe(true);
    expect(Token.isUnresolved(group.nodeGroupName)).toBe(true);
  });

  test('should taint the nodes CriticalAddonsOnly when asked', () => {
    const stack = newAwsStack();
    nodeGroup(stack, { criticalAddonsOnly: true });
    expect(onlyResource(stack, 'aws_eks_node_group').taint).toEqual([{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NO_SCHEDULE' }]);
  });

  test('should wait for a cluster created here, and make its coredns wait for the nodes', () => {
    const stack = newAwsStack();
    const cluster = new EksCluster(stack, 'Cluster', {
      clusterName: 'demo',
      network: { vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: SUBNETS, publicSubnetIds: [], securityGroupIds: [] },
    });
    new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: SUBNETS });
    const synth = synthOf(stack, { validate: true });
    const ng = onlyResource(synth, 'aws_eks_node_group');
    expect(ng.version).toBe('1.36');
    // element(split("/", arn), 1) is the name, and a reference to the cluster.
    expect(ng.cluster_name).toMatch(/^\$\{element\(split\("\/", aws_eks_cluster\.Cluster_[0-9A-F]+\.arn\), 1\)\}$/);
    const coreDns = resourcesOf(synth, 'aws_eks_addon').find((a) => a.addon_name === 'coredns')!;
    expect(coreDns.depends_on).toEqual([expect.stringMatching(/^aws_eks_node_group\.ControllerNodes_[0-9A-F]+$/)]);
  });

  test('should use an exact name without create-before-destroy', () => {
    const stack = newAwsStack();
    nodeGroup(stack, { nodeGroupName: 'controllers' });
    const ng = onlyResource(stack, 'aws_eks_node_group');
    expect(ng.node_group_name).toBe('controllers');
    expect(ng.node_group_name_prefix).toBeUndefined();
    expect(ng.lifecycle).toBeUndefined();
  });

  test('should allow a single node when explicitly allowed', () => {
    const stack = newAwsStack();
    nodeGroup(stack, { minSize: 1, desiredSize: 1, maxSize: 1, allowSingleNode: true });
    expect(onlyResource(stack, 'aws_eks_node_group').scaling_config).toEqual({ min_size: 1, desired_size: 1, max_size: 1 });
  });

  // The messages are the plan's (test/core/aws/controller-node-group-plan.test.ts, node-group-scaling.test.ts);
  // this checks they fail synth under the path.
  test("fails synth with the plan's errors, each once, under its path", () => {
    const stack = newAwsStack();
    expect(synthErrorLines(() => nodeGroup(stack, { minSize: 4, desiredSize: 3, maxSize: 2, subnetIds: [] }))).toEqual([
      expect.stringMatching(/^\[test\/ControllerNodes\] minSize: .*\(MinSizeAboveDesired\)$/),
      expect.stringMatching(/^\[test\/ControllerNodes\] desiredSize: .*\(DesiredSizeAboveMax\)$/),
      expect.stringMatching(/^\[test\/ControllerNodes\] subnetIds: .*\(NoSubnets\)$/),
    ]);
  });

  test('should take instance types given as a Terraform reference as they are', () => {
    const stack = newAwsStack();
    const types = new TerraformVariable(stack, 'types', { type: 'list(string)' }).listValue;
    expect(synthErrorLines(() => nodeGroup(stack, { instanceTypes: types }))).toEqual([]);
    expect(onlyResource(stack, 'aws_eks_node_group').instance_types).toBe('${var.types}');
  });

  test('should not warn about subnet ids given as a Terraform reference', () => {
    const stack = newAwsStack();
    const ids = new TerraformVariable(stack, 'subnet_ids', { type: 'list(string)' }).listValue;
    const group = nodeGroup(stack, { subnetIds: ids });
    expect(group.node.metadata.filter((m) => m.type === '@cdktf/warn')).toEqual([]);
    expect(onlyResource(stack, 'aws_eks_node_group').subnet_ids).toBe('${var.subnet_ids}');
  });

  // The message is the plan's (test/core/aws/controller-node-group-plan.test.ts); this checks the warning reaches the construct.
  test('warns when the AMI architecture does not match the instance types', () => {
    const stack = newAwsStack();
    const group = nodeGroup(stack, { amiType: NodeGroupAmiType.AL2023_ARM_64_STANDARD, instanceTypes: ['m7g.large', 'm7i.large'] });
    const warnings = group.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => m.data);
    expect(warnings).toEqual([expect.stringMatching(/^instanceTypes: .*\(InstanceTypeArchitectureMismatch\)$/)]);
  });

  test('should default to Graviton instance types for an arm64 AMI type', () => {
    const stack = newAwsStack();
    const group = nodeGroup(stack, { amiType: NodeGroupAmiType.BOTTLEROCKET_ARM_64 });
    expect(onlyResource(stack, 'aws_eks_node_group')).toMatchObject({ ami_type: 'BOTTLEROCKET_ARM_64', instance_types: ['m7g.large', 'm6g.large'] });
    expect(group.node.metadata.filter((m) => m.type === '@cdktf/warn')).toEqual([]);
  });

  test('should match the default snapshot', () => {
    const stack = newAwsStack();
    nodeGroup(stack);
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the every-option snapshot', () => {
    const stack = newAwsStack();
    nodeGroup(stack, {
      nodeGroupName: 'karpenter',
      instanceTypes: ['m7g.large', 'c7g.xlarge'],
      amiType: NodeGroupAmiType.BOTTLEROCKET_ARM_64,
      minSize: 3,
      desiredSize: 3,
      maxSize: 5,
      criticalAddonsOnly: true,
      labels: { 'node.example.com/pool': 'system' },
      rootVolumeSizeGiB: 50,
      osVolumeSizeGiB: 8,
      rootVolumeType: VolumeType.GP2,
      rootVolumeEncrypted: false,
      metadataHttpTokens: HttpTokens.OPTIONAL,
      metadataHopLimit: 2,
      tags: { team: 'platform' },
    });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksNodeGroup, {
      ami_type: 'BOTTLEROCKET_ARM_64',
      labels: { 'karpenter.sh/controller': 'true', 'node.example.com/pool': 'system' },
      tags: { team: 'platform' },
    });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  describe('launch template', () => {
    test('should require IMDSv2 with hop limit 1 and give an encrypted 20 GiB gp3 root volume by default', () => {
      const stack = newAwsStack();
      nodeGroup(stack);
      const lt = onlyResource(stack, 'aws_launch_template');
      expect(lt.metadata_options).toEqual({ http_endpoint: 'enabled', http_tokens: 'required', http_put_response_hop_limit: 1 });
      expect(lt.block_device_mappings).toEqual([
        { device_name: '/dev/xvda', ebs: { volume_size: 20, volume_type: 'gp3', encrypted: 'true', delete_on_termination: 'true' } },
      ]);
      expect(lt.name_prefix).toBe('demo-controller-');
    });

    test('should launch the node group from the latest version of its launch template, without disk_size', () => {
      const stack = newAwsStack();
      nodeGroup(stack);
      const group = onlyResource(stack, 'aws_eks_node_group');
      expect(group.launch_template).toEqual({
        id: resourceRef(stack, 'aws_launch_template', 'id'),
        version: resourceRef(stack, 'aws_launch_template', 'latest_version'),
      });
      expect(group.disk_size).toBeUndefined();
      expect(group.remote_access).toBeUndefined();
    });

    test('should map the Bottlerocket OS and data volumes, both encrypted gp3, by default', () => {
      const stack = newAwsStack();
      nodeGroup(stack, { amiType: NodeGroupAmiType.BOTTLEROCKET_X86_64 });
      // Without /dev/xvda the OS volume came from the AMI, unencrypted unless the account encrypts EBS by default.
      expect(onlyResource(stack, 'aws_launch_template').block_device_mappings).toEqual([
        { device_name: '/dev/xvda', ebs: { volume_size: 4, volume_type: 'gp3', encrypted: 'true', delete_on_termination: 'true' } },
        { device_name: '/dev/xvdb', ebs: { volume_size: 20, volume_type: 'gp3', encrypted: 'true', delete_on_termination: 'true' } },
      ]);
    });

    test('should size the Bottlerocket volumes, and take the metadata and volume overrides', () => {
      const stack = newAwsStack();
      nodeGroup(stack, {
        amiType: NodeGroupAmiType.BOTTLEROCKET_X86_64,
        rootVolumeSizeGiB: 100,
        osVolumeSizeGiB: 10,
        rootVolumeType: VolumeType.GP2,
        rootVolumeEncrypted: false,
        metadataHttpTokens: HttpTokens.OPTIONAL,
        metadataHopLimit: 2,
      });
      expect(Testing.synth(stack)).toHaveResourceWithProperties(LaunchTemplate, {
        metadata_options: { http_endpoint: 'enabled', http_tokens: 'optional', http_put_response_hop_limit: 2 },
        block_device_mappings: [
          { device_name: '/dev/xvda', ebs: { volume_size: 10, volume_type: 'gp2', encrypted: 'false', delete_on_termination: 'true' } },
          { device_name: '/dev/xvdb', ebs: { volume_size: 100, volume_type: 'gp2', encrypted: 'false', delete_on_termination: 'true' } },
        ],
      });
    });

    test('should tag the instances, volumes and network interfaces with the Name, provider default, cluster and group tags', () => {
      const stack = newStack();
      new AwsProvider(stack, 'aws', { region: 'us-east-1', defaultTags: [{ tags: { owner: 'platform', team: 'default' } }] });
      const cluster = new EksCluster(stack, 'Cluster', {
        clusterName: 'demo',
        network: { vpcId: 'vpc-1', privateSubnetIds: SUBNETS, publicSubnetIds: [], securityGroupIds: [] },
        tags: { env: 'prod', team: 'cluster' },
      });
      nodeGroup(stack, { cluster, tags: { team: 'karpenter' } });
      const lt = onlyResource(stack, 'aws_launch_template');
      const tags = { Name: 'demo-karpenter-controller', owner: 'platform', env: 'prod', team: 'karpenter' };
      expect(lt.tag_specifications).toEqual([
        { resource_type: 'instance', tags },
        { resource_type: 'volume', tags },
        { resource_type: 'network-interface', tags },
      ]);
      // The launch template's own tags stay the group's: the provider adds default_tags to them itself.
      expect(lt.tags).toEqual({ team: 'karpenter' });
    });

    test("should tag what an imported cluster's group launches with a Name", () => {
      const stack = newAwsStack();
      nodeGroup(stack);
      expect(onlyResource(stack, 'aws_launch_template').tag_specifications.map((t: { tags: unknown }) => t.tags)).toEqual([
        { Name: 'demo-karpenter-controller' },
        { Name: 'demo-karpenter-controller' },
        { Name: 'demo-karpenter-controller' },
      ]);
    });
  });

  describe('its nodes, for the controller', () => {
    test('carry the labels, the taints in Kubernetes spelling and desiredSize; zones are unknown without a KarpenterNetwork', () => {
      const group = nodeGroup(newAwsStack(), { criticalAddonsOnly: true, desiredSize: 3, maxSize: 3, labels: { team: 'platform' } });
      expect(group.nodes).toEqual({
        desiredSize: 3,
        labels: { team: 'platform', 'karpenter.sh/controller': 'true' },
        taints: [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' }],
      });
    });

    test("take the zones of a KarpenterNetwork's subnets, and KarpenterAws hands them to the controller", () => {
      const stack = newAwsStack();
      const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
      const cluster = new EksCluster(stack, 'Cluster', { network });
      const both = new ControllerNodeGroup(stack, 'Both', { cluster, subnetIds: network.privateSubnetIds });
      const one = new ControllerNodeGroup(stack, 'One', { cluster, subnetIds: [network.privateSubnetIds[1]], allowSingleNode: true, desiredSize: 1 });
      const elsewhere = new ControllerNodeGroup(stack, 'Elsewhere', { cluster, subnetIds: ['subnet-0aaaaaaaaaaaaaaa9'] });
      expect(both.nodes.zones).toEqual(['eu-west-1a', 'eu-west-1b']);
      expect(one.nodes.zones).toEqual(['eu-west-1b']);
      expect(elsewhere.nodes.zones).toBeUndefined();
      const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster });
      expect(karpenter.attributes.controllerNodes).toEqual([both.nodes, one.nodes, elsewhere.nodes]);
    });
  });

  describe('what KarpenterController makes of its nodes, through KarpenterAws.attributes', () => {
    function controllerOn(group: Partial<ControllerNodeGroupProps>, additionalValues?: Record<string, unknown>) {
      const stack = newAwsStack();
      const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
      const cluster = new EksCluster(stack, 'Cluster', { network });
      new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds, ...group });
      const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster });
      new HelmProvider(stack, 'helm', {});
      return new KarpenterController(stack, 'Controller', { karpenter: karpenter.attributes, additionalValues });
    }

    test('tolerations that drop the taint of a criticalAddonsOnly group fail synth at the controller', () => {
      expect(synthErrorLines(() => controllerOn({ criticalAddonsOnly: true }, { tolerations: [] }))).toEqual([
        expect.stringMatching(
          /^\[test\/Controller\] additionalValues\.tolerations: the controller nodes carry CriticalAddonsOnly=true:NoSchedule, .*\(ControllerTaintNotTolerated\)$/s,
        ),
      ]);
      expect(synthErrorLines(() => controllerOn({ criticalAddonsOnly: true }))).toEqual([]);
    });

    test('a group in one zone of the network: the controller warns', () => {
      const stack = newAwsStack();
      const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
      const cluster = new EksCluster(stack, 'Cluster', { network });
      new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: [network.privateSubnetIds[0]] });
      const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster });
      new HelmProvider(stack, 'helm', {});
      const controller = new KarpenterController(stack, 'Controller', { karpenter: karpenter.attributes });
      synthOf(stack, { validate: true });
      expect(warningsOf(controller)).toEqual([expect.stringMatching(/every controller node is in eu-west-1a, .*\(ControllerNodesInOneZone\)$/s)]);
    });
  });
});
