//
// The pending reasons that NodePool limits give, with how much of each limit existing nodes and earlier
// NodeClaims of the batch took (issue #22). Pools stopped by their limits alike share one clause: a batch that
// uses up every pool gives each of thousands of pending pods the same reason, which stays short (issue #24).

import { formatQuantity } from '../shared/quantity';

/** How a pool's limits were used: by existing nodes, and by this batch's earlier NodeClaims. */
export interface LimitUse {
  readonly limits: Readonly<Record<string, number>>;
  readonly existing: Record<string, number>;
  readonly batch: Record<string, number>;
  readonly remaining: Record<string, number>;
  /** The template's options within `remaining`: filtered again only after a new NodeClaim changed it. */
  within?: readonly number[];
}

/** A limit's use at the time of one pod's failure: `use` changes as the batch goes on. */
export interface LimitFigures {
  readonly pool: string;
  readonly limits: Readonly<Record<string, number>>;
  readonly existing: Readonly<Record<string, number>>;
  readonly batch: Readonly<Record<string, number>>;
}

/** Karpenter's two limit errors (scheduler.go:713 and :718), without the NodePool reference. */
export const LIMIT_ERRORS = {
  nodes: 'node limits have been exhausted for nodepool',
  types: 'all available instance types exceed limits for nodepool',
} as const;
export type LimitError = keyof typeof LIMIT_ERRORS;

/** One NodePool's error in a pod's reason: a limit error (merged with the other pools' alike) or any other text. */
export type PoolError = { readonly limit: LimitError; readonly figures: LimitFigures } | { readonly text: () => string };

/** A copy of the pool's use now, for a reason that is put into words later. */
export function limitFigures(pool: string, u: LimitUse): LimitFigures {
  return { pool, limits: u.limits, existing: { ...u.existing }, batch: { ...u.batch } };
}

function quantity(k: string, v: number): string {
  return k === 'nodes' ? String(v) : formatQuantity(k, v);
}

function amountsText(r: Readonly<Record<string, number>>, keys: readonly string[]): string {
  return keys.map((k) => `${k} ${quantity(k, r[k] ?? 0)}`).join(', ');
}

/** `cpu 48 of 64, memory 1Gi of 4Gi`: what one contributor took of each limit. */
function ofLimits(f: LimitFigures, used: Readonly<Record<string, number>>): string {
  return Object.keys(f.limits)
    .sort()
    .map((k) => `${k} ${quantity(k, used[k] ?? 0)} of ${quantity(k, f.limits[k])}`)
    .join(', ');
}

const taken = (r: Readonly<Record<string, number>>, limits: Readonly<Record<string, number>>) => Object.keys(limits).some((k) => (r[k] ?? 0) > 0);

/**
 * The note on the limits of one pool, ` (limits cpu 100; existing nodes use cpu 2; earlier NodeClaims of this batch
 * take up to cpu 96)`, or of several, ` (earlier NodeClaims of this batch take up to: a cpu 64 of 64; b cpu 8 of 8)`;
 * a use of nothing is left out.
 */
export function limitNote(figures: readonly LimitFigures[]): string {
  if (figures.length === 1) {
    const f = figures[0];
    const keys = Object.keys(f.limits).sort();
    const used = (r: Readonly<Record<string, number>>) => keys.filter((k) => (r[k] ?? 0) > 0);
    const parts = [`limits ${amountsText(f.limits, keys)}`];
    if (used(f.existing).length > 0) parts.push(`existing nodes use ${amountsText(f.existing, used(f.existing))}`);
    if (used(f.batch).length > 0) parts.push(`earlier NodeClaims of this batch take up to ${amountsText(f.batch, used(f.batch))}`);
    return ` (${parts.join('; ')})`;
  }
  const sections: string[] = [];
  for (const [who, of] of [
    ['existing nodes use', (f: LimitFigures) => f.existing],
    ['earlier NodeClaims of this batch take up to', (f: LimitFigures) => f.batch],
  ] as const) {
    const pools = figures.filter((f) => taken(of(f), f.limits));
    if (pools.length > 0) sections.push(`${who}: ${pools.map((f) => `${f.pool} ${ofLimits(f, of(f))}`).join('; ')}`);
  }
  if (sections.length === 0)
    sections.push(`limits: ${figures.map((f) => `${f.pool} ${amountsText(f.limits, Object.keys(f.limits).sort())}`).join('; ')}`);
  return ` (${sections.join('; and ')})`;
}

function poolList(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A pod's reason from the errors of every NodePool tried, heaviest first, joined with "; " as Karpenter's multierr
 * does. Pools with the same limit error share one clause at the place of the first, in Karpenter's words for one
 * pool (`… for nodepool (NodePool=a)`) and naming them all for several (`… for nodepools a, b and c`).
 */
export function joinPoolErrors(errors: readonly PoolError[]): string {
  const out: string[] = [];
  const merged = new Map<LimitError, LimitFigures[]>();
  const slots: (LimitError | undefined)[] = [];
  for (const e of errors) {
    if ('text' in e) {
      out.push(e.text());
      slots.push(undefined);
      continue;
    }
    const group = merged.get(e.limit);
    if (group) {
      group.push(e.figures);
      continue;
    }
    merged.set(e.limit, [e.figures]);
    out.push('');
    slots.push(e.limit);
  }
  return out
    .map((text, i) => {
      const limit = slots[i];
      if (limit === undefined) return text;
      const figures = merged.get(limit)!;
      const pools = figures.length === 1 ? ` (NodePool=${figures[0].pool})` : `s ${poolList(figures.map((f) => f.pool))}`;
      return `${LIMIT_ERRORS[limit]}${pools}${limitNote(figures)}`;
    })
    .join('; ');
}
