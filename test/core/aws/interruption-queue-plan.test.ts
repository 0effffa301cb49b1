import { InterruptionQueuePlanInput, planInterruptionQueue } from '../../../lib/core/aws/interruption-queue-plan';

const messages = (input: InterruptionQueuePlanInput) => planInterruptionQueue(input).issues.map((i) => `${i.field}: ${i.message}`);

// Moved from the construct test: the plan makes these messages; test/aws/interruption-queue.test.ts checks the reporting.
describe('planInterruptionQueue messages', () => {
  test('a queue name that breaks the SQS rules', () => {
    expect(messages({ clusterName: 'demo', queueName: 'karpenter.demo' })).toEqual([
      expect.stringMatching(/^queueName: SQS queue name 'karpenter\.demo' may only hold letters, digits, '-' and '_'/),
    ]);
  });

  test('a default queue name that would pass 80 characters', () => {
    expect(messages({ clusterName: 'c'.repeat(71) })).toEqual([
      expect.stringMatching(/^queueName: SQS queue name 'Karpenter-c{71}' is 81 characters; SQS allows 1-80\. The default name .* set 'queueName'/),
    ]);
  });

  test('the AWS managed SQS key', () => {
    expect(messages({ clusterName: 'demo', kmsMasterKeyId: 'alias/aws/sqs' })).toEqual([
      expect.stringMatching(/^kmsMasterKeyId: EventBridge cannot send to a queue encrypted with the AWS managed key 'alias\/aws\/sqs'/),
    ]);
  });

  test('a data key reuse period without a key, or out of range', () => {
    expect(messages({ clusterName: 'demo', kmsDataKeyReusePeriodSeconds: 300 })).toEqual([
      expect.stringMatching(/^kmsDataKeyReusePeriodSeconds: kmsDataKeyReusePeriodSeconds is 300 but no kmsMasterKeyId is set/),
    ]);
    expect(messages({ clusterName: 'demo', kmsMasterKeyId: 'alias/k', kmsDataKeyReusePeriodSeconds: 30 })).toEqual([
      'kmsDataKeyReusePeriodSeconds: must be a whole number of seconds from 60 to 86400, got 30.',
    ]);
  });

  test('a rule name prefix that is too long', () => {
    expect(messages({ clusterName: 'demo', ruleNamePrefix: 'p'.repeat(19) })).toEqual([
      expect.stringMatching(/^ruleNamePrefix: rule name prefix 'p{19}' is 19 characters; at most 18 fit/),
    ]);
  });
});
