// Pure core: no cdktf or constructs imports in lib/core.
import { DEFAULT_KARPENTER_NAMESPACE, DEFAULT_KARPENTER_SERVICE_ACCOUNT } from '../aws/trust-policies';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { buildKarpenterHelmValues, HelmValues, KarpenterHelmValuesOptions, validateReleaseOptions } from './helm-values';
import { KarpenterRegistry, KarpenterVersion } from './karpenter-version';

/** Long enough for two controller pods to pull and become ready on fresh nodes. */
export const DEFAULT_HELM_TIMEOUT_SECONDS = 600;
/** Same as the chart's `revisionHistoryLimit`; Helm's own default (0) keeps every revision secret. */
export const DEFAULT_HELM_MAX_HISTORY = 10;

/** Input of {@link planKarpenterController}: the props of `KarpenterController` that decide what is built. */
export interface KarpenterControllerPlanInput extends KarpenterHelmValuesOptions {
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
   * How long Helm waits for each release, in seconds.
   * @default 600
   */
  readonly timeoutSeconds?: number;
  /**
   * Number of Helm revisions kept per release (0 keeps all).
   * @default 10
   */
  readonly maxHistory?: number;
}

/** The resolved Helm releases of the controller. */
export interface KarpenterControllerPlan {
  readonly namespace: string;
  /** `create_namespace` of the CRD release, which is installed first. */
  readonly createNamespace: boolean;
  readonly serviceAccountName: string;
  readonly version: KarpenterVersion;
  readonly registry: KarpenterRegistry;
  readonly timeoutSeconds: number;
  readonly maxHistory: number;
  /** Values of the `karpenter` chart (may hold Terraform tokens). */
  readonly values: HelmValues;
  readonly issues: ValidationIssue[];
}

/** Resolves and checks both Helm releases and the chart values. */
export function planKarpenterController(input: KarpenterControllerPlanInput, ctx: ValidationContext = {}): KarpenterControllerPlan {
  const issues = new IssueCollector(ctx);
  const namespace = input.namespace ?? DEFAULT_KARPENTER_NAMESPACE;
  const version = input.version ?? KarpenterVersion.DEFAULT;
  const registry = input.registry ?? KarpenterRegistry.publicEcr();
  const timeoutSeconds = input.timeoutSeconds ?? DEFAULT_HELM_TIMEOUT_SECONDS;
  const maxHistory = input.maxHistory ?? DEFAULT_HELM_MAX_HISTORY;
  const built = buildKarpenterHelmValues({ ...input, version, registry }, ctx);
  issues.add(built.issues);
  issues.add(validateReleaseOptions({ namespace, timeoutSeconds, maxHistory }, ctx));
  return {
    namespace,
    createNamespace: input.createNamespace ?? namespace !== DEFAULT_KARPENTER_NAMESPACE,
    serviceAccountName: input.serviceAccountName ?? DEFAULT_KARPENTER_SERVICE_ACCOUNT,
    version,
    registry,
    timeoutSeconds,
    maxHistory,
    values: built.values,
    issues: issues.issues,
  };
}
