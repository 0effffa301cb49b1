import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { isAwsResourceId, parseArn } from './aws-partition';
import { ControllerIdentity } from './controller-identity';
import { AccessEntryType } from './node-role-policies';
import { ControllerRolePlan, PlanClusterInput, planControllerRole } from './controller-role-plan';
import { KARPENTER_DISCOVERY_TAG_KEY } from '../shared/discovery';
import { InterruptionQueuePlan, planInterruptionQueue } from './interruption-queue-plan';
import { ControllerNodes, KarpenterAwsAttributes } from './karpenter-aws-attributes';
import { NodeRolePlan, planNodeRole } from './node-role-plan';
import { checkClusterNameOnce, CheckedClusterName } from './plan-fields';
import { PolicyStatementOptions } from './policy-document';
import { validateRegion } from './regions';

/** AWS service name of the EC2 Spot service-linked role (`aws iam create-service-linked-role --aws-service-name spot.amazonaws.com`). */
export const SPOT_SERVICE_NAME = 'spot.amazonaws.com';

/** The options of `KarpenterAws` (its props without the cluster), resolved by {@link planKarpenterAws}. */
export interface KarpenterAwsOptions {
  /**
   * How the controller gets credentials.
   * @default ControllerIdentity.podIdentity() (namespace `kube-system`, service account `karpenter`)
   */
  readonly identity?: ControllerIdentity;
  /**
   * Region of the cluster, a plain string; it goes into `attributes` for the controller stack.
   * @default - the region of a plain cluster ARN, else the region of the stack's default AWS provider
   */
  readonly region?: string;
  /**
   * Create the interruption queue and its five EventBridge rules, so Karpenter drains nodes
   * ahead of spot interruptions, rebalance recommendations and scheduled maintenance.
   * @default true
   */
  readonly enableSpotTermination?: boolean;
  /**
   * Name of the interruption queue.
   * @default `Karpenter-<clusterName>`
   */
  readonly queueName?: string;
  /**
   * Customer managed KMS key for the queue (its key policy must let EventBridge use it).
   * @default - SQS-managed server-side encryption
   */
  readonly queueKmsMasterKeyId?: string;
  /**
   * Prefix of the EventBridge rule names.
   * @default 'Karpenter'
   */
  readonly ruleNamePrefix?: string;
  /**
   * Name of the node role (EC2NodeClass `spec.role`).
   * @default `KarpenterNodeRole-<clusterName>`
   */
  readonly nodeRoleName?: string;
  /**
   * More policy ARNs for the node role.
   * @default - only the four AWS managed node policies
   */
  readonly nodeRoleAdditionalPolicyArns?: readonly string[];
  /**
   * Create the node role's EKS access entry.
   * @default true
   */
  readonly createAccessEntry?: boolean;
  /**
   * Type of the node role's access entry.
   * @default AccessEntryType.EC2_LINUX
   */
  readonly accessEntryType?: AccessEntryType;
  /**
   * Name of the controller role.
   * @default `KarpenterController-<clusterName>`
   */
  readonly controllerRoleName?: string;
  /**
   * What follows `KarpenterController<Kind>Policy-` in the six controller policy names. IAM
   * names are account-wide: set it (with `nodeRoleName` and `controllerRoleName`) when one
   * account runs two clusters of one name in two regions.
   * @default - the cluster name (upstream's names)
   */
  readonly controllerPolicyNameSuffix?: string;
  /**
   * More policy ARNs for the controller role.
   * @default - only the Karpenter controller policies
   */
  readonly controllerRoleAdditionalPolicyArns?: readonly string[];
  /**
   * Extra statements for the controller role (one inline policy).
   * @default - none
   */
  readonly controllerRoleAdditionalStatements?: readonly PolicyStatementOptions[];
  /**
   * Security groups that get `karpenter.sh/discovery = <clusterName>` (one `aws_ec2_tag` each),
   * for EC2NodeClass `securityGroupSelectorTerms`. At most one security group should carry the
   * tag, or nodes get all of them. The stack owns the tag: destroying it deletes the tag even if
   * the group had it before, so give `[]` when the group is already tagged (e.g. by eksctl or an
   * earlier install).
   * @default - the EKS-managed cluster security group (`cluster.clusterSecurityGroupId`)
   */
  readonly discoverySecurityGroupIds?: readonly string[];
  /**
   * Create the EC2 Spot service-linked role (`AWSServiceRoleForEC2Spot`), which launching spot
   * instances needs. It exists once per account and creating it again fails, so turn this on
   * only in an account that has none (`aws iam get-role --role-name AWSServiceRoleForEC2Spot`).
   * @default false
   */
  readonly createSpotServiceLinkedRole?: boolean;
  /**
   * Tags for every resource that takes tags.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/** Input of {@link planKarpenterAws}: the props of `KarpenterAws`, with the cluster reduced to what is used. */
export interface KarpenterAwsPlanInput extends KarpenterAwsOptions, CheckedClusterName {
  readonly cluster: PlanClusterInput & { readonly clusterSecurityGroupId: string };
  /** Region of the stack's AWS provider when it is a plain string; the last fallback for `region`. */
  readonly providerRegion?: string;
}

/** The resolved AWS side of one Karpenter install; its parts are the plans of the child constructs. */
export interface KarpenterAwsPlan {
  readonly clusterName: string;
  /** Whether the cluster name passed its one check (the cluster's verdict). */
  readonly clusterNameValid: boolean;
  /** Plain region of the cluster; undefined when neither given nor readable from the cluster ARN or the provider. */
  readonly region?: string;
  /** Whether `region` passed its check (a region read from the cluster ARN is the cluster's own). */
  readonly regionValid: boolean;
  /** Undefined without spot termination. */
  readonly queue?: InterruptionQueuePlan;
  readonly nodeRole: NodeRolePlan;
  readonly controllerRole: ControllerRolePlan;
  /** Security groups that get the discovery tag; empty when they are a token (an error). */
  readonly discoverySecurityGroupIds: readonly string[];
  readonly discoveryTagKey: string;
  readonly createSpotServiceLinkedRole: boolean;
  /** Every problem, once, under the prop names of `KarpenterAws`. */
  readonly issues: ValidationIssue[];
}

/**
 * Resolves and checks the whole AWS side by composing the plans of its parts with this
 * construct's prop names, so each problem is reported once and the cluster name is checked once.
 */
export function planKarpenterAws(input: KarpenterAwsPlanInput, ctx: ValidationContext = {}): KarpenterAwsPlan {
  const issues = new IssueCollector(ctx);
  const cluster = input.cluster;
  const clusterNameOk = checkClusterNameOnce(issues, 'cluster.clusterName', cluster.clusterName, undefined, input.clusterNameValid);

  const queue = interruptionQueueOf(input, ctx, issues, clusterNameOk);
  const nodeRole = nodeRoleOf(input, ctx, clusterNameOk);
  issues.add(nodeRole.issues);
  const controllerRole = controllerRoleOf(input, ctx, clusterNameOk);
  issues.add(controllerRole.issues);
  const { region, regionValid } = regionOf(input, issues);

  const securityGroupIds = input.discoverySecurityGroupIds ?? [cluster.clusterSecurityGroupId];
  checkDiscoverySecurityGroups(issues, securityGroupIds, input.discoverySecurityGroupIds === undefined);

  return {
    clusterName: cluster.clusterName,
    clusterNameValid: clusterNameOk,
    region,
    regionValid: region !== undefined && regionValid,
    queue,
    nodeRole,
    controllerRole,
    // A token list has no members to tag one by one; its error fails synth.
    discoverySecurityGroupIds: issues.isUnresolved(securityGroupIds) ? [] : securityGroupIds,
    discoveryTagKey: KARPENTER_DISCOVERY_TAG_KEY,
    createSpotServiceLinkedRole: input.createSpotServiceLinkedRole ?? false,
    issues: issues.issues,
  };
}

/** The interruption queue plan (its issues added); without spot termination none, and each queue option set is an error. */
function interruptionQueueOf(
  input: KarpenterAwsPlanInput,
  ctx: ValidationContext,
  issues: IssueCollector,
  clusterNameOk: boolean,
): InterruptionQueuePlan | undefined {
  if (input.enableSpotTermination ?? true) {
    const queue = planInterruptionQueue(
      {
        clusterName: input.cluster.clusterName,
        queueName: input.queueName,
        kmsMasterKeyId: input.queueKmsMasterKeyId,
        ruleNamePrefix: input.ruleNamePrefix,
        tags: input.tags,
      },
      ctx,
      { clusterNameOk, fields: { kmsMasterKeyId: 'queueKmsMasterKeyId' } },
    );
    issues.add(queue.issues);
    return queue;
  }
  for (const [field, value] of [
    ['queueName', input.queueName],
    ['queueKmsMasterKeyId', input.queueKmsMasterKeyId],
    ['ruleNamePrefix', input.ruleNamePrefix],
  ] as const) {
    if (value !== undefined) {
      issues.error(
        field,
        'QueueOptionWithoutQueue',
        `${field} is set but enableSpotTermination is false, so no queue is created. Remove ${field} or enable spot termination.`,
      );
    }
  }
  return undefined;
}

/** The node role plan, its issues under this construct's prop names. */
function nodeRoleOf(input: KarpenterAwsPlanInput, ctx: ValidationContext, clusterNameOk: boolean): NodeRolePlan {
  return planNodeRole(
    {
      clusterName: input.cluster.clusterName,
      roleName: input.nodeRoleName,
      additionalPolicyArns: input.nodeRoleAdditionalPolicyArns,
      createAccessEntry: input.createAccessEntry,
      accessEntryType: input.accessEntryType,
    },
    ctx,
    { clusterNameOk, fields: { roleName: 'nodeRoleName', additionalPolicyArns: 'nodeRoleAdditionalPolicyArns' } },
  );
}

/** The controller role plan, its issues under this construct's prop names. */
function controllerRoleOf(input: KarpenterAwsPlanInput, ctx: ValidationContext, clusterNameOk: boolean): ControllerRolePlan {
  return planControllerRole(
    {
      cluster: input.cluster,
      identity: input.identity,
      roleName: input.controllerRoleName,
      policyNameSuffix: input.controllerPolicyNameSuffix,
      additionalPolicyArns: input.controllerRoleAdditionalPolicyArns,
      additionalStatements: input.controllerRoleAdditionalStatements,
    },
    ctx,
    {
      clusterNameOk,
      fields: {
        roleName: 'controllerRoleName',
        policyNameSuffix: 'controllerPolicyNameSuffix',
        additionalPolicyArns: 'controllerRoleAdditionalPolicyArns',
        additionalStatements: 'controllerRoleAdditionalStatements',
      },
    },
  );
}

/** The region (given, else the cluster ARN's, else the provider's) and whether the one the user or provider gave is valid. */
function regionOf(input: KarpenterAwsPlanInput, issues: IssueCollector): { region?: string; regionValid: boolean } {
  const clusterArn = input.cluster.clusterArn;
  const arnRegion = issues.isUnresolved(clusterArn) ? undefined : parseArn(clusterArn)?.region || undefined;
  const providerRegion = input.providerRegion !== undefined && !issues.isUnresolved(input.providerRegion) ? input.providerRegion : undefined;
  const region = input.region ?? arnRegion ?? providerRegion;
  const regionValid = issues.verdict(() => {
    if (input.region !== undefined) validateRegion(issues, 'region', input.region);
    else if (arnRegion === undefined && providerRegion !== undefined) {
      validateRegion(issues, 'region', providerRegion, "is unset, so it comes from the stack's AwsProvider, whose region");
    }
  });
  return { region, regionValid };
}

function checkDiscoverySecurityGroups(issues: IssueCollector, securityGroupIds: readonly string[], isDefault: boolean): void {
  if (issues.isUnresolved(securityGroupIds)) {
    issues.error(
      'discoverySecurityGroupIds',
      'SecurityGroupIdsIsToken',
      'discoverySecurityGroupIds is a Terraform reference, so the groups cannot get one aws_ec2_tag each at synth. ' +
        'Pass the security group ids, or [] and tag the group elsewhere.',
    );
    return;
  }
  securityGroupIds.forEach((sg, i) => {
    if (issues.isUnresolved(sg) || isAwsResourceId('sg', sg)) return;
    issues.error(
      isDefault ? 'cluster.clusterSecurityGroupId' : `discoverySecurityGroupIds[${i}]`,
      'InvalidSecurityGroupId',
      `'${sg}' is not a security group id (sg- followed by 8 or 17 hex digits), so it cannot get the ${KARPENTER_DISCOVERY_TAG_KEY} tag. ` +
        'Pass the id of the security group nodes should use in discoverySecurityGroupIds, or [] to tag none.',
    );
  });
  if (securityGroupIds.length > 1) {
    issues.warn(
      'discoverySecurityGroupIds',
      'MultipleDiscoverySecurityGroups',
      `${securityGroupIds.length} security groups get ${KARPENTER_DISCOVERY_TAG_KEY}; EC2NodeClasses selecting by this tag ` +
        'attach all of them to every node. Tag one unless that is intended.',
    );
  }
}

/**
 * Stands in for a region that is not known as a plain string, so the attributes can still be built;
 * the `RegionUnknown` error fails synth.
 */
export const UNKNOWN_REGION_PLACEHOLDER = 'xx-unknown-1';

/**
 * The attributes the controller side needs, from a plan, the controller role's ARN (a
 * reference) and whether a `ControllerNodeGroup` runs on the cluster, with an error when the
 * region is not known as a plain string (the attributes then hold {@link UNKNOWN_REGION_PLACEHOLDER}).
 */
export function karpenterAwsAttributes(
  plan: KarpenterAwsPlan,
  controllerRoleArn: string,
  controllerNodeGroup = false,
  controllerNodes: readonly ControllerNodes[] = [],
): { attributes: KarpenterAwsAttributes; issues: ValidationIssue[] } {
  const issues = new IssueCollector();
  if (plan.region === undefined) {
    issues.error(
      'region',
      'RegionUnknown',
      "the cluster's region is not known as a plain string (the cluster ARN is a reference and the stack's default AWS provider " +
        "sets no plain region); set region, e.g. region: 'eu-west-1'",
    );
  }
  const identity = plan.controllerRole.identity;
  const attributes: KarpenterAwsAttributes = {
    clusterName: plan.clusterName,
    region: plan.region ?? UNKNOWN_REGION_PLACEHOLDER,
    interruptionQueueName: plan.queue?.queueName,
    nodeRoleName: plan.nodeRole.roleName,
    controllerNamespace: identity.namespace,
    controllerServiceAccount: identity.serviceAccount,
    // The plans checked and reported them; the controller takes their verdicts for these values only.
    checked: {
      clusterName: { value: plan.clusterName, valid: plan.clusterNameValid },
      // An unknown region is RegionUnknown's, below: the placeholder is not worth a second error.
      region: { value: plan.region ?? UNKNOWN_REGION_PLACEHOLDER, valid: plan.regionValid },
      ...(plan.queue ? { interruptionQueueName: { value: plan.queue.queueName, valid: plan.queue.queueNameValid } } : {}),
      nodeRoleName: { value: plan.nodeRole.roleName, valid: plan.nodeRole.roleNameValid },
      controllerNamespace: { value: identity.namespace, valid: plan.controllerRole.namespaceValid },
      controllerServiceAccount: { value: identity.serviceAccount, valid: plan.controllerRole.serviceAccountValid },
    },
    identityType: identity.type,
    controllerRoleArn,
    controllerNodeGroup,
    // Known only for groups of this library; with none, nothing is checked against nodes.
    ...(controllerNodes.length > 0 ? { controllerNodes: controllerNodes.map((n) => ({ ...n })) } : {}),
  };
  return { attributes, issues: issues.issues };
}
