import { DURATION_BUILDER, KarpenterDuration } from '../../lib/core/model/duration';
import { QUANTITY_BUILDER } from '../../lib/core/model/quantity-builder';
import { builderList, builderMap, builderValue } from '../../lib/core/builder-value';
import { show } from '../../lib/core/json';
import { ValidationIssue } from '../../lib/core/issues';

describe('builderValue', () => {
  test('keeps a builder value, parses an accepted string, reports anything else', () => {
    const issues: ValidationIssue[] = [];
    const d = KarpenterDuration.minutes(5);
    expect(builderValue(DURATION_BUILDER, d, 'expireAfter', issues)).toBe(d);
    expect(builderValue(DURATION_BUILDER, '30m', 'expireAfter', issues)?.toSeconds()).toBe(1800);
    expect(builderValue(DURATION_BUILDER, undefined, 'expireAfter', issues)).toBeUndefined();
    expect(builderValue(DURATION_BUILDER, 30, 'expireAfter', issues)).toBeUndefined();
    expect(builderValue(DURATION_BUILDER, null, 'expireAfter', issues)).toBeUndefined();
    expect(issues.map((i) => `${i.field}: ${i.message} (${i.code})`)).toEqual([
      'expireAfter: expects a KarpenterDuration, got number 30; use KarpenterDuration.minutes(30), or a string in its CRD form (WrongBuilderType)',
      'expireAfter: expects a KarpenterDuration, got null; use KarpenterDuration.minutes(30), or a string in its CRD form (WrongBuilderType)',
    ]);
  });

  test('a malformed string is parsed and its problem reported at the prop', () => {
    const issues: ValidationIssue[] = [];
    builderValue(DURATION_BUILDER, 'soon', 'expireAfter', issues);
    expect(issues.map((i) => [i.field, i.code])).toEqual([['expireAfter', 'InvalidDuration']]);
  });

  test('accepts an instance of the same class from another copy of the library (same class name)', () => {
    class KarpenterDurationCopy {}
    Object.defineProperty(KarpenterDurationCopy, 'name', { value: 'KarpenterDuration' });
    const issues: ValidationIssue[] = [];
    const copy = new KarpenterDurationCopy();
    expect(builderValue(DURATION_BUILDER, copy, 'x', issues)).toBe(copy);
    expect(issues).toEqual([]);
  });

  test('lists and maps: each item checked at its path; a non-list or non-map is one error', () => {
    const issues: ValidationIssue[] = [];
    expect(builderList(QUANTITY_BUILDER, ['1', 2], 'l', issues)?.map(String)).toEqual(['1']);
    expect(builderList(QUANTITY_BUILDER, 'x', 'l', issues)).toBeUndefined();
    expect(builderMap(QUANTITY_BUILDER, { cpu: '1', 'nvidia.com/gpu': 8 }, 'm', issues)).toEqual({ cpu: expect.anything() });
    expect(builderMap(QUANTITY_BUILDER, [], 'm', issues)).toBeUndefined();
    expect(issues.map((i) => i.field)).toEqual(['l[1]', 'l', 'm["nvidia.com/gpu"]', 'm']);
  });

  test("show(value, 'typed') names what was given", () => {
    expect([show('1.29', 'typed'), show(3, 'typed'), show({ a: 1 }, 'typed'), show(KarpenterDuration.hours(1), 'typed'), show([], 'typed')]).toEqual([
      'string "1.29"',
      'number 3',
      'a plain object {"a":1}',
      'a KarpenterDuration',
      'a list',
    ]);
  });
});
