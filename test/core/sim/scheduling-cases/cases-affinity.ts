// Pod affinity and anti-affinity, translated from the "Pod Affinity/Anti-Affinity" context of Karpenter's
// topology_test.go. Zones test-zone-1..3 are us-east-1a..c; the NodePool allows every capacity type (Exists).
// Multi-round Go tests are one case per round: earlier rounds' nodes are `nodes` (m5.large), their pods bound pods.
import {
  ARCH,
  boundPods,
  CAPACITY_TYPE as CT,
  HOSTNAME,
  Manifest,
  namespace,
  node,
  nodePool,
  pod,
  PodOptions,
  pods,
  req,
  SchedulingCase,
  spread,
  src,
  term,
  TEST_LABELS,
  TOPOLOGY_SUITE as T,
  ZONE,
  ZONES,
} from './fixtures';

const [Z1, Z2, Z3] = ZONES;
const AFF = ['Topology', 'Pod Affinity/Anti-Affinity'];
const ZONES_MAP = 'test-zone-1..3 -> us-east-1a..c';
const ROUNDS = 'the nodes and bound pods are what the earlier rounds left';
const S2 = { security: 's2' };
const twoCpu: PodOptions = { requests: { cpu: '2' } };
const pool = nodePool('default', { requirements: [req(CT, 'Exists')] });
const base = { nodePools: [pool], zones: ZONES };

/** Ten pods spread one per host over ten NodeClaims (upstream's filler). */
const tenHosts = (): Manifest[] => pods('spread', 10, { labels: TEST_LABELS, topologySpread: [spread(HOSTNAME)] });
const zoneAnti = { required: [term(ZONE, S2)] };
const zoneAntiPreferred = { preferred: [{ weight: 10, podAffinityTerm: term(ZONE, S2) }] };
/** Three 2-CPU pods, one per zone, with this anti-affinity to `security: s2` (placed first: larger). */
const zonePods = (anti: PodOptions['podAntiAffinity'], o: PodOptions = {}): Manifest[] =>
  [Z1, Z2, Z3].map((z, i) => pod(`zone${i + 1}`, { ...twoCpu, podAntiAffinity: anti, nodeSelector: { [ZONE]: z }, ...o }));
const scheduled = (...names: string[]) => Object.fromEntries(names.map((n) => [n, { schedulable: true }]));

export const AFFINITY_CASES: readonly SchedulingCase[] = [
  {
    id: 'affinity-empty-terms',
    source: src(T, 1926, ...AFF, 'should schedule a pod with empty pod affinity and anti-affinity'),
    ...base,
    pods: [pod('p', { podAffinity: { required: [] }, podAntiAffinity: { required: [] } })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'affinity-hostname',
    source: src(T, 1936, ...AFF, 'should respect pod affinity (hostname)'),
    ...base,
    pods: [...tenHosts(), pod('aff1', { labels: S2 }), pod('aff2', { podAffinity: { required: [term(HOSTNAME, S2)] } })],
    expectPods: { aff1: { schedulable: true }, aff2: { schedulable: true, sameNodeAs: 'aff1' } },
  },
  {
    id: 'affinity-arch',
    source: src(T, 1970, ...AFF, 'should respect pod affinity (arch)'),
    ...base,
    pods: [
      pod('aff1', {
        labels: S2,
        ...twoCpu,
        nodeSelector: { [ARCH]: 'arm64' },
        topologySpread: [spread(HOSTNAME, { selector: { matchLabels: S2 } })],
      }),
      pod('aff2', {
        labels: S2,
        requests: { cpu: '1' },
        topologySpread: [spread(HOSTNAME, { selector: { matchLabels: S2 } })],
        podAffinity: { required: [term(ARCH, S2)] },
      }),
    ],
    expectPods: {
      aff1: { schedulable: true, labels: { [ARCH]: 'arm64' } },
      aff2: { schedulable: true, labels: { [ARCH]: 'arm64' }, otherNodeThan: 'aff1' },
    },
  },
  {
    id: 'affinity-self-hostname',
    source: src(T, 2013, ...AFF, 'should respect self pod affinity (hostname)'),
    ...base,
    pods: pods('p', 3, { labels: S2, podAffinity: { required: [term(HOSTNAME, S2)] } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { sameNodeAs: 'p-0' }, 'p-2': { sameNodeAs: 'p-0' } },
    expectNewNodeClaims: 1,
  },
  {
    id: 'affinity-self-hostname-first-domain-round-1',
    source: src(T, 2037, ...AFF, 'should respect self pod affinity for first empty topology domain only (hostname)'),
    mapping: "upstream's node holds 5 pods; here the pool makes t3.micro only, which holds 4 (allocatable pods: 4)",
    nodePools: [nodePool('default', { requirements: [req(CT, 'Exists'), req('node.kubernetes.io/instance-type', 'In', 't3.micro')] })],
    zones: ZONES,
    pods: pods('p', 10, { labels: S2, podAffinity: { required: [term(HOSTNAME, S2)] } }),
    expectSchedulable: { 'p-': 4 },
    expectNewNodeClaims: 1,
  },
  {
    id: 'affinity-self-hostname-first-domain-round-2',
    source: src(T, 2037, ...AFF, 'should respect self pod affinity for first empty topology domain only (hostname)'),
    mapping: `${ROUNDS}: the t3.micro node with its 4 pods (full); the next batch has nowhere to go`,
    nodePools: [nodePool('default', { requirements: [req(CT, 'Exists'), req('node.kubernetes.io/instance-type', 'In', 't3.micro')] })],
    zones: ZONES,
    nodes: [node('node-1', { type: 't3.micro', zone: Z1 })],
    pods: [
      ...boundPods('r1', 4, 'node-1', { labels: S2, podAffinity: { required: [term(HOSTNAME, S2)] } }),
      ...pods('p', 10, { labels: S2, podAffinity: { required: [term(HOSTNAME, S2)] } }),
    ],
    expectSchedulable: { 'p-': 0 },
  },
  {
    id: 'affinity-self-hostname-constrained-zones-round-1',
    source: src(T, 2079, ...AFF, 'should respect self pod affinity for first empty topology domain only (hostname/constrained zones)'),
    mapping: ZONES_MAP,
    ...base,
    pods: [pod('r1-0', { labels: S2, nodeSelector: { [ZONE]: Z1 }, podAffinity: { required: [term(HOSTNAME, S2)] } })],
    expectPods: { 'r1-0': { schedulable: true, zone: Z1 } },
  },
  {
    id: 'affinity-self-hostname-constrained-zones-round-2',
    source: src(T, 2079, ...AFF, 'should respect self pod affinity for first empty topology domain only (hostname/constrained zones)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: the matching pod's host is in us-east-1a, which the new pods exclude`,
    ...base,
    nodes: [node('node-a', { zone: Z1 })],
    pods: [
      pod('r1-0', { labels: S2, nodeName: 'node-a', podAffinity: { required: [term(HOSTNAME, S2)] } }),
      ...pods('p', 10, { labels: S2, required: [[req(ZONE, 'In', Z2, Z3)]], podAffinity: { required: [term(HOSTNAME, S2)] } }),
    ],
    expectSchedulable: { 'p-': 0 },
  },
  {
    id: 'affinity-self-zone',
    source: src(T, 2123, ...AFF, 'should respect self pod affinity (zone)'),
    ...base,
    pods: pods('p', 3, { labels: S2, podAffinity: { required: [term(ZONE, S2)] } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { sameNodeAs: 'p-0' }, 'p-2': { sameNodeAs: 'p-0' } },
  },
  {
    id: 'affinity-self-zone-constrained',
    source: src(T, 2147, ...AFF, 'should respect self pod affinity (zone w/ constraint)'),
    mapping: ZONES_MAP,
    ...base,
    pods: pods('p', 3, { labels: S2, podAffinity: { required: [term(ZONE, S2)] }, required: [[req(ZONE, 'In', Z3)]] }),
    expectPods: { 'p-0': { schedulable: true, zone: Z3 }, 'p-1': { sameNodeAs: 'p-0', zone: Z3 }, 'p-2': { sameNodeAs: 'p-0', zone: Z3 } },
  },
  {
    id: 'affinity-self-zone-incompatible-selectors',
    source: src(T, 2178, ...AFF, 'should allow two nodes to be created when two pods with matching affinities have incompatible selectors'),
    mapping: ZONES_MAP,
    ...base,
    pods: [
      pod('pod1', { labels: { security: 's1' }, podAffinity: { required: [term(ZONE, { security: 's1' })] }, required: [[req(ZONE, 'In', Z2)]] }),
      pod('pod2', { labels: { security: 's1' }, podAffinity: { required: [term(ZONE, { security: 's1' })] }, required: [[req(ZONE, 'In', Z3)]] }),
    ],
    expectPods: { pod1: { schedulable: true, zone: Z2 }, pod2: { schedulable: true, zone: Z3, otherNodeThan: 'pod1' } },
  },
  {
    id: 'affinity-preferred-violated',
    source: src(T, 2231, ...AFF, 'should allow violation of preferred pod affinity'),
    ...base,
    pods: [...tenHosts(), pod('aff2', { podAffinity: { preferred: [{ weight: 50, podAffinityTerm: term(HOSTNAME, S2) }] } })],
    expectPods: { aff2: { schedulable: true } },
  },
  {
    id: 'anti-affinity-preferred-violated',
    source: src(T, 2264, ...AFF, 'should allow violation of preferred pod anti-affinity'),
    mapping: ZONES_MAP,
    ...base,
    pods: [
      ...pods('spread', 3, { labels: TEST_LABELS, topologySpread: [spread(ZONE)] }),
      ...pods('aff', 10, { podAntiAffinity: { preferred: [{ weight: 50, podAffinityTerm: term(ZONE, TEST_LABELS) }] } }),
    ],
    expectSchedulable: { 'aff-': 10 },
  },
  {
    id: 'anti-affinity-hostname-separates',
    source: src(T, 2297, ...AFF, 'should separate nodes using simple pod anti-affinity on hostname'),
    mapping: 'one of the ten iterations; the pod with the anti-affinity comes first, as upstream passes it',
    ...base,
    pods: [pod('aff2', { podAntiAffinity: { required: [term(HOSTNAME, S2)] } }), pod('aff1', { labels: S2 })],
    expectPods: { aff1: { schedulable: true }, aff2: { schedulable: true, otherNodeThan: 'aff1' } },
  },
  {
    id: 'anti-affinity-zone',
    source: src(T, 2319, ...AFF, 'should not violate pod anti-affinity on zone'),
    mapping: ZONES_MAP,
    ...base,
    pods: [...zonePods(undefined, { labels: S2 }), pod('aff', { podAntiAffinity: zoneAnti })],
    expectPods: {
      ...scheduled('zone1', 'zone2', 'zone3'),
      aff: { schedulable: false, reason: 'unsatisfiable topology constraint for pod anti-affinity' },
    },
  },
  {
    id: 'anti-affinity-zone-other-first',
    source: src(T, 2358, ...AFF, 'should not violate pod anti-affinity on zone (other schedules first)'),
    mapping: 'the target lands on a NodeClaim with its zone still open, which blocks every zone this round',
    ...base,
    pods: [pod('target', { labels: S2, ...twoCpu }), pod('aff', { podAntiAffinity: zoneAnti })],
    expectPods: { target: { schedulable: true }, aff: { schedulable: false } },
  },
  {
    id: 'anti-affinity-arch',
    source: src(T, 2380, ...AFF, 'should not violate pod anti-affinity (arch)'),
    ...base,
    pods: [
      pod('aff1', {
        labels: S2,
        ...twoCpu,
        nodeSelector: { [ARCH]: 'arm64' },
        topologySpread: [spread(HOSTNAME, { selector: { matchLabels: S2 } })],
      }),
      pod('aff2', {
        labels: S2,
        requests: { cpu: '1' },
        topologySpread: [spread(HOSTNAME, { selector: { matchLabels: S2 } })],
        podAntiAffinity: { required: [term(ARCH, S2)] },
      }),
    ],
    expectPods: { aff1: { schedulable: true, labels: { [ARCH]: 'arm64' } }, aff2: { schedulable: true, labels: { [ARCH]: 'amd64' } } },
  },
  {
    id: 'anti-affinity-zone-preferred-inverse',
    source: src(T, 2423, ...AFF, 'should violate preferred pod anti-affinity on zone (inverse)'),
    mapping: ZONES_MAP,
    ...base,
    pods: [...zonePods(zoneAntiPreferred), pod('aff', { labels: S2 })],
    expectPods: scheduled('zone1', 'zone2', 'zone3', 'aff'),
  },
  {
    id: 'anti-affinity-zone-inverse',
    source: src(T, 2463, ...AFF, 'should not violate pod anti-affinity on zone (inverse)'),
    mapping: ZONES_MAP,
    ...base,
    pods: [...zonePods(zoneAnti), pod('aff', { labels: S2 })],
    expectPods: {
      ...scheduled('zone1', 'zone2', 'zone3'),
      aff: { schedulable: false, reason: 'unsatisfiable topology constraint for pod anti-affinity' },
    },
  },
  {
    id: 'anti-affinity-zone-schrodinger-round-1',
    source: src(T, 2499, ...AFF, 'should not violate pod anti-affinity on zone (Schrödinger)'),
    ...base,
    pods: [pod('anywhere', { ...twoCpu, podAntiAffinity: zoneAnti }), pod('aff', { labels: S2 })],
    expectPods: { anywhere: { schedulable: true }, aff: { schedulable: false } },
  },
  {
    id: 'anti-affinity-zone-schrodinger-round-2',
    source: src(T, 2499, ...AFF, 'should not violate pod anti-affinity on zone (Schrödinger)'),
    mapping:
      `${ZONES_MAP}; ${ROUNDS}: the anti-affinity pod's node launched in us-east-1a; upstream checks the zone the new node ` +
      'launched in, here its NodeClaim must not be fixed to us-east-1a (it may leave us-east-1b/c open)',
    ...base,
    nodes: [node('node-a', { zone: Z1 })],
    pods: [pod('anywhere', { ...twoCpu, podAntiAffinity: zoneAnti, nodeName: 'node-a' }), pod('aff', { labels: S2 })],
    expectPods: { anywhere: { bound: true, node: 'node-a' }, aff: { schedulable: true, notLabels: { [ZONE]: Z1 } } },
  },
  {
    id: 'anti-affinity-zone-inverse-existing-nodes-round-1',
    source: src(T, 2530, ...AFF, 'should not violate pod anti-affinity on zone (inverse w/existing nodes)'),
    mapping: ZONES_MAP,
    ...base,
    pods: zonePods(zoneAnti),
    expectPods: { zone1: { schedulable: true, zone: Z1 }, zone2: { schedulable: true, zone: Z2 }, zone3: { schedulable: true, zone: Z3 } },
  },
  {
    id: 'anti-affinity-zone-inverse-existing-nodes-round-2',
    source: src(T, 2530, ...AFF, 'should not violate pod anti-affinity on zone (inverse w/existing nodes)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: one node per zone, each with a bound pod whose anti-affinity selects the new pod`,
    ...base,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 }), node('node-c', { zone: Z3 })],
    pods: [...zonePods(zoneAnti).map((p, i) => withNode(p, ['node-a', 'node-b', 'node-c'][i])), pod('aff', { labels: S2 })],
    expectPods: { aff: { schedulable: false, reason: 'unsatisfiable topology constraint for pod anti-affinity' } },
  },
  {
    id: 'anti-affinity-zone-preferred-inverse-existing-nodes-round-2',
    source: src(T, 2580, ...AFF, 'should violate preferred pod anti-affinity on zone (inverse w/existing nodes)'),
    mapping: `${ZONES_MAP}; ${ROUNDS} (round 1 is anti-affinity-zone-inverse-existing-nodes-round-1 with preferred terms)`,
    ...base,
    nodes: [node('node-a', { zone: Z1 }), node('node-b', { zone: Z2 }), node('node-c', { zone: Z3 })],
    pods: [...zonePods(zoneAntiPreferred).map((p, i) => withNode(p, ['node-a', 'node-b', 'node-c'][i])), pod('aff', { labels: S2 })],
    expectPods: { aff: { schedulable: true } },
  },
  {
    id: 'affinity-preference-conflicting-required',
    source: src(T, 2630, ...AFF, 'should allow violation of a pod affinity preference with a conflicting required constraint'),
    ...base,
    pods: [
      ...pods('aff', 3, {
        labels: TEST_LABELS,
        topologySpread: [spread(HOSTNAME)],
        podAffinity: { preferred: [{ weight: 50, podAffinityTerm: term(HOSTNAME, S2) }] },
      }),
      pod('aff1', { labels: S2 }),
    ],
    expectPods: scheduled('aff-0', 'aff-1', 'aff-2', 'aff1'),
    expectSkew: [{ key: HOSTNAME, selector: { matchLabels: TEST_LABELS }, namespace: '', counts: [1, 1, 1] }],
  },
  ...antiAffinityZoneRounds(),
  {
    id: 'affinity-to-missing-pod',
    source: src(T, 2710, ...AFF, 'should not schedule pods with affinity to a non-existent pod'),
    ...base,
    pods: pods('aff', 10, { podAffinity: { required: [term(ZONE, S2)] } }),
    expectSchedulable: { 'aff-': 0 },
    expectPendingReason: { 'aff-': 'unsatisfiable topology constraint for pod affinity' },
    expectPods: { 'aff-0': { schedulable: false, reason: 'unsatisfiable topology constraint for pod affinity' } },
  },
  {
    id: 'affinity-zone-unconstrained-target-round-1',
    source: src(T, 2727, ...AFF, 'should support pod affinity with zone topology (unconstrained target)'),
    mapping: "the target's NodeClaim leaves its zone open, so none of the pods with affinity to it can follow this round",
    ...base,
    pods: [...pods('aff', 10, { podAffinity: { required: [term(ZONE, S2)] } }), pod('target', { labels: S2 })],
    expectSchedulable: { 'aff-': 0 },
    expectPendingReason: { 'aff-': 'unsatisfiable topology constraint for pod affinity' },
    expectPods: { target: { schedulable: true } },
    expectSkew: [{ key: ZONE, counts: [1], openDomains: true }],
  },
  {
    id: 'affinity-zone-unconstrained-target-round-2',
    source: src(T, 2727, ...AFF, 'should support pod affinity with zone topology (unconstrained target)'),
    mapping: `${ZONES_MAP}; ${ROUNDS}: the target's node launched in us-east-1b`,
    ...base,
    nodes: [node('node-b', { zone: Z2 })],
    pods: [pod('target', { labels: S2, nodeName: 'node-b' }), ...pods('aff', 10, { podAffinity: { required: [term(ZONE, S2)] } })],
    expectSchedulable: { 'aff-': 10 },
    expectSkew: [{ key: ZONE, counts: [11] }],
  },
  {
    id: 'affinity-zone-constrained-target',
    source: src(T, 2760, ...AFF, 'should support pod affinity with zone topology (constrained target)'),
    mapping: ZONES_MAP,
    ...base,
    pods: [...pods('aff', 10, { podAffinity: { required: [term(ZONE, S2)] } }), pod('target', { labels: S2, required: [[req(ZONE, 'In', Z1)]] })],
    expectSkew: [{ key: ZONE, counts: [11] }],
    expectPods: { 'aff-0': { schedulable: true, zone: Z1 } },
  },
  {
    id: 'affinity-chain-of-dependencies',
    source: src(T, 2789, ...AFF, 'should handle multiple dependent affinities'),
    mapping: 'one of the fifty iterations',
    ...base,
    pods: [
      pod('db', { labels: { type: 'db', spread: 'spread' } }),
      pod('web', { labels: { type: 'web', spread: 'spread' }, podAffinity: { required: [term(HOSTNAME, { type: 'db', spread: 'spread' })] } }),
      pod('cache', { labels: { type: 'cache', spread: 'spread' }, podAffinity: { required: [term(HOSTNAME, { type: 'web', spread: 'spread' })] } }),
      pod('ui', { labels: { type: 'ui', spread: 'spread' }, podAffinity: { required: [term(HOSTNAME, { type: 'cache', spread: 'spread' })] } }),
    ],
    expectPods: { db: { schedulable: true }, web: { sameNodeAs: 'db' }, cache: { sameNodeAs: 'db' }, ui: { sameNodeAs: 'db' } },
  },
  {
    id: 'affinity-unsatisfiable-dependency',
    source: src(T, 2824, ...AFF, 'should fail to schedule pods with unsatisfiable dependencies'),
    ...base,
    pods: [pod('db', { labels: { type: 'db', spread: 'spread' }, podAffinity: { required: [term(HOSTNAME, { type: 'web', spread: 'spread' })] } })],
    expectPods: { db: { schedulable: false, reason: 'unsatisfiable topology constraint for pod affinity' } },
  },
  {
    id: 'affinity-namespace-no-match',
    source: src(T, 2840, ...AFF, 'should filter pod affinity topologies by namespace, no matching pods'),
    ...base,
    namespaces: [namespace('other-ns-no-match')],
    pods: [
      ...tenHosts(),
      pod('aff1', { labels: S2, namespace: 'other-ns-no-match' }),
      pod('aff2', { podAffinity: { required: [term(HOSTNAME, S2)] } }),
    ],
    expectPods: { aff1: { schedulable: true }, aff2: { schedulable: false, reason: 'unsatisfiable topology constraint for pod affinity' } },
  },
  {
    id: 'affinity-namespace-list',
    source: src(T, 2878, ...AFF, 'should filter pod affinity topologies by namespace, matching pods namespace list'),
    ...base,
    namespaces: [namespace('other-ns-list')],
    pods: [
      ...tenHosts(),
      pod('aff1', { labels: S2, namespace: 'other-ns-list' }),
      pod('aff2', { podAffinity: { required: [term(HOSTNAME, S2, { namespaces: ['other-ns-list'] })] } }),
    ],
    expectPods: { aff1: { schedulable: true }, aff2: { schedulable: true, sameNodeAs: 'aff1' } },
  },
  {
    id: 'affinity-namespace-selector-empty',
    source: src(T, 2917, ...AFF, 'should filter pod affinity topologies by namespace, empty namespace selector'),
    mapping: 'the Namespace objects are in the input (an empty namespaceSelector selects every Namespace listed)',
    ...base,
    namespaces: [namespace('default'), namespace('empty-ns-selector', { foo: 'bar' })],
    pods: [
      ...tenHosts(),
      pod('aff1', { labels: S2, namespace: 'empty-ns-selector' }),
      pod('aff2', { podAffinity: { required: [term(HOSTNAME, S2, { namespaceSelector: {} })] } }),
    ],
    expectPods: { aff1: { schedulable: true }, aff2: { schedulable: true, sameNodeAs: 'aff1' } },
  },
];

function withNode(p: Manifest, nodeName: string): Manifest {
  return { ...p, spec: { ...(p.spec as Manifest), nodeName } };
}

/** "should support pod anti-affinity with a zone topology": one pod per round while zones are open, then none. */
function antiAffinityZoneRounds(): SchedulingCase[] {
  const selfAnti = (prefix: string, n: number, o: PodOptions = {}) => pods(prefix, n, { labels: S2, podAntiAffinity: zoneAnti, ...o });
  const nodesBefore = [[], ['node-a'], ['node-a', 'node-b'], ['node-a', 'node-b', 'node-c']];
  const expected = [[1], [1, 1], [1, 1, 1], [1, 1, 1]];
  return expected.map((counts, i) => ({
    id: `anti-affinity-zone-self-round-${i + 1}`,
    source: src(T, 2665, ...AFF, 'should support pod anti-affinity with a zone topology'),
    mapping:
      i === 0
        ? 'the first pod lands on a NodeClaim whose zone is still open, which blocks every zone for the other two'
        : `${ZONES_MAP}; ${ROUNDS}: one pod per zone so far (the unscheduled ones were deleted)`,
    ...base,
    nodes: nodesBefore[i].map((n, k) => node(n, { zone: ZONES[k] })),
    pods: [...nodesBefore[i].flatMap((n) => selfAnti(`r-${n}`, 1, { nodeName: n })), ...selfAnti('p', 3)],
    expectSkew: [{ key: ZONE, counts, openDomains: i < 2 }],
    expectSchedulable: { 'p-': i < 3 ? 1 : 0 },
    expectPendingReason: { 'p-': 'unsatisfiable topology constraint for pod anti-affinity' },
  }));
}
