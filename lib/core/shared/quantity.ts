// Kubernetes resource quantities, one module for validation, simulation and pricing: the CRDs' pattern, the
// parse to a number, the scale to base units (cpu in millicores, everything else in units: bytes, counts) and
// the print. Amounts are exact, as Karpenter's resource.Quantity sums are: `0.5m` of cpu is 0.5, `100m` of
// memory 0.1 (byte); nothing is rounded per pod.
import { ownValue, recordOf } from '../json';

/** Kubernetes resource quantity, as the CRDs' `pattern` writes it (`limits`, `kubeReserved`, ...). */
export const QUANTITY_PATTERN = /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

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

/** Numeric value of a quantity string or integer as written (`32Gi` → 34359738368, cpu `500m` → 0.5); undefined when invalid. */
export function quantityToNumber(q: string | number): number | undefined {
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined;
  if (!QUANTITY_PATTERN.test(q)) return undefined;
  const m = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(.*)$/.exec(q)!;
  const base = Number(m[1]);
  const suffix = m[2];
  if (suffix in SUFFIX) return base * SUFFIX[suffix];
  return base * 10 ** Number(suffix.slice(1)); // decimal exponent, e.g. 1e3
}

/** Kubernetes's core resource names. */
export const CPU = 'cpu';
export const MEMORY = 'memory';
export const EPHEMERAL_STORAGE = 'ephemeral-storage';
export const PODS = 'pods';

/** Millicores in one core: the scale from a written cpu quantity to its base units. */
export const MILLICORES_PER_CORE = 1000;

/** 2^20 and 2^30. */
export const MI = 2 ** 20;
export const GI = 2 ** 30;

/**
 * Drops binary floating-point noise (`0.1 * 1000` is 100.00000000000001) so decimal amounts compare as the
 * decimals they are; a real difference is at least a nano-unit, far above the 1e-12 relative tolerance.
 */
function exact(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) <= 1e-12 * Math.max(1, Math.abs(v)) ? r : v;
}

/** `a + b` of two amounts, exactly as Karpenter's resources.Merge adds quantities. */
export function addAmounts(a: number, b: number): number {
  return exact(a + b);
}

/** Two resource lists added, resource by resource, exactly (resources.Merge). */
export function mergeAmounts(a: Readonly<Record<string, number>>, b?: Readonly<Record<string, number>>): Record<string, number> {
  const out = recordOf(a);
  if (b) for (const [k, v] of Object.entries(b)) out[k] = addAmounts(out[k] ?? 0, v);
  return out;
}

/** `a` less `b`, resource by resource, exactly (resources.Subtract); a resource only `b` lists goes negative. */
export function subtractAmounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> {
  const out = recordOf(a);
  for (const [k, v] of Object.entries(b)) out[k] = addAmounts(out[k] ?? 0, -v);
  return out;
}

/**
 * Whether `requests` fit in `total` (resources.Fits, kubernetes-sigs/karpenter v1.14.1 pkg/utils/resources/resources.go:188):
 * nothing fits a total with a negative amount, and each request is within the total (a resource it lacks is 0).
 * `negative`, when the caller knows it already (an instance type's allocatable), saves the scan.
 */
export function fits(
  requests: Readonly<Record<string, number>>,
  total: Readonly<Record<string, number>>,
  negative = Object.values(total).some((v) => v < 0),
): boolean {
  if (negative) return false;
  for (const k in requests) if (requests[k] > (ownValue(total, k) ?? 0)) return false;
  return true;
}

/** Whether an amount is not a whole base unit (sub-millicore cpu, a fraction of a byte). */
export function isSubUnit(n: number): boolean {
  return !Number.isInteger(n);
}

/** The amount of `resource` in base units (cpu: millicores), or undefined when `q` is no quantity. */
export function resourceAmount(resource: string, q: unknown): number | undefined {
  if (typeof q !== 'string' && typeof q !== 'number') return undefined;
  const n = quantityToNumber(typeof q === 'number' ? q : q.trim());
  // A string such as "1e309" is a quantity to Kubernetes (ParseQuantity caps only BinarySI amounts, at maxAllowed:
  // apimachinery pkg/api/resource/quantity.go:379 at eed236c), larger than a double: the amount is Infinity, no limit.
  if (n === undefined || Number.isNaN(n) || (typeof q === 'number' && !Number.isFinite(n))) return undefined;
  return exact(resource === CPU ? n * MILLICORES_PER_CORE : n);
}

/** An amount as Kubernetes prints a quantity: cpu `1` or `500m`, bytes `6903Mi` or `1G`, counts `29`. */
export function formatQuantity(resource: string, n: number): string {
  if (resource === CPU && isSubUnit(n)) return Number.isInteger(exact(n * 1000)) ? `${exact(n * 1000)}u` : `${exact(n * 1e6)}n`;
  if (resource === CPU && n % MILLICORES_PER_CORE !== 0) return `${n}m`;
  if (resource === CPU) n /= MILLICORES_PER_CORE;
  if (n === 0 || !Number.isInteger(n)) return `${n}`;
  if (resource === MEMORY || resource === EPHEMERAL_STORAGE || resource.startsWith('hugepages-')) {
    for (const [suffix, size] of BINARY_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  }
  for (const [suffix, size] of DECIMAL_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  return `${n}`;
}
