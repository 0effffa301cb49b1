import { Release } from '@cdktf/provider-helm/lib/release';
import { ITerraformDependable, TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import {
  buildKarpenterHelmValues,
  DEFAULT_NAMESPACE,
  DEFAULT_SERVICE_ACCOUNT_NAME,
  HelmValues,
  KarpenterHelmValuesOptions,
  renderHelmValues,
  validateReleaseOptions,
} from '../core/controller/helm-values';
import { IssueCollector } from '../core/issues';
import { KarpenterRegistry, KarpenterVersion } from '../core/controller/karpenter-version';
import { constructContext, reportIssues } from '../private/report';
import { escapeTemplateSequences } from '../private/terraform-strings';

/** Long enough for two controller pods to pull and become ready on fresh nodes. */
const DEFAULT_TIMEOUT_SECONDS = 600;
/** Same as the chart's `revisionHistoryLimit`; Helm's own default (0) keeps every revision secret. */
const DEFAULT_MAX_HISTORY = 10;

/** Properties of `KarpenterController`. */
export interface KarpenterControllerProps extends KarpenterHelmValuesOptions {
  /**
   * Namespace of both releases. It must match the namespace of the controller role's Pod Identity
   * association or IRSA trust policy.
   * @default 'kube-system'
   */
  readonly namespace?: string;
  /**
   * Create the namespace if it doesn't exist (set on the CRD release, which is installed first).
   * @default - true unless the namespace is 'kube-system'
   */
  readonly createNamespace?: boolean;
  /**
   * Helm provider for both releases (the `provider` meta-argument), e.g. `ClusterProviders.helmProvider`.
   * @default - the stack's default helm provider
   */
  readonly helmProvider?: TerraformProvider;
  /**
   * Resources that must exist before the CRDs are installed, e.g. the controller node group, the
   * Pod Identity association and the interruption queue.
   * @default - none
   */
  readonly dependsOn?: ITerraformDependable[];
  /**
   * How long Helm waits for each release, in seconds.
   * @default 600
   */
  readonly timeoutSeconds?: number;
  /**
   * Number of Helm revisions kept per release (0 keeps all).
   * @default 10
   */
  readonly maxHistory?: number;
  /**
   * Let the `karpenter-crd` release adopt CRDs that already exist without Helm ownership metadata
   * of that release (Helm `take_ownership`), e.g. CRDs installed by the `crds/` folder of the main
   * chart. Without it such an install fails with `invalid ownership metadata`.
   * @see https://karpenter.sh/docs/troubleshooting/#helm-error-when-installing-the-karpenter-crd-chart
   * @default false
   */
  readonly adoptExistingCrds?: boolean;
  /**
   * Lint warnings not to report, by code (e.g. `InterruptionHandlingDisabled`).
   * @default - every warning is reported
   */
  readonly silenceWarnings?: string[];
}

/**
 * The Karpenter controller, installed with two Helm releases from the same chart version:
 * `karpenter-crd` owns the CRDs (Helm never upgrades a chart's `crds/` folder, so the main chart
 * would leave them at the first installed version), then `karpenter` installs the controller
 * with `skip_crds`.
 *
 * Pulls from public ECR anonymously by default; see `KarpenterRegistry` for the 403 you get from a
 * stale `helm registry login` and for private mirrors.
 * @see https://karpenter.sh/docs/upgrading/upgrade-guide/#crd-upgrades
 */
export class KarpenterController extends Construct {
  /** Release name of the controller; the chart derives the service account and service names from it. */
  public static readonly RELEASE_NAME = 'karpenter';
  /** Release name of the CRD chart. */
  public static readonly CRD_RELEASE_NAME = 'karpenter-crd';

  /** The `karpenter-crd` release. */
  public readonly crdRelease: Release;
  /** The `karpenter` release; make NodePools and EC2NodeClasses depend on it. */
  public readonly release: Release;
  /** Namespace of both releases. */
  public readonly namespace: string;
  /** Name of the controller's service account. */
  public readonly serviceAccountName: string;
  /** The installed Karpenter version. */
  public readonly version: KarpenterVersion;
  /** The values passed to the `karpenter` chart (may hold Terraform tokens). */
  public readonly values: HelmValues;

  constructor(scope: Construct, id: string, props: KarpenterControllerProps) {
    super(scope, id);

    this.namespace = props.namespace ?? DEFAULT_NAMESPACE;
    this.serviceAccountName = props.serviceAccountName ?? DEFAULT_SERVICE_ACCOUNT_NAME;
    this.version = props.version ?? KarpenterVersion.DEFAULT;
    const registry = props.registry ?? KarpenterRegistry.publicEcr();
    const timeout = props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    const maxHistory = props.maxHistory ?? DEFAULT_MAX_HISTORY;

    const ctx = constructContext(props.silenceWarnings);
    const issues = new IssueCollector(ctx);
    const built = buildKarpenterHelmValues({ ...props, version: this.version, registry }, ctx);
    issues.add(built.issues);
    issues.add(validateReleaseOptions({ namespace: this.namespace, timeoutSeconds: timeout, maxHistory }, ctx));
    reportIssues(this, issues.issues);
    this.values = built.values;

    const common = {
      repository: registry.chartRepository,
      repositoryUsername: registry.repositoryUsername,
      repositoryPassword: registry.repositoryPassword,
      version: this.version.chartVersion,
      namespace: this.namespace,
      atomic: true,
      wait: true,
      cleanupOnFail: true,
      timeout,
      maxHistory,
      provider: props.helmProvider,
    };

    this.crdRelease = new Release(this, 'Crds', {
      ...common,
      name: KarpenterController.CRD_RELEASE_NAME,
      chart: 'karpenter-crd',
      createNamespace: props.createNamespace ?? this.namespace !== DEFAULT_NAMESPACE,
      takeOwnership: props.adoptExistingCrds ? true : undefined,
      dependsOn: props.dependsOn,
    });

    this.release = new Release(this, 'Resource', {
      ...common,
      name: KarpenterController.RELEASE_NAME,
      chart: 'karpenter',
      // The karpenter-crd release owns the CRDs.
      skipCrds: true,
      values: [escapeTemplateSequences(renderHelmValues(this.values))],
      dependsOn: [this.crdRelease],
    });
  }
}
