// Pure core: no cdktf or constructs imports.
// Resource quantities in the simulator's base units: cpu in millicores, everything else in units (bytes,
// counts). Amounts are exact, as Karpenter's resource.Quantity sums are: `0.5m` of cpu is 0.5, `100m` of
// memory 0.1 (byte); nothing is rounded per pod.
import { BINARY_SUFFIXES, DECIMAL_SUFFIXES, quantityToNumber } from '../api/quantity';

/** Kubernetes's core resource names. */
export const CPU = 'cpu';
export const MEMORY = 'memory';
export const EPHEMERAL_STORAGE = 'ephemeral-storage';
export const PODS = 'pods';

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

/** Whether an amount is not a whole base unit (sub-millicore cpu, a fraction of a byte). */
export function isSubUnit(n: number): boolean {
  return !Number.isInteger(n);
}

/** The amount of `resource` in base units (cpu: millicores), or undefined when `q` is no quantity. */
export function resourceAmount(resource: string, q: unknown): number | undefined {
  if (typeof q !== 'string' && typeof q !== 'number') return undefined;
  const n = quantityToNumber(typeof q === 'number' ? q : q.trim());
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return exact(resource === CPU ? n * 1000 : n);
}

/** An amount as Kubernetes prints a quantity: cpu `1` or `500m`, bytes `6903Mi` or `1G`, counts `29`. */
export function formatQuantity(resource: string, n: number): string {
  if (resource === CPU && isSubUnit(n)) return Number.isInteger(exact(n * 1000)) ? `${exact(n * 1000)}u` : `${exact(n * 1e6)}n`;
  if (resource === CPU && n % 1000 !== 0) return `${n}m`;
  if (resource === CPU) n /= 1000;
  if (n === 0 || !Number.isInteger(n)) return `${n}`;
  if (resource === MEMORY || resource === EPHEMERAL_STORAGE || resource.startsWith('hugepages-')) {
    for (const [suffix, size] of BINARY_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  }
  for (const [suffix, size] of DECIMAL_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  return `${n}`;
}
