// Disruption budget schedules. The CRD's pattern only counts fields, so the API server accepts
// schedules Karpenter's cron parser (robfig/cron `ParseStandard`) rejects; Karpenter then fails
// closed on the budget: `GetAllowedDisruptions` returns 0 nodes, at all times.
import { show } from '../json';
import { parseCronSchedule } from '../shared/cron';
import { Rule } from './schema';

/** The CRD pattern of `spec.disruption.budgets[].schedule`: a macro, or five whitespace-separated fields. */
export const BUDGET_SCHEDULE_PATTERN =
  /^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)[\t\n\f\r ](.+)[\t\n\f\r ](.+)[\t\n\f\r ](.+)[\t\n\f\r ](.+))$/;

const CRON_MACROS = ['@annually', '@yearly', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const CRON_FIELDS: { name: string; min: number; max: number; names?: string[] }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of week', min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

/**
 * What is wrong with a cron schedule, or undefined: the verdict is robfig/cron's `ParseStandard` (lib/core/shared/cron.ts,
 * which drift evaluates budgets with), the message names the field where it can.
 */
export function cronProblem(schedule: string): string | undefined {
  try {
    parseCronSchedule(schedule);
    return undefined;
  } catch (e) {
    return fieldProblem(schedule) ?? (e as Error).message;
  }
}

/** The field a rejected schedule fails on, in words. */
function fieldProblem(schedule: string): string | undefined {
  const s = schedule.trim();
  if (s.startsWith('@')) return CRON_MACROS.includes(s) ? undefined : `unknown macro ${show(s)}`;
  const fields = s.split(/[\t\n\f\r ]+/);
  if (fields.length !== 5) return `expected 5 fields, got ${fields.length}`;
  for (let i = 0; i < 5; i++) {
    const f = CRON_FIELDS[i];
    for (const part of fields[i].split(',')) {
      const m = /^(\*|\?|([0-9A-Za-z]+)(-([0-9A-Za-z]+))?)(\/([0-9]+))?$/.exec(part);
      if (!m) return `${f.name} field ${show(fields[i])} is malformed`;
      const bounds: number[] = [];
      for (const v of [m[2], m[4]]) {
        if (v === undefined) continue;
        const n = /^[0-9]+$/.test(v) ? Number(v) : (f.names?.indexOf(v.toLowerCase()) ?? -1);
        const value = f.names && !/^[0-9]+$/.test(v) ? n + (f.min === 1 ? 1 : 0) : n;
        if (n < 0 || value < f.min || value > f.max) return `${f.name} value ${show(v)} is outside ${f.min}-${f.max}`;
        bounds.push(value);
      }
      if (bounds.length === 2 && bounds[0] > bounds[1]) return `${f.name} range ${show(part)} starts after it ends`;
      if (m[6] !== undefined && Number(m[6]) === 0) return `${f.name} step must be positive`;
    }
  }
  return undefined;
}

/**
 * A budget schedule that passes the CRD pattern but that Karpenter cannot parse is an error
 * (`BudgetScheduleInvalid`, one of KARPENTER_RUNTIME_CHECK_CODES): the budget then allows 0
 * disruptions at all times. A schedule the pattern rejects is reported by the pattern alone.
 */
export const budgetScheduleRule: Rule = (self: string, path, c) => {
  if (!BUDGET_SCHEDULE_PATTERN.test(self)) return;
  const problem = cronProblem(self);
  if (problem) {
    c.error(
      path,
      'BudgetScheduleInvalid',
      `${show(self)} is not a valid cron schedule: ${problem}. The API server accepts it (the CRD pattern only ` +
        'counts fields), but Karpenter cannot parse it and fails closed: the budget allows 0 disruptions at all ' +
        'times, which blocks every disruption it covers (all reasons, unless it lists reasons). ' +
        'Use five fields "minute hour day-of-month month day-of-week" (e.g. "0 9 * * mon-fri") or @daily, @weekly, ...',
    );
  }
};
