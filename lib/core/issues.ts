import { isPlainObject } from './json';

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
  /**
   * The message for someone editing the manifest (the `validate` command), when `message` gives TypeScript
   * builder advice (`Quantity.cpu(1000)`) that this one gives as YAML (`cpu: "1000"`).
   * @default - `message` fits both
   */
  readonly yamlMessage?: string;
}

/** A message phrased for both audiences: with TypeScript builder advice, and with the same fix as manifest YAML. */
export interface PhrasedMessage {
  readonly typescript: string;
  readonly yaml: string;
}

/** The issue fields of a message that is either one text for both audiences or phrased for each. */
function messageFields(message: string | PhrasedMessage): { message: string; yamlMessage?: string } {
  return typeof message === 'string' ? { message } : { message: message.typescript, yamlMessage: message.yaml };
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

/**
 * Whether `value`, or a key or value within it, is a token by `isUnresolved`. Past a depth no manifest reaches it
 * answers true, so a hostile 100,000-deep value still gets a verdict (and the checks then test each value).
 */
export function holdsToken(value: unknown, isUnresolved: (value: unknown) => boolean, depth = 0): boolean {
  if (depth > MAX_TOKEN_DEPTH || isUnresolved(value)) return true;
  if (Array.isArray(value)) return value.some((x) => holdsToken(x, isUnresolved, depth + 1));
  if (!isPlainObject(value)) return false;
  for (const k of Object.keys(value)) if (isUnresolved(k) || holdsToken(value[k], isUnresolved, depth + 1)) return true;
  return false;
}

/** Deeper than any NodePool or EC2NodeClass field (their schemas are under 10 deep). */
const MAX_TOKEN_DEPTH = 32;

/** Collects issues for one object being validated. */
export class IssueCollector {
  private readonly found: ValidationIssue[] = [];

  constructor(private readonly ctx: ValidationContext = {}) {}

  /** True when `value` is an unresolved token and so cannot be checked. */
  public isUnresolved(value: unknown): boolean {
    return this.ctx.isUnresolved?.(value) ?? false;
  }

  /**
   * Whether `value` holds a token anywhere (`holdsToken`); false at once when the context tests none.
   * @internal
   */
  public holdsToken(value: unknown): boolean {
    const test = this.ctx.isUnresolved;
    return test !== undefined && holdsToken(value, test);
  }

  public error(field: string, code: string, message: string | PhrasedMessage): void {
    this.found.push({ severity: Severity.ERROR, field, code, ...messageFields(message) });
  }

  public warn(field: string, code: string, message: string | PhrasedMessage): void {
    if (this.ctx.silence?.includes(code)) return;
    this.found.push({ severity: Severity.WARNING, field, code, ...messageFields(message) });
  }

  public add(issues: readonly ValidationIssue[]): void {
    for (const i of issues) {
      if (i.severity === Severity.WARNING && this.ctx.silence?.includes(i.code)) continue;
      this.found.push(i);
    }
  }

  public get issues(): ValidationIssue[] {
    return [...this.found];
  }

  /** Runs a check and tells whether it reported no error: its verdict, to pass on as data instead of checking again. */
  public verdict(check: () => void): boolean {
    const before = this.found.filter((i) => i.severity === Severity.ERROR).length;
    check();
    return this.found.filter((i) => i.severity === Severity.ERROR).length === before;
  }
}

export function errorsOf(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => i.severity === Severity.ERROR);
}

export function warningsOf(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => i.severity === Severity.WARNING);
}

/** Renders one issue as `field: message (code)`. */
export function formatIssue(issue: ValidationIssue): string {
  return `${issue.field}: ${issue.message} (${issue.code})`;
}

/** Renders issues one per line: `[where] field: message (code)`. */
export function formatIssues(where: string, issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `[${where}] ${formatIssue(i)}`).join('\n');
}

/**
 * Thrown when input is invalid. Carries every problem found, not just the first,
 * so a user can fix them all in one go.
 */
export class KarpenterValidationError extends Error {
  /** Where the problem is: a construct path, or a file and document. */
  declare public readonly where: string;
  declare public readonly issues: readonly ValidationIssue[];

  constructor(where: string, issues: readonly ValidationIssue[]) {
    const n = issues.length;
    super(`${n} validation error${n === 1 ? '' : 's'}:\n${formatIssues(where, issues)}`);
    // Not enumerable: Node prints an uncaught error's own enumerable properties after its stack,
    // which would repeat every issue as an object dump.
    Object.defineProperty(this, 'where', { value: where, enumerable: false });
    Object.defineProperty(this, 'issues', { value: issues, enumerable: false });
    Object.defineProperty(this, 'name', { value: 'KarpenterValidationError', enumerable: false });
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

/** A value a builder made (`Budget.percent(120)`, `availabilityZonesOf('eu-wset-1')`), with the problems of its input. */
export interface CarriesIssues {
  /**
   * Problems of the builder's input, reported by the construct or definition given the value (with its path);
   * `field` of each is empty until then. Not enumerable, so it stays out of JSON and equality. Internal: the
   * constructs and definitions read it; an app reports a builder's problems by passing the value to one.
   * @default - none
   * @internal
   */
  readonly builderIssues?: readonly ValidationIssue[];
}

/**
 * Sets `builderIssues` of a value a builder made from bad input instead of throwing, so the construct or
 * definition that receives it reports them with its path, together with every other problem.
 */
export function withIssues<T extends object>(value: T, issues: readonly ValidationIssue[]): T & CarriesIssues {
  Object.defineProperty(value, 'builderIssues', { value: issues, enumerable: false });
  return value;
}

/** An error found by a builder function such as `Budget.percent`, before it knows which field it is for. */
export function builderError(builder: string, code: string, message: string): ValidationIssue {
  return { severity: Severity.ERROR, field: '', code, message: `${builder}: ${message}` };
}

/**
 * Every issue carried by values inside `input` (props objects, arrays, builder objects), with `field`
 * set to where it was found, e.g. `disruption.budgets[0]`. Does not descend into constructs.
 */
export function carriedIssues(input: unknown, path = ''): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  const seen = new Set<object>();
  // The path is built only where an issue is carried: most values carry none.
  const segments: (string | number)[] = []; // a key, or a list index
  const at = () => segments.reduce<string>((p, seg) => (typeof seg === 'number' ? `${p}[${seg}]` : p === '' ? seg : `${p}.${seg}`), path);
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 8) return;
    seen.add(value);
    const carried = (value as CarriesIssues).builderIssues;
    if (carried !== undefined && carried.length > 0) {
      const here = at();
      for (const i of carried) found.push({ ...i, field: [here, i.field].filter((f) => f !== '').join('.') || 'value' });
    }
    if ('node' in value) return; // a construct: reports its own issues
    if (Array.isArray(value)) {
      for (let n = 0; n < value.length; n++) {
        segments.push(n);
        visit(value[n], depth + 1);
        segments.pop();
      }
      return;
    }
    // Field names of a builder object (e.g. a Disruption's) are its internals, not the user's props.
    const plain = isPlainObject(value);
    for (const k of Object.keys(value)) {
      if (plain) segments.push(k);
      visit((value as Record<string, unknown>)[k], depth + 1);
      if (plain) segments.pop();
    }
  };
  visit(input, 0);
  // A builder that parsed a string also carries what the parsed value carries: keep one of each.
  const keys = new Set<string>();
  return found.filter((i) => {
    const key = JSON.stringify([i.field, i.code, i.message]);
    return !keys.has(key) && keys.add(key) !== undefined;
  });
}

/**
 * `issues` plus the issues carried by builder values in `inputs`. A carried issue replaces the ones with
 * the same code at the same place that the rendered value caused (e.g. `Budget.percent(101)` at
 * `disruption.budgets[0]` and then `"101%"` failing the CRD pattern at `spec.disruption.budgets[0].nodes`),
 * so each problem is reported once, by the builder that explains it; problems elsewhere all stay.
 */
export function withCarriedIssues(inputs: unknown, issues: readonly ValidationIssue[]): ValidationIssue[] {
  const carried = carriedIssues(inputs);
  const explained = (i: ValidationIssue) => carried.some((c) => c.code === i.code && samePlace(c.field, i.field));
  return [...carried, ...issues.filter((i) => !explained(i))];
}

// A manifest path names a prop without the envelope: `spec.template.spec.expireAfter` is the prop `expireAfter`.
const MANIFEST_PREFIX = /^spec\.(template\.(spec|metadata)\.)?/;

/** True when the prop path `prop` and the field `field` (a prop or manifest path) are one place, or one holds the other. */
function samePlace(prop: string, field: string): boolean {
  const within = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return [field, field.replace(MANIFEST_PREFIX, '')].some((f) => within(prop, f) || within(f, prop));
}

/** Field path of a map entry or object property: `a.b`, or `a["x/y"]` when the key is not an identifier. */
export function child(path: string, key: string): string {
  const seg = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return path === '' ? seg.replace(/^\./, '') : `${path}${seg}`;
}
