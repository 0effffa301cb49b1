// What a scheduling case is: where it comes from, its input manifests and what it expects of the simulation.
import { InstanceType } from '../../../../lib/core/sim';

/** Where a case comes from: file, the Describe/Context/It titles, and the `It` line at v1.14.1. */
export interface CaseSource {
  readonly file: string;
  readonly titles: readonly string[];
  readonly line: number;
}

export type Manifest = Record<string, unknown>;

/** A property an instance type has (or not), named for failure messages. */
export interface TypeProperty {
  readonly description: string;
  readonly test: (it: InstanceType) => boolean;
}

/** What the instance-type options of a pod's NodeClaim (or a pool's admitted types) must satisfy. */
export interface TypesExpectation {
  /** Every option has each property. */
  readonly every?: readonly TypeProperty[];
  /** Some option has each property. */
  readonly some?: readonly TypeProperty[];
  /** No option has any of these properties. */
  readonly none?: readonly TypeProperty[];
  /** These types are among the options. */
  readonly include?: readonly string[];
  /** These types are not. */
  readonly exclude?: readonly string[];
  /** Exactly these types, in any order. */
  readonly only?: readonly string[];
  /** At least this many options. */
  readonly atLeast?: number;
}

export interface PodExpectation {
  readonly schedulable?: boolean;
  readonly ignored?: boolean;
  /** The NodePool chosen. */
  readonly nodePool?: string;
  /** A substring of the reason (Karpenter's words) or a pattern. */
  readonly reason?: string | RegExp;
  readonly instanceTypes?: TypesExpectation;
  /** Lands on the same NodeClaim as this pod. */
  readonly sameNodeClaimAs?: string;
  /** Lands on another NodeClaim than this pod. */
  readonly otherNodeClaimThan?: string;
  /** Lands on (or is bound to) this existing node (`PodResult.node`). */
  readonly node?: string;
  /** Lands on a new NodeClaim of this batch, not on an existing node. */
  readonly onNewNodeClaim?: boolean;
  /** `PodResult.bound`. */
  readonly bound?: boolean;
  /** `PodResult.zone` / `PodResult.capacityType`. */
  readonly zone?: string;
  readonly capacityType?: string;
  /** Labels its node or NodeClaim has (a NodeClaim's `labels`: what its requirements fix to one value). */
  readonly labels?: Readonly<Record<string, string>>;
  /** One of `PodResult.notModelled` matches: the simulator says what of this pod it does not model. */
  readonly notModelled?: string | RegExp;
  /** Labels its node or NodeClaim does not have with these values. */
  readonly notLabels?: Readonly<Record<string, string>>;
  /** Shares a node or NodeClaim (new or existing) with this pod. */
  readonly sameNodeAs?: string;
  /** Is on another node or NodeClaim than this pod. */
  readonly otherNodeThan?: string;
  /** Is in the same topology domain for `key` as `pod` (both domains known). */
  readonly sameDomainAs?: { readonly pod: string; readonly key: string };
  /** Is in another domain for `key` than `pod` (both domains known). */
  readonly otherDomainThan?: { readonly pod: string; readonly key: string };
}

export interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>>;
  readonly matchExpressions?: readonly { readonly key: string; readonly operator: string; readonly values?: readonly string[] }[];
}

/**
 * Upstream's `ExpectSkew` / `ExpectMaxSkew`: the pods of `namespace` that `selector` selects (omitted: every pod, as
 * `TopologyListOptions` lists with a nil selector), bound or placed by this batch, counted per domain of `key` (the
 * node's or NodeClaim's label; for hostname its name). Pods on a NodeClaim that leaves `key` open count in a domain of
 * their own per NodeClaim (upstream's launch puts that NodeClaim in one domain). Terminal pods count nowhere.
 */
export interface SkewExpectation {
  readonly key: string;
  readonly selector?: LabelSelector;
  /** @default 'default'; '' for every namespace */
  readonly namespace?: string;
  /** `ConsistOf(...)`: the multiset of the non-zero counts. */
  readonly counts?: readonly number[];
  /** `ToNot(ContainElements(BeNumerically(">", n)))`. */
  readonly atMost?: number;
  /** `ExpectMaxSkew(...) <= n`: max - min over the domains that have pods. */
  readonly maxSkew?: number;
  /**
   * Pods may sit on NodeClaims that leave `key` open (each such NodeClaim counts as one domain). Otherwise that is a
   * failure: a spread or affinity on `key` narrows each NodeClaim to one domain.
   */
  readonly openDomains?: boolean;
}

export interface PoolExpectation {
  readonly admitted?: TypesExpectation;
  /** The pool admits nothing. */
  readonly admitsNothing?: boolean;
  readonly reason?: string | RegExp;
}

export interface SchedulingCase {
  /** Unique, kebab-case. */
  readonly id: string;
  readonly source: CaseSource;
  /** How upstream's fake instance types, zones or resources map to the real catalog. */
  readonly mapping?: string;
  /** @default [nodePool('default')] */
  readonly nodePools?: readonly Manifest[];
  /** @default [nodeClass('default')] */
  readonly nodeClasses?: readonly Manifest[];
  readonly pods: readonly Manifest[];
  readonly daemonSets?: readonly Manifest[];
  readonly zones?: readonly string[];
  /** Expectations by pod name (workload pods by their generated names). */
  readonly expectPods?: Readonly<Record<string, PodExpectation>>;
  /** Expectations by NodePool name. */
  readonly expectPools?: Readonly<Record<string, PoolExpectation>>;
  /**
   * The engine does not model what the upstream test depends on: the case stays in the table, and the
   * runner checks that the simulation's assumptions say so (an assumption matching `assumption`).
   */
  readonly unmodelled?: { readonly why: string; readonly assumption: RegExp };
  /** The running cluster: v1 Nodes (see `node`), and their pods as bound pods in `pods`. */
  readonly nodes?: readonly Manifest[];
  /** In-flight karpenter.sh/v1 NodeClaims. */
  readonly nodeClaims?: readonly Manifest[];
  readonly namespaces?: readonly Manifest[];
  /** Pods per domain, as upstream's ExpectSkew. */
  readonly expectSkew?: readonly SkewExpectation[];
  /** How many new NodeClaims the batch opens (`result.nodeClaims.length`). */
  readonly expectNewNodeClaims?: number;
  /** How many pods whose name starts with the key are schedulable (upstream counts, not names, when ties are random). */
  readonly expectSchedulable?: Readonly<Record<string, number>>;
  /** Every pending (not bound) pod whose name starts with the key has a reason with this text. */
  readonly expectPendingReason?: Readonly<Record<string, string | RegExp>>;
  /**
   * The engine does not do what upstream does yet: the case runs as `test.failing` (the suite stays green, the gap is
   * visible, and the case fails, asking to drop this field, once the engine agrees). Says what the engine does instead.
   */
  readonly pending?: string;
}
