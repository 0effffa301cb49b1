// Pure core: no cdktf or constructs imports.
// The bundled instance-type catalog, generated from Karpenter's instance-type reference page by
// scripts/generate-catalog.ts (`npm run generate-catalog`).
import { WellKnownLabel } from '../api/labels';
import { allocatableFor, CATALOG_SETTINGS, memoryCapacity } from './allocatable';
import { CatalogData } from './catalog-format';
import { CPU, EPHEMERAL_STORAGE, GI, MEMORY, MI, PODS } from './quantity';
import { InstanceType, InstanceTypeCatalog, ResourceAmounts } from './types';
import data from './catalog-data.json';

const CATALOG = data as unknown as CatalogData;
/** The catalog's root volume (no block device mappings: the AL2023 default). */
const CATALOG_VOLUME_BYTES = 20 * GI;
const UNIT_BYTES: Readonly<Record<string, number>> = { m: 1, Mi: MI, Gi: GI, '': 1 };

/** A catalog of the given types, e.g. a hand-made one for a test. */
export function createInstanceTypeCatalog(instanceTypes: readonly InstanceType[], karpenterVersion: string): InstanceTypeCatalog {
  const byName = new Map(instanceTypes.map((t) => [t.name, t]));
  return { karpenterVersion, instanceTypes, get: (name) => byName.get(name) };
}

let cached: { catalog: InstanceTypeCatalog; published: Map<string, ResourceAmounts> } | undefined;

function load(): NonNullable<typeof cached> {
  const published = new Map<string, ResourceAmounts>();
  const { labelKeys, labelValues, resources } = CATALOG;
  const types = CATALOG.types.map(([name, labelIndexes, amounts]): InstanceType => {
    const labels: Record<string, string> = {};
    for (let i = 0; i < labelKeys.length; i++) if (labelIndexes[i] >= 0) labels[labelKeys[i]] = labelValues[i][labelIndexes[i]];
    labels[WellKnownLabel.INSTANCE_TYPE] = name;
    const printed: Record<string, number> = {};
    resources.forEach((r, i) => (printed[r.name] = amounts[i] * UNIT_BYTES[r.unit]));
    published.set(name, printed);
    const capacity: Record<string, number> = {};
    for (const r of resources) capacity[r.name] = printed[r.name]; // pods and extended resources carry no overhead
    capacity[CPU] = Number(labels[WellKnownLabel.INSTANCE_CPU]) * 1000;
    capacity[MEMORY] = memoryCapacity(Number(labels[WellKnownLabel.INSTANCE_MEMORY]), labels[WellKnownLabel.ARCH]);
    capacity[EPHEMERAL_STORAGE] = CATALOG_VOLUME_BYTES;
    capacity[PODS] = printed[PODS];
    const it = { name, labels, capacity, allocatable: {} as ResourceAmounts };
    it.allocatable = allocatableFor(it, CATALOG_SETTINGS);
    return it;
  });
  return { catalog: createInstanceTypeCatalog(types, CATALOG.karpenterVersion), published };
}

/** The bundled instance-type catalog (Karpenter 1.14.1, 1,363 types), loaded once. */
export function loadInstanceTypeCatalog(): InstanceTypeCatalog {
  cached ??= load();
  return cached.catalog;
}

/** The allocatable the reference page prints for a type (cpu millicores, bytes, counts; 0 where it prints none). */
export function publishedAllocatable(name: string): ResourceAmounts | undefined {
  cached ??= load();
  return cached.published.get(name);
}
