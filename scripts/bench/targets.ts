// The bench's targets: each a limit on a figure of one row, checked against the medians of one run.

/** Targets of each row; CONTRIBUTING.md's bench section says what each measures and why. */
export const TARGETS = {
  /** (a)/(b) wall time, (b) the typed baseline. */
  maxTimeRatio: 1.1,
  /** (a)/(b) peak RSS. */
  maxMemoryRatio: 1.15,
  /**
   * (a) with the NodePool and EC2NodeClass checks off (distWithoutChecks) over (b), wall time: the library's own
   * cost without the checks.
   */
  maxChecksOffTimeRatio: 1.1,
  /**
   * The checks per NodePool in a cold process, ms: (median CPU time of (a) − median CPU time of (a) with the checks
   * off) / the example's NodePools, each a fresh process's CPU time (every thread) from the start of its load to the
   * end of its synth (`checksPerNodePoolMs`).
   */
  maxChecksPerNodePoolMs: 8,
  /** (k) an app of 100 NodePools and 20 EC2NodeClasses over a typed baseline of the same JSON, wall time. */
  maxManyPoolsTimeRatio: 1.25,
  /** (c) require time over the typed baseline's own module load, both measured in the child. */
  maxImportRatio: 1.15,
  /** (c) peak RSS, MB. */
  maxImportRssMb: 80,
  /** (d) `loadInstanceTypeCatalog()` in a fresh process, ms: the catalog loads on the first simulator call. */
  maxCatalogLoadMs: 50,
  /** (d) `simulateProvisioning` of 20 NodePools and 1,000 pods, ms. */
  maxSimulationMs: 2000,
  /** (e) synth (build + synth) with the catalog lints on / off. */
  maxLintRatio: 1.1,
  /** (f) `explain` on 10,000 pods, text and `--json`: wall time of the process, ms. */
  maxExplainMs: 2000,
  /** (f) its peak RSS, MB. */
  maxExplainRssMb: 300,
  /** (f) the text output, bytes. */
  maxExplainTextBytes: 200 * 1024,
  /** (f) the `--json` output, bytes. */
  maxExplainJsonBytes: 6 * 1024 * 1024,
  /** (f) with `--explain-100k`: 100,000 pods, text, ms. */
  maxExplain100kMs: 20000,
  /** (f) with `--explain-100k`: its peak RSS, MB. */
  maxExplain100kRssMb: 1024,
  /** (f) with `--explain-100k`: wall time of 100,000 over 10,000 pods; linear growth is 10 (less with start-up). */
  maxExplainGrowth: 12,
  /** (g) `simulateProvisioning` of (d)'s pools with spreads and anti-affinity on 200 existing nodes, ms. */
  maxClusterSimulationMs: 2000,
  /** (h) `validate` of a NodePool listing 10,000 unknown instance types (scripts/bench-lints.ts): wall time, ms. */
  maxValidateUnknownTypesMs: 1000,
  /** (i) `drift` on 100 NodePools, 5,000 NodeClaims and 50,000 pods (YAML) against a changed synth, ms. */
  maxDriftMs: 1000,
  /** (i) wall time of 5,000 over 2,500 NodeClaims; linear growth is 2, less with the fixed start-up. */
  maxDriftGrowth: 2.2,
};

/** A target and whether it was met. */
export interface TargetCheck {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: string;
  readonly ok: boolean;
}

/** The check of `value <= limit` (NaN, a figure not measured, misses). */
export function atMost(name: string, value: number, limit: number, unit: string): TargetCheck {
  return { name, value, limit, unit, ok: value <= limit };
}
