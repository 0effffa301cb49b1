import { carriedIssues } from '../../../lib/core/issues';
import {
  BUDGET_DURATION_PATTERN,
  DURATION_OR_NEVER_PATTERN,
  DURATION_PATTERN,
  KarpenterDuration,
  durationSeconds,
} from '../../../lib/core/model/duration';

describe('KarpenterDuration', () => {
  test('factories render the CRD string form', () => {
    expect(KarpenterDuration.hours(720).toString()).toBe('720h');
    expect(KarpenterDuration.minutes(5).toString()).toBe('5m');
    expect(KarpenterDuration.seconds(30).toString()).toBe('30s');
    expect(KarpenterDuration.days(7).toString()).toBe('168h');
    expect(KarpenterDuration.never().toString()).toBe('Never');
    expect(KarpenterDuration.never().isNever).toBe(true);
  });

  test('parse accepts what the CRD patterns accept', () => {
    expect(KarpenterDuration.parse('1h30m').toSeconds()).toBe(5400);
    expect(KarpenterDuration.parse('Never').toSeconds()).toBe(Infinity);
  });

  // Not thrown: the value carries the problem, reported with the construct path by the construct using it.
  test.each(['30d', '1.5h', '', 'never', '-1h', '1h 30m'])('parse rejects %p', (text) => {
    expect(carriedIssues(KarpenterDuration.parse(text))).toEqual([
      expect.objectContaining({
        field: 'value',
        code: 'InvalidDuration',
        message: expect.stringMatching(/^KarpenterDuration.parse: .*is not a Karpenter duration; use whole numbers with s, m or h/),
      }),
    ]);
  });

  test.each([[-1], [1.5], [NaN]])('factories reject %p', (n) => {
    expect(carriedIssues({ expireAfter: KarpenterDuration.hours(n) })).toEqual([
      expect.objectContaining({
        field: 'expireAfter',
        code: 'InvalidDuration',
        message: expect.stringMatching(/^KarpenterDuration.hours: must be a non-negative whole number/),
      }),
    ]);
  });

  test('per-field patterns differ as in the CRD', () => {
    expect(DURATION_OR_NEVER_PATTERN.test('Never')).toBe(true);
    expect(DURATION_PATTERN.test('Never')).toBe(false);
    expect(BUDGET_DURATION_PATTERN.test('1h30m')).toBe(true);
    expect(BUDGET_DURATION_PATTERN.test('1h30m0s')).toBe(true);
    expect(BUDGET_DURATION_PATTERN.test('30s')).toBe(false);
  });

  test('durationSeconds sums the parts', () => {
    expect(durationSeconds('1h1m1s')).toBe(3661);
    expect(durationSeconds('Never')).toBeUndefined();
  });
});
