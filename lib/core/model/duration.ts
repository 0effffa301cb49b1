import { BuilderKind } from '../builder-value';
import { builderError, ValidationIssue, withIssues } from '../issues';

/** CRD pattern of `expireAfter` and `consolidateAfter`: a duration, or `Never`. */
export const DURATION_OR_NEVER_PATTERN = /^(([0-9]+(s|m|h))+|Never)$/;
/** CRD pattern of `terminationGracePeriod`: a duration, `Never` not allowed. */
export const DURATION_PATTERN = /^([0-9]+(s|m|h))+$/;
/** CRD pattern of a budget `duration`: hours and/or minutes only (cron has no seconds). */
export const BUDGET_DURATION_PATTERN = /^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$/;

const NEVER = 'Never';

// Problems found while building the current value; attached to it (withIssues) rather than thrown,
// so the construct receiving it reports them with its path, together with every other problem.
let pending: ValidationIssue[] = [];

function invalid(where: string, message: string): void {
  pending.push(builderError(where, 'InvalidDuration', message));
}

function whole(unit: string, n: number): number {
  if (!Number.isInteger(n) || n < 0) {
    invalid(
      `KarpenterDuration.${unit}`,
      `must be a non-negative whole number, got ${n}; use a smaller unit for fractions (e.g. KarpenterDuration.minutes(90) instead of hours(1.5))`,
    );
  }
  return n;
}

/**
 * A Karpenter duration as the v1 CRDs write it (`720h`, `30m`, `1h30m`, `Never`). Which forms a
 * field accepts differs (budgets take only hours and minutes, `terminationGracePeriod` has no
 * `Never`); the NodePool validator checks that per field.
 */
export class KarpenterDuration {
  /** A whole number of seconds, e.g. `30s`. */
  public static seconds(n: number): KarpenterDuration {
    return KarpenterDuration.make(`${whole('seconds', n)}s`);
  }

  /** A whole number of minutes, e.g. `5m`. */
  public static minutes(n: number): KarpenterDuration {
    return KarpenterDuration.make(`${whole('minutes', n)}m`);
  }

  /** A whole number of hours, e.g. `720h`. */
  public static hours(n: number): KarpenterDuration {
    return KarpenterDuration.make(`${whole('hours', n)}h`);
  }

  /** A whole number of days, written in hours (`7` → `168h`): Go durations have no day unit. */
  public static days(n: number): KarpenterDuration {
    return KarpenterDuration.make(`${whole('days', n) * 24}h`);
  }

  /** `Never`: disables expiry (`expireAfter`) or consolidation (`consolidateAfter`). */
  public static never(): KarpenterDuration {
    return KarpenterDuration.make(NEVER);
  }

  /** Parses a literal such as `720h`, `1h30m` or `Never`; a malformed one carries its problem (reported by the construct that uses it). */
  public static parse(text: string): KarpenterDuration {
    if (!DURATION_OR_NEVER_PATTERN.test(text)) {
      invalid(
        'KarpenterDuration.parse',
        `${JSON.stringify(text)} is not a Karpenter duration; use whole numbers with s, m or h (e.g. "720h", "1h30m", "30s") or "Never"`,
      );
    }
    return KarpenterDuration.make(text);
  }

  private static make(text: string): KarpenterDuration {
    const issues = pending;
    pending = [];
    const value = new KarpenterDuration(text);
    return issues.length > 0 ? withIssues(value, issues) : value;
  }

  /**
   * Problems of the builder's input, reported by the construct given this value; see `CarriesIssues`.
   * @internal
   */
  declare public readonly builderIssues?: readonly ValidationIssue[];

  private constructor(private readonly text: string) {}

  /** True for `Never`. */
  public get isNever(): boolean {
    return this.text === NEVER;
  }

  /** Total seconds; `Infinity` for `Never`. */
  public toSeconds(): number {
    return durationSeconds(this.text) ?? Infinity;
  }

  /** The CRD string form. */
  public toString(): string {
    return this.text;
  }
}

/** Props typed `KarpenterDuration` also take the CRD string (`'30m'`, `'Never'`), parsed with `KarpenterDuration.parse`. */
export const DURATION_BUILDER: BuilderKind<KarpenterDuration> = {
  name: 'KarpenterDuration',
  type: KarpenterDuration,
  parse: (text) => KarpenterDuration.parse(text),
  example: 'KarpenterDuration.minutes(30)',
};

/** Seconds in a CRD duration string (`1h30m` → 5400); undefined for `Never` or anything unparsable. */
export function durationSeconds(text: string): number | undefined {
  if (!DURATION_PATTERN.test(text)) return undefined;
  let total = 0;
  for (const m of text.matchAll(/([0-9]+)(s|m|h)/g)) {
    total += Number(m[1]) * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1);
  }
  return total;
}
