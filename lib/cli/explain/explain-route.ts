// `explain`'s routing: each input document to the simulator's list for its kind, with where it came from, so the
// simulator's issues are put back on their file, document and position.
import { isPlainObject } from '../../core/json';
import { Severity } from '../../core/issues';
import { FileIssue } from '../command-io';
import { inputObjects } from '../input-objects';
import { InputDocument } from '../input-reader';

/** The input lists `explain` fills: the simulator's, with those a newer simulator reads (the running cluster). */
export type InputList =
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
export const INPUT_LISTS: readonly InputList[] = [
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
export interface Origin {
  readonly file: string;
  readonly document: number;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
  /** Inside a Terraform JSON file: the resource address. */
  readonly address?: string;
}

/** The input objects by list, where each came from, and the documents of kinds explain does not read. */
export interface RoutedInput {
  readonly input: Record<InputList, unknown[]>;
  readonly origins: Record<InputList, Origin[]>;
  /** The documents of other kinds, by kind. */
  readonly skipped: Map<string, Origin[]>;
}

/** Routes every object of `documents` to its list; an object that is not a Kubernetes object is added to `errors`. */
export function routeDocuments(documents: readonly InputDocument[], errors: FileIssue[]): RoutedInput {
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
      errors.push({
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
  return { input, origins, skipped };
}

/** One line for the skipped documents of one kind, with a few of them. */
export function skippedNote(kind: string, list: readonly Origin[]): string {
  const shown = list.slice(0, 3).map(describeOrigin).join(', ');
  const more = list.length > 3 ? ` and ${list.length - 3} more` : '';
  const what = list.length === 1 ? `a ${kind}` : `${list.length} ${kind} documents`;
  return `note: skipped ${what} (${shown}${more}): not a kind explain reads (see --help)`;
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
export class OriginIndex {
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
export function engineIssue(
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
