// Pure core: no cdktf or constructs imports.
// What the synth lints ask of the catalog: which values a label takes, the nearest known value, and
// what admission says of a NodePool with its EC2NodeClass.
import { IssueCollector, ValidationContext } from '../issues';
import { WellKnownLabel } from '../model/labels';
import type { InstanceTypeCatalog } from '../sim/types';
import { lookupTable, ownValue } from '../json';

// The catalog loads at the first check: the codes of the catalog lints load no catalog.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const catalogModule = (): typeof import('../sim/catalog') => require('../sim/catalog');

/** How the catalog lints report: warnings (default), errors (strict), or not at all. */
export type CatalogChecks = 'warn' | 'error' | 'off';

/** Reports a catalog finding as `catalogChecks` asks: a warning, or (strict) an error that its code still silences. */
export function reportCatalogFinding(
  c: IssueCollector,
  ctx: ValidationContext & { readonly catalogChecks?: CatalogChecks },
  field: string,
  code: string,
  message: string,
): void {
  if (ctx.catalogChecks !== 'error') c.warn(field, code, message);
  else if (!ctx.silence?.includes(code)) c.error(field, code, message);
}

/** Label keys whose every value the catalog knows, so a value outside them matches no type. */
export const CATALOG_VALUE_KEYS: readonly string[] = [
  WellKnownLabel.INSTANCE_TYPE,
  WellKnownLabel.INSTANCE_FAMILY,
  WellKnownLabel.INSTANCE_CATEGORY,
  WellKnownLabel.INSTANCE_SIZE,
  WellKnownLabel.INSTANCE_GENERATION,
  WellKnownLabel.INSTANCE_CPU,
  WellKnownLabel.INSTANCE_MEMORY,
  WellKnownLabel.INSTANCE_CPU_MANUFACTURER,
  WellKnownLabel.INSTANCE_HYPERVISOR,
  WellKnownLabel.INSTANCE_GPU_NAME,
  WellKnownLabel.INSTANCE_GPU_MANUFACTURER,
  WellKnownLabel.INSTANCE_GPU_COUNT,
  WellKnownLabel.INSTANCE_ACCELERATOR_NAME,
  WellKnownLabel.INSTANCE_ACCELERATOR_MANUFACTURER,
  WellKnownLabel.INSTANCE_ACCELERATOR_COUNT,
];

const valueSets = new WeakMap<InstanceTypeCatalog, Map<string, ReadonlySet<string> | undefined>>();

/**
 * The values a catalog label key takes; undefined for a key no type has. Each key's set is built at its first
 * question: a lint asks about the few keys a pool's requirements name, not all forty.
 */
function knownValues(catalog: InstanceTypeCatalog, key: string): ReadonlySet<string> | undefined {
  let byKey = valueSets.get(catalog);
  if (!byKey) valueSets.set(catalog, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  const cols = catalogModule().catalogColumns(catalog);
  let values: ReadonlySet<string> | undefined;
  if (cols) {
    const listed = key === WellKnownLabel.INSTANCE_TYPE ? cols.names : cols.values.get(key);
    values = listed && new Set(listed);
  } else {
    const found = catalog.instanceTypes.map((it) => ownValue(it.labels, key)).filter((v) => v !== undefined);
    values = found.length > 0 ? new Set(found) : undefined;
  }
  byKey.set(key, values);
  return values;
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

const NOUN: Readonly<Record<string, string>> = lookupTable({
  [WellKnownLabel.INSTANCE_TYPE]: 'an instance type',
  [WellKnownLabel.INSTANCE_FAMILY]: 'a family',
  [WellKnownLabel.INSTANCE_CATEGORY]: 'a category',
  [WellKnownLabel.INSTANCE_SIZE]: 'a size',
});

/**
 * Why `value` under `key` matches no catalog type, with a fix: the key it belongs to (`m5.large` is an
 * instance type), or the nearest known value. Undefined when the catalog has the value.
 */
export function unknownCatalogValue(
  key: string,
  value: string,
  catalog: InstanceTypeCatalog = catalogModule().loadInstanceTypeCatalog(),
): string | undefined {
  const known = knownValues(catalog, key);
  if (!known || known.has(value)) return undefined;
  for (const other of [
    WellKnownLabel.INSTANCE_TYPE,
    WellKnownLabel.INSTANCE_FAMILY,
    WellKnownLabel.INSTANCE_CATEGORY,
    WellKnownLabel.INSTANCE_SIZE,
  ]) {
    if (other !== key && knownValues(catalog, other)?.has(value))
      return `${JSON.stringify(value)} is ${NOUN[other]}, not ${NOUN[key] ?? `a ${key} value`}; use ${other}`;
  }
  const lower = value.toLowerCase();
  if (known.has(lower)) return `${JSON.stringify(value)} is not a ${key} value; did you mean ${JSON.stringify(lower)}?`;
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = distance(lower, k);
    if (d < bestD || (d === bestD && best !== undefined && k < best)) [best, bestD] = [k, d];
  }
  const hint = best !== undefined && bestD <= Math.max(1, Math.floor(value.length / 3)) ? `; did you mean ${JSON.stringify(best)}?` : '';
  const sample = [...known].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const list = sample.length > 12 ? `${sample.slice(0, 12).join(', ')}, ...` : sample.join(', ');
  return `no instance type of the catalog has ${key}=${JSON.stringify(value)}${hint || ` (known values: ${list})`}`;
}
