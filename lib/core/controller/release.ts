// The one place a Karpenter release is spelled out. Bump it together with
// test/fixtures/reference/karpenter-chart-values-<version>.yaml (CONTRIBUTING.md, "Bumping Karpenter").

/** The facts of one Karpenter release that this library installs and validates against. */
export interface KarpenterRelease {
  /** Karpenter itself (the charts' `appVersion`). */
  readonly version: string;
  /** Version of the `karpenter` Helm chart. */
  readonly chartVersion: string;
  /** Version of the `karpenter-crd` Helm chart (released together with `karpenter`). */
  readonly crdChartVersion: string;
  /** OCI repository holding both charts, without the chart name. */
  readonly chartRepository: string;
  /** Repository of the controller image. */
  readonly imageRepository: string;
  /** Tag of the controller image. */
  readonly imageTag: string;
  /** `sha256:` digest of the controller image; the chart renders `repository:tag@digest`, so it decides what runs. */
  readonly imageDigest: string;
  /** Version of the official CRDs the manifest validators replicate. */
  readonly crdVersion: string;
  /** Git ref of github.com/aws/karpenter-provider-aws holding this release's chart values and CRDs: `releaseBranch(version)`. */
  readonly sourceRef: string;
}

/**
 * The branch of github.com/aws/karpenter-provider-aws that holds what `version` published: its chart
 * values and CRDs. Not the tag (1.14.1's carries the 1.13.0 chart values), not the default branch
 * (it kept the 1.14.0 image digest after the 1.14.1 docs bump).
 */
export function releaseBranch(version: string): string {
  return `release-v${version}`;
}

/**
 * Karpenter 1.14.1, as published: `charts/karpenter/values.yaml` and `Chart.yaml` of branch
 * `release-v1.14.1` (commit c88abbbad), as in the published chart.
 */
export const KARPENTER_RELEASE: KarpenterRelease = {
  version: '1.14.1',
  chartVersion: '1.14.1',
  crdChartVersion: '1.14.1',
  chartRepository: 'oci://public.ecr.aws/karpenter',
  imageRepository: 'public.ecr.aws/karpenter/controller',
  imageTag: '1.14.1',
  imageDigest: 'sha256:445baefaaa689029cc12ac1f659b916b0b82fb14308ce536f8521fcf079116fa',
  crdVersion: '1.14.1',
  sourceRef: 'release-v1.14.1',
};
