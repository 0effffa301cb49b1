// Pure core: no cdktf or constructs imports.
// The provisioning scheduler offline (kubernetes-sigs/karpenter v1.14.1 provisioning/scheduling/scheduler.go):
// one batch of pending pods against NodePools and EC2NodeClasses on an empty cluster.
import { Severity, ValidationIssue } from '../issues';
import { WellKnownLabel } from '../model/labels';
import { buildTemplate, DaemonOverhead, filterInstanceTypes, maxCapacity, Template, withinLimits } from './engine';
import { InputProblem, NodeClassInput, NodePoolInput, PodInput, readNodeClass, readNodePool, TopologySpread } from './inputs';
import { readWorkloads } from './workloads';
import { ignoredReason, initialState, podRequirements, PodState, relax, selectorMatches, strictPodRequirements, taintError } from './pods';
import { addAmounts, CPU, isSubUnit, MEMORY } from '../shared/quantity';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { loadInstanceTypeCatalog } from './catalog';
import { emptiedBy } from './admission';
import { withCosts } from './costs';
import { NodePoolResult, PodResult, SimulationInput, SimulationResult } from './types';

/** The simulation with the issues found on bad input (for the CLI and the synth lints). */
export interface SimulationRun {
  readonly result: SimulationResult;
  readonly issues: readonly ValidationIssue[];
}

/** What the simulator assumes because it cannot know it offline; `simulateProvisioning` lists these in its result. */
export const SIMULATION_ASSUMPTIONS: readonly string[] = [
  'Every instance type is offered on-demand and spot in every zone: spot support, zones per type, spot prices and capacity errors ' +
    'are not known offline.',
  'NodeClaim options are ordered by the bundled on-demand prices, cheapest first (see the price assumptions); ' +
    'the 600-type cut and the spot-versus-on-demand price filter are not applied.',
  'The cluster is empty: no existing nodes or NodeClaims; limits count only this batch.',
  'Capacity reservations, NodeOverlays, dynamic resources, volume zones and host ports are not modelled.',
  'Pod affinity and preferred pod (anti-)affinity only take part in relaxation; required pod anti-affinity and topology spread are modelled ' +
    'for kubernetes.io/hostname and, when zones are given, topology.kubernetes.io/zone.',
  'Memory capacity is Karpenter’s estimate (7.5% VM overhead), not the capacity a running node reports.',
  'Pods per node are ENI-limited with no reserved ENIs and no EFA-only interfaces.',
  'The catalog is the Karpenter 1.14.1 reference (us-east-1, us-east-2 and us-west-2 together): a type may not exist in your region.',
];
/** Said only when a pod asks for a fraction of a base unit, the one case where the two roundings can differ. */
export const SUB_UNIT_REQUESTS =
  'Requests are added exactly, as Karpenter adds them; the kube-scheduler rounds each pod’s cpu up to a whole millicore ' +
  '(other resources to a whole unit) before adding, so a node packed to a fraction of a millicore may not take every pod placed on it.';
const NO_ZONES = 'Zones are not known: zone requirements are only checked against each other, and zone topology spread is not modelled.';

interface Claim {
  readonly template: Template;
  name: string;
  requirements: SchedulingRequirements;
  options: readonly number[];
  requests: Record<string, number>;
  readonly pods: PodInput[];
  /** The zone the claim is pinned to, once a zone-spread pod pinned it. */
  zone?: string;
}

/** Reads an input; one whose reading throws (a getter, a proxy) is read as nothing, which is an issue on it. */
function readSafely<T>(read: () => T, asNothing: () => T): T {
  try {
    return read();
  } catch {
    return asNothing();
  }
}

function toIssue(p: InputProblem): ValidationIssue {
  return {
    severity: p.fatal ? Severity.ERROR : Severity.WARNING,
    field: p.field === '' ? p.object : `${p.object} ${p.field}`,
    code: p.code,
    message: p.message,
  };
}

function add(into: Record<string, number>, more: Readonly<Record<string, number>>): Record<string, number> {
  const out = { ...into };
  for (const [k, v] of Object.entries(more)) out[k] = addAmounts(out[k] ?? 0, v);
  return out;
}

/** Queue order (queue.go byCPUAndMemoryDescending): cpu, then memory, descending; then creation (input) order, then name. */
function queueOrder(a: PodInput, b: PodInput): number {
  return (
    (b.requests[CPU] ?? 0) - (a.requests[CPU] ?? 0) ||
    (b.requests[MEMORY] ?? 0) - (a.requests[MEMORY] ?? 0) ||
    a.index - b.index ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/** DaemonSet pods that would run on each type of a template (scheduler.go buildDaemonOverheadGroups). */
function daemonOverhead(t: Template, daemons: readonly PodInput[]): DaemonOverhead {
  const out: (Record<string, number> | undefined)[] = new Array(t.all.length);
  if (daemons.length === 0) return out;
  const tolerating = daemons.filter((d) => taintError(t.pool.taints, d.tolerations, true) === undefined);
  const byKey = new Map<string, Record<string, number> | undefined>();
  for (const i of t.options) {
    const it = t.all[i];
    const running = tolerating.filter((d) => {
      for (let term = 0; term < Math.max(1, d.affinity.requiredTerms.length); term++) {
        const r = strictPodRequirements(d, term);
        if (t.requirements.compatible(r, true) === undefined && it.requirements.intersects(r) === undefined) return true;
      }
      return false;
    });
    const key = running.map((d) => d.index).join(',');
    if (!byKey.has(key))
      byKey.set(key, running.length === 0 ? undefined : running.reduce((acc, d) => add(acc, d.requests), {} as Record<string, number>));
    out[i] = byKey.get(key);
  }
  return out;
}

function sameGroup(a: PodInput, b: PodInput, selector: Record<string, unknown> | undefined): boolean {
  return a.namespace === b.namespace && selectorMatches(selector, b.labels);
}

/** Required hostname anti-affinity, both ways: no pod of the claim may select the newcomer, nor the newcomer them. */
function antiAffinityAllows(claim: Claim, pod: PodInput): boolean {
  for (const other of claim.pods) {
    if (pod.hostnameAntiAffinity.some((s) => sameGroup(pod, other, s))) return false;
    if (other.hostnameAntiAffinity.some((s) => sameGroup(other, pod, s))) return false;
  }
  return true;
}

function spreads(pod: PodInput, s: PodState, key: string): TopologySpread[] {
  // Relaxation drops ScheduleAnyway constraints first-to-last; DoNotSchedule ones always hold.
  let anyway = pod.topologySpread.filter((t) => t.whenUnsatisfiable === 'ScheduleAnyway').length - s.scheduleAnywaySpreads;
  return pod.topologySpread.filter((t) => {
    if (t.whenUnsatisfiable === 'ScheduleAnyway' && anyway-- > 0) return false;
    return t.topologyKey === key;
  });
}

class Scheduler {
  public readonly claims: Claim[] = [];
  public readonly placed = new Map<PodInput, Claim>();
  private readonly remaining = new Map<Template, Record<string, number>>();
  private readonly anyPreferNoSchedule: boolean;

  constructor(
    private readonly templates: readonly Template[],
    private readonly overhead: Map<Template, DaemonOverhead>,
    private readonly zones: readonly string[] | undefined,
  ) {
    for (const t of templates) if (t.pool.limits) this.remaining.set(t, { ...t.pool.limits });
    this.anyPreferNoSchedule = templates.some((t) => t.pool.taints.some((x) => x.effect === 'PreferNoSchedule'));
  }

  /** trySchedule: every candidate, relaxing one soft constraint after each full failure. */
  public schedule(pod: PodInput): string | undefined {
    const state = initialState(pod);
    for (;;) {
      const err = this.add(pod, state);
      if (err === undefined) return undefined;
      if (!relax(pod, state, this.anyPreferNoSchedule)) return err;
    }
  }

  private add(pod: PodInput, state: PodState): string | undefined {
    const reqs = podRequirements(pod, state);
    const inflight = this.claims.map((c, i) => ({ c, i })).sort((a, b) => a.c.pods.length - b.c.pods.length || a.i - b.i);
    for (const { c } of inflight) if (this.tryClaim(c, pod, state, reqs, false) === undefined) return undefined;
    if (this.templates.length === 0) return 'nodepool requirements filtered out all available instance types';
    const errs: string[] = [];
    for (const t of this.templates) {
      let options = t.options;
      const remaining = this.remaining.get(t);
      if (remaining) {
        if (remaining.nodes === 0) {
          errs.push(`node limits have been exhausted for nodepool (NodePool=${t.pool.name})`);
          continue;
        }
        options = withinLimits(t, options, remaining);
        if (options.length === 0) {
          errs.push(`all available instance types exceed limits for nodepool (NodePool=${t.pool.name})`);
          continue;
        }
      }
      const claim: Claim = { template: t, name: '', requirements: t.requirements.copy(), options, requests: {}, pods: [] };
      const err = this.tryClaim(claim, pod, state, reqs, true);
      if (err !== undefined) {
        errs.push(err);
        continue;
      }
      claim.name = `${t.pool.name}-${this.claims.filter((c) => c.template === t).length}`;
      this.claims.push(claim);
      if (remaining) {
        const max = maxCapacity(t, claim.options, Object.keys(remaining));
        for (const k of Object.keys(remaining)) remaining[k] -= max[k];
      }
      return undefined;
    }
    return errs.join('; ');
  }

  /** NodeClaim.CanAdd, then Add on success. */
  private tryClaim(claim: Claim, pod: PodInput, state: PodState, reqs: SchedulingRequirements, isNew: boolean): string | undefined {
    const t = claim.template;
    const taints = taintError(t.pool.taints, pod.tolerations, state.toleratePreferNoSchedule);
    if (taints) return taints;
    const incompatible = claim.requirements.compatible(reqs, true);
    if (incompatible) return `incompatible requirements, ${incompatible}`;
    const combined = claim.requirements.with(reqs);
    if (!isNew && !antiAffinityAllows(claim, pod)) return 'would violate required pod anti-affinity (kubernetes.io/hostname)';
    for (const tsc of spreads(pod, state, HOSTNAME_LABEL)) {
      const count = claim.pods.filter((p) => sameGroup(pod, p, tsc.selector)).length;
      if (count + 1 > tsc.maxSkew) return 'would violate topology spread (kubernetes.io/hostname)';
    }
    let zone = claim.zone;
    const zoneSpreads = this.zones ? spreads(pod, state, WellKnownLabel.ZONE) : [];
    if (zoneSpreads.length > 0) {
      const allowed = combined.get(WellKnownLabel.ZONE);
      const eligible = this.zones!.filter((z) => allowed.has(z) && (zone === undefined || z === zone));
      // Skew counts over every zone the pod could use on this pool, not just this claim's.
      const domains = t.requirements.with(strictPodRequirements(pod, state.requiredStart)).get(WellKnownLabel.ZONE);
      const pick = this.pickZone(pod, zoneSpreads, eligible, domains);
      if (pick === undefined) {
        return `unsatisfiable topology constraint for topology spread, key=${WellKnownLabel.ZONE}`;
      }
      zone = pick;
      combined.add(SchedulingRequirement.in(WellKnownLabel.ZONE, pick));
    }
    const total = add(claim.requests, pod.requests);
    const out = filterInstanceTypes(t, claim.options, combined, total, pod.requests, this.overhead.get(t));
    if (out.error !== undefined) return out.error;
    claim.requirements = combined;
    claim.options = out.remaining;
    claim.requests = total;
    claim.zone = zone;
    claim.pods.push(pod);
    this.placed.set(pod, claim);
    return undefined;
  }

  /** The zone with the fewest matching pods that keeps every DoNotSchedule zone spread within its skew. */
  private pickZone(pod: PodInput, tscs: readonly TopologySpread[], eligible: readonly string[], allowed: SchedulingRequirement): string | undefined {
    const domains = this.zones!.filter((z) => allowed.has(z));
    let best: string | undefined;
    let bestCount = Number.POSITIVE_INFINITY;
    for (const z of eligible) {
      let ok = true;
      let total = 0;
      for (const tsc of tscs) {
        const counts = new Map(domains.map((d) => [d, 0]));
        for (const [p, c] of this.placed)
          if (c.zone !== undefined && counts.has(c.zone) && sameGroup(pod, p, tsc.selector)) counts.set(c.zone, counts.get(c.zone)! + 1);
        const min = Math.min(...counts.values());
        const mine = counts.get(z) ?? 0;
        total += mine;
        if (tsc.whenUnsatisfiable === 'DoNotSchedule' && mine + 1 - min > tsc.maxSkew) ok = false;
      }
      if (ok && total < bestCount) {
        best = z;
        bestCount = total;
      }
    }
    return best;
  }
}

interface Prepared {
  readonly pools: readonly NodePoolInput[];
  readonly classes: ReadonlyMap<string, NodeClassInput>;
  readonly poolReasons: Map<NodePoolInput, string>;
  readonly templates: readonly Template[];
  readonly admitted: Map<NodePoolInput, readonly string[]>;
  readonly issues: ValidationIssue[];
}

function prepare(input: SimulationInput): Prepared {
  const catalog = input.catalog ?? loadInstanceTypeCatalog();
  const issues: ValidationIssue[] = [];
  const classes = new Map<string, NodeClassInput>();
  (Array.isArray(input.nodeClasses) ? input.nodeClasses : []).forEach((o, i) => {
    const nc = readSafely(
      () => readNodeClass(o, i),
      () => readNodeClass(null, i),
    );
    issues.push(...nc.problems.map(toIssue));
    if (nc.name === '' || nc.problems.some((p) => p.fatal)) return;
    if (classes.has(nc.name)) {
      issues.push({
        severity: Severity.WARNING,
        field: `EC2NodeClass/${nc.name}`,
        code: 'SimDuplicateNodeClass',
        message: 'appears twice; the last one is used',
      });
    }
    classes.set(nc.name, nc);
  });
  const pools = (Array.isArray(input.nodePools) ? input.nodePools : []).map((o, i) =>
    readSafely(
      () => readNodePool(o, i),
      () => readNodePool(null, i),
    ),
  );
  const poolReasons = new Map<NodePoolInput, string>();
  const admitted = new Map<NodePoolInput, readonly string[]>();
  const templates: Template[] = [];
  for (const pool of pools) {
    issues.push(...pool.problems.map(toIssue));
    const fatal = pool.problems.find((p) => p.fatal);
    if (fatal) {
      poolReasons.set(pool, `${fatal.field}: ${fatal.message}`);
      continue;
    }
    const nc = pool.nodeClassName === undefined ? undefined : classes.get(pool.nodeClassName);
    if (!nc) {
      const message =
        `nodeClassRef names EC2NodeClass "${pool.nodeClassName}", which is not among the inputs; ` +
        'a NodePool whose node class is not ready launches nothing: add that EC2NodeClass or fix the name';
      issues.push({
        severity: Severity.ERROR,
        field: `NodePool/${pool.name} spec.template.spec.nodeClassRef.name`,
        code: 'SimUnknownNodeClass',
        message,
      });
      poolReasons.set(pool, message);
      continue;
    }
    if (pool.isStatic) {
      poolReasons.set(pool, 'a static NodePool (spec.replicas set): the provisioner does not launch nodes for pending pods from it');
      continue;
    }
    const t = buildTemplate(pool, nc, catalog, input.zones);
    if (t.filterError) {
      const by = emptiedBy(pool, t);
      poolReasons.set(pool, by ? `${t.filterError}: ${by.field} (${by.what}) left none of ${by.before}` : t.filterError);
      admitted.set(pool, []);
      continue;
    }
    const limited = pool.limits ? withinLimits(t, t.options, pool.limits) : t.options;
    admitted.set(
      pool,
      limited.map((i) => t.all[i].type.name),
    );
    if (pool.limits && (limited.length === 0 || pool.limits.nodes === 0)) {
      poolReasons.set(
        pool,
        pool.limits.nodes === 0
          ? `node limits have been exhausted for nodepool (NodePool=${pool.name})`
          : `all available instance types exceed limits for nodepool (NodePool=${pool.name})`,
      );
    }
    templates.push(t);
  }
  // Weight descending, then name descending (utils/nodepool OrderByWeight).
  templates.sort((a, b) => b.pool.weight - a.pool.weight || (a.pool.name < b.pool.name ? 1 : a.pool.name > b.pool.name ? -1 : 0));
  return { pools, classes, poolReasons, templates, admitted, issues };
}

/** Simulates, with the issues found on bad input. Never throws on input. */
export function runSimulation(input: SimulationInput): SimulationRun {
  const safe: SimulationInput = input !== null && typeof input === 'object' ? input : { nodePools: [], nodeClasses: [], pods: [] };
  const { pools, poolReasons, templates, admitted, issues } = prepare(safe);
  const zones = Array.isArray(safe.zones) && safe.zones.every((z) => typeof z === 'string') && safe.zones.length > 0 ? safe.zones : undefined;

  const workloads = readWorkloads(safe);
  const pods = workloads.pods;
  issues.push(...workloads.problems.map(toIssue));
  const usableDaemons = workloads.daemons.filter((d) => !d.problems.some((p) => p.fatal));

  const verdicts = new Map<PodInput, PodResult>();
  const queue: PodInput[] = [];
  for (const pod of pods) {
    const fatal = pod.problems.find((p) => p.fatal);
    if (fatal) {
      verdicts.set(pod, {
        namespace: pod.namespace,
        name: pod.name,
        schedulable: false,
        instanceTypes: [],
        reason: `${fatal.field}: ${fatal.message}`,
      });
      continue;
    }
    const ignored = ignoredReason(pod);
    if (ignored) {
      verdicts.set(pod, { namespace: pod.namespace, name: pod.name, schedulable: false, ignored: true, instanceTypes: [], reason: ignored });
      continue;
    }
    queue.push(pod);
  }

  const dynamic = templates.length > 0 || pools.some((p) => admitted.has(p));
  const overhead = new Map(templates.map((t) => [t, daemonOverhead(t, usableDaemons)]));
  const scheduler = new Scheduler(templates, overhead, zones);
  const errors = new Map<PodInput, string>();
  queue.sort(queueOrder);
  // Failed pods are retried after the others while a pass makes progress (queue.go).
  let pending = queue;
  for (;;) {
    const failed: PodInput[] = [];
    for (const pod of pending) {
      const err = dynamic ? scheduler.schedule(pod) : 'no dynamic nodepools found';
      if (err === undefined) errors.delete(pod);
      else {
        errors.set(pod, err);
        failed.push(pod);
      }
    }
    if (failed.length === 0 || failed.length === pending.length || !dynamic) break;
    pending = failed;
  }

  const result: SimulationResult = {
    pods: pods.map((pod) => {
      const v = verdicts.get(pod);
      if (v) return v;
      const claim = scheduler.placed.get(pod);
      if (claim) {
        return {
          namespace: pod.namespace,
          name: pod.name,
          schedulable: true,
          nodePool: claim.template.pool.name,
          nodeClaim: claim.name,
          instanceTypes: claim.options.map((i) => claim.template.all[i].type.name),
        };
      }
      return { namespace: pod.namespace, name: pod.name, schedulable: false, instanceTypes: [], reason: errors.get(pod) ?? 'not scheduled' };
    }),
    nodePools: pools.map((pool): NodePoolResult => {
      const reason = poolReasons.get(pool);
      return { name: pool.name, admittedInstanceTypes: admitted.get(pool) ?? [], ...(reason === undefined ? {} : { reason }) };
    }),
    assumptions: [
      ...SIMULATION_ASSUMPTIONS,
      ...(zones ? [] : [NO_ZONES]),
      ...(queue.some((p) => Object.values(p.requests).some(isSubUnit)) ? [SUB_UNIT_REQUESTS] : []),
    ],
  };
  const notModelled = result.pods.map((r, i) => (pods[i].notModelled ? { ...r, notModelled: pods[i].notModelled } : r));
  // Prices last: options cheapest first, each pod's cheapest type, each pool's cost ceiling.
  return { result: withCosts(safe, { ...result, pods: notModelled }), issues };
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. Never throws on input. */
export function simulateProvisioning(input: SimulationInput): SimulationResult {
  return runSimulation(input).result;
}
