import {
  INTERRUPTION_QUEUE_RETENTION_SECONDS,
  INTERRUPTION_RULES,
  INTERRUPTION_TARGET_ID,
  interruptionQueuePolicy,
  validateQueueKmsKey,
  validateQueueName,
  validateRuleNamePrefix,
} from '../../../lib/core/aws/interruption';
import { IssueCollector } from '../../../lib/core/issues';
import { readReferenceFixture, readSharedReference } from '../../fixtures/reference';

const QUEUE_ARN = 'arn:aws:sqs:eu-west-1:123456789012:Karpenter-demo';
const REFERENCE_FILE = 'karpenter-eventbridge-rules.json';

interface ReferenceRules {
  queue: { MessageRetentionPeriod: number; SqsManagedSseEnabled: boolean };
  queuePolicy: { Id: string; Statement: unknown[] };
  rules: { logicalId: string; eventPattern: unknown; targets: { id: string; arn: string }[] }[];
  terraformAwsEksModule: { targetId: string; mapping: { tfName: string; cfnLogicalId: string }[] };
}

// The fixture is a copy of ../shared/reference/karpenter-eventbridge-rules.json, so a lone clone compares too.
const reference = JSON.parse(readReferenceFixture(REFERENCE_FILE).split('${InterruptionQueueArn}').join(QUEUE_ARN)) as ReferenceRules;

describe('interruption handling vs upstream reference (karpenter-eventbridge-rules.json)', () => {
  const ref = reference;

  const shared = readSharedReference(REFERENCE_FILE);
  if (shared === undefined) console.warn(`SKIPPED: ../shared/reference/${REFERENCE_FILE} not found; the fixture copy is not cross-checked`);
  (shared === undefined ? test.skip : test)('the fixture equals ../shared/reference when present', () => {
    expect(JSON.parse(readReferenceFixture(REFERENCE_FILE))).toEqual(JSON.parse(shared!));
  });

  test('should have the reference rules in the reference order', () => {
    expect(INTERRUPTION_RULES.map((r) => r.cfnLogicalId)).toEqual(ref.rules.map((r) => r.logicalId));
  });

  // The table is built even when the describe is skipped, so it must not read a missing reference.
  test.each((reference ? ref.rules : [{} as ReferenceRules['rules'][number]]).map((r) => [r.logicalId, r] as const))(
    'rule %s should have the reference event pattern and target id',
    (logicalId, refRule) => {
      const rule = INTERRUPTION_RULES.find((r) => r.cfnLogicalId === logicalId)!;
      expect(rule.eventPattern).toEqual(refRule.eventPattern);
      expect(refRule.targets).toEqual([{ id: INTERRUPTION_TARGET_ID, arn: QUEUE_ARN }]);
    },
  );

  test('should name rules like terraform-aws-eks', () => {
    expect(INTERRUPTION_RULES.map((r) => ({ tfName: r.namePart, cfnLogicalId: r.cfnLogicalId }))).toEqual(
      ref.terraformAwsEksModule.mapping.map(({ tfName, cfnLogicalId }) => ({ tfName, cfnLogicalId })),
    );
    expect(INTERRUPTION_TARGET_ID).toBe(ref.terraformAwsEksModule.targetId);
  });

  test('should have the reference queue policy', () => {
    expect(interruptionQueuePolicy(QUEUE_ARN)).toEqual({ Version: '2012-10-17', ...ref.queuePolicy });
  });

  test('should keep messages as long as the reference', () => {
    expect(INTERRUPTION_QUEUE_RETENTION_SECONDS).toBe(ref.queue.MessageRetentionPeriod);
  });
});

describe('interruption handling (hard-coded upstream facts)', () => {
  test('should have the five detail-types the controller parses', () => {
    expect(INTERRUPTION_RULES.map((r) => r.eventPattern['detail-type'])).toEqual([
      ['AWS Health Event'],
      ['EC2 Spot Instance Interruption Warning'],
      ['EC2 Instance Rebalance Recommendation'],
      ['EC2 Instance State-change Notification'],
      ['EC2 Capacity Reservation Instance Interruption Warning'],
    ]);
    expect(INTERRUPTION_RULES.map((r) => r.eventPattern.source)).toEqual([['aws.health'], ['aws.ec2'], ['aws.ec2'], ['aws.ec2'], ['aws.ec2']]);
  });

  test('should deny non-TLS access and let EventBridge send', () => {
    const [allow, deny] = interruptionQueuePolicy(QUEUE_ARN).Statement;
    expect(allow).toEqual({
      Effect: 'Allow',
      Principal: { Service: ['events.amazonaws.com', 'sqs.amazonaws.com'] },
      Action: 'sqs:SendMessage',
      Resource: QUEUE_ARN,
    });
    expect(deny).toEqual({
      Sid: 'DenyHTTP',
      Effect: 'Deny',
      Principal: '*',
      Action: 'sqs:*',
      Resource: QUEUE_ARN,
      Condition: { Bool: { 'aws:SecureTransport': false } },
    });
  });
});

describe('queue name validation', () => {
  const check = (name: string, isDefault = false) => {
    const issues = new IssueCollector({ isUnresolved: (v) => String(v).includes('${') });
    validateQueueName(issues, 'queueName', name, isDefault);
    return issues.issues;
  };

  test('should accept 80 valid characters', () => {
    expect(check('A-z_0'.repeat(16))).toEqual([]);
  });

  test('throws when the name is longer than 80 characters', () => {
    expect(check(`Karpenter-${'c'.repeat(71)}`, true)).toEqual([
      expect.objectContaining({
        code: 'InvalidQueueNameLength',
        message: expect.stringMatching(/81 characters; SQS allows 1-80\. The default name .* set 'queueName'/),
      }),
    ]);
  });

  test('throws when the name has a dot or a space', () => {
    expect(check('my queue')[0].message).toMatch(/may only hold letters, digits, '-' and '_'/);
    expect(check('a.b')[0].code).toBe('InvalidQueueNameCharacters');
  });

  test('throws when the name is a FIFO queue', () => {
    expect(check('karpenter.fifo')).toEqual([expect.objectContaining({ code: 'FifoInterruptionQueue' })]);
  });

  test('throws when the name is empty', () => {
    expect(check('')[0].message).toMatch(/is 0 characters/);
  });

  test('should skip tokens', () => {
    expect(check('${TfToken[TOKEN.1]}')).toEqual([]);
  });
});

describe('rule name prefix validation', () => {
  const check = (prefix: string) => {
    const issues = new IssueCollector();
    validateRuleNamePrefix(issues, 'ruleNamePrefix', prefix);
    return issues.issues;
  };

  test('should accept the longest prefix that fits', () => {
    // 18 + "InstanceStateChange-" (20) = 38 = 64 - 26.
    expect(check('p'.repeat(18))).toEqual([]);
    expect(check('')).toEqual([]);
  });

  test('throws when a rule name could exceed 64 characters', () => {
    expect(check('p'.repeat(19))[0].message).toMatch(/19 characters; at most 18 fit/);
  });

  test('throws on characters EventBridge rejects', () => {
    expect(check('Karpenter/')[0].code).toBe('InvalidRuleNamePrefix');
  });
});

describe('queue KMS key validation', () => {
  const check = (key: string) => {
    const issues = new IssueCollector();
    validateQueueKmsKey(issues, 'kmsMasterKeyId', key);
    return issues.issues;
  };

  test('should accept a customer managed key', () => {
    expect(check('alias/karpenter')).toEqual([]);
    expect(check('arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab')).toEqual([]);
  });

  test('throws when the key is the AWS managed SQS key', () => {
    expect(check('alias/aws/sqs')[0].message).toMatch(/EventBridge cannot send to a queue encrypted with the AWS managed key/);
    expect(check('arn:aws:kms:eu-west-1:123456789012:alias/aws/sqs')[0].code).toBe('AwsManagedKmsKey');
  });

  test('throws when the key id is empty', () => {
    expect(check(' ')[0].code).toBe('EmptyKmsKeyId');
  });
});
