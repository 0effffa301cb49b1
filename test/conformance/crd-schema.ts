// The CRD validator's schema side: ObjectMeta as Go decodes it, kube-openapi formats, rule collection, pruning,
// defaulting, list types, the ajv schema and its messages, and values as CEL sees them.
import { RE2JS } from '@bufbuild/re2';
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import type { CrdRule, Json, JsonObject, Schema } from './crd-types';

/** Whether Go's encoding/json decodes `v` into ObjectMeta field `k` (null is always the zero value). */
export function goDecodes(k: string, v: Json): boolean {
  const list = (ok: (x: Json) => boolean) => Array.isArray(v) && v.every((x) => x === null || ok(x));
  switch (k) {
    case 'generation':
    case 'deletionGracePeriodSeconds':
      return typeof v === 'number' && Number.isInteger(v);
    case 'labels':
    case 'annotations':
      return isObject(v) && Object.values(v).every((x) => x === null || typeof x === 'string');
    case 'finalizers':
      return list((x) => typeof x === 'string');
    case 'ownerReferences':
    case 'managedFields':
      return list(isObject);
    default:
      return typeof v === 'string';
  }
}

// metav1.ObjectMeta's JSON field names.
export const OBJECT_META_FIELDS = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];
export const BLOCKING_KEYWORDS = new Set(['type', 'required', 'enum', 'maxLength', 'maxItems', 'maxProperties']);
export const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
export const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
export const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
// kube-openapi strfmt: DateTimePattern, applied to the part after the first "t" of the lower-cased text.
export const STRFMT_TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** kube-openapi `strfmt.IsDateTime`; the date part is Go `time.Parse("2006-01-02")`, which checks the calendar. */
export function strfmtIsDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const parts = str.toLowerCase().split('t');
  if (parts.length < 2) return false;
  const d = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(parts[0]);
  if (!d) return false;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  // Date.UTC rolls Feb 30 over to Mar 2; a real date survives the round trip.
  const date = new Date(Date.UTC(2000, mo - 1, day));
  date.setUTCFullYear(y);
  if (mo < 1 || mo > 12 || day < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== day) return false;
  const t = STRFMT_TIME.exec(parts[1]);
  return t !== null && t[1] <= '23' && t[2] <= '59' && t[3] <= '59';
}

export function collectRules(kind: string, root: Schema): CrdRule[] {
  const out: CrdRule[] = [];
  const visit = (s: Schema | undefined, sp: string) => {
    if (!isObject(s)) return;
    ((s['x-kubernetes-validations'] as any[]) ?? []).forEach((r, index) =>
      out.push({
        id: `${kind}:${sp || '<root>'}:${index}`,
        kind,
        schemaPath: sp || '<root>',
        index,
        rule: r.rule,
        message: r.message ?? `failed rule: ${r.rule}`,
        transition: isTransitionRule(r.rule),
      }),
    );
    for (const [k, v] of Object.entries((s.properties as Schema) ?? {})) {
      // status is not validated on create (subresource).
      if (sp === '' && k === 'status') continue;
      visit(v, join(sp, k));
    }
    if (s.items) visit(s.items as Schema, `${sp}[*]`);
    if (isObject(s.additionalProperties)) visit(s.additionalProperties as Schema, `${sp}{*}`);
  };
  visit(root, '');
  return out;
}

export function isTransitionRule(rule: string): boolean {
  return /\boldSelf\b/.test(rule);
}

/** Structural pruning: drops fields the schema does not know, reporting each. */
export function prune(value: Json, s: Schema, p: string, root: boolean, unknown: (p: string) => void): void {
  if (!s || s['x-kubernetes-preserve-unknown-fields']) return;
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => prune(v, s.items, `${p}[${i}]`, false, unknown));
    return;
  }
  if (!isObject(value)) return;
  for (const k of Object.keys(value)) {
    if (root && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
    if (s.properties?.[k]) prune(value[k], s.properties[k], join(p, k), false, unknown);
    else if (isObject(s.additionalProperties)) prune(value[k], s.additionalProperties as Schema, `${p}[${k}]`, false, unknown);
    else if (s.additionalProperties !== true) {
      unknown(join(p, k));
      delete value[k];
    }
  }
}

/**
 * apiextensions defaulting.PruneNonNullableNullsWithoutDefaults: deletes a null property or map
 * value whose schema is neither nullable nor defaulted; recurses into objects, maps and lists
 * (nulls in lists stay).
 */
export function pruneNonNullableNullsWithoutDefaults(value: Json, s: Schema | undefined): void {
  if (Array.isArray(value)) {
    value.forEach((v) => pruneNonNullableNullsWithoutDefaults(v, s?.items));
    return;
  }
  if (!isObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const sub: Schema | undefined = s?.properties?.[k] ?? (isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined);
    if (v === null && sub && !sub.nullable && sub.default === undefined) delete value[k];
    else pruneNonNullableNullsWithoutDefaults(v, sub);
  }
}

/** Structural defaulting (apiextensions structuraldefaulting.Default): recurses into defaults it sets. */
export function applyDefaults(value: Json, s: Schema): void {
  if (!s) return;
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v) => applyDefaults(v, s.items));
    return;
  }
  if (!isObject(value)) return;
  for (const [k, prop] of Object.entries((s.properties as Record<string, Schema>) ?? {})) {
    if (value[k] === null && !prop.nullable) delete value[k];
    if (prop.default !== undefined && value[k] === undefined) value[k] = structuredClone(prop.default);
  }
  for (const [k, v] of Object.entries(value)) {
    if (s.properties?.[k]) applyDefaults(v, s.properties[k]);
    else if (isObject(s.additionalProperties)) applyDefaults(v, s.additionalProperties as Schema);
  }
}

/** x-kubernetes-list-type set/map: no duplicates (non-blocking, like the API server's Duplicate error). */
export function checkListTypes(value: Json | undefined, s: Schema, p: string, err: (k: string, p: string, m: string) => void): void {
  if (!s || value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const type = s['x-kubernetes-list-type'];
    const keys: string[] | undefined = s['x-kubernetes-list-map-keys'];
    if (type === 'set' || type === 'map') {
      const seen = new Set<string>();
      value.forEach((v, i) => {
        const key = type === 'set' ? JSON.stringify(v) : JSON.stringify((keys ?? []).map((k) => (isObject(v) ? v[k] : undefined)));
        if (seen.has(key)) err('duplicate', `${p}[${i}]`, `${p}[${i}]: Duplicate value: ${JSON.stringify(v)}`);
        seen.add(key);
      });
    }
    if (s.items) value.forEach((v, i) => checkListTypes(v, s.items, `${p}[${i}]`, err));
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (s.properties?.[k]) checkListTypes(v, s.properties[k], join(p, k), err);
      else if (isObject(s.additionalProperties)) checkListTypes(v, s.additionalProperties as Schema, `${p}[${k}]`, err);
    }
  }
}

export const KEEP = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'multipleOf',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'format',
  'nullable',
]);

/** OpenAPI v3 (Kubernetes flavour) to a schema ajv understands. */
export function toAjvSchema(s: Schema, root = false): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (!KEEP.has(k)) continue;
    if (k === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, Schema>)
          .filter(([name]) => !(root && name === 'status'))
          .map(([name, sub]) => [name, toAjvSchema(sub)]),
      );
    } else if (k === 'items' || k === 'not') out[k] = toAjvSchema(v);
    else if (k === 'additionalProperties') out[k] = isObject(v) ? toAjvSchema(v as Schema) : v;
    else if (k === 'anyOf' || k === 'allOf' || k === 'oneOf') out[k] = (v as Schema[]).map((x) => toAjvSchema(x));
    else if (k === 'format' && !['int32', 'int64', 'date-time'].includes(v))
      continue; // unknown formats are not checked
    else out[k] = v;
  }
  if (s.exclusiveMinimum === true) out.exclusiveMinimum = s.minimum;
  if (s.exclusiveMaximum === true) out.exclusiveMaximum = s.maximum;
  if (s['x-kubernetes-int-or-string'] && !s.anyOf) out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  if (s.nullable && out.type) {
    out.type = [out.type, 'null'];
    delete out.nullable;
  }
  return out;
}

export function newAjv(): Ajv {
  // `pattern` uses Go regexp (RE2) semantics in the API server, so use the RE2 engine here too.
  const re2Engine = Object.assign((pattern: string) => RE2JS.compile(pattern), { code: 'require("@bufbuild/re2").RE2JS.compile' });
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, code: { regExp: re2Engine as never } });
  ajv.addFormat('date-time', { type: 'string', validate: strfmtIsDateTime });
  // kube-openapi checks no range for the integer formats.
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  ajv.addFormat('int64', { type: 'number', validate: () => true });
  return ajv;
}

/** Drops the per-branch errors of an int-or-string `anyOf`, keeping the anyOf itself. */
export function collapseAjvErrors(errors: ErrorObject[]): ErrorObject[] {
  const anyOfAt = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath);
  return errors.filter((e) => e.keyword === 'anyOf' || !anyOfAt.some((sp) => e.schemaPath.startsWith(`${sp}/`)));
}

export function ajvMessage(e: ErrorObject): string {
  switch (e.keyword) {
    case 'enum':
      return (
        `Unsupported value: ${JSON.stringify(e.data)}: supported ` +
        `values: ${(e.params as any).allowedValues.map((x: unknown) => JSON.stringify(x)).join(', ')}`
      );
    case 'required':
      return 'Required value';
    case 'pattern':
      return `Invalid value: ${JSON.stringify(e.data)}: should match '${(e.params as any).pattern}'`;
    case 'anyOf':
      return `Invalid value: ${JSON.stringify(e.data)}: must be an integer or a string`;
    default:
      return `Invalid value: ${JSON.stringify(e.data)}: ${e.message}`;
  }
}

/** JSON pointer from ajv to a Kubernetes field path, e.g. `spec.template.spec.requirements[2].key`. */
export function fieldPath(e: ErrorObject, data: Json, root: Schema): string {
  const segs = e.instancePath
    .split('/')
    .slice(1)
    .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') segs.push((e.params as any).missingProperty);
  let p = '';
  let d: Json | undefined = data;
  let s: Schema | undefined = root;
  for (const seg of segs) {
    if (Array.isArray(d)) {
      p += `[${seg}]`;
      d = d[Number(seg)];
      s = s?.items;
    } else if (s?.properties?.[seg]) {
      p = join(p, seg);
      d = isObject(d) ? d[seg] : undefined;
      s = s.properties[seg];
    } else {
      p += `[${seg}]`;
      d = isObject(d) ? d[seg] : undefined;
      s = isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined;
    }
  }
  return p || '<root>';
}

/** JSON to CEL values: integers (per the schema) as bigint, objects and maps as Map. */
export function toCel(value: Json, s: Schema | undefined): unknown {
  if (value === null) return null;
  if (typeof value === 'number') {
    const integral =
      s?.type === 'integer' || (s?.['x-kubernetes-int-or-string'] ?? false) || (s?.anyOf ?? []).some((x: Schema) => x.type === 'integer');
    return integral && Number.isInteger(value) ? BigInt(value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => toCel(v, s?.items));
  if (isObject(value)) {
    const m = new Map<string, unknown>();
    for (const [k, v] of Object.entries(value)) {
      const sub = s?.properties?.[k] ?? (isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined);
      m.set(k, toCel(v, sub));
    }
    return m;
  }
  return value;
}

export function isQualifiedKey(k: string): boolean {
  const parts = k.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1];
  if (name.length > 63 || !QUALIFIED_NAME.test(name)) return false;
  if (parts.length === 2) return parts[0].length > 0 && parts[0].length <= 253 && DNS1123_SUBDOMAIN.test(parts[0]);
  return true;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

export function join(p: string, k: string): string {
  return p ? `${p}.${k}` : k;
}
