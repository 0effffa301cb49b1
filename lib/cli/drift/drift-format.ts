// `drift`'s output: a table per NodePool, then the reasons with their field paths, the pace and what blocks it,
// then one line per change that replaces nothing; or the preview as JSON.
import { show } from '../../core/json';
import type { DriftPreview, DriftReason, NodePoolDrift } from '../../core/drift/drift-types';

type Out = { write(chunk: string): unknown };

/** Issues of one code listed before the rest are counted. */
const SHOWN_PER_CODE = 20;
/** Blocked NodeClaims listed per pool before the rest are counted. */
const SHOWN_BLOCKED = 10;

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

function nodeClaimsCell(p: NodePoolDrift): string {
  if (p.nodeClaims === undefined) return '-';
  const drifted = p.nodeClaims.filter((c) => c.drifted === true).length;
  const unknown = p.nodeClaims.filter((c) => c.drifted === 'unknown').length;
  return `${drifted}/${p.nodeClaims.length}${unknown > 0 ? ` (${unknown} unknown)` : ''}`;
}

function atOnceCell(p: NodePoolDrift): string {
  if (p.pace === undefined) return '-';
  const n = p.pace.atOnce !== undefined ? String(p.pace.atOnce) : p.pace.limit;
  return p.pace.blockedBy !== undefined ? `${n} (blocked)` : n;
}

function whyCell(p: NodePoolDrift): string {
  if (p.change !== 'changed') return p.change;
  const moving = p.reasons.filter((r) => r.kind !== 'None');
  if (moving.length === 0) return p.drift === 'unknown' ? 'see issues' : '-';
  return `${moving[0].field}${moving.length > 1 ? ` (+${moving.length - 1})` : ''}`;
}

function values(r: DriftReason): string {
  if (!('before' in r) && !('after' in r)) return '';
  const side = (k: 'before' | 'after') => (r[k] === undefined ? '(none)' : show(r[k]));
  return ` (${side('before')} -> ${side('after')})`;
}

function reasonLine(object: string, r: DriftReason): string {
  // A pool's reasons from its EC2NodeClass already name the class.
  const where = r.field.startsWith('EC2NodeClass/') ? r.field : `${object} ${r.field}`;
  return `  ${where}${values(r)}: ${r.message}\n`;
}

/** Writes the text report: notes and issues, the NodePool table, reasons, pace, and changes that replace nothing. */
export function writeDriftText(out: Out, p: DriftPreview, notes: readonly string[]): void {
  const parts: string[] = [];
  for (const n of notes) parts.push(`${n}\n`);
  const issues = [...p.issues, ...p.nodePools.flatMap((x) => x.issues), ...p.ec2NodeClasses.flatMap((x) => x.issues)];
  // One line per issue, up to SHOWN_PER_CODE of a code (NodeClaims without hashes can be thousands); JSON has them all.
  const shown = new Map<string, number>();
  for (const i of issues) {
    const n = (shown.get(i.code) ?? 0) + 1;
    shown.set(i.code, n);
    if (n <= SHOWN_PER_CODE) parts.push(`warning: ${i.object}${i.field ? ` ${i.field}` : ''}: ${i.message} (${i.code})\n`);
  }
  for (const [code, n] of shown) if (n > SHOWN_PER_CODE) parts.push(`warning: and ${n - SHOWN_PER_CODE} more ${code} (-o json lists them all)\n`);
  if (parts.length > 0) parts.push('\n');
  const rows = [
    ['NODEPOOL', 'DRIFT', 'NODECLAIMS', 'AT ONCE', 'WHY'],
    ...p.nodePools.map((x) => [x.name, x.drift, nodeClaimsCell(x), atOnceCell(x), whyCell(x)]),
  ];
  parts.push(p.nodePools.length > 0 ? table(rows) : 'No NodePool on either side.\n');
  const used = new Set(p.nodePools.map((x) => x.nodeClass));
  const reasons = [
    ...p.nodePools.flatMap((x) => x.reasons.filter((r) => r.kind !== 'None').map((r) => reasonLine(`NodePool/${x.name}`, r))),
    ...p.ec2NodeClasses
      .filter((c) => !used.has(c.name))
      .flatMap((c) => c.reasons.filter((r) => r.kind !== 'None').map((r) => reasonLine(`EC2NodeClass/${c.name}`, r))),
  ];
  if (reasons.length > 0) parts.push('\nWhy:\n', ...reasons);
  const pace = p.nodePools.flatMap((x) => paceLines(x));
  if (pace.length > 0) parts.push(`\nPace (budgets for Drifted at ${p.at}):\n`, ...pace);
  const none = [
    ...p.nodePools.flatMap((x) => x.reasons.filter((r) => r.kind === 'None').map((r) => reasonLine(`NodePool/${x.name}`, r))),
    ...p.ec2NodeClasses.flatMap((c) => c.reasons.filter((r) => r.kind === 'None').map((r) => reasonLine(`EC2NodeClass/${c.name}`, r))),
  ];
  if (none.length > 0) parts.push('\nReplaces nothing:\n', ...none);
  out.write(parts.join(''));
}

/** For a pool that drifts: what blocks it and when that changes, and the NodeClaims that cannot be disrupted. */
function paceLines(x: NodePoolDrift): string[] {
  if (x.drift === 'none' || x.pace === undefined) return [];
  const lines: string[] = [];
  if (x.pace.blockedBy !== undefined) lines.push(`  NodePool/${x.name}: blocked by ${x.pace.blockedBy}\n`);
  if (x.pace.nextBlock !== undefined) lines.push(`  NodePool/${x.name}: blocked later by ${x.pace.nextBlock}\n`);
  const blocked = (x.nodeClaims ?? []).filter((c) => c.blocked !== undefined);
  for (const c of blocked.slice(0, SHOWN_BLOCKED)) lines.push(`  NodePool/${x.name}: NodeClaim ${c.name} cannot be disrupted: ${c.blocked}\n`);
  if (blocked.length > SHOWN_BLOCKED)
    lines.push(`  NodePool/${x.name}: and ${blocked.length - SHOWN_BLOCKED} more NodeClaims that cannot be disrupted\n`);
  return lines;
}

/** Writes the preview as one JSON object. */
export function writeDriftJson(out: Out, p: DriftPreview): void {
  out.write(`${JSON.stringify(p, null, 2)}\n`);
}
