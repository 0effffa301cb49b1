// Checks the API server applies to every custom resource, whatever its schema: apiVersion/kind,
// and ObjectMeta (name, labels, annotations) of a cluster-scoped object.
import { IssueCollector } from '../issues';
import { dns1123SubdomainProblems, labelValueProblems, qualifiedNameProblems } from '../model/labels';
import { isPlainObject, lookupTable, show } from '../json';
import { child } from '../issues';
import { absent } from './schema';

/** ObjectMeta's fields and the JSON type Go decodes each from (a mismatch fails the request). */
const OBJECT_META_TYPES: { readonly [field: string]: 'string' | 'integer' | 'map' | 'string list' | 'object list' } = lookupTable({
  name: 'string',
  generateName: 'string',
  namespace: 'string',
  labels: 'map',
  annotations: 'map',
  finalizers: 'string list',
  ownerReferences: 'object list',
  uid: 'string',
  resourceVersion: 'string',
  generation: 'integer',
  creationTimestamp: 'string',
  deletionTimestamp: 'string',
  deletionGracePeriodSeconds: 'integer',
  managedFields: 'object list',
  selfLink: 'string',
});
/** The ObjectMeta fields the API server knows. */
export const OBJECT_META_FIELDS: readonly string[] = Object.keys(OBJECT_META_TYPES);
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

/** `a NodePool`, `an EC2NodeClass`. */
function withArticle(kind: string): string {
  return `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

const TOP_LEVEL_FIELDS = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];

/**
 * What every Karpenter custom resource gets checked for before its spec: that it is an object
 * of the expected apiVersion and kind, its ObjectMeta, its top-level fields and a stray status.
 * Returns false when the spec should not be checked (not an object, or another kind).
 */
export function checkEnvelope(manifest: unknown, apiVersion: string, kind: string, c: IssueCollector): manifest is Record<string, unknown> {
  const aKind = withArticle(kind);
  if (!isPlainObject(manifest)) {
    c.error('', 'InvalidType', `${aKind} manifest must be an object, got ${show(manifest)}`);
    return false;
  }
  if (!checkTypeMeta(manifest, apiVersion, kind, c)) return false;
  checkObjectMeta(manifest.metadata, kind, c);
  for (const k of Object.keys(manifest)) {
    if (!TOP_LEVEL_FIELDS.includes(k)) c.error(k, 'UnknownField', `is not ${aKind} field; allowed: apiVersion, kind, metadata, spec`);
  }
  checkNoStatus(manifest, c);
  return true;
}

/** Checks `apiVersion` and `kind`; returns false when the object is not of the expected kind. */
export function checkTypeMeta(m: Record<string, unknown>, apiVersion: string, kind: string, c: IssueCollector): boolean {
  let ok = true;
  if (m.apiVersion !== apiVersion) {
    const hint =
      typeof m.apiVersion === 'string' && m.apiVersion.endsWith('/v1beta1')
        ? '; v1beta1 was removed in Karpenter 1.1, migrate the manifest to v1'
        : '';
    c.error('apiVersion', 'WrongApiVersion', `must be "${apiVersion}" for ${withArticle(kind)}, got ${show(m.apiVersion)}${hint}`);
    ok = false;
  }
  if (m.kind !== kind) {
    c.error('kind', 'WrongKind', `must be "${kind}", got ${show(m.kind)}`);
    ok = false;
  }
  return ok;
}

/** Checks ObjectMeta of a cluster-scoped custom resource the way the API server does on create. */
export function checkObjectMeta(meta: unknown, kind: string, c: IssueCollector): void {
  if (absent(meta)) {
    c.error('metadata', 'RequiredField', `is required: ${withArticle(kind)} needs metadata.name`);
    return;
  }
  if (c.isUnresolved(meta)) return;
  if (!isPlainObject(meta)) {
    c.error('metadata', 'InvalidType', `must be an object, got ${show(meta)}`);
    return;
  }
  for (const [k, v] of Object.entries(meta)) {
    const type = OBJECT_META_TYPES[k];
    if (type === undefined) {
      c.error(child('metadata', k), 'UnknownField', `is not an ObjectMeta field; allowed fields: ${OBJECT_META_FIELDS.join(', ')}`);
    } else if (k !== 'name' && type !== 'map' && !absent(v) && !c.isUnresolved(v) && !hasJsonType(v, type)) {
      // ObjectMeta is decoded into a Go struct: a value of another type fails the whole request.
      c.error(child('metadata', k), 'InvalidType', `must be ${type === 'integer' ? 'an integer' : `a ${type}`}, got ${show(v)}`);
    }
  }
  const generated = typeof meta.generateName === 'string' && meta.generateName !== '';
  // ValidateObjectMeta treats name "" as unset, so "" beside generateName is a generated name.
  const name = generated && meta.name === '' ? undefined : meta.name;
  if (absent(name) && generated) {
    // The API server accepts generateName; the tools that manage these objects do not.
    c.error(
      'metadata.name',
      'NameRequiredForApply',
      `is required: generateName only works with kubectl create, while kubectl apply and Terraform identify ${withArticle(kind)} by its name`,
    );
  } else if (absent(name)) {
    c.error('metadata.name', 'RequiredField', `is required: kubectl apply and Terraform identify ${withArticle(kind)} by its name`);
  } else if (typeof name !== 'string') {
    c.error('metadata.name', 'InvalidType', `must be a string, got ${show(name)}`);
  } else if (!c.isUnresolved(name)) {
    const problems = name === '' ? ['must not be empty'] : dns1123SubdomainProblems(name);
    if (problems.length > 0) {
      c.error(
        'metadata.name',
        'InvalidName',
        `${show(name)} is not a valid ${kind} name: it ${problems.join('; it ')} (a DNS-1123 subdomain, e.g. "general-purpose")`,
      );
    }
  }
  if (!absent(meta.namespace) && meta.namespace !== '') {
    c.warn(
      'metadata.namespace',
      'NamespaceOnClusterScopedResource',
      `${kind} is cluster-scoped; the API server drops namespace ${show(meta.namespace)} ` +
        'and Terraform then reports a diff. Remove metadata.namespace',
    );
  }
  checkStringMap(meta.labels, 'metadata.labels', c, (k, v, path) => {
    for (const p of qualifiedNameProblems(k)) c.error(path, 'InvalidLabelKey', `label key ${show(k)}: ${p}`);
    for (const p of labelValueProblems(v)) c.error(path, 'InvalidLabelValue', `label value ${show(v)}: ${p}`);
  });
  let annotationBytes = 0;
  checkStringMap(meta.annotations, 'metadata.annotations', c, (k, v, path) => {
    annotationBytes += Buffer.byteLength(k) + Buffer.byteLength(v);
    for (const p of qualifiedNameProblems(k.toLowerCase())) c.error(path, 'InvalidAnnotationKey', `annotation key ${show(k)}: ${p}`);
  });
  if (annotationBytes > MAX_ANNOTATIONS_BYTES) {
    c.error('metadata.annotations', 'AnnotationsTooLarge', `total size ${annotationBytes} bytes exceeds the ${MAX_ANNOTATIONS_BYTES}-byte limit`);
  }
}

function hasJsonType(v: unknown, type: 'string' | 'integer' | 'string list' | 'object list'): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'string list':
      return Array.isArray(v) && v.every((x) => x === null || typeof x === 'string');
    case 'object list':
      return Array.isArray(v) && v.every((x) => x === null || isPlainObject(x));
  }
}

function checkStringMap(value: unknown, path: string, c: IssueCollector, each: (k: string, v: string, path: string) => void): void {
  if (absent(value) || c.isUnresolved(value)) return;
  if (!isPlainObject(value)) {
    c.error(path, 'InvalidType', `must be a map of strings, got ${show(value)}`);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = child(path, k);
    // ObjectMeta is decoded into a Go map[string]string: a JSON null becomes "" (the zero value).
    const value = v === null ? '' : v;
    if (typeof value !== 'string') {
      if (!c.isUnresolved(v)) c.error(p, 'InvalidType', `must be a string, got ${show(v)}`);
      continue;
    }
    if (c.isUnresolved(k)) continue;
    if (c.isUnresolved(value)) each(k, '', p);
    else each(k, value, p);
  }
}

/** Reports a `status` the user supplied: the status subresource ignores it on create. */
export function checkNoStatus(m: Record<string, unknown>, c: IssueCollector): void {
  if (!absent(m.status)) {
    c.warn('status', 'StatusIgnored', 'is set by the Karpenter controller; the API server ignores it on create and update. Remove it');
  }
}
