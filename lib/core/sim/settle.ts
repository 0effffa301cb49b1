// Rounds: Karpenter schedules a batch, launches its NodeClaims, binds their pods, and schedules the pods still
// pending in the next batch. Each round here is one batch (scheduler.ts); between rounds each new NodeClaim launches
// (launch.ts). What depends only on a pod's shape or a pool's admission (templates, their filter caches, the daemon
// overhead) is computed once for every round; what the cluster state changes (topology, room, limits) per round.
import { Severity, ValidationIssue } from '../issues';
import { pushAll, show } from '../json';
import { PodInput } from './pod-input';
import { ClusterNode } from './cluster-state';
import { DaemonOverhead, Template } from './nodeclaim-template';
import { DomainSource, NamespaceView, Topology, BoundPod } from './topology';
import { Existing, existingNodes } from './existing-node';
import { Placement, Scheduler, scheduleBatch } from './scheduler';
import { Claim } from './nodeclaim';
import { launchChoice, LaunchChoice, launchedNode } from './launch';
import { PriceTable } from './pricing';

/** The most rounds `rounds: 'settle'` runs. */
export const SETTLE_MAX_ROUNDS = 100;

/** How many rounds a run may take, and whether it launches between them; undefined `rounds` is one batch. */
export interface RoundPlan {
  readonly cap: number;
  /** `rounds` was given: NodeClaims launch after each round and the result carries the round fields. */
  readonly launching: boolean;
}

/** Reads `rounds`: a positive integer or `'settle'`; anything else is an error and one batch. */
export function readRounds(read: () => unknown, issues: ValidationIssue[]): RoundPlan {
  let rounds: unknown;
  let what: string;
  try {
    rounds = read();
    if (rounds === undefined) return { cap: 1, launching: false };
    if (rounds === 'settle') return { cap: SETTLE_MAX_ROUNDS, launching: true };
    if (typeof rounds === 'number' && Number.isSafeInteger(rounds) && rounds >= 1) return { cap: rounds, launching: true };
    what = `${show(rounds)} is not a number of rounds`;
  } catch {
    what = 'could not be read (a value threw when read)';
  }
  issues.push({
    severity: Severity.ERROR,
    field: 'rounds',
    code: 'SimInvalidRounds',
    message: `${what}: give a positive integer or 'settle'; one batch was simulated`,
  });
  return { cap: 1, launching: false };
}

/** What the rounds read and never change: the templates, their daemon overhead and the topology's sources. */
export interface RoundInputs {
  readonly templates: readonly Template[];
  readonly overhead: ReadonlyMap<Template, DaemonOverhead>;
  readonly sources: readonly DomainSource[];
  readonly namespaces: NamespaceView;
  readonly zonesKnown: boolean;
  readonly zones?: readonly string[];
  readonly daemons: readonly PodInput[];
  readonly isDaemonPod: (p: PodInput) => boolean;
  /** With none, pods fail with this reason (no NodePool can launch anything). */
  readonly noPools?: string;
  readonly prices: () => PriceTable;
}

/** Where every round put its pods. */
export interface RoundsOutcome {
  readonly claims: readonly Claim[];
  readonly placed: ReadonlyMap<PodInput, Placement>;
  /** The last reason of each pod still pending. */
  readonly errors: ReadonlyMap<PodInput, string>;
  /** The topology of the last round each pod was scheduled in (what it leaves out is said per pod). */
  readonly topologyOf: (pod: PodInput) => Topology;
  readonly topologies: readonly Topology[];
  readonly roundOf: ReadonlyMap<PodInput | Claim, number>;
  readonly launches: ReadonlyMap<Claim, LaunchChoice>;
  /** The claim each launched node came from. */
  readonly launchedFrom: ReadonlyMap<ClusterNode, Claim>;
  /** Rounds that launched at least one NodeClaim. */
  readonly rounds: number;
  readonly settled: boolean;
}

/** The cluster between rounds: its nodes (initialized first, then by name), candidates and bound pods. */
interface ClusterNow {
  nodes: ClusterNode[];
  existing: Existing[];
  bound: BoundPod[];
}

const byCandidateOrder = (a: { readonly node: ClusterNode } | ClusterNode, b: { readonly node: ClusterNode } | ClusterNode) => {
  const x = 'node' in a ? a.node : a;
  const y = 'node' in b ? b.node : b;
  return Number(y.initialized) - Number(x.initialized) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
};

/** Runs the rounds from the given cluster; the queue is in queue order and keeps it. */
export function scheduleRounds(inputs: RoundInputs, plan: RoundPlan, start: ClusterNow, queue: readonly PodInput[]): RoundsOutcome {
  const now: ClusterNow = { nodes: [...start.nodes], existing: [...start.existing], bound: [...start.bound] };
  const claims: Claim[] = [];
  const placed = new Map<PodInput, Placement>();
  const roundOf = new Map<PodInput | Claim, number>();
  const launches = new Map<Claim, LaunchChoice>();
  const launchedFrom = new Map<ClusterNode, Claim>();
  const topologies: Topology[] = [];
  const lastTopology = new Map<PodInput, Topology>();
  const perPool = new Map<Template, number>();
  let errors = new Map<PodInput, string>();
  let pending = queue;
  let rounds = 0;
  let settled = false;
  for (let round = 1; round <= plan.cap; round++) {
    const topology = new Topology(
      inputs.sources,
      now.nodes.filter((n) => n.active),
      now.bound,
      inputs.namespaces,
      inputs.zonesKnown,
    );
    topologies.push(topology);
    const scheduler = new Scheduler(inputs.templates, inputs.overhead, topology, now.existing, now.nodes, perPool);
    for (const pod of pending) {
      scheduler.enqueue(pod);
      lastTopology.set(pod, topology);
    }
    errors = scheduleBatch(scheduler, pending, inputs.noPools === undefined || now.existing.length > 0, inputs.noPools);
    for (const [pod, at] of scheduler.placed) {
      placed.set(pod, at);
      roundOf.set(pod, round);
    }
    for (const c of scheduler.claims) roundOf.set(c, round);
    pushAll(claims, scheduler.claims);
    pending = pending.filter((p) => errors.has(p));
    if (!plan.launching) break;
    if (scheduler.claims.length === 0) {
      settled = true;
      break;
    }
    rounds++;
    launchRound(inputs, scheduler, now, launches, launchedFrom);
    if (pending.length === 0) {
      settled = true;
      break;
    }
  }
  return {
    claims,
    placed,
    errors,
    topologyOf: (pod) => lastTopology.get(pod) ?? topologies[topologies.length - 1],
    topologies,
    roundOf,
    launches,
    launchedFrom,
    rounds,
    settled,
  };
}

/** Launches a round's NodeClaims: each becomes a node holding its pods; every pod placed this round is bound. */
function launchRound(
  inputs: RoundInputs,
  scheduler: Scheduler,
  now: ClusterNow,
  launches: Map<Claim, LaunchChoice>,
  launchedFrom: Map<ClusterNode, Claim>,
): void {
  const prices = inputs.prices();
  const nodeOf = new Map<Claim, ClusterNode>();
  for (const claim of scheduler.claims) {
    const choice = launchChoice(claim, prices, inputs.zones);
    const node = launchedNode(claim, choice);
    launches.set(claim, choice);
    launchedFrom.set(node, claim);
    nodeOf.set(claim, node);
    now.nodes.push(node);
    now.existing.push(...existingNodes([node], new Map([[node, claim.pods]]), inputs.daemons, inputs.isDaemonPod));
  }
  for (const [pod, at] of scheduler.placed) {
    now.bound.push({ pod, node: at.claim ? nodeOf.get(at.claim)! : at.existing.node, terminating: false });
  }
  now.nodes.sort(byCandidateOrder);
  now.existing.sort(byCandidateOrder);
}
