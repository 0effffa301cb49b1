import { Testing } from 'cdktf';
import { buildExistingClusterApp, STACK_NAMES } from '../../examples/existing-cluster/app';
import { ExistingClusterConfig, existingClusterConfigFromEnv } from '../../examples/existing-cluster/config';
import { jsonByStack } from '../util/stacks';

const config: ExistingClusterConfig = {
  clusterName: 'legacy',
  region: 'us-east-1',
  vpcId: 'vpc-0a1b2c3d4e5f60718',
  privateSubnetIds: ['subnet-0a1b2c3d4e5f60718', 'subnet-08f7e6d5c4b3a2910'],
  createControllerNodeGroup: true,
};

function build(overrides: Partial<ExistingClusterConfig> = {}) {
  const stacks = buildExistingClusterApp(Testing.app(), { ...config, ...overrides });
  const synth = jsonByStack([stacks.aws, stacks.controller, stacks.nodePools], { validate: true });
  return { stacks, synth };
}

describe('examples/existing-cluster', () => {
  const { stacks, synth } = build();
  const aws = synth[STACK_NAMES.aws];

  test('should read the cluster instead of creating one', () => {
    expect(aws.resource.aws_eks_cluster).toBeUndefined();
    expect(Object.values<any>(aws.data.aws_eks_cluster)).toEqual([expect.objectContaining({ name: 'legacy' })]);
  });

  test('should tag the given subnets and the cluster security group for discovery, without owning them', () => {
    const tags = Object.values<any>(aws.resource.aws_ec2_tag);
    expect(tags.every((t) => t.key === 'karpenter.sh/discovery' && t.value === 'legacy')).toBe(true);
    expect(tags.map((t) => t.resource_id)).toEqual(
      expect.arrayContaining([
        'subnet-0a1b2c3d4e5f60718',
        'subnet-08f7e6d5c4b3a2910',
        expect.stringMatching(/^\$\{data\.aws_eks_cluster\.Cluster\w*\.vpc_config\[0\]\.cluster_security_group_id\}$/),
      ]),
    );
    expect(tags).toHaveLength(3);
  });

  test('should add a controller node group unless told the cluster has other capacity', () => {
    expect(Object.keys(aws.resource.aws_eks_node_group ?? {})).toHaveLength(1);
    const { synth: without } = build({ createControllerNodeGroup: false });
    expect(without[STACK_NAMES.aws].resource.aws_eks_node_group).toBeUndefined();
  });

  test('should run the controller on the controller node group, or on any node Karpenter does not manage without it', () => {
    const nodeSelector = (s: Record<string, any>) => {
      const main = Object.values<any>(s[STACK_NAMES.controller].resource.helm_release).find((r) => r.name === 'karpenter');
      return JSON.parse(main.values[0]).nodeSelector;
    };
    expect(nodeSelector(synth)).toEqual({ 'kubernetes.io/os': 'linux', 'karpenter.sh/controller': 'true' });
    // No node carries the label then, so requiring it would leave the controller Pending.
    expect(nodeSelector(build({ createControllerNodeGroup: false }).synth)).toEqual({ 'kubernetes.io/os': 'linux' });
  });

  test('should install the controller in the namespace of KARPENTER_NAMESPACE, with the FlowSchemas, from the attributes alone', () => {
    const { synth: custom } = build({ namespace: 'karpenter' });
    expect(Object.values<any>(custom[STACK_NAMES.aws].resource.aws_eks_pod_identity_association)).toEqual([
      expect.objectContaining({ namespace: 'karpenter', service_account: 'karpenter' }),
    ]);
    const controller = custom[STACK_NAMES.controller];
    expect(
      Object.values<any>(controller.resource.helm_release)
        .map((r) => [r.name, r.namespace])
        .sort(),
    ).toEqual([
      ['karpenter', 'karpenter'],
      ['karpenter-crd', 'karpenter'],
    ]);
    expect(Object.values<any>(controller.resource.kubernetes_manifest).map((m) => m.manifest.metadata.name)).toEqual([
      'karpenter-leader-election',
      'karpenter-workload',
    ]);
    expect(Object.keys(controller.provider).sort()).toEqual(['aws', 'helm', 'kubernetes']);
    // In kube-system (the default) the controller stack needs no kubernetes provider.
    expect(Object.keys(synth[STACK_NAMES.controller].provider).sort()).toEqual(['aws', 'helm']);
  });

  test('should run in the same stack order as the full example', () => {
    expect(stacks.controller.dependencies).toEqual([stacks.aws]);
    expect(stacks.nodePools.dependencies).toEqual([stacks.controller]);
  });

  test.each(Object.values(STACK_NAMES))('stack %s should match its snapshot', (name) => {
    expect(synth[name]).toMatchSnapshot();
  });
});

describe('existingClusterConfigFromEnv', () => {
  test('should read the cluster, VPC and subnets', () => {
    expect(
      existingClusterConfigFromEnv({
        KARPENTER_CLUSTER_NAME: 'legacy',
        AWS_REGION: 'us-east-1',
        KARPENTER_VPC_ID: 'vpc-1',
        KARPENTER_SUBNET_IDS: 'subnet-a, subnet-b',
        KARPENTER_CONTROLLER_NODE_GROUP: 'false',
        KARPENTER_NAMESPACE: 'karpenter',
      }),
    ).toEqual({
      clusterName: 'legacy',
      region: 'us-east-1',
      vpcId: 'vpc-1',
      privateSubnetIds: ['subnet-a', 'subnet-b'],
      createControllerNodeGroup: false,
      namespace: 'karpenter',
      backend: undefined,
    });
  });

  test('throws when the node group flag is not a boolean', () => {
    expect(() => existingClusterConfigFromEnv({ KARPENTER_CONTROLLER_NODE_GROUP: 'yes' })).toThrow(/must be 'true' or 'false', got 'yes'/);
  });
});
