// What the synth lints ask of the catalog: which values a label takes, the nearest known value, and
// what admission says of a NodePool with its EC2NodeClass.
import { IssueCollector, ValidationContext } from '../issues';
import { WellKnownLabel } from '../model/labels';
import type { InstanceTypeCatalog } from '../sim/simulation-types';
import { didYouMean, quotedChoices, SuggestionIndex } from '../shared/suggest';
import { ownValue } from '../json';

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

const indexes = new WeakMap<ReadonlySet<string>, SuggestionIndex>();

/** The suggestion index of a key's values, built at the first unknown value and kept with the catalog's value set. */
function suggestionIndex(values: ReadonlySet<string>): SuggestionIndex {
  let index = indexes.get(values);
  if (!index) indexes.set(values, (index = new SuggestionIndex(values)));
  return index;
}

/** True when some catalog type has `value` under `key`, or the catalog knows no value of `key` (nothing to check). */
export function isKnownCatalogValue(key: string, value: string, catalog: InstanceTypeCatalog = catalogModule().loadInstanceTypeCatalog()): boolean {
  const known = knownValues(catalog, key);
  return !known || known.has(value);
}

const NOUN: ReadonlyMap<string, string> = new Map([
  [WellKnownLabel.INSTANCE_TYPE, 'an instance type'],
  [WellKnownLabel.INSTANCE_FAMILY, 'a family'],
  [WellKnownLabel.INSTANCE_CATEGORY, 'a category'],
  [WellKnownLabel.INSTANCE_SIZE, 'a size'],
]);

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
      return `${JSON.stringify(value)} is ${NOUN.get(other)}, not ${NOUN.get(key) ?? `a ${key} value`}; use ${other}`;
  }
  const index = suggestionIndex(known);
  const near = didYouMean(value, index);
  if (near.length > 0) {
    const hint = `; did you mean ${quotedChoices(near)}?`;
    if (near.every((n) => n.toLowerCase() === value.toLowerCase())) return `${JSON.stringify(value)} is not a ${key} value${hint}`;
    return `no instance type of the catalog has ${key}=${JSON.stringify(value)}${hint}`;
  }
  // Sorted once per key, at the first value with no suggestion.
  const sample = index.sorted();
  const list = sample.length > 12 ? `${sample.slice(0, 12).join(', ')}, ...` : sample.join(', ');
  return `no instance type of the catalog has ${key}=${JSON.stringify(value)} (known values: ${list})`;
}
