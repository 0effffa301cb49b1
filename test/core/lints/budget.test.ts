import { checkCostBudget, COST_CEILING_OVER_BUDGET } from '../../../lib/core/lints/budget';
import { readPoolLimits } from '../../../lib/core/sim/pool-limits';
import { costCeiling, PricedInstanceType } from '../../../lib/core/sim/pricing';
import { Severity } from '../../../lib/core/issues';

const GiB = 2 ** 30;
const type = (name: string, vcpu: number, gib: number): PricedInstanceType => ({ name, capacity: { cpu: vcpu * 1000, memory: gib * GiB } });
// $0.096, $0.085, $0.126 per hour; 2 vCPU each, so r5.large is dearest per vCPU at $0.063
const general = [type('m5.large', 2, 8), type('c5.large', 2, 4), type('r5.large', 2, 16)];
const cpu1000 = costCeiling(general, readPoolLimits({ cpu: '1000' })); // 1000 × 0.063 = $63/h

test('a ceiling within budget is fine', () => {
  expect(checkCostBudget(cpu1000, 63)).toEqual([]);
  expect(checkCostBudget(cpu1000, undefined)).toEqual([]);
});

test('a ceiling over budget is a warning on the binding limit, with the arithmetic and the fix', () => {
  expect(checkCostBudget(cpu1000, 50)).toEqual([
    {
      severity: Severity.WARNING,
      code: COST_CEILING_OVER_BUDGET,
      field: 'spec.limits.cpu',
      // 50 / 0.063 = 793.65 → at most 793 vCPU
      message:
        'lets this NodePool cost up to $63.00/h ($45,990.00/month: 1000 vCPU × $0.0630 per vCPU-hour of r5.large), over maxHourlyCost ' +
        '$50.00/h; lower limits.cpu to at most 793 (vCPU), or raise maxHourlyCost (on-demand, us-east-1, prices of 2026-07-06)',
    },
  ]);
});

test("catalogChecks 'error' makes it an error, 'off' drops it (not a bad budget); silence drops it", () => {
  expect(checkCostBudget(cpu1000, 50, { catalogChecks: 'error' }).map((i) => i.severity)).toEqual([Severity.ERROR]);
  expect(checkCostBudget(cpu1000, 50, { catalogChecks: 'error', silence: [COST_CEILING_OVER_BUDGET] })).toEqual([]);
  expect(checkCostBudget(cpu1000, 50, { catalogChecks: 'off' })).toEqual([]);
  expect(checkCostBudget(cpu1000, -1, { catalogChecks: 'off' }).map((i) => i.code)).toEqual(['InvalidMaxHourlyCost']);
  expect(checkCostBudget(cpu1000, 50, { silence: [COST_CEILING_OVER_BUDGET] })).toEqual([]);
});

test('an unbounded pool cannot keep a budget', () => {
  const [issue] = checkCostBudget(costCeiling(general, undefined), 50);
  expect(issue).toMatchObject({ code: COST_CEILING_OVER_BUDGET, field: 'spec.limits' });
  expect(issue.message).toMatch(/^bound nothing, so this NodePool's cost has no ceiling and can exceed maxHourlyCost \$50.00\/h/);
});

test('an unpriced pool cannot be checked, and says so', () => {
  const [issue] = checkCostBudget(costCeiling([type('g7.2xlarge', 8, 32)], readPoolLimits({ cpu: 100 })), 50);
  expect(issue.message).toMatch(/cannot be checked against maxHourlyCost \$50.00\/h: no admitted instance type has a price/);
});

test('a partly unpriced ceiling says what it leaves out', () => {
  const [issue] = checkCostBudget(costCeiling([...general, type('g7.2xlarge', 8, 32)], readPoolLimits({ cpu: 1000 })), 50);
  expect(issue.message).toMatch(/over maxHourlyCost \$50.00\/h; 1 unpriced admitted type\(s\) not counted;/);
});

test('an empty pool spends nothing', () => {
  expect(checkCostBudget(costCeiling([], readPoolLimits({ cpu: 10 })), 1)).toEqual([]);
});

test.each([0, -5, NaN, Infinity, '50', null, {}])('maxHourlyCost %p is an error, not a crash', (bad) => {
  expect(checkCostBudget(cpu1000, bad)).toEqual([
    expect.objectContaining({ severity: Severity.ERROR, code: 'InvalidMaxHourlyCost', field: 'maxHourlyCost' }),
  ]);
});

// Moved from test/manifests/karpenter-node-pool-budget.test.ts, which checks the reporting at synth.
test.each([0, -1, NaN])('maxHourlyCost %p says what a budget is', (bad) => {
  expect(checkCostBudget(cpu1000, bad).map((i) => i.message)).toEqual([
    `must be a positive number of USD per hour, got ${bad}; e.g. maxHourlyCost: 50`,
  ]);
});

test('a token budget is not checked', () => {
  expect(checkCostBudget(cpu1000, '${var.budget}', { isUnresolved: (v) => typeof v === 'string' && v.startsWith('${') })).toEqual([]);
});
