import { Annotations } from 'cdktf';
import { IConstruct } from 'constructs';
import { errorsOf, formatIssue, ValidationContext, ValidationIssue, warningsOf, withCarriedIssues } from '../core/issues';
import { checkFramework } from './framework';
import { isUnresolved } from './tokens';

/** Validation context for constructs: values that are Terraform tokens are not checked. */
export function constructContext(silence?: readonly string[]): ValidationContext {
  return { isUnresolved, silence };
}

/**
 * Reports errors at synth instead of throwing now, so `cdktf synth` (and `Testing.synth(stack, true)`)
 * fails once with the errors of every construct, each line prefixed with its construct path. Every
 * construct builds from its plan even when the input is invalid, since synth fails anyway. Issues
 * carried by builder values in `inputs` (e.g. the props) are reported too. Warnings become cdktf
 * annotations (printed by `cdktf synth`).
 */
export function reportIssuesAtSynth(scope: IConstruct, issues: readonly ValidationIssue[], inputs?: unknown): void {
  checkFramework(scope);
  const all = inputs === undefined ? issues : withCarriedIssues(inputs, issues);
  const errors = errorsOf(all);
  if (errors.length > 0) scope.node.addValidation({ validate: () => errors.map(formatIssue) });
  for (const w of warningsOf(all)) {
    Annotations.of(scope).addWarning(formatIssue(w));
  }
}
