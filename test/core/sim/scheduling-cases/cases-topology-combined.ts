// Combined topology spreads, matchLabelKeys, nodeTaintsPolicy and nodeAffinityPolicy, and spreads with node affinity
// (topology_test.go). A multi-round Go test is one case per round: `nodes` are what the earlier rounds launched.
import {
  CAPACITY_TYPE as CT,
  HOSTNAME,
  node,
  nodePool,
  pods,
  req,
  SchedulingCase,
  spread,
  src,
  TEST_LABELS,
  TOPOLOGY_SUITE as T,
  ZONE,
  ZONES,
} from './fixtures';
import {
  AFFINITY_POLICY,
  CT_NA,
  HOST_ZONE,
  MLK,
  ROUNDS,
  SPREAD_FAILS,
  SPREAD_LABEL,
  TAINTS_POLICY,
  Z1,
  Z2,
  Z3,
  ZONES_MAP,
  ZONE_CT,
  ZONE_NA,
  ctSpread,
  earlier,
  spreadPods,
  taint,
  topoPool,
  zonePools,
  zoneSpread,
} from './topology-helpers';

export const TOPOLOGY_COMBINED_CASES: readonly SchedulingCase[] = [
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
];

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
