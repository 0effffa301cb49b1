import { parseGoDuration } from '../../../lib/core/drift/go-duration';

// Go's own table: golang/go src/time/time_test.go parseDurationTests and parseDurationErrorTests
// (commit f7396aaea0297a2e95b502a4075b0aed6efda89f). Karpenter hashes a duration as the int64 this returns.
const S = 1_000_000_000n;
const MS = 1_000_000n;
const US = 1_000n;
const MIN = 60n * S;
const H = 60n * MIN;
const MAX = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

const VALID: readonly (readonly [string, bigint])[] = [
  ['0', 0n],
  ['5s', 5n * S],
  ['30s', 30n * S],
  ['1478s', 1478n * S],
  ['-5s', -5n * S],
  ['+5s', 5n * S],
  ['-0', 0n],
  ['+0', 0n],
  ['5.0s', 5n * S],
  ['5.6s', 5n * S + 600n * MS],
  ['5.s', 5n * S],
  ['.5s', 500n * MS],
  ['1.0s', S],
  ['1.00s', S],
  ['1.004s', S + 4n * MS],
  ['1.0040s', S + 4n * MS],
  ['100.00100s', 100n * S + MS],
  ['10ns', 10n],
  ['11us', 11n * US],
  ['12\u00b5s', 12n * US],
  ['12\u03bcs', 12n * US],
  ['13ms', 13n * MS],
  ['14s', 14n * S],
  ['15m', 15n * MIN],
  ['16h', 16n * H],
  ['3h30m', 3n * H + 30n * MIN],
  ['10.5s4m', 4n * MIN + 10n * S + 500n * MS],
  ['-2m3.4s', -(2n * MIN + 3n * S + 400n * MS)],
  ['1h2m3s4ms5us6ns', H + 2n * MIN + 3n * S + 4n * MS + 5n * US + 6n],
  ['39h9m14.425s', 39n * H + 9n * MIN + 14n * S + 425n * MS],
  ['52763797000ns', 52763797000n],
  ['0.3333333333333333333h', 20n * MIN],
  ['9007199254740993ns', (1n << 53n) + 1n],
  ['9223372036854775807ns', MAX],
  ['9223372036854775.807us', MAX],
  ['9223372036s854ms775us807ns', MAX],
  ['-9223372036854775808ns', MIN_INT64],
  ['-9223372036854775.808us', MIN_INT64],
  ['-9223372036s854ms775us808ns', MIN_INT64],
  ['-2562047h47m16.854775808s', MIN_INT64],
  ['0.100000000000000000000h', 6n * MIN],
  ['0.830103483285477580700h', 49n * MIN + 48n * S + 372539827n],
];

// The byte-string rows ("\x85\x85", "\xffff") are not valid UTF-16 text and have no JSON form, so they are left out.
const INVALID = [
  '',
  '3',
  '-',
  's',
  '.',
  '-.',
  '.s',
  '+.s',
  '1d',
  '\ufffd',
  '\ufffd hello \ufffd world',
  '9223372036854775810ns',
  '9223372036854775808ns',
  '-9223372036854775809ns',
  '9223372036854776us',
  '3000000h',
  '9223372036854775.808us',
  '9223372036854ms775us808ns',
];

describe('parseGoDuration follows time.ParseDuration', () => {
  test.each(VALID)('%s', (text, ns) => {
    expect(parseGoDuration(text)).toBe(ns);
  });

  test.each(INVALID.map((s) => [s]))('%j is refused', (text) => {
    expect(parseGoDuration(text)).toBeUndefined();
  });

  test('every spelling of 720h is the same number of nanoseconds', () => {
    for (const s of ['720h', '720h0m0s', '43200m', '2592000s', '719h60m', '30h690h']) expect(parseGoDuration(s)).toBe(720n * H);
  });
});
