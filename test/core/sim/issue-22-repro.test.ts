// The engine reproductions of issue #22: each failed before the topology, affinity and cluster work.
import { capacitySpreadConstraint, capacitySpreadValues } from '../../../lib/core/model/capacity-spread';
import { PodResult, runSimulation, SimulationInput } from '../../../lib/core/sim';
import { deployment, nodeClass, nodePool, pod, req } from './fixtures';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const nc = nodeClass('default');

function run(input: Partial<SimulationInput>) {
  return runSimulation({ nodePools: [nodePool('default')], nodeClasses: [nc], pods: [], ...input });
}

function byName(pods: readonly PodResult[], name: string): PodResult {
  const p = pods.find((x) => x.name === name);
  if (!p) throw new Error(`no pod ${name}`);
  return p;
}

const antiOn = (topologyKey: string, matchLabels: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey, labelSelector: { matchLabels }, ...extra }] } },
});

test('required anti-affinity on zone: no two replicas share a zone, and those that cannot be placed stay pending', () => {
  const r = run({ pods: [deployment('web', 4, { cpu: '100m' }, antiOn('topology.kubernetes.io/zone', { app: 'web' }))], zones: ZONES });
  const placed = r.result.pods.filter((p) => p.schedulable);
  const claims = new Set(placed.map((p) => p.nodeClaim));
  expect(claims.size).toBe(placed.length);
  // Karpenter records an open-zone NodeClaim in every zone it allows, so one replica is placed per round.
  expect(placed).toHaveLength(1);
  for (const p of r.result.pods.filter((x) => !x.schedulable)) {
    expect(p.reason).toContain('unsatisfiable topology constraint for pod anti-affinity, key=topology.kubernetes.io/zone');
  }
  expect(r.result.assumptions.join(' ')).not.toMatch(/when zones are given/);
});

test("topology spread over SpotOnDemandSplit's capacity-spread label follows the 4:1 ratio", () => {
  const values = capacitySpreadValues({ spot: 4, onDemand: 1 });
  const pools = [
    nodePool('split-spot', [req('karpenter.sh/capacity-type', 'In', 'spot'), req('capacity-spread', 'In', ...values.spot)]),
    nodePool('split-on-demand', [req('karpenter.sh/capacity-type', 'In', 'on-demand'), req('capacity-spread', 'In', ...values.onDemand)]),
  ];
  const spread = { topologySpreadConstraints: [capacitySpreadConstraint('capacity-spread', { app: 'web' })] };
  const r = run({ nodePools: pools, pods: [deployment('web', 10, { cpu: '100m' }, spread)] });
  expect(r.result.pods.every((p) => p.schedulable)).toBe(true);
  expect(r.result.pods.filter((p) => p.nodePool === 'split-spot')).toHaveLength(8);
  expect(r.result.pods.filter((p) => p.nodePool === 'split-on-demand')).toHaveLength(2);
  // Each NodeClaim carries the one spread value it was given.
  const claims = r.result.nodeClaims ?? [];
  expect(claims).toHaveLength(5);
  expect(new Set(claims.map((c) => c.labels['capacity-spread']))).toEqual(new Set(['1', '2', '3', '4', '5']));
  expect(claims.find((c) => c.labels['capacity-spread'] === '1')!.labels['karpenter.sh/capacity-type']).toBe('on-demand');
});

test('anti-affinity with namespaceSelector {} keeps pods of other namespaces apart', () => {
  const anti = antiOn('kubernetes.io/hostname', { app: 'db' }, { namespaceSelector: {} });
  const a = { ...pod('a', { cpu: '100m' }, anti, { app: 'db' }), metadata: { name: 'a', namespace: 'team-a', labels: { app: 'db' } } };
  const b = { ...pod('b', { cpu: '100m' }, anti, { app: 'db' }), metadata: { name: 'b', namespace: 'team-b', labels: { app: 'db' } } };
  const r = run({ pods: [a, b] });
  expect(r.result.pods.every((p) => p.schedulable)).toBe(true);
  expect(byName(r.result.pods, 'a').nodeClaim).not.toBe(byName(r.result.pods, 'b').nodeClaim);
  // Without Namespace objects the result says what it matched the selector against.
  expect(r.result.assumptions.some((x) => x.startsWith('A pod affinity namespaceSelector (pods team-a/a, team-b/b)'))).toBe(true);
  const withNs = run({
    pods: [a, b],
    namespaces: [
      { kind: 'Namespace', metadata: { name: 'team-a' } },
      { kind: 'Namespace', metadata: { name: 'team-b' } },
    ],
  });
  expect(withNs.result.assumptions.some((x) => x.startsWith('A pod affinity namespaceSelector'))).toBe(false);
  expect(byName(withNs.result.pods, 'a').nodeClaim).not.toBe(byName(withNs.result.pods, 'b').nodeClaim);
});

test('required pod affinity to a pod that exists nowhere stays pending', () => {
  const affinity = {
    affinity: {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'cache' } } }],
      },
    },
  };
  const r = run({ pods: [pod('web', { cpu: '100m' }, affinity, { app: 'web' })] });
  expect(byName(r.result.pods, 'web')).toMatchObject({ schedulable: false });
  expect(byName(r.result.pods, 'web').reason).toContain('unsatisfiable topology constraint for pod affinity, key=kubernetes.io/hostname');
  // The target present: both share a NodeClaim.
  const both = run({ pods: [pod('web', { cpu: '100m' }, affinity, { app: 'web' }), pod('cache', { cpu: '100m' }, {}, { app: 'cache' })] });
  expect(byName(both.result.pods, 'web').nodeClaim).toBe(byName(both.result.pods, 'cache').nodeClaim);
});

test('a pod with spec.nodeName is bound: never provisioned, and it counts on its node', () => {
  const node = {
    kind: 'Node',
    metadata: { name: 'ip-10-0-0-1', labels: { 'kubernetes.io/hostname': 'ip-10-0-0-1', 'topology.kubernetes.io/zone': 'us-east-1a' } },
    status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
  };
  const r = run({ nodes: [node], pods: [pod('bound', { cpu: '1500m' }, { nodeName: 'ip-10-0-0-1' }), pod('next', { cpu: '1' })] });
  expect(byName(r.result.pods, 'bound')).toMatchObject({ schedulable: true, bound: true, node: 'ip-10-0-0-1', zone: 'us-east-1a' });
  expect(byName(r.result.pods, 'bound').nodeClaim).toBeUndefined();
  // The bound pod's 1.5 cpu leaves no room for 1 more: a new NodeClaim, holding only `next`.
  expect(byName(r.result.pods, 'next').nodeClaim).toBe('default-0');
  expect(r.result.nodeClaims!.map((c) => c.pods)).toEqual([['default/next']]);
  // Bound to a node not in the input: an issue on the pod, still not provisioned.
  const lost = run({ pods: [pod('lost', {}, { nodeName: 'gone' })] });
  expect(byName(lost.result.pods, 'lost')).toMatchObject({ bound: true, node: 'gone' });
  expect(lost.result.nodeClaims).toEqual([]);
  expect(lost.issues.map((i) => i.code)).toContain('SimUnknownNode');
});

test('pending reasons name the NodePool, so the two halves of a split read differently', () => {
  const pools = [
    nodePool('split-spot', [req('karpenter.sh/capacity-type', 'In', 'spot')]),
    nodePool('split-on-demand', [req('karpenter.sh/capacity-type', 'In', 'on-demand')]),
  ];
  const r = run({ nodePools: pools, pods: [pod('huge', { cpu: '5000' })] });
  const reason = byName(r.result.pods, 'huge').reason!;
  const parts = reason.split('; ');
  expect(parts).toHaveLength(2);
  expect(parts[0]).toMatch(/^NodePool=split-spot: no instance type has enough resources/);
  expect(parts[1]).toMatch(/^NodePool=split-on-demand: no instance type has enough resources/);
});

test('a small pod stopped by a limit that earlier NodeClaims of the batch used up says so', () => {
  const small = nodePool('small', [req('node.kubernetes.io/instance-type', 'In', 'm5.large')], { limits: { cpu: '2' } });
  const r = run({ nodePools: [small], pods: [pod('big', { cpu: '1500m' }), pod('small', { cpu: '500m' })] });
  expect(byName(r.result.pods, 'big').schedulable).toBe(true);
  expect(byName(r.result.pods, 'small').reason).toBe(
    'all available instance types exceed limits for nodepool (NodePool=small) ' + '(limits cpu 2; earlier NodeClaims of this batch take up to cpu 2)',
  );
});

test('a pod whose fitting types the limits left out says so, not only "not enough resources"', () => {
  // The first NodeClaim takes up to 8 vCPUs of the 10 (subtractMax); only 2-vCPU types (1930m) are left for the second.
  const pool = nodePool('capped', [req('karpenter.k8s.aws/instance-cpu', 'Lt', '9')], { limits: { cpu: '10' } });
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'a' } } }] };
  const r = run({ nodePools: [pool], pods: [pod('a', { cpu: '2' }, spread, { app: 'a' }), pod('b', { cpu: '2' }, spread, { app: 'a' })] });
  const pending = r.result.pods.filter((p) => !p.schedulable);
  expect(pending).toHaveLength(1);
  expect(pending[0].reason).toMatch(/^NodePool=capped: no instance type has enough resources, /);
  expect(pending[0].reason).toMatch(
    /\(limits cpu 10; earlier NodeClaims of this batch take up to cpu 8\); the limits left out \d+ larger instance type\(s\)$/,
  );
});

test('a topology failure on a limited pool gets no limit note: the limits did not cause it', () => {
  // Zonal self-anti-affinity on open zones places one pod per round (topology_test.go, "pod anti-affinity with a
  // zone topology"); the limits cut types here too, but the reason is the topology's alone.
  const pool = nodePool('capped', [], { limits: { cpu: '1000' } });
  const db = deployment('db', 4, { cpu: '1' }, antiOn('topology.kubernetes.io/zone', { app: 'db' }), { app: 'db' });
  const r = run({ nodePools: [pool], pods: [db], zones: ZONES });
  const pending = r.result.pods.filter((p) => !p.schedulable);
  expect(pending).toHaveLength(3);
  for (const p of pending) {
    expect(p.reason).toMatch(/^NodePool=capped: unsatisfiable topology constraint for pod anti-affinity, key=topology\.kubernetes\.io\/zone /);
    expect(p.reason).not.toContain('limits');
  }
});

test('existing nodes are filled first, and count against their NodePool limits', () => {
  const node = (name: string, pool: string) => ({
    kind: 'Node',
    metadata: { name, labels: { 'karpenter.sh/nodepool': pool, 'karpenter.sh/initialized': 'true', 'kubernetes.io/hostname': name } },
    status: { allocatable: { cpu: '1900m', memory: '7Gi', pods: '29' }, capacity: { cpu: '2', memory: '8Gi', pods: '29' } },
  });
  const limited = nodePool('default', [], { limits: { cpu: '4' } });
  const r = run({
    nodePools: [limited],
    nodes: [node('n1', 'default'), node('n2', 'default')],
    pods: [pod('a', { cpu: '1' }), pod('b', { cpu: '1' }), pod('c', { cpu: '1' })],
  });
  expect(byName(r.result.pods, 'a').node).toBe('n1');
  expect(byName(r.result.pods, 'b').node).toBe('n2');
  expect(byName(r.result.pods, 'c')).toMatchObject({ schedulable: false });
  expect(byName(r.result.pods, 'c').reason).toContain('existing nodes use cpu 4');
  expect(r.result.assumptions.some((a) => a.startsWith('The cluster is empty'))).toBe(false);
});

test('bad cluster input: a Node without allocatable and a selector that does not parse are issues; the rest is simulated', () => {
  const bad = { ...pod('p', { cpu: '100m' }, antiOn('kubernetes.io/hostname', {}), { app: 'x' }) };
  (bad.spec as Record<string, unknown>).affinity = {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In' }] } },
      ],
    },
  };
  const r = run({ nodes: [{ kind: 'Node', metadata: { name: 'empty' } }, null], pods: [bad, pod('q', { cpu: '100m' })] });
  const codes = r.issues.map((i) => i.code);
  expect(codes).toContain('SimNodeWithoutAllocatable');
  expect(codes).toContain('SimInvalidSelector');
  expect(r.issues.find((i) => i.code === 'SimInvalidSelector')!.message).toMatch(/operator In needs at least one value/);
  expect(r.result.pods.every((p) => p.schedulable)).toBe(true);
});

// Issue #23: the cluster reads each pool's startup taints from the simulation's one reading of the pool.
describe("a Node without its NodeClaim sheds its NodePool's startup taints until initialized", () => {
  const STARTUP = { key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute' };
  const withStartup = (startupTaints: unknown) => {
    const p = nodePool('default');
    return { ...p, spec: { ...p.spec, template: { spec: { ...p.spec.template.spec, startupTaints } } } };
  };
  const starting = {
    kind: 'Node',
    metadata: { name: 'starting', labels: { 'karpenter.sh/nodepool': 'default', 'kubernetes.io/hostname': 'starting' } },
    spec: { taints: [STARTUP] },
    status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
  };

  test('the taint its pool declares does not keep a pod off the node', () => {
    const r = run({ nodePools: [withStartup([STARTUP])], nodes: [starting], pods: [pod('a', { cpu: '1' })] });
    expect(byName(r.result.pods, 'a')).toMatchObject({ schedulable: true, node: 'starting' });
  });

  test('a taint the pool does not declare does', () => {
    const r = run({ nodePools: [withStartup([])], nodes: [starting], pods: [pod('a', { cpu: '1' })] });
    expect(byName(r.result.pods, 'a').node).toBeUndefined();
    expect(byName(r.result.pods, 'a').nodeClaim).toBe('default-0');
  });

  test('a malformed startup taint is reported on the pool, as a malformed taint is', () => {
    const r = run({ nodePools: [withStartup([{ key: 'no-effect' }])], pods: [] });
    expect(r.issues).toContainEqual(
      expect.objectContaining({ code: 'SimInvalidTaint', field: 'NodePool/default spec.template.spec.startupTaints[0]' }),
    );
  });
});
