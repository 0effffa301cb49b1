import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';

/** The custom node label Karpenter's docs use for a spot/on-demand split. */
export const DEFAULT_CAPACITY_SPREAD_LABEL = 'capacity-spread';

/** Upper bound on label values: each value is one topology domain the scheduler must balance. */
export const MAX_CAPACITY_SPREAD_VALUES = 20;

/** A spot : on-demand ratio, e.g. `{ spot: 4, onDemand: 1 }` for 80% spot. */
export interface CapacitySplitRatio {
  /** Share of spot nodes (a whole number ≥ 1). */
  readonly spot: number;
  /** Share of on-demand nodes (a whole number ≥ 1). */
  readonly onDemand: number;
}

/** The label values of each pool of a split. */
export interface CapacitySpreadValues {
  /** Values of the spot pool, after the on-demand ones. */
  readonly spot: string[];
  /** Values of the on-demand pool, from `1`. */
  readonly onDemand: string[];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Problems with a split ratio: shares must be whole numbers of at least 1, and not need too many label values. */
export function validateCapacitySplitRatio(ratio: CapacitySplitRatio, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  for (const side of ['spot', 'onDemand'] as const) {
    const n = ratio[side];
    if (!Number.isInteger(n) || n < 1) {
      c.error(
        `ratio.${side}`,
        'CapacitySplitShareInvalid',
        `must be a whole number of at least 1, got ${n}; a pool with no share is just one pool, create a single KarpenterNodePool instead`,
      );
    }
  }
  if (c.issues.length === 0) {
    const g = gcd(ratio.spot, ratio.onDemand);
    const total = (ratio.spot + ratio.onDemand) / g;
    if (total > MAX_CAPACITY_SPREAD_VALUES) {
      // The nearest split of 10 that still gives each side a share.
      const spot = Math.min(9, Math.max(1, Math.round((ratio.spot / (ratio.spot + ratio.onDemand)) * 10)));
      c.error(
        'ratio',
        'CapacitySplitTooFine',
        `${ratio.spot}:${ratio.onDemand} needs ${total} label values (topology domains); ` +
          `at most ${MAX_CAPACITY_SPREAD_VALUES} keep scheduling predictable, use a coarser ratio such as ${spot}:${10 - spot}`,
      );
    }
  }
  return c.issues;
}

/**
 * Splits label values `1..n` between the pools in proportion to the ratio (reduced first, so
 * 8:2 and 4:1 give the same five values). Pods that spread evenly over the label with
 * `maxSkew: 1` then land on spot and on-demand nodes in that proportion.
 * @see https://karpenter.sh/docs/concepts/scheduling/#on-demandspot-ratio-split
 */
export function capacitySpreadValues(ratio: CapacitySplitRatio): CapacitySpreadValues {
  const g = gcd(ratio.spot, ratio.onDemand);
  const onDemand = ratio.onDemand / g;
  const spot = ratio.spot / g;
  const values = Array.from({ length: onDemand + spot }, (_, i) => String(i + 1));
  return { onDemand: values.slice(0, onDemand), spot: values.slice(onDemand) };
}

/** The topology spread constraint a workload needs to follow the split (for its pod spec). */
export function capacitySpreadConstraint(labelKey: string, matchLabels: Record<string, string>): Record<string, unknown> {
  return {
    maxSkew: 1,
    topologyKey: labelKey,
    whenUnsatisfiable: 'DoNotSchedule',
    labelSelector: { matchLabels },
  };
}
