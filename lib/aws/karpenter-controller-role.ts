import { Fn } from 'cdktf';
import { Construct } from 'constructs';
import { EksPodIdentityAssociation } from '@cdktf/provider-aws/lib/eks-pod-identity-association';
import { IamPolicy } from '@cdktf/provider-aws/lib/iam-policy';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicy } from '@cdktf/provider-aws/lib/iam-role-policy';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { IEksCluster } from './eks-cluster-base';
import { ControllerIdentity, ControllerIdentityType } from '../core/aws/controller-identity';
import { controllerManagedPolicies } from '../core/aws/controller-policy';
import { ControllerRoleOptions, ControllerRolePlan, planControllerRole } from '../core/aws/controller-role-plan';
import { irsaTrustPolicy, podIdentityTrustPolicy } from '../core/aws/trust-policies';
import { awsContext, clusterNameRef, issuerHostPathOf, policyJson } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of {@link KarpenterControllerRole}. */
export interface KarpenterControllerRoleProps extends ControllerRoleOptions {
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
  /** Namespace the role is trusted for. */
  public readonly namespace: string;
  /** Service account the role is trusted for. */
  public readonly serviceAccount: string;
  /** How the controller gets credentials. */
  public readonly identity: ControllerIdentity;

  constructor(scope: Construct, id: string, props: KarpenterControllerRoleProps);
  /** @internal `plan`: made and reported by a composing parent (`KarpenterAws`). */
  constructor(scope: Construct, id: string, props: KarpenterControllerRoleProps, plan: ControllerRolePlan);
  constructor(scope: Construct, id: string, props: KarpenterControllerRoleProps, planned?: ControllerRolePlan) {
    super(scope, id);

    const cluster = props.cluster;
    const plan = planned ?? planControllerRole({ ...props, clusterNameValid: cluster.clusterNameValid }, constructContext());
    if (!planned) reportIssuesAtSynth(this, plan.issues);
    const identity = plan.identity;

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
      name: plan.roleName,
      description: plan.description,
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
        // The ARN's 5th field, split in Terraform when the ARN is a reference.
        accountId: plan.accountId ?? Fn.element(Fn.split(':', cluster.clusterArn), 4),
        clusterName: cluster.clusterName,
        nodeRoleArn: props.nodeRoleArn,
        interruptionQueueArn: props.interruptionQueueArn,
      },
      plan.policyNameSuffix,
    );
    const roleName = role.name; // one reference token for every attachment
    for (const p of managed) {
      const policy = new IamPolicy(policies, p.kind, { name: p.name, policy: policyJson(p.document), tags: props.tags });
      new IamRolePolicyAttachment(attachments, p.kind, { role: roleName, policyArn: policy.arn });
    }

    if (plan.additionalPolicyArns.length > 0) {
      const additional = new Construct(this, 'AdditionalPolicyAttachments');
      plan.additionalPolicyArns.forEach((policyArn, i) => {
        new IamRolePolicyAttachment(additional, `${i}`, { role: roleName, policyArn });
      });
    }
    if (plan.additionalDocument) {
      new IamRolePolicy(this, 'AdditionalPolicy', {
        name: 'KarpenterControllerAdditional',
        role: roleName,
        policy: policyJson(plan.additionalDocument),
      });
    }

    if (plan.createPodIdentityAssociation) {
      new EksPodIdentityAssociation(this, 'PodIdentityAssociation', {
        clusterName: clusterNameRef(cluster),
        namespace: identity.namespace,
        serviceAccount: identity.serviceAccount,
        roleArn: role.arn,
        tags: props.tags,
      });
    }

    this.roleArn = role.arn;
    this.roleName = plan.roleName;
    this.identity = identity;
    this.namespace = identity.namespace;
    this.serviceAccount = identity.serviceAccount;
  }
}
