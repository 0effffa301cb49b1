import { BuilderKind } from '../builder-value';
import { IssueCollector, Severity, ValidationContext, ValidationIssue } from '../issues';
import { KARPENTER_RELEASE, KarpenterRelease } from './release';

/** Upstream controller image; charts from `oci://public.ecr.aws/karpenter` default to it. */
export const PUBLIC_ECR_IMAGE_REPOSITORY = KARPENTER_RELEASE.imageRepository;

/** Where the v1beta1 → v1 migration is described (needed before any 1.x install). */
export const V1_MIGRATION_GUIDE_URL = 'https://karpenter.sh/v1.0/upgrading/v1-migration/';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Releases the upgrade guide tells users to avoid, with the reason. */
const KNOWN_BAD_VERSIONS: { readonly [version: string]: string } = {
  // website/content/en/v1.14/upgrading/upgrade-guide.md, "Upgrading to 1.8.0+"
  '1.8.4':
    'has a regression that may prevent scheduling pods with some TopologySpreadConstraint configurations ' +
    '(upgrade guide: "Please do not upgrade to this version", kubernetes-sigs/karpenter#2785); use 1.8.5 or later',
};

/** Options for `KarpenterVersion.of`. */
export interface KarpenterVersionOptions {
  /**
   * `sha256:` digest of the controller image for this version, so the pod runs exactly that image.
   * Take it from the chart's `values.yaml` (`controller.image.digest`) for that release.
   * @default - no digest is set by this library; the chart falls back to the digest pinned in its own
   *   `values.yaml`, which is the right one for images pulled from public ECR or a pull-through cache
   */
  readonly imageDigest?: string;
}

/**
 * A Karpenter release: the version of both Helm charts (`karpenter` and `karpenter-crd`, which
 * are always released together) and of the controller image.
 *
 * Only v1 API releases (1.0.0 and later) are accepted.
 * @see https://github.com/aws/karpenter-provider-aws/releases
 */
export class KarpenterVersion {
  /** Karpenter 1.14.1, the version this library is tested with (`KARPENTER_RELEASE`). */
  public static readonly V1_14_1 = KarpenterVersion.bundled(KARPENTER_RELEASE);

  /** The version installed when none is given: the newest version bundled with (and tested by) this library. */
  public static readonly DEFAULT = KarpenterVersion.V1_14_1;

  /**
   * Any other Karpenter v1 release, e.g. `KarpenterVersion.of('1.13.1')`.
   *
   * @param version a literal `MAJOR.MINOR.PATCH` chart version, without a leading `v`
   * A malformed version, or one older than 1.0.0, does not throw: its `issues` hold the errors, which
   * `KarpenterController` reports with its construct path.
   */
  public static of(version: string, options: KarpenterVersionOptions = {}): KarpenterVersion {
    const where = `KarpenterVersion.of('${version}')`;
    const errors: ValidationIssue[] = [];
    const error = (field: string, code: string, message: string) => errors.push({ severity: Severity.ERROR, field, code, message });

    const match = SEMVER.exec(version.replace(/^v/, ''));
    if (!match) {
      error(
        'version',
        'InvalidKarpenterVersion',
        `must be a literal MAJOR.MINOR.PATCH chart version known at synth, e.g. '1.14.1'; got '${version}'`,
      );
    } else if (version.startsWith('v')) {
      // Chart versions have no `v`; Helm would fail to find `v1.14.1` in the registry.
      error('version', 'InvalidKarpenterVersion', `Helm chart versions have no leading 'v': use '${version.slice(1)}' instead of '${version}'`);
    } else if (Number(match[1]) < 1) {
      error(
        'version',
        'PreV1KarpenterVersion',
        `Karpenter ${version} uses the v1beta1/v1alpha5 API; this library only installs v1 releases (1.0.0 or later). ` +
          `Migrate the cluster first, following ${V1_MIGRATION_GUIDE_URL}`,
      );
    }

    const digest = options.imageDigest;
    if (digest !== undefined && !DIGEST.test(digest)) {
      error(
        'imageDigest',
        'InvalidImageDigest',
        `must be 'sha256:' followed by 64 lowercase hex digits, as in the chart's controller.image.digest; got '${digest}'`,
      );
    }
    if (errors.length > 0 || !match) {
      const carried = errors.map((e) => ({
        ...e,
        field: e.field === 'version' ? 'version' : `version.${e.field}`,
        message: `${where}: ${e.message}`,
      }));
      return new KarpenterVersion(0, 0, 0, undefined, false, version, carried);
    }

    const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const bundled = KarpenterVersion.BUNDLED.find((v) => v.chartVersion === version);
    if (bundled && (digest === undefined || digest === bundled.imageDigest)) return bundled;
    return new KarpenterVersion(major, minor, patch, digest, false);
  }

  private static bundled(release: KarpenterRelease): KarpenterVersion {
    const [major, minor, patch] = release.chartVersion.split('.').map(Number);
    return new KarpenterVersion(major, minor, patch, release.imageDigest, true);
  }

  private static get BUNDLED(): readonly KarpenterVersion[] {
    return [KarpenterVersion.V1_14_1];
  }

  /** Version of the `karpenter` and `karpenter-crd` Helm charts, e.g. `1.14.1`. */
  public readonly chartVersion: string;
  /** Version of Karpenter itself (the charts' `appVersion`); equal to the chart version for Karpenter. */
  public readonly appVersion: string;
  /** Repository of the upstream controller image (a registry override replaces it). */
  public readonly imageRepository: string = PUBLIC_ECR_IMAGE_REPOSITORY;
  /** Tag of the controller image. */
  public readonly imageTag: string;
  /**
   * Digest of the controller image, when this library knows it.
   * Undefined means the chart's own pinned digest applies.
   */
  public readonly imageDigest?: string;
  /** True for versions this library ships with and tests against. */
  public readonly isBundled: boolean;

  private constructor(
    public readonly major: number,
    public readonly minor: number,
    public readonly patch: number,
    imageDigest: string | undefined,
    isBundled: boolean,
    invalidVersion?: string,
    private readonly errors: readonly ValidationIssue[] = [],
  ) {
    this.chartVersion = invalidVersion ?? `${major}.${minor}.${patch}`;
    this.appVersion = this.chartVersion;
    this.imageTag = this.chartVersion;
    this.imageDigest = imageDigest;
    this.isBundled = isBundled;
  }

  /** True when this version is `version` or newer (`version` is `MAJOR.MINOR[.PATCH]`). */
  public isAtLeast(version: string): boolean {
    const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
    if (this.major !== major) return this.major > major;
    if (this.minor !== minor) return this.minor > minor;
    return this.patch >= patch;
  }

  /**
   * The errors of a version `of` could not accept (reported by `KarpenterController`); otherwise lint
   * findings about this version: known-bad releases, and 1.0.x, whose CRD chart needs conversion webhook
   * values this library does not set. They are warnings: Helm and the cluster accept these versions, but
   * they are most likely a mistake.
   */
  public get issues(): ValidationIssue[] {
    if (this.errors.length > 0) return [...this.errors];
    const found: ValidationIssue[] = [];
    const warn = (code: string, message: string) => found.push({ severity: Severity.WARNING, field: 'version', code, message });
    const bad = KNOWN_BAD_VERSIONS[this.chartVersion];
    if (bad) warn('KnownBadKarpenterVersion', `Karpenter ${this.chartVersion} ${bad}`);
    if (this.major === 1 && this.minor === 0) {
      warn(
        'KarpenterV1_0ConversionWebhooks',
        `Karpenter ${this.chartVersion} still serves v1beta1 through conversion webhooks, which need karpenter-crd values ` +
          `(webhook.enabled, webhook.serviceName, webhook.port) this library does not set; finish the migration ` +
          `(${V1_MIGRATION_GUIDE_URL}) and use 1.1.0 or later`,
      );
    }
    if (this.major >= 2) {
      warn(
        'UntestedKarpenterMajorVersion',
        `Karpenter ${this.chartVersion} is a new major version; the Helm values this library renders target the 1.x charts ` +
          `(tested with ${KarpenterVersion.DEFAULT.chartVersion}); check its upgrade guide`,
      );
    }
    return found;
  }

  public toString(): string {
    return this.chartVersion;
  }
}

/** Chart repository of the official Karpenter charts (`karpenter` and `karpenter-crd`). */
export const PUBLIC_ECR_CHART_REPOSITORY = KARPENTER_RELEASE.chartRepository;

/** Options for `KarpenterRegistry.custom`. */
export interface CustomKarpenterRegistryOptions {
  /**
   * OCI repository that holds the `karpenter` and `karpenter-crd` charts, without the chart name,
   * e.g. `oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter` for an ECR
   * pull-through cache of `public.ecr.aws`.
   */
  readonly chartRepository: string;
  /**
   * Repository of the controller image, without tag or digest, e.g.
   * `123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller`.
   */
  readonly imageRepository: string;
  /**
   * User name for the chart repository. For a private ECR registry, use `userName` of
   * `data "aws_ecr_authorization_token"` (it works in every region, unlike `aws_ecrpublic_authorization_token`).
   * @default - no credentials are passed; Helm uses its own registry config (`helm registry login`)
   */
  readonly repositoryUsername?: string;
  /**
   * Password for the chart repository; set together with `repositoryUsername`. It is stored in the
   * Terraform state, so pass a short-lived token (e.g. from `data "aws_ecr_authorization_token"`).
   * @default - no credentials are passed
   */
  readonly repositoryPassword?: string;
  /**
   * Keep the image digest of the Karpenter release. Pull-through caches keep digests, so keep it;
   * set `false` when the mirror re-pushes (and so re-digests) images, to pull by tag only.
   * @default true
   */
  readonly keepImageDigest?: boolean;
}

/**
 * Where the Karpenter charts and controller image come from.
 *
 * The default, `publicEcr()`, pulls anonymously: no credentials and no
 * `aws_ecrpublic_authorization_token` (that data source only works in us-east-1). Anonymous pulls
 * fail with 403 when Helm on the machine running Terraform still has an expired login for
 * `public.ecr.aws`; run `helm registry logout public.ecr.aws` once to fix it.
 * @see https://karpenter.sh/docs/getting-started/getting-started-with-karpenter/
 */
export class KarpenterRegistry {
  /** The official charts (`oci://public.ecr.aws/karpenter`) and image (`public.ecr.aws/karpenter/controller`), pulled anonymously. */
  public static publicEcr(): KarpenterRegistry {
    return new KarpenterRegistry(PUBLIC_ECR_CHART_REPOSITORY, PUBLIC_ECR_IMAGE_REPOSITORY, undefined, undefined, true, true);
  }

  /**
   * A private mirror: an ECR pull-through cache, or a registry of an air-gapped environment.
   * The values are checked when the controller is built (they may be Terraform tokens).
   */
  public static custom(options: CustomKarpenterRegistryOptions): KarpenterRegistry {
    return new KarpenterRegistry(
      options.chartRepository,
      options.imageRepository,
      options.repositoryUsername,
      options.repositoryPassword,
      options.keepImageDigest ?? true,
      false,
    );
  }

  private constructor(
    /** OCI repository of the charts, without the chart name. */
    public readonly chartRepository: string,
    /** Repository of the controller image, without tag or digest. */
    public readonly imageRepository: string,
    /** User name for the chart repository, if any. */
    public readonly repositoryUsername: string | undefined,
    /** Password for the chart repository, if any. */
    public readonly repositoryPassword: string | undefined,
    /** Whether the image is pulled by digest as well as by tag. */
    public readonly keepImageDigest: boolean,
    /** True for the official public ECR registry. */
    public readonly isPublicEcr: boolean,
  ) {}

  /** Checks a custom registry; `field` is the path of the registry prop. */
  public validate(field: string, ctx: ValidationContext = {}): ValidationIssue[] {
    const issues = new IssueCollector(ctx);
    const chart = this.chartRepository;
    if (!issues.isUnresolved(chart)) {
      if (!chart.startsWith('oci://')) {
        issues.error(
          `${field}.chartRepository`,
          'InvalidChartRepository',
          `must be an OCI repository URL starting with 'oci://' (Karpenter charts are only published as OCI artifacts), ` +
            `e.g. 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter'; got '${chart}'`,
        );
      } else if (chart.endsWith('/')) {
        issues.error(`${field}.chartRepository`, 'InvalidChartRepository', `must not end with '/': use '${chart.replace(/\/+$/, '')}'`);
      } else if (/\/karpenter(-crd)?\/karpenter(-crd)?$/.test(chart) || chart.endsWith('/karpenter-crd')) {
        issues.error(
          `${field}.chartRepository`,
          'ChartRepositoryIncludesChartName',
          `is the repository that holds the charts, without the chart name (Helm appends 'karpenter' or 'karpenter-crd'); ` +
            `got '${chart}', use '${chart.replace(/\/karpenter(-crd)?$/, '')}'`,
        );
      }
    }
    const image = this.imageRepository;
    if (!issues.isUnresolved(image)) {
      const lastSegment = image.split('/').pop() ?? '';
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(image)) {
        issues.error(
          `${field}.imageRepository`,
          'InvalidImageRepository',
          `must be an image reference without a URL scheme, e.g. 'registry.example.com/karpenter/controller'; got '${image}'`,
        );
      } else if (image.includes('@') || lastSegment.includes(':')) {
        issues.error(
          `${field}.imageRepository`,
          'InvalidImageRepository',
          `must not include a tag or digest (they come from the Karpenter version); got '${image}'`,
        );
      } else if (image.length === 0 || image.endsWith('/')) {
        issues.error(
          `${field}.imageRepository`,
          'InvalidImageRepository',
          `must be a repository path such as 'registry.example.com/karpenter/controller'; got '${image}'`,
        );
      }
    }
    if ((this.repositoryUsername === undefined) !== (this.repositoryPassword === undefined)) {
      issues.error(
        `${field}.repositoryUsername`,
        'IncompleteRepositoryCredentials',
        'repositoryUsername and repositoryPassword must be set together; ' +
          `got only ${this.repositoryUsername === undefined ? 'repositoryPassword' : 'repositoryUsername'}`,
      );
    }
    return issues.issues;
  }
}

/** Props typed `KarpenterVersion` also take the chart version string (`'1.14.1'`), read with `KarpenterVersion.of`. */
export const KARPENTER_VERSION_BUILDER: BuilderKind<KarpenterVersion> = {
  name: 'KarpenterVersion',
  type: KarpenterVersion,
  parse: (text) => KarpenterVersion.of(text),
  example: "KarpenterVersion.V1_14_1 or KarpenterVersion.of('1.14.1')",
};

/** Props typed `KarpenterRegistry` take only the builder. */
export const KARPENTER_REGISTRY_BUILDER: BuilderKind<KarpenterRegistry> = {
  name: 'KarpenterRegistry',
  type: KarpenterRegistry,
  example: "KarpenterRegistry.publicEcr() or KarpenterRegistry.custom({ chartRepository: 'oci://...', imageRepository: '...' })",
};
