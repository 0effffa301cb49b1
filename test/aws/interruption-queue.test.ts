import { TerraformStack, Testing } from 'cdktf';
import { CloudwatchEventRule } from '@cdktf/provider-aws/lib/cloudwatch-event-rule';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { InterruptionQueue } from '../../lib/aws/interruption-queue';
import { newStack, onlyResource, resourceAt, resourceRef, resourcesOf, synthOf } from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';

const queueArn = (stack: TerraformStack) => resourceRef(stack, 'aws_sqs_queue', 'arn');

describe('InterruptionQueue', () => {
  test('should create a 300-second queue with SQS-managed encryption', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    const queue = new InterruptionQueue(stack, 'Queue', { clusterName: 'demo' });
    // THEN
    // The queue is the construct's `Resource`, so its address is `aws_sqs_queue.Queue_<hash>`.
    const resource = resourceAt(stack, 'Queue/Resource');
    expect(resourcesOf(stack, 'aws_sqs_queue')).toHaveLength(1);
    expect(resource.logicalId).toMatch(/^Queue_[0-9A-F]{8}$/);
    expect(resource.attributes).toEqual(
      expect.objectContaining({ name: 'Karpenter-demo', message_retention_seconds: 300, sqs_managed_sse_enabled: true }),
    );
    expect(resource.attributes).not.toHaveProperty('kms_master_key_id');
    expect(queue.queueName).toBe('Karpenter-demo');
    expect(queue.queueArn).toMatch(/TfToken/);
  });

  test('should use a customer managed key instead of SQS-managed encryption', () => {
    const stack = newStack();
    new InterruptionQueue(stack, 'Queue', { clusterName: 'demo', kmsMasterKeyId: 'alias/karpenter', kmsDataKeyReusePeriodSeconds: 600 });
    const queue = onlyResource(stack, 'aws_sqs_queue');
    expect(queue).toEqual(expect.objectContaining({ kms_master_key_id: 'alias/karpenter', kms_data_key_reuse_period_seconds: 600 }));
    // The provider rejects sqs_managed_sse_enabled next to kms_master_key_id, even when false.
    expect(queue).not.toHaveProperty('sqs_managed_sse_enabled');
  });

  test('should attach the upstream queue policy', () => {
    const stack = newStack();
    new InterruptionQueue(stack, 'Queue', { clusterName: 'demo' });
    const policy = onlyResource(stack, 'aws_sqs_queue_policy');
    const QUEUE_ARN = queueArn(stack);
    expect(policy.queue_url).toBe(resourceRef(stack, 'aws_sqs_queue', 'url'));
    expect(JSON.parse(policy.policy as string)).toEqual({
      Version: '2012-10-17',
      Id: 'EC2InterruptionPolicy',
      Statement: [
        { Effect: 'Allow', Principal: { Service: ['events.amazonaws.com', 'sqs.amazonaws.com'] }, Action: 'sqs:SendMessage', Resource: QUEUE_ARN },
        {
          Sid: 'DenyHTTP',
          Effect: 'Deny',
          Principal: '*',
          Action: 'sqs:*',
          Resource: QUEUE_ARN,
          Condition: { Bool: { 'aws:SecureTransport': false } },
        },
      ],
    });
  });

  test('should create the five rules, each with a queue target', () => {
    const stack = newStack();
    new InterruptionQueue(stack, 'Queue', { clusterName: 'demo' });
    const rules = synthOf(stack).resources('aws_cloudwatch_event_rule');
    const targets = resourcesOf(stack, 'aws_cloudwatch_event_target');
    // Terraform names come from construct paths: Queue/Rules/<id> -> Queue_Rules_<id>_<hash>.
    const patterns = Object.fromEntries(
      rules.map((r) => [r.logicalId.replace(/_[0-9A-F]{8}$/, ''), [r.attributes.name_prefix, JSON.parse(r.attributes.event_pattern as string)]]),
    );
    expect(patterns).toEqual({
      Queue_Rules_HealthEvent: ['KarpenterHealthEvent-', { source: ['aws.health'], 'detail-type': ['AWS Health Event'] }],
      Queue_Rules_SpotInterrupt: ['KarpenterSpotInterrupt-', { source: ['aws.ec2'], 'detail-type': ['EC2 Spot Instance Interruption Warning'] }],
      Queue_Rules_InstanceRebalance: [
        'KarpenterInstanceRebalance-',
        { source: ['aws.ec2'], 'detail-type': ['EC2 Instance Rebalance Recommendation'] },
      ],
      Queue_Rules_InstanceStateChange: [
        'KarpenterInstanceStateChange-',
        { source: ['aws.ec2'], 'detail-type': ['EC2 Instance State-change Notification'] },
      ],
      Queue_Rules_CapacityReservationInterruption: [
        'KarpenterCRInterruption-',
        { source: ['aws.ec2'], 'detail-type': ['EC2 Capacity Reservation Instance Interruption Warning'] },
      ],
    });

    const ruleNames = rules.map((r) => `\${${r.address}.name}`).sort();
    expect(targets).toHaveLength(5);
    expect(targets.map((t) => t.rule).sort()).toEqual(ruleNames);
    for (const t of targets) {
      expect(t).toEqual(expect.objectContaining({ target_id: 'KarpenterInterruptionQueueTarget', arn: queueArn(stack) }));
    }
  });

  test('should use every option', () => {
    const stack = newStack();
    new InterruptionQueue(stack, 'Queue', {
      clusterName: 'demo',
      queueName: 'demo-interruptions',
      kmsMasterKeyId: 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab',
      kmsDataKeyReusePeriodSeconds: 300,
      ruleNamePrefix: 'Demo',
      tags: { team: 'platform' },
    });
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(SqsQueue, { name: 'demo-interruptions', tags: { team: 'platform' } });
    expect(synthed).toHaveResourceWithProperties(CloudwatchEventRule, {
      name_prefix: 'DemoSpotInterrupt-',
      tags: { ClusterName: 'demo', team: 'platform' },
    });
    expect(synthed).toMatchSnapshot();
  });

  test('should match the default snapshot', () => {
    const stack = newStack();
    new InterruptionQueue(stack, 'Queue', { clusterName: 'demo' });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  // The messages are the plan's (test/core/aws/interruption-queue-plan.test.ts); this checks they fail synth under the path.
  test("fails synth with the plan's errors, each once, under its path", () => {
    const lines = synthErrorLines(
      () => new InterruptionQueue(newStack(), 'Queue', { clusterName: 'demo', queueName: 'karpenter.demo', ruleNamePrefix: 'p'.repeat(19) }),
    );
    expect(lines).toEqual([
      expect.stringMatching(/^\[test\/Queue\] queueName: .*\(\w+\)$/),
      expect.stringMatching(/^\[test\/Queue\] ruleNamePrefix: .*\(\w+\)$/),
    ]);
  });
});
