import { BuilderKind } from '../builder-value';
import { builderError, ValidationIssue, withIssues } from '../issues';
import { QUANTITY_PATTERN, quantityToNumber } from '../shared/quantity';

// Problems found while building the current value; attached to it (withIssues) rather than thrown,
// so the construct receiving it reports them with its path, together with every other problem.
let pending: ValidationIssue[] = [];

function invalid(where: string, message: string): void {
  pending.push(builderError(where, 'InvalidQuantity', message));
}

function nonNegative(where: string, n: number): number {
  if (!Number.isFinite(n) || n < 0) invalid(`Quantity.${where}`, `must be a finite, non-negative number, got ${n}`);
  return n;
}

function wholeNumber(where: string, n: number): number {
  if (!Number.isInteger(n) || n < 0) invalid(`Quantity.${where}`, `must be a non-negative whole number, got ${n}; use a smaller unit for fractions`);
  return n;
}

/** A Kubernetes resource quantity such as `100` (CPU cores), `500m` or `32Gi`. */
export class Quantity {
  /** CPU cores, e.g. `Quantity.cpu(100)` → `100`, `Quantity.cpu(0.5)` → `0.5`. */
  public static cpu(cores: number): Quantity {
    return Quantity.make(`${nonNegative('cpu', cores)}`);
  }

  /** Millicores, e.g. `Quantity.millicpu(500)` → `500m`. */
  public static millicpu(millicores: number): Quantity {
    return Quantity.make(`${wholeNumber('millicpu', millicores)}m`);
  }

  /** A plain count: nodes, pods, GPUs (`Quantity.count(10)` → `10`). */
  public static count(n: number): Quantity {
    return Quantity.make(`${wholeNumber('count', n)}`);
  }

  /** Mebibytes, e.g. `Quantity.mebibytes(512)` → `512Mi`. */
  public static mebibytes(n: number): Quantity {
    return Quantity.make(`${wholeNumber('mebibytes', n)}Mi`);
  }

  /** Gibibytes, e.g. `Quantity.gibibytes(1000)` → `1000Gi`. */
  public static gibibytes(n: number): Quantity {
    return Quantity.make(`${wholeNumber('gibibytes', n)}Gi`);
  }

  /** Tebibytes, e.g. `Quantity.tebibytes(2)` → `2Ti`. */
  public static tebibytes(n: number): Quantity {
    return Quantity.make(`${wholeNumber('tebibytes', n)}Ti`);
  }

  /** Parses a literal such as `32Gi`, `1.5`, `250m`; a malformed one carries its problem (reported by the construct that uses it). */
  public static parse(text: string): Quantity {
    if (!QUANTITY_PATTERN.test(text)) {
      invalid('Quantity.parse', `${JSON.stringify(text)} is not a Kubernetes quantity; use e.g. "100", "500m", "32Gi", "1Ti"`);
    }
    return Quantity.make(text);
  }

  private static make(text: string): Quantity {
    const issues = pending;
    pending = [];
    const value = new Quantity(text);
    return issues.length > 0 ? withIssues(value, issues) : value;
  }

  /**
   * Problems of the builder's input, reported by the construct given this value; see `CarriesIssues`.
   * @internal
   */
  declare public readonly builderIssues?: readonly ValidationIssue[];

  private constructor(private readonly text: string) {}

  /** The numeric value in base units (cores, bytes, count); undefined when not parsable. */
  public toNumber(): number | undefined {
    return quantityToNumber(this.text);
  }

  /** The Kubernetes string form. */
  public toString(): string {
    return this.text;
  }
}

/** Props typed `Quantity` also take the Kubernetes string (`'32Gi'`, `'500m'`), parsed with `Quantity.parse`. */
export const QUANTITY_BUILDER: BuilderKind<Quantity> = {
  name: 'Quantity',
  type: Quantity,
  parse: (text) => Quantity.parse(text),
  example: 'Quantity.cpu(100) or Quantity.gibibytes(32)',
};
