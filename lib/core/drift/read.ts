// Reading the objects drift compares: plain manifests of unknown shape. User keys (labels, annotations) are read
// into Maps, never looked up on a plain object (`constructor` and `__proto__` are valid label keys).
import { isPlainObject, isString } from '../json';

export type Json = Record<string, unknown>;

/** The object at `o[key]` when it is a plain object, else an empty one. */
export function obj(o: unknown, key: string): Json {
  if (!isPlainObject(o) || !Object.hasOwn(o, key)) return {};
  const v = o[key];
  return isPlainObject(v) ? v : {};
}

/** `o[key]` when `o` is a plain object that has it as its own field. */
export function field(o: unknown, key: string): unknown {
  return isPlainObject(o) && Object.hasOwn(o, key) ? o[key] : undefined;
}

/** metadata.name, or '' when there is none. */
export function nameOf(o: unknown): string {
  const n = field(obj(o, 'metadata'), 'name');
  return isString(n) ? n : '';
}

/** A map of strings (labels, annotations) as a Map; other values are left out. */
export function stringEntries(v: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!isPlainObject(v)) return out;
  // Own keys only: `v[k]` of an own key reads that property, `__proto__` too.
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (isString(x)) out.set(k, x);
  }
  return out;
}

export function labelsOf(o: unknown): Map<string, string> {
  return stringEntries(field(obj(o, 'metadata'), 'labels'));
}

export function annotationsOf(o: unknown): Map<string, string> {
  return stringEntries(field(obj(o, 'metadata'), 'annotations'));
}

/** One label's value when it is a string: for a known key, without reading every label. */
export function labelOf(o: unknown, key: string): string | undefined {
  const v = field(field(obj(o, 'metadata'), 'labels'), key);
  return isString(v) ? v : undefined;
}

/** One annotation's value when it is a string: for a known key, without reading every annotation. */
export function annotationOf(o: unknown, key: string): string | undefined {
  const v = field(field(obj(o, 'metadata'), 'annotations'), key);
  return isString(v) ? v : undefined;
}

/** The string labels as a prototype-less record (a label selector's input): `constructor` is an ordinary key. */
export function labelRecord(o: unknown): Readonly<Record<string, string>> {
  const out = Object.create(null) as Record<string, string>;
  const labels = field(obj(o, 'metadata'), 'labels');
  if (!isPlainObject(labels)) return out;
  for (const k of Object.keys(labels)) {
    const v = labels[k];
    if (isString(v)) out[k] = v;
  }
  return out;
}

/** The status condition of a type, or undefined. */
export function conditionOf(o: unknown, type: string): Json | undefined {
  const list = field(obj(o, 'status'), 'conditions');
  if (!Array.isArray(list)) return undefined;
  return list.find((c): c is Json => isPlainObject(c) && c.type === type);
}

export function conditionTrue(o: unknown, type: string): boolean {
  return conditionOf(o, type)?.status === 'True';
}

export function deleting(o: unknown): boolean {
  const ts = field(obj(o, 'metadata'), 'deletionTimestamp');
  return ts !== undefined && ts !== null;
}

/** JSON with sorted keys, for comparing two values; bounded by the value's size. */
export function canonical(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Own keys of both objects, sorted. */
export function unionKeys(a: unknown, b: unknown): string[] {
  const keys = new Set([...(isPlainObject(a) ? Object.keys(a) : []), ...(isPlainObject(b) ? Object.keys(b) : [])]);
  return [...keys].sort();
}

/** `o` with `key` set to `value` (removed when undefined): a shallow copy, `o` is not changed. */
export function withField(o: Json, key: string, value: unknown): Json {
  const out: Json = Object.create(null) as Json;
  for (const [k, v] of Object.entries(o)) if (k !== key) out[k] = v;
  if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return Object.setPrototypeOf(out, Object.prototype) as Json;
}

/** A field path segment for a user key: `.key`, or `["a.b/c"]` style is not used: keys print as they are. */
export function pathOf(prefix: string, key: string): string {
  return `${prefix}.${key}`;
}
