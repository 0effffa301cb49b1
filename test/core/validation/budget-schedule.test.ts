import { Severity } from '../../../lib/core/issues';
import { BUDGET_SCHEDULE_PATTERN, cronProblem } from '../../../lib/core/validation/budget-schedule';
import { KARPENTER_RUNTIME_CHECK_CODES } from '../../../lib/core/validation/validate';
import { validateNodePool } from '../../../lib/core/validation/validate-nodepool';
import { nodePool, patched } from '../api/fixtures';

const withBudgets = (...budgets: object[]) => patched(nodePool(), ['spec.disruption', { consolidateAfter: '0s', budgets }]);
const lines = (m: unknown) => validateNodePool(m).map((i) => `${i.severity} ${i.field}: ${i.message} (${i.code})`);

describe('budget schedules', () => {
  test('a schedule the CRD pattern accepts but cron cannot parse is an error: Karpenter blocks every disruption the budget covers', () => {
    const m = withBudgets(
      { nodes: '0', schedule: '0 25 * * *', duration: '1h' },
      { nodes: '0', schedule: '@dailyish', duration: '1h' },
      { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' },
    );
    expect(BUDGET_SCHEDULE_PATTERN.test('0 25 * * *')).toBe(true);
    expect(BUDGET_SCHEDULE_PATTERN.test('@dailyish')).toBe(true);
    expect(lines(m)).toEqual([
      expect.stringMatching(
        /^error spec.disruption.budgets\[0\].schedule: "0 25 \* \* \*" is not a valid cron schedule: hour value "25" is outside 0-23\. The API server accepts it .*fails closed: the budget allows 0 disruptions at all times.*\(BudgetScheduleInvalid\)$/,
      ),
      expect.stringMatching(/^error spec.disruption.budgets\[1\].schedule: .*unknown macro "@dailyish".*\(BudgetScheduleInvalid\)$/),
    ]);
    expect(KARPENTER_RUNTIME_CHECK_CODES).toContain('BudgetScheduleInvalid');
  });

  test('cannot be silenced: errors are not lint warnings, and silencing one says so', () => {
    const issues = validateNodePool(withBudgets({ nodes: '0', schedule: '0 0 * * 7', duration: '1h' }), { silence: ['BudgetScheduleInvalid'] });
    expect(issues.map((i) => [i.severity, i.code])).toEqual([
      [Severity.WARNING, 'UnknownSilenceCode'],
      [Severity.ERROR, 'BudgetScheduleInvalid'],
    ]);
  });

  test('a schedule the CRD pattern rejects is reported once, by the pattern', () => {
    expect(validateNodePool(withBudgets({ nodes: '0', schedule: '0 9 * *', duration: '1h' })).map((i) => i.code)).toEqual(['InvalidBudgetSchedule']);
  });

  test('valid schedules and macros pass', () => {
    const m = withBudgets({ nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' }, { nodes: '1', schedule: '@daily', duration: '1h' });
    expect(validateNodePool(m)).toEqual([]);
  });
});

test.each([
  ['*/15 * * * *', undefined],
  ['0 0 1 jan,jul *', undefined],
  ['30 8 * * 1-5', undefined],
  ['@weekly', undefined],
  ['0 0 32 * *', /day of month value "32"/],
  ['0 0 * 13 *', /month value "13"/],
  ['0 0 * * 7', /day of week value "7"/],
  ['* * * *', /expected 5 fields, got 4/],
  ['0 0 * * sun/0', /step must be positive/],
  ['0 0 * * fun', /day of week value "fun"/],
  ['0 22-6 * * *', /hour range "22-6" starts after it ends/],
  ['0 0 * * fri-mon', /day of week range "fri-mon" starts after it ends/],
  ['0 0 * * mon-fri', undefined],
  // What robfig/cron reads and a stricter reading rejected: a sign (strconv.Atoi), `*-5` (the star takes the whole
  // range), empty list items (strings.FieldsFunc drops them; a field of only commas never fires), Go's spaces.
  ['+5 * * * *', undefined],
  ['0 *-5 * * *', undefined],
  ['0 1,,2 * * *', undefined],
  ['0 0 , * *', undefined],
  ['0\u00859 * * *', undefined],
  ['0\ufeff9 * * *', /expected 5 fields, got 4/],
])('cronProblem(%s)', (schedule, problem) => {
  if (problem) expect(cronProblem(schedule)).toMatch(problem);
  else expect(cronProblem(schedule)).toBeUndefined();
});
