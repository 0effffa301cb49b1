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
    // Bottlerocket: the OS volume (/dev/xvda) is mapped too, so it is encrypted whatever the account's EBS default.
    const ebs = (size: number) => [{ volume_size: size, volume_type: 'gp3', encrypted: 'true', delete_on_termination: 'true' }];
    expect(after('aws_launch_template')[0]).toMatchObject({
      metadata_options: [expect.objectContaining({ http_endpoint: 'enabled', http_tokens: 'required', http_put_response_hop_limit: 1 })],
      block_device_mappings: [
        expect.objectContaining({ device_name: '/dev/xvda', ebs: [expect.objectContaining(ebs(4)[0])] }),
        expect.objectContaining({ device_name: '/dev/xvdb', ebs: [expect.objectContaining(ebs(20)[0])] }),
      ],
    });
    expect(after('aws_eks_node_group')[0].ami_type).toBe('BOTTLEROCKET_x86_64');
    expect(after('aws_eks_node_group')[0].disk_size).toBeUndefined();
    expect(after('aws_eks_node_group')[0].launch_template).toHaveLength(1);
  });

  test('should take each core add-on version from its aws_eks_addon_version data source, read at apply', () => {
    const changes = result.plan.resource_changes!;
    const versions = changes.filter((rc) => rc.type === 'aws_eks_addon_version');
    expect(versions.map((rc) => (rc.change.after as Record<string, unknown>).addon_name).sort()).toEqual([
      'coredns',
      'eks-pod-identity-agent',
      'kube-proxy',
      'vpc-cni',
    ]);
    for (const rc of versions) {
      // The cluster is being created, so terraform reads the most recent version for 1.36 at apply.
      expect(rc).toMatchObject({ action_reason: 'read_because_dependency_pending', change: { actions: ['read'], after_unknown: { version: true } } });
      expect(rc.change.after).toMatchObject({ kubernetes_version: '1.36', most_recent: true });
    }
    // The configuration ties each add-on's version to its data source.
    const config = (result.plan as any).configuration.root_module.resources as Array<{ address: string; type: string; expressions: any }>;
    const byAddress = new Map(config.map((r) => [r.address, r]));
    const addons = config.filter((r) => r.type === 'aws_eks_addon');
    const cluster = changes.find((rc) => rc.type === 'aws_eks_cluster')!.address;
    expect(addons).toHaveLength(4);
    for (const addon of addons) {
      const [source] = addon.expressions.addon_version.references as string[];
      expect(source).toMatch(/^data\.aws_eks_addon_version\./);
      const data = byAddress.get(source.replace(/\.version$/, ''))!;
      expect(data.expressions.addon_name.constant_value).toBe(addon.expressions.addon_name.constant_value);
      expect(data.expressions.kubernetes_version.references).toContain(`${cluster}.version`);
      expect(changes.find((rc) => rc.address === addon.address)!.change).toMatchObject({
        after: expect.objectContaining({ resolve_conflicts_on_update: 'OVERWRITE' }),
        after_unknown: expect.objectContaining({ addon_version: true }),
      });
    }
  });

  test('should plan the upgrade policy, provider default_tags on every taggable resource, and tagged launches', () => {
    const changes = result.plan.resource_changes!;
    const after = (type: string) => changes.filter((rc) => rc.type === type).map((rc) => rc.change.after as Record<string, any>);
    expect(after('aws_eks_cluster')[0].upgrade_policy).toEqual([{ support_type: 'EXTENDED' }]);
    const defaults = { 'app.kubernetes.io/managed-by': 'cdktf-karpenter-eks', 'app.kubernetes.io/part-of': 'karpenter-demo' };
    const taggable = changes.filter((rc) => rc.change.after && 'tags_all' in (rc.change.after as object));
    expect(taggable.length).toBeGreaterThan(30);
    for (const rc of taggable) {
      // tags_all is known where the resource's own tags are; the provider merges default_tags into it.
      const all = (rc.change.after as Record<string, any>).tags_all;
      if (all !== undefined) expect({ address: rc.address, tags: all }).toEqual({ address: rc.address, tags: expect.objectContaining(defaults) });
    }
    const tags = { Name: 'karpenter-demo-karpenter-controller', ...defaults };
    expect(after('aws_launch_template')[0].tag_specifications).toEqual(
      ['instance', 'volume', 'network-interface'].map((resource_type) => ({ resource_type, tags })),
    );
  });

  test('should plan the same resources as last time (addresses and types)', () => {
    expect(result.resources).toMatchSnapshot();
  });
});
