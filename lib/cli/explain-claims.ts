// What `explain` shows of a simulation beyond the core result types: the NodeClaims of the batch (the result's
// `nodeClaims` when the simulator gives them, else grouped from its pods), each pod's effective requests, and
// each NodeClaim's cheapest type, price and allocatable, from the catalog and the price table.
import { isPlainObject } from '../core/json';
import { WellKnownLabel } from '../core/model/labels';
import type { InstanceTypeCatalog, PodResult, PriceTable, ResourceAmounts, SimulationResult } from '../core/sim';

/** One new NodeClaim of the batch, as the simulator reports it (`SimulationResult.nodeClaims`). */
export interface NodeClaimResult {
  readonly name: string;
  readonly nodePool: string;
  /** Every label its requirements fix to exactly one value. */
  readonly labels: Readonly<Record<string, string>>;
  /** Its options, cheapest first. */
  readonly instanceTypes: readonly string[];
  /** `namespace/name` of its pods. */
  readonly pods: readonly string[];
}

/** A pod result with the fields a newer simulator adds (all optional: older results have none). */
export interface ExplainPod extends PodResult {
  readonly bound?: boolean;
  readonly node?: string;
  readonly zone?: string;
  readonly capacityType?: string;
  readonly requests?: ResourceAmounts;
  readonly notModelled?: readonly string[];
}

/**
 * A simulation result with the fields a newer simulator adds (`nodeClaims` optional: older results have none). Not an
 * extension of SimulationResult, so it stays one whether or not that requires `nodeClaims`.
 */
export interface ExplainResult {
  readonly pods: readonly ExplainPod[];
  readonly nodeClaims?: readonly NodeClaimResult[];
  readonly nodePools: SimulationResult['nodePools'];
  readonly assumptions: SimulationResult['assumptions'];
}

/** A NodeClaim with what the CLI shows of it. */
export interface ClaimView {
  readonly claim: NodeClaimResult;
  readonly zone?: string;
  readonly capacityType?: string;
  /** Its cheapest priced option and that price, USD per hour. */
  readonly cheapest?: string;
  readonly hourlyPrice?: number;
  /** The sum of its pods' requests (base units), when every pod's requests are known. */
  readonly requested?: ResourceAmounts;
  /** The allocatable of its cheapest option (or its first, when none is priced), from the catalog. */
  readonly allocatable?: ResourceAmounts;
  /** `key=value` of the labels the batch fixed beyond its pool's own and the zone and capacity type (a spread or affinity domain). */
  readonly domain: readonly string[];
}

const ZONE = WellKnownLabel.ZONE;
const CAPACITY_TYPE = WellKnownLabel.CAPACITY_TYPE;

/** The batch's new NodeClaims: the result's own list, or (older simulators) the pods grouped by `nodeClaim`. */
export function nodeClaimsOf(result: ExplainResult): readonly NodeClaimResult[] {
  if (Array.isArray(result.nodeClaims)) return result.nodeClaims;
  const byName = new Map<
    string,
    { name: string; nodePool: string; labels: Record<string, string>; instanceTypes: readonly string[]; pods: string[] }
  >();
  for (const p of result.pods) {
    if (!p.schedulable || p.ignored || p.bound || p.nodeClaim === undefined || p.node !== undefined) continue;
    let c = byName.get(p.nodeClaim);
    if (c === undefined) {
      const nodePool = p.nodePool ?? '?';
      c = { name: p.nodeClaim, nodePool, labels: { [WellKnownLabel.NODEPOOL]: nodePool }, instanceTypes: p.instanceTypes, pods: [] };
      byName.set(p.nodeClaim, c);
    }
    c.pods.push(`${p.namespace}/${p.name}`);
  }
  return [...byName.values()];
}

/**
 * Each NodeClaim with its zone, capacity type, cheapest option, price, requested and allocatable. `requests` gives a
 * pod's effective requests by `namespace/name` (undefined when not known).
 */
export function claimViews(
  claims: readonly NodeClaimResult[],
  requests: (pod: string) => ResourceAmounts | undefined,
  catalog: InstanceTypeCatalog,
  prices: PriceTable,
  poolFixed: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): ClaimView[] {
  return claims.map((claim) => {
    const cheapest = claim.instanceTypes.find((t) => prices.priceOf(t) !== undefined);
    const shown = cheapest ?? claim.instanceTypes[0];
    let requested: Record<string, number> | undefined = {};
    for (const pod of claim.pods) {
      const r = requests(pod);
      if (r === undefined) {
        requested = undefined;
        break;
      }
      for (const [k, v] of Object.entries(r)) requested[k] = (requested[k] ?? 0) + v;
    }
    return {
      claim,
      zone: claim.labels[ZONE],
      capacityType: claim.labels[CAPACITY_TYPE],
      cheapest,
      hourlyPrice: cheapest === undefined ? undefined : prices.priceOf(cheapest),
      requested,
      allocatable: shown === undefined ? undefined : catalog.get(shown)?.allocatable,
      domain: Object.entries(claim.labels)
        .filter(([k]) => k !== ZONE && k !== CAPACITY_TYPE && !poolFixed.get(claim.nodePool)?.has(k))
        .map(([k, v]) => `${k}=${v}`),
    };
  });
}

/**
 * Each pod's effective requests by `namespace/name`: the result's `requests` when the simulator gives them, else read
 * from the input with the simulator's own reader (`readPods`, one entry per pod in input order, as the result lists them).
 */
export function podRequests(result: ExplainResult, inputPods: readonly unknown[]): Map<string, ResourceAmounts> {
  const out = new Map<string, ResourceAmounts>();
  let missing = false;
  for (const p of result.pods) {
    if (p.requests !== undefined) out.set(`${p.namespace}/${p.name}`, p.requests);
    else missing = true;
  }
  if (!missing) return out;
  try {
    // Typed loosely on purpose: the simulator is being rewritten, and a result with `requests` never gets here.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readPods } = require('../core/sim/inputs') as { readPods?: (o: unknown, index: number, first: number) => PodRequests[] };
    if (typeof readPods !== 'function') return out;
    const read = inputPods.flatMap((o, i) => readPods(o, i, 0));
    if (read.length !== result.pods.length) return out;
    read.forEach((pod, i) => {
      const r = result.pods[i];
      if (r.requests === undefined && r.namespace === pod.namespace && r.name === pod.name) out.set(`${r.namespace}/${r.name}`, pod.requests);
    });
  } catch {
    // Requests stay unknown: the NodeClaims table says '?'.
  }
  return out;
}

/** What `podRequests` reads of the simulator's pod reader. */
interface PodRequests {
  readonly namespace: string;
  readonly name: string;
  readonly requests: ResourceAmounts;
}

/** True when a pod or a NodePool in the input names the zone label (a zone requirement, selector, affinity or spread). */
export function constrainsZones(objects: readonly unknown[]): boolean {
  return objects.some((o) => mentions(isPlainObject(o) ? o.spec : undefined, ZONE_KEYS, 0));
}

/** True when a pod uses pod affinity, pod anti-affinity or topology spread. */
export function usesPodTopology(pods: readonly unknown[]): boolean {
  return pods.some((o) => mentions(isPlainObject(o) ? o.spec : undefined, POD_TOPOLOGY_KEYS, 0));
}

const ZONE_KEYS = new Set<string>([ZONE, 'failure-domain.beta.kubernetes.io/zone', WellKnownLabel.ZONE_ID]);
const POD_TOPOLOGY_KEYS = new Set(['podAffinity', 'podAntiAffinity', 'topologySpreadConstraints']);

/** Whether a string value or key of `value` is one of `keys`; stops at the first. */
function mentions(value: unknown, keys: ReadonlySet<string>, depth: number): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return keys.has(value);
  if (Array.isArray(value)) return value.some((v) => mentions(v, keys, depth + 1));
  if (!isPlainObject(value)) return false;
  for (const [k, v] of Object.entries(value)) if (keys.has(k) || mentions(v, keys, depth + 1)) return true;
  return false;
}

/**
 * Per NodePool manifest, the label keys its own template fixes to one value (its labels, `In` requirements with
 * one value, its name and node class): what every NodeClaim of it carries, so no news in the NodeClaims table.
 */
export function poolFixedLabels(nodePools: readonly unknown[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const np of nodePools) {
    if (!isPlainObject(np) || !isPlainObject(np.metadata) || typeof np.metadata.name !== 'string') continue;
    const keys = new Set<string>([WellKnownLabel.NODEPOOL, WellKnownLabel.EC2NODECLASS]);
    const template = isPlainObject(np.spec) && isPlainObject(np.spec.template) ? np.spec.template : {};
    if (isPlainObject(template.metadata) && isPlainObject(template.metadata.labels))
      for (const k of Object.keys(template.metadata.labels)) keys.add(k);
    const requirements = isPlainObject(template.spec) && Array.isArray(template.spec.requirements) ? template.spec.requirements : [];
    for (const r of requirements) {
      if (isPlainObject(r) && typeof r.key === 'string' && r.operator === 'In' && Array.isArray(r.values) && r.values.length === 1) keys.add(r.key);
    }
    out.set(np.metadata.name, keys);
  }
  return out;
}
