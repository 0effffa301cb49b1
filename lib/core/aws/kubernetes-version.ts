import { BuilderKind } from '../builder-value';
import { builderError, IssueCollector, ValidationIssue, withIssues } from '../issues';

/** Oldest Kubernetes minor Karpenter 1.14 supports (1.30 needs Karpenter >= 0.37; compatibility.md). */
export const KARPENTER_MIN_KUBERNETES_MINOR = 30;
/** Newest Kubernetes minor Karpenter 1.14 supports (1.36 needs Karpenter >= 1.13; compatibility.md). */
export const KARPENTER_MAX_KUBERNETES_MINOR = 36;

// No leading zeros: EKS rejects `1.030`.
const VERSION_PATTERN = /^1\.(0|[1-9]\d{0,2})$/;

/**
 * Checks a Kubernetes `major.minor` version string against the range Karpenter 1.14 supports.
 * Tokens are skipped.
 */
export function validateKubernetesVersion(issues: IssueCollector, field: string, version: string): void {
  if (issues.isUnresolved(version)) return;
  const range = `1.${KARPENTER_MIN_KUBERNETES_MINOR}-1.${KARPENTER_MAX_KUBERNETES_MINOR}`;
  const match = VERSION_PATTERN.exec(version);
  if (!match) {
    issues.error(
      field,
      'InvalidKubernetesVersion',
      `Kubernetes version must be 'major.minor' like '1.33' (EKS takes no patch version), got '${version}'. ` +
        `Karpenter 1.14 supports ${range}; use KubernetesVersion.V1_3x or KubernetesVersion.of('1.3x').`,
    );
    return;
  }
  const minor = Number(match[1]);
  if (minor < KARPENTER_MIN_KUBERNETES_MINOR || minor > KARPENTER_MAX_KUBERNETES_MINOR) {
    issues.error(
      field,
      'UnsupportedKubernetesVersion',
      `Kubernetes ${version} is outside the range Karpenter 1.14 supports (${range}, per its compatibility matrix). ` + `Pick a version in ${range}.`,
    );
  }
}

/**
 * A Kubernetes minor version for the EKS control plane, limited to what Karpenter 1.14 supports.
 * @see https://karpenter.sh/v1.14/upgrading/compatibility/
 */
export class KubernetesVersion {
  /** Kubernetes 1.30. */
  public static readonly V1_30 = new KubernetesVersion('1.30');
  /** Kubernetes 1.31. */
  public static readonly V1_31 = new KubernetesVersion('1.31');
  /** Kubernetes 1.32. */
  public static readonly V1_32 = new KubernetesVersion('1.32');
  /** Kubernetes 1.33. */
  public static readonly V1_33 = new KubernetesVersion('1.33');
  /** Kubernetes 1.34. */
  public static readonly V1_34 = new KubernetesVersion('1.34');
  /** Kubernetes 1.35. */
  public static readonly V1_35 = new KubernetesVersion('1.35');
  /** Kubernetes 1.36. */
  public static readonly V1_36 = new KubernetesVersion('1.36');

  /**
   * The version `EksCluster` uses when none is given: the newest Karpenter 1.14 supports, and
   * the one its getting-started guide uses (`K8S_VERSION="1.36"`). hashicorp/aws 5.100.0 passes
   * `version` through as a free string (no enum in its schema), so it does not narrow the choice.
   */
  public static readonly DEFAULT = KubernetesVersion.V1_36;

  /**
   * A version given as `'1.x'`. When it is malformed or outside the range Karpenter 1.14 supports,
   * the value carries the problem and `EksCluster` reports it (with its path) at synth.
   */
  public static of(version: string): KubernetesVersion {
    const issues = new IssueCollector();
    validateKubernetesVersion(issues, 'version', version);
    const value = new KubernetesVersion(version);
    // Not thrown: the construct that receives the version reports it with its path (carriedIssues).
    const problems = issues.issues.map((i) => builderError('KubernetesVersion.of', i.code, i.message));
    return problems.length > 0 ? withIssues(value, problems) : value;
  }

  /** The minor number, e.g. 33 for 1.33. */
  public readonly minor: number;

  /**
   * Problems of the builder's input, reported by the construct given this value; see `CarriesIssues`.
   * @internal
   */
  declare public readonly builderIssues?: readonly ValidationIssue[];

  private constructor(
    /** The `major.minor` string EKS takes, e.g. `'1.33'`. */
    public readonly version: string,
  ) {
    this.minor = Number(version.split('.')[1]);
  }

  /** The `major.minor` string. */
  public toString(): string {
    return this.version;
  }
}

/** Props typed `KubernetesVersion` also take the `major.minor` string (`'1.33'`), read with `KubernetesVersion.of`. */
export const KUBERNETES_VERSION_BUILDER: BuilderKind<KubernetesVersion> = {
  name: 'KubernetesVersion',
  type: KubernetesVersion,
  parse: (text) => KubernetesVersion.of(text),
  example: "KubernetesVersion.V1_33 or KubernetesVersion.of('1.33')",
};
