import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { CloudwatchEventRule } from '@cdktf/provider-aws/lib/cloudwatch-event-rule';
import { CloudwatchEventTarget } from '@cdktf/provider-aws/lib/cloudwatch-event-target';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { SqsQueuePolicy } from '@cdktf/provider-aws/lib/sqs-queue-policy';
import { InterruptionQueuePlan, planInterruptionQueue } from '../core/aws/interruption-queue-plan';
import { interruptionQueuePolicy, INTERRUPTION_TARGET_ID } from '../core/aws/interruption';
import { policyJson } from '../private/aws-context';
import { planFor } from '../private/preplanned';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of {@link InterruptionQueue}. */
export interface InterruptionQueueProps {
  /** Name of the EKS cluster; used in the default queue name and as the rules' `ClusterName` tag. */
  readonly clusterName: string;
  /**
   * Name of the SQS queue; give it to the Helm value `settings.interruptionQueue`. Use one
   * queue per cluster: Karpenter deletes messages about instances it does not own.
   * @default `Karpenter-<clusterName>` (terraform-aws-eks)
   */
  readonly queueName?: string;
  /**
   * Customer managed KMS key (id, ARN or alias) to encrypt the queue with instead of
   * SQS-managed SSE. Its key policy must let `events.amazonaws.com` use `kms:GenerateDataKey`
   * and `kms:Decrypt`, otherwise EventBridge drops the events (aws/karpenter-provider-aws#7209).
   * @default - SQS-managed server-side encryption (`sqs_managed_sse_enabled = true`)
   */
  readonly kmsMasterKeyId?: string;
  /**
   * Seconds SQS may reuse a data key before calling KMS again; only with `kmsMasterKeyId`.
   * @default - the SQS default (300)
   */
  readonly kmsDataKeyReusePeriodSeconds?: number;
  /**
   * Prefix of the EventBridge rule names. Each rule gets `name_prefix = <prefix><Event>-` and
   * Terraform appends a unique suffix, so several clusters can share an account and region and
   * long cluster names never overflow the 64-character rule name.
   * @default 'Karpenter' (terraform-aws-eks `rule_name_prefix`)
   */
  readonly ruleNamePrefix?: string;
  /**
   * Tags for the queue and the rules (the rules also get `ClusterName = <clusterName>`).
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * The SQS queue Karpenter reads interruption events from, its queue policy, and the five
 * EventBridge rules that feed it (AWS Health, spot interruption, rebalance recommendation,
 * instance state change, capacity reservation interruption).
 */
export class InterruptionQueue extends Construct {
  /** ARN of the queue (for the controller's `AllowInterruptionQueueActions`). */
  public readonly queueArn: string;
  /** Name of the queue, known at synth: the Helm value `settings.interruptionQueue`. */
  public readonly queueName: string;
  /** URL of the queue. */
  public readonly queueUrl: string;
  /** The queue policy; what needs EventBridge delivery in place can depend on it. */
  public readonly queuePolicy: ITerraformDependable;

  constructor(scope: Construct, id: string, props: InterruptionQueueProps) {
    super(scope, id);

    const plan: InterruptionQueuePlan = planFor(props, () => planInterruptionQueue(props, constructContext()));
    reportIssuesAtSynth(this, plan.issues);

    const queue = new SqsQueue(this, 'Resource', {
      name: plan.queueName,
      messageRetentionSeconds: plan.retentionSeconds,
      sqsManagedSseEnabled: plan.sqsManagedSseEnabled,
      kmsMasterKeyId: plan.kmsMasterKeyId,
      kmsDataKeyReusePeriodSeconds: plan.kmsDataKeyReusePeriodSeconds,
      tags: plan.tags,
    });

    const policy = new SqsQueuePolicy(this, 'Policy', {
      queueUrl: queue.url,
      policy: policyJson(interruptionQueuePolicy(queue.arn)),
    });

    const rules = new Construct(this, 'Rules');
    const targets = new Construct(this, 'Targets');
    for (const r of plan.rules) {
      const rule = new CloudwatchEventRule(rules, r.id, {
        namePrefix: `${plan.ruleNamePrefix}${r.namePart}-`,
        description: r.description,
        eventPattern: JSON.stringify(r.eventPattern),
        tags: plan.ruleTags,
      });
      new CloudwatchEventTarget(targets, r.id, {
        rule: rule.name,
        targetId: INTERRUPTION_TARGET_ID,
        arn: queue.arn,
      });
    }

    this.queueArn = queue.arn;
    this.queueName = plan.queueName;
    this.queueUrl = queue.url;
    this.queuePolicy = policy;
  }
}
