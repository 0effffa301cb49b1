// The cost parts of `explain`'s text: each pool's ceiling cell and lines.
import type { CostCeiling } from '../../core/sim';
import { explainBound } from '../../core/lints/budget';
import { describeCostCeiling, formatRate, formatUsd, priceLabel } from '../../core/sim/pricing';

/** The pool table's CEILING/H cell. */
export function ceilingCell(c: CostCeiling | undefined): string {
  if (c === undefined) return '-';
  switch (c.status) {
    case 'bounded':
    case 'empty':
      return formatUsd(c.perHour!);
    case 'unbounded':
      return 'unbounded';
    case 'unpriced':
      return 'no prices';
  }
}

/** The heading of the ceiling list: where the prices come from. */
export function ceilingHeading(): string {
  return `Cost ceilings (${priceLabel()}; the most the limits allow):`;
}

/** One entry per pool: its ceiling, the bound that sets it, the typical figure. */
export function ceilingEntries(names: readonly string[], ceilings: readonly CostCeiling[]): string[] {
  return names.map((name, i) => {
    const c = ceilings[i];
    const bound = c.status === 'bounded' ? ` = ${explainBound(c.bounds[0])}` : '';
    const typical =
      c.typicalPerVcpuHour === undefined ? '' : `; typical ${formatRate(c.typicalPerVcpuHour)} per vCPU-hour (${c.typicalInstanceType})`;
    return `${name}: ${describeCostCeiling(c)}${bound}${typical}`;
  });
}
