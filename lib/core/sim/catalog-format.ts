// The shape of catalog-data.json, which scripts/generate-catalog.ts writes, and its row encoding.

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
  /**
   * One string per instance type: its name, a space, one character per label key (`labelCode` of the
   * value's index in `labelValues`, or of -1 when absent), a space, and the printed allocatable per resource
   * column, comma-separated (0: absent). Strings, because JSON.parse reads 1,363 of them several times faster
   * than as many nested arrays, and a label then reads with one charCodeAt.
   */
  readonly types: readonly string[];
}

// Codes run from '/' (absent) and '0' (index 0) on, skipping DEL and the C1 controls, so that every
// code is a visible character; below the UTF-16 surrogates, so that each is one character.
const BASE = 0x30;
const GAP_START = 0x7f;
const GAP = 0xa0 - GAP_START;

/** Value indexes a row can encode. */
export const MAX_LABEL_VALUES = 0xd800 - BASE - GAP;

/** The character of a label value index (-1: absent). */
export function labelCode(index: number): string {
  const code = BASE + index;
  return String.fromCharCode(code < GAP_START ? code : code + GAP);
}

/** The label value index of a character code (-1: absent). */
export function labelIndex(code: number): number {
  return (code < GAP_START ? code : code - GAP) - BASE;
}
