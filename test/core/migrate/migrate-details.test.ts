// migrateManifests field by field: kubelet settings, v1beta1 NodePool details, EC2NodeClass AMI families,
// AWSNodeTemplate and Provisioner details.
import { migrateManifests } from '../../../lib/core/migrate/migrate-manifests';
import { manifest, changes, errorsOfOutput, NODE_CLASS_REF, nodePool, nodeClass, poolSpec, classSpec } from './migrate-helpers';

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
