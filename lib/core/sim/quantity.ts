// Pure core: no cdktf or constructs imports.
// Resource quantities in the simulator's base units: cpu in millicores, everything else in whole units
// (bytes, counts), rounded up as Kubernetes rounds (`100m` of memory is 1 byte).
import { quantityToNumber } from '../api/quantity';

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

const BINARY = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
] as const;
const DECIMAL = [
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
] as const;

/** An amount as Kubernetes prints a quantity: cpu `1` or `500m`, bytes `6903Mi` or `1G`, counts `29`. */
export function formatQuantity(resource: string, n: number): string {
  if (resource === CPU && n % 1000 !== 0) return `${n}m`;
  if (resource === CPU) n /= 1000;
  if (n === 0 || !Number.isInteger(n)) return `${n}`;
  if (resource === MEMORY || resource === EPHEMERAL_STORAGE || resource.startsWith('hugepages-')) {
    for (const [suffix, size] of BINARY) if (n % size === 0) return `${n / size}${suffix}`;
  }
  for (const [suffix, size] of DECIMAL) if (n % size === 0) return `${n / size}${suffix}`;
  return `${n}`;
}
