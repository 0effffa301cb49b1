// Settling rounds: each round's NodeClaims launch and the pods still pending go to the next batch, until a round
// launches nothing. The reproductions of the issue (one batch and settled), upstream's multi-round topology tests as
// one settling case each (the final round's expectation, from an empty cluster), properties over random batches.
import { execFileSync } from 'child_process';
import { loadInstanceTypeCatalog, runSimulation, SimulationInput, SimulationResult, simulateProvisioning } from '../../../lib/core/sim';
import { mulberry32 } from '../../util/prng';
import {
  Manifest,
  nodeClass,
  nodePool,
  pods,
  req,
  spread,
  term,
  TEST_LABELS,
  TOPOLOGY_SUITE,
  ZONE,
  ZONES,
  HOSTNAME,
} from './scheduling-cases/fixtures';

const catalog = loadInstanceTypeCatalog();
type Rounds = SimulationInput['rounds'];

function simulate(input: Partial<SimulationInput>, rounds?: Rounds): SimulationResult {
  return simulateProvisioning({
    nodePools: [nodePool('default')],
    nodeClasses: [nodeClass('default')],
    pods: [],
    ...input,
    ...(rounds === undefined ? {} : { rounds }),
  });
}

const pending = (r: SimulationResult) => r.pods.filter((p) => !p.schedulable && !p.bound && !p.ignored);
/** Pods per value of `key` on their launched node or NodeClaim, sorted. */
function perDomain(r: SimulationResult, key: string): number[] {
  const counts = new Map<string, number>();
  for (const p of r.pods) {
    if (!p.schedulable) continue;
    const claim = r.nodeClaims.find((c) => c.name === p.nodeClaim);
    const d = key === ZONE ? p.zone : key === HOSTNAME ? p.nodeClaim : claim?.labels[key];
    if (d !== undefined) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts.values()].sort((a, b) => a - b);
}

describe('the reproductions: one batch, then settled', () => {
  const antiZone = { labels: { app: 'web' }, requests: { cpu: '1' }, podAntiAffinity: { required: [term(ZONE, { app: 'web' })] } };
  const zoneInput = { pods: pods('web', 4, antiZone), zones: ZONES };

  test('zone anti-affinity: one batch places 1 of 4; settled, 3 run in 3 zones after 3 rounds and the 4th is pending for good', () => {
    const one = simulate(zoneInput, 1);
    expect(one.pods.filter((p) => p.schedulable)).toHaveLength(1);
    expect(one).toMatchObject({ rounds: 1, settled: false });
    expect(one.pods[0]).toMatchObject({ schedulable: true, round: 1, nodeClaim: 'default-0', zone: 'us-east-1a' });
    expect(simulate(zoneInput).rounds).toBeUndefined();
    const settled = simulate(zoneInput, 'settle');
    expect(settled).toMatchObject({ rounds: 3, settled: true });
    expect(settled.pods.map((p) => [p.round, p.zone])).toEqual([
      [1, 'us-east-1a'],
      [2, 'us-east-1b'],
      [3, 'us-east-1c'],
      [undefined, undefined],
    ]);
    expect(pending(settled)[0].reason).toMatch(/anti-affinity/);
    expect(settled.nodeClaims.map((c) => [c.name, c.round, c.launch])).toEqual([
      ['default-0', 1, { instanceType: expect.any(String), zone: 'us-east-1a', capacityType: 'spot' }],
      ['default-1', 2, { instanceType: expect.any(String), zone: 'us-east-1b', capacityType: 'spot' }],
      ['default-2', 3, { instanceType: expect.any(String), zone: 'us-east-1c', capacityType: 'spot' }],
    ]);
  });

  // m5 large..8xlarge (8xlarge has 32 vCPU, over the limit: large..4xlarge); one pod per node.
  const m5 = nodePool('m5', {
    requirements: [
      req('karpenter.k8s.aws/instance-family', 'In', 'm5'),
      req('karpenter.k8s.aws/instance-size', 'In', 'large', 'xlarge', '2xlarge', '4xlarge', '8xlarge'),
    ],
    limits: { cpu: '20' },
  });
  const apart = { labels: { app: 'solo' }, requests: { cpu: '1' }, podAntiAffinity: { required: [term(HOSTNAME, { app: 'solo' })] } };
  const limitInput = { nodePools: [m5], pods: pods('solo', 5, apart) };

  test('limits: one batch launches 2 (each counted at its largest option); settled, all 5 run on 5 m5.large, 10 vCPU', () => {
    const one = simulate(limitInput, 1);
    expect(one.nodeClaims).toHaveLength(2);
    expect(pending(one)).toHaveLength(3);
    expect(pending(one)[0].reason).toMatch(/exceed limits/);
    const settled = simulate(limitInput, 'settle');
    expect(pending(settled)).toHaveLength(0);
    expect(settled.nodeClaims.map((c) => c.launch?.instanceType)).toEqual(Array(5).fill('m5.large'));
    expect(settled.nodeClaims.map((c) => c.round)).toEqual([1, 1, 2, 3, 3]);
    expect(settled).toMatchObject({ rounds: 3, settled: true });
  });

  test("a SpotOnDemandSplit's spread: 10 replicas settle as 2 on-demand and 8 spot, 2 per capacity-spread domain", () => {
    // The full example's split (limits cpu 200 per pool; c, m, r of generation > 5), as SpotOnDemandSplit writes it.
    const split = (name: string, capacityType: string, values: string[]) =>
      nodePool(name, {
        weight: 50,
        labels: { 'example.com/workload': 'web' },
        limits: { cpu: '200' },
        requirements: [
          req('karpenter.sh/capacity-type', 'In', capacityType),
          req('capacity-spread', 'In', ...values),
          req('karpenter.k8s.aws/instance-category', 'In', 'c', 'm', 'r'),
          req('karpenter.k8s.aws/instance-generation', 'Gt', '5'),
        ],
      });
    const web = {
      labels: { app: 'web' },
      requests: { cpu: '500m' },
      topologySpread: [spread('capacity-spread', { selector: { matchLabels: { app: 'web' } } })],
    };
    const input = {
      nodePools: [split('web-spot', 'spot', ['2', '3', '4', '5']), split('web-on-demand', 'on-demand', ['1'])],
      pods: pods('web', 10, web),
    };
    const one = simulate(input, 1);
    expect(pending(one).length).toBeGreaterThan(0);
    const settled = simulate(input, 'settle');
    expect(pending(settled)).toHaveLength(0);
    expect(settled.pods.filter((p) => p.capacityType === 'on-demand')).toHaveLength(2);
    expect(settled.pods.filter((p) => p.capacityType === 'spot')).toHaveLength(8);
    expect(perDomain(settled, 'capacity-spread')).toEqual([2, 2, 2, 2, 2]);
  });
});

describe('rounds input', () => {
  test.each([0, -1, 1.5, 'forever', null, Number.NaN])('%p is an error on the input and one batch is simulated', (rounds) => {
    const run = runSimulation({ nodePools: [nodePool('default')], nodeClasses: [nodeClass('default')], pods: [], rounds: rounds as Rounds });
    expect(run.issues).toContainEqual(expect.objectContaining({ severity: 'error', field: 'rounds', code: 'SimInvalidRounds' }));
    expect(run.issues.find((i) => i.code === 'SimInvalidRounds')?.message).toMatch(/not a number of rounds: give a positive integer or 'settle'/);
    expect(run.result.rounds).toBeUndefined();
  });

  test('a rounds value that throws when read is the same error, and the simulation does not throw', () => {
    const input = { nodePools: [nodePool('default')], nodeClasses: [nodeClass('default')], pods: [] } as Record<string, unknown>;
    Object.defineProperty(input, 'rounds', {
      get: () => {
        throw new Error('hostile');
      },
    });
    const run = runSimulation(input as unknown as SimulationInput);
    expect(run.issues).toContainEqual(expect.objectContaining({ field: 'rounds', code: 'SimInvalidRounds' }));
    expect(run.issues.find((i) => i.code === 'SimInvalidRounds')?.message).toMatch(/^could not be read \(a value threw when read\)/);
    expect(run.result.rounds).toBeUndefined();
  });

  test('a cap below what settling needs says so, with the number, and settled is false', () => {
    const r = simulate(
      { pods: pods('web', 4, { labels: { app: 'web' }, podAntiAffinity: { required: [term(ZONE, { app: 'web' })] } }), zones: ZONES },
      2,
    );
    expect(r).toMatchObject({ rounds: 2, settled: false });
    expect(r.assumptions).toContainEqual(expect.stringMatching(/^Stopped after 2 round\(s\), the cap/));
    expect(r.assumptions).toContainEqual(expect.stringMatching(/^A NodeClaim launches as its cheapest priced option/));
  });
});

// Upstream's multi-round tests, as one settling run each: every pod of every round given at once to an empty cluster,
// the expectation of the final round checked on the settled result.
interface SettlingCase {
  readonly id: string;
  readonly line: number;
  readonly title: string;
  readonly input: Partial<SimulationInput>;
  readonly check: (r: SimulationResult) => void;
}
const CT_EXISTS = [req('karpenter.sh/capacity-type', 'Exists')];
const SETTLING_CASES: readonly SettlingCase[] = [
  {
    id: 'anti-affinity-zone-settles',
    line: 2665,
    title: 'should support pod anti-affinity with a zone topology',
    // Three pods per round upstream, the unscheduled deleted; four here: three zones take one each, the fourth fits nowhere.
    input: {
      nodePools: [nodePool('default', { requirements: CT_EXISTS })],
      pods: pods('p', 4, { labels: { security: 's2' }, podAntiAffinity: { required: [term(ZONE, { security: 's2' })] } }),
      zones: ZONES,
    },
    check: (r) => {
      expect(perDomain(r, ZONE)).toEqual([1, 1, 1]);
      expect(pending(r)).toHaveLength(1);
      expect(r).toMatchObject({ rounds: 3, settled: true });
    },
  },
  {
    id: 'hostname-and-zonal-spread-settles',
    line: 941,
    title: 'should spread pods while respecting both constraints (hostname and zonal)',
    // Rounds of 2, 3, 5 and 11 pods upstream: 21 in all, (7, 7, 7) per zone, no node over 3.
    input: {
      nodePools: [nodePool('default', { requirements: CT_EXISTS })],
      pods: pods('p', 21, { labels: TEST_LABELS, topologySpread: [spread(ZONE), spread(HOSTNAME, { maxSkew: 3 })] }),
      zones: ZONES,
    },
    check: (r) => {
      expect(pending(r)).toHaveLength(0);
      expect(perDomain(r, ZONE)).toEqual([7, 7, 7]);
      expect(Math.max(...perDomain(r, HOSTNAME))).toBeLessThanOrEqual(3);
    },
  },
  {
    id: 'max-skew-5-non-minimum-domain-settles',
    line: 266,
    title: "should schedule to the non-minimum domain if its all that's available",
    // Upstream moves the pool from zone 1 to 2 to 3 between rounds; here three pools, one per zone, heaviest first, so
    // the 12 pods of the three rounds settle the same way: maxSkew 5 leaves zone 3 at most 5 over the others.
    input: {
      nodePools: ['1', '2', '3'].map((z, i) =>
        nodePool(`zone-${z}`, { weight: i === 2 ? 100 : 1, requirements: [...CT_EXISTS, req(ZONE, 'In', ZONES[i])] }),
      ),
      pods: pods('p', 12, { labels: TEST_LABELS, requests: { cpu: '1.1' }, topologySpread: [spread(ZONE, { maxSkew: 5 })] }),
      zones: ZONES,
    },
    check: (r) => {
      const counts = perDomain(r, ZONE);
      expect(counts.length).toBe(3);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(5);
      expect(r.settled).toBe(true);
    },
  },
];

describe('upstream multi-round topology tests, settled', () => {
  test.each(SETTLING_CASES.map((c) => [c.id, c] as const))('%s', (_, c) => {
    c.check(simulate(c.input, 'settle'));
  });

  const gitDir = process.env.KARPENTER_CORE_GIT_DIR || undefined;
  if (gitDir === undefined) {
    console.warn('SKIPPED: settling case sources vs upstream: set KARPENTER_CORE_GIT_DIR to a kubernetes-sigs/karpenter clone to check them');
    return;
  }
  test('each case cites the line of its It at v1.14.1', () => {
    const lines = execFileSync('git', ['-C', gitDir, 'show', `v1.14.1:${TOPOLOGY_SUITE}`], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n');
    for (const c of SETTLING_CASES) expect(`${c.id}: ${lines[c.line - 1]}`).toContain(`${c.id}: \t\tIt(${JSON.stringify(c.title)}`);
  });
});

// Properties over random batches (SETTLE_SEED reproduces a failure; each test name carries its seed).
const SEED = Number(process.env.SETTLE_SEED ?? 20261207);
const BATCHES = Number(process.env.SETTLE_BATCHES ?? 25);

function randomInput(seed: number): SimulationInput {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const pools = Array.from({ length: 1 + Math.floor(rand() * 2) }, (_, i) =>
    nodePool(`pool-${i}`, {
      weight: i,
      requirements: [
        req('karpenter.k8s.aws/instance-family', 'In', pick(['m5', 'c5', 'r5'])),
        req('karpenter.k8s.aws/instance-size', 'NotIn', 'metal'),
      ],
      ...(rand() < 0.8
        ? { limits: { cpu: String(4 + Math.floor(rand() * 60)), ...(rand() < 0.3 ? { memory: `${16 + Math.floor(rand() * 200)}Gi` } : {}) } }
        : {}),
    }),
  );
  const all: Manifest[] = [];
  for (let app = 0; app < 1 + Math.floor(rand() * 5); app++) {
    const labels = { app: `app-${app}` };
    const kind = rand();
    all.push(
      ...pods(`app-${app}`, 1 + Math.floor(rand() * 12), {
        labels,
        requests: { cpu: pick(['250m', '500m', '1', '1500m', '3']), memory: pick(['256Mi', '1Gi', '4Gi']) },
        ...(kind < 0.3 ? { podAntiAffinity: { required: [term(HOSTNAME, labels)] } } : {}),
        ...(kind >= 0.3 && kind < 0.6 ? { topologySpread: [spread(ZONE, { selector: { matchLabels: labels } })] } : {}),
      }),
    );
  }
  return { nodePools: pools, nodeClasses: [nodeClass('default')], pods: all, zones: ZONES };
}

/** The settled cluster as Node manifests, with each placed pod bound to its node and the pending ones left pending. */
function settledCluster(input: SimulationInput, r: SimulationResult): SimulationInput {
  const nodes = r.nodeClaims.map((c) => {
    const type = catalog.get(c.launch!.instanceType)!;
    const amounts = (a: Readonly<Record<string, number>>) =>
      Object.fromEntries(Object.entries(a).map(([k, v]) => [k, k === 'cpu' ? `${v}m` : String(v)]));
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: c.name,
        labels: {
          ...type.labels,
          ...c.labels,
          [ZONE]: c.launch!.zone!,
          'karpenter.sh/capacity-type': c.launch!.capacityType,
          'karpenter.sh/nodepool': c.nodePool,
          [HOSTNAME]: c.name,
          'karpenter.sh/registered': 'true',
          'karpenter.sh/initialized': 'true',
        },
      },
      status: { allocatable: amounts(type.allocatable), capacity: amounts(type.capacity) },
    };
  });
  const placed = new Map(r.pods.filter((p) => p.schedulable).map((p) => [p.name, p.nodeClaim!]));
  const bound = (input.pods as Manifest[]).map((m) => {
    const name = (m.metadata as { name: string }).name;
    const at = placed.get(name);
    return at === undefined ? m : { ...m, spec: { ...(m.spec as object), nodeName: at } };
  });
  return { ...input, nodes, pods: bound };
}

describe(`properties over ${BATCHES} random batches from seed ${SEED}`, () => {
  const seeds = Array.from({ length: BATCHES }, (_, i) => SEED + i);

  test.each(seeds)('seed %i: settling never leaves pending a pod that one batch placed', (seed) => {
    const input = randomInput(seed);
    const one = simulateProvisioning(input);
    const settled = simulateProvisioning({ ...input, rounds: 'settle' });
    expect(settled.settled).toBe(true);
    const placedOnce = one.pods.filter((p) => p.schedulable).map((p) => p.name);
    expect(placedOnce.filter((n) => !settled.pods.find((p) => p.name === n)?.schedulable)).toEqual([]);
  });

  test.each(seeds)('seed %i: a second settle of the settled cluster launches nothing', (seed) => {
    const input = randomInput(seed);
    const settled = simulateProvisioning({ ...input, rounds: 'settle' });
    const again = simulateProvisioning({ ...settledCluster(input, settled), rounds: 'settle' });
    expect(again.nodeClaims).toEqual([]);
    expect(again.rounds).toBe(0);
  });

  test('a pod placed onto an earlier round’s node names that NodeClaim, which lists it; some seed has one', () => {
    let later = 0;
    for (const seed of seeds) {
      const r = simulateProvisioning({ ...randomInput(seed), rounds: 'settle' });
      for (const p of r.pods.filter((x) => x.nodeClaim !== undefined)) {
        const claim = r.nodeClaims.find((c) => c.name === p.nodeClaim);
        expect({ seed, pod: p.name, listed: claim?.pods.includes(`default/${p.name}`) }).toEqual({ seed, pod: p.name, listed: true });
        expect(p.round).toBeGreaterThanOrEqual(claim!.round!);
        if (p.round! > claim!.round!) later++;
      }
    }
    expect(later).toBeGreaterThan(0);
  });

  test.each(seeds)('seed %i: every round respects every limit, launched nodes counted at their type', (seed) => {
    const input = randomInput(seed);
    const r = simulateProvisioning({ ...input, rounds: 'settle' });
    for (const pool of input.nodePools as Manifest[]) {
      const name = (pool.metadata as { name: string }).name;
      const limits = ((pool.spec as { limits?: Record<string, string> }).limits ?? {}) as Record<string, string>;
      for (let round = 1; round <= (r.rounds ?? 0); round++) {
        const launched = r.nodeClaims.filter((c) => c.nodePool === name && (c.round ?? 0) <= round).map((c) => catalog.get(c.launch!.instanceType)!);
        if (limits.cpu !== undefined) expect(launched.reduce((n, t) => n + t.capacity.cpu, 0)).toBeLessThanOrEqual(Number(limits.cpu) * 1000);
        if (limits.memory !== undefined)
          expect(launched.reduce((n, t) => n + t.capacity.memory, 0)).toBeLessThanOrEqual(Number(limits.memory.replace('Gi', '')) * 1024 ** 3);
      }
    }
  });
});
