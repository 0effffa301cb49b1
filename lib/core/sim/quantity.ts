// Pure core: no cdktf or constructs imports.
// Resource quantities in the simulator's base units: cpu in millicores, everything else in whole units
// (bytes, counts), rounded up as Kubernetes rounds (`100m` of memory is 1 byte).
import { BINARY_SUFFIXES, DECIMAL_SUFFIXES, quantityToNumber } from '../api/quantity';

/** Kubernetes's core resource names. */
export const CPU = 'cpu';
export const MEMORY = 'memory';
export const EPHEMERAL_STORAGE = 'ephemeral-storage';
export const PODS = 'pods';

/** 2^20 and 2^30. */
export const MI = 2 ** 20;
export const GI = 2 ** 30;

function roundUp(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) < 1e-6 ? r : Math.ceil(v);
}

/** The amount of `resource` in base units (cpu: millicores), or undefined when `q` is no quantity. */
export function resourceAmount(resource: string, q: unknown): number | undefined {
  if (typeof q !== 'string' && typeof q !== 'number') return undefined;
  const n = quantityToNumber(typeof q === 'number' ? q : q.trim());
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return roundUp(resource === CPU ? n * 1000 : n);
}

/** An amount as Kubernetes prints a quantity: cpu `1` or `500m`, bytes `6903Mi` or `1G`, counts `29`. */
export function formatQuantity(resource: string, n: number): string {
  if (resource === CPU && n % 1000 !== 0) return `${n}m`;
  if (resource === CPU) n /= 1000;
  if (n === 0 || !Number.isInteger(n)) return `${n}`;
  if (resource === MEMORY || resource === EPHEMERAL_STORAGE || resource.startsWith('hugepages-')) {
    for (const [suffix, size] of BINARY_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  }
  for (const [suffix, size] of DECIMAL_SUFFIXES) if (n % size === 0) return `${n / size}${suffix}`;
  return `${n}`;
}
