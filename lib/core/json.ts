// Pure core: no cdktf or constructs imports.
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
