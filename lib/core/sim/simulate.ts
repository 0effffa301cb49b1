// Pure core: no cdktf or constructs imports.
// The provisioning scheduler offline (kubernetes-sigs/karpenter v1.14.1 provisioning/scheduling/scheduler.go):
// one batch of pending pods against NodePools and EC2NodeClasses, after the given Nodes and in-flight NodeClaims.
import { Severity, ValidationIssue } from '../issues';
import { WellKnownLabel } from '../model/labels';
import { emptyRecord, isPlainObject, ownValue, pushAll } from '../json';
import { buildTemplate, DaemonOverhead, filterInstanceTypes, maxCapacity, Template, withinLimits } from './engine';
import { InputProblem, NodeClassInput, NodePoolInput, NodeTaint, PodInput, readNodeClass, readNodePool } from './inputs';
import { readWorkloads } from './workloads';
import { ignoredReason, initialState, podRequirements, PodState, relax, strictPodRequirements, taintError } from './pods';
import { addAmounts, CPU, isSubUnit, MEMORY, mergeAmounts } from '../shared/quantity';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { loadInstanceTypeCatalog } from './catalog';
import { emptiedBy } from './admission';
import { joinPoolErrors, LIMIT_ERRORS, LimitUse, limitFigures, limitNote, PoolError } from './limit-reasons';
import { poolCostCeilings, withCosts } from './costs';
import { CostCeiling, loadPriceTable } from './pricing';
import { ClusterNode, readCluster, readNamespaces, roomOf } from './cluster-state';
import { BoundPod, DomainSource, Topology } from './topology';
import { InstanceTypeCatalog, NodePoolResult, PodResult, SimulationInput, SimulationResult } from './types';

/** The simulation with the issues found on bad input (for the CLI and the synth lints). */
export interface SimulationRun {
  readonly result: SimulationResult;
  readonly issues: readonly ValidationIssue[];
  /**
   * The cost ceiling of each of `result.nodePools` (same order), from the pools as the simulation read them: what
   * their `costCeilingPerHour` and `typicalPerVcpuHour` come from.
   */
  readonly costCeilings: readonly CostCeiling[];
  /**
   * The NodePools (in input order) and the readable EC2NodeClasses (by name) as the simulation read them: `explain`
   * gives each pool's checks (`planNodePool`) these, so that no pool is read twice.
   * @internal
   */
  readonly read?: SimulationReading;
}

/** What the simulation read its NodePools and EC2NodeClasses into. */
export interface SimulationReading {
  readonly pools: readonly NodePoolInput[];
  readonly nodeClasses: ReadonlyMap<string, NodeClassInput>;
}

/** What the simulator assumes because it cannot know it offline; `simulateProvisioning` lists these in its result. */
export const SIMULATION_ASSUMPTIONS: readonly string[] = [
  'Every instance type is offered on-demand and spot in every zone: spot support, zones per type, spot prices and capacity errors ' +
    'are not known offline.',
  'NodeClaim options are ordered by the bundled on-demand prices, cheapest first (see the price assumptions); ' +
    'the 600-type cut and the spot-versus-on-demand price filter are not applied.',
  'Capacity reservations, NodeOverlays, dynamic resources, volume zones, volume limits and host ports are not modelled.',
  'Topology spread and pod (anti-)affinity follow Karpenter 1.14.1 for any topology key, with domains from the NodePools, ' +
    'their instance types and the given nodes, and preferences respected until relaxed (the default preference policy); ' +
    'where Karpenter breaks a tie at random, the first domain in order is taken.',
  'Every input pod without spec.nodeName that has not finished, other than DaemonSet and mirror pods, is pending, ' +
    'as if kube-scheduler had marked it unschedulable.',
  'Memory capacity is Karpenter’s estimate (7.5% VM overhead), not the capacity a running node reports.',
  'Pods per node are ENI-limited with no reserved ENIs and no EFA-only interfaces.',
  'The catalog is the Karpenter 1.14.1 reference (us-east-1, us-east-2 and us-west-2 together): a type may not exist in your region.',
];
/** Said only when a pod asks for a fraction of a base unit, the one case where the two roundings can differ. */
export const SUB_UNIT_REQUESTS =
  'Requests are added exactly, as Karpenter adds them; the kube-scheduler rounds each pod’s cpu up to a whole millicore ' +
  '(other resources to a whole unit) before adding, so a node packed to a fraction of a millicore may not take every pod placed on it.';
const EMPTY_CLUSTER = 'The cluster is empty: no existing Nodes or NodeClaims were given; limits count only this batch.';
const GIVEN_CLUSTER =
  'The cluster is the given Nodes and NodeClaims with the bound pods among the input: pods not in the input are not counted, ' +
  'and pods Karpenter would reschedule from nodes being deleted are not added to the batch.';
const NO_ZONES =
  'Zones are not known: zone requirements are only checked against each other, and zone topology uses only the zones ' +
  'NodePools name and nodes carry; with none, zone topology is left out (said on each pod it concerns).';

interface Claim {
  readonly template: Template;
  readonly name: string;
  /** The hostname domain of the claim (its name), kept apart from `requirements` so the filter caches hit. */
  readonly host: SchedulingRequirement;
  requirements: SchedulingRequirements;
  options: readonly number[];
  requests: Record<string, number>;
  readonly pods: PodInput[];
}

/** An existing Node or in-flight NodeClaim as a candidate (ExistingNode). */
interface Existing {
  readonly node: ClusterNode;
  room: Record<string, number>;
  readonly pods: PodInput[];
}

type Placement = { readonly claim: Claim; readonly existing?: undefined } | { readonly existing: Existing; readonly claim?: undefined };

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

/** Queue order (queue.go byCPUAndMemoryDescending): cpu, then memory, descending; then creation (input) order, then name. */
function queueOrder(a: PodInput, b: PodInput): number {
  return (
    (b.requests[CPU] ?? 0) - (a.requests[CPU] ?? 0) ||
    (b.requests[MEMORY] ?? 0) - (a.requests[MEMORY] ?? 0) ||
    a.index - b.index ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/** Whether a daemon pod would run on a node with these taints and requirements (strict: first required term, no relaxation). */
function daemonRuns(d: PodInput, taints: readonly NodeTaint[], fits: (r: SchedulingRequirements) => boolean): boolean {
  if (taintError(taints, d.tolerations, false) !== undefined) return false;
  for (let term = 0; term < Math.max(1, d.affinity.requiredTerms.length); term++) if (fits(strictPodRequirements(d, term))) return true;
  return false;
}

/** DaemonSet pods that would run on each type of a template (scheduler.go buildDaemonOverheadGroups). */
function daemonOverhead(t: Template, daemons: readonly PodInput[]): DaemonOverhead {
  const out: (Record<string, number> | undefined)[] = new Array(t.all.length);
  if (daemons.length === 0) return out;
  const byKey = new Map<string, Record<string, number> | undefined>();
  for (const i of t.options) {
    const it = t.all[i];
    const running = daemons.filter((d) =>
      daemonRuns(d, t.pool.taints, (r) => t.requirements.compatible(r, true) === undefined && it.requirements.intersects(r) === undefined),
    );
    const key = running.map((d) => d.index).join(',');
    if (!byKey.has(key))
      byKey.set(key, running.length === 0 ? undefined : running.reduce((acc, d) => mergeAmounts(acc, d.requests), {} as Record<string, number>));
    out[i] = byKey.get(key);
  }
  return out;
}

function fitsRoom(requests: Readonly<Record<string, number>>, room: Readonly<Record<string, number>>): boolean {
  for (const k in room) if (room[k] < 0) return false;
  for (const k in requests) if (requests[k] > (ownValue(room, k) ?? 0)) return false;
  return true;
}

function stateKey(s: PodState): string {
  const { requiredStart, preferredStart, preferredPodAffinity, preferredPodAntiAffinity, scheduleAnywaySpreads, toleratePreferNoSchedule } = s;
  return [requiredStart, preferredStart, preferredPodAffinity, preferredPodAntiAffinity, scheduleAnywaySpreads, toleratePreferNoSchedule].join('|');
}

class Scheduler {
  public readonly claims: Claim[] = [];
  public readonly placed = new Map<PodInput, Placement>();
  private readonly limits = new Map<Template, LimitUse>();
  private readonly anyPreferNoSchedule: boolean;
  private readonly states = new Map<PodInput, PodState>();
  private readonly perPool = new Map<Template, number>();
  /** Pods placed so far: the scheduler's state changes only with a placement. */
  private placements = 0;
  /** Per pod shape, its last failure: at which placement count, from and to which relaxation state, and why. */
  private readonly failed = new Map<string, { placements: number; start: string; end: PodState; error: string }>();

  constructor(
    private readonly templates: readonly Template[],
    private readonly overhead: Map<Template, DaemonOverhead>,
    private readonly topology: Topology,
    private readonly existing: readonly Existing[],
    cluster: readonly ClusterNode[],
  ) {
    for (const t of templates) {
      if (!t.pool.limits) continue;
      const existingUse = emptyRecord<number>();
      for (const n of cluster) {
        if (!n.active || n.nodePool !== t.pool.name) continue;
        for (const [k, v] of Object.entries(n.capacity)) existingUse[k] = (existingUse[k] ?? 0) + v;
      }
      const remaining = emptyRecord<number>();
      for (const [k, v] of Object.entries(t.pool.limits)) remaining[k] = v - (existingUse[k] ?? 0);
      this.limits.set(t, { limits: t.pool.limits, existing: existingUse, batch: emptyRecord(), remaining });
    }
    this.anyPreferNoSchedule = templates.some((t) => t.pool.taints.some((x) => x.effect === 'PreferNoSchedule'));
  }

  /** Registers the pod's topology groups before any pod is placed (NewTopology runs Update for every pod of the batch). */
  public enqueue(pod: PodInput): void {
    const state = initialState(pod);
    this.states.set(pod, state);
    this.topology.update(pod, state);
  }

  /** trySchedule: every tier, relaxing one soft constraint after each full failure; relaxation persists across passes. */
  public schedule(pod: PodInput): string | undefined {
    const state = this.states.get(pod)!;
    // A replica that fails as the last one of its shape did, with nothing placed since, fails the same way.
    const start = stateKey(state);
    const memo = this.failed.get(pod.shape);
    if (memo && memo.placements === this.placements && memo.start === start) {
      Object.assign(state, memo.end);
      this.topology.update(pod, state);
      return memo.error;
    }
    for (;;) {
      const err = this.add(pod, state);
      if (err === undefined) return undefined;
      if (!relax(pod, state, this.anyPreferNoSchedule)) {
        const error = err();
        this.failed.set(pod.shape, { placements: this.placements, start, end: { ...state }, error });
        return error;
      }
      this.topology.update(pod, state);
    }
  }

  /** Undefined on success, else the error, built only when asked (most are dropped when a later attempt succeeds). */
  private add(pod: PodInput, state: PodState): (() => string) | undefined {
    const reqs = podRequirements(pod, state);
    const strict = strictPodRequirements(pod, state.requiredStart);
    for (const e of this.existing) if (this.tryExisting(e, pod, state, reqs, strict)) return undefined;
    const inflight = this.claims.map((c, i) => ({ c, i })).sort((a, b) => a.c.pods.length - b.c.pods.length || a.i - b.i);
    for (const { c } of inflight) if (this.tryClaim(c, pod, state, reqs, strict) === undefined) return undefined;
    if (this.templates.length === 0) return () => 'nodepool requirements filtered out all available instance types';
    const errs: PoolError[] = [];
    for (const t of this.templates) {
      let options = t.options;
      const use = this.limits.get(t);
      if (use) {
        if (use.remaining.nodes !== undefined && use.remaining.nodes <= 0) {
          errs.push({ limit: 'nodes', figures: limitFigures(t.pool.name, use) });
          continue;
        }
        use.within ??= withinLimits(t, options, use.remaining);
        options = use.within;
        if (options.length === 0) {
          errs.push({ limit: 'types', figures: limitFigures(t.pool.name, use) });
          continue;
        }
      }
      const n = this.perPool.get(t) ?? 0;
      const name = `${t.pool.name}-${n}`;
      const claim: Claim = {
        template: t,
        name,
        host: SchedulingRequirement.in(HOSTNAME_LABEL, name),
        requirements: t.requirements.copy(),
        options,
        requests: {},
        pods: [],
      };
      const err = this.tryClaim(claim, pod, state, reqs, strict);
      if (err !== undefined) {
        const name = `NodePool=${t.pool.name}`;
        // Types the limits left out never reached the instance-type filter: when the filter is what failed, say so, or
        // "not enough resources" hides the limit. A taint, requirement or topology failure is not the limits'.
        const cut = use && options.length < t.options.length ? t.options.length - options.length : 0;
        const note = use && cut > 0 ? `${limitNote([limitFigures(t.pool.name, use)])}; the limits left out ${cut} larger instance type(s)` : '';
        errs.push({
          text: () => {
            const text = typeof err === 'string' ? err : err();
            const filtered = text.startsWith('no instance type') || text.startsWith('minValues requirement is not met');
            return (text.includes(name) ? text : `${name}: ${text}`) + (filtered ? note : '');
          },
        });
        continue;
      }
      this.perPool.set(t, n + 1);
      this.claims.push(claim);
      if (use) {
        const max = maxCapacity(t, claim.options, Object.keys(use.remaining));
        for (const k of Object.keys(use.remaining)) {
          use.remaining[k] -= max[k];
          use.within = undefined;
          use.batch[k] = (use.batch[k] ?? 0) + max[k];
        }
      }
      return undefined;
    }
    return () => joinPoolErrors(errs);
  }

  /** ExistingNode.CanAdd, then Add on success (existingnode.go:81-185); host ports and volumes are not modelled. */
  private tryExisting(e: Existing, pod: PodInput, state: PodState, reqs: SchedulingRequirements, strict: SchedulingRequirements): boolean {
    if (!fitsRoom(pod.requests, e.room)) return false;
    if (taintError(e.node.taints, pod.tolerations, state.toleratePreferNoSchedule) !== undefined) return false;
    if (e.node.requirements.compatible(reqs) !== undefined) return false;
    let combined = e.node.requirements;
    if (this.topology.involves(pod)) {
      combined = e.node.requirements.with(reqs);
      const topo = this.topology.addRequirements(pod, strict, combined);
      if ('error' in topo) return false;
      if (topo.narrowed.length > 0) {
        if (combined.compatible(new SchedulingRequirements().addAll(topo.narrowed)) !== undefined) return false;
        combined.addAll(topo.narrowed);
      }
    }
    const room = { ...e.room };
    for (const [k, v] of Object.entries(pod.requests)) room[k] = (room[k] ?? 0) - v;
    e.room = room;
    e.pods.push(pod);
    this.placed.set(pod, { existing: e });
    this.placements++;
    this.topology.record(pod, e.node.taints, combined);
    return true;
  }

  /** NodeClaim.CanAdd, then Add on success (nodeclaim.go:180-260). */
  private tryClaim(
    claim: Claim,
    pod: PodInput,
    state: PodState,
    reqs: SchedulingRequirements,
    strict: SchedulingRequirements,
  ): string | (() => string) | undefined {
    const t = claim.template;
    const taints = taintError(t.pool.taints, pod.tolerations, state.toleratePreferNoSchedule);
    if (taints) return taints;
    const incompatible = claim.requirements.compatible(reqs, true);
    if (incompatible) return `incompatible requirements, ${incompatible}`;
    const combined = claim.requirements.with(reqs);
    const topo = this.topology.addRequirements(pod, strict, combined, claim.host);
    if ('error' in topo) return topo.error;
    if (topo.narrowed.length > 0) {
      const err = combined.compatible(new SchedulingRequirements().addAll(topo.narrowed), true);
      if (err) return err;
      combined.addAll(topo.narrowed);
    }
    const total = mergeAmounts(claim.requests, pod.requests);
    const out = filterInstanceTypes(t, claim.options, combined, total, pod.requests, this.overhead.get(t));
    if (out.error !== undefined) return out.error;
    claim.requirements = combined;
    claim.options = out.remaining;
    claim.requests = total;
    claim.pods.push(pod);
    this.placed.set(pod, { claim });
    this.placements++;
    this.topology.registerHostname(claim.name);
    this.topology.record(pod, t.pool.taints, combined, claim.host);
    return undefined;
  }
}

/** Labels a NodeClaim's requirements fix to one value (its hostname, and the registered/initialized markers, left out). */
const NOT_LABELS = new Set([HOSTNAME_LABEL, 'karpenter.sh/registered', 'karpenter.sh/initialized']);
function fixedLabels(r: SchedulingRequirements): Record<string, string> {
  const out: [string, string][] = [];
  for (const x of r.values().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    if (NOT_LABELS.has(x.key) || x.complement || x.size !== 1) continue;
    out.push([x.key, x.values[0]]);
  }
  // fromEntries: a label key `__proto__` is an own key, not the prototype.
  return Object.fromEntries(out);
}

interface Prepared {
  /** The catalog the templates were built from, which the cost ceilings read too. */
  readonly catalog: InstanceTypeCatalog;
  readonly pools: readonly NodePoolInput[];
  readonly classes: ReadonlyMap<string, NodeClassInput>;
  readonly poolReasons: Map<NodePoolInput, string>;
  readonly templates: readonly Template[];
  /** Every built template, also those the pre-filter emptied: they still give topology domains (provisioner.go:325). */
  readonly built: readonly Template[];
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
    pushAll(issues, nc.problems.map(toIssue));
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
  const built: Template[] = [];
  for (const pool of pools) {
    pushAll(issues, pool.problems.map(toIssue));
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
    built.push(t);
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
        pool.limits.nodes === 0 ? `${LIMIT_ERRORS.nodes} (NodePool=${pool.name})` : `${LIMIT_ERRORS.types} (NodePool=${pool.name})`,
      );
    }
    templates.push(t);
  }
  // Weight descending, then name descending (utils/nodepool OrderByWeight).
  templates.sort((a, b) => b.pool.weight - a.pool.weight || (a.pool.name < b.pool.name ? 1 : a.pool.name > b.pool.name ? -1 : 0));
  return { catalog, pools, classes, poolReasons, templates, built, admitted, issues };
}

/** What the raw manifest of a Pod says beyond its spec: phase, deletion, DaemonSet ownership. */
interface PodFacts {
  readonly terminal?: string;
  readonly terminating: boolean;
  readonly daemon: boolean;
  /** A static (mirror) pod, owned by its Node. */
  readonly mirror: boolean;
}

function factsOf(o: unknown): PodFacts {
  if (!isPlainObject(o) || o.kind !== 'Pod') return { terminating: false, daemon: false, mirror: false };
  const status = isPlainObject(o.status) ? o.status : {};
  const meta = isPlainObject(o.metadata) ? o.metadata : {};
  const phase = status.phase === 'Succeeded' || status.phase === 'Failed' ? status.phase : undefined;
  const owners = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
  return {
    ...(phase === undefined ? {} : { terminal: phase }),
    terminating: meta.deletionTimestamp !== undefined && meta.deletionTimestamp !== null,
    daemon: owners.some((r) => isPlainObject(r) && r.kind === 'DaemonSet'),
    mirror: owners.some((r) => isPlainObject(r) && r.kind === 'Node'),
  };
}

function list(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Simulates, with the issues found on bad input. Never throws on input. */
export function runSimulation(input: SimulationInput): SimulationRun {
  const safe: SimulationInput = input !== null && typeof input === 'object' ? input : { nodePools: [], nodeClasses: [], pods: [] };
  const { catalog, pools, classes, poolReasons, templates, built, admitted, issues } = prepare(safe);
  const zones = Array.isArray(safe.zones) && safe.zones.every((z) => typeof z === 'string') && safe.zones.length > 0 ? safe.zones : undefined;

  const workloads = readWorkloads(safe);
  const pods = workloads.pods;
  pushAll(issues, workloads.problems.map(toIssue));
  const usableDaemons = workloads.daemons.filter((d) => !d.problems.some((p) => p.fatal));
  const facts = new Map<PodInput, PodFacts>();
  pods.forEach((pod, i) =>
    facts.set(
      pod,
      readSafely(
        () => factsOf(workloads.sources[i]),
        () => ({ terminating: false, daemon: false, mirror: false }),
      ),
    ),
  );

  const cluster = readSafely(
    () => readCluster(list(safe.nodes), list(safe.nodeClaims), pools),
    () => ({
      nodes: [],
      problems: [
        {
          object: 'nodes',
          field: '',
          code: 'SimInvalidObject',
          message: 'the Nodes and NodeClaims could not be read (a value threw when read); the cluster is taken as empty',
          fatal: true,
        },
      ],
    }),
  );
  pushAll(issues, cluster.problems.map(toIssue));
  const nodeByName = new Map(cluster.nodes.filter((n) => n.hasNode).map((n) => [n.name, n]));
  const namespaceLabels =
    safe.namespaces === undefined
      ? undefined
      : readSafely(
          () => readNamespaces(list(safe.namespaces)),
          () => new Map<string, Record<string, string>>(),
        );

  const verdicts = new Map<PodInput, PodResult>();
  const queue: PodInput[] = [];
  const bound: BoundPod[] = [];
  const onNode = new Map<ClusterNode, PodInput[]>();
  for (const pod of pods) {
    const base = { namespace: pod.namespace, name: pod.name };
    const fatal = pod.problems.find((p) => p.fatal);
    if (fatal) {
      verdicts.set(pod, { ...base, schedulable: false, instanceTypes: [], reason: `${fatal.field}: ${fatal.message}` });
      continue;
    }
    const f = facts.get(pod)!;
    const extra = { requests: pod.requests, ...(pod.notModelled && pod.notModelled.length > 0 ? { notModelled: pod.notModelled } : {}) };
    if (f.terminal !== undefined) {
      verdicts.set(pod, {
        ...base,
        schedulable: false,
        ignored: true,
        instanceTypes: [],
        reason: `the pod has finished (status.phase ${f.terminal}): it counts nowhere`,
        ...(pod.nodeName === undefined ? {} : { bound: true, node: pod.nodeName }),
        ...extra,
      });
      continue;
    }
    if (pod.nodeName !== undefined) {
      const node = nodeByName.get(pod.nodeName);
      if (!node) {
        issues.push({
          severity: Severity.WARNING,
          field: `Pod/${pod.namespace}/${pod.name} spec.nodeName`,
          code: 'SimUnknownNode',
          message:
            `names node "${pod.nodeName}", which is not among the input nodes; the pod is not provisioned for and counts nowhere: ` +
            'add that Node to the input',
        });
      } else {
        bound.push({ pod, node, terminating: f.terminating });
        if (node.active) onNode.set(node, [...(onNode.get(node) ?? []), pod]);
      }
      verdicts.set(pod, {
        ...base,
        schedulable: true,
        bound: true,
        node: pod.nodeName,
        instanceTypes: [],
        ...domainsOf(node?.labels ?? {}),
        ...extra,
      });
      continue;
    }
    const ignored = f.daemon
      ? 'owned by a DaemonSet: Karpenter does not provision for DaemonSet pods (give the DaemonSet as a daemonSet to count its overhead)'
      : f.mirror
        ? 'a static (mirror) pod, owned by its Node: Karpenter does not provision for it'
        : ignoredReason(pod);
    if (ignored) {
      verdicts.set(pod, { ...base, schedulable: false, ignored: true, instanceTypes: [], reason: ignored, ...extra });
      continue;
    }
    queue.push(pod);
  }

  const existing: Existing[] = cluster.nodes
    .filter((n) => n.active)
    .map((node) => {
      const podsHere = onNode.get(node) ?? [];
      const room = roomOf(
        node,
        podsHere.map((p) => p.requests),
      );
      // Daemons the node should run but whose pods are not among its bound pods still take their room.
      const expected = usableDaemons
        .filter((d) => daemonRuns(d, node.taints, (r) => node.requirements.compatible(r) === undefined))
        .reduce((acc, d) => mergeAmounts(acc, d.requests), {} as Record<string, number>);
      const running = podsHere.filter((p) => facts.get(p)?.daemon).reduce((acc, p) => mergeAmounts(acc, p.requests), {} as Record<string, number>);
      for (const [k, v] of Object.entries(expected)) room[k] = addAmounts(room[k] ?? 0, -Math.max(0, addAmounts(v, -(running[k] ?? 0))));
      return { node, room, pods: [] };
    });
  const known = new Set<string>([...pods.map((p) => p.namespace)]);
  const sources: DomainSource[] = built.map((t) => ({ requirements: t.requirements, taints: t.pool.taints, types: t.all }));
  const topology = new Topology(
    sources,
    cluster.nodes.filter((n) => n.active),
    bound,
    { ...(namespaceLabels ? { labels: namespaceLabels } : {}), known },
    zones !== undefined,
  );

  const dynamic = templates.length > 0 || pools.some((p) => admitted.has(p));
  const overhead = new Map(templates.map((t) => [t, daemonOverhead(t, usableDaemons)]));
  const scheduler = new Scheduler(templates, overhead, topology, existing, cluster.nodes);
  const errors = new Map<PodInput, string>();
  queue.sort(queueOrder);
  for (const pod of queue) scheduler.enqueue(pod);
  // Failed pods are retried after the others while a pass makes progress (queue.go).
  let pending = queue;
  for (;;) {
    const failed: PodInput[] = [];
    for (const pod of pending) {
      const err = dynamic || existing.length > 0 ? scheduler.schedule(pod) : 'no dynamic nodepools found';
      if (err === undefined) errors.delete(pod);
      else {
        errors.set(pod, dynamic ? err : 'no dynamic nodepools found');
        failed.push(pod);
      }
    }
    if (failed.length === 0 || failed.length === pending.length || !(dynamic || existing.length > 0)) break;
    pending = failed;
  }

  const claimPods = new Map<Claim, string[]>();
  const result: SimulationResult = {
    pods: pods.map((pod): PodResult => {
      const v = verdicts.get(pod);
      if (v) return v;
      const notModelled = [...(pod.notModelled ?? []), ...topology.unmodelled(pod)];
      const extra = { requests: pod.requests, ...(notModelled.length > 0 ? { notModelled } : {}) };
      const at = scheduler.placed.get(pod);
      if (at?.existing) {
        return {
          namespace: pod.namespace,
          name: pod.name,
          schedulable: true,
          node: at.existing.node.name,
          instanceTypes: [],
          ...domainsOf(at.existing.node.labels),
          ...extra,
        };
      }
      if (at?.claim) {
        const claim = at.claim;
        claimPods.set(claim, [...(claimPods.get(claim) ?? []), `${pod.namespace}/${pod.name}`]);
        const labels = fixedLabels(claim.requirements);
        return {
          namespace: pod.namespace,
          name: pod.name,
          schedulable: true,
          nodePool: claim.template.pool.name,
          nodeClaim: claim.name,
          instanceTypes: claim.options.map((i) => claim.template.all[i].type.name),
          ...domainsOf(labels),
          ...extra,
        };
      }
      return {
        namespace: pod.namespace,
        name: pod.name,
        schedulable: false,
        instanceTypes: [],
        reason: errors.get(pod) ?? 'not scheduled',
        ...extra,
      };
    }),
    nodePools: pools.map((pool): NodePoolResult => {
      const reason = poolReasons.get(pool);
      return { name: pool.name, admittedInstanceTypes: admitted.get(pool) ?? [], ...(reason === undefined ? {} : { reason }) };
    }),
    nodeClaims: scheduler.claims.map((c) => ({
      name: c.name,
      nodePool: c.template.pool.name,
      labels: fixedLabels(c.requirements),
      instanceTypes: c.options.map((i) => c.template.all[i].type.name),
      pods: claimPods.get(c) ?? [],
    })),
    assumptions: [
      ...SIMULATION_ASSUMPTIONS,
      cluster.nodes.length === 0 ? EMPTY_CLUSTER : GIVEN_CLUSTER,
      ...(zones ? [] : [NO_ZONES]),
      ...namespaceNote(topology, namespaceLabels, pods),
      ...(queue.some((p) => Object.values(p.requests).some(isSubUnit)) ? [SUB_UNIT_REQUESTS] : []),
    ],
  };
  // Prices last: options cheapest first, each pod's cheapest type, each pool's cost ceiling from the pool read above.
  const costCeilings = poolCostCeilings(pools, result, catalog, safe.prices ?? loadPriceTable());
  return { result: withCosts(safe, result, costCeilings), issues, costCeilings, read: { pools, nodeClasses: classes } };
}

function domainsOf(labels: Readonly<Record<string, string>>): { zone?: string; capacityType?: string } {
  const zone = labels[WellKnownLabel.ZONE];
  const capacityType = labels[WellKnownLabel.CAPACITY_TYPE];
  return { ...(zone === undefined ? {} : { zone }), ...(capacityType === undefined ? {} : { capacityType }) };
}

function namespaceNote(topology: Topology, labels: ReadonlyMap<string, unknown> | undefined, pods: readonly PodInput[]): string[] {
  if (topology.assumedNamespaces.size === 0) return [];
  const names = pods.filter((p) => topology.assumedNamespaces.has(p.shape)).map((p) => `${p.namespace}/${p.name}`);
  const missing = [...new Set(pods.map((p) => p.namespace))].filter((n) => !labels?.has(n)).sort();
  const shown = (xs: readonly string[]) => (xs.length > 5 ? `${xs.slice(0, 5).join(', ')} and ${xs.length - 5} more` : xs.join(', '));
  return [
    `A pod affinity namespaceSelector (pods ${shown(names)}) was matched against namespaces without a Namespace object ` +
      `(${shown(missing)}), each taken to carry only its kubernetes.io/metadata.name label; add their Namespace manifests.`,
  ];
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. Never throws on input. */
export function simulateProvisioning(input: SimulationInput): SimulationResult {
  return runSimulation(input).result;
}
