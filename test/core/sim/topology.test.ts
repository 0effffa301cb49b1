// Unit tests of the topology modules: label selectors, topology groups, the cluster reader, and the engine
// behaviour they give (spread over any key, minDomains, node inclusion policies, inverse anti-affinity).
import { readCluster } from '../../../lib/core/sim/cluster-state';
import { PodResult, runSimulation, simulateProvisioning, SimulationInput } from '../../../lib/core/sim';
import { counts, parseLabelSelector, selects, withMatchLabelKeys } from '../../../lib/core/sim/selectors';
import { deployment, nodeClass, nodePool, pod, req } from './fixtures';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const ZONE = 'topology.kubernetes.io/zone';

function sim(input: Partial<SimulationInput>) {
  return simulateProvisioning({ nodePools: [nodePool('default')], nodeClasses: [nodeClass('default')], pods: [], ...input });
}

const spreadOn = (topologyKey: string, extra: Record<string, unknown> = {}) => ({
  topologySpreadConstraints: [
    { topologyKey, maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, ...extra },
  ],
});

const countBy = (pods: readonly PodResult[], f: (p: PodResult) => string | undefined) => {
  const out: Record<string, number> = {};
  for (const p of pods) {
    const k = f(p) ?? '?';
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
};

const zoneNode = (name: string, zone: string, extra: Record<string, string> = {}) => ({
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, [ZONE]: zone, ...extra } },
  status: { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } },
});

describe('label selectors', () => {
  test('nil selects no pod but counts every existing pod; {} selects all; an invalid one nothing', () => {
    const nil = parseLabelSelector(undefined).selector;
    expect(selects(nil, { app: 'x' })).toBe(false);
    expect(counts(nil, { app: 'x' })).toBe(true);
    const all = parseLabelSelector({}).selector;
    expect(selects(all, {})).toBe(true);
    for (const raw of [
      { matchExpressions: [{ key: 'a', operator: 'Equals', values: ['x'] }] },
      { matchExpressions: [{ key: 'a', operator: 'In' }] },
      { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] },
      { matchLabels: { a: 1 } },
      'app=web',
    ]) {
      const { selector, error } = parseLabelSelector(raw);
      expect(error).toBeDefined();
      expect(selects(selector, { a: 'x' })).toBe(false);
      expect(counts(selector, { a: 'x' })).toBe(false);
    }
  });

  test('operators, and matchLabelKeys adds the pod’s own values', () => {
    const s = parseLabelSelector({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'NotIn', values: ['db'] },
        { key: 'team', operator: 'Exists' },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    }).selector;
    expect(selects(s, { app: 'web', team: 'a' })).toBe(true);
    expect(selects(s, { app: 'web', team: 'a', tier: 'db' })).toBe(false);
    expect(selects(s, { app: 'web' })).toBe(false);
    expect(selects(s, { app: 'web', team: 'a', legacy: '' })).toBe(false);
    const keyed = withMatchLabelKeys(s, ['rev', 'absent'], { rev: '2' });
    expect(selects(keyed, { app: 'web', team: 'a', rev: '2' })).toBe(true);
    expect(selects(keyed, { app: 'web', team: 'a', rev: '1' })).toBe(false);
    expect(keyed.signature).not.toBe(s.signature);
  });
});

describe('the cluster reader', () => {
  test('initialized nodes first, then by name; a NodeClaim of a given Node is that Node; ephemeral taints shed while uninitialized', () => {
    const node = (name: string, labels: Record<string, string>, taints: unknown[] = []) => ({
      kind: 'Node',
      metadata: { name, labels },
      spec: { taints },
      status: { allocatable: { cpu: '2', pods: '10' } },
    });
    const r = readCluster(
      [
        node('b', { 'karpenter.sh/nodepool': 'p', 'karpenter.sh/initialized': 'true' }),
        node('a', { 'karpenter.sh/nodepool': 'p' }, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]),
        node('c', {}),
      ],
      [
        { kind: 'NodeClaim', metadata: { name: 'a-claim' }, status: { nodeName: 'a', allocatable: { cpu: '2' } } },
        { kind: 'NodeClaim', metadata: { name: 'inflight', labels: { 'karpenter.sh/nodepool': 'p' } }, status: { allocatable: { cpu: '4' } } },
        { kind: 'NodeClaim', metadata: { name: 'unlaunched' } },
      ],
    );
    expect(r.nodes.map((n) => n.name)).toEqual(['b', 'c', 'a', 'inflight']);
    expect(r.nodes.find((n) => n.name === 'a')!.taints).toEqual([]);
    expect(r.nodes.find((n) => n.name === 'inflight')).toMatchObject({ hasNode: false, nodePool: 'p', capacity: { cpu: 4000, nodes: 1 } });
    expect(r.problems.map((p) => p.code)).toEqual(['SimNodeClaimNotLaunched']);
  });
});

describe('topology in the engine', () => {
  test('zone spread counts bound pods on existing nodes: new pods go to the emptier zones', () => {
    const nodes = [zoneNode('n-a', 'us-east-1a'), zoneNode('n-b', 'us-east-1b')];
    const bound = [
      pod('old-0', { cpu: '900m' }, { nodeName: 'n-a' }, { app: 'web' }),
      pod('old-1', { cpu: '900m' }, { nodeName: 'n-b' }, { app: 'web' }),
    ];
    const r = sim({ nodes, zones: ZONES, pods: [...bound, deployment('web', 1, { cpu: '100m' }, spreadOn(ZONE))] });
    const web = r.pods.find((p) => p.name === 'web-0')!;
    expect(web).toMatchObject({ schedulable: true, zone: 'us-east-1c' });
    expect(r.nodeClaims![0].labels[ZONE]).toBe('us-east-1c');
  });

  test('minDomains: fewer domains than asked make the global minimum 0', () => {
    const pools = [nodePool('default', [req(ZONE, 'In', 'us-east-1a')])];
    const without = sim({ nodePools: pools, zones: ZONES, pods: [deployment('web', 3, { cpu: '100m' }, spreadOn(ZONE))] });
    // One domain: its count is also the minimum, so every replica fits in it.
    expect(without.pods.every((p) => p.schedulable)).toBe(true);
    const withMin = sim({ nodePools: pools, zones: ZONES, pods: [deployment('web', 3, { cpu: '100m' }, spreadOn(ZONE, { minDomains: 3 }))] });
    expect(withMin.pods.filter((p) => p.schedulable)).toHaveLength(1);
    expect(withMin.pods.find((p) => !p.schedulable)!.reason).toContain('unsatisfiable topology constraint for topology spread');
  });

  test('nodeTaintsPolicy Honor leaves out the domains of pools the pod does not tolerate', () => {
    const pools = [
      nodePool('open', [req(ZONE, 'In', 'us-east-1a')]),
      nodePool('tainted', [req(ZONE, 'In', 'us-east-1b')], { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] }),
    ];
    const ignore = sim({ nodePools: pools, zones: ZONES, pods: [deployment('web', 2, { cpu: '100m' }, spreadOn(ZONE))] });
    // Ignore (default): the tainted pool's zone is an empty domain, so the second replica cannot go to 1a.
    expect(ignore.pods.filter((p) => p.schedulable)).toHaveLength(1);
    const honor = sim({
      nodePools: pools,
      zones: ZONES,
      pods: [deployment('web', 2, { cpu: '100m' }, spreadOn(ZONE, { nodeTaintsPolicy: 'Honor' }))],
    });
    expect(honor.pods.every((p) => p.schedulable)).toBe(true);
  });

  test('nodeAffinityPolicy: nodes the pod cannot select add no domain under Honor', () => {
    const nodes = [zoneNode('other', 'us-east-1b', { team: 'b' })];
    const pools = [nodePool('default', [req(ZONE, 'In', 'us-east-1a')], { labels: { team: 'a' } })];
    const spec = (policy: string) => ({ nodeSelector: { team: 'a' }, ...spreadOn(ZONE, { nodeAffinityPolicy: policy }) });
    const honor = sim({ nodes, nodePools: pools, zones: ZONES, pods: [deployment('web', 3, { cpu: '100m' }, spec('Honor'))] });
    expect(honor.pods.every((p) => p.schedulable)).toBe(true);
    const ignore = sim({ nodes, nodePools: pools, zones: ZONES, pods: [deployment('web', 3, { cpu: '100m' }, spec('Ignore'))] });
    expect(ignore.pods.filter((p) => p.schedulable)).toHaveLength(1);
  });

  test('a nil labelSelector spreads nothing; an empty one spreads every pod of the namespace', () => {
    const nil = { topologySpreadConstraints: [{ topologyKey: ZONE, maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }] };
    const r = sim({ zones: ZONES, pods: [deployment('web', 2, { cpu: '100m' }, nil)] });
    expect(new Set(r.pods.map((p) => p.nodeClaim)).size).toBe(1);
    const empty = {
      topologySpreadConstraints: [{ topologyKey: 'kubernetes.io/hostname', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} }],
    };
    // `other` (queued first, larger) counts for the {} selector, so no replica joins it.
    const e = sim({ pods: [deployment('web', 2, { cpu: '100m' }, empty), pod('other', { cpu: '200m' })] });
    expect(new Set(e.pods.map((p) => p.nodeClaim)).size).toBe(3);
  });

  test('ScheduleAnyway holds until relaxation drops it', () => {
    const anyway = {
      topologySpreadConstraints: [
        { topologyKey: ZONE, maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } },
      ],
    };
    const pools = [nodePool('default', [req(ZONE, 'In', 'us-east-1a', 'us-east-1b')])];
    const r = sim({ nodePools: pools, zones: ZONES, pods: [deployment('web', 4, { cpu: '100m' }, anyway)] });
    expect(r.pods.every((p) => p.schedulable)).toBe(true);
    expect(countBy(r.pods, (p) => p.zone)).toEqual({ 'us-east-1a': 2, 'us-east-1b': 2 });
  });

  test('a bound pod’s required anti-affinity keeps selected pods off its node (inverse anti-affinity)', () => {
    const nodes = [zoneNode('n1', 'us-east-1a')];
    const guard = pod(
      'guard',
      { cpu: '100m' },
      {
        nodeName: 'n1',
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } },
            ],
          },
        },
      },
    );
    const r = sim({ nodes, pods: [guard, pod('web', { cpu: '100m' }, {}, { app: 'web' }), pod('free', { cpu: '100m' })] });
    expect(r.pods.find((p) => p.name === 'web')!.nodeClaim).toBe('default-0');
    expect(r.pods.find((p) => p.name === 'free')!.node).toBe('n1');
  });

  test('zone topology without zones or any zone domain is left out and said on the pod', () => {
    const r = sim({ pods: [deployment('web', 2, { cpu: '100m' }, spreadOn(ZONE))] });
    expect(r.pods.every((p) => p.schedulable)).toBe(true);
    expect(r.pods[0].notModelled).toEqual([`topology spread on ${ZONE} (no zones are known: give the cluster's zones)`]);
    expect(r.assumptions.some((a) => a.startsWith('Zones are not known'))).toBe(true);
  });

  test('an in-flight NodeClaim takes pods after initialized nodes and before new NodeClaims', () => {
    const claim = {
      kind: 'NodeClaim',
      metadata: { name: 'default-abc', labels: { 'karpenter.sh/nodepool': 'default', [ZONE]: 'us-east-1b' } },
      status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
    };
    const r = sim({ nodes: [zoneNode('n1', 'us-east-1a')], nodeClaims: [claim], pods: [pod('a', { cpu: '800m' }), pod('b', { cpu: '800m' })] });
    expect(r.pods.map((p) => p.node)).toEqual(['n1', 'default-abc']);
    expect(r.pods[1].zone).toBe('us-east-1b');
    expect(r.nodeClaims).toEqual([]);
  });
});

test('hostile cluster input is an issue, never a throw', () => {
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
    },
  );
  const r = runSimulation({
    nodePools: [nodePool('default')],
    nodeClasses: [nodeClass('default')],
    pods: [pod('p', { cpu: '100m' })],
    nodes: [hostile],
    nodeClaims: [hostile, 7],
    namespaces: [hostile],
  });
  expect(r.result.pods[0].schedulable).toBe(true);
  expect(r.issues.some((i) => i.code === 'SimInvalidObject')).toBe(true);
  // One unreadable Node costs only itself.
  const good = { kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '5' } } };
  const mixed = runSimulation({ nodePools: [], nodeClasses: [], pods: [pod('p', { cpu: '100m' })], nodes: [hostile, good] });
  expect(mixed.result.pods[0].node).toBe('n1');
  expect(mixed.issues.map((i) => i.field)).toContain('nodes[0]');
});

test('nodeClaims: one per new NodeClaim, options in the pods’ order (cheapest first), labels fixed to one value', () => {
  const pools = [nodePool('default', [req(ZONE, 'In', 'us-east-1a'), req('karpenter.sh/capacity-type', 'In', 'spot')], { labels: { team: 'a' } })];
  const r = sim({ nodePools: pools, zones: ZONES, pods: [deployment('web', 2, { cpu: '100m' })] });
  expect(r.nodeClaims).toHaveLength(1);
  const [c] = r.nodeClaims!;
  expect(Object.keys(c).sort()).toEqual(['instanceTypes', 'labels', 'name', 'nodePool', 'pods']);
  expect(c).toMatchObject({ name: 'default-0', nodePool: 'default', pods: ['default/web-0', 'default/web-1'] });
  expect(c.labels).toMatchObject({ [ZONE]: 'us-east-1a', 'karpenter.sh/capacity-type': 'spot', team: 'a', 'karpenter.sh/nodepool': 'default' });
  expect(c.labels['kubernetes.io/hostname']).toBeUndefined();
  expect(c.instanceTypes).toEqual(r.pods[0].instanceTypes);
  expect(r.pods[0]).toMatchObject({ zone: 'us-east-1a', capacityType: 'spot', requests: { cpu: 100, pods: 1 } });
});

test('an unbound DaemonSet pod is ignored, as Karpenter ignores it (podutil IsProvisionable)', () => {
  const ds = {
    ...pod('ds-abc', { cpu: '100m' }),
    metadata: { name: 'ds-abc', namespace: 'default', ownerReferences: [{ kind: 'DaemonSet', name: 'ds', apiVersion: 'apps/v1' }] },
  };
  const r = sim({ pods: [ds] });
  expect(r.pods[0]).toMatchObject({ schedulable: false, ignored: true });
  expect(r.nodeClaims).toEqual([]);
});

test('namespaceSelector: Namespace objects give labels; a namespace without one carries only its name label, and is said', () => {
  const anti = (ns: string, name: string) => ({
    ...pod(
      name,
      { cpu: '100m' },
      {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                topologyKey: 'kubernetes.io/hostname',
                labelSelector: { matchLabels: { app: 'db' } },
                namespaceSelector: { matchLabels: { env: 'prod' } },
              },
            ],
          },
        },
      },
    ),
    metadata: { name, namespace: ns, labels: { app: 'db' } },
  });
  const namespaces = [{ kind: 'Namespace', metadata: { name: 'team-a', labels: { env: 'prod' } } }];
  // b's selector picks team-a (env=prod), where a runs: b keeps off a's node; a's selector also picks only team-a.
  const r = sim({ namespaces, pods: [anti('team-a', 'a'), anti('team-b', 'b')] });
  expect(r.pods[0].nodeClaim).not.toBe(r.pods[1].nodeClaim);
  const note = r.assumptions.find((a) => a.startsWith('A pod affinity namespaceSelector'))!;
  expect(note).toContain('(team-b)');
  // Both in team-b, which has no Namespace object: neither selector picks team-b, so they may share a node.
  const both = sim({ namespaces, pods: [anti('team-b', 'a'), anti('team-b', 'b')] });
  expect(both.pods[0].nodeClaim).toBe(both.pods[1].nodeClaim);
});
