// What `previewDrift` takes and returns: the NodePools and EC2NodeClasses before and after a change (the before side
// may be a running cluster), and per object whether Karpenter will replace its nodes, why, and how fast.

/** One side of a change: manifests, or what `kubectl get ... -o yaml` prints of a running cluster. */
export interface DriftSide {
  readonly nodePools?: readonly unknown[];
  readonly ec2NodeClasses?: readonly unknown[];
  /** With NodeClaims (before side only) each claim is judged as Karpenter judges it. */
  readonly nodeClaims?: readonly unknown[];
  readonly nodes?: readonly unknown[];
  readonly pods?: readonly unknown[];
  readonly podDisruptionBudgets?: readonly unknown[];
}

export interface DriftInput {
  readonly before: DriftSide;
  readonly after: DriftSide;
  /**
   * When the budgets are evaluated (cron schedules in UTC).
   * @default - now
   */
  readonly at?: Date;
}

/**
 * `all`: every node of the pool (or class) is replaced; `some`: some are (narrowed requirements, or the claims a
 * running cluster shows); `none`: none; `unknown`: the answer needs AWS (a selector or AMI edit) or input we cannot read.
 */
export type DriftVerdict = 'all' | 'some' | 'none' | 'unknown';

/** Static (a hashed template field), Requirements, NodeClass (a hashed EC2NodeClass field), Dynamic (AWS), None (replaces nothing). */
export type DriftReasonKind = 'Static' | 'Requirements' | 'NodeClass' | 'Dynamic' | 'None';

export interface DriftReason {
  readonly kind: DriftReasonKind;
  /** The field path, `spec.template.metadata.labels.team`. */
  readonly field: string;
  readonly before?: unknown;
  readonly after?: unknown;
  /** What it does to the nodes, in a sentence. */
  readonly message: string;
}

/** One NodeClaim as Karpenter's drift controller would judge it after the change. */
export interface NodeClaimDrift {
  readonly name: string;
  readonly drifted: boolean | 'unknown';
  /** Karpenter's reason: NodePoolDrifted, RequirementsDrifted, NodeClassDrift, or the existing Drifted condition's. */
  readonly reason?: string;
  /** Why, in a sentence. */
  readonly detail?: string;
  /** Why Karpenter cannot disrupt it now (a do-not-disrupt annotation, a PodDisruptionBudget). */
  readonly blocked?: string;
}

/** One disruption budget of a pool at `at`. */
export interface BudgetWindow {
  readonly index: number;
  readonly nodes: string;
  readonly reasons?: readonly string[];
  readonly schedule?: string;
  readonly duration?: string;
  /** Applies to the Drifted reason (no `reasons`, or `reasons` contains Drifted). */
  readonly appliesToDrift: boolean;
  readonly active: boolean;
  /** With a cluster: the nodes this budget allows (percentages rounded up). */
  readonly allowed?: number;
  /** When an active scheduled window closes (ISO 8601, UTC). */
  readonly closesAt?: string;
  /** When an inactive scheduled window next opens. */
  readonly opensAt?: string;
}

/** How fast Karpenter may replace a pool's drifted nodes at `at`. */
export interface DriftPace {
  /** The active budgets for Drifted as written: `10%`, `min(10%, 2)`, `unlimited`, `0`. */
  readonly limit: string;
  /** With a cluster: nodes that may be replaced at once (the minimum over active budgets, less those NotReady or deleting). */
  readonly atOnce?: number;
  readonly nodes?: number;
  readonly disrupting?: number;
  readonly budgets: readonly BudgetWindow[];
  /** The window (or invalid budget) that blocks replacement now, and until when. */
  readonly blockedBy?: string;
  /** Windows that will block replacement later, and when they open. */
  readonly nextBlock?: string;
}

export interface DriftIssue {
  /** `NodePool/default`, `NodeClaim/default-abc12`. */
  readonly object: string;
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

export interface NodePoolDrift {
  readonly name: string;
  readonly drift: DriftVerdict;
  /** `added`, `removed` or `changed` (also when unchanged). */
  readonly change: 'added' | 'removed' | 'changed';
  readonly reasons: readonly DriftReason[];
  /** The `karpenter.sh/nodepool-hash` Karpenter will write, and the one before (the live annotation when given). */
  readonly hash: { readonly after?: string; readonly before?: string };
  /** The EC2NodeClass its `nodeClassRef` names after the change. */
  readonly nodeClass?: string;
  readonly nodeClaims?: readonly NodeClaimDrift[];
  readonly pace?: DriftPace;
  readonly issues: readonly DriftIssue[];
}

export interface Ec2NodeClassDrift {
  readonly name: string;
  readonly drift: DriftVerdict;
  readonly change: 'added' | 'removed' | 'changed';
  readonly reasons: readonly DriftReason[];
  /**
   * With the live EC2NodeClass's `karpenter.k8s.aws/ec2nodeclass-hash` (v5): that annotation, and the hash Karpenter will
   * write (the cluster's CA term carried over). Without it: both hashes without a CA bundle, comparable with each other only.
   */
  readonly hash: { readonly after?: string; readonly before?: string };
  /** The NodePools that use it (after the change). */
  readonly nodePools: readonly string[];
  readonly issues: readonly DriftIssue[];
}

export interface DriftPreview {
  readonly nodePools: readonly NodePoolDrift[];
  readonly ec2NodeClasses: readonly Ec2NodeClassDrift[];
  /** Problems not tied to one NodePool or EC2NodeClass (an unreadable NodeClaim). */
  readonly issues: readonly DriftIssue[];
  /** When the budgets were evaluated (ISO 8601). */
  readonly at: string;
}
