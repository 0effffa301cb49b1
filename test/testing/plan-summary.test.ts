import * as fs from 'fs';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { TerraformStack, Testing } from 'cdktf';
import { planStackOffline } from '../../lib/testing/plan-summary';
import { isTerraformAvailable, terraformPluginMirror } from '../../lib/testing/terraform-plan';
import { newStack } from '../util/stacks';

function queueStack(): TerraformStack {
  const stack = newStack('queue');
  new AwsProvider(stack, 'aws', {
    region: 'eu-west-1',
    skipCredentialsValidation: true,
    skipRequestingAccountId: true,
    skipMetadataApiCheck: 'true',
    skipRegionValidation: true,
  });
  new SqsQueue(stack, 'Queue', { name: 'Karpenter-demo', messageRetentionSeconds: 300 });
  return stack;
}

test('should remove the synthesized directory when the harness fails', async () => {
  // GIVEN
  const fullSynth = jest.spyOn(Testing, 'fullSynth');

  // WHEN
  const plan = planStackOffline(queueStack(), { pluginMirror: '/nonexistent/tf-plugins' });

  // THEN
  await expect(plan).rejects.toThrow(/Terraform provider mirror '\/nonexistent\/tf-plugins' does not exist/);
  const outdir = fullSynth.mock.results[0].value as string;
  expect(fs.existsSync(outdir)).toBe(false);
  fullSynth.mockRestore();
});

const canPlan = isTerraformAvailable() && fs.existsSync(terraformPluginMirror());
if (!canPlan)
  console.warn(`planStackOffline: terraform or the provider mirror (${terraformPluginMirror()}) is missing; skipping the offline plan test`);

(canPlan ? test : test.skip)(
  'should return the sorted plan summary of one stack',
  async () => {
    expect(await planStackOffline(queueStack())).toEqual([{ address: 'aws_sqs_queue.Queue', type: 'aws_sqs_queue', action: 'create' }]);
  },
  120_000,
);
