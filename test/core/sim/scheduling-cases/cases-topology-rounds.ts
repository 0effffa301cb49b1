// Topology spread with in-flight nodes (the scheduling suite), the three-constraint rounds, an invalid selector,
// volume requirements and taints (topology_test.go). A multi-round Go test is one case per round: the nodes the
// earlier rounds launched are `nodes` and their pods are bound pods named `r<round>-...`.
import {
  boundPods,
  CAPACITY_TYPE as CT,
  HOSTNAME,
  node,
  nodePool,
  pod,
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
import { IN_FLIGHT, ROUNDS, Z1, Z2, Z3, ZONES_MAP, ctSpread, earlier, spreadPods, topoPool } from './topology-helpers';

export const TOPOLOGY_ROUND_CASES: readonly SchedulingCase[] = [
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
