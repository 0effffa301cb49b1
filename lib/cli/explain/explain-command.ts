// `cdktf-karpenter-eks explain`: what each NodePool can launch and where each pending pod would go,
// simulated offline on the bundled instance-type catalog. Reads files as `validate` does (same limits).
import { isPlainObject, pushAll } from '../../core/json';
import { Severity } from '../../core/issues';
import type { InstanceTypeCatalog, PriceTable, SimulationInput, SimulationResult, SimulationRun } from '../../core/sim';
import { CommandDependencies, CommandIo, ExitCode, FileIssue, PROGRAM } from '../command-io';
import { relevantAssumptions } from './explain-assumptions';
import { claimViews, constrainsZones, nodePoolsOfNodes, podRequests, poolFixedLabels, usesPodTopology } from './explain-claims';
import { writeExplanation } from './explain-format';
import { writeJson } from './explain-json';
import { inputObjects } from '../input-objects';
import { InputDocument, readInputDocuments } from '../input-reader';
import { readCommandLine, scanArgs, UsageError } from '../args';
import { formatFileIssue } from '../issue-format';

export const EXPLAIN_USAGE = `Usage: ${PROGRAM} explain [options] <file...>

Simulates Karpenter 1.14 provisioning offline: which instance types each NodePool can launch
with its EC2NodeClass, which NodeClaims the pending pods would get (pool, zone, capacity type,
instance type and its on-demand price) or why they would stay pending, on the catalog of 1,363
EC2 instance types. It runs batches until the cluster settles: each batch's NodeClaims launch
(at their cheapest priced type), and the pods still pending go into the next batch.

Files are YAML or JSON (up to 64 MiB each), may hold several documents ('-' reads standard
input), and may mix NodePools, EC2NodeClasses, Pods, Deployments, StatefulSets, ReplicaSets,
Jobs, CronJobs and DaemonSets (overhead on every node they run on). The running cluster counts
too: Nodes, NodeClaims, Namespaces, LimitRanges, RuntimeClasses, HorizontalPodAutoscalers, and
Pods bound to a node (spec.nodeName), as 'kubectl get nodepools,ec2nodeclasses,daemonsets,
nodes,pods -A -o yaml' prints them (kind: List); only pending, unbound pods are simulated.
A synthesized cdktf stack (cdktf.out/stacks/<stack>/cdk.tf.json) is read too: its
kubernetes_manifest resources. Other documents are skipped with a note. Each NodePool also gets the checks
'validate' and synth run (with its EC2NodeClass when the input has it); their findings are
printed with the other problems.

Options:
  --zones ZONE[,ZONE]   the zones of the cluster's subnets, for every NodePool (default: its
                        EC2NodeClass's status.subnets, else any zone a requirement names)
  --rounds N            run at most N batches (default: until a batch launches nothing, at most
                        100); --rounds 1 is one Karpenter batch, with each NodeClaim's options
  -o, --output FORMAT   text (default); wide: also every NodeClaim, every pending reason and a
                        row per pod, long text wrapped instead of cut; json: as --json
  --json                print the result as JSON (problems and notes go to standard error)
  -q, --quiet           leave out the assumptions (text output)
  -h, --help            show this help

Exit status: 0 every pod schedulable and every NodePool admits an instance type; 1 a pod
would stay pending, a NodePool admits nothing or has an error, or the simulator found an
error in an input object; 2 bad command line or input explain cannot use (e.g. a missing
file, YAML or JSON that does not parse, a document that is not an object, no NodePools and
no Nodes given): then only the error is printed. A .json file is read as JSON. A closed
output pipe ends the command quietly.
`;

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

interface ExplainOptions {
  readonly files: string[];
  readonly json: boolean;
  readonly wide: boolean;
  readonly quiet: boolean;
  readonly zones?: string[];
  readonly rounds: number | 'settle';
}

/** The input lists `explain` fills: the simulator's, with those a newer simulator reads (the running cluster). */
type InputList =
  | 'nodePools'
  | 'nodeClasses'
  | 'pods'
  | 'daemonSets'
  | 'nodes'
  | 'nodeClaims'
  | 'namespaces'
  | 'limitRanges'
  | 'runtimeClasses'
  | 'horizontalPodAutoscalers';
const INPUT_LISTS: readonly InputList[] = [
  'nodePools',
  'nodeClasses',
  'pods',
  'daemonSets',
  'nodes',
  'nodeClaims',
  'namespaces',
  'limitRanges',
  'runtimeClasses',
  'horizontalPodAutoscalers',
];

/** Which list a document of a kind goes to, by API group (`''` is the core group). */
const ROUTES: Readonly<Record<string, { readonly groups: readonly string[]; readonly list: InputList }>> = {
  NodePool: { groups: ['karpenter.sh'], list: 'nodePools' },
  EC2NodeClass: { groups: ['karpenter.k8s.aws'], list: 'nodeClasses' },
  NodeClaim: { groups: ['karpenter.sh'], list: 'nodeClaims' },
  Pod: { groups: [''], list: 'pods' },
  Deployment: { groups: ['apps'], list: 'pods' },
  StatefulSet: { groups: ['apps'], list: 'pods' },
  ReplicaSet: { groups: ['apps'], list: 'pods' },
  Job: { groups: ['batch'], list: 'pods' },
  CronJob: { groups: ['batch'], list: 'pods' },
  DaemonSet: { groups: ['apps'], list: 'daemonSets' },
  Node: { groups: [''], list: 'nodes' },
  Namespace: { groups: [''], list: 'namespaces' },
  LimitRange: { groups: [''], list: 'limitRanges' },
  RuntimeClass: { groups: ['node.k8s.io'], list: 'runtimeClasses' },
  HorizontalPodAutoscaler: { groups: ['autoscaling'], list: 'horizontalPodAutoscalers' },
};

/** Where each simulated object came from, so the engine's issues name the file. */
interface Origin {
  readonly file: string;
  readonly document: number;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
  /** Inside a Terraform JSON file: the resource address. */
  readonly address?: string;
}

/** Runs `explain <args...>` and returns the exit code. */
export function runExplainCommand(args: readonly string[], io: CommandIo, deps: ExplainDependencies = {}): number {
  const options = readCommandLine('explain', EXPLAIN_USAGE, args, io, parseArgs);
  if (typeof options === 'number') return options;

  const { documents, issues: readIssues } = readInputDocuments(options.files, io, deps);
  const inputErrors: FileIssue[] = readIssues.filter((i) => i.severity === Severity.ERROR);
  const problems: FileIssue[] = readIssues.filter((i) => i.severity !== Severity.ERROR);
  const input = Object.fromEntries(INPUT_LISTS.map((l) => [l, [] as unknown[]])) as Record<InputList, unknown[]>;
  const origins = Object.fromEntries(INPUT_LISTS.map((l) => [l, [] as Origin[]])) as Record<InputList, Origin[]>;
  const skipped = new Map<string, Origin[]>();
  const take = (value: unknown, origin: Origin): void => {
    const list = classify(value);
    if (list === undefined) {
      const kind = origin.kind ?? '(no kind)';
      const same = skipped.get(kind);
      if (same) same.push(origin);
      else skipped.set(kind, [origin]);
      return;
    }
    input[list].push(value);
    origins[list].push(origin);
  };
  for (const d of documents) {
    for (const o of inputObjects(d.value)) {
      if (isPlainObject(o.value)) {
        take(o.value, { ...objectOrigin(d, o.value), address: o.address });
        continue;
      }
      inputErrors.push({
        file: d.file,
        document: d.index,
        severity: Severity.ERROR,
        field: '(document)',
        code: 'NotAnObject',
        message: 'the document is not a Kubernetes object; expected apiVersion, kind, metadata and spec',
        ...d.locate(''),
      });
    }
  }
  // Unreadable input: the error only, no tables (a result of part of the input would look complete).
  if (inputErrors.length > 0) {
    for (const p of inputErrors) io.stderr.write(`${formatFileIssue(p)}\n`);
    return ExitCode.USAGE;
  }

  // Nothing to simulate: no pool to launch from and no node to land on (a lone Pod would read as a finding).
  if (input.nodePools.length === 0 && input.nodes.length === 0) {
    io.stderr.write(`${PROGRAM} explain: ${NO_NODEPOOLS}\n`);
    return ExitCode.USAGE;
  }

  let run: SimulationRun;
  try {
    // Without Namespace objects the simulator says what it assumed for namespaceSelectors.
    const { namespaces, ...rest } = input;
    run = (deps.simulate ?? loadSimulator())({
      ...rest,
      ...(namespaces.length > 0 ? { namespaces } : {}),
      zones: options.zones,
      rounds: options.rounds,
    } as SimulationInput);
  } catch (e) {
    // Last line of defence: hostile input costs one line, never a stack trace.
    io.stderr.write(`${PROGRAM} explain: cannot simulate the input: ${firstLine(e)}\n`);
    return ExitCode.PROBLEMS;
  }
  const index = new OriginIndex(origins, documents);
  // The NodePool checks `validate` and synth run, each pool with its EC2NodeClass.
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
  for (const i of run.issues) {
    const p = engineIssue(i, index);
    if (!rejected(p)) problems.push(p);
  }
  pushAll(problems, checked);

  const { result } = run;
  const out = options.json ? io.stderr : io.stdout;
  for (const p of problems) out.write(`${formatFileIssue(p)}\n`);
  for (const [kind, list] of skipped) out.write(`${skippedNote(kind, list)}\n`);

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

/** One line for the skipped documents of one kind, with a few of them. */
function skippedNote(kind: string, list: readonly Origin[]): string {
  const shown = list.slice(0, 3).map(describeOrigin).join(', ');
  const more = list.length > 3 ? ` and ${list.length - 3} more` : '';
  const what = list.length === 1 ? `a ${kind}` : `${list.length} ${kind} documents`;
  return `note: skipped ${what} (${shown}${more}): not a kind explain reads (see --help)`;
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
const ZONES_NEEDED = "option '--zones' needs one or more zones, e.g. --zones us-east-1a,us-east-1b";
const ROUNDS_NEEDED = "option '--rounds' takes a positive whole number of batches, e.g. --rounds 1";
const FORMATS = ['text', 'wide', 'json'];

function parseArgs(args: readonly string[]): ExplainOptions | 'help' {
  let json = false;
  let wide = false;
  let quiet = false;
  let zones: string[] | undefined;
  let rounds: number | 'settle' = 'settle';
  const scanned = scanArgs(args, (o): 'help' | undefined => {
    switch (o.flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--json':
        o.noValue();
        json = true;
        break;
      case '-q':
      case '--quiet':
        o.noValue();
        quiet = true;
        break;
      case '-o':
      case '--output': {
        const format = o.value(`option '${o.flag}' needs a format: ${FORMATS.join(', ')}`);
        if (!FORMATS.includes(format)) throw new UsageError(`option '${o.flag}' takes ${FORMATS.join(', ')}, not '${format}'`);
        json = format === 'json' || json;
        wide = format === 'wide';
        break;
      }
      case '--rounds': {
        const value = o.value(ROUNDS_NEEDED);
        if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`${ROUNDS_NEEDED}, not '${value}'`);
        rounds = Number(value);
        break;
      }
      case '--zones': {
        const value = o.value(ZONES_NEEDED);
        const list = value
          .split(',')
          .map((z) => z.trim())
          .filter((z) => z !== '');
        if (value.startsWith('-') || list.length === 0) throw new UsageError(ZONES_NEEDED);
        zones = [...(zones ?? []), ...list];
        break;
      }
      default:
        throw new UsageError(`unknown option '${o.arg}'`);
    }
    return undefined;
  });
  if (scanned === 'help') return 'help';
  const { files } = scanned;
  if (json && wide) throw new UsageError("'-o wide' is a text format; it does not go with --json");
  return { files, json, wide, quiet, zones, rounds };
}

function classify(value: unknown): InputList | undefined {
  if (!isPlainObject(value) || typeof value.kind !== 'string') return undefined;
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
  const route = Object.prototype.hasOwnProperty.call(ROUTES, value.kind) ? ROUTES[value.kind] : undefined;
  if (route === undefined) return undefined;
  // A hand-written Pod or Node without apiVersion still counts by its kind; a Karpenter kind needs its group.
  const byKind = apiVersion === '' && !route.groups.some((g) => g.startsWith('karpenter.'));
  return byKind || route.groups.includes(group) ? route.list : undefined;
}

function objectOrigin(d: InputDocument, value: unknown): Origin {
  const o = isPlainObject(value) ? value : {};
  const metadata = isPlainObject(o.metadata) ? o.metadata : {};
  return {
    file: d.file,
    document: d.index,
    kind: typeof o.kind === 'string' ? o.kind : undefined,
    name: typeof metadata.name === 'string' ? metadata.name : undefined,
    namespace: typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : undefined,
  };
}

function describeOrigin(o: Origin): string {
  return `${o.file}#${o.document}${o.address ? ` ${o.address}` : ''} ${o.kind ?? '?'}/${o.name ?? '?'}`;
}

/** Finds the input object an engine issue names, and its document; indexed once for every issue of a run. */
class OriginIndex {
  private byName?: Map<string, Origin>;
  private byDocument?: Map<string, InputDocument>;

  constructor(
    private readonly origins: Readonly<Record<InputList, readonly Origin[]>>,
    private readonly documents: readonly InputDocument[],
  ) {}

  /** `NodePool/gpu`, `Deployment/team/web` (kind, namespace, name) or `pods[2]` (list and index). */
  public find(object: string): Origin | undefined {
    const indexed = INDEXED.exec(object);
    if (indexed) return this.origins[indexed[1] as InputList]?.[Number(indexed[2])];
    if (this.byName === undefined) {
      this.byName = new Map();
      for (const o of INPUT_LISTS.flatMap((l) => this.origins[l])) {
        // The first object of a name wins, with or without its namespace.
        for (const key of [`${o.kind}/${o.namespace ?? ''}/${o.name}`, `${o.kind}//${o.name}`]) if (!this.byName.has(key)) this.byName.set(key, o);
      }
    }
    const [kind, ...rest] = object.split('/');
    const name = rest[rest.length - 1];
    const namespace = rest.length > 1 ? rest[0] : '';
    return this.byName.get(`${kind}/${namespace}/${name}`) ?? (namespace === 'default' ? this.byName.get(`${kind}//${name}`) : undefined);
  }

  public document(o: Origin): InputDocument | undefined {
    if (this.byDocument === undefined) this.byDocument = new Map(this.documents.map((d) => [`${d.index}#${d.file}`, d]));
    return this.byDocument.get(`${o.document}#${o.file}`);
  }
}

const INDEXED = new RegExp(`^(${INPUT_LISTS.join('|')})\\[(\\d+)\\]$`);

/**
 * The engine names the object an issue is on (`NodePool/gpu spec.limits.cpu`, `Deployment/team/web spec.template`,
 * or `pods[2] ...` when it has no name); this puts the issue back on its file, document and position.
 */
function engineIssue(
  i: { readonly severity: Severity; readonly field: string; readonly message: string; readonly code: string },
  index: OriginIndex,
): FileIssue {
  const space = i.field.indexOf(' ');
  const object = space < 0 ? i.field : i.field.slice(0, space);
  const field = space < 0 ? '(document)' : i.field.slice(space + 1);
  const origin = index.find(object);
  if (!origin) return { file: '(simulation)', severity: i.severity, field: i.field, message: i.message, code: i.code };
  const doc = origin.address === undefined ? index.document(origin) : undefined;
  const pos = doc?.locate(field === '(document)' ? '' : field);
  return {
    file: origin.file,
    document: origin.document,
    kind: origin.kind,
    name: origin.address ? `${origin.name ?? '?'} (${origin.address})` : origin.name,
    severity: i.severity,
    field,
    message: i.message,
    code: i.code,
    line: pos?.line,
    column: pos?.column,
  };
}

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
