// `cdktf-karpenter-eks explain`: what each NodePool can launch and where each pending pod would go,
// simulated offline on the bundled instance-type catalog. Reads files as `validate` does (same limits).
// A run: route the documents to the simulator's lists, simulate, check each NodePool as `validate` does, render.
import { isPlainObject } from '../../core/json';
import { Severity } from '../../core/issues';
import type { InstanceTypeCatalog, PriceTable, SimulationInput, SimulationResult, SimulationRun } from '../../core/sim';
import { readCommandLine } from '../args';
import { CommandDependencies, CommandIo, ExitCode, FileIssue, PROGRAM } from '../command-io';
import { readInputDocuments } from '../input-reader';
import { formatFileIssue } from '../issue-format';
import { EXPLAIN_USAGE, ExplainOptions, parseExplainArgs } from './explain-args';
import { relevantAssumptions } from './explain-assumptions';
import { claimViews, constrainsZones, nodePoolsOfNodes, podRequests, poolFixedLabels, usesPodTopology } from './explain-claims';
import { writeExplanation } from './explain-format';
import { writeJson } from './explain-json';
import { engineIssue, OriginIndex, routeDocuments, RoutedInput, skippedNote } from './explain-route';

/** What `explain` simulates with; tests replace them. */
export interface ExplainDependencies extends CommandDependencies {
  /**
   * Runs the simulation.
   * @default - `runSimulation` from the library core, loaded on first use
   */
  readonly simulate?: (input: SimulationInput) => SimulationRun;
  /**
   * The instance-type catalog the summaries read vCPUs, memory and families from.
   * @default - the bundled catalog
   */
  readonly catalog?: InstanceTypeCatalog;
}

/** Runs `explain <args...>` and returns the exit code. */
export function runExplainCommand(args: readonly string[], io: CommandIo, deps: ExplainDependencies = {}): number {
  const options = readCommandLine('explain', EXPLAIN_USAGE, args, io, parseExplainArgs);
  if (typeof options === 'number') return options;
  const routed = route(options.files, io, deps);
  if (typeof routed === 'number') return routed;
  const run = simulate(routed, options, io, deps);
  if (run === undefined) return ExitCode.PROBLEMS;
  const problems = [...routed.warnings, ...checkPools(run, routed)];
  return render(run, routed, problems, options, io, deps);
}

/** The input read and routed, with the reader's warnings; the exit code when it cannot be simulated. */
interface Routed extends RoutedInput {
  readonly index: OriginIndex;
  readonly warnings: readonly FileIssue[];
}

/** Reads the files and routes their objects; unreadable input or nothing to simulate prints its error and exits 2. */
function route(files: readonly string[], io: CommandIo, deps: ExplainDependencies): Routed | ExitCode {
  const { documents, issues } = readInputDocuments(files, io, deps);
  const inputErrors: FileIssue[] = issues.filter((i) => i.severity === Severity.ERROR);
  const routed = routeDocuments(documents, inputErrors);
  // Unreadable input: the error only, no tables (a result of part of the input would look complete).
  if (inputErrors.length > 0) {
    for (const p of inputErrors) io.stderr.write(`${formatFileIssue(p)}\n`);
    return ExitCode.USAGE;
  }
  // Nothing to simulate: no pool to launch from and no node to land on (a lone Pod would read as a finding).
  if (routed.input.nodePools.length === 0 && routed.input.nodes.length === 0) {
    io.stderr.write(`${PROGRAM} explain: ${NO_NODEPOOLS}\n`);
    return ExitCode.USAGE;
  }
  return { ...routed, index: new OriginIndex(routed.origins, documents), warnings: issues.filter((i) => i.severity !== Severity.ERROR) };
}

/** Runs the simulation; an input it cannot take prints one line (never a stack trace) and gives undefined. */
function simulate(routed: Routed, options: ExplainOptions, io: CommandIo, deps: ExplainDependencies): SimulationRun | undefined {
  try {
    // Without Namespace objects the simulator says what it assumed for namespaceSelectors.
    const { namespaces, ...rest } = routed.input;
    return (deps.simulate ?? loadSimulator())({
      ...rest,
      ...(namespaces.length > 0 ? { namespaces } : {}),
      zones: options.zones,
      rounds: options.rounds,
    } as SimulationInput);
  } catch (e) {
    // Last line of defence: hostile input costs one line, never a stack trace.
    io.stderr.write(`${PROGRAM} explain: cannot simulate the input: ${firstLine(e)}\n`);
    return undefined;
  }
}

/**
 * The simulator's issues, then the NodePool checks `validate` and synth run, each pool with its EC2NodeClass;
 * a simulator issue on a field the checks already reject is left out.
 */
function checkPools(run: SimulationRun, { input, index }: Routed): FileIssue[] {
  const planNodePool = loadNodePoolPlan();
  const checked: FileIssue[] = [];
  input.nodePools.forEach((pool, i) => {
    const ref = isPlainObject(pool) && isPlainObject(pool.spec) && isPlainObject(pool.spec.template) ? pool.spec.template.spec : undefined;
    const name = isPlainObject(ref) && isPlainObject(ref.nodeClassRef) ? ref.nodeClassRef.name : undefined;
    const classes = input.nodeClasses.filter((c) => isPlainObject(c) && isPlainObject(c.metadata) && c.metadata.name === name);
    const nodeClass = classes.length === 1 ? classes[0] : undefined;
    // `kubectl get -o yaml` prints the controller's status; on a running cluster it is expected, not a mistake.
    const manifest = isPlainObject(pool) && 'status' in pool ? Object.fromEntries(Object.entries(pool).filter(([k]) => k !== 'status')) : pool;
    // The simulation's reading of the pool and its class: the checks do not read them again.
    const read = run.read && {
      pool: run.read.pools[i],
      nodeClass: typeof name === 'string' && nodeClass ? run.read.nodeClasses.get(name) : undefined,
    };
    for (const issue of planNodePool(manifest, { nodeClass, read }).issues) {
      checked.push(engineIssue({ ...issue, message: issue.yamlMessage ?? issue.message, field: `nodePools[${i}] ${issue.field}` }, index));
    }
  });
  // A field the NodePool checks already reject, there or within it (a taint's missing effect), needs no second
  // report of the simulator's reading.
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  const rejected = (p: FileIssue) =>
    p.kind === 'NodePool' &&
    checked.some((c) => c.severity === Severity.ERROR && c.file === p.file && c.document === p.document && within(c.field, p.field));
  const fromSimulator = run.issues.map((i) => engineIssue(i, index)).filter((p) => !rejected(p));
  return [...fromSimulator, ...checked];
}

/** Prints the problems and skip notes, then the result as text or JSON; the exit code says whether anything failed. */
function render(
  run: SimulationRun,
  routed: Routed,
  problems: readonly FileIssue[],
  options: ExplainOptions,
  io: CommandIo,
  deps: ExplainDependencies,
): number {
  const { result } = run;
  const { input } = routed;
  const out = options.json ? io.stderr : io.stdout;
  for (const p of problems) out.write(`${formatFileIssue(p)}\n`);
  for (const [kind, list] of routed.skipped) out.write(`${skippedNote(kind, list)}\n`);

  const catalog = deps.catalog ?? loadCatalog();
  const prices = loadPriceTable();
  // The ceilings the simulation computed from the pools it read: the pools are not read a second time here.
  const ceilings = run.costCeilings;
  const claims = result.nodeClaims;
  const requests = podRequests(result);
  const writer = bufferedWriter(io.stdout);
  if (options.json) {
    writeJson(writer.write, result, claims, requests, ceilings);
  } else {
    const simulated = result.pods.some((p) => !p.bound);
    const context = {
      pods: simulated,
      nodeClaims: claims.length > 0,
      zones: constrainsZones(input.pods) || constrainsZones(input.nodePools),
      podTopology: usesPodTopology(input.pods),
    };
    writeExplanation(writer.write, {
      result,
      catalog,
      weights: nodePoolWeights(input.nodePools),
      ceilings,
      claims: claimViews(claims, (pod) => requests.get(pod), catalog, prices, poolFixedLabels(input.nodePools)),
      assumptions: options.quiet ? [] : relevantAssumptions(result.assumptions, context),
      wide: options.wide,
      nodePoolOfNode: nodePoolsOfNodes([...input.nodes, ...input.nodeClaims]),
    });
  }
  writer.flush();
  return failed(result, problems) ? ExitCode.PROBLEMS : ExitCode.OK;
}

/** Output in chunks of about 64 KiB: written as it is formatted, without a system call per line. */
function bufferedWriter(stream: { write(chunk: string): unknown }): { write: (chunk: string) => void; flush: () => void } {
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    if (parts.length === 0) return;
    stream.write(parts.join(''));
    parts = [];
    size = 0;
  };
  return {
    write: (chunk) => {
      parts.push(chunk);
      size += chunk.length;
      if (size >= 65536) flush();
    },
    flush,
  };
}

/** True when a pod would not get a node, a NodePool admits nothing, or the simulator found an error in an input object. */
function failed(result: SimulationResult, problems: readonly FileIssue[]): boolean {
  return (
    problems.some((p) => p.severity === Severity.ERROR) ||
    result.pods.some((p) => !p.schedulable && !p.bound) ||
    result.nodePools.some((p) => p.admittedInstanceTypes.length === 0)
  );
}

/** Input without NodePools (nor Nodes): nothing to simulate. */
export const NO_NODEPOOLS = 'no NodePools given: explain simulates NodePools; pass them with the pods (kubectl get nodepools,ec2nodeclasses -o yaml)';

function nodePoolWeights(nodePools: readonly unknown[]): ReadonlyMap<string, number> {
  const out = new Map<string, number>();
  for (const p of nodePools) {
    if (!isPlainObject(p) || !isPlainObject(p.metadata) || typeof p.metadata.name !== 'string') continue;
    const weight = isPlainObject(p.spec) && typeof p.spec.weight === 'number' ? p.spec.weight : 0;
    out.set(p.metadata.name, weight);
  }
  return out;
}

// Loaded on first use: `--help` and usage errors stay instant, and `validate` never loads the catalog.
function loadSimulator(): (input: SimulationInput) => SimulationRun {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/sim') as typeof import('../../core/sim')).runSimulation;
}

function loadNodePoolPlan(): typeof import('../../core/api/node-pool-plan').planNodePool {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/api/node-pool-plan') as typeof import('../../core/api/node-pool-plan')).planNodePool;
}

function loadPriceTable(): PriceTable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/sim') as typeof import('../../core/sim')).loadPriceTable();
}

function loadCatalog(): InstanceTypeCatalog {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/sim') as typeof import('../../core/sim')).loadInstanceTypeCatalog();
}

function firstLine(e: unknown): string {
  const m = (e as { message?: unknown } | null)?.message;
  return (typeof m === 'string' ? m : String(e)).split('\n')[0];
}
