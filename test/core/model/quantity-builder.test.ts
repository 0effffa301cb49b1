import { carriedIssues, formatIssues } from '../../../lib/core/issues';
import { Quantity } from '../../../lib/core/model/quantity-builder';
import { QUANTITY_PATTERN, quantityToNumber } from '../../../lib/core/shared/quantity';

describe('Quantity', () => {
  test('factories render Kubernetes quantities', () => {
    expect(Quantity.cpu(100).toString()).toBe('100');
    expect(Quantity.cpu(0.5).toString()).toBe('0.5');
    expect(Quantity.millicpu(250).toString()).toBe('250m');
    expect(Quantity.gibibytes(1000).toString()).toBe('1000Gi');
    expect(Quantity.mebibytes(512).toString()).toBe('512Mi');
    expect(Quantity.tebibytes(2).toString()).toBe('2Ti');
    expect(Quantity.count(8).toString()).toBe('8');
  });

  test('parse and toNumber', () => {
    expect(Quantity.parse('32Gi').toNumber()).toBe(32 * 2 ** 30);
    expect(quantityToNumber('1500m')).toBe(1.5);
    expect(quantityToNumber('1e3')).toBe(1000);
    expect(quantityToNumber('2k')).toBe(2000);
    expect(quantityToNumber(7)).toBe(7);
    expect(quantityToNumber('lots')).toBeUndefined();
  });

  test.each(['32 Gi', '32GB', 'Gi', '1.2.3'])('parse rejects %p', (text) => {
    expect(carriedIssues(Quantity.parse(text))).toEqual([
      expect.objectContaining({ code: 'InvalidQuantity', message: expect.stringMatching(/^Quantity.parse: .*is not a Kubernetes quantity/) }),
    ]);
    expect(QUANTITY_PATTERN.test(text)).toBe(false);
  });

  test('factories reject negative and fractional counts', () => {
    const limits = { memory: Quantity.gibibytes(-1), pods: Quantity.count(1.5), cpu: Quantity.cpu(Infinity), ok: Quantity.cpu(1) };
    expect(formatIssues('p', carriedIssues({ limits }))).toBe(
      [
        '[p] limits.memory: Quantity.gibibytes: must be a non-negative whole number, got -1; use a smaller unit for fractions (InvalidQuantity)',
        '[p] limits.pods: Quantity.count: must be a non-negative whole number, got 1.5; use a smaller unit for fractions (InvalidQuantity)',
        '[p] limits.cpu: Quantity.cpu: must be a finite, non-negative number, got Infinity (InvalidQuantity)',
      ].join('\n'),
    );
  });
});
