// `cdktf-karpenter-eks drift`: what applying the new NodePools and EC2NodeClasses does to the running nodes, as
// Karpenter 1.14.1 decides drift (lib/core/drift). Each side is read as `explain` reads its input.
import { isPlainObject } from '../../core/json';
import { Severity } from '../../core/issues';
import { previewDrift } from '../../core/drift/preview-drift';
import type { DriftPreview, DriftSide } from '../../core/drift/drift-types';
import { CommandDependencies, CommandIo, ExitCode, PROGRAM, STDIN } from '../command-io';
import { writeDriftJson, writeDriftText } from './drift-format';
import { inputObjects } from '../input-objects';
import { readInputDocuments } from '../input-reader';
import { readCommandLine, scanArgs, UsageError } from '../args';
import { formatFileIssue } from '../issue-format';

export const DRIFT_USAGE = `Usage: ${PROGRAM} drift [options] --from <old> [--from <old>...] <new...>

Says what applying the new NodePools and EC2NodeClasses would do to the running nodes, as
Karpenter 1.14.1 decides drift: per NodePool, whether every node, some, none, or an unknown
number (the answer needs AWS, e.g. a subnet, security group or AMI selector edit) would be
replaced, why (each changed field), and how many at once its disruption budgets allow.

Each --from names one file of the old side; the other arguments are the new side. Files are read
as 'explain' reads them: YAML or JSON manifests, a synthesized cdktf stack
(cdktf.out/stacks/<stack>/cdk.tf.json), or what
  kubectl get nodepools,ec2nodeclasses,nodeclaims,nodes,pods,pdb -A -o yaml
prints. With NodeClaims on the old side each one is judged as Karpenter judges it (its stored
hashes, its labels against the new requirements, its Drifted condition), the EC2NodeClass hash
is predicted with the cluster's CA term recovered from the live annotation, and the budgets
count the pool's nodes; do-not-disrupt annotations and PodDisruptionBudgets that allow no
disruption are named. Without NodeClaims the verdict is from the manifests alone.

Options:
  --from FILE           a file of the old side (required; may be repeated)
  --at TIME             evaluate budget schedules at this time: RFC 3339 (2026-12-07T09:30:00Z)
                        or a date (2026-12-07, midnight UTC); default: now
  -o, --output FORMAT   text (default) or json
  --json                as -o json: { nodePools: [...], ec2NodeClasses: [...], issues, at }
  -h, --help            show this help

Exit status: 0 no node would be replaced; 1 some would, or may (unknown); 2 bad command line or
unreadable input (a missing file, YAML or JSON that does not parse): then only the error is printed.
`;

interface DriftOptions {
  readonly from: string[];
  readonly files: string[];
  readonly json: boolean;
  readonly at?: Date;
}

const AT_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

function parseAt(value: string): Date {
  const date = AT_PATTERN.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw new UsageError(`option '--at' takes an RFC 3339 time with its zone (2026-12-07T09:30:00Z) or a date, not '${value}'`);
  }
  return date;
}

function parseArgs(args: readonly string[]): DriftOptions | 'help' {
  const from: string[] = [];
  let json = false;
  let at: Date | undefined;
  const scanned = scanArgs(args, (o): 'help' | undefined => {
    switch (o.flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--from':
        from.push(o.value("option '--from' needs a file of the old side"));
        break;
      case '--at':
        at = parseAt(o.value("option '--at' needs a time, e.g. --at 2026-12-07T09:30:00Z"));
        break;
      case '--json':
        o.noValue();
        json = true;
        break;
      case '-o':
      case '--output': {
        const format = o.value(`option '${o.flag}' needs a format: text, json`);
        if (format !== 'text' && format !== 'json') throw new UsageError(`option '${o.flag}' takes text or json, not '${format}'`);
        json = json || format === 'json';
        break;
      }
      default:
        throw new UsageError(`unknown option '${o.arg}'`);
    }
    return undefined;
  });
  if (scanned === 'help') return 'help';
  if (from.length === 0) throw new UsageError('no old side; name its files with --from (e.g. --from cluster.yaml)');
  if ([...from, ...scanned.files].filter((f) => f === STDIN).length > 1) throw new UsageError("standard input ('-') can be read only once");
  return { from, files: scanned.files, json, ...(at ? { at } : {}) };
}

type Lists = { -readonly [K in keyof DriftSide]-?: unknown[] };
const ROUTES: ReadonlyMap<string, { readonly group: string; readonly list: keyof Lists }> = new Map([
  ['NodePool', { group: 'karpenter.sh', list: 'nodePools' }],
  ['EC2NodeClass', { group: 'karpenter.k8s.aws', list: 'ec2NodeClasses' }],
  ['NodeClaim', { group: 'karpenter.sh', list: 'nodeClaims' }],
  ['Node', { group: '', list: 'nodes' }],
  ['Pod', { group: '', list: 'pods' }],
  ['PodDisruptionBudget', { group: 'policy', list: 'podDisruptionBudgets' }],
]);

function route(value: unknown): keyof Lists | undefined {
  if (!isPlainObject(value) || typeof value.kind !== 'string') return undefined;
  const r = ROUTES.get(value.kind);
  if (r === undefined) return undefined;
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
  return group === r.group ? r.list : undefined;
}

interface ReadSide {
  readonly side: DriftSide;
  readonly skipped: Map<string, number>;
}

/** One side's objects by kind; a document that is not an object is an error (exit 2). */
function readSide(files: readonly string[], io: CommandIo, deps: CommandDependencies, errors: string[]): ReadSide {
  const { documents, issues } = readInputDocuments(files, io, deps);
  for (const i of issues) if (i.severity === Severity.ERROR) errors.push(formatFileIssue(i));
  const lists: Lists = { nodePools: [], ec2NodeClasses: [], nodeClaims: [], nodes: [], pods: [], podDisruptionBudgets: [] };
  const skipped = new Map<string, number>();
  const take = (v: unknown) => {
    const list = route(v);
    if (list) lists[list].push(v);
    else {
      const kind = isPlainObject(v) && typeof v.kind === 'string' ? v.kind : '(no kind)';
      skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
    }
  };
  for (const d of documents) {
    for (const o of inputObjects(d.value)) {
      if (isPlainObject(o.value)) take(o.value);
      else errors.push(`${d.file}#${d.index}: error (document): the document is not a Kubernetes object (NotAnObject)`);
    }
  }
  // A running cluster when the side has NodeClaims or Nodes: then each NodeClaim is judged.
  const cluster = lists.nodeClaims.length > 0 || lists.nodes.length > 0;
  const { nodeClaims, nodes, pods, podDisruptionBudgets, ...manifests } = lists;
  return { side: cluster ? { ...manifests, nodeClaims, nodes, pods, podDisruptionBudgets } : manifests, skipped };
}

/** Exit 1 when a NodePool or EC2NodeClass drifts or may (unknown). */
function drifts(p: DriftPreview): boolean {
  return [...p.nodePools, ...p.ec2NodeClasses].some((x) => x.drift !== 'none');
}

/** Runs `drift <args...>` and returns the exit code. */
export function runDriftCommand(args: readonly string[], io: CommandIo, deps: CommandDependencies = {}): number {
  const options = readCommandLine('drift', DRIFT_USAGE, args, io, parseArgs);
  if (typeof options === 'number') return options;
  const errors: string[] = [];
  const before = readSide(options.from, io, deps, errors);
  const after = readSide(options.files, io, deps, errors);
  if (errors.length > 0) {
    for (const e of errors) io.stderr.write(`${e}\n`);
    return ExitCode.USAGE;
  }
  const preview = previewDrift({
    before: before.side,
    after: { nodePools: after.side.nodePools, ec2NodeClasses: after.side.ec2NodeClasses },
    at: options.at,
  });
  const notes = [...notesOf('old side', before.skipped), ...notesOf('new side', after.skipped)];
  if (after.side.nodeClaims !== undefined) notes.push('note: the new side has NodeClaims or Nodes; only the old side is read as the running cluster');
  if (options.json) {
    for (const n of notes) io.stderr.write(`${n}\n`);
    writeDriftJson(io.stdout, preview);
  } else {
    writeDriftText(io.stdout, preview, notes);
  }
  return drifts(preview) ? ExitCode.PROBLEMS : ExitCode.OK;
}

function notesOf(side: string, skipped: ReadonlyMap<string, number>): string[] {
  return [...skipped].map(([kind, n]) => `note: ${side}: skipped ${n === 1 ? `a ${kind}` : `${n} ${kind} documents`}: not a kind drift reads`);
}
