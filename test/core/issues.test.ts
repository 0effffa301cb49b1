import { Disruption } from '../../lib/core/api/node-pool-definition';
import { KarpenterDuration } from '../../lib/core/model/duration';
import {
  failValidation,
  formatIssues,
  IssueCollector,
  KarpenterValidationError,
  carriedIssues,
  Severity,
  throwOnErrors,
  ValidationIssue,
  withCarriedIssues,
} from '../../lib/core/issues';

describe('IssueCollector', () => {
  test('should keep errors and warnings, and drop silenced warnings only', () => {
    const c = new IssueCollector({ silence: ['Quiet', 'AlsoAnError'] });
    c.error('spec.a', 'AlsoAnError', 'bad');
    c.warn('spec.b', 'Quiet', 'hush');
    c.warn('spec.c', 'Loud', 'look');
    expect(c.issues.map((i) => [i.severity, i.field, i.code])).toEqual([
      [Severity.ERROR, 'spec.a', 'AlsoAnError'],
      [Severity.WARNING, 'spec.c', 'Loud'],
    ]);
  });

  test('should apply the silence list to warnings it adds from elsewhere', () => {
    const c = new IssueCollector({ silence: ['Quiet'] });
    c.add([
      { severity: Severity.WARNING, field: 'x', code: 'Quiet', message: 'm' },
      { severity: Severity.ERROR, field: 'y', code: 'Quiet', message: 'm' },
    ]);
    expect(c.issues.map((i) => i.field)).toEqual(['y']);
  });

  test("verdict: whether a check reported an error; a warning, or an earlier error, is not the check's", () => {
    const c = new IssueCollector();
    c.error('before', 'Earlier', 'e');
    expect(c.verdict(() => c.warn('w', 'JustAWarning', 'w'))).toBe(true);
    expect(c.verdict(() => c.error('x', 'Bad', 'b'))).toBe(false);
    expect(c.verdict(() => undefined)).toBe(true);
    expect(c.issues.map((i) => i.code)).toEqual(['Earlier', 'JustAWarning', 'Bad']);
  });

  test('should treat nothing as a token unless told how', () => {
    expect(new IssueCollector().isUnresolved('${TfToken[TOKEN.1]}')).toBe(false);
    expect(new IssueCollector({ isUnresolved: (v) => v === 't' }).isUnresolved('t')).toBe(true);
  });
});

test('throwOnErrors should throw every error with where and field, and ignore warnings', () => {
  const issues = [
    { severity: Severity.ERROR, field: 'spec.weight', code: 'OutOfRange', message: 'must be between 1 and 100, got 0' },
    { severity: Severity.WARNING, field: 'spec.limits', code: 'NodePoolWithoutLimits', message: 'no limits' },
    { severity: Severity.ERROR, field: 'metadata.name', code: 'RequiredField', message: 'is required' },
  ];
  expect(() => throwOnErrors('stack/Pool', issues.slice(1, 2))).not.toThrow();
  expect(() => throwOnErrors('stack/Pool', issues)).toThrow(
    '2 validation errors:\n[stack/Pool] spec.weight: must be between 1 and 100, got 0 (OutOfRange)\n' +
      '[stack/Pool] metadata.name: is required (RequiredField)',
  );
  expect(formatIssues('w', issues.slice(0, 1))).toBe('[w] spec.weight: must be between 1 and 100, got 0 (OutOfRange)');
});

test('failValidation should throw a KarpenterValidationError with one error', () => {
  let caught: unknown;
  try {
    failValidation('Quantity.cpu', 'value', 'InvalidQuantity', 'must be non-negative, got -1');
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(KarpenterValidationError);
  expect((caught as KarpenterValidationError).issues).toEqual([
    { severity: Severity.ERROR, field: 'value', code: 'InvalidQuantity', message: 'must be non-negative, got -1' },
  ]);
  expect((caught as Error).message).toBe('1 validation error:\n[Quantity.cpu] value: must be non-negative, got -1 (InvalidQuantity)');
});

describe('withCarriedIssues', () => {
  const carriedHours = () => ({ expireAfter: KarpenterDuration.hours(-1) });
  const rendered = (field: string): ValidationIssue => ({ severity: Severity.ERROR, field, code: 'InvalidDuration', message: 'pattern' });

  test('drops the rendered issue a carried one explains: same code, same place', () => {
    const all = withCarriedIssues(carriedHours(), [rendered('spec.template.spec.expireAfter')]);
    expect(all.map((i) => [i.field, i.message.split(':')[0]])).toEqual([['expireAfter', 'KarpenterDuration.hours']]);
  });

  test('keeps an issue with the same code elsewhere (every problem at once)', () => {
    const all = withCarriedIssues(carriedHours(), [rendered('spec.template.spec.expireAfter'), rendered('spec.disruption.budgets[0].duration')]);
    expect(all.map((i) => i.field)).toEqual(['expireAfter', 'spec.disruption.budgets[0].duration']);
  });
});

describe('carriedIssues', () => {
  test('names where each issue is carried: keys with dots, indexes in brackets, no field for a builder object', () => {
    const d = () => KarpenterDuration.hours(-1);
    const input = { a: [{ b: d() }, d()], c: { '[x': d(), 'y.z': [[d()]] }, e: Disruption.whenEmpty({ consolidateAfter: d() }) };
    expect(carriedIssues(input, 'root').map((i) => i.field)).toEqual([
      'root.a[0].b',
      'root.a[1]',
      'root.c.[x',
      'root.c.y.z[0][0]',
      'root.e.consolidateAfter',
    ]);
    expect(carriedIssues([d(), { k: d() }]).map((i) => i.field)).toEqual(['[0]', '[1].k']);
  });
});
