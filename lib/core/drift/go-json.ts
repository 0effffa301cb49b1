//
// Reads a manifest's JSON the way Go's encoding/json fills Karpenter's structs, into the GoValues hashstructure.ts
// walks: an absent key or `null` leaves the Go zero value (nil map, nil slice, nil pointer, ""), `{}` and `[]` make
// empty but non-nil ones. A value of the wrong JSON type makes Go's decoder fail, so the reader records an issue
// and the caller hashes nothing.

import { ValidationIssue, Severity } from '../issues';
import { isPlainObject, show } from '../json';
import { parseGoDuration } from './go-duration';
import {
  GoBool,
  GoInt,
  GoMap,
  GoPointer,
  GoSlice,
  GoString,
  GoStruct,
  GoValue,
  goBool,
  goInt64,
  goMap,
  goPointer,
  goSlice,
  goString,
  goStruct,
} from './hashstructure';

/** Issue code of a manifest field Go's JSON decoder (or the API server) would refuse, so no hash can be computed. */
export const UNHASHABLE_FIELD = 'UnhashableField';

/** The Go zero value of `bool`. */
const FALSE: GoBool = goBool(false);

/** The Go zero value of `""`. */
const EMPTY_STRING: GoString = goString('');

/** Reads JSON fields into GoValues, recording an issue per field Go could not decode. */
export class GoJsonReader {
  private readonly found: ValidationIssue[] = [];

  public get issues(): readonly ValidationIssue[] {
    return this.found;
  }

  public fail(field: string, message: string): void {
    this.found.push({ severity: Severity.ERROR, field, code: UNHASHABLE_FIELD, message });
  }

  /** The own property `key` of a plain object, never its prototype's (`__proto__`, `constructor`). */
  public get(obj: unknown, key: string): unknown {
    return isPlainObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
  }

  /** The manifest itself: a plain object, else recorded at the root (field `''`). */
  public root(value: unknown, kind: string): Record<string, unknown> {
    if (isPlainObject(value)) return value;
    this.fail('', `a ${kind} manifest must be an object, got ${show(value, 'typed')}`);
    return {};
  }

  /** An object field: undefined for absent or null, else the object (a non-object is recorded). */
  public object(value: unknown, field: string): Record<string, unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    if (isPlainObject(value)) return value;
    this.fail(field, `must be an object, got ${show(value, 'typed')}`);
    return undefined;
  }

  /** A `string` field (a named string type too). */
  public string(value: unknown, field: string): GoString {
    if (value === undefined || value === null) return EMPTY_STRING;
    if (typeof value === 'string') return goString(value);
    this.fail(field, `must be a string, got ${show(value, 'typed')}`);
    return EMPTY_STRING;
  }

  /** A `*string` (a `*NamedString` too). */
  public stringPointer(value: unknown, field: string): GoPointer {
    if (value === undefined || value === null) return goPointer(null, EMPTY_STRING);
    return goPointer(this.string(value, field), EMPTY_STRING);
  }

  /** A `*bool`. */
  public boolPointer(value: unknown, field: string): GoPointer {
    if (value === undefined || value === null) return goPointer(null, FALSE);
    if (typeof value === 'boolean') return goPointer(goBool(value), FALSE);
    this.fail(field, `must be true or false, got ${show(value, 'typed')}`);
    return goPointer(null, FALSE);
  }

  /** A `bool`. */
  public bool(value: unknown, field: string): GoBool {
    return (this.boolPointer(value, field).elem as GoBool | null) ?? FALSE;
  }

  /** An `int32` or `int64` (Go's decoder refuses a fraction or a number out of range). */
  public int(value: unknown, field: string, bits: 32 | 64): GoInt {
    const zero: GoInt = { kind: 'int', bits, signed: true, value: 0n };
    if (value === undefined || value === null) return zero;
    const limit = 1n << BigInt(bits - 1);
    if (typeof value === 'number' && Number.isInteger(value) && BigInt(value) >= -limit && BigInt(value) < limit) {
      return { kind: 'int', bits, signed: true, value: BigInt(value) };
    }
    this.fail(field, `must be a whole number that fits an int${bits}, got ${show(value, 'typed')}`);
    return zero;
  }

  /** A `*int32` or `*int64`. */
  public intPointer(value: unknown, field: string, bits: 32 | 64): GoPointer {
    const zero: GoInt = { kind: 'int', bits, signed: true, value: 0n };
    if (value === undefined || value === null) return goPointer(null, zero);
    return goPointer(this.int(value, field, bits), zero);
  }

  /** A `map[string]string`. */
  public stringMap(value: unknown, field: string): GoMap {
    return this.map(value, field, (v, f) => this.string(v, f));
  }

  /** A `map[string]T` whose values `read` decodes. */
  public map(value: unknown, field: string, read: (value: unknown, field: string) => GoValue): GoMap {
    const obj = this.object(value, field);
    if (obj === undefined) return goMap(null);
    return goMap(Object.keys(obj).map((k) => [goString(k), read(obj[k], `${field}.${k}`)] as const));
  }

  /** A slice of elements read by `element`. */
  public slice(value: unknown, field: string, element: (item: unknown, field: string) => GoValue): GoSlice {
    if (value === undefined || value === null) return goSlice(null);
    if (!Array.isArray(value)) {
      this.fail(field, `must be a list, got ${show(value, 'typed')}`);
      return goSlice(null);
    }
    return goSlice(value.map((item, i) => element(item, `${field}[${i}]`)));
  }

  /** A pointer to a struct read by `read`; `zero` is the struct's zero value. */
  public structPointer(value: unknown, field: string, zero: GoStruct, read: (obj: Record<string, unknown>) => GoStruct): GoPointer {
    const obj = this.object(value, field);
    return goPointer(obj === undefined ? null : read(obj), zero);
  }

  /** Nanoseconds of a Go duration string (`time.ParseDuration`), or undefined (recorded) when Go refuses it. */
  public duration(value: unknown, field: string): bigint | undefined {
    if (typeof value !== 'string') {
      this.fail(field, `must be a duration string such as "720h", got ${show(value, 'typed')}`);
      return undefined;
    }
    const ns = parseGoDuration(value);
    if (ns === undefined) this.fail(field, `${show(value)} is not a Go duration; write e.g. "720h", "1h30m" or "30s"`);
    return ns;
  }

  /** A `metav1.Duration` (`struct { time.Duration }`), whose JSON is a duration string. */
  public metav1Duration(value: unknown, field: string): GoStruct {
    const ns = value === undefined || value === null ? 0n : (this.duration(value, field) ?? 0n);
    return metav1DurationOf(ns);
  }

  /** A `*metav1.Duration` field. */
  public metav1DurationPointer(value: unknown, field: string): GoPointer {
    if (value === undefined || value === null) return goPointer(null, metav1DurationOf(0n));
    return goPointer(this.metav1Duration(value, field), metav1DurationOf(0n));
  }
}

/** `metav1.Duration{Duration: ns}` (apimachinery pkg/apis/meta/v1/duration.go: `type Duration struct { time.Duration }`). */
export function metav1DurationOf(ns: bigint): GoStruct {
  return goStruct('Duration', [{ name: 'Duration', value: goInt64(ns) }]);
}
