// The AWS stack of examples/full-stack, exactly as users deploy it (real AwsProvider, no fake
// keys in its code), planned offline through the harness's override file.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import { buildFullStackApp, STACK_NAMES } from '../../examples/full-stack/app';
import { isTerraformAvailable, planStack, stackDirectory, TerraformPlanResult, terraformPluginMirror } from '../../lib/testing/terraform-plan';

const canPlan = isTerraformAvailable() && fs.existsSync(terraformPluginMirror());
if (!canPlan) {
  console.warn(
    'SKIPPING the offline plan of examples/full-stack: terraform or the provider mirror ' +
      `'${terraformPluginMirror()}' is missing (set KARPENTER_TF_PLUGIN_MIRROR).`,
  );
}

(canPlan ? describe : describe.skip)('offline terraform plan of examples/full-stack (infra stack)', () => {
  let result: TerraformPlanResult;
  let outdir: string | undefined;

  beforeAll(async () => {
    const { infra } = buildFullStackApp(Testing.app(), {
      clusterName: 'karpenter-demo',
      region: 'eu-west-1',
      availabilityZones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'],
      backend: { bucket: 'team-state', region: 'eu-west-1' },
    });
    outdir = Testing.fullSynth(infra);
    result = await planStack(stackDirectory(outdir, STACK_NAMES.infra), { offlineOverrides: true });
  }, 300_000);

  afterAll(() => {
    if (outdir && path.dirname(outdir) === os.tmpdir() && path.basename(outdir).startsWith('cdktf.outdir.')) {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('should validate and only create resources', () => {
    expect(result.validation.valid).toBe(true);
    expect(result.resources.filter((r) => r.action !== 'create' && r.action !== 'read')).toEqual([]);
  });

  test('should plan the Karpenter pieces the other stacks rely on by name', () => {
    const after = (type: string) =>
      result.plan.resource_changes!.filter((rc) => rc.type === type).map((rc) => rc.change.after as Record<string, any>);
    expect(after('aws_eks_cluster')).toEqual([expect.objectContaining({ name: 'karpenter-demo' })]);
    expect(after('aws_sqs_queue')).toEqual([expect.objectContaining({ name: 'Karpenter-karpenter-demo', message_retention_seconds: 300 })]);
    expect(after('aws_iam_role').map((r) => r.name)).toContain('KarpenterNodeRole-karpenter-demo');
    expect(after('aws_eks_node_group')).toEqual([expect.objectContaining({ labels: { 'karpenter.sh/controller': 'true' } })]);
    expect(after('aws_cloudwatch_event_rule')).toHaveLength(5);
  });

  test('should plan the production defaults: NAT per zone, secrets KMS key, IMDSv2 launch template', () => {
    const changes = result.plan.resource_changes!;
    const after = (type: string) => changes.filter((rc) => rc.type === type).map((rc) => rc.change.after as Record<string, any>);
    const countOf = (type: string) => changes.filter((rc) => rc.type === type).length;
    expect(
      Object.fromEntries(
        ['aws_nat_gateway', 'aws_eip', 'aws_kms_key', 'aws_kms_alias', 'aws_iam_role_policy', 'aws_launch_template'].map((t) => [t, countOf(t)]),
      ),
    ).toEqual({ aws_nat_gateway: 3, aws_eip: 3, aws_kms_key: 1, aws_kms_alias: 1, aws_iam_role_policy: 1, aws_launch_template: 1 });
    expect(after('aws_kms_key')).toEqual([
      expect.objectContaining({ enable_key_rotation: true, deletion_window_in_days: 30, key_usage: 'ENCRYPT_DECRYPT' }),
    ]);
    expect(after('aws_kms_alias')).toEqual([expect.objectContaining({ name: 'alias/eks/karpenter-demo' })]);
    expect(after('aws_eks_cluster')[0].encryption_config).toEqual([expect.objectContaining({ resources: ['secrets'] })]);
    expect(after('aws_launch_template')[0]).toMatchObject({
      metadata_options: [expect.objectContaining({ http_endpoint: 'enabled', http_tokens: 'required', http_put_response_hop_limit: 1 })],
      block_device_mappings: [
        expect.objectContaining({
          device_name: '/dev/xvda',
          ebs: [expect.objectContaining({ volume_size: 20, volume_type: 'gp3', encrypted: 'true' })],
        }),
      ],
    });
    expect(after('aws_eks_node_group')[0].disk_size).toBeUndefined();
    expect(after('aws_eks_node_group')[0].launch_template).toHaveLength(1);
  });

  test('should plan the same resources as last time (addresses and types)', () => {
    expect(result.resources).toMatchSnapshot();
  });
});
