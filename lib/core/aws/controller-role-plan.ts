import { builderValue } from '../builder-value';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { accountIdOfClusterArn, validatePolicyArns, validateRoleArn } from './aws-partition';
import { CONTROLLER_IDENTITY_BUILDER, ControllerIdentity, ControllerIdentityType } from './controller-identity';
import { defaultControllerRoleName, validateControllerPolicyNameSuffix } from './controller-policy';
import { validateRoleName } from './node-role-policies';
import { checkClusterNameOnce, CheckedClusterName, ComposedPlan, fieldName } from './plan-fields';
import {
  INLINE_ROLE_POLICY_MAX_CHARS,
  policyDocument,
  PolicyDocumentJson,
  PolicyStatementOptions,
  policySize,
  statementFromOptions,
} from './policy-document';
import { ServiceAccountRefVerdict, validateIrsa, validateServiceAccountRef } from './trust-policies';

/** What a plan needs to know about the cluster (`IEksCluster` has it). */
export interface PlanClusterInput {
  readonly clusterName: string;
  readonly clusterArn: string;
  readonly oidcIssuerUrl: string;
}

/** The options of `KarpenterControllerRole` that {@link planControllerRole} resolves. */
export interface ControllerRoleOptions {
  /**
   * How the controller gets credentials.
   * @default ControllerIdentity.podIdentity()
   */
  readonly identity?: ControllerIdentity;
  /**
   * Name of the role; IAM names are account-wide.
   * @default `KarpenterController-<clusterName>`
   */
  readonly roleName?: string;
  /**
   * What follows `KarpenterController<Kind>Policy-` in the six managed policy names; IAM names
   * are account-wide, so set it when one account runs two clusters of one name in two regions.
   * @default - the cluster name (upstream's names)
   */
  readonly policyNameSuffix?: string;
  /**
   * More policy ARNs to attach to the role. Attachments are keyed by position: reordering
   * the list re-creates them.
   * @default - only the Karpenter controller policies
   */
  readonly additionalPolicyArns?: readonly string[];
  /**
   * Extra statements, put into one inline role policy `KarpenterControllerAdditional`
   * (inline policies may hold 10,240 characters, managed ones 6,144).
   * @default - no inline policy
   */
  readonly additionalStatements?: readonly PolicyStatementOptions[];
}

/** Input of {@link planControllerRole}: the props of `KarpenterControllerRole` that decide what is built. */
export interface ControllerRolePlanInput extends ControllerRoleOptions, CheckedClusterName {
  readonly cluster: PlanClusterInput;
  /** Checked when given; `KarpenterAws` passes none, its node role ARN is a reference. */
  readonly nodeRoleArn?: string;
}

/** Field names of {@link ControllerRolePlanInput} a parent may rename. */
export type ControllerRoleField = 'cluster.clusterName' | 'roleName' | 'policyNameSuffix' | 'additionalPolicyArns' | 'additionalStatements';

/**
 * The resolved controller role. `namespaceValid` and `serviceAccountValid` are the verdicts on the
 * identity's, checked and reported here once; `KarpenterAws.attributes` hands them to the controller.
 */
export interface ControllerRolePlan extends ServiceAccountRefVerdict {
  readonly roleName: string;
  readonly description: string;
  readonly identity: ControllerIdentity;
  /** What follows `KarpenterController<Kind>Policy-`. */
  readonly policyNameSuffix: string;
  /** Account id from a plain cluster ARN; undefined when the ARN is a reference (the construct splits it in Terraform). */
  readonly accountId?: string;
  readonly additionalPolicyArns: readonly string[];
  /** The inline policy of the additional statements; undefined without any. */
  readonly additionalDocument?: PolicyDocumentJson;
  /** Whether to create the Pod Identity association. */
  readonly createPodIdentityAssociation: boolean;
  readonly issues: ValidationIssue[];
}

/** Resolves and checks the Karpenter controller role. */
export function planControllerRole(
  input: ControllerRolePlanInput,
  ctx: ValidationContext = {},
  composed?: ComposedPlan<ControllerRoleField>,
): ControllerRolePlan {
  const f = (k: ControllerRoleField) => fieldName(composed?.fields, k);
  const issues = new IssueCollector(ctx);
  const cluster = input.cluster;
  const typeIssues: ValidationIssue[] = [];
  const identity = builderValue(CONTROLLER_IDENTITY_BUILDER, input.identity, 'identity', typeIssues) ?? ControllerIdentity.podIdentity();
  issues.add(typeIssues);
  const clusterNameOk = checkClusterNameOnce(issues, f('cluster.clusterName'), cluster.clusterName, composed, input.clusterNameValid);
  // Names derived from an invalid cluster name would only repeat its error.
  const roleName = input.roleName ?? defaultControllerRoleName(cluster.clusterName);
  if (input.roleName !== undefined || clusterNameOk) validateRoleName(issues, f('roleName'), roleName, input.roleName === undefined);
  const policyNameSuffix = input.policyNameSuffix ?? cluster.clusterName;
  if (input.policyNameSuffix !== undefined) validateControllerPolicyNameSuffix(issues, f('policyNameSuffix'), policyNameSuffix);
  else if (clusterNameOk) validateControllerPolicyNameSuffix(issues, f('policyNameSuffix'), policyNameSuffix, true);
  const serviceAccountRef = validateServiceAccountRef(issues, 'identity', identity.namespace, identity.serviceAccount);
  if (identity.type === ControllerIdentityType.IRSA) {
    validateIrsa(issues, 'identity', identity.oidcProviderArn, cluster.oidcIssuerUrl);
  }
  if (input.nodeRoleArn !== undefined) validateRoleArn(issues, 'nodeRoleArn', input.nodeRoleArn, 'InvalidNodeRoleArn');
  validatePolicyArns(issues, f('additionalPolicyArns'), input.additionalPolicyArns);
  const accountId = issues.isUnresolved(cluster.clusterArn)
    ? undefined
    : (accountIdOfClusterArn(issues, 'cluster.clusterArn', cluster.clusterArn) ?? '');

  const statementsField = f('additionalStatements');
  const extra = (input.additionalStatements ?? []).map((s, i) => statementFromOptions(issues, `${statementsField}[${i}]`, s));
  const additionalDocument = extra.length > 0 ? policyDocument(extra) : undefined;
  if (
    additionalDocument &&
    !issues.isUnresolved(JSON.stringify(additionalDocument)) &&
    policySize(additionalDocument) > INLINE_ROLE_POLICY_MAX_CHARS
  ) {
    issues.error(
      statementsField,
      'InlinePolicyTooLarge',
      `the additional statements are ${policySize(additionalDocument)} characters; an inline role policy may hold ${INLINE_ROLE_POLICY_MAX_CHARS}. ` +
        `Move some into a managed policy and pass its ARN in ${f('additionalPolicyArns')}.`,
    );
  }
  return {
    roleName,
    description: `Karpenter controller for EKS cluster ${cluster.clusterName}`,
    identity,
    policyNameSuffix,
    accountId,
    additionalPolicyArns: input.additionalPolicyArns ?? [],
    additionalDocument,
    createPodIdentityAssociation: identity.type === ControllerIdentityType.POD_IDENTITY && identity.createAssociation,
    ...serviceAccountRef,
    issues: issues.issues,
  };
}
