// The simulation matchers and simulateStack, on docs/simulator.md's GPU example and on the full example.
import '../../lib/testing/jest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { buildFullStackApp, FullStackApp } from '../../examples/full-stack/app';
import { GeneralAndGpuPools } from '../../examples/explain-gpu/gpu-pools';
import { SpotOnDemandSplit } from '../../lib/manifests/spot-on-demand-split';
import {
  simulateStack,
  simulationInputOf,
  toAdmitInstanceTypes,
  toAdmitOnly,
  toLaunchNodeClaims,
  toSchedulePod,
  toSchedulePodOn,
} from '../../lib/testing';
import { nodeClassStack } from '../manifests/node-class-stack';

const CATEGORY = 'karpenter.k8s.aws/instance-category';
const GPU_TOLERATION = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };

function pod(name: string, spec: { requests?: Record<string, string>; tolerations?: object[]; nodeSelector?: Record<string, string> } = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ml' },
    spec: {
      containers: [{ name: 'main', image: 'busybox', resources: spec.requests ? { requests: spec.requests } : {} }],
      ...(spec.tolerations ? { tolerations: spec.tolerations } : {}),
      ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
    },
  };
}

const trainer = pod('trainer', { requests: { 'nvidia.com/gpu': '1' }, tolerations: [GPU_TOLERATION] });
const notebook = pod('notebook', { requests: { 'nvidia.com/gpu': '1' } });
const web = pod('web', { requests: { cpu: '1' } });

let stack: TerraformStack;
beforeAll(() => {
  stack = new TerraformStack(Testing.app(), 'ml');
  new GeneralAndGpuPools(stack, 'Pools', 'demo', new KubernetesProvider(stack, 'k8s', {}));
});

describe('admitted instance types', () => {
  test('toAdmitInstanceTypes passes when the pool admits every type listed, and .not when one is missing', () => {
    expect(stack).toAdmitInstanceTypes('gpu', ['g5.xlarge', 'g6.xlarge']);
    expect(stack).not.toAdmitInstanceTypes('gpu', ['g5.xlarge', 'm5.large']);
    expect(stack).toAdmitInstanceTypes('general', ['m6i.large', 'c7g.xlarge']);
  });

  test('toAdmitInstanceTypes says which types are missing and what the pool admits', () => {
    expect(() => expect(stack).toAdmitInstanceTypes('gpu', ['g5.xlarge', 'm5.large'])).toThrow(
      /Expected NodePool "gpu" to admit \[g5\.xlarge, m5\.large\], but it does not admit \[m5\.large\]; it admits \d+ types: \[g/,
    );
  });

  test('toAdmitOnly checks names or labels, and names the types outside them', () => {
    expect(stack).toAdmitOnly('gpu', { [CATEGORY]: 'g' });
    expect(stack).toAdmitOnly('general', { [CATEGORY]: ['c', 'm', 'r'] });
    expect(stack).not.toAdmitOnly('general', { [CATEGORY]: ['c', 'm'] });
    expect(() => expect(stack).toAdmitOnly('general', { [CATEGORY]: ['c', 'm'] })).toThrow(
      /Expected NodePool "general" to admit only types with \{"karpenter\.k8s\.aws\/instance-category":\["c","m"\]\}, but it also admits \[r/,
    );
    expect(() => expect(stack).toAdmitOnly('gpu', ['g5.xlarge'])).toThrow(/but it also admits \[g/);
  });

  test('an unknown pool name fails with the names there are', () => {
    expect(() => expect(stack).toAdmitInstanceTypes('gpus', ['g5.xlarge'])).toThrow(
      'The stack has no NodePool named "gpus"; its NodePools: "general", "gpu".',
    );
    expect(toAdmitOnly(stack, 'gpus', []).pass).toBe(false);
  });
});

describe('where pods go', () => {
  test('toSchedulePodOn passes for the pool the pod lands on, and says where it went otherwise', () => {
    expect(stack).toSchedulePodOn(trainer, 'gpu');
    expect(stack).toSchedulePodOn(web, 'general');
    expect(stack).not.toSchedulePodOn(web, 'gpu');
    expect(() => expect(stack).toSchedulePodOn(web, 'gpu')).toThrow(
      /Expected pod ml\/web to land on NodePool "gpu", but:\n {2}ml\/web: lands on NodeClaim general-0 of NodePool "general" \(round 1, zone any, capacity type spot; \[/,
    );
  });

  test('a pending pod: .not.toSchedulePod passes, and toSchedulePod fails with Karpenter’s reason and the pools', () => {
    expect(stack).not.toSchedulePod(notebook);
    expect(() => expect(stack).toSchedulePod(notebook)).toThrow(
      /ml\/notebook: stays pending: .*did not tolerate taint \(taint=nvidia\.com\/gpu=true:NoSchedule\)/,
    );
    expect(() => expect(stack).toSchedulePod(notebook)).toThrow(/NodePools: "general" admits \d+ types, "gpu" admits \d+ types\./);
    expect(() => expect(stack).toSchedulePodOn(pod('huge', { requests: { 'nvidia.com/gpu': '16' }, tolerations: [GPU_TOLERATION] }), 'gpu')).toThrow(
      /stays pending for good: .*no instance type has enough resources/,
    );
  });

  test('every pod of a Deployment must land on the pool', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'inference', namespace: 'ml' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'inference' } },
        template: { metadata: { labels: { app: 'inference' } }, spec: trainer.spec },
      },
    };
    expect(stack).toSchedulePodOn(deployment, 'gpu');
    expect(() => expect(stack).not.toSchedulePodOn(deployment, 'gpu')).toThrow(/the pods of Deployment ml\/inference not to land on NodePool "gpu"/);
  });

  test('other pods of the batch are simulated with it (options.pods)', () => {
    const result = toSchedulePodOn(stack, web, 'general', { pods: [trainer, notebook] });
    expect(result.pass).toBe(true);
  });

  test('the plain functions work without jest: simulateStack, simulationInputOf, the matcher functions', () => {
    const input = simulationInputOf(stack, { pods: [trainer] });
    expect(input.nodePools.map((p: any) => p.metadata.name)).toEqual(['general', 'gpu']);
    expect(input.nodeClasses.map((c: any) => c.metadata.name)).toEqual(['default']);

    const result = simulateStack(stack, { pods: [trainer, notebook] });
    expect(result.pods.map((p) => [p.name, p.schedulable, p.nodePool])).toEqual([
      ['trainer', true, 'gpu'],
      ['notebook', false, undefined],
    ]);
    expect(toSchedulePod(stack, notebook).pass).toBe(false);
    expect(toAdmitInstanceTypes(stack, 'gpu', ['g5.xlarge']).pass).toBe(true);
  });
});

describe('on the full example', () => {
  let example: FullStackApp;
  beforeAll(() => {
    example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  });

  test('its pools admit what their requirements say', () => {
    expect(example.nodePools).toAdmitOnly('reserved', { 'karpenter.k8s.aws/instance-family': ['m7i', 'c7i'] });
    expect(example.nodePools).toAdmitOnly('app', { 'kubernetes.io/arch': 'amd64' });
    expect(example.nodePools).toAdmitInstanceTypes('web-spot', ['m6i.large', 'c7i.xlarge']);
  });

  test('a plain pod goes to the heaviest pool; batch pods that tolerate its taint and outgrow reserved go to batch', () => {
    expect(example.nodePools).toSchedulePodOn(pod('api', { requests: { cpu: '1' } }), 'reserved');
    const batch = pod('etl', { requests: { cpu: '100' }, tolerations: [{ key: 'role', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }] });
    expect(example.nodePools).toSchedulePodOn(batch, 'batch');
    const site = simulateStack(example.nodePools, { pods: [pod('site', { nodeSelector: { 'example.com/workload': 'web' } })] }).pods[0];
    expect(site).toMatchObject({ schedulable: true, nodePool: expect.stringMatching(/^web-(spot|on-demand)$/) });
  });
});

describe('placements and NodeClaims (zone, capacity type, existing nodes)', () => {
  // Issue #22's split: SpotOnDemandSplit spreads over its capacity-spread label, 4 spot values to 1 on-demand.
  let split: TerraformStack;
  let constraint: Record<string, unknown>;
  beforeAll(() => {
    const { stack: s, nodeClass } = nodeClassStack();
    new KubernetesProvider(s, 'k8s', {});
    // No limits: Karpenter's pessimistic limit accounting (each NodeClaim counts as its largest option) is not under test.
    const pools = new SpotOnDemandSplit(s, 'Web', { namePrefix: 'web', nodeClass, ratio: { spot: 4, onDemand: 1 } });
    constraint = pools.spreadConstraint({ app: 'web' });
    split = s;
  });
  const replicas = (n: number) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      replicas: n,
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', resources: { requests: { cpu: '500m' } } }], topologySpreadConstraints: [constraint] },
      },
    },
  });
  const node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: 'ip-10-0-1-17',
      labels: {
        'kubernetes.io/hostname': 'ip-10-0-1-17',
        'topology.kubernetes.io/zone': 'us-east-1a',
        'karpenter.sh/nodepool': 'web-on-demand',
        'karpenter.sh/initialized': 'true',
        'karpenter.sh/capacity-type': 'on-demand',
        'capacity-spread': '1',
      },
    },
    status: { allocatable: { cpu: '1930m', memory: '7Gi', pods: '29' }, capacity: { cpu: '2', memory: '8Gi', pods: '29' } },
  };

  test('toLaunchNodeClaims: ten replicas give one NodeClaim per spread value, 2 pods each, by pool and capacity type', () => {
    expect(split).toLaunchNodeClaims(5, { pods: [replicas(10)] });
    expect(split).toLaunchNodeClaims(
      [
        { nodePool: 'web-on-demand', capacityType: 'on-demand', labels: { 'capacity-spread': '1' }, pods: 2 },
        ...['2', '3', '4', '5'].map((v) => ({ nodePool: 'web-spot', capacityType: 'spot', labels: { 'capacity-spread': v }, pods: 2 })),
      ],
      { pods: [replicas(10)] },
    );
    expect(split).not.toLaunchNodeClaims([{ nodePool: 'web-spot', pods: 10 }], { pods: [replicas(10)] });
  });

  test('its message lists each NodeClaim with pool, zone, capacity type, pods and domain', () => {
    const r = toLaunchNodeClaims(split, 3, { pods: [replicas(10)] });
    expect(r.pass).toBe(false);
    expect(r.message()).toContain('Expected the batches (settled in 1 round) to launch 3 NodeClaims. It launches: \n');
    expect(r.message()).toMatch(
      / {2}web-spot-\d: round 1, NodePool "web-spot", zone any, capacity type spot, launched as \S+, 2 pods, capacity-spread=\d/,
    );
  });

  test('with a running node: pods fill it first (toSchedulePodOn with node), the rest launch four spot NodeClaims', () => {
    const options = { nodes: [node] };
    const one = { ...replicas(1), kind: 'Pod', metadata: { name: 'solo', namespace: 'shop', labels: { app: 'web' } } };
    (one as Record<string, unknown>).spec = replicas(1).spec.template.spec;
    expect(split).toSchedulePodOn(one, { node: 'ip-10-0-1-17', zone: 'us-east-1a', capacityType: 'on-demand' }, options);
    expect(split).toLaunchNodeClaims(4, { ...options, pods: [replicas(10)] });
    expect(split).toLaunchNodeClaims(
      ['2', '3', '4', '5'].map((v) => ({ capacityType: 'spot', labels: { 'capacity-spread': v } })),
      { ...options, pods: [replicas(10)] },
    );
  });

  test('toSchedulePodOn with a placement: pool and capacity type must both hold, and the message says where pods went', () => {
    expect(split).toSchedulePodOn(replicas(2), { capacityType: 'spot' }, { zones: ['us-east-1a'] });
    const r = toSchedulePodOn(split, replicas(10), { nodePool: 'web-spot', capacityType: 'spot' });
    expect(r.pass).toBe(false);
    expect(r.message()).toContain('to land on NodePool "web-spot", on spot capacity, but:');
    expect(r.message()).toMatch(
      /shop\/web-\d: lands on NodeClaim web-on-demand-0 of NodePool "web-on-demand" \(round 1, zone any, capacity type on-demand;/,
    );
    expect(r.message()).toContain('NodeClaims of the batches (settled in 1 round):\n');
  });

  // Four replicas that may not share a zone: one per batch while the first NodeClaim's zone is open.
  const apart = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'api', namespace: 'shop' },
    spec: {
      replicas: 4,
      template: {
        metadata: { labels: { app: 'api' } },
        spec: {
          containers: [{ name: 'api', resources: { requests: { cpu: '1' } } }],
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchLabels: { app: 'api' } } },
              ],
            },
          },
        },
      },
    },
  };
  const zones = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

  test("toLaunchNodeClaims settles by default (three rounds, one zone each); rounds: 1 is Karpenter's one batch", () => {
    expect(split).toLaunchNodeClaims(
      zones.map((zone) => ({ zone, pods: 1 })),
      { pods: [apart], zones },
    );
    expect(split).toLaunchNodeClaims(1, { pods: [apart], zones, rounds: 1 });
    const r = toLaunchNodeClaims(split, 4, { pods: [apart], zones });
    expect(r.message()).toContain('Expected the batches (settled in 3 rounds) to launch 4 NodeClaims. It launches: \n');
    expect(r.message()).toMatch(/ {2}web-\S+-\d: round 3, NodePool "web-\S+", zone us-east-1c, capacity type \S+, launched as \S+, 1 pod/);
    expect(r.message()).toContain('\n1 pod stay pending for good.');
  });

  test('toSchedulePodOn: the message says the round each pod was placed in, or that it stays pending for good', () => {
    const r = toSchedulePodOn(split, apart, { zone: 'us-east-1a' }, { zones });
    expect(r.pass).toBe(false);
    expect(r.message()).toMatch(/shop\/api-1: lands on NodeClaim \S+ of NodePool "\S+" \(round 2, zone us-east-1b,/);
    expect(r.message()).toMatch(/shop\/api-3: stays pending for good: .*anti-affinity/);
    const capped = toSchedulePodOn(split, apart, { zone: 'us-east-1a' }, { zones, rounds: 2 });
    expect(capped.message()).toMatch(/shop\/api-3: is still pending after 2 rounds: /);
    // rounds: 1 is one batch, and says so as before.
    const one = toSchedulePodOn(split, apart, { zone: 'us-east-1a' }, { zones, rounds: 1 }).message();
    expect(one).toContain('NodeClaims of the batch:\n');
    expect(one).toMatch(/shop\/api-1: is still pending after 1 round: /);
  });
});
