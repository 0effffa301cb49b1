import { Release } from '@cdktf/provider-helm/lib/release';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { ITerraformDependable, TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { ControllerWarningCode, HelmValues, renderHelmValues } from '../core/controller/helm-values';
import { KarpenterVersion } from '../core/controller/karpenter-version';
import { KarpenterControllerPlanInput, planKarpenterController } from '../core/controller/karpenter-controller-plan';
import { constructContext, reportIssuesAtSynth } from '../private/report';
import { escapeTemplateSequences } from '../private/terraform-strings';

/** Properties of `KarpenterController`. */
export interface KarpenterControllerProps extends Omit<KarpenterControllerPlanInput, 'hasKubernetesProvider'> {
  /**
   * Helm provider for both releases (the `provider` meta-argument), e.g. `ClusterProviders.helmProvider`.
   * @default - the stack's default helm provider
   */
  readonly helmProvider?: TerraformProvider;
  /**
   * Kubernetes provider for the `karpenter-leader-election` and `karpenter-workload` FlowSchemas
   * (`kubernetes_manifest`), e.g. `ClusterProviders.kubernetesProvider`. Required when
   * `karpenter.controllerNamespace` is not `kube-system`: there the API server would throttle the
   * controller like any workload. `kubernetes_manifest` reads the API server at plan time, so the
   * cluster must exist when this stack is planned (as in the examples' controller stack).
   * @default - none; then the namespace must be `kube-system`
   */
  readonly kubernetesProvider?: TerraformProvider;
  /**
   * Resources that must exist before the CRDs are installed, e.g. the controller node group, the
   * Pod Identity association and the interruption queue.
   * @default - none
   */
  readonly dependsOn?: ITerraformDependable[];
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
  readonly silenceWarnings?: readonly ControllerWarningCode[];
}

/**
 * The Karpenter controller, installed with two Helm releases from the same chart version:
 * `karpenter-crd` owns the CRDs (Helm never upgrades a chart's `crds/` folder, so the main chart
 * would leave them at the first installed version), then `karpenter` installs the controller
 * with `skip_crds`. Namespace, service account, credentials annotation and settings all come from
 * `karpenter` (`KarpenterAws.attributes`); outside `kube-system` it also creates Karpenter's two
 * FlowSchemas.
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
  /** Karpenter's FlowSchemas, created outside `kube-system`; empty in `kube-system`. */
  public readonly flowSchemas: Manifest[];
  /** The `karpenter` release; make NodePools and EC2NodeClasses depend on it. */
  public readonly release: Release;
  /** Namespace of both releases. */
  public readonly namespace: string;
  /** Name of the controller's service account. */
  public readonly serviceAccount: string;
  /** The installed Karpenter version. */
  public readonly version: KarpenterVersion;
  /** The values passed to the `karpenter` chart (may hold Terraform tokens). */
  public readonly values: HelmValues;

  constructor(scope: Construct, id: string, props: KarpenterControllerProps) {
    super(scope, id);

    const plan = planKarpenterController(
      { ...props, hasKubernetesProvider: props.kubernetesProvider !== undefined },
      constructContext(props.silenceWarnings),
    );
    reportIssuesAtSynth(this, plan.issues);
    this.namespace = plan.namespace;
    this.serviceAccount = plan.serviceAccount;
    this.version = plan.version;
    this.values = plan.values;
    const registry = plan.registry;

    const common = {
      repository: registry.chartRepository,
      repositoryUsername: registry.repositoryUsername,
      repositoryPassword: registry.repositoryPassword,
      version: this.version.chartVersion,
      namespace: this.namespace,
      atomic: true,
      wait: true,
      cleanupOnFail: true,
      timeout: plan.timeoutSeconds,
      maxHistory: plan.maxHistory,
      provider: props.helmProvider,
    };

    this.crdRelease = new Release(this, 'Crds', {
      ...common,
      name: KarpenterController.CRD_RELEASE_NAME,
      chart: 'karpenter-crd',
      createNamespace: plan.createNamespace,
      takeOwnership: props.adoptExistingCrds ? true : undefined,
      dependsOn: props.dependsOn,
    });

    // Cluster-scoped API objects, so no namespace needs to exist; the controller starts with them in place.
    const flowSchemaScope = plan.flowSchemas.length > 0 ? new Construct(this, 'FlowSchemas') : undefined;
    this.flowSchemas = plan.flowSchemas.map((manifest) => {
      const id = (manifest.metadata as { name: string }).name.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());
      return new Manifest(flowSchemaScope!, id, { manifest, provider: props.kubernetesProvider });
    });

    this.release = new Release(this, 'Resource', {
      ...common,
      name: KarpenterController.RELEASE_NAME,
      chart: 'karpenter',
      // The karpenter-crd release owns the CRDs.
      skipCrds: true,
      values: [escapeTemplateSequences(renderHelmValues(this.values))],
      dependsOn: [this.crdRelease, ...this.flowSchemas],
    });
  }
}
