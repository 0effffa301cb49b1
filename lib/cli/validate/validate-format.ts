// `validate`'s output: the text and JSON report, and one line per finding.
import type { MigrationReport } from '../../core/migrate/migrate-manifests';
import { Severity } from '../../core/issues';
import { FileIssue } from '../command-io';
import { formatFileIssue } from '../issue-format';

/** A document of another API group, left unchecked. */
export interface SkippedDocument {
  readonly file: string;
  readonly document: number;
  readonly apiVersion: string;
  readonly kind?: string;
  readonly name?: string;
}

/** What one `validate` run found, for its report. */
export interface ValidateReport {
  readonly issues: readonly FileIssue[];
  readonly migrations: readonly (MigrationReport & { file: string })[];
  readonly skipped: readonly SkippedDocument[];
  /** Directories a walk left out (node_modules, cdktf.out). */
  readonly skippedDirectories: readonly string[];
  readonly silencedErrors: ReadonlySet<string>;
  readonly files: number;
  readonly documents: number;
  readonly olderApiVersions: number;
  readonly json: boolean;
  readonly migrate: boolean;
}

/** Writes the report: JSON to stdout or text to `out` (stderr when stdout carries YAML), notes to `stderr`. */
export function writeReport(
  r: ValidateReport,
  stdout: { write(chunk: string): unknown },
  out: { write(chunk: string): unknown },
  stderr: { write(chunk: string): unknown },
): void {
  const errors = r.issues.filter((i) => i.severity === Severity.ERROR).length;
  const warnings = r.issues.length - errors;
  const files = r.files;
  if (r.json) {
    stdout.write(
      `${JSON.stringify(
        {
          issues: r.issues,
          migrations: r.migrate ? r.migrations : undefined,
          skipped: r.skipped,
          skippedDirectories: r.skippedDirectories,
          summary: { files, documents: r.documents, skipped: r.skipped.length, errors, warnings },
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const m of r.migrations) out.write(formatMigration(m));
    for (const i of r.issues) out.write(`${formatFileIssue(i)}\n`);
    if (r.skipped.length > 0) out.write(`${skippedNote(r.skipped)}\n`);
    if (r.skippedDirectories.length > 0) {
      const shown = r.skippedDirectories.slice(0, 3).join(', ');
      const more = r.skippedDirectories.length > 3 ? ` and ${r.skippedDirectories.length - 3} more` : '';
      out.write(`note: not walked: ${shown}${more} (installed packages and synth output; name a directory to check it)\n`);
    }
    const problems = errors + warnings === 0 ? 'no problems' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    const migrated = r.migrate ? `, ${plural(r.migrations.length, 'document')} migrated` : '';
    const skipped = r.skipped.length > 0 ? ` (${r.skipped.length} skipped)` : '';
    out.write(`${plural(files, 'file')}, ${plural(r.documents, 'document')}${skipped}${migrated}: ${problems}\n`);
    if (!r.migrate && r.olderApiVersions > 0) {
      out.write(
        `hint: ${plural(r.olderApiVersions, 'document')} use${r.olderApiVersions === 1 ? 's' : ''} ` +
          `a pre-v1 Karpenter API; run again with --migrate to convert ${r.olderApiVersions === 1 ? 'it' : 'them'}\n`,
      );
    }
  }
  for (const code of r.silencedErrors) {
    stderr.write(`note: --silence ${code} has no effect: ${code} is an error, and only warnings can be silenced\n`);
  }
}

/** The apiVersion of a skipped document without one (a package.json met in a directory walk). */
export const NO_API_VERSION = '(none)';

/** Kinds named in the skipped note before `+N more kinds`. */
const SHOWN_KINDS = 5;

/** One line for every document left unchecked: the document itself, or how many of each kind and the first. */
function skippedNote(skipped: readonly SkippedDocument[]): string {
  const describe = (d: SkippedDocument) => `${d.file}#${d.document} ${d.kind ?? '?'}/${d.name ?? '?'}`;
  if (skipped.length === 1) {
    const d = skipped[0];
    const why =
      d.apiVersion === NO_API_VERSION
        ? 'no apiVersion and kind, not a Kubernetes object'
        : /^karpenter\./.test(d.apiVersion)
          ? 'a kind validate does not check'
          : 'not a Karpenter API group';
    return `note: skipped ${describe(d)} (${d.apiVersion}): ${why}`;
  }
  const byKind = new Map<string, number>();
  for (const d of skipped) {
    const kind = d.kind ?? (d.apiVersion === NO_API_VERSION ? 'without apiVersion and kind' : 'without kind');
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const kinds = [...byKind].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  const shown = kinds.slice(0, SHOWN_KINDS).map(([kind, n]) => `${n} ${kind}`);
  const more = kinds.length > SHOWN_KINDS ? ` and ${kinds.length - SHOWN_KINDS} more kinds` : '';
  const first = describe(skipped[0]);
  return `note: skipped ${skipped.length} documents validate does not check (${shown.join(', ')}${more}), first ${first}; --json lists each`;
}

function formatMigration(m: MigrationReport & { file: string }): string {
  const out = m.output;
  const target = out ? ` -> ${out.kind}/${out.name} (${out.apiVersion})` : '';
  const lines = [`migrated ${m.file}#${m.document} ${m.kind}/${m.name}${target}: ${plural(m.changes.length, 'change')}`];
  for (const c of m.changes) {
    const note = c.note ? ` (${c.note})` : '';
    const field = c.source !== undefined && c.source !== c.field ? `${c.source} -> ${c.field}` : c.field;
    lines.push(`  ${field}: ${renderValue(c.from)} -> ${renderValue(c.to)}${note}`);
  }
  return `${lines.join('\n')}\n`;
}

function renderValue(x: unknown): string {
  return x === undefined ? '(none)' : JSON.stringify(x);
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
