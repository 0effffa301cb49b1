import { canonicalQuantity, parseQuantity, quantityString } from '../../../lib/core/drift/quantity-string';

// Cases from kubernetes/apimachinery v0.35.3 pkg/api/resource/quantity_test.go (the version the AWS provider v1.14.1 pins).

/** TestQuantityString (:696-743): [canonical, alternate]: parsing the canonical keeps it, the alternate canonicalizes to it. */
const STRING_TABLE: readonly (readonly [string, string])[] = [
  ['1Gi', '1024Mi'],
  ['300Mi', '307200Ki'],
  ['6Ki', ''],
  ['1001Gi', '1025024Mi'],
  ['1Ti', '1024Gi'],
  ['5', '5000m'],
  ['500m', '0.5'],
  ['1G', '1000M'],
  ['1G', '0.001T'],
  ['1m', '1000u'],
  ['80m', ''],
  ['1080m', '1.08'],
  ['1080m', '1080000000n'],
  ['300M', ''],
  ['1T', ''],
  ['1234567M', ''],
  ['1234567m', ''],
  ['3k', ''],
  ['1025', ''],
  ['0', ''],
  ['1e9', '.001e12'],
  ['1e-3', '0.001e0'],
  ['1e-9', '1000e-12'],
  ['80e-3', ''],
  ['300e6', ''],
  ['1e12', ''],
  ['1e3', ''],
  ['3e3', ''],
  ['0', '00'],
  ['1n', ''],
  ['80n', ''],
  ['1080n', ''],
  ['1u', ''],
  ['80u', ''],
  ['1080u', ''],
];

/** TestQuantityParseEmit (:789-828): what String() prints after ParseQuantity, and the same negated. */
const PARSE_EMIT: readonly (readonly [string, string])[] = [
  ['1Ki', '1Ki'],
  ['1Mi', '1Mi'],
  ['1Gi', '1Gi'],
  ['1024Mi', '1Gi'],
  ['1000M', '1G'],
  ['.001Ki', '1024m'],
  ['.000001Ki', '1024u'],
  ['.000000001Ki', '1024n'],
  ['.000000000001Ki', '2n'],
];

/** TestQuantityParse (:267-410): [input, unscaled, base-10 exponent, format] of the parsed value. */
const PARSE: readonly (readonly [string, bigint, number, string])[] = [
  ['0n', 0n, 0, 'DecimalSI'],
  ['0Ki', 0n, 0, 'BinarySI'],
  ['0G', 0n, 0, 'DecimalSI'],
  ['1', 1n, 0, 'DecimalSI'],
  ['8Ki', 8n * 1024n, 0, 'BinarySI'],
  ['3Ei', 3n * 1024n ** 6n, 0, 'BinarySI'],
  ['50k', 5n, 4, 'DecimalSI'],
  ['300T', 3n, 14, 'DecimalSI'],
  ['1E-3', 1n, -3, 'DecimalExponent'],
  ['1.3E+6', 13n, 5, 'DecimalExponent'],
  ['100.035k', 100035n, 0, 'DecimalSI'],
  ['0.0005k', 5n, -1, 'DecimalSI'],
  ['6.987654321G', 6987654321n, 0, 'DecimalSI'],
  ['1.01E', 101n, 16, 'DecimalSI'],
  ['3.001n', 4n, -9, 'DecimalSI'],
  ['1.1E-9', 2n, -9, 'DecimalExponent'],
  ['0.00000012354', 124n, -9, 'DecimalSI'],
  ['9Ei', (1n << 63n) - 1n, 0, 'BinarySI'],
  ['9223372036854775807Ki', (1n << 63n) - 1n, 0, 'BinarySI'],
  ['12E', 12n, 18, 'DecimalSI'],
  ['100.035Ki', 10243584n, -2, 'BinarySI'],
  ['0.05Gi', 536870912n, -1, 'BinarySI'],
  ['0.000000000001Ki', 2n, -9, 'DecimalSI'],
  ['.0001k', 100n, -3, 'DecimalSI'],
  ['1.', 1n, 0, 'DecimalSI'],
  ['1.G', 1n, 9, 'DecimalSI'],
];

/** The invalid list of TestQuantityParse (:533-545). */
const INVALID = ['', '1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-'];

function sameValue(q: { unscaled: bigint; scale: number }, unscaled: bigint, exponent: number): boolean {
  // q = q.unscaled × 10^-q.scale; expected = unscaled × 10^exponent
  const shift = exponent + q.scale;
  return shift >= 0 ? q.unscaled === unscaled * 10n ** BigInt(shift) : q.unscaled * 10n ** BigInt(-shift) === unscaled;
}

describe('Quantity.String() after ParseQuantity', () => {
  test.each(STRING_TABLE.map(([c, a]) => [c, a]))('%s keeps its text; %j canonicalizes to it', (canonical, alternate) => {
    expect(parseQuantity(canonical)?.cached).toBe(canonical);
    expect(quantityString(canonical)).toBe(canonical);
    if (alternate === '') return;
    expect(parseQuantity(alternate)?.cached).toBeUndefined();
    expect(quantityString(alternate)).toBe(canonical);
  });

  test.each(PARSE_EMIT)('%s prints %s, and negated with a minus', (input, printed) => {
    expect(quantityString(input)).toBe(printed);
    expect(quantityString(`-${input}`)).toBe(`-${printed}`);
  });

  test.each(PARSE)('%s parses to %s×10^%s (%s)', (input, unscaled, exponent, format) => {
    for (const text of [input, `+${input}`]) {
      const q = parseQuantity(text);
      expect(q && sameValue(q, unscaled, exponent)).toBe(true);
      expect(q?.format).toBe(format);
    }
  });

  test.each(INVALID.map((s) => [s]))('%j is refused', (input) => {
    expect(quantityString(input)).toBeUndefined();
  });

  test('UnmarshalJSON trims spaces (TestJSONWhitespace :918-942), ParseQuantity does not', () => {
    expect(quantityString(' 1')).toBe('1');
    expect(quantityString('1 ')).toBe('1');
    expect(quantityString(' -1')).toBe('-1');
  });

  test('the kept text is the input, sign and leading zeros included: Karpenter hashes exactly that', () => {
    expect(quantityString('+100Gi')).toBe('+100Gi');
    expect(quantityString('0100Gi')).toBe('0100Gi');
    expect(quantityString('100Gi')).toBe('100Gi');
    expect(quantityString('102400Mi')).toBe('100Gi');
    expect(quantityString('8Gi')).toBe('8Gi'); // 8 & 7 == 0: not kept, canonicalized to the same text
  });

  test('huge exponents stay cheap: below a nanounit rounds up to 1n, above 10^1000 is refused (a bound Go lacks)', () => {
    expect(quantityString('1e-999999999')).toBe('1e-9');
    expect(quantityString('1111111111111111111e-999999999')).toBe('1e-9');
    expect(quantityString('1.5e999999999')).toBe('1500e999999996');
    expect(quantityString('1111111111111111111e999999')).toBeUndefined();
  });

  test('canonicalQuantity of a parsed zero is 0', () => {
    expect(canonicalQuantity({ unscaled: 0n, scale: 3, format: 'BinarySI' })).toBe('0');
  });
});
