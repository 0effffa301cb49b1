import { IssueCollector, ValidationContext } from '../issues';
import { LINT_CODES, LintCode } from '../lints/lint-codes';
import { suggestOne } from '../shared/suggest';

/** Warnings of the manifest validators besides the lint codes (envelope checks). */
export const ENVELOPE_WARNING_CODES = ['NamespaceOnClusterScopedResource', 'StatusIgnored'] as const;

/** A warning code of the NodePool and EC2NodeClass validators: what `silence` / `silenceWarnings` take. */
export type ManifestWarningCode = LintCode | (typeof ENVELOPE_WARNING_CODES)[number];

/** Every code `ValidationContext.silence` can silence for a NodePool or EC2NodeClass. */
export const MANIFEST_WARNING_CODES: readonly ManifestWarningCode[] = [...(Object.keys(LINT_CODES) as LintCode[]), ...ENVELOPE_WARNING_CODES];

/**
 * Reports each `ctx.silence` code that is no manifest warning code as an `UnknownSilenceCode`
 * warning: a typo would otherwise silence nothing, silently. Error codes cannot be silenced.
 */
export function checkSilenceCodes(ctx: ValidationContext, c: IssueCollector): void {
  for (const code of ctx.silence ?? []) {
    if ((MANIFEST_WARNING_CODES as readonly string[]).includes(code)) continue;
    c.warn('silence', 'UnknownSilenceCode', unknownSilenceCodeMessage(code));
  }
}

/** Why `code` silences nothing, with the nearest valid code and the full list. */
export function unknownSilenceCodeMessage(code: string): string {
  const near = suggestOne(code, MANIFEST_WARNING_CODES);
  return (
    `${JSON.stringify(code)} is not a warning code, so it silences ` +
    `nothing${near ? ` (did you mean "${near}"?)` : ''}; codes that can be silenced: ${MANIFEST_WARNING_CODES.join(', ')}`
  );
}
