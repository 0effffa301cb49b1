import { BuilderKind, builderList, builderMap, builderValue } from '../builder-value';
import { builderError, ValidationContext, ValidationIssue, withCarriedIssues, withIssues } from '../issues';
import { cloneJson, opt } from '../json';
import { ConsolidationPolicy, DisruptionReason, TaintEffect } from '../model/crd-enums';
import { DURATION_BUILDER, KarpenterDuration } from '../model/duration';
import { Quantity, QUANTITY_BUILDER } from '../model/quantity-builder';
import { Requirement, REQUIREMENT_BUILDER } from '../model/requirement-builder';
import { NODEPOOL_API_VERSION, V1Budget, V1Disruption, V1NodeClassReference, V1NodePool, V1Taint } from '../model/types';
import { validateNodePool } from '../validation/validate-nodepool';
import { toYaml } from '../model/yaml';

/** A node taint. */
export interface Taint {
  /** Taint key, e.g. `example.com/dedicated`. */
  readonly key: string;
  /**
   * Taint value.
   * @default - a key-only taint
   */
  readonly value?: string;
  /** Effect on pods that don't tolerate it. */
  readonly effect: TaintEffect;
}

/**
 * A disruption budget: how many of a pool's nodes Karpenter may disrupt at once, optionally only
 * during a cron window and only for some reasons.
 *
 * @example
 * Budget.percent(10)
 * Budget.nodes(0).during('0 9 * * mon-fri', KarpenterDuration.hours(8)).forReasons(DisruptionReason.UNDERUTILIZED)
 */
export class Budget {
  /** At most `n` nodes at once (`0` blocks disruption). */
  public static nodes(n: number): Budget {
    const budget = new Budget(String(n));
    if (Number.isInteger(n) && n >= 0) return budget;
    return withIssues(budget, [builderError('Budget.nodes', 'InvalidBudgetNodes', `must be a non-negative whole number, got ${n}`)]);
  }

  /** At most `p` percent of the pool's nodes at once (0..100). */
  public static percent(p: number): Budget {
    const budget = new Budget(`${p}%`);
    if (Number.isInteger(p) && p >= 0 && p <= 100) return budget;
    return withIssues(budget, [builderError('Budget.percent', 'InvalidBudgetNodes', `must be a whole number from 0 to 100, got ${p}`)]);
  }

  /**
   * Problems of the builder's input, reported by the construct given this value; see `CarriesIssues`.
   * @internal
   */
  declare public readonly builderIssues?: readonly ValidationIssue[];

  private constructor(
    private readonly nodes: string,
    private readonly schedule?: string,
    private readonly duration?: KarpenterDuration,
    private readonly reasons?: readonly DisruptionReason[],
  ) {}

  /**
   * Active only for `duration` after each hit of the cron `schedule` (UTC, five fields or a
   * macro such as `@daily`). Budget durations take hours and minutes only.
   */
  public during(schedule: string, duration: KarpenterDuration): Budget {
    const issues: ValidationIssue[] = [];
    const budget = new Budget(this.nodes, schedule, builderValue(DURATION_BUILDER, duration, 'duration', issues), this.reasons);
    return issues.length > 0 ? withIssues(budget, issues) : budget;
  }

  /** Applies only to these disruption reasons. */
  public forReasons(...reasons: DisruptionReason[]): Budget {
    return new Budget(this.nodes, this.schedule, this.duration, reasons);
  }

  /** The CRD form. */
  public toJson(): V1Budget {
    return {
      nodes: this.nodes,
      ...opt('schedule', this.schedule),
      ...opt('duration', this.duration?.toString()),
      ...opt('reasons', this.reasons && [...this.reasons]),
    };
  }
}

/** Options of a disruption policy. */
export interface DisruptionOptions {
  /**
   * How long a node must be a consolidation candidate before Karpenter acts, or `Never`.
   * @default KarpenterDuration.seconds(0) - the CRD default
   */
  readonly consolidateAfter?: KarpenterDuration;
  /**
   * Disruption budgets; the most restrictive active one wins.
   * @default - the CRD default, one budget of 10% of the nodes
   */
  readonly budgets?: Budget[];
}

/**
 * A NodePool's disruption settings (`spec.disruption`).
 *
 * @example
 * Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(5), budgets: [Budget.percent(10)] })
 */
export class Disruption {
  /** Consolidate only empty nodes. */
  public static whenEmpty(options: DisruptionOptions = {}): Disruption {
    return Disruption.make(ConsolidationPolicy.WHEN_EMPTY, options);
  }

  /** Consolidate empty and underutilized nodes (the CRD default policy). */
  public static whenEmptyOrUnderutilized(options: DisruptionOptions = {}): Disruption {
    return Disruption.make(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, options);
  }

  /** Consolidate when the savings outweigh the disruption. */
  public static balanced(options: DisruptionOptions = {}): Disruption {
    return Disruption.make(ConsolidationPolicy.BALANCED, options);
  }

  /** A disruption with its options checked: values of the wrong type from JavaScript are reported, not rendered. */
  private static make(policy: ConsolidationPolicy, options: DisruptionOptions): Disruption {
    const issues: ValidationIssue[] = [];
    const checked: DisruptionOptions = {
      consolidateAfter: builderValue(DURATION_BUILDER, options?.consolidateAfter, 'consolidateAfter', issues),
      budgets: builderList(BUDGET_BUILDER, options?.budgets, 'budgets', issues),
    };
    const disruption = new Disruption(policy, checked);
    return issues.length > 0 ? withIssues(disruption, issues) : disruption;
  }

  /**
   * Problems of the builder's input, reported by the construct given this value; see `CarriesIssues`.
   * @internal
   */
  declare public readonly builderIssues?: readonly ValidationIssue[];

  private constructor(
    private readonly policy: ConsolidationPolicy,
    private readonly options: DisruptionOptions,
  ) {}

  /** The CRD form. */
  public toJson(): V1Disruption {
    return {
      consolidationPolicy: this.policy,
      consolidateAfter: (this.options.consolidateAfter ?? KarpenterDuration.seconds(0)).toString(),
      ...opt(
        'budgets',
        this.options.budgets?.map((b) => b.toJson()),
      ),
    };
  }
}

/** Props typed `Budget` take only the builder. */
export const BUDGET_BUILDER: BuilderKind<Budget> = { name: 'Budget', type: Budget, example: 'Budget.percent(10) or Budget.nodes(1)' };

/** Props typed `Disruption` take only the builder. */
export const DISRUPTION_BUILDER: BuilderKind<Disruption> = {
  name: 'Disruption',
  type: Disruption,
  example: 'Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(5) })',
};

/** Caps on the total resources of a NodePool's nodes (`spec.limits`). */
export interface NodePoolLimits {
  /**
   * Total vCPUs, e.g. `Quantity.cpu(1000)`.
   * @default - no CPU limit
   */
  readonly cpu?: Quantity;
  /**
   * Total memory, e.g. `Quantity.gibibytes(1000)`.
   * @default - no memory limit
   */
  readonly memory?: Quantity;
  /**
   * Total ephemeral storage.
   * @default - no ephemeral storage limit
   */
  readonly ephemeralStorage?: Quantity;
  /**
   * Number of nodes; the only limit a static pool (`replicas`) supports.
   * @default - no node count limit
   */
  readonly nodes?: number;
  /**
   * Other resources by name, e.g. `{ 'nvidia.com/gpu': Quantity.count(8) }`.
   * @default - none
   */
  readonly resources?: { readonly [name: string]: Quantity };
}

/** What a NodePool launches and how it scales; shared by `NodePoolDefinition` and the `KarpenterNodePool` construct. */
export interface NodePoolOptions {
  /**
   * Scheduling requirements, ANDed; use the `Requirement` factories.
   * @default - none (an empty list: only the node class and Karpenter's own defaults constrain instance types)
   */
  readonly requirements?: Requirement[];
  /**
   * Labels put on every node (layered on the requirements as `In [value]`).
   * @default - none
   */
  readonly labels?: { readonly [key: string]: string };
  /**
   * Annotations put on every node.
   * @default - none
   */
  readonly annotations?: { readonly [key: string]: string };
  /**
   * Taints put on every node.
   * @default - none
   */
  readonly taints?: Taint[];
  /**
   * Taints put on nodes at startup, which a DaemonSet is expected to remove.
   * @default - none
   */
  readonly startupTaints?: Taint[];
  /**
   * Node lifetime before Karpenter replaces it, or `KarpenterDuration.never()`.
   * @default - the CRD default, 720h (30 days)
   */
  readonly expireAfter?: KarpenterDuration;
  /**
   * Maximum time to drain a node before its pods are deleted (bypasses PDBs once reached).
   * @default - wait indefinitely for pods to drain
   */
  readonly terminationGracePeriod?: KarpenterDuration;
  /**
   * Consolidation policy, delay and budgets.
   * @default - the CRD default: WhenEmptyOrUnderutilized after 0s, one 10% budget
   */
  readonly disruption?: Disruption;
  /**
   * Caps on total resources; set them, or the pool can scale without bound.
   * @default - no limits (reported as the warning NodePoolWithoutLimits)
   */
  readonly limits?: NodePoolLimits;
  /**
   * Priority among NodePools (1..100); higher is tried first.
   * @default - no weight (treated as 0)
   */
  readonly weight?: number;
  /**
   * Fixed number of nodes (static capacity, alpha; needs the staticCapacity feature gate). A
   * static pool ignores consolidation and supports only `limits.nodes`, and no `weight`.
   * @default - a dynamic pool that scales with pending pods
   */
  readonly replicas?: number;
}

/** Reference to the node class a NodePool launches nodes with. */
export interface NodeClassReference {
  /** API group, `karpenter.k8s.aws`. */
  readonly group: string;
  /** Kind, `EC2NodeClass`. */
  readonly kind: string;
  /** Name of the node class. */
  readonly name: string;
}

/** Props of `NodePoolDefinition`. */
export interface NodePoolDefinitionProps extends NodePoolOptions {
  /** NodePool name (`metadata.name`), a DNS-1123 subdomain of at most 63 characters. */
  readonly name: string;
  /** The node class to launch nodes with. */
  readonly nodeClassRef: NodeClassReference;
}

/**
 * A typed `karpenter.sh/v1` NodePool, independent of cdktf: render it with `toManifest()` or
 * `toYaml()`, check it with `validate()`.
 */
export class NodePoolDefinition {
  /** NodePool name. */
  public readonly name: string;

  private readonly props: NodePoolDefinitionProps;
  // Props of the wrong type (from JavaScript), reported by validate().
  private readonly inputIssues: ValidationIssue[] = [];
  private rendered?: V1NodePool;

  constructor(props: NodePoolDefinitionProps) {
    this.name = props.name;
    this.props = checkedProps(props, this.inputIssues);
  }

  /** The plain manifest, as `kubectl apply` would send it. */
  public toManifest(): V1NodePool {
    // Rendered once; callers get a copy, so none can change what the others (and the resource) see.
    return cloneJson(this.manifest);
  }

  /** The one render of the props. */
  private get manifest(): V1NodePool {
    this.rendered ??= this.render();
    return this.rendered;
  }

  private render(): V1NodePool {
    const p = this.props;
    const taint = (t: Taint): V1Taint => ({ key: t.key, ...opt('value', t.value), effect: t.effect });
    const hasMeta = p.labels !== undefined || p.annotations !== undefined;
    return {
      apiVersion: NODEPOOL_API_VERSION,
      kind: 'NodePool',
      metadata: { name: p.name },
      spec: {
        template: {
          ...(hasMeta
            ? {
                metadata: {
                  ...opt('labels', p.labels && { ...p.labels }),
                  ...opt('annotations', p.annotations && { ...p.annotations }),
                },
              }
            : {}),
          spec: {
            nodeClassRef: nodeClassRefJson(p.nodeClassRef),
            requirements: (p.requirements ?? []).map((r) => r.toJson()),
            ...opt('taints', p.taints?.map(taint)),
            ...opt('startupTaints', p.startupTaints?.map(taint)),
            ...opt('expireAfter', p.expireAfter?.toString()),
            ...opt('terminationGracePeriod', p.terminationGracePeriod?.toString()),
          },
        },
        ...opt('disruption', p.disruption?.toJson()),
        ...opt('limits', p.limits && limitsJson(p.limits)),
        ...opt('weight', p.weight),
        ...opt('replicas', p.replicas),
      },
    };
  }

  /** Every problem with the rendered manifest (errors and lint warnings; the catalog's are `lintNodePoolCatalog`'s). */
  public validate(ctx?: ValidationContext): ValidationIssue[] {
    return this.validateRendering(this.manifest, ctx);
  }

  /**
   * `validate()` on `rendering`, a copy of `toManifest()`: planNodePool checks the copy it returns, so that its other
   * checks read the same objects.
   * @internal
   */
  public validateRendering(rendering: V1NodePool, ctx?: ValidationContext): ValidationIssue[] {
    // A string parsed into a builder value carries what inputIssues holds: withCarriedIssues keeps one of each.
    return withCarriedIssues(this.props, [...this.inputIssues, ...validateNodePool(rendering, ctx)]);
  }

  /** The manifest as a YAML document. */
  public toYaml(): string {
    return toYaml(this.manifest);
  }
}

/** The props with every builder-typed value checked (builderValue): a wrong type is reported and left out. */
function checkedProps(p: NodePoolDefinitionProps, issues: ValidationIssue[]): NodePoolDefinitionProps {
  const l = p.limits;
  return {
    ...p,
    requirements: builderList(REQUIREMENT_BUILDER, p.requirements, 'requirements', issues),
    expireAfter: builderValue(DURATION_BUILDER, p.expireAfter, 'expireAfter', issues),
    terminationGracePeriod: builderValue(DURATION_BUILDER, p.terminationGracePeriod, 'terminationGracePeriod', issues),
    disruption: builderValue(DISRUPTION_BUILDER, p.disruption, 'disruption', issues),
    limits: l && {
      ...l,
      cpu: builderValue(QUANTITY_BUILDER, l.cpu, 'limits.cpu', issues),
      memory: builderValue(QUANTITY_BUILDER, l.memory, 'limits.memory', issues),
      ephemeralStorage: builderValue(QUANTITY_BUILDER, l.ephemeralStorage, 'limits.ephemeralStorage', issues),
      resources: builderMap(QUANTITY_BUILDER, l.resources, 'limits.resources', issues),
    },
  };
}

function nodeClassRefJson(ref: NodeClassReference): V1NodeClassReference {
  return { group: ref.group, kind: ref.kind, name: ref.name };
}

function limitsJson(l: NodePoolLimits): { [resource: string]: string } {
  const out: { [resource: string]: string } = {};
  if (l.cpu !== undefined) out.cpu = l.cpu.toString();
  if (l.memory !== undefined) out.memory = l.memory.toString();
  if (l.ephemeralStorage !== undefined) out['ephemeral-storage'] = l.ephemeralStorage.toString();
  if (l.nodes !== undefined) out.nodes = String(l.nodes);
  // fromEntries: a resource name `__proto__` stays a key.
  return { ...out, ...Object.fromEntries(Object.entries(l.resources ?? {}).map(([k, v]) => [k, v.toString()])) };
}
