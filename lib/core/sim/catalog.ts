// The bundled instance-type catalog, generated from Karpenter's instance-type reference page by
// scripts/generate-catalog.ts (`npm run generate-catalog`).
import { WellKnownLabel } from '../model/labels';
import { allocatableFor, CATALOG_SETTINGS, memoryCapacity } from './allocatable';
import { CatalogData, labelIndex } from './catalog-format';
import { CPU, EPHEMERAL_STORAGE, GI, MEMORY, MI, MILLICORES_PER_CORE } from '../shared/quantity';
import { InstanceType, InstanceTypeCatalog, ResourceAmounts } from './simulation-types';
// Type-only, so the program (and the build) holds the file; it is read on first use, not at import.
import type data from './catalog-data.json';

/** The catalog's root volume (no block device mappings: the AL2023 default). */
const CATALOG_VOLUME_BYTES = 20 * GI;
const UNIT_BYTES: Readonly<Record<string, number>> = { m: 1, Mi: MI, Gi: GI, '': 1 };

/** A catalog of the given types, e.g. a hand-made one for a test. */
export function createInstanceTypeCatalog(instanceTypes: readonly InstanceType[], karpenterVersion: string): InstanceTypeCatalog {
  // Built on the first lookup by name: the synth lints never look one up.
  let byName: Map<string, InstanceType> | undefined;
  return { karpenterVersion, instanceTypes, get: (name) => (byName ??= new Map(instanceTypes.map((t) => [t.name, t]))).get(name) };
}

/** The bundled catalog's labels by column: per key, each type's value index (-1: absent). */
export interface CatalogColumns {
  readonly names: readonly string[];
  /** The column of a label key, decoded on first use; undefined for a key no type has. */
  column(key: string): { readonly values: readonly string[]; readonly index: Int32Array } | undefined;
  /** Per label key, its distinct values (no column is decoded for them). */
  readonly values: ReadonlyMap<string, readonly string[]>;
}

let cached: { catalog: InstanceTypeCatalog; published: (name: string) => ResourceAmounts | undefined; columns: CatalogColumns } | undefined;

// Rows stay strings until a field is read: a synth lint filters through a few columns and never builds
// most types.
function load(): NonNullable<typeof cached> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const CATALOG = require('./catalog-data.json') as typeof data as unknown as CatalogData;
  const { labelKeys, labelValues, resources } = CATALOG;
  const rows = CATALOG.types;
  const names = rows.map((r) => r.slice(0, r.indexOf(' ')));
  const decoded = new Map<string, { values: readonly string[]; index: Int32Array }>();
  const keyIndex = new Map(labelKeys.map((k, j) => [k, j]));
  const column = (k: string) => {
    let c = decoded.get(k);
    const j = keyIndex.get(k);
    if (c || j === undefined) return c;
    const index = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) index[i] = labelIndex(rows[i].charCodeAt(names[i].length + 1 + j));
    decoded.set(k, (c = { values: labelValues[j], index }));
    return c;
  };
  const value = (k: string, i: number): string | undefined => {
    const c = column(k);
    const j = c ? c.index[i] : -1;
    return j >= 0 ? c!.values[j] : undefined;
  };
  const printedOf = (i: number): Record<string, number> => {
    const out: Record<string, number> = {};
    const amounts = rows[i].slice(names[i].length + labelKeys.length + 2).split(',');
    resources.forEach((r, j) => (out[r.name] = Number(amounts[j]) * UNIT_BYTES[r.unit]));
    return out;
  };
  const labelsOf = (i: number): Record<string, string> => {
    const labels: Record<string, string> = {};
    const at = names[i].length + 1;
    labelKeys.forEach((k, j) => {
      const v = labelIndex(rows[i].charCodeAt(at + j));
      if (v >= 0) labels[k] = labelValues[j][v];
    });
    return labels;
  };
  const source: CatalogSource = { labelsOf, value, printedOf };
  const types = names.map((name, i) => new CatalogInstanceType(name, i, source));
  const catalog = createInstanceTypeCatalog(types, CATALOG.karpenterVersion);
  const published = (name: string) => {
    const t = catalog.get(name) as CatalogInstanceType | undefined;
    return t && printedOf(t.row);
  };
  return { catalog, published, columns: { names, column, values: new Map(labelKeys.map((k, j) => [k, labelValues[j]])) } };
}

/**
 * A bundled type whose labels and resources are built on first use. A class with prototype getters:
 * the catalog holds 1,363 of them, and object literals with accessor closures cost far more to create.
 */
class CatalogInstanceType implements InstanceType {
  private labelsValue?: Record<string, string>;
  private capacityValue?: Record<string, number>;
  private allocatableValue?: ResourceAmounts;

  constructor(
    public readonly name: string,
    /** Its row in the catalog file. */
    public readonly row: number,
    private readonly source: CatalogSource,
  ) {}

  get labels(): Readonly<Record<string, string>> {
    if (!this.labelsValue) {
      const labels = this.source.labelsOf(this.row);
      labels[WellKnownLabel.INSTANCE_TYPE] = this.name;
      this.labelsValue = labels;
    }
    return this.labelsValue;
  }

  get capacity(): ResourceAmounts {
    if (!this.capacityValue) {
      // From the columns, so that the labels object is not built for it.
      const label = (k: string) => this.source.value(k, this.row);
      const capacity = this.source.printedOf(this.row); // pods and extended resources carry no overhead
      capacity[CPU] = Number(label(WellKnownLabel.INSTANCE_CPU)) * MILLICORES_PER_CORE;
      capacity[MEMORY] = memoryCapacity(Number(label(WellKnownLabel.INSTANCE_MEMORY)), label(WellKnownLabel.ARCH));
      capacity[EPHEMERAL_STORAGE] = CATALOG_VOLUME_BYTES;
      this.capacityValue = capacity;
    }
    return this.capacityValue;
  }

  get allocatable(): ResourceAmounts {
    return (this.allocatableValue ??= allocatableFor(this, CATALOG_SETTINGS));
  }

  /** The fields of `InstanceType`, as a plain object would serialize. */
  toJSON(): InstanceType {
    return { name: this.name, labels: this.labels, capacity: this.capacity, allocatable: this.allocatable };
  }
}

/** What every bundled type reads its fields from: the catalog file's rows. */
interface CatalogSource {
  labelsOf(row: number): Record<string, string>;
  value(key: string, row: number): string | undefined;
  printedOf(row: number): Record<string, number>;
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
