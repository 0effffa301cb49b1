// A small structural-schema checker mirroring what the API server does with a CRD's OpenAPI
// schema (types, enums, patterns, bounds, required, unknown fields), plus hooks for the CEL rules.
import { isPlainObject, ownValue, show } from '../json';
import { child, IssueCollector, PhrasedMessage } from '../issues';
import { runeLength } from '../model/labels';
import { SuggestionIndex, suggestOne } from '../shared/suggest';

/** A CEL rule replica: runs on a value that already has the right JSON type. */
// CEL rules see a dynamically typed value, as CEL itself does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rule = (self: any, path: string, c: IssueCollector) => void;

interface Common {
  /** Replicas of the node's `x-kubernetes-validations`. */
  readonly rules?: readonly Rule[];
  /** How to fix a schema-level problem (appended to the message), phrased for each audience where they differ. */
  readonly hint?: string | PhrasedMessage;
}

export interface StringSchema extends Common {
  readonly type: 'string';
  readonly enum?: readonly string[];
  /** Unanchored like the API server's (Go `regexp.MatchString`) unless the pattern anchors itself. */
  readonly pattern?: RegExp;
  /** Code for a pattern mismatch. */
  readonly patternCode?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: 'date-time';
  /** Values of older API versions and what became of each in v1, for a message pointing at the migration. */
  readonly formerly?: { readonly [old: string]: string };
}

export interface IntegerSchema extends Common {
  readonly type: 'integer';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly format?: 'int32' | 'int64';
}

export interface BooleanSchema extends Common {
  readonly type: 'boolean';
}

/** `x-kubernetes-int-or-string` with a pattern on the string form (quantities). */
export interface IntOrStringSchema extends Common {
  readonly type: 'int-or-string';
  readonly pattern?: RegExp;
  readonly patternCode?: string;
}

export interface ObjectSchema extends Common {
  readonly type: 'object';
  readonly properties: { readonly [name: string]: Schema };
  readonly required?: readonly string[];
}

export interface MapSchema extends Common {
  readonly type: 'map';
  readonly values: Schema;
  readonly maxProperties?: number;
}

export interface ArraySchema extends Common {
  readonly type: 'array';
  readonly items: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** `x-kubernetes-list-type: set`: items must be unique. */
  readonly set?: boolean;
}

export type Schema = StringSchema | IntegerSchema | BooleanSchema | IntOrStringSchema | ObjectSchema | MapSchema | ArraySchema;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
// kube-openapi strfmt `DateTimePattern` (the time after the first "t"); Go's `.` is any rune but \n.
const STRFMT_TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `format: date-time` as the API server checks it: kube-openapi `strfmt.IsDateTime`. The text
 * is lower-cased and split at every "t"; the first part must be a real calendar date (Go
 * `time.Parse("2006-01-02")`: month 01-12, day within the month, leap years), the second a time
 * with hour <= 23, minute and second <= 59, and a `z` or `+hh:mm` offset.
 */
export function isKubeDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const parts = str.toLowerCase().split('t');
  if (parts.length < 2 || !isFullDate(parts[0])) return false;
  const m = STRFMT_TIME.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

function isFullDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * `value` without the nulls the API server prunes before it validates: apiextensions
 * `PruneNonNullableNullsWithoutDefaults` deletes a null object property or map value whose schema
 * is not nullable (no Karpenter field is) and has no default (a default then fills it, which
 * validates like an absent field here). Nulls in lists and nulls of unknown fields are kept: the
 * API server rejects those. A copy where a null goes; `value` itself, unchanged, where none does (the
 * checks only read it, and a rendered manifest has no nulls to prune).
 */
export function pruneNulls(value: unknown, schema: Schema): unknown {
  if (Array.isArray(value)) {
    if (schema.type !== 'array') return value;
    let items: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const p = pruneNulls(value[i], schema.items);
      if (p !== value[i]) (items ??= value.slice())[i] = p;
    }
    return items ?? value;
  }
  if (!isPlainObject(value) || (schema.type !== 'object' && schema.type !== 'map')) return value;
  // Copied from the first key that changes, so the common case (nothing to prune) allocates nothing.
  let out: [string, unknown][] | undefined;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = value[k];
    const sub = schema.type === 'map' ? schema.values : ownValue(schema.properties, k);
    const p = sub === undefined ? v : v === null ? PRUNED : pruneNulls(v, sub);
    if (p !== v) out ??= keys.slice(0, i).map((before): [string, unknown] => [before, value[before]]);
    if (out && p !== PRUNED) out.push([k, p]);
  }
  // fromEntries: a user's key `__proto__` stays a key.
  return out ? Object.fromEntries(out) : value;
}

/** What pruneNulls leaves of a pruned null: nothing. */
const PRUNED = Symbol('pruned');

/** Quotes the CRD's own message so a finding can be traced to the rule it replicates. */
export function crdRule(message: string): string {
  return ` (CRD rule: ${JSON.stringify(message)})`;
}

/** True when a JSON value is absent: `undefined`, or `null` (the API server prunes nulls of non-nullable fields). */
export function absent(v: unknown): boolean {
  return v === undefined || v === null;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function hinted(s: Schema, message: string): string | PhrasedMessage {
  const h = s.hint;
  if (h === undefined) return message;
  return typeof h === 'string' ? `${message}; ${h}` : { typescript: `${message}; ${h.typescript}`, yaml: `${message}; ${h.yaml}` };
}

function wrongType(c: IssueCollector, path: string, s: Schema, expected: string, value: unknown): void {
  // A class instance (a Date, a builder value from JavaScript) is no JSON object: name its class.
  const instance = typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value);
  c.error(path, 'InvalidType', hinted(s, `must be ${expected}, got ${instance ? show(value, 'typed') : `${typeName(value)} ${show(value)}`}`));
}

/** Checks `value` against `schema` and runs its CEL rule replicas. Unresolved tokens are skipped. */
export function checkSchema(value: unknown, schema: Schema, path: string, c: IssueCollector): void {
  if (c.isUnresolved(value)) return;
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return wrongType(c, path, schema, 'a string', value);
      checkString(value, schema, path, c);
      break;
    }
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return wrongType(c, path, schema, 'an integer', value);
      checkInteger(value, schema, path, c);
      break;
    }
    case 'boolean':
      if (typeof value !== 'boolean') return wrongType(c, path, schema, 'a boolean (true or false)', value);
      break;
    case 'int-or-string':
      if (typeof value === 'number') {
        if (!Number.isInteger(value)) return wrongType(c, path, schema, 'an integer or a string', value);
      } else if (typeof value === 'string') {
        if (schema.pattern && !schema.pattern.test(value)) {
          c.error(path, schema.patternCode ?? 'PatternMismatch', hinted(schema, `${show(value)} does not match ${schema.pattern.source}`));
        }
      } else {
        return wrongType(c, path, schema, 'an integer or a string', value);
      }
      break;
    case 'object': {
      if (!isPlainObject(value)) return wrongType(c, path, schema, 'an object', value);
      checkObject(value, schema, path, c);
      break;
    }
    case 'map': {
      if (!isPlainObject(value)) return wrongType(c, path, schema, 'an object (a map)', value);
      // The map's rules run on its entries without nulls, in checkMap.
      return checkMap(value, schema, path, c);
    }
    case 'array': {
      if (!Array.isArray(value)) return wrongType(c, path, schema, 'a list', value);
      checkArray(value, schema, path, c);
      break;
    }
  }
  for (const rule of schema.rules ?? []) rule(value, path, c);
}

/** The bounds of an integer, and a Go int32 for `format: int32`. */
function checkInteger(value: number, schema: IntegerSchema, path: string, c: IssueCollector): void {
  const { minimum: min, maximum: max } = schema;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const range = min !== undefined && max !== undefined ? `between ${min} and ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`;
    c.error(path, 'OutOfRange', hinted(schema, `must be ${range}, got ${value}`));
  } else if (schema.format === 'int32' && (value < INT32.min || value > INT32.max)) {
    // The API server does not range-check `format: int32` (kube-openapi only checks the type),
    // but the controller decodes the field into a Go int32 and cannot read the object.
    c.error(
      path,
      'Int32Overflow',
      hinted(
        schema,
        `${value} does not fit a 32-bit integer (${INT32.min} to ${INT32.max}); the API server stores it, ` +
          'but the Karpenter controller cannot decode the object',
      ),
    );
  }
}

/** The required fields of an object, then each field: unknown ones are errors, known ones are checked against their schema. */
function checkObject(value: Record<string, unknown>, schema: ObjectSchema, path: string, c: IssueCollector): void {
  for (const req of schema.required ?? []) {
    if (absent(value[req])) c.error(child(path, req), 'RequiredField', hinted(schema, `is required`));
  }
  for (const k of Object.keys(value)) {
    const v = value[k];
    const sub = ownValue(schema.properties, k);
    // A null known field is pruned (see pruneNulls); an unknown one is still an unknown field.
    if (v === undefined || (v === null && sub)) continue;
    if (!sub) {
      const known = Object.keys(schema.properties);
      const near = suggestOne(k, fieldIndex(schema.properties));
      c.error(
        child(path, k),
        'UnknownField',
        `is not a field of this object${near ? ` (did you mean "${near}"?)` : ''}; allowed fields: ` +
          `${known.join(', ')} (kubectl and Terraform reject unknown fields)`,
      );
      continue;
    }
    checkSchema(v, sub, child(path, k), c);
  }
}

/** A map's size and values, then its rules, all on the entries left once nulls are pruned. */
function checkMap(value: Record<string, unknown>, schema: MapSchema, path: string, c: IssueCollector): void {
  // Null entries are pruned before validation (PruneNonNullableNullsWithoutDefaults), so they
  // neither count towards maxProperties nor reach the CEL rules.
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
  const n = entries.length;
  if (schema.maxProperties !== undefined && n > schema.maxProperties) {
    c.error(path, 'TooManyProperties', hinted(schema, `must have at most ${schema.maxProperties} entries, got ${n}`));
  }
  for (const [k, v] of entries) checkSchema(v, schema.values, child(path, k), c);
  for (const rule of schema.rules ?? []) rule(Object.fromEntries(entries), path, c);
}

/** A list's length and items, and for a set, items listed twice. */
function checkArray(value: unknown[], schema: ArraySchema, path: string, c: IssueCollector): void {
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    c.error(
      path,
      'TooFewItems',
      hinted(schema, `must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}, got ${value.length}`),
    );
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    c.error(path, 'TooManyItems', hinted(schema, `must have at most ${schema.maxItems} items, got ${value.length}`));
  }
  value.forEach((item, i) => checkSchema(item, schema.items, `${path}[${i}]`, c));
  if (schema.set) {
    const seen = new Set<string>();
    value.forEach((item, i) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) c.error(`${path}[${i}]`, 'DuplicateItem', `duplicate value ${show(item)}; this list is a set, list each value once`);
      seen.add(key);
    });
  }
}

function checkString(value: string, s: StringSchema, path: string, c: IssueCollector): void {
  if (s.enum && !s.enum.includes(value)) {
    const renamed = s.formerly && Object.prototype.hasOwnProperty.call(s.formerly, value) ? s.formerly[value] : undefined;
    const message = `${show(value)} is not supported; allowed values: ${s.enum.join(', ')}`;
    if (renamed !== undefined) {
      const was = `${show(value)} is a v1beta1 value, ${renamed}; allowed values: ${s.enum.join(', ')}`;
      c.error(path, 'UnsupportedValue', { typescript: was, yaml: `${was}. Run \`cdktf-karpenter-eks validate --migrate\` to convert the manifest` });
    } else c.error(path, 'UnsupportedValue', hinted(s, message));
    return;
  }
  const len = s.minLength === undefined && s.maxLength === undefined ? 0 : runeLength(value);
  if (s.minLength !== undefined && len < s.minLength) {
    c.error(path, 'TooShort', hinted(s, `must be at least ${s.minLength} character${s.minLength === 1 ? '' : 's'} long, got ${show(value)}`));
  }
  if (s.maxLength !== undefined && len > s.maxLength) {
    c.error(path, 'TooLong', hinted(s, `must be at most ${s.maxLength} characters long, got ${len}: ${show(value)}`));
  }
  if (s.pattern && !s.pattern.test(value)) {
    c.error(path, s.patternCode ?? 'PatternMismatch', hinted(s, `${show(value)} does not match ${s.pattern.source}`));
  }
  if (s.format === 'date-time' && !isKubeDateTime(value)) {
    c.error(path, 'InvalidDateTime', `${show(value)} is not a valid RFC 3339 date-time (a real date and time, e.g. 2025-01-31T12:00:00Z)`);
  }
}

/** `has(x.f)` for a CEL rule replica. */
export function has(obj: unknown, field: string): boolean {
  return isPlainObject(obj) && !absent(obj[field]);
}

const fieldIndexes = new WeakMap<object, SuggestionIndex>();

/** The suggestion index of an object schema's fields, built at its first unknown field. */
function fieldIndex(properties: object): SuggestionIndex {
  let index = fieldIndexes.get(properties);
  if (!index) fieldIndexes.set(properties, (index = new SuggestionIndex(Object.keys(properties))));
  return index;
}
