// Offline `terraform plan` of the whole AWS stack: catches what synth can't (schema errors,
// unknown attributes, data sources that would call AWS). Needs terraform and the provider mirror.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import {
  isTerraformAvailable,
  planStack,
  PlannedResource,
  stackDirectory,
  TerraformPlanResult,
  terraformPluginMirror,
} from '../../lib/testing/terraform-plan';
import { AWS_STACK_NAME, buildAwsStack } from '../fixtures/aws-stack';

const canPlan = isTerraformAvailable() && fs.existsSync(terraformPluginMirror());
if (!canPlan) {
  console.warn(
    `SKIPPING the offline terraform plan test: ${isTerraformAvailable() ? '' : "'terraform' is not on PATH; "}` +
      `provider mirror '${terraformPluginMirror()}' ${fs.existsSync(terraformPluginMirror()) ? 'exists' : 'is missing'} ` +
      '(set KARPENTER_TF_PLUGIN_MIRROR). Install terraform and hashicorp/aws 5.100.0 to run it.',
  );
}

const describePlan = canPlan ? describe : describe.skip;

describePlan('offline terraform plan of the whole AWS stack', () => {
  let result: TerraformPlanResult;
  const ofType = (type: string): PlannedResource[] => result.resources.filter((r) => r.type === type);
  const after = (address: string): Record<string, any> =>
    result.plan.resource_changes!.find((rc) => rc.address === address)!.change.after as Record<string, any>;

  let outdir: string | undefined;

  beforeAll(async () => {
    const { stack } = buildAwsStack();
    outdir = Testing.fullSynth(stack);
    result = await planStack(stackDirectory(outdir, AWS_STACK_NAME));
  }, 300_000);

  afterAll(() => {
    // Guard: only the fullSynth temp dir (<tmp>/cdktf.outdir.XXXXXX) is removed.
    if (outdir && path.dirname(outdir) === os.tmpdir() && path.basename(outdir).startsWith('cdktf.outdir.')) {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('should validate, and only create resources and read data sources', () => {
    expect(result.validation.valid).toBe(true);
    expect(result.resources.filter((r) => r.action !== 'create' && r.action !== 'read')).toEqual([]);
  });

  test('should plan the cluster with its add-ons and the controller node group', () => {
    expect(ofType('aws_eks_cluster')).toHaveLength(1);
    expect(after(ofType('aws_eks_cluster')[0].address)).toMatchObject({
      name: 'demo',
      version: '1.36',
      access_config: [{ authentication_mode: 'API', bootstrap_cluster_creator_admin_permissions: true }],
    });
    const addons = ofType('aws_eks_addon')
      .map((r) => after(r.address).addon_name)
      .sort();
    expect(addons).toEqual(['coredns', 'eks-pod-identity-agent', 'kube-proxy', 'vpc-cni']);
    expect(ofType('aws_eks_node_group')).toHaveLength(1);
    expect(after(ofType('aws_eks_node_group')[0].address)).toMatchObject({
      labels: { 'karpenter.sh/controller': 'true' },
      scaling_config: [{ min_size: 2, desired_size: 2, max_size: 3 }],
      ami_type: 'AL2023_x86_64_STANDARD',
    });
  });

  test('should plan the interruption queue, its policy and the five EventBridge rules with targets', () => {
    expect(ofType('aws_sqs_queue')).toHaveLength(1);
    expect(ofType('aws_sqs_queue_policy')).toHaveLength(1);
    expect(ofType('aws_cloudwatch_event_rule')).toHaveLength(5);
    expect(ofType('aws_cloudwatch_event_target')).toHaveLength(5);
  });

  test('should plan the Karpenter node role with 4 managed policies and an access entry', () => {
    const nodeRole = result.resources.filter((r) => r.type === 'aws_iam_role' && r.address.includes('Karpenter_NodeRole'));
    expect(nodeRole).toHaveLength(1);
    expect(ofType('aws_iam_role_policy_attachment').filter((r) => r.address.includes('Karpenter_NodeRole'))).toHaveLength(4);
    expect(ofType('aws_eks_access_entry')).toHaveLength(1);
    expect(after(ofType('aws_eks_access_entry')[0].address)).toMatchObject({ type: 'EC2_LINUX' });
  });

  test('should plan the controller role with 6 policies and a pod identity association', () => {
    const controllerPolicies = ofType('aws_iam_policy').filter((r) => r.address.includes('Karpenter_ControllerRole'));
    expect(controllerPolicies).toHaveLength(6);
    expect(ofType('aws_iam_role_policy_attachment').filter((r) => r.address.includes('Karpenter_ControllerRole'))).toHaveLength(6);
    expect(ofType('aws_eks_pod_identity_association')).toHaveLength(1);
    expect(after(ofType('aws_eks_pod_identity_association')[0].address)).toMatchObject({
      namespace: 'kube-system',
      service_account: 'karpenter',
    });
  });

  test('should tag the private subnets and the cluster security group for discovery', () => {
    const discoverySubnets = ofType('aws_subnet').filter((r) => after(r.address).tags?.['karpenter.sh/discovery'] === 'demo');
    expect(discoverySubnets).toHaveLength(3);
    const sgTags = ofType('aws_ec2_tag').map((r) => after(r.address));
    expect(sgTags).toEqual([expect.objectContaining({ key: 'karpenter.sh/discovery', value: 'demo' })]);
  });

  test('should read at plan only data sources the provider answers without an API call, the add-on versions at apply', () => {
    const reads = result.resources.filter((r) => r.action === 'read');
    expect(reads.map((r) => r.type).sort()).toEqual([
      'aws_eks_addon_version',
      'aws_eks_addon_version',
      'aws_eks_addon_version',
      'aws_eks_addon_version',
      'aws_partition',
    ]);
    expect(result.resources.filter((r) => r.address.startsWith('data.') && r.action !== 'read')).toEqual([]);
    // Read during plan: in prior_state. The add-on versions reference the cluster being created, so terraform
    // defers them to apply (an EKS API call there), which is why the fake keys suffice.
    const readAtPlan = (result.plan.prior_state?.values?.root_module?.resources ?? []).filter((r) => r.mode === 'data').map((r) => r.type);
    expect(readAtPlan).toEqual(['aws_partition']);
    const deferred = result.plan.resource_changes!.filter((rc) => rc.type === 'aws_eks_addon_version');
    for (const rc of deferred) {
      expect(rc).toMatchObject({ action_reason: 'read_because_dependency_pending', change: { actions: ['read'], after_unknown: { version: true } } });
      expect(rc.change.after).toMatchObject({ kubernetes_version: '1.36', most_recent: true });
    }
  });

  test('should plan the control plane log group the cluster logs to, with its retention', () => {
    expect(ofType('aws_cloudwatch_log_group').map((r) => after(r.address))).toEqual([
      expect.objectContaining({ name: '/aws/eks/demo/cluster', retention_in_days: 90 }),
    ]);
  });

  test('should plan 78 resources', () => {
    // 70 before the production defaults, plus 2 NAT gateways and their EIPs (one per zone), the secrets
    // KMS key, its alias, the cluster role's permission on it, and the controller nodes' launch template.
    expect(result.resources.filter((r) => r.action === 'create')).toHaveLength(78);
  });

  test('should match the planned resource snapshot', () => {
    expect(result.resources).toMatchSnapshot();
  });
});
