import { builderValue } from '../builder-value';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { controllerNeedsFlowSchemas, karpenterFlowSchemas } from './flow-schemas';
import { buildKarpenterHelmValues, HelmValues, KarpenterHelmValuesOptions, validateReleaseOptions } from './helm-values';
import { KARPENTER_REGISTRY_BUILDER, KARPENTER_VERSION_BUILDER, KarpenterRegistry, KarpenterVersion } from './karpenter-version';

/** Long enough for two controller pods to pull and become ready on fresh nodes. */
export const DEFAULT_HELM_TIMEOUT_SECONDS = 600;
/** Same as the chart's `revisionHistoryLimit`; Helm's own default (0) keeps every revision secret. */
export const DEFAULT_HELM_MAX_HISTORY = 10;

/** Input of {@link planKarpenterController}: the props of `KarpenterController` that decide what is built. */
export interface KarpenterControllerPlanInput extends KarpenterHelmValuesOptions {
  /**
   * Create the namespace `karpenter.controllerNamespace` if it doesn't exist (set on the CRD
   * release, which is installed first).
   * @default - true unless the namespace is 'kube-system'
   */
  readonly createNamespace?: boolean;
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
  /** Whether the construct was given a kubernetes provider for the FlowSchemas (set by `KarpenterController`). */
  readonly hasKubernetesProvider?: boolean;
}

/** The resolved Helm releases of the controller. */
export interface KarpenterControllerPlan {
  readonly namespace: string;
  /** `create_namespace` of the CRD release, which is installed first. */
  readonly createNamespace: boolean;
  /** The controller's service account (`karpenter.controllerServiceAccount`). */
  readonly serviceAccount: string;
  readonly version: KarpenterVersion;
  readonly registry: KarpenterRegistry;
  readonly timeoutSeconds: number;
  readonly maxHistory: number;
  /** Values of the `karpenter` chart (may hold Terraform tokens). */
  readonly values: HelmValues;
  /** FlowSchema manifests to apply; empty in `kube-system`, and without a kubernetes provider (an error). */
  readonly flowSchemas: { [key: string]: unknown }[];
  readonly issues: ValidationIssue[];
}

/** Resolves and checks both Helm releases and the chart values. */
export function planKarpenterController(input: KarpenterControllerPlanInput, ctx: ValidationContext = {}): KarpenterControllerPlan {
  const issues = new IssueCollector(ctx);
  const k = input.karpenter;
  const namespace = k.controllerNamespace;
  // From JavaScript these may be strings (or anything): builderValue reads or reports them.
  const typeIssues: ValidationIssue[] = [];
  const version = builderValue(KARPENTER_VERSION_BUILDER, input.version, 'version', typeIssues) ?? KarpenterVersion.DEFAULT;
  const registry = builderValue(KARPENTER_REGISTRY_BUILDER, input.registry, 'registry', typeIssues) ?? KarpenterRegistry.publicEcr();
  issues.add(typeIssues);
  const timeoutSeconds = input.timeoutSeconds ?? DEFAULT_HELM_TIMEOUT_SECONDS;
  const maxHistory = input.maxHistory ?? DEFAULT_HELM_MAX_HISTORY;
  const built = buildKarpenterHelmValues({ ...input, version, registry }, ctx);
  issues.add(built.issues);
  issues.add(validateReleaseOptions({ timeoutSeconds, maxHistory }, ctx));
  // A bad namespace was reported where it entered (KarpenterAws, or the attributes); FlowSchemas would only repeat it.
  const namespaceOk = !issues.isUnresolved(namespace) && built.namespaceValid;
  const needsFlowSchemas = namespaceOk && controllerNeedsFlowSchemas(namespace);
  if (needsFlowSchemas && !input.hasKubernetesProvider) {
    issues.error(
      'kubernetesProvider',
      'FlowSchemasNeedKubernetesProvider',
      `karpenter.controllerNamespace is '${namespace}', not kube-system, so the controller needs the karpenter-leader-election and ` +
        "karpenter-workload FlowSchemas of Karpenter's guide (without them the API server throttles its leader election and it " +
        'loses leadership under load). Pass kubernetesProvider (e.g. ClusterProviders.kubernetesProvider) to create them, or install in kube-system.',
    );
  }
  return {
    namespace,
    createNamespace: input.createNamespace ?? needsFlowSchemas,
    serviceAccount: k.controllerServiceAccount,
    version,
    registry,
    timeoutSeconds,
    maxHistory,
    values: built.values,
    // Without a provider to apply them, the error above fails synth.
    flowSchemas: needsFlowSchemas && input.hasKubernetesProvider ? karpenterFlowSchemas(namespace, k.controllerServiceAccount) : [],
    issues: issues.issues,
  };
}
