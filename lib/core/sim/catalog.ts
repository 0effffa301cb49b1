// Pure core: no cdktf or constructs imports.
// The bundled instance-type catalog, generated from Karpenter's instance-type reference page by
// scripts/generate-catalog.ts (`npm run generate-catalog`).
import { WellKnownLabel } from '../api/labels';
import { allocatableFor, CATALOG_SETTINGS, memoryCapacity } from './allocatable';
import { CatalogData } from './catalog-format';
import { CPU, EPHEMERAL_STORAGE, GI, MEMORY, MI } from './quantity';
import { InstanceType, InstanceTypeCatalog, ResourceAmounts } from './types';
// Type-only, so the program (and the build) holds the file; it is read on first use, not at import.
import type data from './catalog-data.json';

let CATALOG: CatalogData;
/** The catalog's root volume (no block device mappings: the AL2023 default). */
const CATALOG_VOLUME_BYTES = 20 * GI;
const UNIT_BYTES: Readonly<Record<string, number>> = { m: 1, Mi: MI, Gi: GI, '': 1 };

/** A catalog of the given types, e.g. a hand-made one for a test. */
export function createInstanceTypeCatalog(instanceTypes: readonly InstanceType[], karpenterVersion: string): InstanceTypeCatalog {
  const byName = new Map(instanceTypes.map((t) => [t.name, t]));
  return { karpenterVersion, instanceTypes, get: (name) => byName.get(name) };
}

/** The bundled catalog's labels by column: per key, each type's value index (-1: absent). */
export interface CatalogColumns {
  readonly names: readonly string[];
  readonly columns: ReadonlyMap<string, { readonly values: readonly string[]; readonly index: Int32Array }>;
}

let cached: { catalog: InstanceTypeCatalog; published: (name: string) => ResourceAmounts | undefined; columns: CatalogColumns } | undefined;

// Types are built lazily, field by field: a synth lint that filters by labels (through the columns) never
// builds most of them.
function load(): NonNullable<typeof cached> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  CATALOG = require('./catalog-data.json') as typeof data as unknown as CatalogData;
  const { labelKeys, labelValues, resources } = CATALOG;
  const rows = CATALOG.types;
  const columns = new Map(
    labelKeys.map((k, j) => {
      const index = new Int32Array(rows.length);
      for (let i = 0; i < rows.length; i++) index[i] = rows[i][1][j];
      return [k, { values: labelValues[j], index }] as const;
    }),
  );
  const column = (k: string, i: number): string | undefined => {
    const c = columns.get(k);
    const j = c ? c.index[i] : -1;
    return j >= 0 ? c!.values[j] : undefined;
  };
  const printedOf = (i: number): Record<string, number> => {
    const out: Record<string, number> = {};
    resources.forEach((r, j) => (out[r.name] = rows[i][2][j] * UNIT_BYTES[r.unit]));
    return out;
  };
  const types = rows.map(([name], i): InstanceType => {
    let labels: Record<string, string> | undefined;
    let capacity: Record<string, number> | undefined;
    let allocatable: ResourceAmounts | undefined;
    const it: InstanceType = {
      name,
      get labels() {
        if (!labels) {
          labels = {};
          for (let j = 0; j < labelKeys.length; j++) if (rows[i][1][j] >= 0) labels[labelKeys[j]] = labelValues[j][rows[i][1][j]];
          labels[WellKnownLabel.INSTANCE_TYPE] = name;
        }
        return labels;
      },
      get capacity() {
        if (!capacity) {
          // From the columns, so that the labels object is not built for it.
          const label = (k: string) => column(k, i);
          capacity = printedOf(i); // pods and extended resources carry no overhead
          capacity[CPU] = Number(label(WellKnownLabel.INSTANCE_CPU)) * 1000;
          capacity[MEMORY] = memoryCapacity(Number(label(WellKnownLabel.INSTANCE_MEMORY)), label(WellKnownLabel.ARCH));
          capacity[EPHEMERAL_STORAGE] = CATALOG_VOLUME_BYTES;
        }
        return capacity;
      },
      get allocatable() {
        return (allocatable ??= allocatableFor(it, CATALOG_SETTINGS));
      },
    };
    return it;
  });
  const index = new Map(rows.map(([name], i) => [name, i]));
  const published = (name: string) => (index.has(name) ? printedOf(index.get(name)!) : undefined);
  const catalog = createInstanceTypeCatalog(types, CATALOG.karpenterVersion);
  return { catalog, published, columns: { names: rows.map((r) => r[0]), columns } };
}

/** The label columns of the bundled catalog; undefined for any other catalog. */
export function catalogColumns(catalog: InstanceTypeCatalog): CatalogColumns | undefined {
  return cached && cached.catalog === catalog ? cached.columns : undefined;
}

/** The bundled instance-type catalog (Karpenter 1.14.1, 1,363 types), loaded once. */
export function loadInstanceTypeCatalog(): InstanceTypeCatalog {
  cached ??= load();
  return cached.catalog;
}

/** The allocatable the reference page prints for a type (cpu millicores, bytes, counts; 0 where it prints none). */
export function publishedAllocatable(name: string): ResourceAmounts | undefined {
  cached ??= load();
  return cached.published(name);
}
