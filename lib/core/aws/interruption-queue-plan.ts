import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import {
  DEFAULT_RULE_NAME_PREFIX,
  defaultQueueName,
  INTERRUPTION_QUEUE_RETENTION_SECONDS,
  INTERRUPTION_RULES,
  InterruptionRule,
  validateQueueKmsKey,
  validateQueueName,
  validateRuleNamePrefix,
} from './interruption';
import { checkClusterNameOnce, ComposedPlan, fieldName } from './plan-fields';

/** Input of {@link planInterruptionQueue}, and the props of `InterruptionQueue`. */
export interface InterruptionQueuePlanInput {
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

/** Field names of {@link InterruptionQueuePlanInput} a parent may rename. */
export type InterruptionQueueField = 'clusterName' | 'queueName' | 'kmsMasterKeyId' | 'kmsDataKeyReusePeriodSeconds' | 'ruleNamePrefix';

/** The resolved interruption queue. */
export interface InterruptionQueuePlan {
  readonly queueName: string;
  /** Whether `queueName` passed its check (false, unchecked, when it derives from an invalid cluster name). */
  readonly queueNameValid: boolean;
  readonly retentionSeconds: number;
  /** SQS-managed SSE, unless a KMS key is given (the provider rejects both at once). */
  readonly sqsManagedSseEnabled?: boolean;
  readonly kmsMasterKeyId?: string;
  readonly kmsDataKeyReusePeriodSeconds?: number;
  readonly ruleNamePrefix: string;
  readonly rules: readonly InterruptionRule[];
  /** Tags of the rules: `ClusterName` plus the given tags. */
  readonly ruleTags: Record<string, string>;
  readonly tags?: Record<string, string>;
  readonly issues: ValidationIssue[];
}

/** Resolves and checks the interruption queue and its rules. */
export function planInterruptionQueue(
  input: InterruptionQueuePlanInput,
  ctx: ValidationContext = {},
  composed?: ComposedPlan<InterruptionQueueField>,
): InterruptionQueuePlan {
  const f = (k: InterruptionQueueField) => fieldName(composed?.fields, k);
  const issues = new IssueCollector(ctx);
  const clusterNameOk = checkClusterNameOnce(issues, f('clusterName'), input.clusterName, composed);
  const queueName = input.queueName ?? defaultQueueName(input.clusterName);
  // A name derived from an invalid cluster name would only repeat its error.
  const queueNameValid =
    (input.queueName !== undefined || clusterNameOk) &&
    issues.verdict(() => validateQueueName(issues, f('queueName'), queueName, input.queueName === undefined));
  const ruleNamePrefix = input.ruleNamePrefix ?? DEFAULT_RULE_NAME_PREFIX;
  validateRuleNamePrefix(issues, f('ruleNamePrefix'), ruleNamePrefix);
  if (input.kmsMasterKeyId !== undefined) validateQueueKmsKey(issues, f('kmsMasterKeyId'), input.kmsMasterKeyId);
  const reuse = input.kmsDataKeyReusePeriodSeconds;
  if (reuse !== undefined) {
    const field = f('kmsDataKeyReusePeriodSeconds');
    if (input.kmsMasterKeyId === undefined) {
      issues.error(
        field,
        'KmsReuseWithoutKey',
        `${field} is ${reuse} but no ${f('kmsMasterKeyId')} is set; SQS-managed SSE has no data key reuse setting. ` +
          `Set ${f('kmsMasterKeyId')} or remove it.`,
      );
    } else if (!issues.isUnresolved(reuse) && (!Number.isInteger(reuse) || reuse < 60 || reuse > 86400)) {
      issues.error(field, 'InvalidKmsReusePeriod', `must be a whole number of seconds from 60 to 86400, got ${reuse}.`);
    }
  }
  const useKms = input.kmsMasterKeyId !== undefined;
  return {
    queueName,
    queueNameValid,
    retentionSeconds: INTERRUPTION_QUEUE_RETENTION_SECONDS,
    sqsManagedSseEnabled: useKms ? undefined : true,
    kmsMasterKeyId: input.kmsMasterKeyId,
    kmsDataKeyReusePeriodSeconds: reuse,
    ruleNamePrefix,
    rules: INTERRUPTION_RULES,
    ruleTags: { ClusterName: input.clusterName, ...input.tags },
    tags: input.tags,
    issues: issues.issues,
  };
}
