// The controller's typed settings (log level, DNS policy, resources, feature gates, placement): what
// `KarpenterController` takes, and `buildKarpenterHelmValues` turns into chart values.
import { BuilderKind } from '../builder-value';
import { CONTROLLER_NODE_LABEL_KEY, CONTROLLER_NODE_LABEL_VALUE } from '../shared/controller-nodes';

/** Log verbosity of the controller (`logLevel`). */
export enum LogLevel {
  DEBUG = 'debug',
  /** The chart default. */
  INFO = 'info',
  ERROR = 'error',
}

/**
 * DNS policy of the controller pod (`dnsPolicy`).
 * @see https://karpenter.sh/docs/troubleshooting/
 */
export enum DnsPolicy {
  /** Use the cluster DNS (CoreDNS). The chart default; needs CoreDNS to run on capacity Karpenter doesn't manage. */
  CLUSTER_FIRST = 'ClusterFirst',
  /**
   * Use the node's (VPC) resolver. Needed when Karpenter provisions the capacity CoreDNS runs on,
   * since the controller must start before CoreDNS. terraform-aws-eks' example uses it.
   */
  DEFAULT = 'Default',
  /** Cluster DNS for a pod on the host network. */
  CLUSTER_FIRST_WITH_HOST_NET = 'ClusterFirstWithHostNet',
}

/** Kubernetes resource quantities for one container. */
export interface ResourceQuantities {
  /**
   * CPU, e.g. `1` or `500m`.
   * @default - not set
   */
  readonly cpu?: string;
  /**
   * Memory, e.g. `1Gi` (units are case-sensitive: `Mi`, `Gi`).
   * @default - not set
   */
  readonly memory?: string;
}

/** Resources of the controller container (`controller.resources`). */
export interface ControllerResources {
  /**
   * What the scheduler reserves for the controller.
   * @default - none
   */
  readonly requests?: ResourceQuantities;
  /**
   * The most the controller may use.
   * @default - none
   */
  readonly limits?: ResourceQuantities;
}

/** The official guide's controller resources: requests = limits = 1 CPU, 1Gi (the chart itself sets none). */
export const DEFAULT_CONTROLLER_RESOURCES: ControllerResources = {
  requests: { cpu: '1', memory: '1Gi' },
  limits: { cpu: '1', memory: '1Gi' },
};

/**
 * Karpenter feature gates (`settings.featureGates`). Unset gates keep the chart default.
 * @see https://karpenter.sh/docs/reference/settings/#feature-gates
 */
export interface KarpenterFeatureGates {
  /**
   * Node repair (alpha; chart 1.1+).
   * @default - chart default (false)
   */
  readonly nodeRepair?: boolean;
  /**
   * NodeOverlay support (alpha; chart 1.7+).
   * @default - chart default (false)
   */
  readonly nodeOverlay?: boolean;
  /**
   * On-demand capacity reservation support (beta; chart 1.3+).
   * @default - chart default (true since 1.6)
   */
  readonly reservedCapacity?: boolean;
  /**
   * Spot-to-spot consolidation (alpha).
   * @default - chart default (false)
   */
  readonly spotToSpotConsolidation?: boolean;
  /**
   * Static capacity NodePools (alpha; chart 1.8+).
   * @default - chart default (false)
   */
  readonly staticCapacity?: boolean;
  /**
   * CapacityBuffer support (alpha; chart 1.14+).
   * @default - chart default (false)
   */
  readonly capacityBuffer?: boolean;
}

/** Options for `ControllerPlacement.controllerNodes`. */
export interface ControllerNodeLabelOptions {
  /**
   * Label key the controller nodes carry.
   * @default 'karpenter.sh/controller'
   */
  readonly key?: string;
  /**
   * Label value the controller nodes carry.
   * @default 'true'
   */
  readonly value?: string;
}

/**
 * Which nodes the controller pods may run on. The controller must never run on capacity it
 * manages itself, so every placement keeps the chart's required node affinity
 * `karpenter.sh/nodepool DoesNotExist`.
 */
export class ControllerPlacement {
  /**
   * Only nodes with a label, by default `karpenter.sh/controller=true` (the label of the
   * controller managed node group). The default.
   */
  public static controllerNodes(options: ControllerNodeLabelOptions = {}): ControllerPlacement {
    return new ControllerPlacement(options.key ?? CONTROLLER_NODE_LABEL_KEY, options.value ?? CONTROLLER_NODE_LABEL_VALUE);
  }

  /**
   * Any Linux node Karpenter doesn't manage, as the chart does by default: any managed node
   * group, or Fargate (whose nodes don't carry a custom label).
   */
  public static anyNodeNotManagedByKarpenter(): ControllerPlacement {
    return new ControllerPlacement(undefined, undefined);
  }

  private constructor(
    /** Label key the controller nodes must carry; undefined for no label. */
    public readonly labelKey: string | undefined,
    /** Label value the controller nodes must carry. */
    public readonly labelValue: string | undefined,
  ) {}
}

/** Props typed `ControllerPlacement` take only the builder. */
export const CONTROLLER_PLACEMENT_BUILDER: BuilderKind<ControllerPlacement> = {
  name: 'ControllerPlacement',
  type: ControllerPlacement,
  example: 'ControllerPlacement.controllerNodes() or ControllerPlacement.anyNodeNotManagedByKarpenter()',
};
