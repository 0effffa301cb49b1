import { EC2NODECLASS_HASH_VERSION, ec2NodeClassHash, readEc2NodeClassHash } from '../../../lib/core/drift/ec2nodeclass-hash';
import { UNHASHABLE_FIELD } from '../../../lib/core/drift/go-json';

/**
 * The base EC2NodeClass of aws/karpenter-provider-aws v1.14.1 pkg/apis/v1/ec2nodeclass_hash_test.go:38-75, as the
 * manifest the API server would hand Karpenter (pointer fields set to their values, `2G` for NewScaledQuantity(2, Giga)).
 */
function base(): { spec: Record<string, any> } {
  return {
    spec: {
      role: 'role-1',
      tags: { 'keyTag-1': 'valueTag-1', 'keyTag-2': 'valueTag-2' },
      context: 'fake-context',
      detailedMonitoring: false,
      associatePublicIPAddress: false,
      metadataOptions: { httpEndpoint: 'disabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 1, httpTokens: 'optional' },
      blockDeviceMappings: [
        {
          deviceName: 'map-device-1',
          rootVolume: false,
          ebs: {
            deleteOnTermination: false,
            encrypted: false,
            iops: 0,
            kmsKeyID: 'fakeKMSKeyID',
            snapshotID: 'fakeSnapshot',
            throughput: 0,
            volumeSize: '2G',
            volumeType: 'standard',
          },
        },
        { deviceName: 'map-device-2' },
      ],
      userData: 'userdata-test-1',
    },
  };
}
/** testCABundle (ec2nodeclass_hash_test.go:33). */
const CA = { caBundle: 'test-ca-bundle' };
const STATIC_HASH = '2608468723537941485';

type Edit = (spec: Record<string, any>) => void;
/**
 * The table "should match static hash on field value change" (ec2nodeclass_hash_test.go:77-112) and the It blocks after
 * it (:115-134). Each edit is the manifest after `mergo.Merge(nodeClass, changes, WithOverride, WithSliceDeepCopy)`:
 * maps gain keys, pointers to structs merge field by field, slices merge element by element.
 */
const UPSTREAM: readonly (readonly [string, string, Edit])[] = [
  ['Base EC2NodeClass', STATIC_HASH, () => {}],
  ['UserData', '2153344579995979450', (s) => (s.userData = 'userdata-test-2')],
  ['Tags', '4608386791045313156', (s) => (s.tags['keyTag-test-3'] = 'valueTag-test-3')],
  ['Context', '11612053647989098410', (s) => (s.context = 'context-2')],
  ['DetailedMonitoring', '11845605438531206428', (s) => (s.detailedMonitoring = true)],
  ['InstanceStorePolicy', '6430637013089544585', (s) => (s.instanceStorePolicy = 'RAID0')],
  ['AssociatePublicIPAddress', '6811176403923819181', (s) => (s.associatePublicIPAddress = true)],
  ['MetadataOptions HTTPEndpoint', '8158886403801636337', (s) => (s.metadataOptions.httpEndpoint = 'enabled')],
  ['MetadataOptions HTTPProtocolIPv6', '12355196004817691031', (s) => (s.metadataOptions.httpProtocolIPv6 = 'enabled')],
  ['MetadataOptions HTTPPutResponseHopLimit', '8968306366664488826', (s) => (s.metadataOptions.httpPutResponseHopLimit = 10)],
  ['MetadataOptions HTTPTokens', '12408995450371615650', (s) => (s.metadataOptions.httpTokens = 'required')],
  ['BlockDeviceMapping DeviceName', '13986335469721503441', (s) => (s.blockDeviceMappings[0].deviceName = 'map-device-test-3')],
  ['BlockDeviceMapping RootVolume', '14242690863945643402', (s) => (s.blockDeviceMappings[0].rootVolume = true)],
  ['BlockDeviceMapping DeleteOnTermination', '12316454167870753581', (s) => (s.blockDeviceMappings[0].ebs.deleteOnTermination = true)],
  ['BlockDeviceMapping Encrypted', '17753517657333560591', (s) => (s.blockDeviceMappings[0].ebs.encrypted = true)],
  ['BlockDeviceMapping IOPS', '2249322442135400321', (s) => (s.blockDeviceMappings[0].ebs.iops = 10)],
  ['BlockDeviceMapping KMSKeyID', '12259594419287406661', (s) => (s.blockDeviceMappings[0].ebs.kmsKeyID = 'test')],
  ['BlockDeviceMapping SnapshotID', '1149563513090550380', (s) => (s.blockDeviceMappings[0].ebs.snapshotID = 'test')],
  ['BlockDeviceMapping Throughput', '12068199760789564545', (s) => (s.blockDeviceMappings[0].ebs.throughput = 10)],
  ['BlockDeviceMapping VolumeType', '16361719363399715944', (s) => (s.blockDeviceMappings[0].ebs.volumeType = 'io1')],
  ['ConnectionTracking TCPEstablishedTimeout', '12177489405137904098', (s) => (s.connectionTracking = { tcpEstablishedTimeout: 300 })],
  ['ConnectionTracking UDPStreamTimeout', '17567831983996427', (s) => (s.connectionTracking = { udpStreamTimeout: 120 })],
  ['ConnectionTracking UDPTimeout', '5078825826133662844', (s) => (s.connectionTracking = { udpTimeout: 45 })],
  ['CPUOptions NestedVirtualization', '17001101224536964682', (s) => (s.cpuOptions = { nestedVirtualization: 'enabled' })],
  ['Modified AMISelector', STATIC_HASH, (s) => (s.amiSelectorTerms = [{ tags: { '': 'ami-test-value' } }])],
  ['Modified SubnetSelector', STATIC_HASH, (s) => (s.subnetSelectorTerms = [{ tags: { 'subnet-test-key': 'subnet-test-value' } }])],
  ['Modified SecurityGroupSelector', STATIC_HASH, (s) => (s.securityGroupSelectorTerms = [{ tags: { 'security-group-test-key': 'v' } }])],
  ['volumeSize 10G (:117-121)', '3564293065344858862', (s) => (s.blockDeviceMappings[0].ebs.volumeSize = '10G')],
  [
    'instanceProfile (:122-126)',
    '3585768058063247698',
    (s) => {
      delete s.role;
      s.instanceProfile = 'test-instance-profile';
    },
  ],
  ['reordered tags (:127-130)', STATIC_HASH, (s) => (s.tags = { 'keyTag-2': 'valueTag-2', 'keyTag-1': 'valueTag-1' })],
  ['reordered blockDeviceMappings (:131-134)', STATIC_HASH, (s) => s.blockDeviceMappings.reverse()],
];

describe('ec2NodeClassHash reproduces the provider v1.14.1 fixed hashes', () => {
  test('the hash version is v5', () => {
    expect(EC2NODECLASS_HASH_VERSION).toBe('v5');
  });

  test.each(UPSTREAM)('%s: %s', (_name, hash, edit) => {
    const nodeClass = base();
    edit(nodeClass.spec);
    expect(ec2NodeClassHash(nodeClass, CA)).toBe(hash);
  });
});

// The v4 hash (provider v1.1-v1.11) is the v5 one without the CA term: hashstructure of []any{spec, AMIFamily()}
// (aws/karpenter-provider-aws v1.5.0 pkg/apis/v1/ec2nodeclass.go:486-498), i.e. ec2NodeClassHash(nc) XOR H("").
// Fields added since are zero when unset, so they do not enter the spec term.
describe('ec2NodeClassHash reproduces a v4 hash a real cluster printed', () => {
  // The same walkthrough as the NodePool vector 11142864721958693070 (`kubectl describe ec2nodeclass
  // default-ec2nodeclass`, 2026-07-08; the search index's file 54603096579).
  test('default-ec2nodeclass (AL2023 alias, 20Gi gp3, hop limit 2): 6409880261969345973', () => {
    const nodeClass = {
      spec: {
        amiFamily: 'AL2023',
        amiSelectorTerms: [{ alias: 'al2023@latest' }],
        blockDeviceMappings: [
          { deviceName: '/dev/xvda', ebs: { deleteOnTermination: true, encrypted: true, volumeSize: '20Gi', volumeType: 'gp3' } },
        ],
        metadataOptions: { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' },
        role: 'arn:aws:iam::088354478627:role/drwp-dev-karpenter-node-role',
        securityGroupSelectorTerms: [{ tags: { 'kubernetes.io/cluster/eks-control-plane': 'owned' } }],
        subnetSelectorTerms: [{ tags: { 'kubernetes.io/cluster/eks-control-plane': 'owned', 'kubernetes.io/role/internal-elb': '1' } }],
        tags: { 'karpenter.sh/discovery': 'eks-control-plane' },
      },
    };
    const emptyCaTerm = 0xcbf29ce484222325n; // FNV-1 64 of no bytes
    expect((BigInt(ec2NodeClassHash(nodeClass) ?? 'x') ^ emptyCaTerm).toString()).toBe('6409880261969345973');
  });
});

describe('EC2NodeClass hash rules', () => {
  const h = (edit: Edit, caBundle = 'test-ca-bundle') => {
    const nodeClass = base();
    edit(nodeClass.spec);
    return ec2NodeClassHash(nodeClass, { caBundle });
  };

  test('the CA bundle is a term of its own: XOR-ing it out and in again gives the cluster value', () => {
    const withCa = BigInt(h(() => {}) ?? 'x');
    const without = BigInt(ec2NodeClassHash(base()) ?? '0');
    // FNV-1 64 of "test-ca-bundle" and of "" (the offset basis)
    const term = (s: string) => {
      let x = 0xcbf29ce484222325n;
      for (const b of new TextEncoder().encode(s)) x = ((x * 0x100000001b3n) & ((1n << 64n) - 1n)) ^ BigInt(b);
      return x;
    };
    expect(without ^ term('') ^ term('test-ca-bundle')).toBe(withCa);
    expect(h(() => {}, 'other')).not.toBe(h(() => {}));
  });

  test('amiFamily is hashed as resolved: explicit AL2023 equals the al2023 alias; none is Custom', () => {
    const alias = h((s) => (s.amiSelectorTerms = [{ alias: 'al2023@latest' }]));
    expect(h((s) => (s.amiSelectorTerms = [{ alias: 'al2023@v20240807' }]))).toBe(alias);
    expect(h((s) => ((s.amiSelectorTerms = [{ alias: 'al2023@latest' }]), (s.amiFamily = 'AL2023')))).toBe(alias);
    expect(h((s) => (s.amiSelectorTerms = [{ alias: 'bottlerocket@latest' }]))).not.toBe(alias);
    expect(h((s) => (s.amiFamily = 'Custom'))).toBe(STATIC_HASH);
    expect(h((s) => (s.amiSelectorTerms = [{ id: 'ami-1' }, { alias: 'al2023@latest' }]))).toBe(alias);
  });

  test('volumeSize is hashed through Quantity.String(): 100Gi equals 102400Mi, not 100G', () => {
    const gi = h((s) => (s.blockDeviceMappings[0].ebs.volumeSize = '100Gi'));
    expect(h((s) => (s.blockDeviceMappings[0].ebs.volumeSize = '102400Mi'))).toBe(gi);
    expect(h((s) => (s.blockDeviceMappings[0].ebs.volumeSize = '0.09765625Ti'))).toBe(gi);
    expect(h((s) => (s.blockDeviceMappings[0].ebs.volumeSize = '100G'))).not.toBe(gi);
  });

  test('a zero duration inside a map value hashes as the struct name alone: {memory.available: 0s} is not {}', () => {
    const soft = { 'memory.available': '5%' };
    const zero = h((s) => (s.kubelet = { evictionSoft: soft, evictionSoftGracePeriod: { 'memory.available': '0s' } }));
    expect(zero).not.toBe(h((s) => (s.kubelet = { evictionSoft: soft, evictionSoftGracePeriod: {} })));
    expect(zero).not.toBe(h((s) => (s.kubelet = { evictionSoft: soft })));
    expect(h((s) => (s.kubelet = { evictionSoft: soft, evictionSoftGracePeriod: { 'memory.available': '1m30s' } }))).toBe(
      h((s) => (s.kubelet = { evictionSoft: soft, evictionSoftGracePeriod: { 'memory.available': '90s' } })),
    );
  });

  test('metadataOptions takes the CRD defaults: absent, null, {} and the spelled-out defaults hash alike', () => {
    const defaults = { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 1, httpTokens: 'required' };
    const spelled = h((s) => (s.metadataOptions = defaults));
    expect(h((s) => delete s.metadataOptions)).toBe(spelled);
    expect(h((s) => (s.metadataOptions = null))).toBe(spelled);
    expect(h((s) => (s.metadataOptions = {}))).toBe(spelled);
    expect(h((s) => (s.metadataOptions = { httpTokens: 'optional' }))).not.toBe(spelled);
  });

  test('selector terms and ipPrefixCount are not hashed; every other spec field is', () => {
    expect(h((s) => ((s.capacityReservationSelectorTerms = [{ id: 'cr-1' }]), (s.ipPrefixCount = 4)))).toBe(STATIC_HASH);
    const edits: Edit[] = [
      (s) => (s.placementGroupSelector = { name: 'pg' }),
      (s) => (s.kubelet = { maxPods: 110 }),
      (s) => (s.kubelet = { clusterDNS: ['10.0.0.10'] }),
      (s) => (s.kubelet = { cpuCFSQuota: false }),
      (s) => (s.networkInterfaces = [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }]),
      (s) => (s.blockDeviceMappings[0].ebs.volumeInitializationRate = 100),
      (s) => (s.role = 'role-2'),
    ];
    const hashes = new Set([STATIC_HASH, ...edits.map((e) => h(e))]);
    expect(hashes.size).toBe(edits.length + 1);
  });
});

describe('input Go cannot decode gives undefined and issues, never a throw', () => {
  test.each([
    ['a list', [], ''],
    ['tags as a list', { spec: { tags: ['a'] } }, 'spec.tags'],
    ['maxPods as a fraction', { spec: { kubelet: { maxPods: 1.5 } } }, 'spec.kubelet.maxPods'],
    ['maxPods beyond int32', { spec: { kubelet: { maxPods: 2 ** 31 } } }, 'spec.kubelet.maxPods'],
    ['a bad volumeSize', { spec: { blockDeviceMappings: [{ ebs: { volumeSize: '100 GB' } }] } }, 'spec.blockDeviceMappings[0].ebs.volumeSize'],
    [
      'a bad grace period',
      { spec: { kubelet: { evictionSoftGracePeriod: { 'memory.available': '1d' } } } },
      'spec.kubelet.evictionSoftGracePeriod.memory.available',
    ],
    ['an alias Karpenter cannot split', { spec: { amiSelectorTerms: [{ alias: 'AL2023@latest' }] } }, 'spec.amiSelectorTerms[0].alias'],
    ['detailedMonitoring as a string', { spec: { detailedMonitoring: 'true' } }, 'spec.detailedMonitoring'],
  ])('%s', (_name, input, field) => {
    expect(ec2NodeClassHash(input)).toBeUndefined();
    expect(readEc2NodeClassHash(input).issues.map((i) => [i.code, i.field])).toContainEqual([UNHASHABLE_FIELD, field]);
  });
});
