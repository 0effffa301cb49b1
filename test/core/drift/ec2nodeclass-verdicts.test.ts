// previewDrift on EC2NodeClass manifests: every hashed spec field (aws pkg/apis/v1/ec2nodeclass.go:597-610 at v1.14.1)
// drifts every node of the class and of its NodePools; the ignored selector terms drift only once AWS resolves them
// (aws pkg/cloudprovider/drift.go:84-179); the reference's §5 rows replace nothing.
import { ec2NodeClassHash } from '../../../lib/core/drift/ec2nodeclass-hash';
import { previewDrift } from '../../../lib/core/drift/preview-drift';
import { Json, live, node, nodeClaim, nodeClass, nodePool } from './fixtures';

const AT = new Date('2026-12-07T12:00:00Z');

function preview(edit: (spec: Json) => void) {
  return previewDrift({
    before: { nodePools: [nodePool()], ec2NodeClasses: [nodeClass()] },
    after: { nodePools: [nodePool()], ec2NodeClasses: [nodeClass('default', edit)] },
    at: AT,
  });
}

describe('every hashed field replaces every node of the class (NodeClassDrift)', () => {
  test.each<[string, (s: Json) => void]>([
    ['placementGroupSelector', (s) => (s.placementGroupSelector = { name: 'pg' })],
    ['associatePublicIPAddress', (s) => (s.associatePublicIPAddress = false)],
    ['userData', (s) => (s.userData = 'echo hi')],
    ['role', (s) => (s.role = 'OtherRole')],
    ['instanceProfile', (s) => ((s.instanceProfile = 'profile'), delete s.role)],
    ['tags', (s) => (s.tags = { team: 'a' })],
    ['kubelet', (s) => (s.kubelet = { maxPods: 110 })],
    ['blockDeviceMappings', (s) => (s.blockDeviceMappings[0].ebs.volumeSize = '100Gi')],
    ['instanceStorePolicy', (s) => (s.instanceStorePolicy = 'RAID0')],
    ['networkInterfaces', (s) => (s.networkInterfaces = [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }])],
    ['detailedMonitoring', (s) => (s.detailedMonitoring = true)],
    ['metadataOptions', (s) => (s.metadataOptions.httpPutResponseHopLimit = 2)],
    ['connectionTracking', (s) => (s.connectionTracking = { tcpEstablishedTimeout: 300 })],
    ['context', (s) => (s.context = 'ctx')],
    ['cpuOptions', (s) => (s.cpuOptions = { nestedVirtualization: 'enabled' })],
  ])('%s', (key, edit) => {
    const result = preview(edit);
    const [cls] = result.ec2NodeClasses;
    expect(cls.drift).toBe('all');
    expect(cls.reasons.filter((r) => r.kind === 'NodeClass').map((r) => r.field)).toContain(`spec.${key}`);
    expect(result.nodePools[0]).toMatchObject({ drift: 'all', nodeClass: 'default' });
    expect(result.nodePools[0].reasons.map((r) => r.field)).toContain(`EC2NodeClass/default spec.${key}`);
  });

  test('an alias of another family changes the resolved AMI family: static and AMI drift', () => {
    const [cls] = preview((s) => (s.amiSelectorTerms = [{ alias: 'bottlerocket@latest' }])).ec2NodeClasses;
    expect(cls.drift).toBe('all');
    expect(cls.reasons.map((r) => r.kind)).toEqual(['NodeClass', 'Dynamic']);
  });
});

describe('changes that replace no node by themselves (reference §5)', () => {
  test.each<[string, (s: Json) => void]>([
    ['subnetSelectorTerms', (s) => (s.subnetSelectorTerms = [{ id: 'subnet-1' }])],
    ['securityGroupSelectorTerms', (s) => (s.securityGroupSelectorTerms = [{ id: 'sg-1' }])],
    ['capacityReservationSelectorTerms', (s) => (s.capacityReservationSelectorTerms = [{ id: 'cr-1' }])],
    ['amiSelectorTerms', (s) => (s.amiSelectorTerms = [{ alias: 'al2023@v20251201' }])],
  ])('%s: no static drift, AWS decides (unknown)', (key, edit) => {
    const result = preview(edit);
    const [cls] = result.ec2NodeClasses;
    expect(cls.drift).toBe('unknown');
    expect(cls.reasons).toEqual([expect.objectContaining({ kind: 'Dynamic', field: `spec.${key}` })]);
    expect(cls.hash.after).toBe(cls.hash.before);
    expect(result.nodePools[0].drift).toBe('unknown');
  });

  test.each<[string, (s: Json) => void]>([
    ['ipPrefixCount', (s) => (s.ipPrefixCount = 2)],
    ['an explicit amiFamily equal to the alias family', (s) => (s.amiFamily = 'AL2023')],
    ['volumeSize 50Gi as 51200Mi', (s) => (s.blockDeviceMappings[0].ebs.volumeSize = '51200Mi')],
    [
      'the defaults of metadataOptions written out',
      (s) => (s.metadataOptions = { ...s.metadataOptions, httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled' }),
    ],
  ])('%s', (_title, edit) => {
    const result = preview(edit);
    expect(result.ec2NodeClasses[0].drift).toBe('none');
    expect(result.ec2NodeClasses[0].reasons.map((r) => r.kind)).toEqual(['None']);
    expect(result.nodePools[0].drift).toBe('none');
  });
});

describe('with a running cluster: the CA term recovered from the live annotation', () => {
  const CA = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t';
  const liveClass = (spec = nodeClass()) => ({
    ...spec,
    metadata: {
      name: 'default',
      annotations: {
        'karpenter.k8s.aws/ec2nodeclass-hash': ec2NodeClassHash(spec, { caBundle: CA }),
        'karpenter.k8s.aws/ec2nodeclass-hash-version': 'v5',
      },
    },
  });

  test('the predicted hash equals what Karpenter would write with the cluster CA, and claims are judged against it', () => {
    const after = nodeClass('default', (s) => (s.tags = { team: 'a' }));
    const oldHash = ec2NodeClassHash(nodeClass(), { caBundle: CA })!;
    const newHash = ec2NodeClassHash(after, { caBundle: CA })!;
    const claims = [nodeClaim('old', { classHash: oldHash }), nodeClaim('new', { classHash: newHash })];
    const result = previewDrift({
      before: { nodePools: [live(nodePool())], ec2NodeClasses: [liveClass()], nodeClaims: claims, nodes: claims.map((c) => node(c.metadata.name)) },
      after: { nodePools: [nodePool()], ec2NodeClasses: [after] },
      at: AT,
    });
    expect(result.ec2NodeClasses[0].hash).toEqual({ before: oldHash, after: newHash });
    expect(result.nodePools[0].nodeClaims!.map((c) => [c.name, c.drifted, c.reason])).toEqual([
      ['old', true, 'NodeClassDrift'],
      ['new', false, undefined],
    ]);
    expect(result.ec2NodeClasses[0].drift).toBe('some');
  });

  test('the class verdict counts claims its hash drifts, whatever Karpenter reports first', () => {
    const after = nodeClass('default', (s) => (s.tags = { team: 'a' }));
    const claims = [nodeClaim('a', { classHash: ec2NodeClassHash(nodeClass(), { caBundle: CA })! })];
    const relabelled = nodePool('default', (s) => (s.template.metadata.labels.team = 'b'));
    const result = previewDrift({
      before: { nodePools: [live(nodePool())], ec2NodeClasses: [liveClass()], nodeClaims: claims, nodes: [node('a')] },
      after: { nodePools: [relabelled], ec2NodeClasses: [after] },
      at: AT,
    });
    expect(result.nodePools[0].nodeClaims![0].reason).toBe('NodePoolDrifted');
    expect(result.ec2NodeClasses[0].drift).toBe('all');
  });
});
