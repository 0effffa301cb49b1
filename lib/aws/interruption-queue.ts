import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { CloudwatchEventRule } from '@cdktf/provider-aws/lib/cloudwatch-event-rule';
import { CloudwatchEventTarget } from '@cdktf/provider-aws/lib/cloudwatch-event-target';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { SqsQueuePolicy } from '@cdktf/provider-aws/lib/sqs-queue-policy';
import { InterruptionQueuePlan, InterruptionQueuePlanInput, planInterruptionQueue } from '../core/aws/interruption-queue-plan';
import { interruptionQueuePolicy, INTERRUPTION_TARGET_ID } from '../core/aws/interruption';
import { policyJson } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of {@link InterruptionQueue}: the plan's input, documented in the core. */
export type InterruptionQueueProps = InterruptionQueuePlanInput;

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

  constructor(scope: Construct, id: string, props: InterruptionQueueProps);
  /** @internal `plan`: made and reported by a composing parent (`KarpenterAws`). */
  constructor(scope: Construct, id: string, props: InterruptionQueueProps, plan: InterruptionQueuePlan);
  constructor(scope: Construct, id: string, props: InterruptionQueueProps, planned?: InterruptionQueuePlan) {
    super(scope, id);

    const plan = planned ?? planInterruptionQueue(props, constructContext());
    if (!planned) reportIssuesAtSynth(this, plan.issues);

    const queue = new SqsQueue(this, 'Resource', {
      name: plan.queueName,
      messageRetentionSeconds: plan.retentionSeconds,
      sqsManagedSseEnabled: plan.sqsManagedSseEnabled,
      kmsMasterKeyId: plan.kmsMasterKeyId,
      kmsDataKeyReusePeriodSeconds: plan.kmsDataKeyReusePeriodSeconds,
      tags: plan.tags,
    });

    const queueArn = queue.arn; // one reference token for the policy, every target and the attribute
    const policy = new SqsQueuePolicy(this, 'Policy', {
      queueUrl: queue.url,
      policy: policyJson(interruptionQueuePolicy(queueArn)),
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
        arn: queueArn,
      });
    }

    this.queueArn = queueArn;
    this.queueName = plan.queueName;
    this.queueUrl = queue.url;
    this.queuePolicy = policy;
  }
}
