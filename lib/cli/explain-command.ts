// `cdktf-karpenter-eks explain`: what each NodePool can launch and where each pending pod would go,
// simulated offline on the bundled instance-type catalog. Reads files as `validate` does (same limits).
import { isPlainObject } from '../core/json';
import { Severity } from '../core/issues';
import type { InstanceTypeCatalog, PodResult, SimulationInput, SimulationResult, SimulationRun } from '../core/sim';
import { formatExplanation } from './explain-format';
import { PROGRAM } from './command-io';
import { readCommandLine, scanArgs, UsageError } from './validate-args';
import { CommandDependencies, CommandIo, ExitCode, FileIssue, formatFileIssue, InputDocument, readInputDocuments } from './validate-command';

export const EXPLAIN_USAGE = `Usage: ${PROGRAM} explain [options] <file...>

Simulates Karpenter 1.14 provisioning offline: which instance types each NodePool can launch
with its EC2NodeClass, and on which NodePool and instance types each pending pod would land
(or why it would stay pending), on the catalog of 1,363 EC2 instance types.

Files are YAML or JSON, may hold several documents ('-' reads standard input), and may mix
NodePools, EC2NodeClasses, Pods, Deployments, StatefulSets, Jobs and DaemonSets (overhead on
every node they run on). A synthesized cdktf stack (cdktf.out/stacks/<stack>/cdk.tf.json) is
read too: its kubernetes_manifest resources. Other documents are skipped with a note.
Each NodePool also gets the checks 'validate' and synth run (with its EC2NodeClass when
the input has it); their findings are printed with the other problems.

Options:
  --zones ZONE[,ZONE]   the zones of the cluster's subnets (default: any zone a requirement names)
  --json                print the simulation result as JSON (problems go to standard error)
  -h, --help            show this help

Exit status: 0 every pod schedulable and every NodePool admits an instance type; 1 a pod
would stay pending, a NodePool admits nothing or has an error, or an input is unreadable or
malformed (each such file is one error line; the other files are still read); 2 bad command line.
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
  readonly zones?: string[];
}

const WORKLOAD_KINDS = new Set(['Pod', 'Deployment', 'StatefulSet', 'Job', 'ReplicaSet']);

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
  const problems: FileIssue[] = [...readIssues];
  const notes: string[] = [];
  const input = { nodePools: [] as unknown[], nodeClasses: [] as unknown[], pods: [] as unknown[], daemonSets: [] as unknown[] };
  const origins = { nodePools: [] as Origin[], nodeClasses: [] as Origin[], pods: [] as Origin[], daemonSets: [] as Origin[] };
  const take = (value: unknown, origin: Origin): void => {
    const list = classify(value);
    if (list === undefined) {
      notes.push(`note: skipped ${describeOrigin(origin)}: not a NodePool, EC2NodeClass, workload or DaemonSet`);
      return;
    }
    input[list].push(value);
    origins[list].push(origin);
  };
  for (const d of documents) {
    const terraform = terraformManifests(d.value);
    if (terraform !== undefined) {
      for (const m of terraform) take(m.manifest, { ...objectOrigin(d, m.manifest), address: m.address });
    } else if (isPlainObject(d.value)) {
      take(d.value, objectOrigin(d, d.value));
    } else {
      problems.push({
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

  let run: SimulationRun;
  try {
    run = (deps.simulate ?? loadSimulator())({ ...input, zones: options.zones });
  } catch (e) {
    // Last line of defence: hostile input costs one line, never a stack trace.
    io.stderr.write(`${PROGRAM} explain: cannot simulate the input: ${firstLine(e)}\n`);
    return ExitCode.PROBLEMS;
  }
  // The NodePool checks `validate` and synth run, each pool with its EC2NodeClass.
  const planNodePool = loadNodePoolPlan();
  const checked: FileIssue[] = [];
  input.nodePools.forEach((pool, i) => {
    const ref = isPlainObject(pool) && isPlainObject(pool.spec) && isPlainObject(pool.spec.template) ? pool.spec.template.spec : undefined;
    const name = isPlainObject(ref) && isPlainObject(ref.nodeClassRef) ? ref.nodeClassRef.name : undefined;
    const classes = input.nodeClasses.filter((c) => isPlainObject(c) && isPlainObject(c.metadata) && c.metadata.name === name);
    const nodeClass = classes.length === 1 ? classes[0] : undefined;
    for (const issue of planNodePool(pool, { nodeClass }).issues) {
      checked.push(
        engineIssue({ ...issue, message: issue.yamlMessage ?? issue.message, field: `nodePools[${i}] ${issue.field}` }, origins, documents),
      );
    }
  });
  // A field the NodePool checks already reject needs no second report of the simulator's reading.
  const rejected = (p: FileIssue) =>
    p.kind === 'NodePool' &&
    checked.some((c) => c.severity === Severity.ERROR && c.file === p.file && c.document === p.document && c.field === p.field);
  for (const i of run.issues) {
    const p = engineIssue(i, origins, documents);
    if (!rejected(p)) problems.push(p);
  }
  problems.push(...checked);

  const { result } = run;
  const out = options.json ? io.stderr : io.stdout;
  for (const p of problems) out.write(`${formatFileIssue(p)}\n`);
  for (const n of notes) out.write(`${n}\n`);
  if (options.json) {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    const catalog = deps.catalog ?? loadCatalog();
    const ceilings = loadCosts().nodePoolCostCeilings({ ...input, catalog }, result);
    io.stdout.write(formatExplanation(result, catalog, nodePoolWeights(input.nodePools), ceilings));
  }
  return failed(result, problems) ? ExitCode.PROBLEMS : ExitCode.OK;
}

/** True when a pod would not get a node, a NodePool admits nothing, or an input has errors. */
function failed(result: SimulationResult, problems: readonly FileIssue[]): boolean {
  return (
    problems.some((p) => p.severity === Severity.ERROR) ||
    result.pods.some((p: PodResult) => !p.schedulable) ||
    result.nodePools.some((p) => p.admittedInstanceTypes.length === 0)
  );
}

const ZONES_NEEDED = "option '--zones' needs one or more zones, e.g. --zones us-east-1a,us-east-1b";

function parseArgs(args: readonly string[]): ExplainOptions | 'help' {
  let json = false;
  let zones: string[] | undefined;
  const scanned = scanArgs(args, (o): 'help' | undefined => {
    switch (o.flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--json':
        o.noValue();
        json = true;
        break;
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
  return { files, json, zones };
}

function classify(value: unknown): (keyof SimulationInput & ('nodePools' | 'nodeClasses' | 'pods' | 'daemonSets')) | undefined {
  if (!isPlainObject(value)) return undefined;
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
  if (value.kind === 'NodePool' && group === 'karpenter.sh') return 'nodePools';
  if (value.kind === 'EC2NodeClass' && group === 'karpenter.k8s.aws') return 'nodeClasses';
  if (value.kind === 'DaemonSet') return 'daemonSets';
  if (typeof value.kind === 'string' && WORKLOAD_KINDS.has(value.kind)) return 'pods';
  return undefined;
}

/** The `kubernetes_manifest` objects of a synthesized cdktf stack, or undefined when `value` is not one. */
function terraformManifests(value: unknown): { address: string; manifest: unknown }[] | undefined {
  if (!isPlainObject(value) || value.kind !== undefined || !isPlainObject(value.resource)) return undefined;
  const blocks = value.resource.kubernetes_manifest;
  if (!isPlainObject(blocks)) return [];
  return Object.entries(blocks)
    .filter(([, body]) => isPlainObject(body) && isPlainObject(body.manifest))
    .map(([id, body]) => ({ address: `kubernetes_manifest.${id}`, manifest: (body as Record<string, unknown>).manifest }));
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

/**
 * The engine names the object an issue is on (`NodePool/gpu spec.limits.cpu`, `Deployment/team/web spec.template`,
 * or `pods[2] ...` when it has no name); this puts the issue back on its file, document and position.
 */
function engineIssue(
  i: { readonly severity: Severity; readonly field: string; readonly message: string; readonly code: string },
  origins: Readonly<Record<'nodePools' | 'nodeClasses' | 'pods' | 'daemonSets', readonly Origin[]>>,
  documents: readonly InputDocument[],
): FileIssue {
  const space = i.field.indexOf(' ');
  const object = space < 0 ? i.field : i.field.slice(0, space);
  const field = space < 0 ? '(document)' : i.field.slice(space + 1);
  const origin = findOrigin(object, origins);
  if (!origin) return { file: '(simulation)', severity: i.severity, field: i.field, message: i.message, code: i.code };
  const doc = origin.address === undefined ? documents.find((d) => d.file === origin.file && d.index === origin.document) : undefined;
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

function findOrigin(object: string, origins: Readonly<Record<string, readonly Origin[]>>): Origin | undefined {
  const indexed = /^(nodePools|nodeClasses|pods|daemonSets)\[(\d+)\]$/.exec(object);
  if (indexed) return origins[indexed[1]]?.[Number(indexed[2])];
  const [kind, ...rest] = object.split('/');
  const name = rest[rest.length - 1];
  const namespace = rest.length > 1 ? rest[0] : undefined;
  return Object.values(origins)
    .flat()
    .find((o) => o.kind === kind && o.name === name && (namespace === undefined || o.namespace === namespace));
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
  return (require('../core/sim') as typeof import('../core/sim')).runSimulation;
}

function loadNodePoolPlan(): typeof import('../core/api/node-pool-plan').planNodePool {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/api/node-pool-plan') as typeof import('../core/api/node-pool-plan')).planNodePool;
}

function loadCosts(): typeof import('../core/sim/costs') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../core/sim/costs') as typeof import('../core/sim/costs');
}

function loadCatalog(): InstanceTypeCatalog {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/sim') as typeof import('../core/sim')).loadInstanceTypeCatalog();
}

function firstLine(e: unknown): string {
  const m = (e as { message?: unknown } | null)?.message;
  return (typeof m === 'string' ? m : String(e)).split('\n')[0];
}
