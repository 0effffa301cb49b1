// Props typed as builder classes (KubernetesVersion, KarpenterDuration, Quantity, Requirement, ...) get plain
// values from JavaScript or JSON config: a string where a class is expected rendered `null` or crashed.
// Every such prop is read through these helpers: the builder value itself, the one an unambiguous string
// stands for (`'1.29'`, `'30m'`, `'32Gi'`), or an error naming the prop, what was given and the builder to use.
import { carriedIssues, Severity, ValidationIssue } from './issues';
import { show } from './json';

/** A builder class, as these helpers check and convert values for it. */
export interface BuilderKind<T> {
  /** Class name, e.g. `KubernetesVersion`. */
  readonly name: string;
  /** The class (constructors may be private). */
  readonly type: { readonly prototype: T; readonly name: string };
  /**
   * The value a string stands for, where that is unambiguous (`'1.29'` → `KubernetesVersion.of('1.29')`).
   * @default - strings are not accepted
   */
  readonly parse?: (text: string) => T;
  /** How to build one, for messages, e.g. `KubernetesVersion.of('1.33')`. */
  readonly example: string;
}

/** True when `value` is an instance of the kind, also from another copy of the library (same class name). */
function isKind<T>(kind: BuilderKind<T>, value: unknown): value is T {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof (kind.type as unknown as new () => T)) return true;
  const ctor = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor;
  return ctor?.name === kind.type.name && ctor !== Object;
}

function wrongType(kind: BuilderKind<unknown>, value: unknown, field: string, issues: ValidationIssue[]): void {
  const strings = kind.parse ? ', or a string in its CRD form' : '';
  issues.push({
    severity: Severity.ERROR,
    field,
    code: 'WrongBuilderType',
    message: `expects a ${kind.name}, got ${show(value, 'typed')}; use ${kind.example}${strings}`,
  });
}

/**
 * `value` as a `kind`: the value itself, the value an accepted string stands for (what it carries added to
 * `issues`), or undefined (and an error in `issues`) for anything else. Undefined stays undefined.
 */
export function builderValue<T>(kind: BuilderKind<T>, value: unknown, field: string, issues: ValidationIssue[]): T | undefined {
  if (value === undefined) return undefined;
  if (isKind(kind, value)) return value;
  if (typeof value === 'string' && kind.parse) {
    // The parsed value is new, so nothing else reports what it carries (e.g. a malformed duration).
    const parsed = kind.parse(value);
    issues.push(...carriedIssues(parsed, field));
    return parsed;
  }
  wrongType(kind as BuilderKind<unknown>, value, field, issues);
  return undefined;
}

/** A list of `kind` (`field[i]` for each item); items of another type are reported and left out. */
export function builderList<T>(kind: BuilderKind<T>, value: unknown, field: string, issues: ValidationIssue[]): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    issues.push({
      severity: Severity.ERROR,
      field,
      code: 'WrongBuilderType',
      message: `expects a list of ${kind.name}, got ${show(value, 'typed')}; use e.g. [${kind.example}]`,
    });
    return undefined;
  }
  return value.flatMap((v, i) => {
    const item = builderValue(kind, v, `${field}[${i}]`, issues);
    return item === undefined ? [] : [item];
  });
}

/** A map of `kind` (`field.key` for each entry); entries of another type are reported and left out. */
export function builderMap<T>(
  kind: BuilderKind<T>,
  value: unknown,
  field: string,
  issues: ValidationIssue[],
): { readonly [key: string]: T } | undefined {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (value !== undefined) {
      issues.push({
        severity: Severity.ERROR,
        field,
        code: 'WrongBuilderType',
        message: `expects a map of ${kind.name}, got ${show(value, 'typed')}; use e.g. { key: ${kind.example} }`,
      });
    }
    return undefined;
  }
  const out: [string, T][] = [];
  for (const [k, v] of Object.entries(value)) {
    const item = builderValue(kind, v, /^[A-Za-z_][\w]*$/.test(k) ? `${field}.${k}` : `${field}[${JSON.stringify(k)}]`, issues);
    if (item !== undefined) out.push([k, item]);
  }
  // fromEntries: a user's key `__proto__` stays a key.
  return Object.fromEntries(out);
}
