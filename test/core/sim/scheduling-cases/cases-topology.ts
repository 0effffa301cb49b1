// Topology spread, translated from Karpenter's topology_test.go (and the in-flight topology tests of the scheduling
// suite). Upstream's fake zones test-zone-1..3 are us-east-1a..c; its NodePool allows every capacity type (Exists).
// A multi-round Go test is one case per round: the nodes the earlier rounds launched are `nodes` (m5.large unless
// told: 1930m allocatable, so a bound 1.1-CPU pod leaves no room for another, as upstream's 1.1-CPU requests intend)
// and their pods are bound pods named `r<round>-...`. Pods without spec.nodeName are this batch.
import {
  boundPods,
  CAPACITY_TYPE as CT,
  HOSTNAME,
  Manifest,
  node,
  nodePool,
  NodePoolOptions,
  pod,
  PodOptions,
  pods,
  req,
  SCHEDULING_SUITE as S,
  SchedulingCase,
  spread,
  src,
  TEST_LABELS,
  TOPOLOGY_SUITE as T,
  ZONE,
  ZONES,
} from './fixtures';

const [Z1, Z2, Z3] = ZONES;
const ZONAL = ['Topology', 'Zonal'];
const HOST = ['Topology', 'Hostname'];
const CAP = ['Topology', 'CapacityType'];
const HOST_ZONE = ['Topology', 'Combined Hostname and Zonal Topology'];
const MLK = ['Topology', 'MatchLabelKeys'];
const TAINTS_POLICY = ['Topology', 'NodeTaintsPolicy'];
const AFFINITY_POLICY = ['Topology', 'NodeAffinityPolicy'];
const ZONE_CT = ['Topology', 'Combined Zonal and Capacity Type Topology'];
const ZONE_NA = ['Topology', 'Combined Zonal Topology and Node Affinity'];
const CT_NA = ['Topology', 'Combined Capacity Type Topology and Node Affinity'];
const IN_FLIGHT = ['Scheduling', 'In-Flight Nodes', 'Topology'];
const ZONES_MAP = 'test-zone-1..3 -> us-east-1a..c';
const ROUNDS = 'the nodes and bound pods are what the earlier rounds left';
const rr: PodOptions = { requests: { cpu: '1.1' } };
const SPREAD_LABEL = 'fake-label';
const SPREAD_FAILS = { 'p-': 'unsatisfiable topology constraint for topology spread' };
const taint = { key: 'taintname', value: 'taintvalue', effect: 'NoSchedule' };

/** The NodePool of topology_test.go's BeforeEach: capacity type Exists, plus `o`. */
function topoPool(name = 'default', o: NodePoolOptions = {}): Manifest {
  return nodePool(name, { ...o, requirements: [req(CT, 'Exists'), ...(o.requirements ?? [])] });
}

/** `n` pending pods labelled `test: test` with these spreads. */
function spreadPods(prefix: string, n: number, constraints: readonly Manifest[], o: PodOptions = {}): Manifest[] {
  return pods(prefix, n, { labels: TEST_LABELS, topologySpread: constraints, ...o });
}

/** Pods of an earlier round, labelled `test: test`, bound to `nodeName`. */
function earlier(prefix: string, n: number, nodeName: string, o: PodOptions = {}): Manifest[] {
  return boundPods(prefix, n, nodeName, { labels: TEST_LABELS, ...o });
}

const zoneSpread = spread(ZONE);
const hostSpread = spread(HOSTNAME);
const ctSpread = spread(CT);
const zonePools = (...zones: string[]) => [topoPool('default', { requirements: [req(ZONE, 'In', ...zones)] })];
const ctPools = (...cts: string[]) => [nodePool('default', { requirements: [req(CT, 'In', ...cts)] })];

export const TOPOLOGY_CASES: readonly SchedulingCase[] = [
  {
    id: 'spread-unknown-topology-key',
    source: src(T, 58, 'Topology', 'should ignore unknown topology keys'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [pod('p', { labels: TEST_LABELS, topologySpread: [spread('unknown')] }), pod('other')],
    expectPods: {
      p: { schedulable: false, reason: 'unsatisfiable topology constraint for topology spread, key=unknown' },
      other: { schedulable: true },
    },
  },
  {
    id: 'spread-nil-label-selector',
    source: src(T, 92, 'Topology', 'should not spread when a nil label selector is defined'),
    mapping: `${ZONES_MAP}; a spread without labelSelector selects no pod, so both pods share one NodeClaim`,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 2, [spread(ZONE, { selector: null })]),
    expectSkew: [{ key: ZONE, counts: [2], openDomains: true }],
    expectPods: { 'p-1': { schedulable: true, sameNodeAs: 'p-0' } },
  },
  {
    id: 'spread-zonal-match-labels',
    source: src(T, 108, ...ZONAL, 'should balance pods across zones (match labels)'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 2] }],
  },
  {
    id: 'spread-zonal-match-expressions',
    source: src(T, 121, ...ZONAL, 'should balance pods across zones (match expressions)'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [spread(ZONE, { selector: { matchExpressions: [{ key: 'test', operator: 'In', values: ['test'] }] } })]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 2] }],
  },
  {
    id: 'spread-zonal-pool-zones',
    source: src(T, 142, ...ZONAL, 'should respect NodePool zonal constraints'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1, Z2, Z3),
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 2] }],
  },
  {
    id: 'spread-zonal-pool-zone-subset-requirements',
    source: src(T, 157, ...ZONAL, 'should respect NodePool zonal constraints (subset) with requirements'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1, Z2),
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [2, 2] }],
  },
  {
    id: 'spread-zonal-pool-zone-subset-labels',
    source: src(T, 173, ...ZONAL, 'should respect NodePool zonal constraints (subset) with labels'),
    mapping: ZONES_MAP,
    nodePools: [topoPool('default', { labels: { [ZONE]: Z1 } })],
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [4] }],
    expectPods: { 'p-0': { zone: Z1 } },
  },
  {
    id: 'spread-zonal-pool-zone-subset-requirements-and-labels',
    source: src(T, 188, ...ZONAL, 'should respect NodePool zonal constraints (subset) with requirements and labels'),
    mapping: ZONES_MAP,
    nodePools: [topoPool('default', { requirements: [req(ZONE, 'In', Z1, Z2)], labels: { [ZONE]: Z1 } })],
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [4] }],
  },
  {
    id: 'spread-zonal-pool-zone-labels-across-pools',
    source: src(T, 204, ...ZONAL, 'should respect NodePool zonal constraints (subset) with labels across NodePools'),
    mapping: `${ZONES_MAP}; upstream's second NodePool (random name) is "second"`,
    nodePools: [
      topoPool('default', { requirements: [req(ZONE, 'In', Z1, Z2)], labels: { [ZONE]: Z1 } }),
      nodePool('second', { labels: { [ZONE]: Z2 } }),
    ],
    zones: ZONES,
    pods: spreadPods('p', 4, [zoneSpread]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [2, 2] }],
  },
  {
    id: 'spread-zonal-existing-pod-round-1',
    source: src(T, 232, ...ZONAL, 'should respect NodePool zonal constraints (existing pod)'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [pod('r1-0', { ...rr, labels: TEST_LABELS, nodeSelector: { [ZONE]: Z3 } })],
    expectPods: { 'r1-0': { schedulable: true, zone: Z3 } },
  },
  {
    id: 'spread-zonal-existing-pod-round-2',
    source: src(T, 232, ...ZONAL, 'should respect NodePool zonal constraints (existing pod)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: one node in us-east-1c`,
    nodePools: zonePools(Z1, Z2),
    zones: ZONES,
    nodes: [node('node-c', { zone: Z3 })],
    pods: [...earlier('r1', 1, 'node-c', rr), ...spreadPods('p', 6, [zoneSpread], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 2, 2] }],
    expectSchedulable: { 'p-': 4 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-non-minimum-domain-round-1',
    source: src(T, 266, ...ZONAL, "should schedule to the non-minimum domain if its all that's available"),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1),
    zones: ZONES,
    pods: spreadPods('p', 1, [spread(ZONE, { maxSkew: 5 })], rr),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
    expectPods: { 'p-0': { zone: Z1 } },
  },
  {
    id: 'spread-non-minimum-domain-round-2',
    source: src(T, 266, ...ZONAL, "should schedule to the non-minimum domain if its all that's available"),
    mapping: `${ZONES_MAP}; ${ROUNDS}`,
    nodePools: zonePools(Z2),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 })],
    pods: [...earlier('r1', 1, 'node-a', rr), ...spreadPods('p', 1, [spread(ZONE, { maxSkew: 5 })], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1] }],
    expectPods: { 'p-0': { zone: Z2 } },
  },
  {
    id: 'spread-non-minimum-domain-round-3',
    source: src(T, 266, ...ZONAL, "should schedule to the non-minimum domain if its all that's available"),
    mapping: `${ZONES_MAP}; ${ROUNDS}`,
    nodePools: zonePools(Z3),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 })],
    pods: [...earlier('r1', 1, 'node-a', rr), ...earlier('r2', 1, 'node-b', rr), ...spreadPods('p', 10, [spread(ZONE, { maxSkew: 5 })], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 6] }],
    expectSchedulable: { 'p-': 6 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-minimum-domains-when-violating-round-1',
    source: src(T, 308, ...ZONAL, 'should only schedule to minimum domains if already violating max skew'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 9, [zoneSpread], rr),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [3, 3, 3] }],
  },
  {
    id: 'spread-minimum-domains-when-violating-round-2',
    source: src(T, 308, ...ZONAL, 'should only schedule to minimum domains if already violating max skew'),
    mapping:
      `${ZONES_MAP}; ${ROUNDS}: upstream deleted the pods outside test-zone-1, so 3 pods stay in us-east-1a and ` +
      'the nodes in us-east-1b/c are empty (m5.2xlarge, room for all three)',
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [
      node('node-a', { zone: Z1, type: 'm5.2xlarge' }),
      node('node-b', { zone: Z2, type: 'm5.2xlarge' }),
      node('node-c', { zone: Z3, type: 'm5.2xlarge' }),
    ],
    pods: [...earlier('r1', 3, 'node-a', rr), ...spreadPods('p', 3, [zoneSpread], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [3, 1, 2] }],
  },
  {
    id: 'spread-do-not-schedule-round-1',
    source: src(T, 347, ...ZONAL, 'should not violate max-skew when unsat = do not schedule'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1),
    zones: ZONES,
    pods: spreadPods('p', 1, [zoneSpread], rr),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
  },
  {
    id: 'spread-do-not-schedule-round-2',
    source: src(T, 347, ...ZONAL, 'should not violate max-skew when unsat = do not schedule'),
    mapping: `${ZONES_MAP}; ${ROUNDS}`,
    nodePools: zonePools(Z2, Z3),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 })],
    pods: [...earlier('r1', 1, 'node-a', rr), ...spreadPods('p', 10, [zoneSpread], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 2, 2] }],
    expectSchedulable: { 'p-': 4 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-discover-domains-round-1',
    source: src(T, 380, ...ZONAL, 'should not violate max-skew when unsat = do not schedule (discover domains)'),
    mapping: `${ZONES_MAP}; the first pod has no spread`,
    nodePools: zonePools(Z1),
    zones: ZONES,
    pods: [pod('r1-0', { ...rr, labels: TEST_LABELS })],
    expectPods: { 'r1-0': { schedulable: true, zone: Z1 } },
  },
  {
    id: 'spread-discover-domains-round-2',
    source: src(T, 380, ...ZONAL, 'should not violate max-skew when unsat = do not schedule (discover domains)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: us-east-1a is a domain only through the existing node`,
    nodePools: zonePools(Z2, Z3),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 })],
    pods: [...earlier('r1', 1, 'node-a', rr), ...spreadPods('p', 10, [zoneSpread], rr)],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 2, 2] }],
    expectSchedulable: { 'p-': 4 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-zonal-counts-only-running-scheduled-pods',
    source: src(T, 412, ...ZONAL, 'should only count running/scheduled pods with matching labels scheduled to nodes with a corresponding domain'),
    mapping:
      `${ZONES_MAP}; test.Node gives nodes Karpenter does not own (m5.large resources); upstream's two unbound pods ` +
      'without an Unschedulable condition (one terminating) are not provisionable, so they are left out of the batch',
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [node('first', { zone: Z1, nodePool: null }), node('second', { zone: Z2, nodePool: null }), node('third', { nodePool: null })],
    pods: [
      pod('no-labels', { nodeName: 'first' }),
      pod('no-domain', { labels: TEST_LABELS, nodeName: 'third' }),
      pod('wrong-namespace', { labels: TEST_LABELS, nodeName: 'first', namespace: 'wrong-namespace' }),
      pod('failed', { labels: TEST_LABELS, nodeName: 'first', phase: 'Failed' }),
      pod('succeeded', { labels: TEST_LABELS, nodeName: 'first', phase: 'Succeeded' }),
      ...earlier('first', 2, 'first'),
      ...earlier('second', 1, 'second'),
      ...spreadPods('p', 2, [zoneSpread]),
    ],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [2, 2, 1] }],
    expectSchedulable: { 'p-': 2 },
  },
  {
    id: 'spread-zonal-no-label-selector-counts-all',
    source: src(T, 445, ...ZONAL, 'should match all pods when labelSelector is not specified'),
    mapping: `${ZONES_MAP}; upstream's pod carries no spread; ExpectSkew with a nil selector counts every pod`,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [pod('p')],
    expectSkew: [{ key: ZONE, counts: [1], openDomains: true }],
  },
  {
    id: 'spread-zonal-interdependent-selectors',
    source: src(T, 457, ...ZONAL, 'should handle interdependent selectors'),
    mapping: 'the pods own a hostname spread whose selector selects none of them, so all share one NodeClaim',
    nodePools: [topoPool()],
    zones: ZONES,
    pods: pods('p', 5, { topologySpread: [hostSpread] }),
    expectPods: Object.fromEntries([1, 2, 3, 4].map((i) => [`p-${i}`, { schedulable: true, sameNodeAs: 'p-0' }])),
  },
  {
    id: 'spread-zonal-min-domains',
    source: src(T, 482, ...ZONAL, 'should respect minDomains constraints'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1, Z2),
    zones: ZONES,
    pods: spreadPods('p', 3, [spread(ZONE, { minDomains: 3 })]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1] }],
    expectSchedulable: { 'p-': 2 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-zonal-min-domains-equal',
    source: src(T, 502, ...ZONAL, 'satisfied minDomains constraints (equal) should allow expected pod scheduling'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1, Z2, Z3),
    zones: ZONES,
    pods: spreadPods('p', 11, [spread(ZONE, { minDomains: 3 })]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [4, 4, 3] }],
  },
  {
    id: 'spread-zonal-min-domains-greater',
    source: src(T, 522, ...ZONAL, 'satisfied minDomains constraints (greater than minimum) should allow expected pod scheduling'),
    mapping: ZONES_MAP,
    nodePools: zonePools(Z1, Z2, Z3),
    zones: ZONES,
    pods: spreadPods('p', 11, [spread(ZONE, { minDomains: 2 })]),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [4, 4, 3] }],
  },
  {
    id: 'spread-hostname-balance',
    source: src(T, 545, ...HOST, 'should balance pods across nodes'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [hostSpread]),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 1, 1] }],
    expectNewNodeClaims: 4,
  },
  {
    id: 'spread-hostname-up-to-max-skew',
    source: src(T, 558, ...HOST, 'should balance pods on the same hostname up to maxskew'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [spread(HOSTNAME, { maxSkew: 4 })]),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, counts: [4] }],
  },
  {
    id: 'spread-hostname-two-deployments',
    source: src(T, 571, ...HOST, 'balance multiple deployments with hostname topology spread'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: ['app1', 'app2'].flatMap((app) =>
      pods(app, 2, { labels: { app }, topologySpread: [spread(HOSTNAME, { selector: { matchLabels: { app } } })] }),
    ),
    expectPods: Object.fromEntries(['app1-0', 'app1-1', 'app2-0', 'app2-1'].map((n) => [n, { schedulable: true }])),
    expectNewNodeClaims: 2,
  },
  {
    id: 'spread-hostname-two-deployments-two-archs',
    source: src(T, 607, ...HOST, 'balance multiple deployments with hostname topology spread & varying arch'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [
      ['app1', 'amd64'],
      ['app2', 'arm64'],
    ].flatMap(([app, a]) =>
      pods(app, 2, {
        labels: { app },
        required: [[req('kubernetes.io/arch', 'In', a)]],
        topologySpread: [spread(HOSTNAME, { selector: { matchLabels: { app } } })],
      }),
    ),
    expectPods: Object.fromEntries(['app1-0', 'app1-1', 'app2-0', 'app2-1'].map((n) => [n, { schedulable: true }])),
    expectNewNodeClaims: 4,
  },
  {
    id: 'spread-capacity-type-balance',
    source: src(T, 653, ...CAP, 'should balance pods across capacity types'),
    mapping: 'capacity types on-demand and spot (the catalog has no reserved offerings without reservations)',
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [ctSpread]),
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [2, 2] }],
  },
  {
    id: 'spread-capacity-type-pool-constraint',
    source: src(T, 666, ...CAP, 'should respect NodePool capacity type constraints'),
    nodePools: ctPools('spot', 'on-demand'),
    zones: ZONES,
    pods: spreadPods('p', 4, [ctSpread]),
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [2, 2] }],
  },
  {
    id: 'spread-capacity-type-do-not-schedule-round-1',
    source: src(T, 681, ...CAP, 'should not violate max-skew when unsat = do not schedule (capacity type)'),
    nodePools: ctPools('spot'),
    zones: ZONES,
    pods: spreadPods('p', 1, [ctSpread], rr),
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
    expectPods: { 'p-0': { capacityType: 'spot' } },
  },
  {
    id: 'spread-capacity-type-do-not-schedule-round-2',
    source: src(T, 681, ...CAP, 'should not violate max-skew when unsat = do not schedule (capacity type)'),
    mapping: ROUNDS,
    nodePools: ctPools('on-demand'),
    zones: ZONES,
    nodes: [node('node-spot', { zone: Z1, capacityType: 'spot' })],
    pods: [...earlier('r1', 1, 'node-spot', rr), ...spreadPods('p', 5, [ctSpread], rr)],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1, 2] }],
    expectSchedulable: { 'p-': 2 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-capacity-type-schedule-anyway-round-1',
    source: src(T, 716, ...CAP, 'should violate max-skew when unsat = schedule anyway (capacity type)'),
    nodePools: ctPools('spot'),
    zones: ZONES,
    pods: spreadPods('p', 1, [spread(CT, { whenUnsatisfiable: 'ScheduleAnyway' })], rr),
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
  },
  {
    id: 'spread-capacity-type-schedule-anyway-round-2',
    source: src(T, 716, ...CAP, 'should violate max-skew when unsat = schedule anyway (capacity type)'),
    mapping: `${ROUNDS}; ScheduleAnyway is relaxed away once the on-demand pool cannot satisfy it`,
    nodePools: ctPools('on-demand'),
    zones: ZONES,
    nodes: [node('node-spot', { zone: Z1, capacityType: 'spot' })],
    pods: [...earlier('r1', 1, 'node-spot', rr), ...spreadPods('p', 5, [spread(CT, { whenUnsatisfiable: 'ScheduleAnyway' })], rr)],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1, 5] }],
    expectSchedulable: { 'p-': 5 },
  },
  {
    id: 'spread-capacity-type-counts-only-running-scheduled-pods',
    source: src(T, 747, ...CAP, 'should only count running/scheduled pods with matching labels scheduled to nodes with a corresponding domain'),
    mapping:
      'test.Node gives nodes Karpenter does not own, labelled only with a capacity type (m5.large resources); the two ' +
      'unbound pods without an Unschedulable condition are left out of the batch',
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [
      node('first', { nodePool: null, labels: { [CT]: 'spot' } }),
      node('second', { nodePool: null, labels: { [CT]: 'on-demand' } }),
      node('third', { nodePool: null }),
    ],
    pods: [
      pod('no-labels', { nodeName: 'first' }),
      pod('no-domain', { labels: TEST_LABELS, nodeName: 'third' }),
      pod('wrong-namespace', { labels: TEST_LABELS, nodeName: 'first', namespace: 'wrong-namespace' }),
      pod('failed', { labels: TEST_LABELS, nodeName: 'first', phase: 'Failed' }),
      pod('succeeded', { labels: TEST_LABELS, nodeName: 'first', phase: 'Succeeded' }),
      ...earlier('first', 2, 'first'),
      ...earlier('second', 1, 'second'),
      ...spreadPods('p', 2, [ctSpread]),
    ],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [2, 3] }],
    expectSchedulable: { 'p-': 2 },
  },
  {
    id: 'spread-capacity-type-no-label-selector-counts-all',
    source: src(T, 780, ...CAP, 'should match all pods when labelSelector is not specified'),
    mapping: "upstream's pod carries no spread; ExpectSkew with a nil selector counts every pod",
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [pod('p')],
    expectSkew: [{ key: CT, counts: [1], openDomains: true }],
  },
  {
    id: 'spread-capacity-type-interdependent-selectors',
    source: src(T, 792, ...CAP, 'should handle interdependent selectors'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: pods('p', 5, { topologySpread: [hostSpread] }),
    expectNewNodeClaims: 1,
  },
  {
    id: 'spread-capacity-type-required-affinity-round-1',
    source: src(T, 815, ...CAP, 'should balance pods across capacity-types (node required affinity constrained)'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [pod('r1-0', { labels: TEST_LABELS, required: [[req(ZONE, 'In', Z1), req(CT, 'In', 'on-demand')]] })],
    expectPods: { 'r1-0': { schedulable: true, zone: Z1, capacityType: 'on-demand' } },
  },
  {
    id: 'spread-capacity-type-required-affinity-round-2',
    source: src(T, 815, ...CAP, 'should balance pods across capacity-types (node required affinity constrained)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: the on-demand node in us-east-1a does not match the pods' required affinity, so it does not count`,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [node('node-od', { zone: Z1, capacityType: 'on-demand' })],
    pods: [...earlier('r1', 1, 'node-od'), ...spreadPods('p', 5, [ctSpread], { required: [[req(ZONE, 'In', Z2), req(CT, 'In', 'spot')]] })],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1, 5] }],
  },
  {
    id: 'spread-capacity-type-no-constraints-round-1',
    source: src(T, 852, ...CAP, 'should balance pods across capacity-types (no constraints)'),
    mapping: 'single-pod-instance-type -> m5.large',
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [
      pod('r1-0', {
        labels: TEST_LABELS,
        nodeSelector: { 'node.kubernetes.io/instance-type': 'm5.large' },
        required: [[req(CT, 'In', 'on-demand')]],
      }),
    ],
    expectPods: { 'r1-0': { schedulable: true, capacityType: 'on-demand', instanceTypes: { only: ['m5.large'] } } },
  },
  {
    id: 'spread-capacity-type-no-constraints-round-2',
    source: src(T, 852, ...CAP, 'should balance pods across capacity-types (no constraints)'),
    mapping: `${ROUNDS}: the on-demand node holds one pod (allocatable pods: 1, as upstream's single-pod-instance-type)`,
    nodePools: ctPools('spot'),
    zones: ZONES,
    nodes: [node('node-od', { zone: Z1, capacityType: 'on-demand', allocatable: { pods: '1' } })],
    pods: [...earlier('r1', 1, 'node-od'), ...spreadPods('p', 5, [ctSpread], { requests: { cpu: '2' } })],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [1, 2] }],
    expectSchedulable: { 'p-': 2 },
    expectPendingReason: SPREAD_FAILS,
  },
  {
    id: 'spread-arch-no-constraints-round-1',
    source: src(T, 895, ...CAP, 'should balance pods across arch (no constraints)'),
    mapping: 'single-pod-instance-type -> m5.large',
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [
      pod('r1-0', {
        labels: TEST_LABELS,
        nodeSelector: { 'node.kubernetes.io/instance-type': 'm5.large' },
        required: [[req('kubernetes.io/arch', 'In', 'amd64')]],
      }),
    ],
    expectPods: { 'r1-0': { schedulable: true, instanceTypes: { only: ['m5.large'] } } },
  },
  {
    id: 'spread-arch-no-constraints-round-2',
    source: src(T, 895, ...CAP, 'should balance pods across arch (no constraints)'),
    mapping: `${ROUNDS}: the amd64 node holds one pod (allocatable pods: 1); the pool makes arm64 nodes only`,
    nodePools: [topoPool('default', { requirements: [req('kubernetes.io/arch', 'In', 'arm64')] })],
    zones: ZONES,
    nodes: [node('node-amd64', { zone: Z1, allocatable: { pods: '1' } })],
    pods: [...earlier('r1', 1, 'node-amd64'), ...spreadPods('p', 5, [spread('kubernetes.io/arch')], { requests: { cpu: '2' } })],
    expectSkew: [{ key: 'kubernetes.io/arch', selector: { matchLabels: TEST_LABELS }, counts: [1, 2] }],
    expectSchedulable: { 'p-': 2 },
    expectPendingReason: SPREAD_FAILS,
  },
  // Combined hostname and zonal: four rounds of 2, 3, 5 and 11 pods; hostname maxSkew 3 lets a node hold 3.
  ...hostnameAndZonalRounds(),
  {
    id: 'spread-custom-label-across-pool-requirements',
    source: src(T, 981, ...HOST_ZONE, 'should balance pods across NodePool requirements'),
    mapping: 'the two NodePools (random names upstream) are "spot" and "on-demand"',
    nodePools: [
      nodePool('spot', { requirements: [req(CT, 'In', 'spot'), req('capacity.spread.4-1', 'In', '2', '3', '4', '5')] }),
      nodePool('on-demand', { requirements: [req(CT, 'In', 'on-demand'), req('capacity.spread.4-1', 'In', '1')] }),
    ],
    zones: ZONES,
    pods: spreadPods('p', 20, [spread('capacity.spread.4-1')]),
    expectSkew: [
      { key: 'capacity.spread.4-1', selector: { matchLabels: TEST_LABELS }, counts: [4, 4, 4, 4, 4] },
      { key: CT, selector: { matchLabels: TEST_LABELS }, counts: [4, 16] },
    ],
    expectSchedulable: { 'p-': 20 },
  },
  {
    id: 'spread-zone-and-hostname-pool-without-capacity',
    source: src(T, 1049, ...HOST_ZONE, 'should spread pods while respecting both constraints'),
    mapping: `${ZONES_MAP}; the second NodePool (cpu limit 0) still adds its zone us-east-1c as a domain, which stays empty`,
    nodePools: [...zonePools(Z1, Z2), nodePool('b', { requirements: [req(ZONE, 'In', Z3)], limits: { cpu: '0' } })],
    zones: ZONES,
    pods: spreadPods('p', 10, [zoneSpread, spread(HOSTNAME, { whenUnsatisfiable: 'ScheduleAnyway' })]),
    expectSkew: [
      { key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [1, 1] },
      { key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, counts: [1, 1] },
    ],
    expectSchedulable: { 'p-': 2 },
    expectPendingReason: SPREAD_FAILS,
  },
  ...capacityTypeAndHostnameRounds(),
  {
    id: 'spread-match-label-keys',
    source: src(T, 1139, ...MLK, 'should support matchLabelKeys'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: ['value-a', 'value-b'].flatMap((v) =>
      pods(`p-${v}`, 2, { labels: { ...TEST_LABELS, 'test-label': v }, topologySpread: [spread(HOSTNAME, { matchLabelKeys: ['test-label'] })] }),
    ),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, counts: [2, 2] }],
  },
  {
    id: 'spread-match-label-keys-unknown-label',
    source: src(T, 1168, ...MLK, 'should ignore unknown labels specified in matchLabelKeys'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 4, [spread(HOSTNAME, { matchLabelKeys: ['test-label'] })]),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, counts: [1, 1, 1, 1] }],
  },
  ...taintsPolicyCases(),
  ...affinityPolicyCases(),
  {
    id: 'spread-zone-and-capacity-type-round-1',
    source: src(T, 1662, ...ZONE_CT, 'should spread pods while respecting both constraints'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 2, [ctSpread, zoneSpread]),
    expectSkew: [
      { key: CT, selector: { matchLabels: TEST_LABELS }, atMost: 1 },
      { key: ZONE, selector: { matchLabels: TEST_LABELS }, atMost: 1 },
    ],
    expectSchedulable: { 'p-': 2 },
  },
  {
    id: 'spread-zone-and-capacity-type-round-2',
    source: src(T, 1662, ...ZONE_CT, 'should spread pods while respecting both constraints'),
    mapping: `${ZONES_MAP}; ${ROUNDS} (a spot node in us-east-1a, an on-demand one in us-east-1b)`,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [node('node-1', { zone: Z1, capacityType: 'spot' }), node('node-2', { zone: Z2, capacityType: 'on-demand' })],
    pods: [...earlier('r1-a', 1, 'node-1'), ...earlier('r1-b', 1, 'node-2'), ...spreadPods('p', 3, [ctSpread, zoneSpread])],
    expectSkew: [
      { key: CT, selector: { matchLabels: TEST_LABELS }, atMost: 3 },
      { key: ZONE, selector: { matchLabels: TEST_LABELS }, atMost: 2 },
    ],
  },
  {
    id: 'spread-zone-limited-by-node-selector',
    source: src(T, 1740, ...ZONE_NA, 'should limit spread options by nodeSelector'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [
      ...spreadPods('a', 5, [zoneSpread], { nodeSelector: { [ZONE]: Z1 } }),
      ...spreadPods('b', 10, [zoneSpread], { nodeSelector: { [ZONE]: Z2 } }),
    ],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [5, 10] }],
  },
  {
    id: 'spread-zone-limited-by-node-requirements',
    source: src(T, 1766, ...ZONE_NA, 'should limit spread options by node requirements'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 10, [zoneSpread], { required: [[req(ZONE, 'In', Z1, Z2)]] }),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [5, 5] }],
  },
  {
    id: 'spread-zone-limited-by-required-affinity-round-1',
    source: src(T, 1788, ...ZONE_NA, 'should limit spread options by required node affinity'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 6, [zoneSpread], { required: [[req(ZONE, 'In', Z1, Z2)]] }),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [3, 3] }],
  },
  {
    id: 'spread-zone-limited-by-required-affinity-round-2',
    source: src(T, 1788, ...ZONE_NA, 'should limit spread options by required node affinity'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: one node with 3 pods in each of us-east-1a and us-east-1b`,
    nodePools: zonePools(Z1, Z2, Z3),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 })],
    pods: [
      ...earlier('r1-a', 3, 'node-a'),
      ...earlier('r1-b', 3, 'node-b'),
      ...spreadPods('p', 1, [zoneSpread], { required: [[req(ZONE, 'In', Z2, Z3)]] }),
    ],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [3, 3, 1] }],
    expectPods: { 'p-0': { schedulable: true, zone: Z3 } },
  },
  {
    id: 'spread-zone-limited-by-required-affinity-round-3',
    source: src(T, 1788, ...ZONE_NA, 'should limit spread options by required node affinity'),
    mapping: `${ZONES_MAP}; ${ROUNDS}`,
    nodePools: zonePools(Z1, Z2, Z3),
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 }), node('node-c', { zone: Z3 })],
    pods: [...earlier('r1-a', 3, 'node-a'), ...earlier('r1-b', 3, 'node-b'), ...earlier('r2', 1, 'node-c'), ...spreadPods('p', 5, [zoneSpread])],
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [4, 4, 4] }],
  },
  {
    id: 'spread-zone-not-limited-by-preferred-affinity',
    source: src(T, 1832, ...ZONE_NA, 'should not limit spread options by preferred node affinity'),
    mapping: ZONES_MAP,
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 6, [zoneSpread], { preferred: [{ weight: 1, expressions: [req(ZONE, 'In', Z1, Z2)] }] }),
    expectSkew: [{ key: ZONE, selector: { matchLabels: TEST_LABELS }, counts: [2, 2, 2] }],
  },
  {
    id: 'spread-capacity-type-limited-by-node-selector',
    source: src(T, 1857, ...CT_NA, 'should limit spread options by nodeSelector'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: [
      ...spreadPods('spot', 5, [spread(CT, { whenUnsatisfiable: 'ScheduleAnyway' })], { nodeSelector: { [CT]: 'spot' } }),
      ...spreadPods('od', 5, [spread(CT, { whenUnsatisfiable: 'ScheduleAnyway' })], { nodeSelector: { [CT]: 'on-demand' } }),
    ],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [5, 5] }],
  },
  {
    id: 'spread-capacity-type-limited-by-affinity-round-1',
    source: src(T, 1881, ...CT_NA, 'should limit spread options by node affinity (capacity type)'),
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 3, [ctSpread], { required: [[req(CT, 'In', 'spot')]] }),
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [3] }],
  },
  {
    id: 'spread-capacity-type-limited-by-affinity-round-2',
    source: src(T, 1881, ...CT_NA, 'should limit spread options by node affinity (capacity type)'),
    mapping: `${ROUNDS}: one spot node with the 3 pods`,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [node('node-spot', { zone: Z1, capacityType: 'spot' })],
    pods: [...earlier('r1', 3, 'node-spot'), ...spreadPods('p', 1, [ctSpread], { required: [[req(CT, 'In', 'on-demand', 'spot')]] })],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [3, 1] }],
    expectPods: { 'p-0': { schedulable: true, capacityType: 'on-demand' } },
  },
  {
    id: 'spread-capacity-type-limited-by-affinity-round-3',
    source: src(T, 1881, ...CT_NA, 'should limit spread options by node affinity (capacity type)'),
    mapping: ROUNDS,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: [node('node-spot', { zone: Z1, capacityType: 'spot' }), node('node-od', { zone: Z2, capacityType: 'on-demand' })],
    pods: [...earlier('r1', 3, 'node-spot'), ...earlier('r2', 1, 'node-od'), ...spreadPods('p', 5, [ctSpread])],
    expectSkew: [{ key: CT, selector: { matchLabels: TEST_LABELS }, counts: [5, 4] }],
  },
  {
    id: 'spread-zones-with-in-flight-nodes-round-1',
    source: src(S, 1959, ...IN_FLIGHT, 'should balance pods across zones with in-flight nodes'),
    mapping: ZONES_MAP,
    nodePools: [nodePool('default')],
    zones: ZONES,
    pods: pods('p', 4, { labels: { foo: 'bar' }, topologySpread: [spread(ZONE, { selector: { matchLabels: { foo: 'bar' } } })] }),
    expectSkew: [{ key: ZONE, selector: { matchLabels: { foo: 'bar' } }, counts: [1, 1, 2] }],
  },
  {
    id: 'spread-zones-with-in-flight-nodes-round-2',
    source: src(S, 1959, ...IN_FLIGHT, 'should balance pods across zones with in-flight nodes'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: one node per zone, two pods on the one in us-east-1a`,
    nodePools: [nodePool('default')],
    zones: ZONES,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 }), node('node-c', { zone: Z3 })],
    pods: [
      ...boundPods('r1-a', 2, 'node-a', { labels: { foo: 'bar' } }),
      ...boundPods('r1-b', 1, 'node-b', { labels: { foo: 'bar' } }),
      ...boundPods('r1-c', 1, 'node-c', { labels: { foo: 'bar' } }),
      ...pods('p', 5, { labels: { foo: 'bar' }, topologySpread: [spread(ZONE, { selector: { matchLabels: { foo: 'bar' } } })] }),
    ],
    expectSkew: [{ key: ZONE, selector: { matchLabels: { foo: 'bar' } }, counts: [3, 3, 3] }],
    expectNewNodeClaims: 0,
  },
  {
    id: 'spread-hostnames-with-in-flight-nodes-round-1',
    source: src(S, 1990, ...IN_FLIGHT, 'should balance pods across hostnames with in-flight nodes'),
    nodePools: [nodePool('default')],
    zones: ZONES,
    pods: pods('p', 4, { labels: { foo: 'bar' }, topologySpread: [spread(HOSTNAME, { selector: { matchLabels: { foo: 'bar' } } })] }),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: { foo: 'bar' } }, counts: [1, 1, 1, 1] }],
  },
  {
    id: 'spread-hostnames-with-in-flight-nodes-round-2',
    source: src(S, 1990, ...IN_FLIGHT, 'should balance pods across hostnames with in-flight nodes'),
    mapping: `${ROUNDS}: four nodes with one pod each; every node may hold maxSkew (1) pods, so five new NodeClaims open`,
    nodePools: [nodePool('default')],
    zones: ZONES,
    nodes: [0, 1, 2, 3].map((i) => node(`node-${i}`, { zone: ZONES[i % 3] })),
    pods: [
      ...[0, 1, 2, 3].flatMap((i) => boundPods(`r1-${i}`, 1, `node-${i}`, { labels: { foo: 'bar' } })),
      ...pods('p', 5, { labels: { foo: 'bar' }, topologySpread: [spread(HOSTNAME, { selector: { matchLabels: { foo: 'bar' } } })] }),
    ],
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: { foo: 'bar' } }, counts: [1, 1, 1, 1, 1, 1, 1, 1, 1] }],
    expectNewNodeClaims: 5,
  },
  ...allThreeRounds(),
  {
    id: 'spread-invalid-label-selector',
    source: src(T, 76, 'Topology', 'should not spread an invalid label selector'),
    mapping:
      'upstream skips this test on Kubernetes >= 1.24 (admission rejects the selector); Karpenter lets an invalid ' +
      'selector select nothing, so both pods share one NodeClaim',
    nodePools: [topoPool()],
    zones: ZONES,
    pods: spreadPods('p', 2, [spread(ZONE, { selector: { matchLabels: { 'app.kubernetes.io/name': '{{ zqfmgb }}' } } })]),
    expectSkew: [{ key: ZONE, counts: [2], openDomains: true }],
  },
  ...volumeRounds(),
  ...taintCases(),
];

function allThreeRounds(): SchedulingCase[] {
  const title = src(
    T,
    1702,
    'Topology',
    'Combined Hostname, Zonal, and Capacity Type Topology',
    'should spread pods while respecting all constraints',
  );
  const constraints = [ctSpread, spread(ZONE, { maxSkew: 2 }), spread(HOSTNAME, { maxSkew: 3 })];
  // What rounds i = 1, 2 leave: [node, zone, capacity type, pods]
  const states: [string, string, string, number][][] = [
    [],
    [['node-1', Z1, 'spot', 1]],
    [
      ['node-1', Z1, 'spot', 2],
      ['node-2', Z2, 'on-demand', 1],
    ],
  ];
  return states.map((state, i) => ({
    id: `spread-zone-capacity-type-hostname-round-${i + 1}`,
    source: title,
    mapping: `the loop's first three rounds (i = 1..3 pods)${i > 0 ? `; ${ROUNDS}` : ''}`,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: state.map(([name, zone, capacityType]) => node(name, { zone, capacityType })),
    pods: [...state.flatMap(([name, , , k]) => earlier(`r-${name}`, k, name)), ...spreadPods('p', i + 1, constraints)],
    expectSkew: [
      { key: CT, selector: { matchLabels: TEST_LABELS }, maxSkew: 1 },
      { key: ZONE, selector: { matchLabels: TEST_LABELS }, maxSkew: 2 },
      { key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, maxSkew: 3 },
    ],
    expectSchedulable: { 'p-': i + 1 },
  }));
}

function volumeRounds(): SchedulingCase[] {
  const title = src(
    T,
    3060,
    'Topology with Volume Requirements',
    'should schedule pod with PVC and TSC minDomains=3 when pods are spread across 3 zones',
  );
  const labels = { app: 'test' };
  const tsc = spread(ZONE, { minDomains: 3, selector: { matchLabels: labels } });
  const pool = [nodePool('default', { requirements: [req(CT, 'In', 'on-demand')] })];
  return [
    {
      id: 'spread-min-domains-before-volume-round-1',
      source: title,
      mapping: ZONES_MAP,
      nodePools: pool,
      zones: ZONES,
      pods: pods('p', 3, { labels, topologySpread: [tsc] }),
      expectSkew: [{ key: ZONE, selector: { matchLabels: labels }, counts: [1, 1, 1] }],
    },
    {
      id: 'spread-min-domains-with-volume-round-2',
      source: title,
      mapping:
        `${ZONES_MAP}; ${ROUNDS}. The PersistentVolume's zone (us-east-1a upstream) is not in the input: volume zones ` +
        'are not modelled, so the case checks that the pod schedules and that its result says so',
      nodePools: pool,
      zones: ZONES,
      nodes: ZONES.map((z, i) => node(`node-${i}`, { zone: z })),
      pods: [
        ...ZONES.flatMap((_, i) => boundPods(`r1-${i}`, 1, `node-${i}`, { labels })),
        pod('pvc', { labels, topologySpread: [tsc], persistentVolumeClaims: ['test-pvc'] }),
      ],
      expectPods: { pvc: { schedulable: true, notModelled: /volume/ } },
    },
  ];
}

function taintCases(): SchedulingCase[] {
  const testTaint = { key: 'test-key', value: 'test-value', effect: 'NoSchedule' };
  const tainted = [topoPool('default', { taints: [testTaint] })];
  return [
    {
      id: 'taints-pool-taint-tolerated-by-exists',
      source: src(T, 2981, 'Taints', 'should taint nodes with NodePool taints'),
      mapping: 'the result shows no node taints; the case checks that the tolerating pod gets the tainted pool',
      nodePools: [topoPool('default', { taints: [{ key: 'test', value: 'bar', effect: 'NoSchedule' }] })],
      zones: ZONES,
      pods: [pod('p', { tolerations: [{ effect: 'NoSchedule', operator: 'Exists' }] })],
      expectPods: { p: { schedulable: true, nodePool: 'default' } },
    },
    {
      id: 'taints-tolerating-pods-round-1',
      source: src(T, 2991, 'Taints', 'should schedule pods that tolerate NodePool constraints'),
      nodePools: tainted,
      zones: ZONES,
      pods: [
        pod('exists', { tolerations: [{ key: 'test-key', operator: 'Exists', effect: 'NoSchedule' }] }),
        pod('equal', { tolerations: [{ key: 'test-key', value: 'test-value', operator: 'Equal', effect: 'NoSchedule' }] }),
      ],
      expectPods: { exists: { schedulable: true }, equal: { schedulable: true } },
    },
    {
      id: 'taints-tolerating-pods-round-2',
      source: src(T, 2991, 'Taints', 'should schedule pods that tolerate NodePool constraints'),
      mapping: "the second batch alone (the first batch's nodes tolerate nothing these pods lack either)",
      nodePools: tainted,
      zones: ZONES,
      pods: [
        pod('missing'),
        pod('key-mismatch', { tolerations: [{ key: 'invalid', operator: 'Exists' }] }),
        pod('value-mismatch', { tolerations: [{ key: 'test-key', operator: 'Equal', effect: 'NoSchedule' }] }),
      ],
      expectPods: { missing: { schedulable: false }, 'key-mismatch': { schedulable: false }, 'value-mismatch': { schedulable: false } },
    },
    {
      id: 'taints-startup-taint-only',
      source: src(T, 3018, 'Taints', 'should provision nodes with taints and schedule pods if the taint is only a startup taint'),
      nodePools: [topoPool('default', { startupTaints: [{ key: 'ignore-me', value: 'nothing-to-see-here', effect: 'NoSchedule' }] })],
      zones: ZONES,
      pods: [pod('p')],
      expectPods: { p: { schedulable: true } },
    },
    {
      id: 'taints-toleration-adds-no-taint',
      source: src(T, 3026, 'Taints', 'should not generate taints for OpExists'),
      mapping: 'the result shows no node taints; the case checks that the pod schedules on the untainted pool',
      nodePools: [topoPool()],
      zones: ZONES,
      pods: [pod('p', { tolerations: [{ key: 'test-key', operator: 'Exists', effect: 'NoExecute' }] })],
      expectPods: { p: { schedulable: true } },
    },
  ];
}

function hostnameAndZonalRounds(): SchedulingCase[] {
  const title = src(T, 941, ...HOST_ZONE, 'should spread pods while respecting both constraints (hostname and zonal)');
  const constraints = [zoneSpread, spread(HOSTNAME, { maxSkew: 3 })];
  const base = { source: title, nodePools: [topoPool()], zones: ZONES };
  const skew = (counts: number[]) => [
    { key: ZONE, selector: { matchLabels: TEST_LABELS }, counts },
    { key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, atMost: 3 },
  ];
  // What each round leaves: [node, zone, pods bound to it]
  const states: [string, string, number][][] = [
    [],
    [
      ['node-a', Z1, 1],
      ['node-b', Z2, 1],
    ],
    [
      ['node-a', Z1, 2],
      ['node-b', Z2, 2],
      ['node-c', Z3, 1],
    ],
    [
      ['node-a', Z1, 3],
      ['node-b', Z2, 3],
      ['node-c', Z3, 3],
      ['node-d', Z1, 1],
    ],
  ];
  const batches = [2, 3, 5, 11];
  const expected = [
    [1, 1],
    [2, 2, 1],
    [4, 3, 3],
    [7, 7, 7],
  ];
  return batches.map((n, i) => ({
    ...base,
    id: `spread-zone-and-hostname-round-${i + 1}`,
    mapping: `${ZONES_MAP}${i > 0 ? `; ${ROUNDS}` : ''}`,
    nodes: states[i].map(([name, zone]) => node(name, { zone })),
    pods: [...states[i].flatMap(([name, , k]) => earlier(`r-${name}`, k, name)), ...spreadPods('p', n, constraints)],
    expectSkew: skew(expected[i]),
  }));
}

function capacityTypeAndHostnameRounds(): SchedulingCase[] {
  const title = src(T, 1090, ...HOST_ZONE, 'should spread pods while respecting both constraints');
  const constraints = [ctSpread, spread(HOSTNAME, { maxSkew: 3 })];
  const states: [string, string, number][][] = [
    [],
    [
      ['node-spot', 'spot', 1],
      ['node-od', 'on-demand', 1],
    ],
    [
      ['node-spot', 'spot', 3],
      ['node-od', 'on-demand', 2],
    ],
    [
      ['node-spot', 'spot', 3],
      ['node-od', 'on-demand', 3],
      ['node-spot-2', 'spot', 2],
      ['node-od-2', 'on-demand', 2],
    ],
  ];
  const batches = [2, 3, 5, 11];
  const expected = [
    [1, 1],
    [3, 2],
    [5, 5],
    [11, 10],
  ];
  return batches.map((n, i) => ({
    id: `spread-capacity-type-and-hostname-round-${i + 1}`,
    source: title,
    mapping: i > 0 ? ROUNDS : undefined,
    nodePools: [topoPool()],
    zones: ZONES,
    nodes: states[i].map(([name, capacityType]) => node(name, { zone: Z1, capacityType })),
    pods: [...states[i].flatMap(([name, , k]) => earlier(`r-${name}`, k, name)), ...spreadPods('p', n, constraints)],
    expectSkew: [
      { key: CT, selector: { matchLabels: TEST_LABELS }, counts: expected[i] },
      { key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, atMost: 3 },
    ],
  }));
}

function taintsPolicyCases(): SchedulingCase[] {
  const taintedNodes = ['foo', 'bar'].map((v) =>
    node(`node-${v}`, { nodePool: null, labels: { [SPREAD_LABEL]: v }, taints: [taint], allocatable: { cpu: '100m' } }),
  );
  const onPoolDomain = (policy: 'Honor' | 'Ignore') =>
    spreadPods('p', 5, [spread(SPREAD_LABEL, { nodeTaintsPolicy: policy })], { requests: { cpu: '1' } });
  const nodesMapping = 'two tainted nodes Karpenter does not own, with 100m CPU, carry the domains foo and bar; the NodePool labels baz';
  const taintedPool = nodePool('tainted', {
    taints: [{ key: 'taint-key', value: 'taint-value', effect: 'NoSchedule' }],
    requirements: [req(CT, 'Exists'), req(SPREAD_LABEL, 'In', 'bar')],
  });
  const fooPool = topoPool('default', { requirements: [req(SPREAD_LABEL, 'In', 'foo')] });
  return [
    {
      id: 'spread-node-taints-policy-ignore',
      source: src(T, 1196, ...TAINTS_POLICY, 'should balance pods across a label (NodeTaintsPolicy=ignore)'),
      mapping: nodesMapping,
      nodePools: [topoPool('default', { labels: { [SPREAD_LABEL]: 'baz' } })],
      zones: ZONES,
      nodes: taintedNodes,
      pods: onPoolDomain('Ignore'),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
      expectSchedulable: { 'p-': 1 },
      expectPendingReason: SPREAD_FAILS,
    },
    {
      id: 'spread-node-taints-policy-honor',
      source: src(T, 1267, ...TAINTS_POLICY, 'should balance pods across a label (NodeTaintsPolicy=honor)'),
      mapping: nodesMapping,
      nodePools: [topoPool('default', { labels: { [SPREAD_LABEL]: 'baz' } })],
      zones: ZONES,
      nodes: taintedNodes,
      pods: onPoolDomain('Honor'),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [5] }],
      expectSchedulable: { 'p-': 5 },
    },
    {
      id: 'spread-node-taints-policy-ignore-pool-domains',
      source: src(T, 1336, ...TAINTS_POLICY, 'should balance pods across a label when discovered from the nodepool (NodeTaintsPolicy=ignore)'),
      mapping: 'the tainted NodePool (random name upstream) is "tainted"',
      nodePools: [fooPool, taintedPool],
      zones: ZONES,
      pods: spreadPods('p', 2, [spread(SPREAD_LABEL, { nodeTaintsPolicy: 'Ignore' })]),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
      expectSchedulable: { 'p-': 1 },
      expectPendingReason: SPREAD_FAILS,
    },
    {
      id: 'spread-node-taints-policy-honor-pool-domains',
      source: src(T, 1392, ...TAINTS_POLICY, 'should balance pods across a label when discovered from the nodepool (NodeTaintsPolicy=honor)'),
      mapping: 'the tainted NodePool (random name upstream) is "tainted"',
      nodePools: [fooPool, taintedPool],
      zones: ZONES,
      pods: spreadPods('p', 2, [spread(SPREAD_LABEL, { nodeTaintsPolicy: 'Honor' })]),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [2] }],
      expectSchedulable: { 'p-': 2 },
    },
    {
      id: 'spread-node-taints-policy-honor-exclusive-pools',
      source: src(
        T,
        1448,
        ...TAINTS_POLICY,
        'should balance pods across a label when mutually exclusive NodePools (by taints) share domains (NodeTaintsPolicy=honor)',
      ),
      mapping: 'the two NodePools are "np-0" (foo, bar) and "np-1" (foo, baz), tainted taint-key=nodepool-0 / nodepool-1',
      nodePools: [
        ['foo', 'bar'],
        ['foo', 'baz'],
      ].map((domains, i) =>
        nodePool(`np-${i}`, {
          taints: [{ key: 'taint-key', value: `nodepool-${i}`, effect: 'NoSchedule' }],
          requirements: [req(CT, 'Exists'), req(SPREAD_LABEL, 'In', ...domains)],
        }),
      ),
      zones: ZONES,
      pods: [0, 1].flatMap((i) =>
        spreadPods(`np${i}`, (i + 1) * 2, [spread(SPREAD_LABEL, { nodeTaintsPolicy: 'Honor' })], {
          tolerations: [{ key: 'taint-key', effect: 'NoSchedule', value: `nodepool-${i}` }],
        }),
      ),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [3, 2, 1] }],
      expectSchedulable: { np0: 2, np1: 4 },
    },
  ];
}

function affinityPolicyCases(): SchedulingCase[] {
  const nodes = ['foo', 'bar'].map((v) =>
    node(`node-${v}`, { nodePool: null, labels: { [SPREAD_LABEL]: v, selector: 'mismatch' }, allocatable: { cpu: '100m' } }),
  );
  const pool = topoPool('default', { labels: { [SPREAD_LABEL]: 'baz', selector: 'value' } });
  const podsWith = (policy: 'Honor' | 'Ignore') =>
    spreadPods('p', 5, [spread(SPREAD_LABEL, { nodeAffinityPolicy: policy })], { requests: { cpu: '1' }, nodeSelector: { selector: 'value' } });
  const mapping = 'two nodes Karpenter does not own, with 100m CPU and selector=mismatch, carry the domains foo and bar';
  return [
    {
      id: 'spread-node-affinity-policy-ignore',
      source: src(T, 1529, ...AFFINITY_POLICY, 'should balance pods across a label (NodeAffinityPolicy=ignore)'),
      mapping,
      nodePools: [pool],
      zones: ZONES,
      nodes,
      pods: podsWith('Ignore'),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [1] }],
      expectSchedulable: { 'p-': 1 },
      expectPendingReason: SPREAD_FAILS,
    },
    {
      id: 'spread-node-affinity-policy-honor',
      source: src(T, 1596, ...AFFINITY_POLICY, 'should balance pods across a label (NodeAffinityPolicy=honor)'),
      mapping,
      nodePools: [pool],
      zones: ZONES,
      nodes,
      pods: podsWith('Honor'),
      expectSkew: [{ key: SPREAD_LABEL, selector: { matchLabels: TEST_LABELS }, counts: [5] }],
      expectSchedulable: { 'p-': 5 },
    },
  ];
}
