import { labelValueProblems, qualifiedNameProblems } from '../model/labels';
import { QUANTITY_PATTERN, quantityToNumber } from '../shared/quantity';
import { KarpenterAwsAttributes, validateKarpenterAwsAttributes } from '../aws/karpenter-aws-attributes';
import { ControllerIdentityType } from '../aws/controller-identity';
import { builderValue } from '../builder-value';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import {
  CONTROLLER_NODE_LABEL_KEY,
  CONTROLLER_NODE_LABEL_VALUE,
  CRITICAL_ADDONS_ONLY_TAINT_KEY,
  KARPENTER_CONTROLLER_REPLICAS,
} from '../shared/controller-nodes';
import {
  CONTROLLER_PLACEMENT_BUILDER,
  ControllerPlacement,
  ControllerResources,
  DEFAULT_CONTROLLER_RESOURCES,
  DnsPolicy,
  KarpenterFeatureGates,
  LogLevel,
} from './controller-settings';
import { applyAdditionalValues, HelmValues, IRSA_ANNOTATION } from './additional-values';
import { checkControllerNodes, CONTROLLER_NODES_WARNING_CODES } from './controller-nodes-check';
import { KARPENTER_REGISTRY_BUILDER, KARPENTER_VERSION_BUILDER, KarpenterRegistry, KarpenterVersion } from './karpenter-version';

/** The warnings the controller's plan reports: what `KarpenterController` `silenceWarnings` takes. */
export const CONTROLLER_WARNING_CODES = [
  'AdditionalValuesOverride',
  ...CONTROLLER_NODES_WARNING_CODES,
  'InterruptionHandlingDisabled',
  'ObsoleteHelmValue',
  'PodDisruptionBudgetAllowsOutage',
  'PodDisruptionBudgetBlocksDrain',
  'SettingNotInChart',
  'SingleControllerReplica',
] as const;
/** A warning code of `KarpenterController`. */
export type ControllerWarningCode = (typeof CONTROLLER_WARNING_CODES)[number];

export type { HelmValues };

/** charts/karpenter/values.yaml `podDisruptionBudget.maxUnavailable` */
export const DEFAULT_PDB_MAX_UNAVAILABLE = 1;

/** First chart version that reads each feature gate (older charts ignore it). Read from the chart's deployment.yaml per tag. */
const FEATURE_GATE_MIN_VERSION: { readonly [gate in keyof KarpenterFeatureGates]-?: string } = {
  spotToSpotConsolidation: '1.0.0',
  nodeRepair: '1.1.0',
  reservedCapacity: '1.3.0',
  nodeOverlay: '1.7.0',
  staticCapacity: '1.8.0',
  capacityBuffer: '1.14.0',
};
const ZONAL_SHIFT_MIN_VERSION = '1.12.0';

/** Input of `buildKarpenterHelmValues`; every field maps to one or a few chart values. */
export interface KarpenterHelmValuesOptions {
  /**
   * The AWS side of the install (`KarpenterAws.attributes`, or written by hand): the one source of
   * `settings.clusterName`, `settings.interruptionQueue`, `serviceAccount.name` and, under IRSA,
   * the `eks.amazonaws.com/role-arn` annotation. The releases go into its `controllerNamespace`.
   */
  readonly karpenter: KarpenterAwsAttributes;
  /**
   * Whether Karpenter handles spot interruptions, rebalance recommendations, scheduled changes and
   * instance state changes. Without it, spot nodes are lost without draining. Set `false` to run
   * without a queue on purpose.
   * @default - true when `karpenter.interruptionQueueName` is set; otherwise handling is off and a warning says so
   */
  readonly interruptionHandling?: boolean;
  /**
   * API server endpoint for the nodes (`settings.clusterEndpoint`).
   * @default - Karpenter discovers it with `eks:DescribeCluster`
   */
  readonly clusterEndpoint?: string;
  /**
   * Feature gates (`settings.featureGates`).
   * @default - the chart defaults
   */
  readonly featureGates?: KarpenterFeatureGates;
  /**
   * Respect ARC zonal shifts when launching nodes (`settings.enableZonalShift`, chart 1.12+).
   * Needs the ZonalShift controller policy.
   * @default false
   */
  readonly enableZonalShift?: boolean;
  /**
   * Assume AWS services without a VPC endpoint can't be reached (`settings.isolatedVPC`); also
   * disables pricing look-ups.
   * @default false
   */
  readonly isolatedVpc?: boolean;
  /**
   * Number of controller pods (`replicas`). Each needs its own node (required pod anti-affinity on
   * `kubernetes.io/hostname`), so the controller node group needs at least this many nodes.
   * @default 2
   */
  readonly replicas?: number;
  /**
   * Resources of the controller container (`controller.resources`).
   * @default - requests = limits = 1 CPU and 1Gi, as in the official guide
   */
  readonly resources?: ControllerResources;
  /**
   * DNS policy of the controller pod (`dnsPolicy`).
   * @default DnsPolicy.CLUSTER_FIRST
   */
  readonly dnsPolicy?: DnsPolicy;
  /**
   * Log level (`logLevel`).
   * @default LogLevel.INFO
   */
  readonly logLevel?: LogLevel;
  /**
   * Where the controller pods run (`nodeSelector`, `affinity`). The default needs nodes labelled
   * `karpenter.sh/controller=true`, as `ControllerNodeGroup` labels them, so it is only taken when
   * `karpenter.controllerNodeGroup` is true; otherwise (e.g. `EksCluster.fromClusterName` without
   * a `ControllerNodeGroup`) leaving it unset is the error `ControllerPlacementRequired`: use
   * `ControllerPlacement.anyNodeNotManagedByKarpenter()` or a label of a node group you own.
   * @default ControllerPlacement.controllerNodes() when `karpenter.controllerNodeGroup` is true
   */
  readonly placement?: ControllerPlacement;
  /**
   * `podDisruptionBudget.maxUnavailable` of the controller.
   * @default 1
   */
  readonly podDisruptionBudgetMaxUnavailable?: number;
  /**
   * Karpenter release; sets `controller.image.tag` and (when known) `controller.image.digest`.
   * @default KarpenterVersion.DEFAULT
   */
  readonly version?: KarpenterVersion;
  /**
   * Where the image comes from (`controller.image.repository`).
   * @default KarpenterRegistry.publicEcr()
   */
  readonly registry?: KarpenterRegistry;
  /**
   * Extra chart values, deep-merged last (objects merge, arrays and scalars replace). Replacing a
   * value set by a typed option is reported as a warning (`AdditionalValuesOverride`); changing
   * `settings.clusterName`, `settings.interruptionQueue`, `serviceAccount.name` or the
   * `eks.amazonaws.com/role-arn` annotation (or dropping them by replacing a parent with a
   * non-object) is an error, as they come from `karpenter` and must agree with the AWS side.
   * @default - none
   */
  readonly additionalValues?: { [key: string]: unknown };
}

/** Rendered values plus everything found wrong with the input. */
export interface KarpenterHelmValues {
  /** The values for the `karpenter` chart. */
  readonly values: HelmValues;
  /** Errors and warnings; throw on errors with `throwOnErrors`. */
  readonly issues: ValidationIssue[];
  /**
   * Whether `karpenter.controllerNamespace` passed its one check: the verdict of `karpenter.checked`
   * when it checked this namespace, else the check of the attributes made here (a token is not checked, so it passes).
   */
  readonly namespaceValid: boolean;
}

/**
 * Builds the values of the `karpenter` chart and validates the input. Pure: Terraform tokens are
 * kept as opaque strings and skipped by checks when `ctx.isUnresolved` recognises them.
 */
export function buildKarpenterHelmValues(options: KarpenterHelmValuesOptions, ctx: ValidationContext = {}): KarpenterHelmValues {
  const issues = new IssueCollector(ctx);
  const typeIssues: ValidationIssue[] = [];
  const version = builderValue(KARPENTER_VERSION_BUILDER, options.version, 'version', typeIssues) ?? KarpenterVersion.DEFAULT;
  const registry = builderValue(KARPENTER_REGISTRY_BUILDER, options.registry, 'registry', typeIssues) ?? KarpenterRegistry.publicEcr();
  issues.add(typeIssues);
  issues.add(version.issues);
  issues.add(registry.validate('registry', ctx));

  const k = options.karpenter;
  const { namespaceValid, controllerNodes } = validateKarpenterAwsAttributes(issues, 'karpenter', k);
  const settings = settingsValues(issues, options, version);

  // Pod Identity needs no annotation: the association binds the role to the service account.
  const annotations: { [key: string]: string } = k.identityType === ControllerIdentityType.IRSA ? { [IRSA_ANNOTATION]: k.controllerRoleArn } : {};

  const replicas = options.replicas ?? KARPENTER_CONTROLLER_REPLICAS;
  const maxUnavailable = options.podDisruptionBudgetMaxUnavailable ?? DEFAULT_PDB_MAX_UNAVAILABLE;
  checkReplicas(issues, replicas, maxUnavailable);

  const resources = options.resources ?? DEFAULT_CONTROLLER_RESOURCES;
  checkResources(issues, resources);

  const values: HelmValues = {
    settings,
    serviceAccount: { name: k.controllerServiceAccount, annotations },
    replicas,
    controller: { image: imageValues(registry, version), resources: renderResources(resources) },
    dnsPolicy: options.dnsPolicy ?? DnsPolicy.CLUSTER_FIRST,
    logLevel: options.logLevel ?? LogLevel.INFO,
    nodeSelector: nodeSelectorValues(issues, options),
    ...spreadValues(),
    podDisruptionBudget: { name: 'karpenter', maxUnavailable },
    priorityClassName: 'system-cluster-critical',
  };

  const merged = options.additionalValues ? applyAdditionalValues(issues, values, options.additionalValues, version, k) : values;
  if (controllerNodes !== undefined) {
    const tolerationsField = Object.hasOwn(options.additionalValues ?? {}, 'tolerations')
      ? 'additionalValues.tolerations'
      : 'karpenter.controllerNodes';
    checkControllerNodes(issues, merged, controllerNodes, tolerationsField);
  }
  return { values: merged, issues: issues.issues, namespaceValid };
}

/** `settings`: the cluster and its queue, then the endpoint, isolated VPC, zonal shift and feature gates that are set. */
function settingsValues(issues: IssueCollector, options: KarpenterHelmValuesOptions, version: KarpenterVersion): HelmValues {
  const settings: HelmValues = { clusterName: options.karpenter.clusterName };
  const queue = options.karpenter.interruptionQueueName;
  checkInterruption(issues, queue, options.interruptionHandling);
  if (queue !== undefined) settings.interruptionQueue = queue;

  if (options.clusterEndpoint !== undefined) {
    const endpoint = options.clusterEndpoint;
    if (!issues.isUnresolved(endpoint) && !/^https:\/\/[^\s/]+/.test(endpoint)) {
      issues.error(
        'clusterEndpoint',
        'InvalidClusterEndpoint',
        `must be the https:// URL of the API server, as in 'aws eks describe-cluster' cluster.endpoint; got '${endpoint}'`,
      );
    }
    settings.clusterEndpoint = endpoint;
  }
  if (options.isolatedVpc !== undefined) settings.isolatedVPC = options.isolatedVpc;
  if (options.enableZonalShift !== undefined) {
    if (options.enableZonalShift && !version.isAtLeast(ZONAL_SHIFT_MIN_VERSION)) {
      issues.warn(
        'enableZonalShift',
        'SettingNotInChart',
        `settings.enableZonalShift is read by chart ${ZONAL_SHIFT_MIN_VERSION} and later; chart ${version.chartVersion} ignores it`,
      );
    }
    settings.enableZonalShift = options.enableZonalShift;
  }
  const gates = featureGates(issues, options.featureGates, version);
  if (gates) settings.featureGates = gates;
  return settings;
}

/** `controller.image`: repository, tag and the digest the registry keeps (or an empty one). */
function imageValues(registry: KarpenterRegistry, version: KarpenterVersion): HelmValues {
  const image: HelmValues = {
    repository: registry.imageRepository,
    tag: version.imageTag,
  };
  if (!registry.keepImageDigest) {
    // An empty digest, not an absent one: values merge with the chart's, which pins its own digest.
    image.digest = '';
  } else if (version.imageDigest !== undefined) {
    image.digest = version.imageDigest;
  }
  return image;
}

/** `nodeSelector`: Linux, plus the placement's label (the default placement needs the controller node group). */
function nodeSelectorValues(issues: IssueCollector, options: KarpenterHelmValuesOptions): HelmValues {
  const placementIssues: ValidationIssue[] = [];
  const placement =
    builderValue(CONTROLLER_PLACEMENT_BUILDER, options.placement, 'placement', placementIssues) ?? ControllerPlacement.controllerNodes();
  issues.add(placementIssues);
  if (options.placement === undefined && options.karpenter.controllerNodeGroup !== true) checkDefaultPlacement(issues, options.karpenter);
  const nodeSelector: HelmValues = { 'kubernetes.io/os': 'linux' };
  if (placement.labelKey !== undefined) {
    checkLabel(issues, placement.labelKey, placement.labelValue ?? '');
    nodeSelector[placement.labelKey] = placement.labelValue;
  }
  return nodeSelector;
}

/** `tolerations`, `affinity` and `topologySpreadConstraints`: the fixed rules that spread the controller pods. */
function spreadValues(): HelmValues {
  return {
    tolerations: [{ key: CRITICAL_ADDONS_ONLY_TAINT_KEY, operator: 'Exists' }],
    // Helm replaces lists rather than merging them, so restate the chart's two required terms:
    // they must survive any placement, and a user's replacement then shows up as an override.
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }],
        },
      },
      podAntiAffinity: {
        // The chart adds the label selector of its own pods (karpenter.patchAffinity).
        requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname' }],
      },
    },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' }],
  };
}

/** The default placement needs the controller node group's label; without that group the pods would stay Pending. */
function checkDefaultPlacement(issues: IssueCollector, k: KarpenterAwsAttributes): void {
  const label = `${CONTROLLER_NODE_LABEL_KEY}=${CONTROLLER_NODE_LABEL_VALUE}`;
  issues.error(
    'placement',
    'ControllerPlacementRequired',
    `no ControllerNodeGroup of this library runs on cluster '${k.clusterName}' (karpenter.controllerNodeGroup is ` +
      `${k.controllerNodeGroup === undefined ? 'unset' : 'false'}), so no node carries the default placement's label ${label} ` +
      'and the controller pods would stay Pending. Set placement: ControllerPlacement.anyNodeNotManagedByKarpenter() to run on ' +
      'any node Karpenter does not manage (a managed node group, Fargate), or ControllerPlacement.controllerNodes({ key, value }) ' +
      'with a label of a node group you own; or create a ControllerNodeGroup for the cluster before reading KarpenterAws.attributes.',
  );
}

/**
 * Renders values as one JSON document (valid YAML, so Helm reads it). Token strings stay inside
 * JSON string literals, so a reference that resolves to a queue name or role ARN stays valid JSON.
 */
export function renderHelmValues(values: HelmValues): string {
  return JSON.stringify(values, undefined, 2);
}

/** Options of the two Helm releases, checked by `validateReleaseOptions`; their namespace is the attributes'. */
export interface KarpenterReleaseOptions {
  /** Helm timeout in seconds. */
  readonly timeoutSeconds: number;
  /** Helm `max_history`. */
  readonly maxHistory: number;
}

/** Checks the release-level options (timeout, history). */
export function validateReleaseOptions(options: KarpenterReleaseOptions, ctx: ValidationContext = {}): ValidationIssue[] {
  const issues = new IssueCollector(ctx);
  const { timeoutSeconds, maxHistory } = options;
  if (!issues.isUnresolved(timeoutSeconds) && (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1)) {
    issues.error('timeoutSeconds', 'InvalidHelmTimeout', `must be a whole number of seconds, at least 1; got ${timeoutSeconds}`);
  }
  if (!issues.isUnresolved(maxHistory) && (!Number.isInteger(maxHistory) || maxHistory < 0)) {
    issues.error('maxHistory', 'InvalidHelmMaxHistory', `must be a whole number, 0 (unlimited) or more; got ${maxHistory}`);
  }
  return issues.issues;
}

function checkInterruption(issues: IssueCollector, queue: string | undefined, handling: boolean | undefined): void {
  if (queue === undefined) {
    if (handling === true) {
      issues.error(
        'interruptionHandling',
        'MissingInterruptionQueue',
        'interruptionHandling is true but karpenter.interruptionQueueName is not set; ' +
          'create the queue (KarpenterAws enableSpotTermination), or set interruptionHandling: false',
      );
    } else if (handling === undefined) {
      issues.warn(
        'karpenter.interruptionQueueName',
        'InterruptionHandlingDisabled',
        'no interruption queue: Karpenter will not handle spot interruptions, rebalance recommendations or scheduled maintenance, ' +
          'so spot nodes are lost without draining; create the queue (KarpenterAws enableSpotTermination), ' +
          'or set interruptionHandling: false to run without it on purpose',
      );
    }
    return;
  }
  if (handling === false) {
    issues.error(
      'interruptionHandling',
      'ConflictingInterruptionHandling',
      `interruptionHandling is false but karpenter.interruptionQueueName is '${queue}'; ` +
        'remove interruptionHandling, or create no queue (KarpenterAws enableSpotTermination: false)',
    );
  }
}

function featureGates(issues: IssueCollector, gates: KarpenterFeatureGates | undefined, version: KarpenterVersion): HelmValues | undefined {
  if (!gates) return undefined;
  const out: HelmValues = {};
  for (const [gate, minVersion] of Object.entries(FEATURE_GATE_MIN_VERSION)) {
    const value = gates[gate as keyof KarpenterFeatureGates];
    if (value === undefined) continue;
    if (!version.isAtLeast(minVersion)) {
      issues.warn(
        `featureGates.${gate}`,
        'SettingNotInChart',
        `settings.featureGates.${gate} is read by chart ${minVersion} and later; chart ${version.chartVersion} ignores it`,
      );
    }
    out[gate] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function checkReplicas(issues: IssueCollector, replicas: number, maxUnavailable: number): void {
  const replicasKnown = !issues.isUnresolved(replicas);
  if (replicasKnown) {
    if (!Number.isInteger(replicas) || replicas < 1) {
      issues.error('replicas', 'InvalidReplicas', `must be a whole number, at least 1; got ${replicas}`);
    } else if (replicas === 1) {
      issues.warn(
        'replicas',
        'SingleControllerReplica',
        'one controller replica means no provisioning or interruption handling while it restarts or its node is replaced; use 2 (the chart default)',
      );
    }
  }
  if (issues.isUnresolved(maxUnavailable)) return;
  if (!Number.isInteger(maxUnavailable) || maxUnavailable < 0) {
    issues.error('podDisruptionBudgetMaxUnavailable', 'InvalidPodDisruptionBudget', `must be a whole number, 0 or more; got ${maxUnavailable}`);
  } else if (maxUnavailable === 0) {
    issues.warn(
      'podDisruptionBudgetMaxUnavailable',
      'PodDisruptionBudgetBlocksDrain',
      '0 means no controller pod can ever be evicted, so draining the controller nodes (node group updates) hangs; use 1',
    );
  } else if (replicasKnown && replicas > 1 && maxUnavailable >= replicas) {
    issues.warn(
      'podDisruptionBudgetMaxUnavailable',
      'PodDisruptionBudgetAllowsOutage',
      `${maxUnavailable} lets all ${replicas} controller pods be evicted at once; use a value below replicas (1, the chart default)`,
    );
  }
}

function checkResources(issues: IssueCollector, resources: ControllerResources): void {
  for (const kind of ['requests', 'limits'] as const) {
    for (const res of ['cpu', 'memory'] as const) {
      const q = resources[kind]?.[res];
      if (q === undefined || issues.isUnresolved(q)) continue;
      if (!QUANTITY_PATTERN.test(q) || q.startsWith('-')) {
        issues.error(
          `resources.${kind}.${res}`,
          'InvalidResourceQuantity',
          `must be a Kubernetes quantity such as ${res === 'cpu' ? "'1' or '500m'" : "'1Gi' or '512Mi'"} (units are case-sensitive); got '${q}'`,
        );
      }
    }
  }
  for (const res of ['cpu', 'memory'] as const) {
    const request = resources.requests?.[res];
    const limit = resources.limits?.[res];
    if (request === undefined || limit === undefined || issues.isUnresolved(request) || issues.isUnresolved(limit)) continue;
    const r = quantityToNumber(request);
    const l = quantityToNumber(limit);
    if (r !== undefined && l !== undefined && r > l) {
      issues.error(
        `resources.requests.${res}`,
        'RequestAboveLimit',
        `${res} request '${request}' is above its limit '${limit}'; Kubernetes rejects the pod. Raise the limit or lower the request`,
      );
    }
  }
}

function renderResources(resources: ControllerResources): HelmValues {
  const out: HelmValues = {};
  for (const kind of ['requests', 'limits'] as const) {
    const q = resources[kind];
    if (!q) continue;
    const rendered: HelmValues = {};
    if (q.cpu !== undefined) rendered.cpu = q.cpu;
    if (q.memory !== undefined) rendered.memory = q.memory;
    if (Object.keys(rendered).length > 0) out[kind] = rendered;
  }
  return out;
}

function checkLabel(issues: IssueCollector, key: string, value: string): void {
  const keyProblems = issues.isUnresolved(key) ? [] : qualifiedNameProblems(key);
  if (keyProblems.length > 0) {
    issues.error('placement.key', 'InvalidNodeLabel', `must be a Kubernetes label key ([prefix/]name): ${keyProblems.join('; ')}; got '${key}'`);
  }
  const valueProblems = issues.isUnresolved(value) ? [] : labelValueProblems(value);
  if (valueProblems.length > 0) {
    issues.error('placement.value', 'InvalidNodeLabel', `must be a Kubernetes label value: ${valueProblems.join('; ')}; got '${value}'`);
  }
}
