import * as fs from 'fs';
import * as path from 'path';
import { parse, parseAllDocuments } from 'yaml';
import { errorsOf } from '../../../lib/core/issues';
import { MigrationResult, migrateManifests, migrationToYaml } from '../../../lib/core/migrate/migrate-manifests';
import { validateManifest } from '../../../lib/core/validation/validate';
import { CommandIo, ExitCode } from '../../../lib/cli/command-io';
import { runCli } from '../../../lib/cli/cli';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', name), 'utf8');
const manifest = (r: MigrationResult, kind: string, name: string): any => {
  const m = r.manifests.find((x: any) => x.kind === kind && x.metadata.name === name);
  if (!m) throw new Error(`no ${kind} ${name} in the output`);
  return m;
};
const changes = (r: MigrationResult, document: number) => r.reports.filter((x) => x.document === document).flatMap((x) => x.changes);
const errorsOfOutput = (r: MigrationResult) =>
  r.manifests.flatMap((m: any) => errorsOf(validateManifest(m)).map((i) => `${m.kind}/${m.metadata.name} ${i.field}: ${i.message}`));

const NODE_CLASS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };
const V1BETA1_REF = { apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', name: 'default' };
const PRE_V1_IMDS = { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' };

describe('migrateManifests: production v1beta1 NodePools and EC2NodeClass', () => {
  // GIVEN
  const input = fixture('production-v1beta1.yaml');
  // WHEN
  const result = migrateManifests(input);

  test('should migrate every document, without errors', () => {
    expect(result.errors).toEqual([]);
    expect(result.manifests.map((m: any) => `${m.apiVersion} ${m.kind}/${m.metadata.name}`)).toEqual([
      'karpenter.sh/v1 NodePool/app',
      'karpenter.sh/v1 NodePool/batch',
      'karpenter.k8s.aws/v1 EC2NodeClass/default',
    ]);
  });

  test('should produce v1 manifests our validator accepts', () => {
    expect(errorsOfOutput(result)).toEqual([]);
  });

  test('should write the app pool as v1', () => {
    expect(manifest(result, 'NodePool', 'app')).toEqual({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'app', labels: { team: 'platform' } },
      spec: {
        template: {
          metadata: { labels: { workload: 'app' } },
          spec: {
            nodeClassRef: NODE_CLASS_REF,
            requirements: [
              { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
              { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
              { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['32'] },
            ],
            expireAfter: '720h',
          },
        },
        disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '0s' },
        limits: { cpu: '1000', memory: '1000Gi' },
        weight: 10,
      },
    });
  });

  test('should write the batch pool as v1', () => {
    expect(manifest(result, 'NodePool', 'batch')).toEqual({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'batch' },
      spec: {
        template: {
          metadata: { labels: { workload: 'batch' } },
          spec: {
            nodeClassRef: NODE_CLASS_REF,
            requirements: [
              { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
              { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
            ],
            taints: [{ key: 'role', value: 'batch', effect: 'NoSchedule' }],
            expireAfter: 'Never',
          },
        },
        disruption: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' },
        weight: 90,
      },
    });
  });

  test('should write the EC2NodeClass as v1 with an alias and the pre-v1 IMDS hop limit', () => {
    expect(manifest(result, 'EC2NodeClass', 'default')).toEqual({
      apiVersion: 'karpenter.k8s.aws/v1',
      kind: 'EC2NodeClass',
      metadata: { name: 'default' },
      spec: {
        amiSelectorTerms: [{ alias: 'al2023@latest' }],
        role: 'KarpenterNodeRole-prod',
        subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'prod' } }],
        securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'prod' } }],
        metadataOptions: PRE_V1_IMDS,
        tags: { team: 'platform' },
      },
    });
  });

  test('should report every change', () => {
    expect(result.reports.map(({ document, apiVersion, kind, name, output }) => ({ document, apiVersion, kind, name, output }))).toEqual([
      {
        document: 0,
        apiVersion: 'karpenter.sh/v1beta1',
        kind: 'NodePool',
        name: 'app',
        output: { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', name: 'app' },
      },
      {
        document: 1,
        apiVersion: 'karpenter.sh/v1beta1',
        kind: 'NodePool',
        name: 'batch',
        output: { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', name: 'batch' },
      },
      {
        document: 2,
        apiVersion: 'karpenter.k8s.aws/v1beta1',
        kind: 'EC2NodeClass',
        name: 'default',
        output: { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', name: 'default' },
      },
    ]);
    expect(changes(result, 0)).toEqual([
      { field: 'spec.template.spec.nodeClassRef', from: V1BETA1_REF, to: NODE_CLASS_REF, note: expect.stringMatching(/apiVersion by group/) },
      {
        field: 'spec.template.spec.expireAfter',
        source: 'spec.disruption.expireAfter',
        from: '720h',
        to: '720h',
        note: expect.stringMatching(/moved expireAfter/),
      },
      { field: 'spec.disruption.consolidationPolicy', from: 'WhenUnderutilized', to: 'WhenEmptyOrUnderutilized', note: 'renamed in v1' },
      {
        field: 'spec.disruption.consolidateAfter',
        to: '0s',
        note: expect.stringMatching(/v1 requires consolidateAfter .*0s keeps the v1beta1 behaviour/),
      },
    ]);
    expect(changes(result, 1)).toEqual([
      { field: 'spec.template.spec.nodeClassRef', from: V1BETA1_REF, to: NODE_CLASS_REF, note: expect.any(String) },
      { field: 'spec.template.spec.expireAfter', source: 'spec.disruption.expireAfter', from: 'Never', to: 'Never', note: expect.any(String) },
    ]);
    expect(changes(result, 2)).toEqual([
      {
        field: 'spec.amiSelectorTerms',
        to: [{ alias: 'al2023@latest' }],
        note: expect.stringMatching(/requires amiSelectorTerms.*al2023@latest.*pin a version/),
      },
      { field: 'spec.amiFamily', from: 'AL2023', note: expect.stringMatching(/alias implies the family/) },
      { field: 'spec.metadataOptions', to: PRE_V1_IMDS, note: expect.stringMatching(/httpPutResponseHopLimit from 2 to 1/) },
    ]);
  });

  test('should give the same result for parsed documents as for YAML text', () => {
    const docs = input.split(/^---$/m).map((d) => parse(d));
    expect(migrateManifests(docs)).toEqual(result);
  });

  test('should match the snapshot of the v1 YAML', () => {
    expect(migrationToYaml(result)).toMatchSnapshot();
  });
});

describe('migrateManifests: v1alpha5 Provisioners and v1alpha1 AWSNodeTemplates', () => {
  const result = migrateManifests(fixture('provisioner-v1alpha5.yaml'));

  test('should migrate every document into valid v1, without errors', () => {
    expect(result.errors).toEqual([]);
    expect(result.manifests.map((m: any) => `${m.kind}/${m.metadata.name}`)).toEqual([
      'NodePool/default',
      'NodePool/gpu',
      'EC2NodeClass/default',
      'EC2NodeClass/gpu',
    ]);
    expect(errorsOfOutput(result)).toEqual([]);
  });

  test('should turn ttlSecondsAfterEmpty into WhenEmpty and ttlSecondsUntilExpired into expireAfter', () => {
    const pool = manifest(result, 'NodePool', 'default');
    expect(pool.spec.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' });
    expect(pool.spec.template.spec.expireAfter).toBe('2592000s');
    expect(changes(result, 0)).toEqual(
      expect.arrayContaining([
        {
          field: 'spec.disruption',
          source: 'spec.ttlSecondsAfterEmpty',
          from: 30,
          to: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' },
          note: expect.any(String),
        },
        {
          field: 'spec.template.spec.expireAfter',
          source: 'spec.ttlSecondsUntilExpired',
          from: 2592000,
          to: '2592000s',
          note: expect.stringMatching(/i\.e\. 720h/),
        },
      ]),
    );
  });

  test('should turn consolidation.enabled into WhenEmptyOrUnderutilized and a missing expiry into Never', () => {
    const pool = manifest(result, 'NodePool', 'gpu');
    expect(pool.spec.disruption).toEqual({ consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '0s' });
    expect(pool.spec.template.spec.expireAfter).toBe('Never');
    expect(changes(result, 1)).toEqual(
      expect.arrayContaining([
        { field: 'spec.template.spec.expireAfter', to: 'Never', note: expect.stringMatching(/never expired; v1 would default to 720h/) },
      ]),
    );
  });

  test('should move labels, annotations, taints and requirements under the template and limits.resources up', () => {
    const pool = manifest(result, 'NodePool', 'default');
    expect(pool.spec.template.metadata).toEqual({ labels: { team: 'web' }, annotations: { 'karpenter.sh/do-not-disrupt': 'true' } });
    expect(pool.spec.template.spec.taints).toEqual([{ key: 'example.com/web', value: 'true', effect: 'NoSchedule' }]);
    expect(pool.spec.template.spec.nodeClassRef).toEqual(NODE_CLASS_REF);
    expect(pool.spec.limits).toEqual({ cpu: 1000, memory: '1000Gi' });
    expect(pool.spec.weight).toBe(50);
  });

  test('should add the requirements v1alpha5 defaulted, and only those missing', () => {
    expect(manifest(result, 'NodePool', 'default').spec.template.spec.requirements.map((r: any) => r.key)).toEqual([
      'karpenter.k8s.aws/instance-family',
      'karpenter.sh/capacity-type',
      'kubernetes.io/os',
      'kubernetes.io/arch',
    ]);
    expect(manifest(result, 'NodePool', 'gpu').spec.template.spec.requirements.map((r: any) => r.key)).toEqual([
      'node.kubernetes.io/instance-type',
      'kubernetes.io/arch',
      'karpenter.sh/capacity-type',
      'kubernetes.io/os',
    ]);
  });

  test('should move the kubelet configuration to the EC2NodeClass, without containerRuntime', () => {
    expect(manifest(result, 'EC2NodeClass', 'default').spec.kubelet).toEqual({ maxPods: 58 });
    expect(changes(result, 0)).toEqual(
      expect.arrayContaining([
        { field: 'spec.kubeletConfiguration.containerRuntime', from: 'containerd', note: expect.stringMatching(/containerd/) },
        {
          field: 'spec.kubeletConfiguration',
          from: { maxPods: 58, containerRuntime: 'containerd' },
          note: expect.stringMatching(/moved to EC2NodeClass default spec.kubelet/),
        },
      ]),
    );
    expect(changes(result, 2)).toEqual(
      expect.arrayContaining([{ field: 'spec.kubelet', to: { maxPods: 58 }, note: 'moved from Provisioner default (document 0)' }]),
    );
  });

  test('should convert selectors to terms, and drop the managed-by tag', () => {
    const nc = manifest(result, 'EC2NodeClass', 'default');
    expect(nc.spec.subnetSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'prod' } }]);
    expect(nc.spec.securityGroupSelectorTerms).toEqual([{ id: 'sg-0123456789abcdef0' }, { id: 'sg-0fedcba9876543210' }]);
    expect(nc.spec.amiSelectorTerms).toEqual([{ alias: 'bottlerocket@latest' }]);
    expect(nc.spec.amiFamily).toBeUndefined();
    expect(nc.spec.instanceProfile).toBe('KarpenterNodeInstanceProfile-prod');
    expect(nc.spec.tags).toEqual({ team: 'web' });
    expect(nc.spec.metadataOptions).toEqual({ httpEndpoint: 'enabled', httpTokens: 'required', httpPutResponseHopLimit: 2 });
    expect(changes(result, 2)).toEqual(
      expect.arrayContaining([{ field: 'spec.tags[karpenter.sh/managed-by]', from: 'prod', note: expect.stringMatching(/eks:eks-cluster-name/) }]),
    );
  });

  test('should expand aws::name x aws::owners into name/owner terms and keep amiFamily', () => {
    const nc = manifest(result, 'EC2NodeClass', 'gpu');
    expect(nc.spec.amiFamily).toBe('AL2');
    expect(nc.spec.amiSelectorTerms).toEqual([
      { name: 'amazon-eks-gpu-node-1.28-*', owner: 'amazon' },
      { name: 'amazon-eks-gpu-node-1.28-*', owner: '123456789012' },
    ]);
    expect(nc.spec.subnetSelectorTerms).toEqual([{ id: 'subnet-0123456789abcdef0' }, { id: 'subnet-0fedcba9876543210' }]);
  });

  test('should match the snapshot of the v1 YAML and the reports', () => {
    expect(migrationToYaml(result)).toMatchSnapshot();
    expect(result.reports).toMatchSnapshot();
  });
});

// Small inputs for the cases the fixtures do not cover.
const nodePool = (name: string, spec: object, extra: object = {}) => ({
  apiVersion: 'karpenter.sh/v1beta1',
  kind: 'NodePool',
  metadata: { name },
  spec,
  ...extra,
});
const nodeClass = (name: string, spec: object) => ({ apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', metadata: { name }, spec });
const poolSpec = (more: object = {}, templateSpec: object = {}) => ({
  template: { spec: { nodeClassRef: V1BETA1_REF, requirements: [], ...templateSpec } },
  ...more,
});
const classSpec = (more: object = {}) => ({
  amiFamily: 'AL2023',
  role: 'node-role',
  subnetSelectorTerms: [{ tags: { a: 'b' } }],
  securityGroupSelectorTerms: [{ tags: { a: 'b' } }],
  ...more,
});

describe('migrateManifests: kubelet settings', () => {
  const kubelet = { maxPods: 110, systemReserved: { cpu: '100m' } };

  test('should move a NodePool kubelet to its EC2NodeClass in the input', () => {
    const r = migrateManifests([nodePool('a', poolSpec({}, { kubelet })), nodeClass('default', classSpec())]);
    expect(r.errors).toEqual([]);
    expect(manifest(r, 'EC2NodeClass', 'default').spec.kubelet).toEqual(kubelet);
    expect(manifest(r, 'NodePool', 'a').spec.template.spec.kubelet).toBeUndefined();
    expect(errorsOfOutput(r)).toEqual([]);
  });

  test('should move equal kubelets of two NodePools once', () => {
    const r = migrateManifests([
      nodePool('a', poolSpec({}, { kubelet })),
      nodePool('b', poolSpec({}, { kubelet: { systemReserved: { cpu: '100m' }, maxPods: 110 } })),
      nodeClass('default', classSpec()),
    ]);
    expect(r.errors).toEqual([]);
    expect(changes(r, 2)).toEqual(
      expect.arrayContaining([{ field: 'spec.kubelet', to: kubelet, note: 'moved from NodePool a (document 0), NodePool b (document 1)' }]),
    );
  });

  test('should report an error, and move nothing, when NodePools give one EC2NodeClass different kubelets', () => {
    const r = migrateManifests([
      nodePool('a', poolSpec({}, { kubelet })),
      nodePool('b', poolSpec({}, { kubelet: { maxPods: 20 } })),
      nodeClass('default', classSpec()),
    ]);
    expect(r.errors).toEqual([
      expect.objectContaining({
        document: 0,
        name: 'a',
        code: 'KubeletConflict',
        field: 'spec.template.spec.kubelet',
        message: expect.stringMatching(/NodePools a, b give EC2NodeClass default different ones: create one EC2NodeClass per kubelet configuration/),
      }),
      expect.objectContaining({ document: 1, name: 'b', code: 'KubeletConflict' }),
    ]);
    expect(manifest(r, 'EC2NodeClass', 'default').spec.kubelet).toBeUndefined();
  });

  test('should report that the kubelet must be moved by hand when the EC2NodeClass is not in the input', () => {
    const r = migrateManifests([nodePool('a', poolSpec({}, { kubelet }))]);
    expect(r.errors).toEqual([
      expect.objectContaining({
        document: 0,
        code: 'KubeletTargetMissing',
        message: expect.stringMatching(/EC2NodeClass default is not in the input: copy this block to its spec.kubelet by hand/),
      }),
    ]);
    expect(changes(r, 0)).toEqual(
      expect.arrayContaining([{ field: 'spec.template.spec.kubelet', from: kubelet, note: expect.stringMatching(/by hand/) }]),
    );
  });

  test('should keep an EC2NodeClass kubelet already set in v1 and flag a different NodePool one', () => {
    const v1Class = {
      apiVersion: 'karpenter.k8s.aws/v1',
      kind: 'EC2NodeClass',
      metadata: { name: 'default' },
      spec: { ...classSpec({ amiSelectorTerms: [{ alias: 'al2023@latest' }] }), amiFamily: undefined, kubelet: { maxPods: 20 } },
    };
    const r = migrateManifests([nodePool('a', poolSpec({}, { kubelet })), v1Class]);
    expect(r.errors.map((e) => e.code)).toEqual(['KubeletConflict']);
    expect(manifest(r, 'EC2NodeClass', 'default').spec.kubelet).toEqual({ maxPods: 20 });
  });
});

describe('migrateManifests: v1beta1 NodePool details', () => {
  test('should drop an empty disruption block left after moving expireAfter', () => {
    const r = migrateManifests([nodePool('a', poolSpec({ disruption: { expireAfter: '168h' } }))]);
    const spec = manifest(r, 'NodePool', 'a').spec;
    expect(spec.disruption).toBeUndefined();
    expect(spec.template.spec.expireAfter).toBe('168h');
  });

  test('should add consolidateAfter 0s when WhenEmpty had none, and keep budgets', () => {
    const r = migrateManifests([nodePool('a', poolSpec({ disruption: { consolidationPolicy: 'WhenEmpty', budgets: [{ nodes: '10%' }] } }))]);
    expect(manifest(r, 'NodePool', 'a').spec.disruption).toEqual({
      consolidationPolicy: 'WhenEmpty',
      consolidateAfter: '0s',
      budgets: [{ nodes: '10%' }],
    });
  });

  test('should add consolidateAfter when only budgets are set (v1 requires it)', () => {
    const r = migrateManifests([nodePool('a', poolSpec({ disruption: { budgets: [{ nodes: '5' }] } }))]);
    expect(manifest(r, 'NodePool', 'a').spec.disruption).toEqual({ consolidateAfter: '0s', budgets: [{ nodes: '5' }] });
    expect(errorsOfOutput(r)).toEqual([]);
  });

  test('should drop v1beta1 fields without a v1 equivalent, and carry unknown fields over as warnings', () => {
    const r = migrateManifests([nodePool('a', poolSpec({ surprise: 1 }, { resources: { requests: { cpu: '1' } } }))]);
    expect(changes(r, 0)).toEqual(
      expect.arrayContaining([
        { field: 'spec.template.spec.resources', from: { requests: { cpu: '1' } }, note: 'dropped: no v1 equivalent' },
        { field: 'spec.surprise', from: 1, to: 1, note: expect.stringMatching(/^unknown field carried over/), severity: 'warning' },
      ]),
    );
    expect(manifest(r, 'NodePool', 'a').spec.surprise).toBe(1);
    expect(manifest(r, 'NodePool', 'a').spec.template.spec.resources).toBeUndefined();
  });

  test('should drop requirements on labels v1 no longer has', () => {
    const r = migrateManifests([
      nodePool(
        'a',
        poolSpec(
          {},
          {
            requirements: [
              { key: 'karpenter.k8s.aws/instance-pods', operator: 'Gt', values: ['10'] },
              { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
            ],
          },
        ),
      ),
    ]);
    expect(manifest(r, 'NodePool', 'a').spec.template.spec.requirements).toEqual([{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }]);
    expect(changes(r, 0)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'spec.template.spec.requirements[0]', note: expect.stringMatching(/maxPods/) })]),
    );
  });

  test('should drop server-set metadata, the namespace and the last-applied annotation', () => {
    const meta = {
      name: 'a',
      namespace: 'default',
      uid: '1234',
      resourceVersion: '99',
      generation: 3,
      creationTimestamp: '2024-01-01T00:00:00Z',
      finalizers: ['karpenter.sh/termination'],
      labels: { team: 'x' },
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}', keep: 'me' },
    };
    const r = migrateManifests([{ ...nodePool('a', poolSpec()), metadata: meta }]);
    expect(manifest(r, 'NodePool', 'a').metadata).toEqual({ name: 'a', labels: { team: 'x' }, annotations: { keep: 'me' } });
    expect(changes(r, 0).map((c) => c.field)).toEqual(
      expect.arrayContaining([
        'metadata.namespace',
        'metadata.uid',
        'metadata.resourceVersion',
        'metadata.generation',
        'metadata.creationTimestamp',
        'metadata.finalizers',
        'metadata.annotations[kubectl.kubernetes.io/last-applied-configuration]',
      ]),
    );
  });

  test('should drop the status and the controller hash annotations of an exported object, and carry stray top-level fields over', () => {
    const hashes = { 'karpenter.sh/nodepool-hash': '1234', 'karpenter.sh/nodepool-hash-version': 'v2' };
    const r = migrateManifests([
      nodePool('a', poolSpec(), { metadata: { name: 'a', annotations: { ...hashes, keep: 'me' } }, status: { resources: { cpu: '4' } }, extra: 1 }),
      {
        ...nodeClass('default', classSpec()),
        metadata: { name: 'default', annotations: { 'karpenter.k8s.aws/ec2nodeclass-hash': '99' } },
        status: { amis: [] },
      },
    ]);
    expect(manifest(r, 'NodePool', 'a').metadata).toEqual({ name: 'a', annotations: { keep: 'me' } });
    expect(manifest(r, 'NodePool', 'a').status).toBeUndefined();
    expect(manifest(r, 'EC2NodeClass', 'default').metadata).toEqual({ name: 'default' });
    expect(changes(r, 0).slice(0, 4)).toEqual([
      { field: 'status', from: '(status)', note: 'dropped: set by the Karpenter controller' },
      { field: 'extra', from: 1, to: 1, note: expect.stringMatching(/^unknown field carried over/), severity: 'warning' },
      { field: 'metadata.annotations[karpenter.sh/nodepool-hash]', from: '1234', note: expect.stringMatching(/set by the Karpenter controller/) },
      {
        field: 'metadata.annotations[karpenter.sh/nodepool-hash-version]',
        from: 'v2',
        note: expect.stringMatching(/set by the Karpenter controller/),
      },
    ]);
    expect(changes(r, 1).map((c) => c.field)).toEqual(
      expect.arrayContaining(['status', 'metadata.annotations[karpenter.k8s.aws/ec2nodeclass-hash]']),
    );
  });
});

describe('migrateManifests: EC2NodeClass AMI families', () => {
  test('should run Ubuntu as AL2 with the Ubuntu root device, keeping its AMI terms', () => {
    const r = migrateManifests([nodeClass('u', classSpec({ amiFamily: 'Ubuntu', amiSelectorTerms: [{ id: 'ami-0123456789abcdef0' }] }))]);
    expect(r.errors).toEqual([]);
    const spec = manifest(r, 'EC2NodeClass', 'u').spec;
    expect(spec.amiFamily).toBe('AL2');
    expect(spec.amiSelectorTerms).toEqual([{ id: 'ami-0123456789abcdef0' }]);
    expect(spec.blockDeviceMappings).toEqual([
      { deviceName: '/dev/sda1', rootVolume: true, ebs: { encrypted: true, volumeType: 'gp3', volumeSize: '20Gi' } },
    ]);
    expect(errorsOfOutput(r)).toEqual([]);
  });

  test('should report Ubuntu without amiSelectorTerms as an error', () => {
    const r = migrateManifests([nodeClass('u', classSpec({ amiFamily: 'Ubuntu' }))]);
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'AmiSelectorRequired', message: expect.stringMatching(/Ubuntu EC2NodeClass needs amiSelectorTerms/) }),
    ]);
    expect(manifest(r, 'EC2NodeClass', 'u').spec.amiSelectorTerms).toBeUndefined();
  });

  test('should report Custom without amiSelectorTerms as an error, and remind Custom users of the unregistered taint', () => {
    expect(migrateManifests([nodeClass('c', classSpec({ amiFamily: 'Custom' }))]).errors).toEqual([
      expect.objectContaining({ code: 'AmiSelectorRequired', field: 'spec.amiSelectorTerms' }),
    ]);
    const ok = migrateManifests([nodeClass('c', classSpec({ amiFamily: 'Custom', amiSelectorTerms: [{ id: 'ami-1' }] }))]);
    expect(ok.errors).toEqual([]);
    expect(changes(ok, 0)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'spec.amiFamily', note: expect.stringMatching(/karpenter.sh\/unregistered:NoExecute/) }),
      ]),
    );
  });

  test.each([
    ['AL2', 'al2@latest'],
    ['Bottlerocket', 'bottlerocket@latest'],
    ['Windows2019', 'windows2019@latest'],
    ['Windows2022', 'windows2022@latest'],
  ])('should derive the alias of family %s', (family, alias) => {
    const r = migrateManifests([nodeClass('x', classSpec({ amiFamily: family }))]);
    expect(manifest(r, 'EC2NodeClass', 'x').spec.amiSelectorTerms).toEqual([{ alias }]);
    expect(errorsOfOutput(r)).toEqual([]);
  });

  test.each([
    ['AL2023', /pin a version, e\.g\. al2023@v20250101/],
    ['Bottlerocket', /pin a version, e\.g\. bottlerocket@v1\.30\.0/],
    ['Windows2022', /^(?!.*pin a version).*Windows aliases take only latest; select the AMI by id or name/],
  ])('should give %s advice on pinning the alias in the version format its family takes', (family, advice) => {
    const r = migrateManifests([nodeClass('x', classSpec({ amiFamily: family }))]);
    expect(changes(r, 0).find((c) => c.field === 'spec.amiSelectorTerms')?.note).toMatch(advice);
  });

  test('should warn that v1 expiry is forceful when an expiry moves, but not for Never', () => {
    const r = migrateManifests([
      nodePool('a', poolSpec({ disruption: { expireAfter: '168h' } })),
      nodePool('b', poolSpec({ disruption: { expireAfter: 'Never' } })),
    ]);
    const note = (doc: number) => changes(r, doc).find((c) => c.field === 'spec.template.spec.expireAfter')?.note;
    expect(note(0)).toMatch(/v1 expiry is forceful: an expired node is drained at once, without waiting for a replacement node$/);
    expect(note(1)).not.toMatch(/forceful/);
  });

  test('should keep amiFamily next to non-alias amiSelectorTerms', () => {
    const r = migrateManifests([nodeClass('x', classSpec({ amiSelectorTerms: [{ tags: { golden: 'true' } }] }))]);
    expect(manifest(r, 'EC2NodeClass', 'x').spec).toEqual(
      expect.objectContaining({ amiFamily: 'AL2023', amiSelectorTerms: [{ tags: { golden: 'true' } }] }),
    );
  });

  test('should add the pre-v1 hop limit to metadataOptions that do not set it, and keep one that does', () => {
    const r = migrateManifests([
      nodeClass('a', classSpec({ metadataOptions: { httpTokens: 'optional' } })),
      nodeClass('b', classSpec({ metadataOptions: { httpPutResponseHopLimit: 1 } })),
    ]);
    expect(manifest(r, 'EC2NodeClass', 'a').spec.metadataOptions).toEqual({ httpTokens: 'optional', httpPutResponseHopLimit: 2 });
    expect(manifest(r, 'EC2NodeClass', 'b').spec.metadataOptions).toEqual({ httpPutResponseHopLimit: 1 });
  });

  test('should drop tags that v1 reserves for Karpenter', () => {
    const r = migrateManifests([
      nodeClass('a', classSpec({ tags: { team: 'x', 'kubernetes.io/cluster/prod': 'owned', 'karpenter.sh/nodepool': 'y' } })),
    ]);
    expect(manifest(r, 'EC2NodeClass', 'a').spec.tags).toEqual({ team: 'x' });
    expect(changes(r, 0).filter((c) => c.field.startsWith('spec.tags'))).toHaveLength(2);
  });
});

describe('migrateManifests: AWSNodeTemplate and Provisioner details', () => {
  const template = (spec: object) => ({
    apiVersion: 'karpenter.k8s.aws/v1alpha1',
    kind: 'AWSNodeTemplate',
    metadata: { name: 't' },
    spec: { subnetSelector: { a: 'b' }, securityGroupSelector: { a: 'b' }, ...spec },
  });

  test('should default amiFamily to AL2 and report a template without an instance profile', () => {
    const r = migrateManifests([template({})]);
    expect(manifest(r, 'EC2NodeClass', 't').spec.amiSelectorTerms).toEqual([{ alias: 'al2@latest' }]);
    expect(changes(r, 0)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'spec.amiFamily', to: 'AL2' })]));
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'MissingNodeIdentity', field: 'spec.role', message: expect.stringMatching(/aws.defaultInstanceProfile/) }),
    ]);
  });

  test('should name the input kind in errors: AWSNodeTemplate, or Provisioner for an inline provider', () => {
    const provisioner = {
      apiVersion: 'karpenter.sh/v1alpha5',
      kind: 'Provisioner',
      metadata: { name: 'p' },
      spec: { provider: { subnetSelector: { a: 'b' }, securityGroupSelector: { a: 'b' } } },
    };
    const r = migrateManifests([template({ amiFamily: 'Custom', instanceProfile: 'ip' }), provisioner]);
    expect(r.errors.map((e) => `${e.document} ${e.kind}/${e.name} ${e.code}`)).toEqual([
      '0 AWSNodeTemplate/t AmiSelectorRequired',
      '1 Provisioner/p MissingNodeIdentity',
    ]);
  });

  test('should use the role passed as an option for a template without an instance profile', () => {
    const r = migrateManifests([template({})], { role: 'KarpenterNodeRole-prod' });
    expect(r.errors).toEqual([]);
    expect(manifest(r, 'EC2NodeClass', 't').spec.role).toBe('KarpenterNodeRole-prod');
  });

  test('should report a launch template as an error', () => {
    const r = migrateManifests([template({ instanceProfile: 'p', launchTemplateName: 'my-lt' })]);
    expect(r.errors).toEqual([expect.objectContaining({ code: 'LaunchTemplateUnsupported', message: expect.stringMatching(/"my-lt"/) })]);
  });

  test('should turn amiSelector ids and tags into terms', () => {
    const r = migrateManifests([
      template({ instanceProfile: 'p', amiSelector: { 'aws::ids': 'ami-1,ami-2' } }),
      { ...template({ instanceProfile: 'p', amiSelector: { golden: 'true' } }), metadata: { name: 'u' } },
    ]);
    expect(manifest(r, 'EC2NodeClass', 't').spec.amiSelectorTerms).toEqual([{ id: 'ami-1' }, { id: 'ami-2' }]);
    expect(manifest(r, 'EC2NodeClass', 'u').spec.amiSelectorTerms).toEqual([{ tags: { golden: 'true' } }]);
  });

  test('should create an EC2NodeClass from an inline provider', () => {
    const r = migrateManifests([
      {
        apiVersion: 'karpenter.sh/v1alpha5',
        kind: 'Provisioner',
        metadata: { name: 'p' },
        spec: { provider: { instanceProfile: 'ip', subnetSelector: { a: 'b' }, securityGroupSelector: { a: 'b' } } },
      },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.manifests.map((m: any) => `${m.kind}/${m.metadata.name}`)).toEqual(['NodePool/p', 'EC2NodeClass/p']);
    expect(manifest(r, 'NodePool', 'p').spec.template.spec.nodeClassRef).toEqual({ ...NODE_CLASS_REF, name: 'p' });
    expect(manifest(r, 'NodePool', 'p').spec.disruption).toEqual({ consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: 'Never' });
    expect(errorsOfOutput(r)).toEqual([]);
  });
});

describe('migrateManifests: inputs it cannot migrate', () => {
  test('should pass v1 manifests through unchanged', () => {
    const v1 = {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'a' },
      spec: { template: { spec: { nodeClassRef: NODE_CLASS_REF, requirements: [] } } },
    };
    const r = migrateManifests([v1]);
    expect(r.manifests).toEqual([v1]);
    expect(r.reports[0].changes).toEqual([]);
  });

  test('should report an unknown apiVersion or kind', () => {
    const r = migrateManifests([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } },
      { apiVersion: 'karpenter.sh/v1beta1', kind: 'NodeClaim', metadata: { name: 'nc' } },
    ]);
    expect(r.manifests).toEqual([]);
    expect(r.errors).toEqual([
      {
        document: 0,
        kind: 'ConfigMap',
        name: 'cm',
        code: 'UnsupportedKind',
        message: expect.stringMatching(/cannot migrate v1 ConfigMap cm \(document 0\): supported are/),
      },
      { document: 1, kind: 'NodeClaim', name: 'nc', code: 'UnsupportedKind', message: expect.stringMatching(/created by Karpenter/) },
    ]);
  });

  test('should report documents that are not objects, have no name, or are not YAML', () => {
    expect(migrateManifests(['a string']).errors).toEqual([expect.objectContaining({ document: 0, code: 'NotAnObject' })]);
    expect(migrateManifests([{ apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool', spec: {} }]).errors).toEqual([
      expect.objectContaining({ code: 'MissingName' }),
    ]);
    const r = migrateManifests(
      'a: [1\n---\napiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: {name: ok}\n' +
        'spec: {template: {spec: {nodeClassRef: {name: default}, requirements: []}}}\n---\n',
    );
    expect(r.errors).toEqual([expect.objectContaining({ document: 0, code: 'YamlSyntaxError' })]);
    expect(r.reports.map((x) => x.document)).toEqual([1]);
  });
});

describe('migrateManifests: nothing is dropped silently (unknown fields, wrongly typed fields)', () => {
  const v1beta1Pool = (templateSpec: string) =>
    [
      'apiVersion: karpenter.sh/v1beta1',
      'kind: NodePool',
      'metadata:',
      '  name: app',
      'spec:',
      '  limits: { cpu: "100" }',
      '  template:',
      '    spec:',
      '      nodeClassRef:',
      '        name: default',
      templateSpec,
    ].join('\n');

  test('a mis-indented requirements block (an object, not a list) is an error, not an empty list', () => {
    const r = migrateManifests(
      v1beta1Pool(['      requirements:', '        key: karpenter.sh/capacity-type', '        operator: In', '        values: [spot]'].join('\n')),
    );
    expect(r.errors).toEqual([
      {
        document: 0,
        kind: 'NodePool',
        name: 'app',
        field: 'spec.template.spec.requirements',
        code: 'InvalidFieldType',
        message: expect.stringMatching(
          /^must be a list, got a plain object \{"key":"karpenter.sh\/capacity-type".*: check its indentation \(list items start with "- "/,
        ),
      },
    ]);
    // Carried over as it was, so v1 validation flags it too; never replaced by [].
    const out = manifest(r, 'NodePool', 'app');
    expect(out.spec.template.spec.requirements).toEqual({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] });
    expect(errorsOfOutput(r)).toEqual([expect.stringMatching(/^NodePool\/app spec.template.spec.requirements: must be a list/)]);
    expect(changes(r, 0).filter((c) => c.field === 'spec.template.spec.requirements')).toEqual([]);
  });

  test('an empty requirements key (its items indented elsewhere) is an error too', () => {
    const r = migrateManifests(v1beta1Pool('      requirements:'));
    expect(r.errors.map((e) => [e.field, e.code, e.message.replace(/:.*/, '')])).toEqual([
      ['spec.template.spec.requirements', 'InvalidFieldType', 'must be a list, got null'],
    ]);
  });

  test('a Provisioner whose limits or requirements are not of their type is an error', () => {
    const r = migrateManifests([
      {
        apiVersion: 'karpenter.sh/v1alpha5',
        kind: 'Provisioner',
        metadata: { name: 'p' },
        spec: { providerRef: { name: 'default' }, requirements: 'spot', limits: ['cpu'] },
      },
    ]);
    expect(r.errors.map((e) => `${e.field} ${e.code}`)).toEqual(['spec.requirements InvalidFieldType', 'spec.limits InvalidFieldType']);
  });

  test('template annotations or labels that are not a map are an error, carried over as they were', () => {
    const r = migrateManifests([
      nodePool('a', { ...poolSpec(), template: { metadata: { annotations: ['a'], labels: 'x' }, spec: poolSpec().template.spec } }),
    ]);
    expect(r.errors.map((e) => `${e.field} ${e.code}`)).toEqual([
      'spec.template.metadata.labels InvalidFieldType',
      'spec.template.metadata.annotations InvalidFieldType',
    ]);
    expect(manifest(r, 'NodePool', 'a').spec.template.metadata).toEqual({ labels: 'x', annotations: ['a'] });
  });

  test('a typo in a field name is carried into v1 and reported as a warning, and v1 validation reports it', () => {
    const r = migrateManifests(v1beta1Pool(['      requirements: []', '      expireAftr: 24h'].join('\n')));
    expect(r.errors).toEqual([]);
    const out = manifest(r, 'NodePool', 'app');
    expect(out.spec.template.spec).toEqual({ nodeClassRef: NODE_CLASS_REF, requirements: [], expireAftr: '24h' });
    expect(changes(r, 0)).toContainEqual({
      field: 'spec.template.spec.expireAftr',
      from: '24h',
      to: '24h',
      note: expect.stringMatching(/^unknown field carried over as it was.*Check its spelling and indentation/),
      severity: 'warning',
    });
    expect(errorsOfOutput(r)).toEqual([expect.stringMatching(/^NodePool\/app spec.template.spec.expireAftr: is not a field of this object/)]);
  });

  test('unknown fields are carried at every level: template, disruption, metadata, node class specs, Provisioner spec and limits', () => {
    const r = migrateManifests([
      nodePool(
        'a',
        { ...poolSpec({ disruption: { consolidationPolicy: 'WhenEmpty', budget: [] } }), template: { spec: poolSpec().template.spec, metdata: {} } },
        { metadata: { name: 'a', lables: { x: 'y' } } },
      ),
      nodeClass('default', classSpec({ userdata: 'x' })),
      {
        apiVersion: 'karpenter.sh/v1alpha5',
        kind: 'Provisioner',
        metadata: { name: 'p' },
        spec: { providerRef: { name: 'default' }, ttlSecondsUntilExpird: 60, limits: { resources: { cpu: 10 }, cpus: 5 } },
      },
      {
        apiVersion: 'karpenter.k8s.aws/v1alpha1',
        kind: 'AWSNodeTemplate',
        metadata: { name: 't' },
        spec: { instanceProfile: 'ip', subnetSelecter: { a: 'b' } },
      },
    ]);
    const warnings = r.reports.flatMap((x) =>
      x.changes.filter((c) => c.severity === 'warning').map((c) => `${x.kind}/${x.name} ${c.source ?? c.field} -> ${c.field}`),
    );
    expect(warnings).toEqual([
      'NodePool/a metadata.lables -> metadata.lables',
      'NodePool/a spec.template.metdata -> spec.template.metdata',
      'NodePool/a spec.disruption.budget -> spec.disruption.budget',
      'EC2NodeClass/default spec.userdata -> spec.userdata',
      'Provisioner/p spec.limits.cpus -> spec.limits.cpus',
      'Provisioner/p spec.ttlSecondsUntilExpird -> spec.ttlSecondsUntilExpird',
      'AWSNodeTemplate/t spec.subnetSelecter -> spec.subnetSelecter',
    ]);
    expect(manifest(r, 'NodePool', 'a').spec.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '0s', budget: [] });
    expect(manifest(r, 'NodePool', 'p').spec.limits).toEqual({ cpu: 10, cpus: 5 });
    expect(manifest(r, 'EC2NodeClass', 't').spec.subnetSelecter).toEqual({ a: 'b' });
  });

  test('the CLI exits non-zero on a mis-indented requirements block', () => {
    const text = v1beta1Pool(['      requirements:', '        key: karpenter.sh/capacity-type', '        operator: Exists'].join('\n'));
    const { code, stdout } = runOnStdin(['validate', '--migrate', '-'], text);
    expect(code).toBe(ExitCode.PROBLEMS);
    expect(stdout).toMatch(/^-#0: error .*spec\.template\.spec\.requirements: must be a list, got a plain object \{.*\(InvalidFieldType\)$/m);
  });
});

describe('migrationToYaml: keeps the comments of YAML input', () => {
  const input = [
    '# Production pools, owned by the platform team.',
    'apiVersion: karpenter.sh/v1beta1',
    'kind: NodePool',
    'metadata:',
    '  name: app # the main pool',
    'spec:',
    '  template:',
    '    spec:',
    '      nodeClassRef:',
    '        name: default',
    '      # spot first, on-demand as a fallback',
    '      requirements:',
    '        - key: karpenter.sh/capacity-type',
    '          operator: In',
    '          values: ["spot", "on-demand"]',
    '  disruption:',
    '    consolidationPolicy: WhenUnderutilized',
    '    # rotate nodes monthly',
    '    expireAfter: 720h # 30 days',
    '    # no v1 home for this one',
    '  limits:',
    '    cpu: "100" # about 25 nodes',
    '  weight: 10',
  ].join('\n');

  test('the head comment and comments on fields that survive stay where they were', () => {
    const text = migrationToYaml(migrateManifests(input));
    expect(text.startsWith('# Production pools, owned by the platform team.\napiVersion: karpenter.sh/v1\n')).toBe(true);
    expect(text).toMatch(/^ {2}name: app # the main pool$/m);
    expect(text).toMatch(/^ {6}# spot first, on-demand as a fallback\n {6}requirements:$/m);
    expect(text).toMatch(/^ {4}cpu: "100" # about 25 nodes$/m);
  });

  test('a comment follows its field where the migration moved it', () => {
    const text = migrationToYaml(migrateManifests(input));
    expect(text).toMatch(/^ {6}# rotate nodes monthly\n {6}expireAfter: 720h # 30 days$/m);
  });

  test('the commented YAML parses to the migrated manifests', () => {
    const r = migrateManifests(input);
    expect(parse(migrationToYaml(r))).toEqual(r.manifests[0]);
    expect(
      migrationToYaml(r)
        .replace(/ *#.*$/gm, '')
        .replace(/^\n/gm, ''),
    ).toBe(migrationToYaml(migrateManifests([parse(input)])));
  });

  test('yaml Documents keep their comments too; parsed values have none to keep', () => {
    const docs = parseAllDocuments(input);
    expect(migrationToYaml(migrateManifests(docs))).toBe(migrationToYaml(migrateManifests(input)));
    expect(migrationToYaml(migrateManifests([parse(input)]))).not.toMatch(/#/);
  });

  test('a Provisioner with an inline provider: the head comment once, provider comments on the EC2NodeClass', () => {
    const provisioner = [
      '# Legacy provisioner',
      'apiVersion: karpenter.sh/v1alpha5',
      'kind: Provisioner',
      'metadata:',
      '  name: legacy',
      'spec:',
      '  provider:',
      '    instanceProfile: KarpenterNodeInstanceProfile',
      '    # private subnets only',
      '    subnetSelector:',
      '      karpenter.sh/discovery: demo',
      '    securityGroupSelector:',
      '      karpenter.sh/discovery: demo # the node security group',
    ].join('\n');
    const text = migrationToYaml(migrateManifests(provisioner));
    expect(text.match(/# Legacy provisioner/g)).toHaveLength(1);
    const nodeClass = text.split('---\n')[1];
    expect(nodeClass).toMatch(/^kind: EC2NodeClass$/m);
    expect(nodeClass).toMatch(/^ {2}# private subnets only\n {2}subnetSelectorTerms:$/m);
  });

  test('v1 documents passing through keep their comments', () => {
    const v1 = 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: current # already v1\nspec:\n  weight: 5\n';
    expect(migrationToYaml(migrateManifests(v1))).toBe(v1);
  });
});

test('validate --migrate --output - keeps the comments of the input, and other documents in place', () => {
  const text = [
    '# pools of the platform team',
    'apiVersion: karpenter.sh/v1beta1',
    'kind: NodePool',
    'metadata:',
    '  name: app',
    'spec:',
    '  template:',
    '    spec:',
    '      nodeClassRef:',
    '        name: default',
    '      # spot first',
    '      requirements:',
    '        - key: karpenter.sh/capacity-type',
    '          operator: In',
    '          values: ["spot"]',
    '  limits:',
    '    cpu: "100" # about 25 nodes',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: unrelated',
    '',
  ].join('\n');
  const { code, stdout } = runOnStdin(['validate', '--migrate', '--output', '-', '-'], text);
  expect(code).toBe(ExitCode.OK);
  expect(stdout).toMatch(/^# pools of the platform team$/m);
  expect(stdout).toMatch(/^ +# spot first\n +requirements:$/m);
  expect(stdout).toMatch(/cpu: "100" # about 25 nodes$/m);
  // The ConfigMap stays after the pool, as in the input.
  expect(stdout.indexOf('kind: ConfigMap')).toBeGreaterThan(stdout.indexOf('kind: NodePool'));
});

/** Runs the CLI with `text` as standard input (and as any file); returns the exit code and standard output. */
function runOnStdin(args: string[], text: string): { code: number; stdout: string } {
  let stdout = '';
  const io: CommandIo = {
    readFile: () => text,
    readStdin: () => text,
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => undefined },
  };
  const code = runCli(args, io, {});
  return { code, stdout };
}
