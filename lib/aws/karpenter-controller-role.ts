import { Construct } from 'constructs';
import { EksPodIdentityAssociation } from '@cdktf/provider-aws/lib/eks-pod-identity-association';
import { IamPolicy } from '@cdktf/provider-aws/lib/iam-policy';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicy } from '@cdktf/provider-aws/lib/iam-role-policy';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { IEksCluster } from './cluster-attributes';
import { IssueCollector } from '../core/issues';
import { validatePolicyArns } from '../core/aws/aws-partition';
import { validateClusterName } from '../core/aws/cluster-name';
import { controllerManagedPolicies, validateControllerPolicyNameSuffix } from '../core/aws/controller-policy';
import { defaultControllerRoleName, validateRoleName } from '../core/aws/node-role-policies';
import { INLINE_ROLE_POLICY_MAX_CHARS, policyDocument, PolicyStatementOptions, policySize, statementFromOptions } from '../core/aws/policy-document';
import {
  DEFAULT_KARPENTER_NAMESPACE,
  DEFAULT_KARPENTER_SERVICE_ACCOUNT,
  irsaTrustPolicy,
  podIdentityTrustPolicy,
  validateIrsa,
  validateServiceAccountRef,
} from '../core/aws/trust-policies';
import { awsContext, clusterAccountId, clusterNameRef, issuerHostPathOf, policyJson } from '../private/aws-context';
import { constructContext, reportIssues } from '../private/report';

/** How the controller's pods get AWS credentials. */
export enum ControllerIdentityType {
  /** EKS Pod Identity (needs the `eks-pod-identity-agent` add-on on the cluster). */
  POD_IDENTITY = 'POD_IDENTITY',
  /** IAM Roles for Service Accounts (needs an IAM OIDC provider for the cluster issuer). */
  IRSA = 'IRSA',
}

/** Options shared by both identity types. */
export interface ServiceAccountOptions {
  /**
   * Namespace Karpenter runs in.
   * @default 'kube-system'
   */
  readonly namespace?: string;
  /**
   * Service account of the controller (the chart names it after the release).
   * @default 'karpenter'
   */
  readonly serviceAccount?: string;
}

/** Options of {@link ControllerIdentity.podIdentity}. */
export interface PodIdentityOptions extends ServiceAccountOptions {
  /**
   * Create the `aws_eks_pod_identity_association`. Turn off only when something else
   * associates the role with the service account.
   * @default true
   */
  readonly createAssociation?: boolean;
}

/** Options of {@link ControllerIdentity.irsa}. */
export interface IrsaOptions extends ServiceAccountOptions {
  /** ARN of the IAM OIDC provider of the cluster's issuer (`aws_iam_openid_connect_provider`). */
  readonly oidcProviderArn: string;
}

/**
 * How the Karpenter controller authenticates to AWS. Pod Identity is the upstream default;
 * IRSA remains for clusters without the Pod Identity agent (e.g. Karpenter on Fargate).
 */
export class ControllerIdentity {
  /** EKS Pod Identity: trust `pods.eks.amazonaws.com` and associate the role with the service account. */
  public static podIdentity(options: PodIdentityOptions = {}): ControllerIdentity {
    return new ControllerIdentity(
      ControllerIdentityType.POD_IDENTITY,
      options.namespace ?? DEFAULT_KARPENTER_NAMESPACE,
      options.serviceAccount ?? DEFAULT_KARPENTER_SERVICE_ACCOUNT,
      undefined,
      options.createAssociation ?? true,
    );
  }

  /** IRSA: trust the cluster's OIDC provider for exactly `system:serviceaccount:<namespace>:<serviceAccount>`. */
  public static irsa(options: IrsaOptions): ControllerIdentity {
    return new ControllerIdentity(
      ControllerIdentityType.IRSA,
      options.namespace ?? DEFAULT_KARPENTER_NAMESPACE,
      options.serviceAccount ?? DEFAULT_KARPENTER_SERVICE_ACCOUNT,
      options.oidcProviderArn,
      false,
    );
  }

  private constructor(
    /** Pod Identity or IRSA. */
    public readonly type: ControllerIdentityType,
    /** Namespace of the controller. */
    public readonly namespace: string,
    /** Service account of the controller. */
    public readonly serviceAccount: string,
    /** OIDC provider ARN (IRSA only). */
    public readonly oidcProviderArn: string | undefined,
    /** Whether a pod identity association is created (Pod Identity only). */
    public readonly createAssociation: boolean,
  ) {}
}

/** Props of {@link KarpenterControllerRole}. */
export interface KarpenterControllerRoleProps {
  /** The cluster Karpenter manages. */
  readonly cluster: IEksCluster;
  /** ARN of the node role; the only role the controller may pass to EC2. */
  readonly nodeRoleArn: string;
  /**
   * ARN of the interruption queue.
   * @default - no interruption handling: the `Interruption` policy is not created
   */
  readonly interruptionQueueArn?: string;
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
  readonly additionalPolicyArns?: string[];
  /**
   * Extra statements, put into one inline role policy `KarpenterControllerAdditional`
   * (inline policies may hold 10,240 characters, managed ones 6,144).
   * @default - no inline policy
   */
  readonly additionalStatements?: PolicyStatementOptions[];
  /**
   * Tags for the role, its managed policies and the pod identity association.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * IAM role of the Karpenter controller with upstream's permissions.
 *
 * The permissions are upstream's six managed policies `KarpenterController<Kind>Policy-<cluster>`
 * (five without a queue), one `aws_iam_policy` + attachment each, not one merged policy: the
 * upstream layout keeps names and Sids diffable against Karpenter's CloudFormation template,
 * and the merged document does not fit the 6,144-character managed-policy quota once the
 * cluster name passes a few characters (5,961 for `demo` in us-east-1, 7,689 for a
 * 100-character name), while the largest part stays under 3,800.
 */
export class KarpenterControllerRole extends Construct {
  /** ARN of the role. */
  public readonly roleArn: string;
  /** Name of the role. */
  public readonly roleName: string;
  /** Service account annotations the chart needs: the role ARN for IRSA, none for Pod Identity. */
  public readonly serviceAccountAnnotations: Record<string, string>;
  /** Namespace the role is trusted for. */
  public readonly namespace: string;
  /** Service account the role is trusted for. */
  public readonly serviceAccount: string;
  /** How the controller gets credentials. */
  public readonly identity: ControllerIdentity;

  constructor(scope: Construct, id: string, props: KarpenterControllerRoleProps) {
    super(scope, id);

    const cluster = props.cluster;
    const identity = props.identity ?? ControllerIdentity.podIdentity();
    const roleName = props.roleName ?? defaultControllerRoleName(cluster.clusterName);
    const policyNameSuffix = props.policyNameSuffix ?? cluster.clusterName;

    const issues = new IssueCollector(constructContext());
    validateClusterName(issues, 'cluster.clusterName', cluster.clusterName);
    // Names derived from an invalid cluster name would only repeat its error.
    const clusterNameOk = issues.issues.length === 0;
    if (props.roleName !== undefined || clusterNameOk) validateRoleName(issues, 'roleName', roleName, props.roleName === undefined);
    if (props.policyNameSuffix !== undefined) validateControllerPolicyNameSuffix(issues, 'policyNameSuffix', policyNameSuffix);
    else if (clusterNameOk) validateControllerPolicyNameSuffix(issues, 'cluster.clusterName', policyNameSuffix);
    validateServiceAccountRef(issues, 'identity', identity.namespace, identity.serviceAccount);
    if (identity.type === ControllerIdentityType.IRSA) {
      validateIrsa(issues, 'identity', identity.oidcProviderArn, cluster.oidcIssuerUrl);
    }
    if (!issues.isUnresolved(props.nodeRoleArn) && !/^arn:[a-z-]+:iam::\d{12}:role\/.+/.test(props.nodeRoleArn)) {
      issues.error(
        'nodeRoleArn',
        'InvalidNodeRoleArn',
        `must be an IAM role ARN 'arn:<partition>:iam::<account>:role/<name>', got '${props.nodeRoleArn}'.`,
      );
    }
    validatePolicyArns(issues, 'additionalPolicyArns', props.additionalPolicyArns);
    const accountId = clusterAccountId(issues, 'cluster.clusterArn', cluster.clusterArn);
    const extraStatements = (props.additionalStatements ?? []).map((s, i) => statementFromOptions(issues, `additionalStatements[${i}]`, s));
    const extraDocument = extraStatements.length > 0 ? policyDocument(extraStatements) : undefined;
    if (extraDocument && !issues.isUnresolved(JSON.stringify(extraDocument)) && policySize(extraDocument) > INLINE_ROLE_POLICY_MAX_CHARS) {
      issues.error(
        'additionalStatements',
        'InlinePolicyTooLarge',
        `the additional statements are ${policySize(extraDocument)} characters; an inline role policy may hold ${INLINE_ROLE_POLICY_MAX_CHARS}. ` +
          'Move some into a managed policy and pass its ARN in additionalPolicyArns.',
      );
    }
    reportIssues(this, issues.issues);

    const aws = awsContext(this);
    const trust =
      identity.type === ControllerIdentityType.IRSA
        ? irsaTrustPolicy({
            oidcProviderArn: identity.oidcProviderArn!,
            issuerHostPath: issuerHostPathOf(cluster.oidcIssuerUrl),
            namespace: identity.namespace,
            serviceAccount: identity.serviceAccount,
          })
        : podIdentityTrustPolicy();

    const role = new IamRole(this, 'Resource', {
      name: roleName,
      description: `Karpenter controller for EKS cluster ${cluster.clusterName}`,
      assumeRolePolicy: policyJson(trust),
      forceDetachPolicies: true,
      tags: props.tags,
    });

    const policies = new Construct(this, 'Policies');
    const attachments = new Construct(this, 'PolicyAttachments');
    const managed = controllerManagedPolicies(
      {
        partition: aws.partition,
        region: aws.region,
        accountId,
        clusterName: cluster.clusterName,
        nodeRoleArn: props.nodeRoleArn,
        interruptionQueueArn: props.interruptionQueueArn,
      },
      policyNameSuffix,
    );
    for (const p of managed) {
      const policy = new IamPolicy(policies, p.kind, { name: p.name, policy: policyJson(p.document), tags: props.tags });
      new IamRolePolicyAttachment(attachments, p.kind, { role: role.name, policyArn: policy.arn });
    }

    if (props.additionalPolicyArns && props.additionalPolicyArns.length > 0) {
      const additional = new Construct(this, 'AdditionalPolicyAttachments');
      props.additionalPolicyArns.forEach((policyArn, i) => {
        new IamRolePolicyAttachment(additional, `${i}`, { role: role.name, policyArn });
      });
    }
    if (extraDocument) {
      new IamRolePolicy(this, 'AdditionalPolicy', {
        name: 'KarpenterControllerAdditional',
        role: role.name,
        policy: policyJson(extraDocument),
      });
    }

    if (identity.type === ControllerIdentityType.POD_IDENTITY && identity.createAssociation) {
      new EksPodIdentityAssociation(this, 'PodIdentityAssociation', {
        clusterName: clusterNameRef(cluster),
        namespace: identity.namespace,
        serviceAccount: identity.serviceAccount,
        roleArn: role.arn,
        tags: props.tags,
      });
    }

    this.roleArn = role.arn;
    this.roleName = roleName;
    this.identity = identity;
    this.namespace = identity.namespace;
    this.serviceAccount = identity.serviceAccount;
    this.serviceAccountAnnotations = identity.type === ControllerIdentityType.IRSA ? { 'eks.amazonaws.com/role-arn': this.roleArn } : {};
  }
}
