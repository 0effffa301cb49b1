// Pure core: no cdktf or constructs imports in lib/core.

/** How serious a validation finding is. */
export enum Severity {
  /** The Kubernetes API server (or AWS) would reject the input. */
  ERROR = 'error',
  /** Accepted by the API, but most likely a mistake (a lint finding). */
  WARNING = 'warning',
}

/** One problem found while validating input. */
export interface ValidationIssue {
  readonly severity: Severity;
  /** Path of the offending field, e.g. `spec.template.spec.requirements[0].values`. */
  readonly field: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** Stable, machine-readable code, e.g. `RequirementInWithoutValues`; lint codes such as `NodePoolWithoutLimits` can be silenced. */
  readonly code: string;
}

/** Options shared by every pure-core validator. */
export interface ValidationContext {
  /**
   * Tells whether a value is an unresolved token (e.g. a Terraform reference) whose real
   * value is unknown until apply; checks on such values are skipped.
   * @default - no value is treated as a token
   */
  readonly isUnresolved?: (value: unknown) => boolean;
  /**
   * Lint codes (warnings) that should not be reported.
   * @default - every warning is reported
   */
  readonly silence?: readonly string[];
}

/** Collects issues for one object being validated. */
export class IssueCollector {
  private readonly found: ValidationIssue[] = [];

  constructor(private readonly ctx: ValidationContext = {}) {}

  /** True when `value` is an unresolved token and so cannot be checked. */
  public isUnresolved(value: unknown): boolean {
    return this.ctx.isUnresolved?.(value) ?? false;
  }

  public error(field: string, code: string, message: string): void {
    this.found.push({ severity: Severity.ERROR, field, code, message });
  }

  public warn(field: string, code: string, message: string): void {
    if (this.ctx.silence?.includes(code)) return;
    this.found.push({ severity: Severity.WARNING, field, code, message });
  }

  public add(issues: readonly ValidationIssue[]): void {
    for (const i of issues) {
      if (i.severity === Severity.WARNING) this.warn(i.field, i.code, i.message);
      else this.found.push(i);
    }
  }

  public get issues(): ValidationIssue[] {
    return [...this.found];
  }
}

export function errorsOf(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => i.severity === Severity.ERROR);
}

export function warningsOf(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => i.severity === Severity.WARNING);
}

/** Renders issues one per line: `[where] field: message (code)`. */
export function formatIssues(where: string, issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `[${where}] ${i.field}: ${i.message} (${i.code})`).join('\n');
}

/**
 * Thrown when input is invalid. Carries every problem found, not just the first,
 * so a user can fix them all in one go.
 */
export class KarpenterValidationError extends Error {
  constructor(
    /** Where the problem is: a construct path, or a file and document. */
    public readonly where: string,
    public readonly issues: readonly ValidationIssue[],
  ) {
    const n = issues.length;
    super(`${n} validation error${n === 1 ? '' : 's'}:\n${formatIssues(where, issues)}`);
    this.name = 'KarpenterValidationError';
  }
}

/** Throws a `KarpenterValidationError` when `issues` holds any error. */
export function throwOnErrors(where: string, issues: readonly ValidationIssue[]): void {
  const errors = errorsOf(issues);
  if (errors.length > 0) throw new KarpenterValidationError(where, errors);
}

/** Throws a `KarpenterValidationError` with a single error, for checks that stop at the first problem. */
export function failValidation(where: string, field: string, code: string, message: string): never {
  throw new KarpenterValidationError(where, [{ severity: Severity.ERROR, field, code, message }]);
}
