// The bench's printed table: one line of medians per row, then one ok/MISS line per target.
import { medianSample, Sample } from './measure';
import { TargetCheck } from './targets';

/** The unit of a per-NodePool time, printed to a tenth of a ms. */
export const PER_NODE_POOL_MS = 'ms per NodePool';

/** One row of the table: its label and every run's sample. */
export interface ReportRow {
  readonly label: string;
  readonly samples: readonly Sample[];
}

/** The printed table. */
export function formatReport(rows: readonly ReportRow[], checks: readonly TargetCheck[], header: string): string {
  const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(0));
  const cols = ['', 'wall ms (min-max)', 'cpu ms', 'load ms', 'build ms', 'synth ms', 'max RSS MB'];
  const body = rows.map(({ label, samples }) => {
    const m = medianSample(samples);
    const walls = samples.map((s) => s.wallMs);
    return [
      label,
      `${ms(m.wallMs)} (${ms(Math.min(...walls))}-${ms(Math.max(...walls))})`,
      ms(m.cpuMs),
      ms(m.loadMs),
      ms(m.buildMs),
      ms(m.synthMs),
      (m.maxRssKb / 1024).toFixed(1),
    ];
  });
  const widths = cols.map((c, i) => Math.max(c.length, ...body.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const lines = [header, '', fmt(cols), ...body.map(fmt), ''];
  for (const c of checks) {
    const value = c.unit === 'x' ? c.value.toFixed(3) : c.value.toFixed(c.unit === 'MB' || c.unit === PER_NODE_POOL_MS ? 1 : 0);
    const op = '<=';
    lines.push(
      `${c.ok ? 'ok  ' : 'MISS'} ${c.name}: ${value}${c.unit === 'x' ? '' : ` ${c.unit}`} (target ${op} ` +
        `${c.limit}${c.unit === 'x' ? '' : ` ${c.unit}`})`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** An integer of milliseconds, or '-'. */
export function ms0(x: number | undefined): string {
  return x === undefined ? '-' : x.toFixed(0);
}
