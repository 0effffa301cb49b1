// Seeded property tests of topology (issue #22): on random pools, zones, capacity types, existing nodes and pods,
// (a) no zone, hostname or capacity-type spread (DoNotSchedule) ends above its maxSkew where this batch put a pod,
// (b) no pod lands where a required anti-affinity term forbids it, (c) nor away from what a required affinity term needs.
// A failure names seed and round; TOPOLOGY_SEED reproduces it.
import { simulateProvisioning } from '../../../lib/core/sim';
import {
  boundPods,
  CAPACITY_TYPE,
  HOSTNAME,
  Manifest,
  node,
  nodeClass,
  nodePool,
  pod,
  pods,
  req,
  spread,
  term,
  ZONE,
  ZONES,
} from './scheduling-cases/fixtures';
import { mulberry32 } from '../../util/prng';

const SEED = Number(process.env.TOPOLOGY_SEED ?? 20261204);
const ROUNDS = Number(process.env.TOPOLOGY_ROUNDS ?? 40);

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const int = (rand: Rand, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const subset = (rand: Rand, xs: readonly string[]): string[] => {
  const s = xs.filter(() => rand() < 0.6);
  return s.length > 0 ? s : [pick(rand, xs)];
};
const CPU = ['100m', '250m', '500m', '1100m', '3'];

// The result fields of sim-contract.md, read loosely.
interface PodOut {
  readonly name: string;
  readonly nodePool?: string;
  readonly schedulable: boolean;
  readonly bound?: boolean;
  readonly node?: string;
  readonly nodeClaim?: string;
  readonly zone?: string;
}
interface ClaimOut {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
}
interface Out {
  readonly pods: readonly PodOut[];
  readonly nodeClaims?: readonly ClaimOut[];
}

interface World {
  readonly nodePools: Manifest[];
  readonly nodes: Manifest[];
  readonly pods: Manifest[];
}

const CAPACITY_TYPES = ['on-demand', 'spot'];

function randomPools(rand: Rand): Manifest[] {
  return Array.from({ length: int(rand, 1, 3) }, (_, i) => {
    const requirements = [
      ...(rand() < 0.7 ? [req(ZONE, 'In', ...subset(rand, ZONES))] : []),
      ...(rand() < 0.5 ? [req(CAPACITY_TYPE, 'In', ...subset(rand, CAPACITY_TYPES))] : []),
    ];
    return nodePool(`pool-${i}`, { requirements });
  });
}

/** Every value of `key` a pool can give a NodeClaim (its In values, else all): the domains that start at 0. */
function poolDomains(pools: readonly Manifest[], key: string, all: readonly string[]): string[] {
  return pools.flatMap((p) => {
    const r = (((specOf(p).template as Manifest).spec as Manifest).requirements ?? []) as { key: string; values: string[] }[];
    return r.find((x) => x.key === key)?.values ?? all;
  });
}

/** Existing nodes of the pools, in random zones and capacity types. */
function randomNodes(rand: Rand, pools: Manifest[]): Manifest[] {
  return Array.from({ length: int(rand, 0, 3) }, (_, i) =>
    node(`node-${i}`, {
      zone: pick(rand, ZONES),
      capacityType: pick(rand, CAPACITY_TYPES),
      type: pick(rand, ['m5.large', 'm5.xlarge']),
      nodePool: String((pick(rand, pools).metadata as Manifest).name),
    }),
  );
}

const nameOf = (m: Manifest): string => String((m.metadata as Manifest).name);
const labelsOf = (m: Manifest): Record<string, string> => ((m.metadata as Manifest).labels ?? {}) as Record<string, string>;
const specOf = (m: Manifest): Manifest => (m.spec ?? {}) as Manifest;

function simulate(w: World): Out {
  const input = { nodePools: w.nodePools, nodeClasses: [nodeClass()], pods: w.pods, zones: ZONES, nodes: w.nodes };
  return simulateProvisioning(input as Parameters<typeof simulateProvisioning>[0]) as unknown as Out;
}

/** What the rounds exercised, so a property cannot pass on nothing. */
function coverage(w: World, out: Out, seen: Record<string, number>): void {
  for (const p of w.pods) {
    if (specOf(p).nodeName !== undefined) continue;
    const r = out.pods.find((x) => x.name === nameOf(p));
    const k = r === undefined || !r.schedulable ? 'pending' : r.node !== undefined ? 'existing node' : 'new NodeClaim';
    seen[k] = (seen[k] ?? 0) + 1;
  }
}
// A hostname rule can always open another node, and capacity-type rounds rarely leave a pod pending: only zone rounds must.
const exercised = (seen: Record<string, number>, key: string) => ({
  ...(key === ZONE ? { pending: seen.pending > 0 } : {}),
  existing: seen['existing node'] > 0,
  claim: seen['new NodeClaim'] > 0,
});
const everyTier = (key: string) => ({ ...(key === ZONE ? { pending: true } : {}), existing: true, claim: true });

/** A pod's domain for `key`: hostname = node or NodeClaim name; else its label, `?<claim>` when the claim leaves it open. */
function domainOf(w: World, out: Out, p: Manifest, key: string): string | undefined {
  const r = out.pods.find((x) => x.name === nameOf(p));
  const nodeName = r?.node ?? (specOf(p).nodeName as string | undefined);
  if (nodeName !== undefined) {
    const n = w.nodes.find((x) => nameOf(x) === nodeName);
    if (n === undefined) return undefined;
    return key === HOSTNAME ? (labelsOf(n)[HOSTNAME] ?? nodeName) : labelsOf(n)[key];
  }
  if (r === undefined || !r.schedulable || r.nodeClaim === undefined) return undefined;
  if (key === HOSTNAME) return `claim:${r.nodeClaim}`;
  const claim = (out.nodeClaims ?? []).find((c) => c.name === r.nodeClaim);
  return claim?.labels[key] ?? `?claim:${r.nodeClaim}`;
}

function show(w: World, out: Out): string {
  const where = (p: Manifest) => {
    const r = out.pods.find((x) => x.name === nameOf(p));
    return `${nameOf(p)}@${r?.node ?? specOf(p).nodeName ?? (r?.schedulable ? r.nodeClaim : 'pending')}`;
  };
  const pools = w.nodePools.map((p) => `${nameOf(p)}:${JSON.stringify(((specOf(p).template as Manifest).spec as Manifest).requirements)}`);
  const nodes = w.nodes.map((n) => `${nameOf(n)}:${labelsOf(n)[ZONE]}`);
  const claims = (out.nodeClaims ?? []).map((c) => `${c.name}:${c.labels[ZONE] ?? '?'}`);
  return `pools ${pools.join(' ')}; nodes ${nodes.join(' ')}; claims ${claims.join(' ')}; pods ${w.pods.map(where).join(' ')}`;
}

describe('a spread never ends above maxSkew where the batch put a pod', () => {
  for (const [i, key] of [ZONE, HOSTNAME, CAPACITY_TYPE].entries()) {
    test(`${key}, ${ROUNDS} random clusters from seed ${SEED}`, () => {
      const rand = mulberry32(SEED + i);
      const problems: string[] = [];
      const seen: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        const maxSkew = int(rand, 1, 2);
        const labels = { app: 'spread' };
        const constraint = spread(key, { maxSkew, selector: { matchLabels: labels } });
        const nodePools = randomPools(rand);
        const nodes = randomNodes(rand, nodePools);
        const bound = nodes.flatMap((n) => boundPods(`bound-${nameOf(n)}`, int(rand, 0, 2), nameOf(n), { labels, requests: { cpu: '100m' } }));
        const pending = pods('p', int(rand, 1, 14), { labels, topologySpread: [constraint], requests: { cpu: pick(rand, CPU) } });
        const noise = pods('other', int(rand, 0, 3), { requests: { cpu: pick(rand, CPU) } });
        const w: World = { nodePools, nodes, pods: [...bound, ...pending, ...noise] };
        const out = simulate(w);
        coverage(w, out, seen);

        const counts = new Map<string, number>();
        // Every domain a pod of the batch could be given: the pools' zones (or all) and the nodes' zones, at 0.
        if (key !== HOSTNAME) {
          for (const d of poolDomains(nodePools, key, key === ZONE ? ZONES : CAPACITY_TYPES)) counts.set(d, 0);
          for (const n of nodes) counts.set(labelsOf(n)[key], 0);
        }
        const received = new Set<string>();
        for (const p of [...bound, ...pending]) {
          const d = domainOf(w, out, p, key);
          if (d === undefined) continue;
          if (d.startsWith('?')) problems.push(`seed ${SEED} round ${round}: ${nameOf(p)} owns a ${key} spread but its NodeClaim leaves ${key} open`);
          counts.set(d, (counts.get(d) ?? 0) + 1);
          if (specOf(p).nodeName === undefined) received.add(d);
        }
        const min = key === HOSTNAME ? 0 : Math.min(...counts.values());
        for (const d of received) {
          const n = counts.get(d) ?? 0;
          if (n - min > maxSkew) {
            problems.push(`seed ${SEED} round ${round}: ${key}=${d} holds ${n}, min ${min}, maxSkew ${maxSkew}: ${show(w, out)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(exercised(seen, key)).toEqual(everyTier(key));
    });
  }
});

describe('no pod lands against a required anti-affinity', () => {
  for (const key of [ZONE, HOSTNAME]) {
    test(`${key}, ${ROUNDS} random clusters from seed ${SEED}`, () => {
      const rand = mulberry32(SEED + (key === ZONE ? 10 : 11));
      const problems: string[] = [];
      const seen: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        const labels = { app: 'web' };
        const anti = { required: [term(key, labels)] };
        const nodePools = randomPools(rand);
        const nodes = randomNodes(rand, nodePools);
        // The running cluster keeps the rule: at most one selected pod per node (and per zone for zone terms).
        const taken = new Set<string>();
        const bound: Manifest[] = [];
        for (const n of nodes) {
          const d = key === ZONE ? labelsOf(n)[ZONE] : nameOf(n);
          if (taken.has(d) || rand() < 0.4) continue;
          taken.add(d);
          bound.push(
            pod(`bound-${nameOf(n)}`, { labels, nodeName: nameOf(n), requests: { cpu: '100m' }, ...(rand() < 0.5 ? { podAntiAffinity: anti } : {}) }),
          );
        }
        const carriers = pods('anti', int(rand, 1, 6), { labels, podAntiAffinity: anti, requests: { cpu: pick(rand, CPU) } });
        const targets = pods('target', int(rand, 0, 4), { labels, requests: { cpu: pick(rand, CPU) } });
        const others = pods('other', int(rand, 0, 3), { podAntiAffinity: anti, requests: { cpu: pick(rand, CPU) } });
        const w: World = { nodePools, nodes, pods: [...bound, ...carriers, ...targets, ...others] };
        const out = simulate(w);
        coverage(w, out, seen);

        const all = w.pods.map((p) => ({ p, d: domainOf(w, out, p, key), isNew: specOf(p).nodeName === undefined }));
        for (const a of all) {
          const hasAnti = (((specOf(a.p).affinity ?? {}) as Manifest).podAntiAffinity ?? undefined) !== undefined;
          if (!hasAnti || a.d === undefined) continue;
          for (const b of all) {
            if (b.p === a.p || b.d === undefined || labelsOf(b.p).app !== 'web' || (!a.isNew && !b.isNew)) continue;
            // An open zone is known only on its own NodeClaim: pods sharing that NodeClaim share a zone.
            if (a.d === b.d) problems.push(`seed ${SEED} round ${round}: ${nameOf(a.p)} and ${nameOf(b.p)} share ${key}=${a.d}: ${show(w, out)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(exercised(seen, key)).toEqual(everyTier(key));
    });
  }
});

describe('a pod with a required affinity lands only beside a pod it selects', () => {
  for (const key of [ZONE, HOSTNAME]) {
    test(`${key}, ${ROUNDS} random clusters from seed ${SEED}`, () => {
      const rand = mulberry32(SEED + (key === ZONE ? 20 : 21));
      const problems: string[] = [];
      const seen: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        const labels = { app: 'db' };
        const nodePools = randomPools(rand);
        const nodes = randomNodes(rand, nodePools);
        const bound = nodes
          .filter(() => rand() < 0.4)
          .map((n) => pod(`bound-${nameOf(n)}`, { labels, nodeName: nameOf(n), requests: { cpu: '100m' } }));
        // Targets of this batch, some held to one zone (their zone is then known, so followers can join this round).
        const targets = pods('db', int(rand, 0, 2), { labels, requests: { cpu: pick(rand, CPU) } }).map((p) =>
          rand() < 0.5 ? p : { ...p, spec: { ...specOf(p), nodeSelector: { [ZONE]: pick(rand, ZONES) } } },
        );
        const followers = pods('web', int(rand, 1, 6), { podAffinity: { required: [term(key, labels)] }, requests: { cpu: pick(rand, CPU) } });
        const w: World = { nodePools, nodes, pods: [...bound, ...targets, ...followers] };
        const out = simulate(w);
        coverage(w, out, seen);

        const targetDomains = new Set([...bound, ...targets].map((p) => domainOf(w, out, p, key)).filter((d) => d !== undefined));
        for (const f of followers) {
          const d = domainOf(w, out, f, key);
          if (d === undefined) continue;
          // Karpenter narrows a NodeClaim to every allowed zone that holds a selected pod (topologygroup.go:324-366),
          // which may be several: an open zone must then be one of its NodePool's zones that hold one.
          const pool = w.nodePools.find((p) => nameOf(p) === out.pods.find((r) => r.name === nameOf(f))?.nodePool);
          const open = d.startsWith('?') && pool !== undefined && poolDomains([pool], ZONE, ZONES).some((z) => targetDomains.has(z));
          if (!open && !targetDomains.has(d)) {
            problems.push(`seed ${SEED} round ${round}: ${nameOf(f)} is in ${key}=${d}, where no pod it selects is: ${show(w, out)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(exercised(seen, ZONE)).toEqual(everyTier(ZONE));
    });
  }
});
