// Pure core: no cdktf or constructs imports in lib/core.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { validatePolicyArns } from './aws-partition';
import { AccessEntryType } from './controller-identity';
import { defaultNodeRoleName, NODE_ROLE_MANAGED_POLICIES, validateAccessEntryType, validateRoleName } from './node-role-policies';
import { checkClusterNameOnce, ClusterNameReporting, ComposedPlan, fieldName } from './plan-fields';

/** Input of {@link planNodeRole}: the props of `KarpenterNodeRole` that decide what is built. */
export interface NodeRolePlanInput extends ClusterNameReporting {
  readonly clusterName: string;
  readonly roleName?: string;
  readonly additionalPolicyArns?: readonly string[];
  readonly createAccessEntry?: boolean;
  readonly accessEntryType?: AccessEntryType;
}

/** Field names of {@link NodeRolePlanInput} a parent may rename. */
export type NodeRoleField = 'cluster.clusterName' | 'roleName' | 'additionalPolicyArns';

/** The resolved node role. */
export interface NodeRolePlan {
  readonly roleName: string;
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
  const clusterNameOk = checkClusterNameOnce(issues, f('cluster.clusterName'), input.clusterName, composed, input.clusterNameReportedByCluster);
  const roleName = input.roleName ?? defaultNodeRoleName(input.clusterName);
  if (input.roleName !== undefined || clusterNameOk) validateRoleName(issues, f('roleName'), roleName, input.roleName === undefined);
  const createAccessEntry = input.createAccessEntry ?? true;
  validateAccessEntryType(issues, input.accessEntryType, createAccessEntry);
  validatePolicyArns(issues, f('additionalPolicyArns'), input.additionalPolicyArns);
  return {
    roleName,
    description: `Nodes launched by Karpenter for EKS cluster ${input.clusterName}`,
    managedPolicyNames: NODE_ROLE_MANAGED_POLICIES,
    additionalPolicyArns: input.additionalPolicyArns ?? [],
    accessEntryType: createAccessEntry ? (input.accessEntryType ?? AccessEntryType.EC2_LINUX) : undefined,
    issues: issues.issues,
  };
}
