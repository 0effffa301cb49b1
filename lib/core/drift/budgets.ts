// Disruption budgets for the Drifted reason (kubernetes-sigs/karpenter v1.14.1): GetAllowedDisruptionsByReason,
// GetAllowedDisruptions and IsActive (pkg/apis/v1/nodepool.go:363-426), MustGetAllowedDisruptions (:352-358: any
// budget with an invalid schedule makes the pool's answer 0), and BuildDisruptionBudgetMapping
// (pkg/controllers/disruption/helpers.go:262-313: allowed less the nodes NotReady or deleting, floored at 0).
import { isPlainObject, isString, show } from '../json';
import { durationSeconds } from '../model/duration';
import { CronSchedule, nextCronTime, parseCronSchedule } from '../shared/cron';
import type { BudgetWindow, DriftIssue, DriftPace } from './drift-types';

const DRIFTED = 'Drifted';
/** The CRD default when `budgets` is omitted (karpenter.sh_nodepools.yaml, nodepool.go:108). */
const DEFAULT_BUDGETS: readonly unknown[] = [{ nodes: '10%' }];
const NODES_PATTERN = /^((100|[0-9]{1,2})%|[0-9]+)$/;
/** How many chained schedule hits are followed to find when an active window closes. */
const MAX_CHAIN = 2_000;

interface ReadBudget {
  readonly window: Omit<BudgetWindow, 'active' | 'allowed' | 'opensAt' | 'closesAt'>;
  readonly schedule?: CronSchedule;
  readonly durationMs: number;
  /** Has a schedule or a duration (IsActive does not return early). */
  readonly scheduled: boolean;
  readonly error?: string;
}

function readBudget(raw: unknown, index: number): ReadBudget {
  const b = isPlainObject(raw) ? raw : {};
  const nodes = isString(b.nodes) ? b.nodes : b.nodes === undefined ? '10%' : show(b.nodes);
  const reasons = Array.isArray(b.reasons) ? b.reasons.filter(isString) : undefined;
  const schedule = isString(b.schedule) ? b.schedule : undefined;
  const duration = isString(b.duration) ? b.duration : undefined;
  const appliesToDrift = reasons === undefined || reasons.includes(DRIFTED);
  const window = {
    index,
    nodes,
    appliesToDrift,
    ...(reasons ? { reasons } : {}),
    ...(schedule ? { schedule } : {}),
    ...(duration ? { duration } : {}),
  };
  const scheduled = b.schedule !== undefined || b.duration !== undefined;
  const seconds = duration === undefined ? 0 : durationSeconds(duration);
  let error: string | undefined;
  let parsed: CronSchedule | undefined;
  if (scheduled) {
    try {
      // Karpenter prefixes "TZ=UTC "; the parser then reads the rest.
      parsed = parseCronSchedule(schedule ?? '');
    } catch (e) {
      error = `schedule ${show(schedule ?? '')} does not parse (${(e as Error).message}); Karpenter fails closed: no node of the pool is disrupted`;
    }
  }
  if (error === undefined && seconds === undefined) error = `duration ${show(duration)} does not parse; Karpenter fails closed`;
  if (error === undefined && !NODES_PATTERN.test(nodes)) error = `nodes ${show(nodes)} is neither a count nor a percentage; Karpenter fails closed`;
  return { window, ...(parsed ? { schedule: parsed } : {}), durationMs: (seconds ?? 0) * 1000, scheduled, ...(error ? { error } : {}) };
}

/** True when the last schedule hit lies within `duration` before `at` (nodepool.go:412-426). */
function isActive(b: ReadBudget, at: Date): boolean {
  if (!b.scheduled) return true;
  const hit = b.schedule && nextCronTime(b.schedule, new Date(at.getTime() - b.durationMs));
  return hit !== undefined && hit.getTime() <= at.getTime();
}

/** When an active window closes: the end of the chain of hits each within `duration` of the last. */
function closesAt(b: ReadBudget, at: Date): Date | undefined {
  if (!b.schedule) return undefined;
  let hit = nextCronTime(b.schedule, new Date(at.getTime() - b.durationMs));
  if (hit === undefined) return undefined;
  let end = hit.getTime() + b.durationMs;
  for (let i = 0; i < MAX_CHAIN; i++) {
    hit = nextCronTime(b.schedule, hit);
    if (hit === undefined || hit.getTime() > end) return new Date(end);
    end = hit.getTime() + b.durationMs;
  }
  return undefined;
}

/** `intstr.GetScaledValueFromIntOrPercent(nodes, numNodes, roundUp=true)`. */
function scaled(nodes: string, numNodes: number): number {
  return nodes.endsWith('%') ? Math.ceil((Number(nodes.slice(0, -1)) * numNodes) / 100) : Number(nodes);
}

function describe(w: BudgetWindow): string {
  const when = w.schedule !== undefined ? `, schedule ${JSON.stringify(w.schedule)} for ${w.duration ?? '0s'}` : '';
  return `budgets[${w.index}] (nodes ${JSON.stringify(w.nodes)}${when})`;
}

/** The cluster counts a pool's pace needs: initialized nodes, and those NotReady or deleting. */
export interface PoolNodeCounts {
  readonly nodes: number;
  readonly disrupting: number;
}

/**
 * How many of a pool's nodes Karpenter may replace at once for drift at `at`, from the NodePool's budgets
 * (after the change); with `counts`, the number, else the limiting budgets as written.
 */
export function driftPaceOf(budgetsRaw: unknown, at: Date, counts: PoolNodeCounts | undefined, issues: DriftIssue[], object: string): DriftPace {
  const list = Array.isArray(budgetsRaw) ? budgetsRaw : DEFAULT_BUDGETS;
  const read = list.slice(0, 50).map(readBudget);
  for (const b of read)
    if (b.error) issues.push({ object, field: `spec.disruption.budgets[${b.window.index}]`, code: 'DriftInvalidBudget', message: b.error });
  const failClosed = read.some((b) => b.error !== undefined);
  const windows: BudgetWindow[] = read.map((b) => {
    const active = b.error === undefined && isActive(b, at);
    const allowed = counts === undefined || b.error !== undefined ? undefined : active ? scaled(b.window.nodes, counts.nodes) : undefined;
    const close = active && b.scheduled ? closesAt(b, at) : undefined;
    const open = !active && b.schedule ? nextCronTime(b.schedule, at) : undefined;
    return {
      ...b.window,
      active,
      ...(allowed !== undefined ? { allowed } : {}),
      ...(close ? { closesAt: close.toISOString() } : {}),
      ...(open ? { opensAt: open.toISOString() } : {}),
    };
  });
  const limiting = windows.filter((w) => w.active && w.appliesToDrift);
  const blocking = failClosed ? [] : limiting.filter((w) => (w.allowed !== undefined ? w.allowed === 0 : /^0+%?$/.test(w.nodes)));
  const limit = failClosed
    ? '0'
    : limiting.length === 0
      ? 'unlimited'
      : limiting.length === 1
        ? limiting[0].nodes
        : `min(${limiting.map((w) => w.nodes).join(', ')})`;
  let atOnce: number | undefined;
  if (counts !== undefined) {
    const allowed = failClosed ? 0 : Math.min(2_147_483_647, ...limiting.map((w) => w.allowed ?? 2_147_483_647));
    atOnce = Math.max(allowed - counts.disrupting, 0);
  }
  let blockedBy: string | undefined;
  if (failClosed) blockedBy = `${describe(read.find((b) => b.error)!.window as BudgetWindow)}: invalid, so no node is replaced`;
  else if (blocking.length > 0)
    blockedBy = blocking.map((w) => `${describe(w)}${w.closesAt ? ` until ${w.closesAt}` : w.schedule ? '' : ', always'}`).join('; ');
  const upcoming = windows.filter((w) => !w.active && w.appliesToDrift && w.opensAt !== undefined && /^0+%?$/.test(w.nodes));
  return {
    limit,
    ...(atOnce !== undefined ? { atOnce } : {}),
    ...(counts ? { nodes: counts.nodes, disrupting: counts.disrupting } : {}),
    budgets: windows,
    ...(blockedBy ? { blockedBy } : {}),
    ...(upcoming.length > 0 ? { nextBlock: upcoming.map((w) => `${describe(w)} from ${w.opensAt}`).join('; ') } : {}),
  };
}
