//
// A port of github.com/mitchellh/hashstructure/v2 v2.0.2 (hashstructure.go, cited "hs:<line>"), the hash
// Karpenter writes to `karpenter.sh/nodepool-hash` and `karpenter.k8s.aws/ec2nodeclass-hash`. Go's reflection is
// replaced by a typed description of the Go value (GoValue): the walk reads Go type names, Go field names and
// `hash` tags, which a JSON manifest does not carry, so the callers (nodepool-hash.ts, ec2nodeclass-hash.ts)
// build the GoValue the way Go's JSON decoder would fill the structs.

/** A Go value as hashstructure's reflection walk sees it. */
export type GoValue = GoString | GoInt | GoBool | GoStruct | GoSlice | GoMap | GoPointer | GoInterface | GoTime | GoStringer;

/** A `string` or a named string type (`TaintEffect`): hashed as its bytes (hs:416-420). */
export interface GoString {
  readonly kind: 'string';
  readonly value: string;
}

/**
 * A sized integer: hashed as its little-endian bytes (hs:199-205). Go's `int` and `uint` are widened to 64 bits
 * (hs:185-188); `time.Duration` is an `int64` of nanoseconds.
 */
export interface GoInt {
  readonly kind: 'int';
  readonly bits: 8 | 16 | 32 | 64;
  readonly signed: boolean;
  readonly value: bigint;
}

/** A `bool`: hashed as an `int8` 0 or 1 (hs:189-194). */
export interface GoBool {
  readonly kind: 'bool';
  readonly value: boolean;
}

/** One field of a struct, in Go declaration order. */
export interface GoField {
  /** The Go field name (`ExpireAfter`, not `expireAfter`); an embedded field is named after its type (`Duration`). */
  readonly name: string;
  readonly value: GoValue;
  /** The `hash:"..."` tag (hs:319-358). */
  readonly tag?: 'ignore' | 'set' | 'string';
  /** An unexported field: never hashed, but it counts for the struct's zero check. */
  readonly unexported?: boolean;
}

/** A struct: hashed as its unqualified type name, then each included field (hs:303-384). */
export interface GoStruct {
  readonly kind: 'struct';
  /** `reflect.Type.Name()`: unqualified (`Taint`, `Duration`), empty for an anonymous struct. */
  readonly typeName: string;
  readonly fields: readonly GoField[];
}

/** A slice; `null` elements is a nil slice (zero), `[]` an empty one (not zero). */
export interface GoSlice {
  readonly kind: 'slice';
  readonly elems: readonly GoValue[] | null;
}

/** A map; `null` entries is a nil map (zero), `[]` an empty one (not zero). */
export interface GoMap {
  readonly kind: 'map';
  readonly entries: readonly (readonly [GoValue, GoValue])[] | null;
}

/** A pointer; `elem: null` is nil, which ZeroNil hashes as `zero` (hs:166-180). */
export interface GoPointer {
  readonly kind: 'pointer';
  readonly elem: GoValue | null;
  /** The zero value of the pointed-to type, hashed for a nil pointer under ZeroNil. */
  readonly zero: GoValue;
}

/** An interface value (an element of `[]any`); `elem: null` is a nil interface. */
export interface GoInterface {
  readonly kind: 'interface';
  readonly elem: GoValue | null;
}

/**
 * A `time.Time`: hashed as the bytes of `MarshalBinary()` (hs:207-217). `offsetMinutes` is the zone offset
 * (`undefined` for the UTC location, which MarshalBinary writes as -1).
 */
export interface GoTime {
  readonly kind: 'time';
  /** Seconds since the Unix epoch. */
  readonly unixSeconds: bigint;
  readonly nanos: number;
  readonly offsetMinutes?: number;
}

/**
 * A value that is only ever hashed through its `String()` method (a field tagged `hash:"string"`, hs:331-342),
 * such as `*resource.Quantity`: the walk never looks inside it.
 */
export interface GoStringer {
  readonly kind: 'stringer';
  readonly typeName: string;
  /** What `String()` returns. */
  readonly string: string;
  /** Whether `reflect.Value.IsZero()` holds for it. */
  readonly zero: boolean;
}

/** The `HashOptions` Karpenter passes (nodepool.go:336-342, ec2nodeclass.go:597-610): all three are true there. */
export interface HashOptions {
  readonly slicesAsSets: boolean;
  readonly ignoreZeroValue: boolean;
  readonly zeroNil: boolean;
}

/** Karpenter's options: `SlicesAsSets`, `IgnoreZeroValue`, `ZeroNil`. */
export const KARPENTER_HASH_OPTIONS: HashOptions = { slicesAsSets: true, ignoreZeroValue: true, zeroNil: true };

// FNV-1 64 (multiply, then XOR: `fnv.New64`, not New64a), reset before every use (hs:108-110, 202-204, 418-420). The
// state is kept as two 32-bit halves: the prime is 2^40 + 0x1b3, so a multiply is the low half shifted into the high
// half plus two small products, exact in doubles.
let hashHi = 0;
let hashLo = 0;

function reset(): void {
  hashHi = 0xcbf29ce4;
  hashLo = 0x84222325;
}

function writeByte(b: number): void {
  const t = hashLo * 0x1b3;
  hashHi = (hashHi * 0x1b3 + hashLo * 256 + Math.floor(t / 0x100000000)) >>> 0;
  hashLo = ((t >>> 0) ^ b) >>> 0;
}

/** binary.Write(h, binary.LittleEndian, x) of a sized integer of `bytes` bytes. */
function writeLittleEndian(x: bigint, bytes: number): void {
  const v = BigInt.asUintN(64, x);
  let lo = Number(v & 0xffffffffn);
  let hi = Number(v >> 32n);
  for (let i = 0; i < bytes; i++) {
    if (i < 4) {
      writeByte(lo & 0xff);
      lo >>>= 8;
    } else {
      writeByte(hi & 0xff);
      hi >>>= 8;
    }
  }
}

function sum64(): bigint {
  return (BigInt(hashHi) << 32n) | BigInt(hashLo);
}

/** FNV-1 64 of bytes, from a reset hasher. */
export function fnv1_64(bytes: Uint8Array): bigint {
  reset();
  for (const b of bytes) writeByte(b);
  return sum64();
}

/** A sized integer's little-endian bytes, hashed from a reset hasher (hs:199-205). */
function hashInt(x: bigint, bytes: number): bigint {
  reset();
  writeLittleEndian(x, bytes);
  return sum64();
}

const utf8 = new TextEncoder();

/** `hashUpdateOrdered` (hs:428-444): FNV-1 of `le64(a) || le64(b)`. */
function ordered(a: bigint, b: bigint): bigint {
  reset();
  writeLittleEndian(a, 8);
  writeLittleEndian(b, 8);
  return sum64();
}

/** `hashFinishUnordered` (hs:464-474): FNV-1 of `le64(a)`. */
function finish(a: bigint): bigint {
  return hashInt(a, 8);
}

function hashString(s: string): bigint {
  return fnv1_64(utf8.encode(s));
}

/** `reflect.Value.IsZero()` for the modelled kinds (hs:325-329). */
export function isZero(v: GoValue): boolean {
  switch (v.kind) {
    case 'string':
      return v.value === '';
    case 'int':
      return v.value === 0n;
    case 'bool':
      return !v.value;
    case 'struct':
      return v.fields.every((f) => isZero(f.value));
    case 'slice':
      return v.elems === null;
    case 'map':
      return v.entries === null;
    case 'pointer':
    case 'interface':
      return v.elem === null;
    case 'time':
      // A parsed time has a location (or a non-zero instant); only Go's zero Time is zero.
      return false;
    case 'stringer':
      return v.zero;
  }
}

/** `Time.MarshalBinary()` (Go time/time.go): version 1, seconds since year 1, nanoseconds, zone offset in minutes. */
function timeBinary(t: GoTime): Uint8Array {
  const UNIX_TO_INTERNAL = 62135596800n;
  const out = new Uint8Array(15);
  out[0] = 1;
  const sec = BigInt.asUintN(64, t.unixSeconds + UNIX_TO_INTERNAL);
  for (let i = 0; i < 8; i++) out[1 + i] = Number((sec >> BigInt(56 - 8 * i)) & 0xffn);
  for (let i = 0; i < 4; i++) out[9 + i] = (t.nanos >>> (24 - 8 * i)) & 0xff;
  const offset = t.offsetMinutes === undefined ? -1 : t.offsetMinutes;
  out[13] = (offset >> 8) & 0xff;
  out[14] = offset & 0xff;
  return out;
}

/** Thrown for a GoValue the walk cannot hash (a `hash:"string"` field without a String(), ErrNotStringer hs:335-341). */
export class HashStructureError extends Error {}

const NIL_NO_TYPE: GoInt = { kind: 'int', bits: 64, signed: true, value: 0n };

class Walker {
  public constructor(private readonly opts: HashOptions) {}

  public visit(value: GoValue | null, set: boolean): bigint {
    // Pointers and interfaces are dereferenced; a nil one is the zero of the pointed type under ZeroNil, else int 0
    // (hs:153-180).
    let v: GoValue | null = value;
    let zero: GoValue = NIL_NO_TYPE;
    while (v !== null && (v.kind === 'pointer' || v.kind === 'interface')) {
      if (v.kind === 'pointer' && this.opts.zeroNil) zero = v.zero;
      v = v.elem;
    }
    const w = v ?? zero;
    switch (w.kind) {
      case 'int':
        return hashInt(w.value, w.bits / 8);
      case 'bool':
        return hashInt(w.value ? 1n : 0n, 1);
      case 'time':
        return fnv1_64(timeBinary(w));
      case 'string':
        return hashString(w.value);
      case 'map':
        return this.map(w);
      case 'struct':
        return this.struct(w);
      case 'slice':
        return this.slice(w, set);
      case 'stringer':
        throw new HashStructureError(`a ${w.typeName} is hashed only through a hash:"string" field`);
      default:
        throw new HashStructureError(`unreachable kind ${(w as GoValue).kind}`);
    }
  }

  /** hs:234-276: the XOR of ordered(key, value) over the entries, then finished (FormatV2). */
  private map(m: GoMap): bigint {
    let h = 0n;
    for (const [k, v] of m.entries ?? []) h ^= ordered(this.visit(k, false), this.visit(v, false));
    return finish(h);
  }

  /** hs:303-384: the type name, then per included field XOR ordered(name, value) and finish, inside the loop. */
  private struct(s: GoStruct): bigint {
    let h = hashString(s.typeName);
    for (const field of s.fields) {
      if (field.unexported || field.tag === 'ignore') continue;
      if (this.opts.ignoreZeroValue && isZero(field.value)) continue;
      let inner: GoValue = field.value;
      if (field.tag === 'string') {
        const str = stringOf(inner);
        if (str === undefined) throw new HashStructureError(`field ${field.name} is tagged hash:"string" but is not a Stringer`);
        inner = { kind: 'string', value: str };
      }
      h = finish(h ^ ordered(hashString(field.name), this.visit(inner, field.tag === 'set')));
    }
    return h;
  }

  /** hs:386-414: as a set (SlicesAsSets or the `set` tag) a plain XOR, finished only for the tag; else ordered. */
  private slice(s: GoSlice, setTag: boolean): bigint {
    let h = 0n;
    for (const e of s.elems ?? []) {
      const current = this.visit(e, false);
      h = setTag || this.opts.slicesAsSets ? h ^ current : ordered(h, current);
    }
    return setTag ? finish(h) : h;
  }
}

/** `String()` of a value that has one: a Stringer, or a non-nil pointer to one. */
function stringOf(v: GoValue): string | undefined {
  if (v.kind === 'stringer') return v.string;
  if (v.kind === 'pointer' && v.elem !== null) return stringOf(v.elem);
  return undefined;
}

/**
 * `hashstructure.Hash(v, FormatV2, opts)` (hs:98-129) as an unsigned 64-bit integer.
 * @throws HashStructureError for a GoValue that Go would refuse (a `hash:"string"` field that is not a Stringer)
 */
export function hashStructure(value: GoValue, opts: HashOptions = KARPENTER_HASH_OPTIONS): bigint {
  return new Walker(opts).visit(value, false);
}

// Constructors for the GoValues the callers build.

export function goString(value: string): GoString {
  return { kind: 'string', value };
}

export function goInt64(value: bigint): GoInt {
  return { kind: 'int', bits: 64, signed: true, value };
}

export function goBool(value: boolean): GoBool {
  return { kind: 'bool', value };
}

export function goStruct(typeName: string, fields: readonly GoField[]): GoStruct {
  return { kind: 'struct', typeName, fields };
}

export function goSlice(elems: readonly GoValue[] | null): GoSlice {
  return { kind: 'slice', elems };
}

export function goMap(entries: readonly (readonly [GoValue, GoValue])[] | null): GoMap {
  return { kind: 'map', entries };
}

export function goPointer(elem: GoValue | null, zero: GoValue): GoPointer {
  return { kind: 'pointer', elem, zero };
}

export function goInterface(elem: GoValue | null): GoInterface {
  return { kind: 'interface', elem };
}
