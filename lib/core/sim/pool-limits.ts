// A NodePool's `spec.limits`, read once: the amounts the scheduler, admission and the cost ceiling bound a pool by,
// and the entries that are no quantity, which bound nothing and are named where the ceiling is given.
import { amounts, Problems } from './input-fields';

/** A `spec.limits` entry that is no quantity, with the value as written. */
export interface UnreadLimit {
  /** The limited resource, e.g. `cpu`. */
  readonly resource: string;
  /** The value as written, e.g. `"lots"`. */
  readonly value: unknown;
}

/** A NodePool's limits as read once (`readPoolLimits`): what it may launch, and what its cost ceiling is bounded by. */
export interface PoolLimits {
  /**
   * The limits that are quantities, in base units (cpu in millicores, memory in bytes, else a count); `{}` when
   * `spec.limits` is set but no map.
   * @default - no limits
   */
  readonly amounts?: Readonly<Record<string, number>>;
  /**
   * The entries that are no quantity: they bound nothing, which the ceiling's notes say.
   * @default - none
   */
  readonly unread?: readonly UnreadLimit[];
}

/**
 * Reads a NodePool's `spec.limits`, once: `readNodePool` keeps the result as the pool's `limits`. Each entry that is
 * no quantity is left out of `amounts` and listed in `unread`; it, and a value that is no map, is also a fatal
 * problem on `p` (the pool cannot be simulated), when given.
 */
export function readPoolLimits(limits: unknown, p: Problems = new Problems('')): PoolLimits {
  if (limits === undefined || limits === null) return {};
  const unread: UnreadLimit[] = [];
  const read = amounts(limits, 'spec.limits', p, true, (resource, value) => unread.push({ resource, value }));
  return { amounts: read, ...(unread.length > 0 ? { unread } : {}) };
}
