// Pure core: no cdktf or constructs imports.
// The provisioner offline (kubernetes-sigs/karpenter v1.14.1 provisioning/provisioner.go Schedule): read the inputs,
// sort the pods, schedule one batch of pending pods after the given Nodes and in-flight NodeClaims, and answer.
// The phases live in rooms named after Karpenter's files; CONTRIBUTING maps each Karpenter file to ours.
import { ValidationIssue } from '../issues';
import { isSubUnit } from '../shared/quantity';
import { NodeClassInput, NodePoolInput, PodInput } from './inputs';
import { poolCostCeilings, withCosts } from './costs';
import { CostCeiling, loadPriceTable } from './pricing';
import { DomainSource, Topology } from './topology';
import { daemonOverhead } from './daemon-overhead';
import { existingNodes } from './existing-node';
import { queueOrder, Scheduler, scheduleBatch } from './scheduler';
import { Prepared, prepare, readClusterState, readPods, ClusterStateRead, PodsRead } from './reading';
import { sortPods, SortedPods } from './pending-pods';
import { BatchOutcome, nodeClaimResults, nodePoolResults, podResults } from './result';
import { Claim } from './nodeclaim';
import { EMPTY_CLUSTER, GIVEN_CLUSTER, namespaceNote, NO_ZONES, SIMULATION_ASSUMPTIONS, SUB_UNIT_REQUESTS } from './assumptions';
import { SimulationInput, SimulationResult } from './types';

export { SIMULATION_ASSUMPTIONS, SUB_UNIT_REQUESTS } from './assumptions';

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
}

/** Phase 1: the inputs read (templates, pods, cluster) and the pods sorted into the batch and the rest. */
function readInputs(input: SimulationInput): Read {
  const safe: SimulationInput = input !== null && typeof input === 'object' ? input : { nodePools: [], nodeClasses: [], pods: [] };
  const prepared = prepare(safe);
  const zones = Array.isArray(safe.zones) && safe.zones.every((z) => typeof z === 'string') && safe.zones.length > 0 ? safe.zones : undefined;
  const workloads = readPods(safe, prepared.issues);
  const cluster = readClusterState(safe, prepared.pools, prepared.issues);
  const sorted = sortPods(workloads.pods, workloads.facts, cluster.nodeByName, prepared.issues);
  sorted.queue.sort(queueOrder);
  return { input: safe, prepared, ...(zones ? { zones } : {}), workloads, cluster, sorted };
}

/** Phase 2: one batch of the queue on the cluster's nodes and new NodeClaims (Provisioner.Schedule). */
function scheduleOnce(read: Read): BatchOutcome & { readonly topology: Topology } {
  const { prepared, workloads, cluster, sorted } = read;
  const existing = existingNodes(cluster.nodes, sorted.onNode, workloads.daemons, (p) => workloads.facts.get(p)?.daemon === true);
  const known = new Set<string>([...workloads.pods.map((p) => p.namespace)]);
  const sources: DomainSource[] = prepared.built.map((t) => ({ requirements: t.requirements, taints: t.pool.taints, types: t.all }));
  const topology = new Topology(
    sources,
    cluster.nodes.filter((n) => n.active),
    sorted.bound,
    { ...(cluster.namespaceLabels ? { labels: cluster.namespaceLabels } : {}), known },
    read.zones !== undefined,
  );
  const dynamic = prepared.templates.length > 0 || prepared.pools.some((p) => prepared.admitted.has(p));
  const overhead = new Map(prepared.templates.map((t) => [t, daemonOverhead(t, workloads.daemons)]));
  const scheduler = new Scheduler(prepared.templates, overhead, topology, existing, cluster.nodes);
  for (const pod of sorted.queue) scheduler.enqueue(pod);
  const errors = scheduleBatch(scheduler, sorted.queue, dynamic || existing.length > 0, dynamic ? undefined : 'no dynamic nodepools found');
  return { claims: scheduler.claims, placed: scheduler.placed, errors, topology };
}

/** Phase 3: the answer, with the assumptions that bear on this input and the prices. */
function answer(read: Read, outcome: BatchOutcome, topology: Topology): SimulationRun {
  const { prepared, workloads, cluster, sorted } = read;
  const claimPods = new Map<Claim, string[]>();
  const pods: readonly PodInput[] = workloads.pods;
  const result: SimulationResult = {
    pods: podResults(pods, sorted.verdicts, outcome, topology, claimPods),
    nodePools: nodePoolResults(prepared.pools, prepared.poolReasons, prepared.admitted),
    nodeClaims: nodeClaimResults(outcome.claims, claimPods),
    assumptions: [
      ...SIMULATION_ASSUMPTIONS,
      cluster.nodes.length === 0 ? EMPTY_CLUSTER : GIVEN_CLUSTER,
      ...(read.zones ? [] : [NO_ZONES]),
      ...namespaceNote(topology, cluster.namespaceLabels, pods),
      ...(sorted.queue.some((p) => Object.values(p.requests).some(isSubUnit)) ? [SUB_UNIT_REQUESTS] : []),
    ],
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

/** Simulates, with the issues found on bad input. Never throws on input. */
export function runSimulation(input: SimulationInput): SimulationRun {
  const read = readInputs(input);
  const outcome = scheduleOnce(read);
  return answer(read, outcome, outcome.topology);
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. Never throws on input. */
export function simulateProvisioning(input: SimulationInput): SimulationResult {
  return runSimulation(input).result;
}
