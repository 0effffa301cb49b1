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
  return excerpt(s);
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
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    // Defined, not assigned: a user's key `__proto__` stays a key, as in the original.
    if (k === '__proto__') Object.defineProperty(out, k, { value: cloneJson(v[k]), enumerable: true, writable: true, configurable: true });
    else out[k] = cloneJson(v[k]);
  }
  return out as T;
}

/**
 * `record[key]` when `key` is the record's own property, else undefined. Label keys, resource names and tag keys are
 * the user's: `constructor` and `__proto__` are valid, and must never read the prototype.
 */
export function ownValue<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty record without a prototype: any user key reads as absent until set, and `__proto__` is set as a key. */
export function emptyRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** `table` as a frozen object without a prototype: a lookup by a user's key (`constructor`) finds only the table's own entries. */
export function lookupTable<T extends object>(table: T): T {
  return Object.freeze(Object.assign(Object.create(null) as T, table));
}

/** The records merged into a new record without a prototype (later ones win), as `{ ...a, ...b }` for user-keyed maps. */
export function recordOf<V>(...parts: (Readonly<Record<string, V>> | undefined)[]): Record<string, V> {
  return Object.assign(emptyRecord<V>(), ...parts);
}

/** `into.push(...items)` without spreading: a spread of an input-sized list (100,000 items) overflows the call stack. */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) into.push(item);
  return into;
}

/** `text` cut to 80 characters (77 and `...`): the one truncation of a user's value in a message (`show` uses it too). */
export function excerpt(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
