// The per-pool budget check: a NodePool's cost ceiling against its `maxHourlyCost`.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { CatalogChecks, reportCatalogFinding } from './catalog-checks';
import type { AdmissionReading } from '../sim/admission';
import type { CostCeilingOptions } from '../sim/costs';
import type { CostCeiling, PriceTable, ResourceCostBound } from '../sim/pricing';

// The checks ask the simulator, which loads at the first check: the codes (LINT_CODES, silence lists) load no engine.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const admissionModule = (): typeof import('../sim/admission') => require('../sim/admission');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const costs = (): typeof import('../sim/costs') => require('../sim/costs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pricing = (): typeof import('../sim/pricing') => require('../sim/pricing');

/** The budget check as a lint rule: its code (silenceable; an error with `catalogChecks: 'error'`) and what it flags. */
export const BUDGET_RULE = {
  code: 'CostCeilingOverBudget',
  appliesTo: 'NodePool',
  summary: "the NodePool's cost ceiling (its limits at on-demand prices) exceeds its maxHourlyCost (checkNodePoolBudget)",
} as const;

/** The warning code of a ceiling over budget (silenceable; an error with `catalogChecks: 'error'`). */
export const COST_CEILING_OVER_BUDGET = BUDGET_RULE.code;
/** The error code of a budget that is no positive number. */
export const INVALID_MAX_HOURLY_COST = 'InvalidMaxHourlyCost';

/** A NodePool's budget, checked at synth (the `KarpenterNodePool` props). */
export interface NodePoolBudgetOptions {
  /**
   * Budget in USD per hour, on-demand. When the pool's cost ceiling (the most its `limits` let it spend, at the
   * bundled on-demand prices: us-east-1, Linux, the table's date) exceeds it, synth warns `CostCeilingOverBudget`,
   * naming the limit to lower; a pool without limits cannot keep a budget and is warned too.
   * @default - no budget check
   */
  readonly maxHourlyCost?: number;
}

/** Options of the budget check. */
export interface BudgetCheckContext extends ValidationContext {
  /**
   * How `CostCeilingOverBudget` is reported, as the other catalog checks: `warn`, `error` (strict) or `off`.
   * @default 'warn'
   */
  readonly catalogChecks?: CatalogChecks;
  /**
   * The prices the ceiling was computed with, named in the message.
   * @default - the bundled table
   */
  readonly prices?: PriceTable;
}

/**
 * Checks `ceiling` (a NodePool's, from `costCeiling`) against `maxHourlyCost` (USD per hour, on-demand).
 * An unbounded or unpriced ceiling cannot be held to a budget and is reported too; `undefined` checks nothing.
 */
export function checkCostBudget(ceiling: CostCeiling, maxHourlyCost: unknown, ctx: BudgetCheckContext = {}, note?: string): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (maxHourlyCost === undefined || c.isUnresolved(maxHourlyCost)) return c.issues;
  // Off silences the comparison, not a malformed budget.
  if (typeof maxHourlyCost !== 'number' || !Number.isFinite(maxHourlyCost) || maxHourlyCost <= 0) {
    const got = typeof maxHourlyCost === 'number' ? maxHourlyCost : JSON.stringify(maxHourlyCost);
    c.error('maxHourlyCost', INVALID_MAX_HOURLY_COST, `must be a positive number of USD per hour, got ${got}; e.g. maxHourlyCost: 50`);
    return c.issues;
  }
  if (ctx.catalogChecks === 'off') return c.issues;
  const problem = overBudget(ceiling, maxHourlyCost, ctx.prices ?? pricing().loadPriceTable(), note);
  if (problem === undefined) return c.issues;
  reportCatalogFinding(c, ctx, problem.field, COST_CEILING_OVER_BUDGET, problem.message);
  return c.issues;
}

/**
 * `checkCostBudget` on the ceiling of `nodePool` with `nodeClass` (`nodePoolCostCeiling`); with no `nodeClass` (only its
 * name is known) on `assumedNodeClass`, which the message says.
 */
export function checkNodePoolBudget(
  nodePool: unknown,
  nodeClass: unknown,
  maxHourlyCost: unknown,
  ctx: BudgetCheckContext & CostCeilingOptions = {},
): ValidationIssue[] {
  if (maxHourlyCost === undefined) return [];
  return nodePoolBudgetIssues(
    nodePool,
    nodeClass === undefined ? undefined : new (admissionModule().AdmissionReading)(nodePool, nodeClass, ctx),
    maxHourlyCost,
    ctx,
  );
}

/**
 * `checkNodePoolBudget` over a reading of the pool with its class that other checks share (`planNodePool`); with no
 * reading (only the class's name is known) over `assumedNodeClass`, which the message says.
 */
export function nodePoolBudgetIssues(
  nodePool: unknown,
  reading: AdmissionReading | undefined,
  maxHourlyCost: unknown,
  ctx: BudgetCheckContext & CostCeilingOptions,
): ValidationIssue[] {
  if (maxHourlyCost === undefined) return [];
  // The reading's pool is the one parsed for admission: its limits are not read again.
  const read = reading ?? new (admissionModule().AdmissionReading)(nodePool, costs().assumedNodeClass(nodePool), ctx);
  const ceiling = costs().readingCostCeiling(read, ctx.prices ?? pricing().loadPriceTable());
  return checkCostBudget(ceiling, maxHourlyCost, ctx, reading === undefined ? costs().UNKNOWN_NODE_CLASS_NOTE : undefined);
}

function overBudget(c: CostCeiling, budget: number, table: PriceTable, note?: string): { field: string; message: string } | undefined {
  const where = `(${note ? `${note}; ` : ''}${pricing().priceLabel(table)})`;
  const partial = c.unpricedInstanceTypes.length > 0 ? `; ${c.unpricedInstanceTypes.length} unpriced admitted type(s) not counted` : '';
  switch (c.status) {
    case 'empty':
      return undefined;
    case 'unpriced':
      return {
        field: 'spec.limits',
        message:
          `cannot be checked against maxHourlyCost ${pricing().formatUsd(budget)}/h: no admitted instance type has a price ${where}; ` +
          'drop the budget or admit priced types',
      };
    case 'unbounded':
      return {
        field: 'spec.limits',
        message:
          `bound nothing, so this NodePool's cost has no ceiling and can exceed maxHourlyCost ${pricing().formatUsd(budget)}/h; ` +
          `set limits (cpu, memory or nodes) whose ceiling is within it ${where}`,
      };
    case 'bounded': {
      if (c.perHour! <= budget) return undefined;
      const b = c.bounds[0];
      return {
        field: `spec.limits.${b.resource}`,
        message:
          `lets this NodePool cost up to ${pricing().formatUsd(c.perHour!)}/h (${pricing().formatUsd(c.perMonth!)}/month: ` +
          `${explainBound(b)}), over maxHourlyCost ${pricing().formatUsd(budget)}/h${partial}; lower limits.${b.resource} ` +
          `to at most ${Math.floor(budget / b.perUnitHour)}` +
          `${b.unit === 'vCPU' || b.unit === 'GiB' ? ` (${b.unit})` : ''}, or raise maxHourlyCost ${where}`,
      };
    }
  }
}

/** e.g. `1000 vCPU × $0.0630 per vCPU-hour of r5.large`. */
export function explainBound(b: ResourceCostBound): string {
  return `${round(b.limit)} ${b.unit} × ${pricing().formatRate(b.perUnitHour)} per ${b.unit}-hour of ${b.mostExpensiveType}`;
}

function round(n: number): string {
  return Number.isInteger(n) ? `${n}` : n.toFixed(2);
}
