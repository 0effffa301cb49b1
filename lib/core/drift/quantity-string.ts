//
// `(*resource.Quantity).String()` after `UnmarshalJSON`, ported step by step from kubernetes/apimachinery v0.35.3
// (the version aws/karpenter-provider-aws v1.14.1 pins) pkg/api/resource: quantity.go ParseQuantity (:278-392),
// CanonicalizeBytes (:425-462), String (:680-691), UnmarshalJSON (:733-752); amount.go AsCanonicalBytes and
// AsCanonicalBase1024Bytes (:257-337); suffix.go. Karpenter hashes an EC2NodeClass's `volumeSize` through it
// (`hash:"string"`), so `100Gi` and `102400Mi` hash alike. Note the cache: ParseQuantity keeps the input text as
// the String() of an int64 value already in canonical form (quantity.go:332-342), sign and leading zeros included.

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
/** quantity.go maxInt64Factors: the decimal digits an int64 always holds. */
const MAX_INT64_FACTORS = 18;
const NANO = -9;
/**
 * A bound Go does not have: a value above 10^1000 is refused rather than expanded digit by digit (inf.Dec would
 * allocate them all). No CRD pattern accepts such a quantity, so no hash Karpenter writes depends on it.
 */
const MAX_DECIMAL_EXPONENT = 1000;

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);

interface Split {
  readonly positive: boolean;
  /** The sign, digits and fraction, without the suffix. */
  readonly value: string;
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** parseQuantityString (quantity.go:161-275); undefined for ErrFormatWrong. */
function split(str: string): Split | undefined {
  let pos = 0;
  const end = str.length;
  let positive = true;
  if (str[0] === '-' || str[0] === '+') {
    positive = str[0] !== '-';
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  const num = str.slice(pos, i) === '' ? '0' : str.slice(pos, i);
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    let j = pos;
    while (j < end && isDigit(str[j])) j++;
    denom = str.slice(pos, j);
    if (j >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = j;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  return pos >= end ? { positive, value, num, denom, suffix: str.slice(suffixStart) } : undefined;
}

/** suffixer.interpret (suffix.go): base, exponent and format of a suffix. */
function interpret(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | undefined {
  const dec = DECIMAL_SUFFIXES.get(suffix);
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES.get(suffix);
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    // strconv.ParseInt(s, 10, 64): an optional sign, then digits
    if (!/^[+-]?[0-9]+$/.test(suffix.slice(1))) return undefined;
    const e = BigInt(suffix.slice(1));
    if (e > MAX_INT64 || e < MIN_INT64) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, e)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** A parsed quantity: `unscaled × 10^-scale`, its format, and the string ParseQuantity keeps as its String(). */
export interface ParsedQuantity {
  readonly unscaled: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;
  readonly cached?: string;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** The int64 fast path of ParseQuantity (quantity.go:296-346); undefined when it falls through to inf.Dec (:348). */
function fastPath(str: string, s: Split, exponent: number, format: QuantityFormat): ParsedQuantity | 'ErrNumeric' | undefined {
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (!(exponent >= 0 && s.denom.length === 0)) return undefined;
    mantissa = 1n << BigInt(exponent);
    // int32(float32(exponent)*3/10): exponent is a small multiple of 10 here, so exact
    precision = 15 - s.num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (s.num.length + s.denom.length);
  }
  if (precision < 0) return undefined;
  scale -= s.denom.length;
  if (scale < NANO) return undefined;
  const shifted = s.num + s.denom;
  const value = BigInt(shifted);
  if (value > MAX_INT64) return 'ErrNumeric'; // strconv.ParseInt fails (quantity.go:324-327)
  const product = value * mantissa;
  if (product > MAX_INT64) return undefined; // int64Multiply overflows: fall through
  const result = s.positive ? product : -product;
  const canonical =
    format === 'BinarySI' ? exponent % 10 === 0 && (value & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
  return { unscaled: result, scale: -scale, format, cached: canonical ? str : undefined };
}

/** ParseQuantity (quantity.go:278-392); undefined where Go returns an error. */
export function parseQuantity(str: string): ParsedQuantity | undefined {
  if (str.length === 0) return undefined;
  if (str === '0') return { unscaled: 0n, scale: 0, format: 'DecimalSI', cached: str };
  const s = split(str);
  if (s === undefined) return undefined;
  const suffix = interpret(s.suffix);
  if (suffix === undefined) return undefined;
  const { base, exponent } = suffix;
  let format = suffix.format;
  const fast = fastPath(str, s, exponent, format);
  if (fast === 'ErrNumeric') return undefined;
  if (fast !== undefined) return fast;
  // inf.Dec: SetString(value), then the suffix folded in.
  const digits = `${s.num}${s.denom}`;
  let unscaled = BigInt(digits);
  let scale = s.denom.length;
  if (base === 10) scale -= exponent;
  else unscaled *= 1n << BigInt(exponent);
  // Round non-zero values up to the nanounit (RoundUp: away from zero; the sign is applied after).
  if (unscaled !== 0n) {
    if (scale - 9 >= digits.length)
      unscaled = 1n; // below one nanounit: rounds up to it
    else if (scale > 9) {
      const d = pow10(scale - 9);
      unscaled = (unscaled + d - 1n) / d;
    } else if (9 - scale > MAX_DECIMAL_EXPONENT) return undefined;
    else unscaled *= pow10(9 - scale);
    scale = 9;
  }
  if (format === 'BinarySI' && unscaled > MAX_INT64 * pow10(scale)) unscaled = MAX_INT64 * pow10(scale);
  if (format === 'BinarySI' && unscaled > 0n && unscaled < pow10(scale)) format = 'DecimalSI';
  return { unscaled: s.positive ? unscaled : -unscaled, scale, format };
}

/** removeInt64Factors / removeBigIntFactors (math.go:262-310). */
function removeFactors(value: bigint, base: bigint): { result: bigint; times: number } {
  let result = value;
  let times = 0;
  while (result !== 0n && result % base === 0n) {
    result /= base;
    times++;
  }
  return { result, times };
}

/** Rounds away from zero to an integer (AsScale(0)), and whether that was exact. */
function asScale0(q: ParsedQuantity): { value: bigint; exact: boolean } {
  if (q.scale <= 0) return { value: q.unscaled * pow10(-q.scale), exact: true };
  const d = pow10(q.scale);
  const quotient = q.unscaled / d;
  if (q.unscaled % d === 0n) return { value: quotient, exact: true };
  return { value: q.unscaled > 0n ? quotient + 1n : quotient - 1n, exact: false };
}

function decimalSuffix(exponent: number, format: QuantityFormat): string {
  if (format === 'DecimalExponent') return exponent === 0 ? '' : `e${exponent}`;
  for (const [suffix, e] of DECIMAL_SUFFIXES) if (e === exponent) return suffix;
  return ''; // constructBytes finds no suffix: Go prints none
}

/** CanonicalizeBytes (quantity.go:425-462): the canonical text of a parsed quantity. */
export function canonicalQuantity(q: ParsedQuantity): string {
  if (q.unscaled === 0n) return '0';
  let format = q.format;
  let rounded = 0n;
  if (format === 'BinarySI') {
    const limit = 1024n * pow10(q.scale > 0 ? q.scale : 0);
    const scaled = q.scale >= 0 ? q.unscaled : q.unscaled * pow10(-q.scale);
    const r = asScale0(q);
    if (scaled > -limit && scaled < limit) format = 'DecimalSI';
    else if (!r.exact) format = 'DecimalSI';
    else rounded = r.value;
  }
  if (format !== 'BinarySI') {
    const { result, times } = removeFactors(q.unscaled, 10n);
    let amount = result;
    let exponent = -q.scale + times;
    while (exponent % 3 !== 0) {
      amount *= 10n;
      exponent--;
    }
    return `${amount}${decimalSuffix(exponent, format)}`;
  }
  const { result, times } = removeFactors(rounded, 1024n);
  let suffix = '';
  for (const [s, e] of BINARY_SUFFIXES) if (e === times * 10) suffix = s;
  return `${result}${suffix}`;
}

const GO_SPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/**
 * What `String()` returns for a `*resource.Quantity` decoded from this JSON string (UnmarshalJSON trims spaces,
 * ParseQuantity, then the cached or canonical text), or undefined where Go's decoder fails.
 */
export function quantityString(text: string): string | undefined {
  const q = parseQuantity(text.replace(GO_SPACE, ''));
  if (q === undefined) return undefined;
  return q.cached ?? canonicalQuantity(q);
}
