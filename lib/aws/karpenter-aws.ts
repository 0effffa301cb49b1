import { Construct } from 'constructs';
import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import type { IamServiceLinkedRole } from '@cdktf/provider-aws/lib/iam-service-linked-role';
import { IEksCluster } from './eks-cluster-base';
import { KarpenterAwsAttributes } from '../core/aws/karpenter-aws-attributes';
import { karpenterAwsAttributes, KarpenterAwsOptions, KarpenterAwsPlan, planKarpenterAws, SPOT_SERVICE_NAME } from '../core/aws/karpenter-aws-plan';
import { ControllerNodeGroup } from './controller-node-group';
import { InterruptionQueue } from './interruption-queue';
import { KarpenterControllerRole } from './karpenter-controller-role';
import { KarpenterNodeRole } from './karpenter-node-role';
import { defaultAwsProvider } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

// Loaded when the option that needs it is used: the package import loads what every app needs, no more.
function serviceLinkedRole(): typeof import('@cdktf/provider-aws/lib/iam-service-linked-role') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@cdktf/provider-aws/lib/iam-service-linked-role');
}

/** Props of {@link KarpenterAws}. */
export interface KarpenterAwsProps extends KarpenterAwsOptions {
  /** The cluster Karpenter is installed on. */
  readonly cluster: IEksCluster;
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
  private readonly cluster: IEksCluster;
  private attributesReported = false;

  constructor(scope: Construct, id: string, props: KarpenterAwsProps) {
    super(scope, id);
    const cluster = props.cluster;
    this.cluster = cluster;
    this.plan = planKarpenterAws(
      { ...props, providerRegion: defaultAwsProvider(this)?.region, clusterNameValid: cluster.clusterNameValid },
      constructContext(),
    );
    reportIssuesAtSynth(this, this.plan.issues);
    const plan = this.plan;
    this.clusterName = plan.clusterName;
    // The children build from the parts of this plan; its issues are reported above, once.

    if (plan.queue) {
      this.interruptionQueue = new InterruptionQueue(
        this,
        'InterruptionQueue',
        { clusterName: cluster.clusterName, queueName: plan.queue.queueName, tags: props.tags },
        plan.queue,
      );
      this.queueName = plan.queue.queueName;
    }

    this.nodeRole = new KarpenterNodeRole(
      this,
      'NodeRole',
      {
        cluster,
        roleName: plan.nodeRole.roleName,
        accessEntryDependsOn: this.interruptionQueue ? [this.interruptionQueue.queuePolicy] : undefined,
        tags: props.tags,
      },
      plan.nodeRole,
    );

    this.controllerRole = new KarpenterControllerRole(
      this,
      'ControllerRole',
      {
        cluster,
        nodeRoleArn: this.nodeRole.roleArn,
        interruptionQueueArn: this.interruptionQueue?.queueArn,
        identity: plan.controllerRole.identity,
        tags: props.tags,
      },
      plan.controllerRole,
    );

    if (plan.discoverySecurityGroupIds.length > 0) {
      const tags = new Construct(this, 'DiscoveryTags');
      plan.discoverySecurityGroupIds.forEach((resourceId, i) => {
        new Ec2Tag(tags, `SecurityGroup${i}`, { resourceId, key: plan.discoveryTagKey, value: plan.clusterName });
      });
    }

    if (plan.createSpotServiceLinkedRole) {
      this.spotServiceLinkedRole = new (serviceLinkedRole().IamServiceLinkedRole)(this, 'SpotServiceLinkedRole', {
        awsServiceName: SPOT_SERVICE_NAME,
        tags: props.tags,
      });
    }
  }

  /**
   * What the controller side needs, as one plain object: give it to `KarpenterController` (also in
   * another stack). Everything in it is a plain string except `controllerRoleArn`, which the
   * controller reads only under IRSA. When the region is not known as a plain string, synth fails
   * with `RegionUnknown`. `controllerNodeGroup` says whether a `ControllerNodeGroup` was created for
   * the cluster by the time the attributes are read, so create it first; `controllerNodes` holds their nodes.
   */
  public get attributes(): KarpenterAwsAttributes {
    const groups = this.cluster.controllerNodeGroups ?? [];
    const { attributes, issues } = karpenterAwsAttributes(
      this.plan,
      this.controllerRole.roleArn,
      groups.length > 0,
      groups.flatMap((g) => (g instanceof ControllerNodeGroup ? [g.nodes] : [])),
    );
    // Once, however often the attributes are read.
    if (!this.attributesReported) reportIssuesAtSynth(this, issues);
    this.attributesReported = true;
    return attributes;
  }
}
