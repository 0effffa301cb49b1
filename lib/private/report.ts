import { Annotations, Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { throwOnErrors, ValidationContext, ValidationIssue, warningsOf } from '../core/issues';

/** Validation context for constructs: values that are Terraform tokens are not checked. */
export function constructContext(silence?: readonly string[]): ValidationContext {
  return { isUnresolved: (v) => Token.isUnresolved(v), silence };
}

/**
 * Throws one error listing every problem, prefixed with the construct path;
 * warnings become cdktf annotations (printed by `cdktf synth`).
 */
export function reportIssues(scope: IConstruct, issues: readonly ValidationIssue[]): void {
  throwOnErrors(scope.node.path, issues);
  for (const w of warningsOf(issues)) {
    Annotations.of(scope).addWarning(`${w.field}: ${w.message} (${w.code})`);
  }
}
