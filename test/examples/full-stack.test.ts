import * as fs from 'fs';
import * as path from 'path';
import { App, Testing } from 'cdktf';
import { buildFullStackApp, FullStackApp, STACK_NAMES } from '../../examples/full-stack/app';
import { FullStackConfig, fullStackConfigFromEnv } from '../../examples/full-stack/config';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';
import { jsonByStack } from '../util/stacks';
import { warningsOf } from '../util/warnings';

const config: FullStackConfig = {
  clusterName: 'prod',
  region: 'eu-west-1',
  availabilityZones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'],
};

function build(overrides: Partial<FullStackConfig> = {}): { app: App; stacks: FullStackApp; synth: Record<string, any> } {
  const app = Testing.app();
  const stacks = buildFullStackApp(app, { ...config, ...overrides });
  const synth = jsonByStack(Object.values(stacks), { validate: true });
  return { app, stacks, synth };
}

/** Stack names in the order `cdktf destroy '*'` takes them: dependents before their dependencies. */
function destroyOrder(stacks: FullStackApp): string[] {
  const all = Object.values(stacks);
  const done: string[] = [];
  while (done.length < all.length) {
    const next = all.find(
      (s) => !done.includes(s.node.id) && all.every((other) => done.includes(other.node.id) || !other.dependencies.includes(s) || other === s),
    );
    if (!next) throw new Error('dependency cycle');
    done.push(next.node.id);
  }
  return done;
}

describe('examples/full-stack', () => {
  const { stacks, synth } = build();

  test('should deploy infra, then the controller, then the node pools', () => {
    expect(stacks.infra.dependencies).toEqual([]);
    expect(stacks.controller.dependencies).toEqual([stacks.infra]);
    expect(stacks.nodePools.dependencies).toEqual([stacks.controller]);
  });

  test('should destroy the node pools before the controller, so Karpenter can drain its nodes', () => {
    expect(destroyOrder(stacks)).toEqual([STACK_NAMES.nodePools, STACK_NAMES.controller, STACK_NAMES.infra]);
  });

  test('should pass no value between stacks through remote state', () => {
    // Cross-stack references are resolved only when the whole app is synthesized.
    const app = Testing.app();
    buildFullStackApp(app, config);
    app.synth();
    for (const name of Object.values(STACK_NAMES)) {
      const s = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', name, 'cdk.tf.json'), 'utf8'));
      expect({ name, remoteState: s.data?.terraform_remote_state, outputs: Object.keys(s.output ?? {}).sort() }).toEqual({
        name,
        remoteState: undefined,
        outputs: name === STACK_NAMES.infra ? ['cluster_name', 'interruption_queue_name', 'node_role_name', 'update_kubeconfig'] : [],
      });
      expect(JSON.stringify(s)).not.toMatch(/terraform_remote_state|cross-stack-output/);
    }
  });

  test.each([
    [STACK_NAMES.controller, 'helm'],
    [STACK_NAMES.nodePools, 'kubernetes'],
  ])('%s should configure only the %s provider it uses, from a cluster it looks up by name', (name, used) => {
    const s = synth[name];
    const [clusterData] = Object.entries<any>(s.data.aws_eks_cluster);
    expect(clusterData[1].name).toBe('prod');
    // An unused provider would still be installed by `terraform init`.
    expect(Object.keys(s.provider).sort()).toEqual(['aws', used]);
    expect(Object.keys(s.terraform.required_providers).sort()).toEqual(['aws', used]);
    const connection = used === 'helm' ? s.provider.helm[0].kubernetes : s.provider.kubernetes[0];
    expect(connection.host).toBe(`\${data.aws_eks_cluster.${clusterData[0]}.endpoint}`);
    const exec = used === 'helm' ? connection.exec : connection.exec[0];
    expect(exec.args).toEqual(['eks', 'get-token', '--cluster-name', 'prod', '--region', 'eu-west-1', '--output', 'json']);
  });

  test('should install the CRD chart, then the controller with the queue and cluster of the infra stack', () => {
    const releases = Object.values<any>(synth[STACK_NAMES.controller].resource.helm_release);
    const crd = releases.find((r) => r.chart === 'karpenter-crd');
    const main = releases.find((r) => r.chart === 'karpenter');
    const { chartRepository, chartVersion, crdChartVersion } = KARPENTER_RELEASE;
    expect(crd).toMatchObject({ repository: chartRepository, version: crdChartVersion, namespace: 'kube-system' });
    expect(main).toMatchObject({ name: 'karpenter', repository: chartRepository, version: chartVersion, skip_crds: true, namespace: 'kube-system' });
    expect(JSON.parse(main.values[0]).controller.image).toEqual({
      repository: KARPENTER_RELEASE.imageRepository,
      tag: KARPENTER_RELEASE.imageTag,
      digest: KARPENTER_RELEASE.imageDigest,
    });
    expect(main.depends_on).toEqual([expect.stringMatching(/^helm_release\.Karpenter_Crds/)]);
    const values = JSON.parse(main.values[0]);
    expect(values.settings).toMatchObject({ clusterName: 'prod', interruptionQueue: 'Karpenter-prod' });
    expect(values.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux', 'karpenter.sh/controller': 'true' });
    const queue = Object.values<any>(synth[STACK_NAMES.infra].resource.aws_sqs_queue)[0];
    expect(queue.name).toBe('Karpenter-prod');
  });

  test('should point the node classes at the node role of the infra stack and discover by tag', () => {
    const manifests = Object.values<any>(synth[STACK_NAMES.nodePools].resource.kubernetes_manifest).map((r) => r.manifest);
    const nodeClasses = manifests.filter((m) => m.kind === 'EC2NodeClass');
    expect(nodeClasses.map((m) => m.metadata.name).sort()).toEqual(['default', 'reserved']);
    const role = Object.values<any>(synth[STACK_NAMES.infra].resource.aws_iam_role).find((r) => r.name === 'KarpenterNodeRole-prod');
    expect(role).toBeDefined();
    for (const nc of nodeClasses) {
      expect(nc.spec.role).toBe('KarpenterNodeRole-prod');
      expect(nc.spec.subnetSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'prod' } }]);
    }
  });

  test('should define the production, split and reserved pools with their weights', () => {
    const pools = Object.values<any>(synth[STACK_NAMES.nodePools].resource.kubernetes_manifest)
      .map((r) => r.manifest)
      .filter((m) => m.kind === 'NodePool');
    const byName = Object.fromEntries(pools.map((p) => [p.metadata.name, p.spec]));
    expect(Object.keys(byName).sort()).toEqual(['app', 'batch', 'reserved', 'web-on-demand', 'web-spot']);
    expect(byName.app).toMatchObject({ weight: 10, disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized' } });
    expect(byName.app.template.spec).toMatchObject({ expireAfter: '720h' });
    expect(byName.app.template.spec.requirements).toEqual(
      expect.arrayContaining([
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
        { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['32'] },
      ]),
    );
    expect(byName.batch).toMatchObject({ weight: 90, disruption: { consolidationPolicy: 'WhenEmpty' } });
    expect(byName.batch.template.spec).toMatchObject({ expireAfter: 'Never', taints: [{ key: 'role', value: 'batch', effect: 'NoSchedule' }] });
    expect(byName.reserved).toMatchObject({ weight: 100, limits: { cpu: '64' } });
    expect(byName.reserved.template.spec.nodeClassRef.name).toBe('reserved');
    expect(byName['web-spot'].template.spec.requirements).toContainEqual({ key: 'capacity-spread', operator: 'In', values: ['2', '3', '4', '5'] });
    expect(byName['web-on-demand'].template.spec.requirements).toContainEqual({ key: 'capacity-spread', operator: 'In', values: ['1'] });
  });

  test('should create node pools after their node class', () => {
    const resources = synth[STACK_NAMES.nodePools].resource.kubernetes_manifest;
    const nodeClassAddress = (name: string) => {
      const [key] = Object.entries<any>(resources).find(([, r]) => r.manifest.kind === 'EC2NodeClass' && r.manifest.metadata.name === name)!;
      return `kubernetes_manifest.${key}`;
    };
    for (const r of Object.values<any>(resources).filter((x) => x.manifest.kind === 'NodePool')) {
      expect(r.depends_on).toContain(nodeClassAddress(r.manifest.spec.template.spec.nodeClassRef.name));
    }
  });

  test('should build the infra stack with the production defaults', () => {
    const infra = synth[STACK_NAMES.infra].resource;
    expect(Object.values<any>(infra.aws_nat_gateway).map((n) => n.tags.Name)).toEqual([
      'prod-nat-eu-west-1a',
      'prod-nat-eu-west-1b',
      'prod-nat-eu-west-1c',
    ]);
    expect(Object.values<any>(infra.aws_kms_key)).toEqual([expect.objectContaining({ enable_key_rotation: true, deletion_window_in_days: 30 })]);
    const [cluster] = Object.values<any>(infra.aws_eks_cluster);
    expect(cluster.encryption_config.resources).toEqual(['secrets']);
    expect(cluster.vpc_config.public_access_cidrs).toBeUndefined();
    const [launchTemplate] = Object.values<any>(infra.aws_launch_template);
    expect(launchTemplate.metadata_options).toEqual({ http_endpoint: 'enabled', http_tokens: 'required', http_put_response_hop_limit: 1 });
    // Bottlerocket controller nodes: the OS and the data volume, both encrypted gp3.
    expect(launchTemplate.block_device_mappings.map((m: any) => [m.device_name, m.ebs])).toEqual([
      ['/dev/xvda', expect.objectContaining({ volume_type: 'gp3', encrypted: 'true', volume_size: 4 })],
      ['/dev/xvdb', expect.objectContaining({ volume_type: 'gp3', encrypted: 'true', volume_size: 20 })],
    ]);
    expect(cluster.upgrade_policy).toEqual({ support_type: 'EXTENDED' });
    expect(Object.values<any>(infra.aws_eks_addon).map((a) => a.addon_version)).toEqual(
      Object.keys(synth[STACK_NAMES.infra].data.aws_eks_addon_version).map((id) => `\${data.aws_eks_addon_version.${id}.version}`),
    );
    // Every AWS resource is tagged through the provider's default_tags, the controller instances through tag_specifications.
    expect(synth[STACK_NAMES.infra].provider.aws[0].default_tags[0].tags).toEqual({
      'app.kubernetes.io/managed-by': 'cdktf-karpenter-eks',
      'app.kubernetes.io/part-of': 'prod',
    });
    expect(launchTemplate.tag_specifications[0].tags).toMatchObject({
      Name: 'prod-karpenter-controller',
      'app.kubernetes.io/managed-by': 'cdktf-karpenter-eks',
    });
    // Off unless asked: per-account role, and EKS's default for zonal shift.
    expect(infra.aws_iam_service_linked_role).toBeUndefined();
    expect(cluster.zonal_shift_config).toBeUndefined();
  });

  test('should create the spot service-linked role and turn on zonal shift when configured', () => {
    const infra = build({ createSpotServiceLinkedRole: true, zonalShift: true }).synth[STACK_NAMES.infra].resource;
    expect(Object.values<any>(infra.aws_iam_service_linked_role)).toEqual([expect.objectContaining({ aws_service_name: 'spot.amazonaws.com' })]);
    expect(Object.values<any>(infra.aws_eks_cluster)[0].zonal_shift_config).toEqual({ enabled: true });
  });

  test('should warn about the open public endpoint unless KARPENTER_PUBLIC_ACCESS_CIDRS restricts it', () => {
    expect(warningsOf(stacks.infra.cluster)).toEqual([expect.stringMatching(/\(PublicEndpointOpenToWorld\)$/)]);
    const restricted = build({ publicAccessCidrs: ['203.0.113.0/24'] });
    expect(warningsOf(restricted.stacks.infra.cluster)).toEqual([]);
    expect(Object.values<any>(restricted.synth[STACK_NAMES.infra].resource.aws_eks_cluster)[0].vpc_config.public_access_cidrs).toEqual([
      '203.0.113.0/24',
    ]);
  });

  test.each(Object.values(STACK_NAMES))('stack %s should match its snapshot', (name) => {
    expect(synth[name]).toMatchSnapshot();
  });

  test('should keep local state unless a bucket is configured', () => {
    for (const s of Object.values(synth)) expect(s.terraform.backend).toBeUndefined();
  });

  test('should give every stack its own S3 state key with native locking when a bucket is set', () => {
    const { synth: withBackend } = build({ backend: { bucket: 'team-state', region: 'eu-west-1' } });
    for (const [name, s] of Object.entries(withBackend)) {
      expect(s.terraform.backend.s3).toEqual({
        bucket: 'team-state',
        key: `karpenter/${name}.tfstate`,
        region: 'eu-west-1',
        encrypt: true,
        use_lockfile: true,
      });
    }
  });
});

describe('fullStackConfigFromEnv', () => {
  test('should default to three zones of the region and local state', () => {
    expect(fullStackConfigFromEnv({ AWS_REGION: 'us-west-2' })).toEqual({
      clusterName: 'karpenter-demo',
      region: 'us-west-2',
      availabilityZones: ['us-west-2a', 'us-west-2b', 'us-west-2c'],
      publicAccessCidrs: undefined,
      createSpotServiceLinkedRole: false,
      zonalShift: false,
      backend: undefined,
    });
  });

  test('should read the spot service-linked role and zonal shift switches, refusing anything but true or false', () => {
    const on = fullStackConfigFromEnv({ KARPENTER_CREATE_SPOT_SERVICE_LINKED_ROLE: 'true', KARPENTER_ZONAL_SHIFT: ' TRUE ' });
    expect([on.createSpotServiceLinkedRole, on.zonalShift]).toEqual([true, true]);
    expect(() => fullStackConfigFromEnv({ KARPENTER_ZONAL_SHIFT: 'yes' })).toThrow(/KARPENTER_ZONAL_SHIFT must be 'true' or 'false', got 'yes'/);
  });

  test('should read the public endpoint CIDRs from KARPENTER_PUBLIC_ACCESS_CIDRS', () => {
    expect(fullStackConfigFromEnv({ KARPENTER_PUBLIC_ACCESS_CIDRS: ' 203.0.113.0/24, 198.51.100.7/32,' }).publicAccessCidrs).toEqual([
      '203.0.113.0/24',
      '198.51.100.7/32',
    ]);
  });

  test('should read the cluster, zones and backend from the environment', () => {
    expect(
      fullStackConfigFromEnv({
        AWS_REGION: 'eu-west-1',
        KARPENTER_CLUSTER_NAME: 'prod',
        KARPENTER_AZS: 'eu-west-1a, eu-west-1b',
        KARPENTER_STATE_BUCKET: 'b',
        KARPENTER_STATE_LOCK_TABLE: 'locks',
      }),
    ).toEqual({
      clusterName: 'prod',
      region: 'eu-west-1',
      availabilityZones: ['eu-west-1a', 'eu-west-1b'],
      publicAccessCidrs: undefined,
      createSpotServiceLinkedRole: false,
      zonalShift: false,
      backend: { bucket: 'b', region: 'eu-west-1', keyPrefix: undefined, dynamodbTable: 'locks' },
    });
  });

  test('throws when a state bucket is set without a region', () => {
    expect(() => fullStackConfigFromEnv({ KARPENTER_STATE_BUCKET: 'b' })).toThrow(/set KARPENTER_STATE_REGION/);
  });
});
