// The text output of `explain`, written section by section as it is formatted: the pools, the new NodeClaims, the
// batch's price, pods on existing nodes, pending pods grouped by reason, what is not modelled, the cost ceilings
// and the assumptions that bear on the input. Pure formatting of a simulation result.
import { ownValue } from '../../core/json';
import { WellKnownLabel } from '../../core/model/labels';
import type { CostCeiling, InstanceType, InstanceTypeCatalog, PodResult, ResourceAmounts, SimulationResult } from '../../core/sim';
import { ClaimView } from './explain-claims';
import { ceilingCell, ceilingEntries, ceilingHeading } from './explain-cost';
import { formatUsd } from '../../core/sim/pricing';

/** Families shown before `(+N more)`. */
const SHOWN_FAMILIES = 8;
/** Pod names shown as examples of a group or a NodeClaim. */
const SHOWN_PODS = 3;
/** Rows of the NodeClaims and existing-nodes tables, and reason groups, shown without `-o wide`. */
const SHOWN_ROWS = 50;
const SHOWN_GROUPS = 20;
/** Widest table cell (names are cut in the middle beyond it) and widest line of free text. */
const MAX_CELL = 48;
const MIN_LAST = 30;
const LINE_WIDTH = 150;
/** Longest text item (a reason, a note) before it is cut: no line of the output is kilobytes long. */
const MAX_ITEM = 1200;

/** Writes a chunk of the output. */
export type Write = (chunk: string) => void;

/** What the text output shows. */
export interface ExplainView {
  readonly result: SimulationResult;
  readonly catalog: InstanceTypeCatalog;
  readonly weights: ReadonlyMap<string, number>;
  /** One per NodePool of the result, same order. */
  readonly ceilings: readonly CostCeiling[];
  readonly claims: readonly ClaimView[];
  /** The assumptions to print (already cut to those that bear on the input; empty with --quiet). */
  readonly assumptions: readonly string[];
  /** `-o wide`: every NodeClaim, every reason group and a row per pod; long text wraps instead of being cut. */
  readonly wide: boolean;
  /**
   * The NodePool of each existing Node or NodeClaim, by name (its `karpenter.sh/nodepool` label).
   * @default - none known: pods on existing nodes show NODEPOOL '-'
   */
  readonly nodePoolOfNode?: ReadonlyMap<string, string>;
}

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

/** Writes the whole text output, one section at a time. */
export function writeExplanation(w: Write, v: ExplainView): void {
  writePools(w, v);
  const pods = v.result.pods;
  const simulated = pods.filter((p) => !p.bound);
  if (simulated.length === 0) {
    w('\nNo pending pods given: pass Pods, Deployments, StatefulSets or Jobs to see where they would go.\n');
  } else {
    writeClaims(w, v);
    writeExistingNodes(w, v, simulated);
  }
  const groups = pendingGroups(simulated);
  writePending(w, v, groups);
  if (v.wide && pods.length > 0) writePods(w, v, groups);
  writeNotModelled(w, simulated);
  writeCeilings(w, v);
  if (v.assumptions.length > 0) w(`\nAssumed (not knowable offline):\n${v.assumptions.map((a) => item(a)).join('')}`);
}

function writePools(w: Write, v: ExplainView): void {
  if (v.result.nodePools.length === 0) {
    w('No NodePools given: pods can go only to the given nodes.\n');
    return;
  }
  const rows = v.result.nodePools.map((p, i) => {
    const s = summarizeInstanceTypes(p.admittedInstanceTypes, v.catalog);
    const weight = String(v.weights.get(p.name) ?? 0);
    const ceiling = ceilingCell(v.ceilings[i]);
    const reason = p.reason ?? 'no instance type';
    if (s.count === 0) return [p.name, weight, '0', '-', '-', '-', ceiling, `admits nothing: ${v.wide ? reason : clip(reason, 300)}`];
    return [
      p.name,
      weight,
      String(s.count),
      span(s.vcpu, String),
      span(s.memoryMiB, formatGiB),
      s.arch.join(', '),
      ceiling,
      abbreviate(s.families, SHOWN_FAMILIES),
    ];
  });
  w(table(['NODEPOOL', 'WEIGHT', 'TYPES', 'VCPU', 'MEMORY (GiB)', 'ARCH', 'CEILING/H', 'FAMILIES'], rows, v.wide));
}

function writeClaims(w: Write, v: ExplainView): void {
  const claims = v.claims;
  if (claims.length === 0) {
    w('\nNo new NodeClaims: no pod would get a new node.\n');
    return;
  }
  const shown = v.wide ? claims : claims.slice(0, SHOWN_ROWS);
  // In a run with rounds each NodeClaim launched: its round, and the type it launched as instead of the cheapest.
  const launched = claims.some((c) => c.claim.launch !== undefined);
  // DOMAIN only when some NodeClaim was narrowed beyond its pool (a spread or affinity domain).
  const domains = claims.some((c) => c.domain.length > 0);
  const rows = shown.map((c) => [
    c.claim.name,
    ...(launched ? [String(c.claim.round ?? '-')] : []),
    c.claim.nodePool,
    c.zone ?? '-',
    c.capacityType ?? '-',
    c.cheapest ?? (c.claim.instanceTypes.length === 0 ? '-' : 'no price'),
    c.hourlyPrice === undefined ? '-' : formatUsd(c.hourlyPrice),
    String(c.claim.instanceTypes.length),
    String(c.claim.pods.length),
    ofAllocatable(c, 'cpu', cores),
    ofAllocatable(c, 'memory', gib),
    ...(domains ? [c.domain.length === 0 ? '-' : v.wide ? c.domain.join(' ') : clip(c.domain.join(' '), 60)] : []),
    podNames(c.claim.pods, v.wide),
  ]);
  const heads = [
    'NODECLAIM',
    ...(launched ? ['ROUND'] : []),
    'NODEPOOL',
    'ZONE',
    'CAPACITY',
    launched ? 'LAUNCHED' : 'CHEAPEST',
    'PRICE/H',
    'TYPES',
    'PODS',
    'CPU',
    'MEMORY (GiB)',
  ];
  w(`\n${table([...heads, ...(domains ? ['DOMAIN'] : []), 'POD NAMES'], rows, v.wide)}`);
  if (shown.length < claims.length) w(`(+${claims.length - shown.length} more NodeClaims; -o wide lists every one)\n`);
  if (launched) {
    w('ROUND is the batch that made the NodeClaim; ZONE, CAPACITY and LAUNCHED are what it launched as (see the assumptions).\n');
    w("CPU and MEMORY are the pods' requests of the allocatable of the launched type.\n");
  } else {
    w("ZONE and CAPACITY are '-' where the NodeClaim leaves them open (Karpenter picks at launch).\n");
    w("CPU and MEMORY are the pods' requests of the allocatable of the cheapest type.\n");
  }
  if (domains) w('DOMAIN is what the pods fixed beyond the pool: the topology spread or affinity domain the NodeClaim was given.\n');
  let total = 0;
  let unpriced = 0;
  for (const c of claims) {
    if (c.hourlyPrice === undefined) unpriced++;
    else total += c.hourlyPrice;
  }
  const left = unpriced === 0 ? '' : `; ${unpriced} NodeClaim(s) with no priced option are not counted`;
  const at = launched ? 'launched' : 'cheapest';
  w(`\nTotal: ${formatUsd(total)}/h on-demand for ${count(claims.length, 'new NodeClaim')}, each at its ${at} type${left}.\n`);
  if (v.result.rounds !== undefined) w(`${roundsLine(v.result.rounds, v.result.settled === true)}\n`);
}

/** How many rounds the cluster took to settle, or that the cap stopped it. */
function roundsLine(rounds: number, settled: boolean): string {
  if (!settled) return `Stopped after ${count(rounds, 'round')} (--rounds): a later round may launch more and place pods still pending.`;
  return `Settles in ${count(rounds, 'round')}: each round's NodeClaims launch and the pods still pending go into the next.`;
}

function writeExistingNodes(w: Write, v: ExplainView, pods: readonly PodResult[]): void {
  const byNode = new Map<string, PodResult[]>();
  for (const p of pods) {
    if (!p.schedulable || p.node === undefined) continue;
    const list = byNode.get(p.node);
    if (list) list.push(p);
    else byNode.set(p.node, [p]);
  }
  if (byNode.size === 0) return;
  const entries = [...byNode];
  const shown = v.wide ? entries : entries.slice(0, SHOWN_ROWS);
  const rows = shown.map(([node, on]) => [
    node,
    on[0].zone ?? '-',
    on[0].capacityType ?? '-',
    String(on.length),
    podNames(
      on.map((p) => `${p.namespace}/${p.name}`),
      v.wide,
    ),
  ]);
  const n = entries.reduce((sum, [, on]) => sum + on.length, 0);
  w(`\n${count(n, 'pod')} would land on existing nodes:\n${table(['NODE', 'ZONE', 'CAPACITY', 'PODS', 'POD NAMES'], rows, v.wide)}`);
  if (shown.length < entries.length) w(`(+${entries.length - shown.length} more nodes; -o wide lists every one)\n`);
}

/** Pods that stay pending (or are ignored) with the same reason, up to the figures in it. */
interface PendingGroup {
  readonly number: number;
  readonly ignored: boolean;
  /** The first pod's reason, shown for the group. */
  readonly reason: string;
  /** Whether the pods' reasons differ in their figures. */
  varies: boolean;
  readonly pods: PodResult[];
}

/** Groups the pods that get no node by their reason with its figures masked; each distinct reason is masked once. */
function pendingGroups(pods: readonly PodResult[]): PendingGroup[] {
  const masked = new Map<string, string>();
  const groups = new Map<string, PendingGroup>();
  for (const p of pods) {
    if (p.schedulable && !p.ignored) continue;
    const reason = p.reason ?? 'no reason given';
    let key = masked.get(reason);
    if (key === undefined) {
      // Figures, not names: `NodePool=gpu-2` and `m5.large` keep their digits.
      key = `${p.ignored ? 'ignored' : 'pending'} ${reason.replace(/(?<![\w.\-/])\d+(?:\.\d+)?/g, '#')}`;
      masked.set(reason, key);
    }
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { number: groups.size + 1, ignored: p.ignored === true, reason, varies: false, pods: [p] });
    else {
      g.pods.push(p);
      if (!g.varies && reason !== g.reason) g.varies = true;
    }
  }
  return [...groups.values()].sort((a, b) => b.pods.length - a.pods.length || a.number - b.number);
}

function writePending(w: Write, v: ExplainView, groups: readonly PendingGroup[]): void {
  if (groups.length === 0) return;
  const pending = groups.filter((g) => !g.ignored).reduce((n, g) => n + g.pods.length, 0);
  const ignored = groups.filter((g) => g.ignored).reduce((n, g) => n + g.pods.length, 0);
  const stay = v.result.settled === false ? `still pending after ${count(v.result.rounds ?? 0, 'round')}` : 'would stay pending';
  const heads = [pending > 0 ? `${count(pending, 'pod')} ${stay}` : '', ignored > 0 ? `${count(ignored, 'pod')} ignored` : ''];
  w(`\n${heads.filter((h) => h !== '').join(', ')}, by reason:\n`);
  const shown = v.wide ? groups : groups.slice(0, SHOWN_GROUPS);
  for (const g of shown) {
    const what = g.ignored ? 'ignored by Karpenter' : 'pending';
    const varies = g.varies ? ' (the figures differ between these pods; --json has each reason)' : '';
    const head = `[${g.number}] ${count(g.pods.length, 'pod')} ${what}${varies}: `;
    const names = g.pods.map((p) => `${p.namespace}/${p.name}`);
    if (v.wide) w(`${wrap(`${head}${names.join(' ')}`, LINE_WIDTH, '    ').join('\n')}\n`);
    else w(`${head}${fitNames(names)(Math.max(MIN_LAST, LINE_WIDTH - head.length))}\n`);
    for (const line of g.ignored ? [g.reason] : perNodePool(g.reason)) w(item(line, '  ', v.wide));
  }
  if (shown.length < groups.length) {
    const rest = groups.slice(shown.length).reduce((n, g) => n + g.pods.length, 0);
    w(`(+${groups.length - shown.length} more reasons for ${count(rest, 'pod')}; -o wide shows every one)\n`);
  }
}

function writePods(w: Write, v: ExplainView, groups: readonly PendingGroup[]): void {
  const groupOf = new Map<PodResult, number>();
  for (const g of groups) for (const p of g.pods) groupOf.set(p, g.number);
  // With rounds: the round each pod was placed in, and the type its NodeClaim launched as.
  const rounds = v.result.rounds !== undefined;
  const launchOf = new Map(v.claims.map((c) => [c.claim.name, c]));
  const row = (p: PodResult): string[] => {
    const who = `${p.namespace}/${p.name}`;
    // A Karpenter node names its pool in its `karpenter.sh/nodepool` label.
    const nodePool = p.nodePool ?? (p.node === undefined ? undefined : v.nodePoolOfNode?.get(p.node)) ?? '-';
    if (p.bound) return [who, nodePool, p.node ?? '-', '-', `bound to ${p.node ?? 'a node'} (cluster state)`];
    const group = groupOf.get(p);
    if (group !== undefined) return [who, '-', '-', '-', p.ignored ? `ignored [${group}]` : `pending [${group}]`];
    if (p.node !== undefined) return [who, nodePool, p.node, '-', 'existing node'];
    const launched = rounds ? launchOf.get(p.nodeClaim ?? '') : undefined;
    const type = launched ? launched.cheapest : p.cheapestInstanceType;
    const hourly = launched ? launched.hourlyPrice : p.hourlyPrice;
    const price = type === undefined || hourly === undefined ? (type ?? 'no price') : `${type} ${formatUsd(hourly)}/h`;
    return [who, p.nodePool ?? '-', p.nodeClaim ?? '-', price, 'new NodeClaim'];
  };
  const rows = v.result.pods.map((p) => {
    const r = row(p);
    return rounds ? [r[0], p.round === undefined ? '-' : String(p.round), ...r.slice(1)] : r;
  });
  const heads = ['POD', ...(rounds ? ['ROUND'] : []), 'NODEPOOL', 'NODECLAIM OR NODE', rounds ? 'TYPE' : 'CHEAPEST', 'WHERE'];
  w(`\n${table(heads, rows, v.wide)}`);
}

function writeNotModelled(w: Write, pods: readonly PodResult[]): void {
  const byWhat = new Map<string, string[]>();
  for (const p of pods) {
    for (const what of p.notModelled ?? []) {
      const list = byWhat.get(what);
      if (list) list.push(`${p.namespace}/${p.name}`);
      else byWhat.set(what, [`${p.namespace}/${p.name}`]);
    }
  }
  if (byWhat.size === 0) return;
  w('\nNot modelled (Karpenter may place these pods differently):\n');
  for (const [what, names] of byWhat) w(item(`${what}: ${count(names.length, 'pod')} (${abbreviate(names, SHOWN_PODS)})`));
}

function writeCeilings(w: Write, v: ExplainView): void {
  const pools = v.result.nodePools;
  if (pools.length === 0) return;
  const entries = ceilingEntries(
    pools.map((p) => p.name),
    v.ceilings,
  );
  w(`\n${ceilingHeading()}\n`);
  entries.forEach((entry, i) => {
    w(item(entry));
    // What the figure leaves out: unpriced types, limits that bound nothing.
    for (const note of v.ceilings[i]?.notes ?? []) w(item(`leaves out: ${note}`, '      '));
  });
}

/** `  - text` (or `indent- text`), wrapped to LINE_WIDTH; a word longer than a line is cut, or with `wide` wrapped too. */
function item(text: string, indent = '  ', wide = false): string {
  if (wide) return `${wrap(`${indent}- ${text}`, LINE_WIDTH, `${indent}  `).join('\n')}\n`;
  const lines: string[] = [];
  let line = `${indent}-`;
  const rest = `${indent} `;
  for (const raw of clip(text, MAX_ITEM).split(' ')) {
    const word = raw.length > LINE_WIDTH - rest.length - 1 ? clip(raw, LINE_WIDTH - rest.length - 1) : raw;
    if (line.length + 1 + word.length > LINE_WIDTH && line.trim() !== '-') {
      lines.push(line);
      line = rest;
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** How each of Karpenter's per-NodePool scheduling errors starts (scheduler.go, nodeclaim.go, topology.go, v1.14.1). */
const NODEPOOL_ERROR_STARTS = [
  'NodePool=',
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

/** The last cell of a row: text, or text made to fit a width (a list of names). */
type LastCell = string | ((width: number) => string);

/**
 * A table; cells longer than MAX_CELL are cut, the last column (free text) is not padded and gets what is left of
 * LINE_WIDTH (at least MIN_LAST). `wide`: no cell is cut, and the last column wraps onto lines of its own indent.
 */
function table(header: readonly string[], rows: readonly (readonly LastCell[])[], wide = false): string {
  const last = header.length - 1;
  const fixed = rows.map((r) => r.slice(0, last).map((cell) => (wide ? (cell as string) : clip(cell as string, MAX_CELL))));
  const widths = header.map((h, c) => (c === last ? 0 : fixed.reduce((m, r) => Math.max(m, (r[c] ?? '').length), h.length)));
  const start = widths.reduce((sum, w) => sum + w + 2, 0);
  const room = Math.max(MIN_LAST, LINE_WIDTH - start);
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd() + '\n';
  const out: string[] = [line(header)];
  rows.forEach((r, i) => {
    const text = r[last] as LastCell;
    if (!wide) {
      out.push(line([...fixed[i], typeof text === 'string' ? clip(text, room) : text(room)]));
      return;
    }
    const [first, ...more] = wrap(typeof text === 'string' ? text : text(Infinity), room, '');
    out.push(line([...fixed[i], first]));
    for (const rest of more) out.push(`${' '.repeat(start)}${rest}\n`);
  });
  return out.join('');
}

/**
 * `text` in lines of at most `width` characters, broken at spaces; a word longer than a line stays whole on a line of
 * its own (a name stays copyable). Lines after the first start with `indent` (counted in the width).
 */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const room = width - (lines.length === 0 ? 0 : indent.length);
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(lines.length === 0 ? line : `${indent}${line}`);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(lines.length === 0 ? line : `${indent}${line}`);
  return lines;
}

/** `text`, cut to `max` characters with `...` in the middle (names keep their start and end). */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 3) * 0.6);
  return `${text.slice(0, head)}...${text.slice(text.length - (max - 3 - head))}`;
}

function span(r: { readonly min: number; readonly max: number } | undefined, show: (n: number) => string): string {
  if (r === undefined) return '-';
  return r.min === r.max ? show(r.min) : `${show(r.min)}-${show(r.max)}`;
}

function formatGiB(mib: number): string {
  return trimNumber(mib / 1024);
}

function trimNumber(n: number): string {
  return Number.isInteger(n)
    ? String(n)
    : n
        .toFixed(n < 10 ? 2 : 1)
        .replace(/0+$/, '')
        .replace(/\.$/, '');
}

const cores = (millicores: number) => trimNumber(millicores / 1000);
const gib = (bytes: number) => trimNumber(bytes / 1024 ** 3);

/** `requested/allocatable` of one resource, `?` where a side is not known. */
function ofAllocatable(c: ClaimView, resource: string, show: (n: number) => string): string {
  const req = (r: ResourceAmounts | undefined) => (r === undefined ? '?' : show(ownValue(r, resource) ?? 0));
  return `${req(c.requested)}/${req(c.allocatable)}`;
}

/** Every name with `wide`, wrapped by the table; else as many as fit (fitNames). */
function podNames(names: readonly string[], wide: boolean): LastCell {
  return wide ? names.join(' ') : fitNames(names);
}

/** As many of `names` as fit in `width` with `(+N more)`; at least one, cut to fit. */
function fitNames(names: readonly string[]): (width: number) => string {
  return (width) => {
    let out = '';
    for (let k = 0; k < names.length; k++) {
      const more = k + 1 < names.length ? ` (+${names.length - k - 1} more)` : '';
      const next = out === '' ? names[k] : `${out} ${names[k]}`;
      if (next.length + more.length > width) {
        const rest = ` (+${names.length - k} more)`;
        return out === '' ? clip(`${names[0]}`, width - rest.length) + rest : `${out}${rest}`;
      }
      out = next;
    }
    return out;
  };
}

/** The first `shown` items and `(+N more)`; `total` counts items not passed in. */
function abbreviate(items: readonly string[], shown: number, total = items.length): string {
  if (total <= shown) return items.join(' ');
  return `${items.slice(0, shown).join(' ')} (+${total - shown} more)`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** `m5` before `m5a`, `g5` before `g6`, `xlarge` sizes by number. */
function compareNatural(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
