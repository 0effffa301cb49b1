import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { CloudwatchEventRule } from '@cdktf/provider-aws/lib/cloudwatch-event-rule';
import { CloudwatchEventTarget } from '@cdktf/provider-aws/lib/cloudwatch-event-target';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { SqsQueuePolicy } from '@cdktf/provider-aws/lib/sqs-queue-policy';
import { IssueCollector } from '../core/issues';
import { validateClusterName } from '../core/aws/cluster-name';
import {
  DEFAULT_RULE_NAME_PREFIX,
  defaultQueueName,
  INTERRUPTION_QUEUE_RETENTION_SECONDS,
  INTERRUPTION_RULES,
  INTERRUPTION_TARGET_ID,
  interruptionQueuePolicy,
  validateQueueKmsKey,
  validateQueueName,
  validateRuleNamePrefix,
} from '../core/aws/interruption';
import { policyJson } from '../private/aws-context';
import { constructContext, reportIssues } from '../private/report';

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

    const queueName = props.queueName ?? defaultQueueName(props.clusterName);
    const ruleNamePrefix = props.ruleNamePrefix ?? DEFAULT_RULE_NAME_PREFIX;

    const issues = new IssueCollector(constructContext());
    validateClusterName(issues, 'clusterName', props.clusterName);
    const clusterNameOk = issues.issues.length === 0;
    if (props.queueName !== undefined || clusterNameOk) validateQueueName(issues, 'queueName', queueName, props.queueName === undefined);
    validateRuleNamePrefix(issues, 'ruleNamePrefix', ruleNamePrefix);
    if (props.kmsMasterKeyId !== undefined) validateQueueKmsKey(issues, 'kmsMasterKeyId', props.kmsMasterKeyId);
    const reuse = props.kmsDataKeyReusePeriodSeconds;
    if (reuse !== undefined) {
      if (props.kmsMasterKeyId === undefined) {
        issues.error(
          'kmsDataKeyReusePeriodSeconds',
          'KmsReuseWithoutKey',
          `kmsDataKeyReusePeriodSeconds is ${reuse} but no kmsMasterKeyId is set; SQS-managed SSE has no data key reuse setting. Set kmsMasterKeyId or remove it.`,
        );
      } else if (!issues.isUnresolved(reuse) && (!Number.isInteger(reuse) || reuse < 60 || reuse > 86400)) {
        issues.error('kmsDataKeyReusePeriodSeconds', 'InvalidKmsReusePeriod', `must be a whole number of seconds from 60 to 86400, got ${reuse}.`);
      }
    }
    reportIssues(this, issues.issues);

    const useKms = props.kmsMasterKeyId !== undefined;
    const queue = new SqsQueue(this, 'Resource', {
      name: queueName,
      messageRetentionSeconds: INTERRUPTION_QUEUE_RETENTION_SECONDS,
      // The provider rejects both at once, so SQS-managed SSE is left unset with a KMS key.
      sqsManagedSseEnabled: useKms ? undefined : true,
      kmsMasterKeyId: props.kmsMasterKeyId,
      kmsDataKeyReusePeriodSeconds: reuse,
      tags: props.tags,
    });

    const policy = new SqsQueuePolicy(this, 'Policy', {
      queueUrl: queue.url,
      policy: policyJson(interruptionQueuePolicy(queue.arn)),
    });

    const rules = new Construct(this, 'Rules');
    const targets = new Construct(this, 'Targets');
    const ruleTags = { ClusterName: props.clusterName, ...props.tags };
    for (const r of INTERRUPTION_RULES) {
      const rule = new CloudwatchEventRule(rules, r.id, {
        namePrefix: `${ruleNamePrefix}${r.namePart}-`,
        description: r.description,
        eventPattern: JSON.stringify(r.eventPattern),
        tags: ruleTags,
      });
      new CloudwatchEventTarget(targets, r.id, {
        rule: rule.name,
        targetId: INTERRUPTION_TARGET_ID,
        arn: queue.arn,
      });
    }

    this.queueArn = queue.arn;
    this.queueName = queueName;
    this.queueUrl = queue.url;
    this.queuePolicy = policy;
  }
}
