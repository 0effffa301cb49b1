// Pure core: no cdktf or constructs imports.
import { BuilderKind } from '../builder-value';
import { builderError, ValidationIssue, withIssues } from '../issues';

/** Kubernetes resource quantity, as the CRDs' `pattern` writes it (`limits`, `kubeReserved`, ...). */
export const QUANTITY_PATTERN = /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

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

/** The binary suffixes of a quantity, largest first. */
export const BINARY_SUFFIXES = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
] as const;
/** The decimal suffixes of one thousand and more, largest first. */
export const DECIMAL_SUFFIXES = [
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
] as const;

const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  ...Object.fromEntries([...BINARY_SUFFIXES, ...DECIMAL_SUFFIXES]),
};

/** Numeric value of a quantity string or integer (`32Gi` → 34359738368); undefined when invalid. */
export function quantityToNumber(q: string | number): number | undefined {
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined;
  if (!QUANTITY_PATTERN.test(q)) return undefined;
  const m = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(.*)$/.exec(q)!;
  const base = Number(m[1]);
  const suffix = m[2];
  if (suffix in SUFFIX) return base * SUFFIX[suffix];
  return base * 10 ** Number(suffix.slice(1)); // decimal exponent, e.g. 1e3
}
