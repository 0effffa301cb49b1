// The provisioner offline (kubernetes-sigs/karpenter v1.14.1 provisioning/provisioner.go Schedule): read the inputs,
// sort the pods, schedule one batch of pending pods after the given Nodes and in-flight NodeClaims, and answer.
// The phases live in rooms named after Karpenter's files; CONTRIBUTING maps each Karpenter file to ours.
import { ValidationIssue } from '../issues';
import { isSubUnit } from '../shared/quantity';
import { NodeClassInput, NodePoolInput } from './inputs';
import { PodInput } from './pod-input';
import { poolCostCeilings, withCosts } from './costs';
import { CostCeiling, loadPriceTable } from './pricing';
import { DomainSource } from './topology';
import { daemonOverhead } from './daemon-overhead';
import { existingNodes } from './existing-node';
import { queueOrder } from './scheduler';
import { readRounds, RoundPlan, RoundsOutcome, scheduleRounds } from './settle';
import { LAUNCH_ASSUMPTIONS } from './launch';
import { givenZones, Prepared, prepare, readClusterState, readPods, ClusterStateRead, PodsRead } from './reading';
import { zoneAssumptions } from './subnet-zones';
import { EXISTING_FIT, ExistingFit } from './kube-scheduler-fit';
import { sortPods, SortedPods } from './pending-pods';
import { nodeClaimResults, nodePoolResults, podResults } from './result';
import { Claim } from './nodeclaim';
import { EMPTY_CLUSTER, EMPTY_CLUSTER_ROUNDS, GIVEN_CLUSTER, namespaceNote, SIMULATION_ASSUMPTIONS, SUB_UNIT_REQUESTS } from './assumptions';
import { SimulationInput, SimulationResult } from './simulation-types';

export { SIMULATION_ASSUMPTIONS, SUB_UNIT_REQUESTS } from './assumptions';
export { SETTLE_MAX_ROUNDS } from './settle';

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

/** Everything read once, before any batch. */
interface Read {
  readonly input: SimulationInput;
  readonly prepared: Prepared;
  readonly zones?: readonly string[];
  readonly workloads: PodsRead;
  readonly cluster: ClusterStateRead;
  readonly sorted: SortedPods;
  readonly rounds: RoundPlan;
}

/** Phase 1: the inputs read (templates, pods, cluster) and the pods sorted into the batch and the rest. */
function readInputs(input: SimulationInput): Read {
  const safe: SimulationInput = input !== null && typeof input === 'object' ? input : { nodePools: [], nodeClasses: [], pods: [] };
  const prepared = prepare(safe);
  const zones = givenZones(safe);
  const workloads = readPods(safe, prepared.issues);
  const cluster = readClusterState(safe, prepared.pools, prepared.issues);
  const sorted = sortPods(workloads.pods, workloads.facts, cluster.nodeByName, prepared.issues);
  sorted.queue.sort(queueOrder);
  const rounds = readRounds(() => safe.rounds, prepared.issues);
  return { input: safe, prepared, ...(zones ? { zones } : {}), workloads, cluster, sorted, rounds };
}

/** What the batches found: where they put the pods, and whether an ignored pod was fitted on the existing nodes. */
interface Scheduled {
  readonly outcome: RoundsOutcome;
  readonly fitUsed: boolean;
}

/** Phase 2: the batches (one unless `rounds` asks for more) on the cluster's nodes and new NodeClaims (Provisioner.Schedule). */
function schedule(read: Read): Scheduled {
  const { prepared, workloads, cluster, sorted } = read;
  const isDaemonPod = (p: PodInput) => workloads.facts.get(p)?.daemon === true;
  const existing = existingNodes(cluster.nodes, sorted.onNode, workloads.daemons, isDaemonPod);
  // Where kube-scheduler could still bind a pod Karpenter ignores, on the nodes before any batch.
  const fits = new ExistingFit(existing);
  if (cluster.nodes.length > 0) for (const pod of sorted.unprovisioned) sorted.verdicts.set(pod, fits.withFit(sorted.verdicts.get(pod)!, pod));
  const known = new Set<string>([...workloads.pods.map((p) => p.namespace)]);
  const sources: DomainSource[] = prepared.built.map((t) => ({ requirements: t.requirements, taints: t.pool.taints, types: t.all }));
  const dynamic = prepared.templates.length > 0 || prepared.pools.some((p) => prepared.admitted.has(p));
  const inputs = {
    templates: prepared.templates,
    overhead: new Map(prepared.templates.map((t) => [t, daemonOverhead(t, workloads.daemons)])),
    sources,
    namespaces: { ...(cluster.namespaceLabels ? { labels: cluster.namespaceLabels } : {}), known },
    zonesKnown: read.zones !== undefined || prepared.built.some((t) => t.zones !== undefined),
    ...(read.zones ? { zones: read.zones } : {}),
    daemons: workloads.daemons,
    isDaemonPod,
    ...(dynamic ? {} : { noPools: 'no dynamic nodepools found' }),
    prices: () => read.input.prices ?? loadPriceTable(),
  };
  const outcome = scheduleRounds(inputs, read.rounds, { nodes: [...cluster.nodes], existing, bound: sorted.bound }, sorted.queue);
  return { outcome, fitUsed: fits.used };
}

/** Phase 3: the answer, with the assumptions that bear on this input and the prices. */
function answer(read: Read, { outcome, fitUsed }: Scheduled): SimulationRun {
  const { prepared, workloads, cluster, sorted } = read;
  const claimPods = new Map<Claim, string[]>();
  const pods: readonly PodInput[] = workloads.pods;
  const withRounds = read.rounds.launching;
  const result: SimulationResult = {
    pods: podResults(pods, sorted.verdicts, outcome, withRounds, claimPods),
    nodePools: nodePoolResults(prepared.pools, prepared.poolReasons, prepared.admitted),
    nodeClaims: nodeClaimResults(outcome, withRounds, claimPods),
    assumptions: [
      ...SIMULATION_ASSUMPTIONS,
      cluster.nodes.length > 0 ? GIVEN_CLUSTER : withRounds ? EMPTY_CLUSTER_ROUNDS : EMPTY_CLUSTER,
      ...zoneAssumptions(
        read.zones,
        [...new Set(prepared.built.map((t) => t.nodeClass))].map((c) => ({ name: c.name, zones: c.zones })),
      ),
      ...workloads.daemonAssumptions,
      ...(fitUsed ? [EXISTING_FIT] : []),
      ...namespaceNote(outcome.topologies, cluster.namespaceLabels, pods),
      ...(sorted.queue.some((p) => Object.values(p.requests).some(isSubUnit)) ? [SUB_UNIT_REQUESTS] : []),
      ...(withRounds ? [...LAUNCH_ASSUMPTIONS, ...roundsNote(outcome, read.rounds)] : []),
    ],
    ...(withRounds ? { rounds: outcome.rounds, settled: outcome.settled } : {}),
  };
  // Prices last: options cheapest first, each pod's cheapest type, each pool's cost ceiling from the pool read above.
  const costCeilings = poolCostCeilings(prepared.pools, result, prepared.catalog, read.input.prices ?? loadPriceTable());
  return {
    result: withCosts(read.input, result, costCeilings),
    issues: prepared.issues,
    costCeilings,
    read: { pools: prepared.pools, nodeClasses: prepared.classes },
  };
}

/** Said when the round cap, not a round that launched nothing, ended the run. */
function roundsNote(outcome: RoundsOutcome, plan: RoundPlan): string[] {
  if (outcome.settled) return [];
  return [
    `Stopped after ${plan.cap} round(s), the cap, while the last round still launched NodeClaims: ` +
      'a pod still pending may be placed in a later round.',
  ];
}

/** Simulates, with the issues found on bad input. Never throws on input. */
export function runSimulation(input: SimulationInput): SimulationRun {
  const read = readInputs(input);
  return answer(read, schedule(read));
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. Never throws on input. */
export function simulateProvisioning(input: SimulationInput): SimulationResult {
  return runSimulation(input).result;
}
