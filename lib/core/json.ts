// Helpers for JSON-like values: parsed YAML, manifests, Helm values.

/**
 * True for a plain object: an object literal, a parsed JSON or YAML object, `Object.create(null)`, from any realm;
 * false for arrays, null and class instances (a `Quantity`, a `Date`, a token), whose fields are not JSON.
 */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  // Any realm's Object.prototype (jest runs tests in a separate VM context).
  const proto = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * How `show` renders a value. `json`: as JSON (`"m5.large"`, `4`, `{"key":"x"}`), shortened to 80 characters.
 * `typed`: what was given, for "expects X, got ..." messages (`string "1.29"`, `number 30`, `a plain object {"key":"x"}`,
 * `a Quantity`, `a list`).
 */
export type ShowStyle = 'json' | 'typed';

/**
 * The one renderer of values in messages, in the style asked (`ShowStyle`, default `json`). Never throws: a value
 * JSON cannot show (undefined, a function, a cycle, a bigint) prints its type.
 */
export function show(value: unknown, style: ShowStyle = 'json'): string {
  return style === 'typed' ? typed(value) : json(value);
}

function json(value: unknown): string {
  let s: string | undefined;
  try {
    s = JSON.stringify(value);
  } catch {
    s = undefined;
  }
  if (s === undefined) return typeof value;
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function typed(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  if (typeof value === 'object') {
    const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor;
    if (!isPlainObject(value) && ctor?.name) return `a ${ctor.name}`;
    const text = json(value);
    return `a plain object${text === 'object' ? '' : ` ${text.length > 60 ? `${text.slice(0, 60)}...` : text}`}`;
  }
  return value === undefined ? 'undefined' : `${typeof value} ${String(value)}`;
}

/** True for a string (a type guard for reading parsed input). */
export function isString(v: unknown): v is string {
  return typeof v === 'string';
}

/** `{ [key]: value }`, or `{}` when `value` is undefined: spread it into an object literal for an optional field. */
export function opt<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [k in K]: V });
}

/** Deep copy of arrays and plain objects; every other value (strings, numbers, tokens) is shared. */
export function cloneJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneJson(x)])) as T;
  return v;
}
