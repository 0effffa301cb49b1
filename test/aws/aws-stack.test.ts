// The whole AWS stack (network, cluster, controller nodes, KarpenterAws): how the constructs
// connect. Each construct's own properties are tested in its own file.
import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import { Testing } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterNetwork } from '../../lib/aws/network';
import { buildAwsStack, FIXTURE_CLUSTER_NAME, FIXTURE_REGION } from '../fixtures/aws-stack';
import { addressOf, dataOf, resourceAt, resourcesOf, synthOf } from '../util/stacks';

function synthesized(irsa = false) {
  const fixture = buildAwsStack({ irsa });
  return { synth: synthOf(fixture.stack, { validate: true }), fixture };
}

describe('whole AWS stack', () => {
  const { synth, fixture } = synthesized();

  test('should pass every synth-time validation', () => {
    expect(() => Testing.synth(buildAwsStack().stack, true)).not.toThrow();
  });

  test('should put the control plane and the controller nodes into the private subnets', () => {
    const privateSubnets = synth
      .resources('aws_subnet')
      .filter((r) => /PrivateSubnet/.test(r.logicalId))
      .map((r) => `\${${r.address}.id}`);
    expect(privateSubnets).toHaveLength(3);
    const [cluster] = resourcesOf(synth, 'aws_eks_cluster');
    expect(cluster.vpc_config.subnet_ids.sort()).toEqual([...privateSubnets].sort());
    const [nodes] = resourcesOf(synth, 'aws_eks_node_group');
    expect(nodes.subnet_ids.sort()).toEqual([...privateSubnets].sort());
  });

  test('should make the node group, access entry and pod identity association wait for the cluster', () => {
    const cluster = resourceAt(synth, 'Cluster/Resource').address;
    const byArn = `\${element(split("/", ${cluster}.arn), 1)}`;
    expect(resourcesOf(synth, 'aws_eks_node_group')[0].cluster_name).toBe(byArn);
    expect(resourcesOf(synth, 'aws_eks_access_entry')[0].cluster_name).toBe(byArn);
    expect(resourcesOf(synth, 'aws_eks_pod_identity_association')[0].cluster_name).toBe(byArn);
  });

  test('should install coredns after the controller node group', () => {
    const nodeGroup = resourceAt(synth, 'ControllerNodes/Resource').address;
    const coreDns = resourcesOf(synth, 'aws_eks_addon').find((a) => a.addon_name === 'coredns')!;
    expect(coreDns.depends_on).toEqual([nodeGroup]);
  });

  test('should tag the same cluster name on the private subnets and the cluster security group', () => {
    expect(fixture.karpenter.clusterName).toBe(FIXTURE_CLUSTER_NAME);
    const discoverySubnets = resourcesOf(synth, 'aws_subnet').filter((s) => s.tags['karpenter.sh/discovery'] === FIXTURE_CLUSTER_NAME);
    expect(discoverySubnets.map((s) => s.availability_zone)).toEqual(['us-east-1a', 'us-east-1b', 'us-east-1c']);
    const cluster = resourceAt(synth, 'Cluster/Resource').address;
    expect(resourcesOf(synth, 'aws_ec2_tag')).toEqual([
      { key: 'karpenter.sh/discovery', value: FIXTURE_CLUSTER_NAME, resource_id: `\${${cluster}.vpc_config[0].cluster_security_group_id}` },
    ]);
  });

  test('should keep the controller node group role apart from the Karpenter node role', () => {
    const roles = synth.resources('aws_iam_role').map((r) => r.logicalId);
    expect(roles.map((r) => r.replace(/_[0-9A-F]{8}$/, ''))).toEqual([
      'Cluster_ClusterRole',
      'ControllerNodes_NodeRole',
      'Karpenter_ControllerRole',
      'Karpenter_NodeRole',
    ]);
    const karpenterNodeRole = resourceAt(synth, 'Karpenter/NodeRole/Resource').address;
    expect(resourcesOf(synth, 'aws_eks_access_entry')[0].principal_arn).toBe(`\${${karpenterNodeRole}.arn}`);
  });

  test("should share one aws_partition, and read no aws_region when the provider's region is known", () => {
    expect(Object.keys(synth.json.data as object)).toEqual(['aws_eks_addon_version', 'aws_partition']);
    expect(Object.keys(dataOf(synth, 'aws_partition'))).toHaveLength(1);
    const text = JSON.stringify(synth.json);
    expect(text).not.toMatch(/data\.aws_region\./);
    // The region goes into the controller policy's ARNs as the provider's plain string.
    expect(text).toContain(`:ec2:${FIXTURE_REGION}:`);
  });

  test('should match the snapshot', () => {
    expect(Testing.synth(buildAwsStack().stack)).toMatchSnapshot();
  });
});

describe('whole AWS stack with IRSA', () => {
  const { synth } = synthesized(true);

  test('should trust the cluster OIDC provider in the controller role and skip the pod identity association', () => {
    const oidc = resourceAt(synth, 'Cluster/OidcProvider').address;
    expect(resourcesOf(synth, 'aws_eks_pod_identity_association')).toEqual([]);
    const controllerRole = resourceAt(synth, 'Karpenter/ControllerRole/Resource').attributes;
    expect(controllerRole.assume_role_policy).toContain(`"Federated":"\${${oidc}.arn}"`);
    expect(controllerRole.assume_role_policy).toContain(':sub":"system:serviceaccount:kube-system:karpenter"');
  });

  test('should match the snapshot', () => {
    expect(Testing.synth(buildAwsStack({ irsa: true }).stack)).toMatchSnapshot();
  });
});

describe('existing cluster and VPC', () => {
  test('should compose with EksCluster.fromClusterName and KarpenterNetwork.fromExisting', () => {
    // GIVEN
    const { stack } = buildAwsStack();
    const scope = new Construct(stack, 'Existing');
    const network = KarpenterNetwork.fromExisting(scope, 'Network', {
      clusterName: 'legacy',
      vpcId: 'vpc-0123456789abcdef0',
      privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
    });
    const cluster = EksCluster.fromClusterName(scope, 'Cluster', 'legacy');
    // WHEN
    new ControllerNodeGroup(scope, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds });
    new KarpenterAws(scope, 'Karpenter', { cluster, queueName: 'Karpenter-legacy' });
    // THEN
    const synth = synthOf(stack, { validate: true });
    const clusterData = addressOf(scope.node.findChild('Cluster').node.findChild('Resource') as DataAwsEksCluster);
    const group = resourceAt(synth, 'Existing/ControllerNodes/Resource').attributes;
    expect(group.cluster_name).toBe(`\${element(split("/", ${clusterData}.arn), 1)}`);
    const tags = synth
      .resources('aws_ec2_tag')
      .filter((r) => r.logicalId.startsWith('Existing_'))
      .map((r) => r.attributes);
    expect(tags).toHaveLength(3);
    expect(tags.map((t) => [t.resource_id, t.value])).toEqual(
      expect.arrayContaining([
        ['subnet-0aaaaaaaaaaaaaaa1', 'legacy'],
        ['subnet-0aaaaaaaaaaaaaaa2', 'legacy'],
        [`\${${clusterData}.vpc_config[0].cluster_security_group_id}`, 'legacy'],
      ]),
    );
  });
});
