// The whole AWS stack (network, cluster, controller nodes, KarpenterAws): how the constructs
// connect. Each construct's own properties are tested in its own file.
import { Testing } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterNetwork } from '../../lib/aws/network';
import { buildAwsStack, FIXTURE_CLUSTER_NAME } from '../fixtures/aws-stack';

type Resources = Record<string, Record<string, any>>;

function synthesized(irsa = false): { json: { resource: Resources; data: Resources }; fixture: ReturnType<typeof buildAwsStack> } {
  const fixture = buildAwsStack({ irsa });
  return { json: JSON.parse(Testing.synth(fixture.stack, true)), fixture };
}

function ref(type: string, json: { resource: Resources }, match: RegExp): string {
  const names = Object.keys(json.resource[type]).filter((n) => match.test(n));
  expect(names).toHaveLength(1);
  return `${type}.${names[0]}`;
}

function all(json: { resource: Resources }, type: string): any[] {
  return Object.values(json.resource[type] ?? {});
}

describe('whole AWS stack', () => {
  const { json, fixture } = synthesized();

  test('should pass every synth-time validation', () => {
    expect(() => Testing.synth(buildAwsStack().stack, true)).not.toThrow();
  });

  test('should put the control plane and the controller nodes into the private subnets', () => {
    const privateSubnets = Object.keys(json.resource.aws_subnet)
      .filter((n) => /PrivateSubnet/.test(n))
      .map((n) => `\${aws_subnet.${n}.id}`);
    expect(privateSubnets).toHaveLength(3);
    const [cluster] = all(json, 'aws_eks_cluster');
    expect(cluster.vpc_config.subnet_ids.sort()).toEqual([...privateSubnets].sort());
    const [nodes] = all(json, 'aws_eks_node_group');
    expect(nodes.subnet_ids.sort()).toEqual([...privateSubnets].sort());
  });

  test('should make the node group, access entry and pod identity association wait for the cluster', () => {
    const cluster = ref('aws_eks_cluster', json, /^Cluster_/);
    const byArn = `\${element(split("/", ${cluster}.arn), 1)}`;
    expect(all(json, 'aws_eks_node_group')[0].cluster_name).toBe(byArn);
    expect(all(json, 'aws_eks_access_entry')[0].cluster_name).toBe(byArn);
    expect(all(json, 'aws_eks_pod_identity_association')[0].cluster_name).toBe(byArn);
  });

  test('should install coredns after the controller node group', () => {
    const nodeGroup = ref('aws_eks_node_group', json, /^ControllerNodes_/);
    const coreDns = all(json, 'aws_eks_addon').find((a) => a.addon_name === 'coredns');
    expect(coreDns.depends_on).toEqual([nodeGroup]);
  });

  test('should tag the same cluster name on the private subnets and the cluster security group', () => {
    expect(fixture.karpenter.clusterName).toBe(FIXTURE_CLUSTER_NAME);
    const discoverySubnets = all(json, 'aws_subnet').filter((s) => s.tags['karpenter.sh/discovery'] === FIXTURE_CLUSTER_NAME);
    expect(discoverySubnets.map((s) => s.availability_zone)).toEqual(['us-east-1a', 'us-east-1b', 'us-east-1c']);
    const cluster = ref('aws_eks_cluster', json, /^Cluster_/);
    expect(all(json, 'aws_ec2_tag')).toEqual([
      { key: 'karpenter.sh/discovery', value: FIXTURE_CLUSTER_NAME, resource_id: `\${${cluster}.vpc_config[0].cluster_security_group_id}` },
    ]);
  });

  test('should keep the controller node group role apart from the Karpenter node role', () => {
    const roles = Object.keys(json.resource.aws_iam_role).sort();
    expect(roles.map((r) => r.replace(/_[0-9A-F]{8}$/, ''))).toEqual([
      'Cluster_ClusterRole',
      'ControllerNodes_NodeRole',
      'Karpenter_ControllerRole',
      'Karpenter_NodeRole',
    ]);
    const karpenterNodeRole = ref('aws_iam_role', json, /^Karpenter_NodeRole_/);
    expect(all(json, 'aws_eks_access_entry')[0].principal_arn).toBe(`\${${karpenterNodeRole}.arn}`);
  });

  test('should share one aws_partition and one aws_region data source', () => {
    expect(Object.keys(json.data)).toEqual(['aws_partition', 'aws_region']);
    expect(Object.keys(json.data.aws_partition)).toHaveLength(1);
    expect(Object.keys(json.data.aws_region)).toHaveLength(1);
  });

  test('should match the snapshot', () => {
    expect(Testing.synth(buildAwsStack().stack)).toMatchSnapshot();
  });
});

describe('whole AWS stack with IRSA', () => {
  const { json } = synthesized(true);

  test('should trust the cluster OIDC provider in the controller role and skip the pod identity association', () => {
    const oidc = ref('aws_iam_openid_connect_provider', json, /^Cluster_OidcProvider_/);
    expect(all(json, 'aws_eks_pod_identity_association')).toEqual([]);
    const controllerRole = json.resource.aws_iam_role[ref('aws_iam_role', json, /^Karpenter_ControllerRole_/).split('.')[1]];
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
    const json = JSON.parse(Testing.synth(stack, true));
    const group = Object.entries(json.resource.aws_eks_node_group).find(([n]) => n.startsWith('Existing_'))![1] as any;
    expect(group.cluster_name).toMatch(/^\$\{element\(split\("\/", data\.aws_eks_cluster\.Existing_Cluster_[0-9A-F]+\.arn\), 1\)\}$/);
    const tags = Object.entries(json.resource.aws_ec2_tag)
      .filter(([n]) => n.startsWith('Existing_'))
      .map(([, t]) => t as any);
    expect(tags).toHaveLength(3);
    expect(tags.map((t) => [t.resource_id, t.value])).toEqual(
      expect.arrayContaining([
        ['subnet-0aaaaaaaaaaaaaaa1', 'legacy'],
        ['subnet-0aaaaaaaaaaaaaaa2', 'legacy'],
        [expect.stringMatching(/^\$\{data\.aws_eks_cluster\.Existing_Cluster_[0-9A-F]+\.vpc_config\[0\]\.cluster_security_group_id\}$/), 'legacy'],
      ]),
    );
  });
});
