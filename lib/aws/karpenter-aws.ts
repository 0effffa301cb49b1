import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import { IamServiceLinkedRole } from '@cdktf/provider-aws/lib/iam-service-linked-role';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { IEksCluster } from './cluster-attributes';
import { AccessEntryType, ControllerIdentity } from '../core/aws/controller-identity';
import { KarpenterAwsAttributes } from '../core/aws/karpenter-aws-attributes';
import { karpenterAwsAttributes, KarpenterAwsPlan, planKarpenterAws, SPOT_SERVICE_NAME } from '../core/aws/karpenter-aws-plan';
import { PolicyStatementOptions } from '../core/aws/policy-document';
import { InterruptionQueue } from './interruption-queue';
import { KarpenterControllerRole } from './karpenter-controller-role';
import { KarpenterNodeRole } from './karpenter-node-role';
import { withPlan } from '../private/preplanned';
import { reportsOwnClusterName } from '../private/cluster-name-owner';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of {@link KarpenterAws}. */
export interface KarpenterAwsProps {
  /** The cluster Karpenter is installed on. */
  readonly cluster: IEksCluster;
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
  readonly nodeRoleAdditionalPolicyArns?: string[];
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
  readonly controllerRoleAdditionalPolicyArns?: string[];
  /**
   * Extra statements for the controller role (one inline policy).
   * @default - none
   */
  readonly controllerRoleAdditionalStatements?: PolicyStatementOptions[];
  /**
   * Security groups that get `karpenter.sh/discovery = <clusterName>` (one `aws_ec2_tag` each),
   * for EC2NodeClass `securityGroupSelectorTerms`. At most one security group should carry the
   * tag, or nodes get all of them. The stack owns the tag: destroying it deletes the tag even if
   * the group had it before, so give `[]` when the group is already tagged (e.g. by eksctl or an
   * earlier install).
   * @default - the EKS-managed cluster security group (`cluster.clusterSecurityGroupId`)
   */
  readonly discoverySecurityGroupIds?: string[];
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

/**
 * The AWS side of one Karpenter install: node role with access entry, controller role
 * (Pod Identity or IRSA), interruption queue with its EventBridge rules, and the discovery
 * tag on the cluster security group. Subnets are tagged by the network.
 */
export class KarpenterAws extends Construct {
  public readonly nodeRole: KarpenterNodeRole;
  public readonly controllerRole: KarpenterControllerRole;
  /** Undefined when `enableSpotTermination` is false. */
  public readonly interruptionQueue?: InterruptionQueue;
  /** The EC2 Spot service-linked role; undefined unless `createSpotServiceLinkedRole` is true. */
  public readonly spotServiceLinkedRole?: IamServiceLinkedRole;
  /** The cluster name (Helm `settings.clusterName`). */
  public readonly clusterName: string;
  /** Name of the interruption queue (Helm `settings.interruptionQueue`); undefined without a queue. */
  public readonly queueName?: string;
  private readonly plan: KarpenterAwsPlan;
  private attributesReported = false;

  constructor(scope: Construct, id: string, props: KarpenterAwsProps) {
    super(scope, id);
    const cluster = props.cluster;
    this.plan = planKarpenterAws(
      { ...props, providerRegion: defaultProviderRegion(this), clusterNameReportedByCluster: reportsOwnClusterName(props.cluster) },
      constructContext(),
    );
    reportIssuesAtSynth(this, this.plan.issues);
    const plan = this.plan;
    this.clusterName = plan.clusterName;
    // The children build from the parts of this plan; its issues are reported above, once.
    const planned = <T extends { issues: unknown[] }>(part: T): T => ({ ...part, issues: [] });

    if (plan.queue) {
      this.interruptionQueue = new InterruptionQueue(
        this,
        'InterruptionQueue',
        withPlan({ clusterName: cluster.clusterName, queueName: plan.queue.queueName, tags: props.tags }, planned(plan.queue)),
      );
      this.queueName = plan.queue.queueName;
    }

    this.nodeRole = new KarpenterNodeRole(
      this,
      'NodeRole',
      withPlan(
        {
          cluster,
          roleName: plan.nodeRole.roleName,
          accessEntryDependsOn: this.interruptionQueue ? [this.interruptionQueue.queuePolicy] : undefined,
          tags: props.tags,
        },
        planned(plan.nodeRole),
      ),
    );

    this.controllerRole = new KarpenterControllerRole(
      this,
      'ControllerRole',
      withPlan(
        {
          cluster,
          nodeRoleArn: this.nodeRole.roleArn,
          interruptionQueueArn: this.interruptionQueue?.queueArn,
          identity: plan.controllerRole.identity,
          tags: props.tags,
        },
        planned(plan.controllerRole),
      ),
    );

    if (plan.discoverySecurityGroupIds.length > 0) {
      const tags = new Construct(this, 'DiscoveryTags');
      plan.discoverySecurityGroupIds.forEach((resourceId, i) => {
        new Ec2Tag(tags, `SecurityGroup${i}`, { resourceId, key: plan.discoveryTagKey, value: plan.clusterName });
      });
    }

    if (plan.createSpotServiceLinkedRole) {
      this.spotServiceLinkedRole = new IamServiceLinkedRole(this, 'SpotServiceLinkedRole', { awsServiceName: SPOT_SERVICE_NAME, tags: props.tags });
    }
  }

  /**
   * What the controller side needs, as one plain object: give it to `KarpenterController` (also in
   * another stack). Everything in it is a plain string except `controllerRoleArn`, which the
   * controller reads only under IRSA. When the region is not known as a plain string, synth fails
   * with `RegionUnknown`.
   */
  public get attributes(): KarpenterAwsAttributes {
    const { attributes, issues } = karpenterAwsAttributes(this.plan, this.controllerRole.roleArn);
    // Once, however often the attributes are read.
    if (!this.attributesReported) reportIssuesAtSynth(this, issues);
    this.attributesReported = true;
    return attributes;
  }
}

/** Region of the stack's default AWS provider, when it is configured. */
function defaultProviderRegion(scope: Construct): string | undefined {
  const providers = TerraformStack.of(scope)
    .node.findAll()
    .filter((c): c is AwsProvider => c instanceof AwsProvider && c.alias === undefined);
  return providers.length === 1 ? providers[0].region : undefined;
}
