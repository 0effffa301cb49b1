import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { EksAccessEntry } from '@cdktf/provider-aws/lib/eks-access-entry';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { IEksCluster } from './eks-cluster-base';
import { awsManagedPolicyArn } from '../core/aws/aws-partition';
import { NodeRoleOptions, NodeRolePlan, planNodeRole } from '../core/aws/node-role-plan';
import { ec2TrustPolicy } from '../core/aws/trust-policies';
import { awsContext, clusterNameRef, policyJson } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of {@link KarpenterNodeRole}. */
export interface KarpenterNodeRoleProps extends NodeRoleOptions {
  /** The cluster the nodes join. */
  readonly cluster: IEksCluster;
  /**
   * Resources the access entry must be created after. terraform-aws-eks waits for the
   * interruption queue policy: "If we try to add this too quickly, it fails".
   * @default - no extra dependency
   */
  readonly accessEntryDependsOn?: ITerraformDependable[];
  /**
   * Tags for the role and the access entry.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * The IAM role of the nodes Karpenter launches, with the AWS managed policies they need and
 * an EKS access entry. No instance profile: Karpenter creates one per EC2NodeClass from
 * `spec.role` (clusters without IAM access, e.g. private ones, use `spec.instanceProfile`).
 */
export class KarpenterNodeRole extends Construct {
  /** ARN of the role. */
  public readonly roleArn: string;
  /** Name of the role, known at synth: give it to EC2NodeClass `spec.role`. */
  public readonly roleName: string;
  /** The access entry; undefined when `createAccessEntry` is false. */
  public readonly accessEntry?: ITerraformDependable;

  constructor(scope: Construct, id: string, props: KarpenterNodeRoleProps);
  /** @internal `plan`: made and reported by a composing parent (`KarpenterAws`). */
  constructor(scope: Construct, id: string, props: KarpenterNodeRoleProps, plan: NodeRolePlan);
  constructor(scope: Construct, id: string, props: KarpenterNodeRoleProps, planned?: NodeRolePlan) {
    super(scope, id);

    const plan =
      planned ??
      planNodeRole({ ...props, clusterName: props.cluster.clusterName, clusterNameValid: props.cluster.clusterNameValid }, constructContext());
    if (!planned) reportIssuesAtSynth(this, plan.issues);

    const aws = awsContext(this);
    const role = new IamRole(this, 'Resource', {
      name: plan.roleName,
      description: plan.description,
      assumeRolePolicy: policyJson(ec2TrustPolicy(aws.dnsSuffix)),
      forceDetachPolicies: true,
      tags: props.tags,
    });

    const managed = new Construct(this, 'PolicyAttachments');
    const roleName = role.name; // one reference token for every attachment
    for (const name of plan.managedPolicyNames) {
      new IamRolePolicyAttachment(managed, name, { role: roleName, policyArn: awsManagedPolicyArn(aws.partition, name) });
    }
    if (plan.additionalPolicyArns.length > 0) {
      const additional = new Construct(this, 'AdditionalPolicyAttachments');
      plan.additionalPolicyArns.forEach((policyArn, i) => {
        new IamRolePolicyAttachment(additional, `${i}`, { role: roleName, policyArn });
      });
    }

    if (plan.accessEntryType !== undefined) {
      this.accessEntry = new EksAccessEntry(this, 'AccessEntry', {
        clusterName: clusterNameRef(props.cluster),
        principalArn: role.arn,
        type: plan.accessEntryType,
        tags: props.tags,
        dependsOn: props.accessEntryDependsOn,
      });
    }

    this.roleArn = role.arn;
    this.roleName = plan.roleName;
  }
}
