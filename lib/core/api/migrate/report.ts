// Pure core: no cdktf or constructs imports.
// Recording changes, and the parts of an object every migration treats alike (its envelope).
import { cloneJson } from '../../json';
import { MigrationChange, MigrationReport, Obj, Output, Rec } from './types';
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
  return (field, from, to, note, source) => {
    const c: { -readonly [K in keyof MigrationChange]: MigrationChange[K] } = { field, note };
    if (source !== undefined && source !== field) c.source = source;
    if (from !== undefined) c.from = from;
    if (to !== undefined) c.to = to;
    out.report.changes.push(c);
  };
}

/** Reports every field nobody consumed as dropped: nothing is lost silently. */
export function dropRest(obj: Obj, at: string, rec: Rec): void {
  for (const [k, v] of Object.entries(obj)) {
    if (v !== undefined) rec(`${at}.${k}`, v, undefined, 'dropped: no v1 equivalent');
  }
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
const GENERATED_ANNOTATIONS: Record<string, string> = {
  [LAST_APPLIED]: 'dropped: it records the old apiVersion; kubectl writes a new one on apply',
  'karpenter.sh/nodepool-hash': CONTROLLER_HASH,
  'karpenter.sh/nodepool-hash-version': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash-version': CONTROLLER_HASH,
};

/** The v1 metadata of a converted document; reports the rest of its envelope (status, stray fields) as dropped. */
export function metadata(doc: Obj, rec: Rec): Obj {
  for (const [k, v] of Object.entries(doc)) {
    if (['apiVersion', 'kind', 'metadata', 'spec'].includes(k) || v === undefined) continue;
    rec(
      k,
      k === 'status' ? '(status)' : v,
      undefined,
      k === 'status' ? 'dropped: set by the Karpenter controller' : 'dropped: not a field of a Kubernetes object',
    );
  }
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
  return { ...out, ...m };
}
