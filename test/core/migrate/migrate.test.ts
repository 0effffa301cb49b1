// migrateManifests on the production fixtures: v1beta1 NodePools and EC2NodeClass, v1alpha5 Provisioners and
// v1alpha1 AWSNodeTemplates. Details per field: migrate-details.test.ts; what it cannot migrate or would drop:
// migrate-inputs.test.ts; YAML comments and the CLI: migrate-yaml.test.ts.
import { parse } from 'yaml';
import { migrateManifests, migrationToYaml } from '../../../lib/core/migrate/migrate-manifests';
import { fixture, manifest, changes, errorsOfOutput, NODE_CLASS_REF, V1BETA1_REF, PRE_V1_IMDS } from './migrate-helpers';

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
