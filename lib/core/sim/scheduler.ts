// The provisioning scheduler offline (kubernetes-sigs/karpenter v1.14.1 provisioning/scheduling/scheduler.go,
// queue.go): one batch of pending pods, tried on the existing nodes, then the open NodeClaims, then a new NodeClaim
// of each NodePool by weight; soft constraints relaxed after a full failure; failed pods retried while a pass helps.
import { PodInput } from './pod-input';
import { initialState, podRequirements, PodState, strictPodRequirements } from './pods';
import { relax } from './preferences';
import { CPU, MEMORY } from '../shared/quantity';
import { SchedulingRequirements } from '../scheduling/requirements';
import { DaemonOverhead, maxCapacity, Template, withinLimits } from './nodeclaim-template';
import { joinPoolErrors, LimitUse, limitFigures, limitNote, PoolError } from './limit-reasons';
import { ClusterNode } from './cluster-state';
import { addToExisting, Existing } from './existing-node';
import { addToClaim, Claim, newClaim } from './nodeclaim';
import { Topology } from './topology';
import { emptyRecord } from '../json';

export type Placement = { readonly claim: Claim; readonly existing?: undefined } | { readonly existing: Existing; readonly claim?: undefined };

/** Queue order (queue.go byCPUAndMemoryDescending): cpu, then memory, descending; then creation (input) order, then name. */
export function queueOrder(a: PodInput, b: PodInput): number {
  return (
    (b.requests[CPU] ?? 0) - (a.requests[CPU] ?? 0) ||
    (b.requests[MEMORY] ?? 0) - (a.requests[MEMORY] ?? 0) ||
    a.index - b.index ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

function stateKey(s: PodState): string {
  const { requiredStart, preferredStart, preferredPodAffinity, preferredPodAntiAffinity, scheduleAnywaySpreads, toleratePreferNoSchedule } = s;
  return [requiredStart, preferredStart, preferredPodAffinity, preferredPodAntiAffinity, scheduleAnywaySpreads, toleratePreferNoSchedule].join('|');
}

/** What each NodePool's limits leave, counting the active nodes of the cluster at their capacity (scheduler.go:120-135). */
function limitUses(templates: readonly Template[], cluster: readonly ClusterNode[]): Map<Template, LimitUse> {
  const limits = new Map<Template, LimitUse>();
  for (const t of templates) {
    const limited = t.pool.limits.amounts;
    if (!limited) continue;
    const existingUse = emptyRecord<number>();
    for (const n of cluster) {
      if (!n.active || n.nodePool !== t.pool.name) continue;
      for (const [k, v] of Object.entries(n.capacity)) existingUse[k] = (existingUse[k] ?? 0) + v;
    }
    const remaining = emptyRecord<number>();
    for (const [k, v] of Object.entries(limited)) remaining[k] = v - (existingUse[k] ?? 0);
    limits.set(t, { limits: limited, existing: existingUse, batch: emptyRecord(), remaining });
  }
  return limits;
}

export class Scheduler {
  public readonly claims: Claim[] = [];
  public readonly placed = new Map<PodInput, Placement>();
  private readonly limits: Map<Template, LimitUse>;
  private readonly anyPreferNoSchedule: boolean;
  private readonly states = new Map<PodInput, PodState>();
  /** Pods placed so far: the scheduler's state changes only with a placement. */
  private placements = 0;
  /** Per pod shape, its last failure: at which placement count, from and to which relaxation state, and why. */
  private readonly failed = new Map<string, { placements: number; start: string; end: PodState; endKey: string; error: string }>();

  constructor(
    private readonly templates: readonly Template[],
    private readonly overhead: ReadonlyMap<Template, DaemonOverhead>,
    private readonly topology: Topology,
    private readonly existing: readonly Existing[],
    cluster: readonly ClusterNode[],
    /** NodeClaims made so far per template, which names the next one (`<pool>-<n>`); shared across rounds. */
    private readonly perPool = new Map<Template, number>(),
  ) {
    this.limits = limitUses(templates, cluster);
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
      // Relaxed as the last one was: its topology groups follow its new state (unrelaxed, they are already its own).
      if (memo.endKey !== start) {
        Object.assign(state, memo.end);
        this.topology.update(pod, state);
      }
      return memo.error;
    }
    for (;;) {
      const err = this.add(pod, state);
      if (err === undefined) return undefined;
      if (!relax(pod, state, this.anyPreferNoSchedule)) {
        const error = err();
        this.failed.set(pod.shape, { placements: this.placements, start, end: { ...state }, endKey: stateKey(state), error });
        return error;
      }
      this.topology.update(pod, state);
    }
  }

  /** Undefined on success, else the error, built only when asked (most are dropped when a later attempt succeeds). */
  private add(pod: PodInput, state: PodState): (() => string) | undefined {
    const reqs = podRequirements(pod, state);
    const strict = strictPodRequirements(pod, state.requiredStart);
    for (const e of this.existing) {
      if (addToExisting(e, pod, state, reqs, strict, this.topology)) return this.place(pod, { existing: e });
    }
    const inflight = this.claims.map((c, i) => ({ c, i })).sort((a, b) => a.c.pods.length - b.c.pods.length || a.i - b.i);
    for (const { c } of inflight) {
      if (addToClaim(c, pod, state, reqs, strict, this.topology, this.overhead.get(c.template)) === undefined) return this.place(pod, { claim: c });
    }
    if (this.templates.length === 0) return () => 'nodepool requirements filtered out all available instance types';
    const errs: PoolError[] = [];
    for (const t of this.templates) {
      const err = this.addToNew(t, pod, state, reqs, strict);
      if (err === undefined) return undefined;
      errs.push(err);
    }
    return () => joinPoolErrors(errs);
  }

  private place(pod: PodInput, at: Placement): undefined {
    this.placed.set(pod, at);
    this.placements++;
    return undefined;
  }

  /** A new NodeClaim of one template for the pod, within the pool's limits (scheduler.go addToNewNodeClaim). */
  private addToNew(t: Template, pod: PodInput, state: PodState, reqs: SchedulingRequirements, strict: SchedulingRequirements): PoolError | undefined {
    let options = t.options;
    const use = this.limits.get(t);
    if (use) {
      if (use.remaining.nodes !== undefined && use.remaining.nodes <= 0) return { limit: 'nodes', figures: limitFigures(t.pool.name, use) };
      use.within ??= withinLimits(t, options, use.remaining);
      options = use.within;
      if (options.length === 0) return { limit: 'types', figures: limitFigures(t.pool.name, use) };
    }
    const n = this.perPool.get(t) ?? 0;
    const claim = newClaim(t, `${t.pool.name}-${n}`, options);
    const err = addToClaim(claim, pod, state, reqs, strict, this.topology, this.overhead.get(t));
    if (err !== undefined) {
      const name = `NodePool=${t.pool.name}`;
      // Types the limits left out never reached the instance-type filter: when the filter is what failed, say so, or
      // "not enough resources" hides the limit. A taint, requirement or topology failure is not the limits'.
      const cut = use && options.length < t.options.length ? t.options.length - options.length : 0;
      const note = use && cut > 0 ? `${limitNote([limitFigures(t.pool.name, use)])}; the limits left out ${cut} larger instance type(s)` : '';
      return {
        text: () => {
          const text = typeof err === 'string' ? err : err();
          const filtered = text.startsWith('no instance type') || text.startsWith('minValues requirement is not met');
          return (text.includes(name) ? text : `${name}: ${text}`) + (filtered ? note : '');
        },
      };
    }
    this.place(pod, { claim });
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
}

/** Schedules a batch: the queue in order, failed pods retried after the others while a pass makes progress (queue.go). */
export function scheduleBatch(
  scheduler: Scheduler,
  queue: readonly PodInput[],
  canSchedule: boolean,
  noPools: string | undefined,
): Map<PodInput, string> {
  const errors = new Map<PodInput, string>();
  let pending = queue;
  for (;;) {
    const failed: PodInput[] = [];
    for (const pod of pending) {
      const err = canSchedule ? scheduler.schedule(pod) : 'no dynamic nodepools found';
      if (err === undefined) errors.delete(pod);
      else {
        errors.set(pod, noPools ?? err);
        failed.push(pod);
      }
    }
    if (failed.length === 0 || failed.length === pending.length || !canSchedule) break;
    pending = failed;
  }
  return errors;
}
