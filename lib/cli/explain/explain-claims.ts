// What `explain` shows of a simulation beyond the core result: each NodeClaim's cheapest type, price, requested
// and allocatable (from the catalog and the price table) and the domain it was given, and each pod's requests.
import { isPlainObject } from '../../core/json';
import { WellKnownLabel } from '../../core/model/labels';
import { mergeAmounts } from '../../core/shared/quantity';
import type { InstanceTypeCatalog, NodeClaimResult, PriceTable, ResourceAmounts, SimulationResult } from '../../core/sim';

/** A NodeClaim with what the CLI shows of it. */
export interface ClaimView {
  readonly claim: NodeClaimResult;
  readonly zone?: string;
  readonly capacityType?: string;
  /** Its cheapest priced option (the type it launched as, in a run with rounds) and that price, USD per hour. */
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
    const cheapest = claim.launch?.instanceType ?? claim.instanceTypes.find((t) => prices.priceOf(t) !== undefined);
    const shown = cheapest ?? claim.instanceTypes[0];
    let requested: Record<string, number> | undefined = {};
    for (const pod of claim.pods) {
      const r = requests(pod);
      if (r === undefined) {
        requested = undefined;
        break;
      }
      requested = mergeAmounts(requested, r);
    }
    return {
      claim,
      zone: claim.launch ? claim.launch.zone : claim.labels[ZONE],
      capacityType: claim.launch?.capacityType ?? claim.labels[CAPACITY_TYPE],
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

/** Each pod's effective requests, by `namespace/name`, as the simulator counted them. */
export function podRequests(result: SimulationResult): Map<string, ResourceAmounts> {
  const out = new Map<string, ResourceAmounts>();
  for (const p of result.pods) if (p.requests !== undefined) out.set(`${p.namespace}/${p.name}`, p.requests);
  return out;
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

/** The `karpenter.sh/nodepool` label of each Node or NodeClaim that has one, by name. */
export function nodePoolsOfNodes(objects: readonly unknown[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const o of objects) {
    const metadata = isPlainObject(o) && isPlainObject(o.metadata) ? o.metadata : undefined;
    const labels = metadata && isPlainObject(metadata.labels) ? metadata.labels : undefined;
    const pool = labels && Object.hasOwn(labels, WellKnownLabel.NODEPOOL) ? labels[WellKnownLabel.NODEPOOL] : undefined;
    if (typeof metadata?.name === 'string' && typeof pool === 'string' && !out.has(metadata.name)) out.set(metadata.name, pool);
  }
  return out;
}
