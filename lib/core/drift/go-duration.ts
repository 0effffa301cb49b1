//
// Go's time.ParseDuration (src/time/format.go, Go 1.24), step by step: Karpenter hashes a duration as the int64
// nanoseconds it parses to, and a fraction is scaled in float64 (so a long fraction can differ by 1 ns from exact
// arithmetic, as it does in Go).

const UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n], // U+00B5 micro sign
  ['\u03bcs', 1_000n], // U+03BC Greek mu
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const LIMIT = 1n << 63n;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** leadingInt: the leading [0-9]*; undefined on overflow past 1<<63. */
function leadingInt(s: string): { x: bigint; rest: string } | undefined {
  let x = 0n;
  let i = 0;
  for (; i < s.length && isDigit(s[i]); i++) {
    if (x > LIMIT / 10n) return undefined;
    x = x * 10n + BigInt(s.charCodeAt(i) - 48);
    if (x > LIMIT) return undefined;
  }
  return { x, rest: s.slice(i) };
}

/** leadingFraction: the leading [0-9]* after the point; stops accumulating precision on overflow. */
function leadingFraction(s: string): { x: bigint; scale: number; rest: string } {
  let x = 0n;
  let scale = 1;
  let overflow = false;
  let i = 0;
  for (; i < s.length && isDigit(s[i]); i++) {
    if (overflow) continue;
    if (x > (LIMIT - 1n) / 10n) {
      overflow = true;
      continue;
    }
    const y = x * 10n + BigInt(s.charCodeAt(i) - 48);
    if (y > LIMIT) {
      overflow = true;
      continue;
    }
    x = y;
    scale *= 10;
  }
  return { x, scale, rest: s.slice(i) };
}

/** One `[0-9]*(\.[0-9]*)?unit` term: its nanoseconds and the rest of the text, or undefined when invalid. */
function term(s: string): { v: bigint; rest: string } | undefined {
  if (!(s[0] === '.' || isDigit(s[0]))) return undefined;
  const int = leadingInt(s);
  if (int === undefined) return undefined;
  const pre = int.rest.length !== s.length;
  let rest = int.rest;
  let f = 0n;
  let scale = 1;
  let post = false;
  if (rest[0] === '.') {
    const frac = leadingFraction(rest.slice(1));
    post = frac.rest.length !== rest.length - 1;
    ({ x: f, scale, rest } = frac);
  }
  if (!pre && !post) return undefined;
  let i = 0;
  while (i < rest.length && rest[i] !== '.' && !isDigit(rest[i])) i++;
  const unit = UNITS.get(rest.slice(0, i));
  if (i === 0 || unit === undefined) return undefined;
  if (int.x > LIMIT / unit) return undefined;
  let v = int.x * unit;
  if (f > 0n) {
    // float64(f) * (float64(unit) / scale), truncated to uint64, as Go does
    v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
    if (v > LIMIT) return undefined;
  }
  return { v, rest: rest.slice(i) };
}

/**
 * `time.ParseDuration(s)`: the duration in nanoseconds as a signed int64, or undefined where Go returns an error.
 * Accepts what Go accepts (`1h30m`, `1.5h`, `-2m`, `0`, `300ms`), not only the CRD's `([0-9]+(s|m|h))+`.
 */
export function parseGoDuration(text: string): bigint | undefined {
  let s = text;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let d = 0n;
  while (s !== '') {
    const t = term(s);
    if (t === undefined) return undefined;
    d += t.v;
    if (d > LIMIT) return undefined;
    s = t.rest;
  }
  if (neg) return -d;
  return d > LIMIT - 1n ? undefined : d;
}
