//
// The interruption queue and its EventBridge rules as in Karpenter 1.14's CloudFormation
// template; rule names and descriptions follow terraform-aws-eks modules/karpenter.
import { IssueCollector } from '../issues';
import { policyDocument, PolicyDocumentJson } from './policy-document';

/** Karpenter only needs a message for as long as the node it is about lives (upstream: 300 s). */
export const INTERRUPTION_QUEUE_RETENTION_SECONDS = 300;
/** Target id both upstream sources use. */
export const INTERRUPTION_TARGET_ID = 'KarpenterInterruptionQueueTarget';
/** Default prefix of the rule names (terraform-aws-eks `rule_name_prefix`). */
export const DEFAULT_RULE_NAME_PREFIX = 'Karpenter';

/** An EventBridge event pattern. */
export interface EventPattern {
  readonly source: readonly string[];
  readonly 'detail-type': readonly string[];
}

/** One interruption rule. */
export interface InterruptionRule {
  /** Construct id, fixed: it is part of the Terraform address. */
  readonly id: string;
  /** Middle part of the rule name (`<prefix><namePart>-<random>`), as terraform-aws-eks names it. */
  readonly namePart: string;
  /** Logical id of the rule in the upstream CloudFormation template. */
  readonly cfnLogicalId: string;
  readonly description: string;
  readonly eventPattern: EventPattern;
}

/** The five events Karpenter's interruption controller parses (1.10 added the capacity-reservation one). */
export const INTERRUPTION_RULES: readonly InterruptionRule[] = [
  {
    id: 'HealthEvent',
    namePart: 'HealthEvent',
    cfnLogicalId: 'ScheduledChangeRule',
    description: 'Karpenter interrupt - AWS health event',
    eventPattern: { source: ['aws.health'], 'detail-type': ['AWS Health Event'] },
  },
  {
    id: 'SpotInterrupt',
    namePart: 'SpotInterrupt',
    cfnLogicalId: 'SpotInterruptionRule',
    description: 'Karpenter interrupt - EC2 spot instance interruption warning',
    eventPattern: { source: ['aws.ec2'], 'detail-type': ['EC2 Spot Instance Interruption Warning'] },
  },
  {
    id: 'InstanceRebalance',
    namePart: 'InstanceRebalance',
    cfnLogicalId: 'RebalanceRule',
    description: 'Karpenter interrupt - EC2 instance rebalance recommendation',
    eventPattern: { source: ['aws.ec2'], 'detail-type': ['EC2 Instance Rebalance Recommendation'] },
  },
  {
    id: 'InstanceStateChange',
    namePart: 'InstanceStateChange',
    cfnLogicalId: 'InstanceStateChangeRule',
    description: 'Karpenter interrupt - EC2 instance state-change notification',
    eventPattern: { source: ['aws.ec2'], 'detail-type': ['EC2 Instance State-change Notification'] },
  },
  {
    id: 'CapacityReservationInterruption',
    namePart: 'CRInterruption',
    cfnLogicalId: 'CapacityReservationInterruptionRule',
    description: 'Karpenter interrupt - EC2 capacity reservation instance interruption warning',
    eventPattern: { source: ['aws.ec2'], 'detail-type': ['EC2 Capacity Reservation Instance Interruption Warning'] },
  },
];

/**
 * Queue policy of the upstream template: EventBridge (and SQS) may send; nothing may use
 * the queue without TLS.
 */
export function interruptionQueuePolicy(queueArn: string): PolicyDocumentJson {
  return policyDocument(
    [
      {
        Effect: 'Allow',
        Principal: { Service: ['events.amazonaws.com', 'sqs.amazonaws.com'] },
        Action: 'sqs:SendMessage',
        Resource: queueArn,
      },
      {
        Sid: 'DenyHTTP',
        Effect: 'Deny',
        Principal: '*',
        Action: 'sqs:*',
        Resource: queueArn,
        Condition: { Bool: { 'aws:SecureTransport': false } },
      },
    ],
    'EC2InterruptionPolicy',
  );
}

/** terraform-aws-eks default; one queue per cluster, since Karpenter deletes messages it does not own. */
export function defaultQueueName(clusterName: string): string {
  return `Karpenter-${clusterName}`;
}

/** Checks SQS's name rules (standard queues: 1-80 of `[A-Za-z0-9_-]`). */
export function validateQueueName(issues: IssueCollector, field: string, name: string, isDefault: boolean): void {
  if (issues.isUnresolved(name)) return;
  const hint = isDefault ? `The default name Karpenter-<clusterName> is too long or invalid; set '${field}'.` : `Choose another '${field}'.`;
  if (name.length < 1 || name.length > 80) {
    issues.error(field, 'InvalidQueueNameLength', `SQS queue name '${name}' is ${name.length} characters; SQS allows 1-80. ${hint}`);
  }
  if (name.endsWith('.fifo')) {
    issues.error(
      field,
      'FifoInterruptionQueue',
      `'${name}' names a FIFO queue; EventBridge interruption events need a standard queue. Drop the '.fifo' suffix.`,
    );
  } else if (name.length > 0 && !/^[A-Za-z0-9_-]+$/.test(name)) {
    issues.error(field, 'InvalidQueueNameCharacters', `SQS queue name '${name}' may only hold letters, digits, '-' and '_'. ${hint}`);
  }
}

/** `name_prefix` leaves 26 characters of a 64-character rule name for Terraform's unique suffix. */
const RULE_NAME_PREFIX_MAX = 64 - 26;

/** Checks the rule name prefix: every `<prefix><namePart>-` must fit and use EventBridge's characters. */
export function validateRuleNamePrefix(issues: IssueCollector, field: string, prefix: string): void {
  if (issues.isUnresolved(prefix)) return;
  const longest = Math.max(...INTERRUPTION_RULES.map((r) => r.namePart.length)) + 1;
  if (prefix.length + longest > RULE_NAME_PREFIX_MAX) {
    issues.error(
      field,
      'RuleNamePrefixTooLong',
      `rule name prefix '${prefix}' is ${prefix.length} characters; at most ${RULE_NAME_PREFIX_MAX - longest} fit, ` +
        'because rule names are <prefix><Event>-<26-character unique suffix> and may hold 64 characters.',
    );
  }
  if (!/^[.\-_A-Za-z0-9]*$/.test(prefix)) {
    issues.error(field, 'InvalidRuleNamePrefix', `rule name prefix '${prefix}' may only hold letters, digits, '.', '-' and '_'.`);
  }
}

/**
 * Checks the KMS key of the queue. EventBridge cannot use the AWS managed key `alias/aws/sqs`
 * (its key policy cannot be changed to let events.amazonaws.com generate data keys), so
 * interruption events would be dropped without an error anywhere.
 */
export function validateQueueKmsKey(issues: IssueCollector, field: string, kmsMasterKeyId: string): void {
  if (issues.isUnresolved(kmsMasterKeyId)) return;
  if (kmsMasterKeyId.trim() === '') {
    issues.error(
      field,
      'EmptyKmsKeyId',
      'KMS key id is empty; pass a customer managed key id, ARN or alias, or omit it to use SQS-managed encryption.',
    );
  } else if (/(^|:)alias\/aws\/sqs$/.test(kmsMasterKeyId)) {
    issues.error(
      field,
      'AwsManagedKmsKey',
      "EventBridge cannot send to a queue encrypted with the AWS managed key 'alias/aws/sqs'. " +
        'Use a customer managed key whose key policy allows events.amazonaws.com kms:GenerateDataKey and kms:Decrypt, ' +
        'or omit it to use SQS-managed encryption.',
    );
  }
}
