// NodeClaim templates and instance-type filtering, as the provisioning scheduler does them
// (kubernetes-sigs/karpenter v1.14.1 scheduling/nodeclaimtemplate.go, nodeclaim.go:437-638, scheduler.go).
import { WellKnownLabel } from '../model/labels';
import { NodeClassInput, NodePoolInput } from './inputs';
import { ClassInstanceType, ClassView, classView, offeringAllowed } from './instance-types';
import { CPU, fits, formatQuantity, mergeAmounts } from '../shared/quantity';
import { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { InstanceTypeCatalog, ResourceAmounts } from './simulation-types';
import { emptyRecord, ownValue, recordOf } from '../json';

/** The event Karpenter publishes for a NodePool whose requirements leave no instance type (events.go). */
export const NO_COMPATIBLE_INSTANCE_TYPES = 'NodePool requirements filtered out all compatible available instance types';
const DUE_TO_MIN_VALUES = ' due to minValues incompatibility';

/** A NodePool ready to launch from: its requirements and the types its pre-filter kept. */
export interface Template {
  readonly pool: NodePoolInput;
  readonly nodeClass: NodeClassInput;
  /** Requirements of every NodeClaim of the pool: its requirements ∩ its labels ∩ the simulation keys. */
  readonly requirements: SchedulingRequirements;
  /** Every catalog type under the pool's node class. */
  readonly all: readonly ClassInstanceType[];
  readonly view: ClassView;
  /** Indexes into `all` of the types the empty-pod pre-filter kept. */
  readonly options: readonly number[];
  /** Why the pre-filter kept nothing. */
  readonly filterError?: string;
  /** Filter caches by requirement signature: compatible and offering flags over `all`. */
  readonly cache: Map<string, { compat: Uint8Array; offering: Uint8Array }>;
  readonly zones?: readonly string[];
}

/** The template's requirement set, in nodeclaimtemplate.go's order. */
export function templateRequirements(pool: NodePoolInput): SchedulingRequirements {
  const r = new SchedulingRequirements().addAll(pool.requirements.map((w) => SchedulingRequirement.of(w.key, w.operator, w.values, w.minValues)));
  const labels: Record<string, string> = { ...pool.labels, [WellKnownLabel.NODEPOOL]: pool.name };
  if (pool.nodeClassName !== undefined) labels[pool.nodeClassLabelKey] = pool.nodeClassName;
  r.addAll(Object.entries(labels).map(([k, v]) => SchedulingRequirement.in(k, v)));
  r.add(SchedulingRequirement.in('karpenter.sh/registered', 'true'), SchedulingRequirement.in('karpenter.sh/initialized', 'true'));
  return r;
}

/** Per type: the summed requests of the DaemonSet pods that would run on it (with their `pods`), if any. */
export type DaemonOverhead = readonly (ResourceAmounts | undefined)[];

/** Why instance-type filtering kept nothing, in Karpenter's words (InstanceTypeFilterError.Error). */
interface FilterFlags {
  requirementsMet: boolean;
  fits: boolean;
  hasOffering: boolean;
  requirementsAndFits: boolean;
  requirementsAndOffering: boolean;
  fitsAndOffering: boolean;
}

/** `{"cpu":"1","memory":"1Gi","pods":"1"}`, as resources.String prints a resource list. */
export function resourcesString(r: ResourceAmounts): string {
  const keys = Object.keys(r).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(formatQuantity(k, r[k]))}`).join(',')}}`;
}

/**
 * A signature of a requirement set that tells apart every set with a different meaning. Values are
 * JSON-quoted: joined bare, `In [""]` and `In []` (DoesNotExist) would share a key, as would `NotIn [""]` and `Exists`.
 */
function signature(r: SchedulingRequirements): string {
  return r
    .values()
    .map((x) => `${x.key}|${x.complement ? '!' : ''}${JSON.stringify(x.values)}|${x.gte ?? ''}|${x.lte ?? ''}`)
    .sort()
    .join(';');
}

function flagsFor(t: Template, r: SchedulingRequirements): { compat: Uint8Array; offering: Uint8Array } {
  const sig = signature(r);
  let hit = t.cache.get(sig);
  if (hit) return hit;
  const compat = new Uint8Array(t.all.length);
  const offering = new Uint8Array(t.all.length);
  const offer = offeringAllowed(r, t.zones);
  const mask = t.view.compatibleMask(r);
  t.all.forEach((it, i) => {
    compat[i] = mask[i];
    offering[i] = offer && it.available ? 1 : 0;
  });
  hit = { compat, offering };
  if (t.cache.size > 5000) t.cache.clear();
  t.cache.set(sig, hit);
  return hit;
}

/** The outcome of filtering a NodeClaim's instance-type options. */
export interface FilterOutcome {
  readonly remaining: readonly number[];
  readonly error?: string;
  readonly minValuesFailed?: boolean;
}

/**
 * filterInstanceTypesByRequirements: keeps the candidates that meet `r`, have a usable offering and fit
 * `total` plus their daemon overhead; then checks minValues. `podRequests` only shapes the error text.
 */
export function filterInstanceTypes(
  t: Template,
  candidates: readonly number[],
  r: SchedulingRequirements,
  total: ResourceAmounts,
  podRequests: ResourceAmounts,
  overhead?: DaemonOverhead,
): FilterOutcome {
  const { compat, offering } = flagsFor(t, r);
  // Resources are computed (lazily, per type) only for types that meet the requirements, unless nothing
  // is left and the error needs every flag.
  const remaining: number[] = [];
  for (const i of candidates) {
    if (compat[i] !== 1 || offering[i] !== 1) continue;
    const it = t.all[i];
    const o = overhead?.[i];
    if (fits(o ? mergeAmounts(total, o) : total, it.allocatable, it.negative)) remaining.push(i);
  }
  if (remaining.length > 0 && minValuesUnmet(t, remaining, r).length === 0) return { remaining };
  const f: FilterFlags = {
    requirementsMet: false,
    fits: false,
    hasOffering: false,
    requirementsAndFits: false,
    requirementsAndOffering: false,
    fitsAndOffering: false,
  };
  let minDaemon: Record<string, number> | undefined;
  let maxDaemon: Record<string, number> | undefined;
  for (const i of candidates) {
    const it = t.all[i];
    const o = overhead?.[i];
    if (o) {
      minDaemon = minDaemon ? minOf(minDaemon, o) : { ...o };
      maxDaemon = maxDaemon ? maxOf(maxDaemon, o) : { ...o };
    }
    const c = compat[i] === 1;
    const off = offering[i] === 1;
    const fit = off && fits(o ? mergeAmounts(total, o) : total, it.allocatable, it.negative);
    f.requirementsMet ||= c;
    f.fits ||= fit;
    f.hasOffering ||= off;
    f.requirementsAndFits ||= c && fit && !off;
    f.requirementsAndOffering ||= c && off && !fit;
    f.fitsAndOffering ||= fit && off && !c;
  }
  const unmet = minValuesUnmet(t, remaining, r);
  let resources = resourcesString(podRequests);
  if (minDaemon && maxDaemon) {
    const lo = resourcesString(mergeAmounts(minDaemon, podRequests));
    const hi = resourcesString(mergeAmounts(maxDaemon, podRequests));
    resources = lo === hi ? lo : `min=${lo}, max=${hi}`;
  }
  const tail = `, requirements=${r}, resources=${resources}`;
  if (unmet.length > 0)
    return { remaining: [], error: `minValues requirement is not met for label(s) (label(s)=[${unmet.join(' ')}])${tail}`, minValuesFailed: true };
  return { remaining: [], error: filterMessage(f, podRequests) + tail };
}

function minOf(a: Record<string, number>, b: ResourceAmounts): Record<string, number> {
  const out = emptyRecord<number>();
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out[k] = Math.min(a[k] ?? 0, b[k] ?? 0);
  return out;
}
function maxOf(a: Record<string, number>, b: ResourceAmounts): Record<string, number> {
  const out = recordOf(a);
  for (const [k, v] of Object.entries(b)) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}

function filterMessage(f: FilterFlags, podRequests: ResourceAmounts): string {
  if (!f.requirementsMet && !f.fits && !f.hasOffering)
    return 'no instance type met the scheduling requirements or had enough resources or had a required offering';
  if (!f.requirementsMet && !f.fits) return 'no instance type met the scheduling requirements or had enough resources';
  if (!f.requirementsMet && !f.hasOffering) return 'no instance type met the scheduling requirements or had a required offering';
  if (!f.fits && !f.hasOffering) return 'no instance type had enough resources or had a required offering';
  if (!f.requirementsMet) return 'no instance type met all requirements';
  if (!f.fits) {
    const typo = (podRequests[CPU] ?? 0) >= 1e9 ? ' (CPU request >= 1 Million, m vs M typo?)' : '';
    return `no instance type has enough resources${typo}`;
  }
  if (!f.hasOffering) return 'no instance type has the required offering';
  if (f.requirementsAndFits) return 'no instance type which met the scheduling requirements and had enough resources, had a required offering';
  if (f.fitsAndOffering) return 'no instance type which had enough resources and the required offering met the scheduling requirements';
  if (f.requirementsAndOffering) return 'no instance type which met the scheduling requirements and the required offering had the required resources';
  return 'no instance type met the requirements/resources/offering tuple';
}

/** The keys whose minValues the remaining types do not reach (Strict policy: then nothing remains). */
function minValuesUnmet(t: Template, remaining: readonly number[], r: SchedulingRequirements): string[] {
  const unmet: string[] = [];
  for (const req of r.values()) {
    if (req.minValues === undefined) continue;
    const seen = new Set<string>();
    for (const i of remaining) {
      const v = t.all[i].requirements.find(req.key);
      if (v && !v.complement) for (const x of v.values) seen.add(x);
      if (seen.size >= req.minValues) break;
    }
    if (seen.size < req.minValues) unmet.push(req.key);
  }
  return unmet.sort();
}

/** Builds a pool's template and runs the empty-pod pre-filter (scheduler.go:156-171). */
export function buildTemplate(pool: NodePoolInput, nodeClass: NodeClassInput, catalog: InstanceTypeCatalog, zones?: readonly string[]): Template {
  const view = classView(catalog, nodeClass, zones);
  const all = view.types;
  const requirements = templateRequirements(pool);
  const t: Template = { pool, nodeClass, requirements, all, view, options: [], cache: new Map(), zones };
  const everything = all.map((_, i) => i);
  const out = filterInstanceTypes(t, everything, requirements, {}, {});
  if (out.remaining.length > 0) return { ...t, options: out.remaining };
  return { ...t, filterError: NO_COMPATIBLE_INSTANCE_TYPES + (out.minValuesFailed ? DUE_TO_MIN_VALUES : '') };
}

/** Drops the types whose capacity alone exceeds what is left of the pool's limits (filterByRemainingResources). */
export function withinLimits(t: Template, options: readonly number[], remaining: Readonly<Record<string, number>>): number[] {
  return options.filter((i) => fitsLimits(t.all[i], remaining));
}

/** Whether a type's capacity alone stays within what is left of the pool's limits. */
export function fitsLimits(it: ClassInstanceType, remaining: Readonly<Record<string, number>>): boolean {
  return Object.keys(remaining).every((k) => (ownValue(it.capacity, k) ?? 0) <= remaining[k]);
}

/** The largest capacity per limited resource over some types (subtractMax's pessimism). */
export function maxCapacity(t: Template, options: readonly number[], keys: readonly string[]): Record<string, number> {
  const out = emptyRecord<number>();
  for (const k of keys) out[k] = Math.max(0, ...options.map((i) => t.all[i].capacity[k] ?? 0));
  return out;
}
