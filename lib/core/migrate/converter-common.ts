// Recording changes, and what every converter does alike: carry unknown fields over, check the
// type of the fields it reads, convert the envelope (top-level fields, metadata).
import { cloneJson, lookupTable, show } from '../json';
import { Severity } from '../issues';
import { OBJECT_META_FIELDS } from '../validation/meta';
import { MigrationChange, MigrationReport, Obj, Output, Rec, Source } from './migration-types';
import { isObject, take } from './util';

export function newReport(index: number, doc: Obj, name: string, manifest: Obj): MigrationReport & { changes: MigrationChange[] } {
  return {
    document: index,
    apiVersion: String(doc.apiVersion),
    kind: String(doc.kind),
    name,
    output: { apiVersion: manifest.apiVersion, kind: manifest.kind, name: manifest.metadata?.name ?? name },
    changes: [],
  };
}

export function recorder(out: Output): Rec {
  return (field, from, to, note, source, severity) => {
    const c: { -readonly [K in keyof MigrationChange]: MigrationChange[K] } = { field, note };
    if (source !== undefined && source !== field) c.source = source;
    if (from !== undefined) c.from = from;
    if (to !== undefined) c.to = to;
    if (severity !== undefined) c.severity = severity;
    out.report.changes.push(c);
  };
}

export const UNKNOWN_FIELD_NOTE =
  'unknown field carried over as it was: the input has no such field here. ' +
  'Check its spelling and indentation; v1 validation reports it as an unknown field';

/** Moves every field of `obj` nobody consumed (`from` in the input) to `target` (`to` in the output), as a warning: a typo stays visible. */
export function carryRest(obj: Obj, from: string, target: Obj, rec: Rec, to = from): void {
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    target[k] = v;
    rec(`${to}.${k}`, v, v, UNKNOWN_FIELD_NOTE, `${from}.${k}`, Severity.WARNING);
  }
}

/**
 * `value` when it is absent or has the JSON type its field needs. Anything else, most often a
 * mis-indented block, is an error (`InvalidFieldType`), and undefined is returned.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function shaped(src: Source, field: string, value: unknown, type: 'object' | 'list'): any {
  if (value === undefined || (type === 'list' ? Array.isArray(value) : isObject(value))) return value;
  const [expected, how] =
    type === 'list'
      ? ['a list', 'list items start with "- ", indented under the field']
      : ['an object', 'its fields are indented under it, without "- "'];
  src.run.fail({
    document: src.index,
    kind: src.kind,
    name: src.name,
    field,
    code: 'InvalidFieldType',
    message: `must be ${expected}, got ${show(value, 'typed')}: check its indentation (${how}). Fix the input and migrate again`,
  });
  return undefined;
}

/** Sets the v1 metadata of a converted document; drops its status and carries other top-level fields over (as warnings). */
export function envelope(doc: Obj, manifest: Obj, rec: Rec): void {
  for (const [k, v] of Object.entries(doc)) {
    if (['apiVersion', 'kind', 'metadata', 'spec'].includes(k) || v === undefined) continue;
    if (k === 'status') {
      rec(k, '(status)', undefined, 'dropped: set by the Karpenter controller');
    } else {
      manifest[k] = v;
      rec(k, v, v, UNKNOWN_FIELD_NOTE, undefined, Severity.WARNING);
    }
  }
  manifest.metadata = metadata(doc, rec);
}

const SERVER_SET_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'managedFields',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const CONTROLLER_HASH = 'dropped: set by the Karpenter controller, which recomputes it for v1';
/** Annotations tools and the controller write on a live object (they come along with `kubectl get -o yaml`). */
const GENERATED_ANNOTATIONS: Record<string, string> = lookupTable({
  [LAST_APPLIED]: 'dropped: it records the old apiVersion; kubectl writes a new one on apply',
  'karpenter.sh/nodepool-hash': CONTROLLER_HASH,
  'karpenter.sh/nodepool-hash-version': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash-version': CONTROLLER_HASH,
});

/** The v1 metadata of a converted document. */
function metadata(doc: Obj, rec: Rec): Obj {
  const m: Obj = cloneJson(isObject(doc.metadata) ? doc.metadata : {});
  const out: Obj = { name: take(m, 'name') };
  if (m.namespace !== undefined)
    rec('metadata.namespace', take(m, 'namespace'), undefined, 'dropped: NodePools and EC2NodeClasses are cluster-scoped');
  for (const f of SERVER_SET_METADATA) {
    if (m[f] !== undefined) rec(`metadata.${f}`, f === 'managedFields' ? '(managedFields)' : take(m, f), undefined, 'dropped: set by the API server');
    delete m[f];
  }
  if (m.finalizers !== undefined) rec('metadata.finalizers', take(m, 'finalizers'), undefined, 'dropped: Karpenter adds the finalizers it needs');
  if (isObject(m.annotations)) {
    for (const [key, note] of Object.entries(GENERATED_ANNOTATIONS)) {
      if (m.annotations[key] === undefined) continue;
      rec(`metadata.annotations[${key}]`, key === LAST_APPLIED ? '(last applied configuration)' : m.annotations[key], undefined, note);
      delete m.annotations[key];
    }
    if (Object.keys(m.annotations).length === 0) delete m.annotations;
  }
  for (const [k, v] of Object.entries(m)) {
    if (!OBJECT_META_FIELDS.includes(k) && v !== undefined) rec(`metadata.${k}`, v, v, UNKNOWN_FIELD_NOTE, undefined, Severity.WARNING);
  }
  return { ...out, ...m };
}
