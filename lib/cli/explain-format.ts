// The text output of `explain`: one table of NodePools, one of pods. Pure formatting of a SimulationResult.
import { WellKnownLabel } from '../core/model/labels';
import type { CostCeiling, InstanceType, InstanceTypeCatalog, SimulationResult } from '../core/sim';
import { ceilingCell, ceilingEntries, ceilingHeading, cheapestCell } from './explain-cost';

/** Families and instance types shown before `(+N more)`. */
const SHOWN_FAMILIES = 8;
const SHOWN_TYPES = 6;

/** What a list of instance types spans, for a one-line summary. */
export interface InstanceTypeSummary {
  readonly count: number;
  /** Families, sorted. */
  readonly families: readonly string[];
  readonly vcpu?: { readonly min: number; readonly max: number };
  /** Memory (the `instance-memory` label), in MiB. */
  readonly memoryMiB?: { readonly min: number; readonly max: number };
  /** Architectures, sorted. */
  readonly arch: readonly string[];
}

/** Counts, families, vCPU and memory ranges and architectures of `names` (types missing from the catalog count, nothing else). */
export function summarizeInstanceTypes(names: readonly string[], catalog: InstanceTypeCatalog): InstanceTypeSummary {
  const types = names.map((n) => catalog.get(n)).filter((t): t is InstanceType => t !== undefined);
  const numbers = (label: string) => types.map((t) => Number(t.labels[label])).filter((n) => Number.isFinite(n));
  const range = (xs: number[]) => (xs.length === 0 ? undefined : { min: Math.min(...xs), max: Math.max(...xs) });
  const distinct = (label: string) => [...new Set(types.map((t) => t.labels[label]).filter((v) => v !== undefined))].sort(compareNatural);
  return {
    count: names.length,
    families: distinct(WellKnownLabel.INSTANCE_FAMILY),
    vcpu: range(numbers(WellKnownLabel.INSTANCE_CPU)),
    memoryMiB: range(numbers(WellKnownLabel.INSTANCE_MEMORY)),
    arch: distinct(WellKnownLabel.ARCH),
  };
}

/**
 * The two tables `explain` prints, then the assumptions. With `ceilings` (one per NodePool, `nodePoolCostCeilings`) the pool
 * table gets each pool's cost ceiling and the pod table each pod's cheapest type; pods' types are then shown in the result's
 * order (cheapest first), else smallest first.
 */
export function formatExplanation(
  result: SimulationResult,
  catalog: InstanceTypeCatalog,
  weights: ReadonlyMap<string, number>,
  ceilings?: readonly CostCeiling[],
): string {
  const priced = ceilings !== undefined;
  const cost = (i: number) => (priced ? [ceilingCell(ceilings[i])] : []);
  const pools = result.nodePools.map((p, i) => {
    const s = summarizeInstanceTypes(p.admittedInstanceTypes, catalog);
    if (s.count === 0) {
      return [p.name, String(weights.get(p.name) ?? 0), '0', '-', '-', '-', ...cost(i), `admits nothing: ${p.reason ?? 'no instance type'}`];
    }
    return [
      p.name,
      String(weights.get(p.name) ?? 0),
      String(s.count),
      span(s.vcpu, String),
      span(s.memoryMiB, formatGiB),
      s.arch.join(', '),
      ...cost(i),
      abbreviate(s.families, SHOWN_FAMILIES, ' '),
    ];
  });
  const pods = result.pods.map((p) => {
    const who = `${p.namespace}/${p.name}`;
    const cheapest = priced ? [cheapestCell(p)] : [];
    if (p.ignored) return [who, '-', '-', ...cheapest, 'ignored (below)'];
    if (!p.schedulable) return [who, '-', '-', ...cheapest, 'pending (below)'];
    const options = priced ? p.instanceTypes : smallestFirst(p.instanceTypes, catalog);
    return [who, p.nodePool ?? '-', String(p.instanceTypes.length), ...cheapest, abbreviate(options, SHOWN_TYPES, ' ')];
  });
  const parts = [table(['NODEPOOL', 'WEIGHT', 'TYPES', 'VCPU', 'MEMORY (GiB)', 'ARCH', ...(priced ? ['CEILING/H'] : []), 'FAMILIES'], pools)];
  if (priced && result.nodePools.length > 0) {
    parts.push(
      `${ceilingHeading()}\n${ceilingEntries(
        result.nodePools.map((p) => p.name),
        ceilings,
      )
        .map(item)
        .join('')}`,
    );
  }
  if (pods.length === 0) parts.push('No pods given: pass Pods, Deployments, StatefulSets or Jobs to see where they would go.\n');
  else {
    const order = priced ? 'INSTANCE TYPES (CHEAPEST FIRST)' : 'INSTANCE TYPES (FEWEST VCPUS FIRST)';
    parts.push(table(['POD', 'NODEPOOL', 'TYPES', ...(priced ? ['CHEAPEST'] : []), order], pods));
  }
  const unplaced = result.pods.filter((p) => !p.schedulable);
  if (unplaced.length > 0) {
    const why = unplaced.map((p) => {
      const lines = (p.ignored ? [p.reason ?? 'no reason given'] : perNodePool(p.reason ?? 'no reason given')).map(item);
      return `${p.namespace}/${p.name} ${p.ignored ? 'is ignored by Karpenter' : 'stays pending'}:\n${lines.join('')}`;
    });
    parts.push(why.join(''));
  }
  if (result.assumptions.length > 0) parts.push(`Assumed (not knowable offline):\n${result.assumptions.map(item).join('')}`);
  return parts.join('\n');
}

/** Widest line of free text; longer items wrap at spaces, indented under their first line. */
const LINE_WIDTH = 150;

/** `  - text`, wrapped to LINE_WIDTH; a word longer than a line stays whole. */
function item(text: string): string {
  const lines: string[] = [];
  let line = '  -';
  for (const word of text.split(' ')) {
    if (line.length + 1 + word.length > LINE_WIDTH && line.trim() !== '-') {
      lines.push(line);
      line = '   ';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** How each of Karpenter's per-NodePool scheduling errors starts (scheduler.go, nodeclaim.go, topology.go, v1.14.1). */
const NODEPOOL_ERROR_STARTS = [
  'did not tolerate taint',
  'incompatible requirements',
  'no instance type',
  'all available instance types exceed limits',
  'node limits have been exhausted',
  'minValues requirement is not met',
  'would violate',
  'unsatisfiable topology constraint',
  'nodepool requirements filtered out',
];

/**
 * Karpenter joins the errors of every NodePool it tried (heaviest first) with "; " (multierr); one line each.
 * A "; " inside one error (a message with advice) does not start a new line.
 */
function perNodePool(reason: string): string[] {
  const out: string[] = [];
  for (const part of reason.split('; ')) {
    if (out.length > 0 && !NODEPOOL_ERROR_STARTS.some((start) => part.startsWith(start))) out[out.length - 1] += `; ${part}`;
    else out.push(part);
  }
  return out;
}

/** Fewest vCPUs, then least memory, first: the options a reader expects to see (prices are not known offline). */
function smallestFirst(names: readonly string[], catalog: InstanceTypeCatalog): string[] {
  const key = (n: string) => {
    const t = catalog.get(n);
    return [Number(t?.labels[WellKnownLabel.INSTANCE_CPU] ?? Infinity), Number(t?.labels[WellKnownLabel.INSTANCE_MEMORY] ?? Infinity)];
  };
  return [...names].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || compareNatural(a, b);
  });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  // The last column is free text: it is not padded.
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  return all
    .map(
      (r) =>
        r
          .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
          .join('  ')
          .trimEnd() + '\n',
    )
    .join('');
}

function span(r: { readonly min: number; readonly max: number } | undefined, show: (n: number) => string): string {
  if (r === undefined) return '-';
  return r.min === r.max ? show(r.min) : `${show(r.min)}-${show(r.max)}`;
}

function formatGiB(mib: number): string {
  const gib = mib / 1024;
  return Number.isInteger(gib)
    ? String(gib)
    : gib
        .toFixed(gib < 10 ? 2 : 1)
        .replace(/0+$/, '')
        .replace(/\.$/, '');
}

function abbreviate(items: readonly string[], shown: number, sep: string): string {
  if (items.length <= shown) return items.join(sep);
  return `${items.slice(0, shown).join(sep)} (+${items.length - shown} more)`;
}

/** `m5` before `m5a`, `g5` before `g6`, `xlarge` sizes by number. */
function compareNatural(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
