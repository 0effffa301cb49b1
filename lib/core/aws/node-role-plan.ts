import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { validatePolicyArns } from './aws-partition';
import { AccessEntryType, defaultNodeRoleName, NODE_ROLE_MANAGED_POLICIES, validateAccessEntryType, validateRoleName } from './node-role-policies';
import { checkClusterNameOnce, CheckedClusterName, ComposedPlan, fieldName } from './plan-fields';

/** The options of `KarpenterNodeRole` that {@link planNodeRole} resolves. */
export interface NodeRoleOptions {
  /**
   * Name of the role. A fixed name (not a prefix) so that an EC2NodeClass `spec.role` can
   * name it; IAM names are account-wide, so two clusters of one name in two regions collide.
   * @default `KarpenterNodeRole-<clusterName>` (the upstream CloudFormation name)
   */
  readonly roleName?: string;
  /**
   * More policy ARNs to attach, e.g. for IPv6 CNI or CloudWatch agent permissions. Attachments
   * are keyed by position: reordering the list re-creates them.
   * @default - only AmazonEKSWorkerNodePolicy, AmazonEKS_CNI_Policy, AmazonEC2ContainerRegistryPullOnly and AmazonSSMManagedInstanceCore
   */
  readonly additionalPolicyArns?: readonly string[];
  /**
   * Create an EKS access entry so that nodes with this role may join the cluster. Turn it off
   * only when the cluster maps the role some other way (aws-auth ConfigMap).
   * @default true
   */
  readonly createAccessEntry?: boolean;
  /**
   * Type of the access entry.
   * @default AccessEntryType.EC2_LINUX
   */
  readonly accessEntryType?: AccessEntryType;
}

/** Input of {@link planNodeRole}: the props of `KarpenterNodeRole` that decide what is built. */
export interface NodeRolePlanInput extends NodeRoleOptions, CheckedClusterName {
  readonly clusterName: string;
}

/** Field names of {@link NodeRolePlanInput} a parent may rename. */
export type NodeRoleField = 'cluster.clusterName' | 'roleName' | 'additionalPolicyArns';

/** The resolved node role. */
export interface NodeRolePlan {
  readonly roleName: string;
  /** Whether `roleName` passed its check (false, unchecked, when it derives from an invalid cluster name). */
  readonly roleNameValid: boolean;
  readonly description: string;
  /** Names of the AWS managed policies to attach. */
  readonly managedPolicyNames: readonly string[];
  readonly additionalPolicyArns: readonly string[];
  /** The access entry's type; undefined when no entry is created. */
  readonly accessEntryType?: AccessEntryType;
  readonly issues: ValidationIssue[];
}

/** Resolves and checks the Karpenter node role. */
export function planNodeRole(input: NodeRolePlanInput, ctx: ValidationContext = {}, composed?: ComposedPlan<NodeRoleField>): NodeRolePlan {
  const f = (k: NodeRoleField) => fieldName(composed?.fields, k);
  const issues = new IssueCollector(ctx);
  const clusterNameOk = checkClusterNameOnce(issues, f('cluster.clusterName'), input.clusterName, composed, input.clusterNameValid);
  const roleName = input.roleName ?? defaultNodeRoleName(input.clusterName);
  const roleNameValid =
    (input.roleName !== undefined || clusterNameOk) &&
    issues.verdict(() => validateRoleName(issues, f('roleName'), roleName, input.roleName === undefined));
  const createAccessEntry = input.createAccessEntry ?? true;
  validateAccessEntryType(issues, input.accessEntryType, createAccessEntry);
  validatePolicyArns(issues, f('additionalPolicyArns'), input.additionalPolicyArns);
  return {
    roleName,
    roleNameValid,
    description: `Nodes launched by Karpenter for EKS cluster ${input.clusterName}`,
    managedPolicyNames: NODE_ROLE_MANAGED_POLICIES,
    additionalPolicyArns: input.additionalPolicyArns ?? [],
    accessEntryType: createAccessEntry ? (input.accessEntryType ?? AccessEntryType.EC2_LINUX) : undefined,
    issues: issues.issues,
  };
}
