// One finding as a line, as every command prints it (kubeconform's and compilers' `file:line:column:` form).
import { Severity } from '../core/issues';
import { FileIssue } from './command-io';

/**
 * `<file>:<line>:<column>: <severity> <kind>/<name> <field>: <message> (<code>)`; `<file>#<doc>`
 * replaces the position when there is none, and problems with the file itself have no subject.
 */
export function formatFileIssue(i: FileIssue): string {
  const severity = i.severity === Severity.ERROR ? 'error' : 'warning';
  const at = i.line !== undefined ? `${i.file}:${i.line}:${i.column}` : i.document !== undefined ? `${i.file}#${i.document}` : i.file;
  if (i.document === undefined || (i.field === '(document)' && i.kind === undefined)) {
    const field = i.field.startsWith('(') ? '' : `${i.field}: `;
    return `${at}: ${severity} ${field}${i.message} (${i.code})`;
  }
  return `${at}: ${severity} ${i.kind ?? '?'}/${i.name ?? '?'} ${i.field}: ${i.message} (${i.code})`;
}
