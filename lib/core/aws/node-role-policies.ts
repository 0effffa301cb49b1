import { IssueCollector } from '../issues';
import { awsManagedPolicyArn, IAM_ROLE_NAME_MAX_LENGTH, validateIamName } from './aws-partition';
import { EKS_NODE_MANAGED_POLICIES } from './eks-iam';

/** How EKS treats the principal of an access entry. */
export enum AccessEntryType {
  /** Linux nodes: EKS maps the role to `system:node:<name>` in `system:nodes`. */
  EC2_LINUX = 'EC2_LINUX',
  /** Windows nodes. */
  EC2_WINDOWS = 'EC2_WINDOWS',
}

/**
 * AWS managed policies of the Karpenter node role, as in the official CloudFormation template
 * (terraform-aws-eks leaves SSM out by default; its own README adds it back).
 */
export const NODE_ROLE_MANAGED_POLICIES: readonly string[] = [...EKS_NODE_MANAGED_POLICIES, 'AmazonSSMManagedInstanceCore'];

/** ARNs of {@link NODE_ROLE_MANAGED_POLICIES} in a partition. */
export function nodeRoleManagedPolicyArns(partition: string): string[] {
  return NODE_ROLE_MANAGED_POLICIES.map((name) => awsManagedPolicyArn(partition, name));
}

/** Upstream's fixed node role name, which EC2NodeClass `spec.role` can name. */
export function defaultNodeRoleName(clusterName: string): string {
  return `KarpenterNodeRole-${clusterName}`;
}

/** Checks a role name against IAM's rules. */
export function validateRoleName(issues: IssueCollector, field: string, roleName: string, isDefault: boolean): void {
  validateIamName(
    issues,
    field,
    roleName,
    IAM_ROLE_NAME_MAX_LENGTH,
    isDefault ? `The default name is derived from the cluster name; set '${field}' to a shorter name.` : `Choose another '${field}'.`,
  );
}

/** Checks that an access entry type is only given when an access entry is created. */
export function validateAccessEntryType(issues: IssueCollector, accessEntryType: string | undefined, createAccessEntry: boolean): void {
  if (accessEntryType === undefined || createAccessEntry) return;
  issues.error(
    'accessEntryType',
    'AccessEntryTypeWithoutEntry',
    `accessEntryType is ${accessEntryType} but createAccessEntry is false, so no entry would use it. Remove one of them.`,
  );
}
