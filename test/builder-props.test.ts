// Issue #16 item 7: every prop typed as a builder class, given a plain value from JavaScript. None may render
// `null` or throw: an unambiguous string is read as the builder would build it, anything else fails synth
// naming the prop, what was given and the builder to use.
import * as fs from 'fs';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { IConstruct } from 'constructs';
import { EksCluster } from '../lib/aws/eks-cluster';
import { KarpenterControllerRole } from '../lib/aws/karpenter-controller-role';
import { ClusterProviders } from '../lib/controller/cluster-providers';
import { KarpenterController } from '../lib/controller/karpenter-controller';
import { Budget, Disruption } from '../lib/core/api/node-pool-definition';
import { Quantity } from '../lib/core/model/quantity-builder';
import { Ec2NodeClass } from '../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../lib/manifests/karpenter-node-pool';
import { FAKE_CLUSTER } from './fixtures/cluster';
import { NODE_CLASS_PROPS } from './manifests/node-class-stack';
import { synthErrorLines } from './private/at-synth';
import { KARPENTER_ATTRIBUTES } from './util/karpenter-attributes';
import { newAwsStack, resourcesOf } from './util/stacks';

type Build = (stack: TerraformStack, value: any) => IConstruct;

const NETWORK = {
  vpcId: 'vpc-0123456789abcdef0',
  privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
  publicSubnetIds: [],
  securityGroupIds: [],
};
const LIMITS = { cpu: Quantity.cpu(10) };
const cluster: Build = (s, v) => new EksCluster(s, 'X', { clusterName: 'demo', network: NETWORK, coreAddons: false, ...v });
const controller: Build = (s, v) => new KarpenterController(s, 'X', { karpenter: KARPENTER_ATTRIBUTES, ...v });
const role: Build = (s, v) =>
  new KarpenterControllerRole(s, 'X', {
    cluster: FAKE_CLUSTER,
    nodeRoleArn: 'arn:aws:iam::123456789012:role/n',
    interruptionQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:q',
    ...v,
  });
const providers: Build = (s, v) => new ClusterProviders(s, 'X', { clusterName: 'demo', region: 'eu-west-1', ...v });
const pool: Build = (s, v) => new KarpenterNodePool(s, 'X', { name: 'p', nodeClass: Ec2NodeClass.fromName('default'), limits: LIMITS, ...v });
const nodeClass: Build = (s, v) => new Ec2NodeClass(s, 'X', { ...NODE_CLASS_PROPS, ...v });

/** [prop, builder, build with the value at the prop, a wrong value, an accepted string and where it is rendered]. */
const PROPS: [string, string, Build, (v: unknown) => unknown, unknown, [string, (s: TerraformStack) => unknown]?][] = [
  ['version', 'KubernetesVersion', cluster, (v) => ({ version: v }), 1.29, ['1.33', (s) => resourcesOf(s, 'aws_eks_cluster')[0].version]],
  ['secretsEncryption', 'SecretsEncryption', cluster, (v) => ({ secretsEncryption: v }), 'aws-owned'],
  ['version', 'KarpenterVersion', controller, (v) => ({ version: v }), 1.14, ['1.14.1', (s) => resourcesOf(s, 'helm_release')[0].version]],
  ['registry', 'KarpenterRegistry', controller, (v) => ({ registry: v }), 'public.ecr.aws/karpenter'],
  ['placement', 'ControllerPlacement', controller, (v) => ({ placement: v }), 'controller-nodes'],
  ['identity', 'ControllerIdentity', role, (v) => ({ identity: v }), 'pod-identity'],
  ['auth', 'ClusterAuth', providers, (v) => ({ auth: v }), 'exec'],
  ['requirements[0]', 'Requirement', pool, (v) => ({ requirements: [v] }), { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }],
  ['requirements', 'list of Requirement', pool, (v) => ({ requirements: v }), 'kubernetes.io/arch=arm64'],
  ['expireAfter', 'KarpenterDuration', pool, (v) => ({ expireAfter: v }), 3600, ['720h', (s) => manifestOf(s).spec.template.spec.expireAfter]],
  [
    'terminationGracePeriod',
    'KarpenterDuration',
    pool,
    (v) => ({ terminationGracePeriod: v }),
    60,
    ['1h', (s) => manifestOf(s).spec.template.spec.terminationGracePeriod],
  ],
  ['disruption', 'Disruption', pool, (v) => ({ disruption: v }), { consolidationPolicy: 'WhenEmpty' }],
  [
    'disruption.consolidateAfter',
    'KarpenterDuration',
    pool,
    (v) => ({ disruption: Disruption.whenEmpty({ consolidateAfter: v as any }) }),
    30,
    ['5m', (s) => manifestOf(s).spec.disruption.consolidateAfter],
  ],
  ['disruption.budgets[0]', 'Budget', pool, (v) => ({ disruption: Disruption.whenEmpty({ budgets: [v as any] }) }), { nodes: '10%' }],
  [
    'disruption.budgets[0].duration',
    'KarpenterDuration',
    pool,
    (v) => ({ disruption: Disruption.whenEmpty({ budgets: [Budget.nodes(0).during('@daily', v as any)] }) }),
    60,
    ['1h', (s) => manifestOf(s).spec.disruption.budgets[0].duration],
  ],
  ['limits.cpu', 'Quantity', pool, (v) => ({ limits: { cpu: v } }), 100, ['100', (s) => manifestOf(s).spec.limits.cpu]],
  ['limits.memory', 'Quantity', pool, (v) => ({ limits: { memory: v } }), 64, ['64Gi', (s) => manifestOf(s).spec.limits.memory]],
  [
    'limits.ephemeralStorage',
    'Quantity',
    pool,
    (v) => ({ limits: { ephemeralStorage: v } }),
    1,
    ['1Ti', (s) => manifestOf(s).spec.limits['ephemeral-storage']],
  ],
  [
    'limits.resources["nvidia.com/gpu"]',
    'Quantity',
    pool,
    (v) => ({ limits: { resources: { 'nvidia.com/gpu': v } } }),
    8,
    ['8', (s) => manifestOf(s).spec.limits['nvidia.com/gpu']],
  ],
  [
    'deleteTimeout',
    'KarpenterDuration',
    pool,
    (v) => ({ deleteTimeout: v }),
    7200,
    ['2h', (s) => resourcesOf(s, 'kubernetes_manifest')[0].timeouts.delete],
  ],
  ['amiSelectorTerms[0]', 'AmiSelectorTerm', nodeClass, (v) => ({ amiSelectorTerms: [v] }), { alias: 'al2023@latest' }],
  ['subnetSelectorTerms[0]', 'SubnetSelectorTerm', nodeClass, (v) => ({ subnetSelectorTerms: [v] }), { tags: { 'karpenter.sh/discovery': 'demo' } }],
  ['securityGroupSelectorTerms[0]', 'SecurityGroupSelectorTerm', nodeClass, (v) => ({ securityGroupSelectorTerms: [v] }), 'sg-0123456789abcdef0'],
  [
    'capacityReservationSelectorTerms[0]',
    'CapacityReservationSelectorTerm',
    nodeClass,
    (v) => ({ capacityReservationSelectorTerms: [v] }),
    { id: 'cr-0123456789abcdef0' },
  ],
  ['placementGroupSelector', 'PlacementGroupSelector', nodeClass, (v) => ({ placementGroupSelector: v }), 'my-group'],
  [
    'kubelet.evictionSoftGracePeriod["memory.available"]',
    'KarpenterDuration',
    nodeClass,
    (v) => ({ kubelet: { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': v } } }),
    60,
    ['1m', (s) => manifestOf(s).spec.kubelet.evictionSoftGracePeriod['memory.available']],
  ],
  [
    'kubelet.kubeReserved.cpu',
    'Quantity',
    nodeClass,
    (v) => ({ kubelet: { kubeReserved: { cpu: v } } }),
    0.1,
    ['100m', (s) => manifestOf(s).spec.kubelet.kubeReserved.cpu],
  ],
  [
    'kubelet.systemReserved.memory',
    'Quantity',
    nodeClass,
    (v) => ({ kubelet: { systemReserved: { memory: v } } }),
    512,
    ['512Mi', (s) => manifestOf(s).spec.kubelet.systemReserved.memory],
  ],
  [
    'blockDeviceMappings[0].ebs.volumeSize',
    'Quantity',
    nodeClass,
    (v) => ({ blockDeviceMappings: [{ deviceName: '/dev/xvda', ebs: { volumeSize: v } }] }),
    100,
    ['100Gi', (s) => manifestOf(s).spec.blockDeviceMappings[0].ebs.volumeSize],
  ],
];

function manifestOf(stack: TerraformStack): any {
  return resourcesOf(stack, 'kubernetes_manifest')[0].manifest;
}

function stackFor(): TerraformStack {
  const stack = newAwsStack();
  new KubernetesProvider(stack, 'Kubernetes');
  return stack;
}

describe.each(PROPS)('%s (%s)', (prop, builder, build, at, wrong, accepted) => {
  test('a value of the wrong type fails synth naming the prop, what was given and the builder; nothing renders null', () => {
    const stack = stackFor();
    const construct = build(stack, at(wrong));
    expect(JSON.stringify(Testing.synth(stack))).not.toMatch(/:null\b/);
    const lines = synthErrorLines(() => construct);
    const given = typeof wrong === 'string' ? `string ${JSON.stringify(wrong)}` : typeof wrong === 'number' ? `number ${wrong}` : 'a plain object';
    expect(lines).toContainEqual(expect.stringContaining(`[test/X] ${prop}: expects a ${builder}, got ${given}`));
    expect(lines.find((l) => l.includes('WrongBuilderType'))).toMatch(/; use .+\(WrongBuilderType\)$/);
  });

  if (accepted) {
    test(`the string ${JSON.stringify(accepted[0])} is read as the builder would build it`, () => {
      const stack = stackFor();
      const construct = build(stack, at(accepted[0]));
      expect(synthErrorLines(() => construct)).toEqual([]);
      expect(accepted[1](stack)).toBe(accepted[0]);
    });
  }
});

test('a malformed string is reported like the builder reports it, with the prop', () => {
  const stack = stackFor();
  expect(synthErrorLines(() => pool(stack, { expireAfter: '30 minutes' }))).toEqual([
    expect.stringMatching(/^\[test\/X\] expireAfter: KarpenterDuration\.parse: "30 minutes" is not a Karpenter duration.*\(InvalidDuration\)$/),
  ]);
  expect(synthErrorLines(() => cluster(stackFor(), { version: '1.29' }))).toEqual([
    expect.stringMatching(
      /^\[test\/X\] version: KubernetesVersion\.of: Kubernetes 1\.29 is outside the range Karpenter 1\.14 supports.*\(UnsupportedKubernetesVersion\)$/,
    ),
  ]);
});

test('the table covers every prop typed as a builder class', () => {
  // Builder classes are those with a *_BUILDER kind; props are `readonly name?: ...Class...` in lib (not plan outputs).
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const sources = files(path.join(__dirname, '..', 'lib')).filter((f) => f.endsWith('.ts'));
  const text = sources.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const classes = [...text.matchAll(/export const \w+_BUILDER(?:: BuilderKind<(\w+)>| = term<(\w+)>)/g)].map((m) => m[1] ?? m[2]);
  expect(classes.length).toBeGreaterThanOrEqual(15);
  const props = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^\s+readonly (\w+)\??: (.*)$/.exec(line);
    if (m && classes.some((c) => new RegExp(`\\b${c}\\b`).test(m[2]))) props.add(m[1]);
  }
  // Not props a user sets: resolved plan outputs, and the version ControllerNodeGroup takes from its EksCluster.
  for (const internal of ['clusterVersion', 'identity', 'version', 'registry']) {
    if (PROPS.some(([p]) => p === internal)) continue;
    props.delete(internal);
  }
  const covered = new Set(PROPS.flatMap(([p]) => p.split(/[.[\]"]+/).filter((s) => s !== '')));
  expect([...props].filter((p) => !covered.has(p))).toEqual([]);
});
