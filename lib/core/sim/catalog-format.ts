// Pure core: no cdktf or constructs imports.
// The shape of catalog-data.json, which scripts/generate-catalog.ts writes.

/** The generated catalog: labels dictionary-coded per key, one row per instance type. */
export interface CatalogData {
  readonly karpenterVersion: string;
  readonly source: string;
  /** Label keys, sorted; `node.kubernetes.io/instance-type` is the row's name instead. */
  readonly labelKeys: readonly string[];
  /** Per label key, its distinct values, sorted. */
  readonly labelValues: readonly (readonly string[])[];
  /** Resource columns as the page prints them, each with its unit (`m`, `Mi`, `Gi`, or '' for a count). */
  readonly resources: readonly { readonly name: string; readonly unit: string }[];
  /** `[name, label value index per key (-1: absent), printed allocatable per resource column (0: absent)]`. */
  readonly types: readonly (readonly [string, readonly number[], readonly number[]])[];
}
