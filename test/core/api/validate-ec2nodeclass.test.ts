import { errorsOf } from '../../../lib/core/issues';
import { crdsMissingMessage } from '../../conformance/crd-validator';
import { validateEc2NodeClass } from '../../../lib/core/api/validate-ec2nodeclass';
import { CelCase, DISCOVERY, Path, codes, crdRules, ec2NodeClass, errorLines, patched } from './fixtures';

const AMI = 'spec.amiSelectorTerms';
const SG = 'spec.securityGroupSelectorTerms';
const SUBNET = 'spec.subnetSelectorTerms';
const CR = 'spec.capacityReservationSelectorTerms';
const K = 'spec.kubelet';
const ALIAS = 'spec.amiSelectorTerms.0.alias';
const ALIAS_FIELD = 'spec.amiSelectorTerms[0].alias';
const noAlias: [Path, unknown] = [AMI, [{ name: 'my-ami-*', owner: 'self' }]];
const ebs = (e: object) => ['spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: e }]] as [Path, unknown];
const ni = (...n: [number, number, string][]) =>
  ['spec.networkInterfaces', n.map(([networkCardIndex, deviceIndex, interfaceType]) => ({ networkCardIndex, deviceIndex, interfaceType }))] as [
    Path,
    unknown,
  ];
const tagRule = "empty tag keys or values aren't supported";
const signals = "['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']";

const CEL_CASES: CelCase[] = [
  // amiSelectorTerms[].alias
  {
    crdPath: `${AMI}[].alias`,
    rule: "'alias' is improperly formatted, must match the format 'family@version'",
    code: 'AmiAliasFormat',
    field: ALIAS_FIELD,
    accept: [[ALIAS, 'bottlerocket@v1.20.0']],
    reject: [[ALIAS, 'al2023']],
  },
  {
    crdPath: `${AMI}[].alias`,
    rule: "family is not supported, must be one of the following: 'al2', 'al2023', 'bottlerocket', 'windows2019', 'windows2022', 'windows2025'",
    code: 'AmiAliasFamily',
    field: ALIAS_FIELD,
    accept: [
      [ALIAS, 'al2@latest'],
      ['spec.amiFamily', 'AL2'],
    ],
    reject: [[ALIAS, 'ubuntu@latest']],
  },
  {
    crdPath: `${AMI}[].alias`,
    rule: "windows families may only specify version 'latest'",
    code: 'AmiAliasWindowsVersion',
    field: ALIAS_FIELD,
    accept: [[ALIAS, 'windows2022@latest']],
    reject: [[ALIAS, 'windows2019@v2024']],
  },
  // tags of the four selector kinds
  {
    crdPath: `${AMI}[].tags`,
    rule: tagRule,
    code: 'EmptySelectorTag',
    field: `${AMI}[0].tags.team`,
    accept: [
      [AMI, [{ tags: { team: '*' } }]],
      ['spec.amiFamily', 'AL2023'],
    ],
    reject: [
      [AMI, [{ tags: { team: '' } }]],
      ['spec.amiFamily', 'AL2023'],
    ],
  },
  {
    crdPath: `${CR}[].tags`,
    rule: tagRule,
    code: 'EmptySelectorTag',
    field: `${CR}[0].tags[""]`,
    accept: [[CR, [{ tags: { team: 'a' } }]]],
    reject: [[CR, [{ tags: { '': 'a' } }]]],
  },
  {
    crdPath: `${SG}[].tags`,
    rule: tagRule,
    code: 'EmptySelectorTag',
    field: `${SG}[0].tags.Name`,
    accept: [[SG, [{ tags: { ...DISCOVERY, Name: 'x' } }]]],
    reject: [[SG, [{ tags: { ...DISCOVERY, Name: '' } }]]],
  },
  {
    crdPath: `${SUBNET}[].tags`,
    rule: tagRule,
    code: 'EmptySelectorTag',
    field: `${SUBNET}[0].tags.tier`,
    accept: [[SUBNET, [{ tags: { ...DISCOVERY, tier: 'private' } }]]],
    reject: [[SUBNET, [{ tags: { ...DISCOVERY, tier: '' } }]]],
  },
  // amiSelectorTerms
  {
    crdPath: AMI,
    rule: "expected at least one, got none, ['tags', 'id', 'name', 'alias', 'ssmParameter']",
    code: 'EmptySelectorTerm',
    field: `${AMI}[0]`,
    accept: [
      [AMI, [{ ssmParameter: '/my/ami' }]],
      ['spec.amiFamily', 'AL2023'],
    ],
    reject: [
      [AMI, [{ owner: 'self' }]],
      ['spec.amiFamily', 'AL2023'],
    ],
  },
  {
    crdPath: AMI,
    rule: "'id' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms",
    code: 'SelectorTermIdExclusive',
    field: `${AMI}[1]`,
    accept: [
      [AMI, [{ id: 'ami-0abc' }, { name: 'x', owner: 'self' }]],
      ['spec.amiFamily', 'AL2023'],
    ],
    reject: [
      [AMI, [{ id: 'ami-0abc' }, { id: 'ami-0def', owner: 'self' }]],
      ['spec.amiFamily', 'AL2023'],
    ],
  },
  {
    crdPath: AMI,
    rule: "'alias' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms",
    code: 'AmiAliasExclusive',
    field: `${AMI}[0]`,
    accept: [[AMI, [{ alias: 'al2023@latest' }]]],
    reject: [[AMI, [{ alias: 'al2023@latest', owner: 'amazon' }]]],
  },
  {
    crdPath: AMI,
    rule: "'alias' is mutually exclusive, cannot be set with a combination of other amiSelectorTerms",
    code: 'AmiAliasSingleTerm',
    field: AMI,
    accept: [
      [AMI, [{ name: 'a' }, { name: 'b' }]],
      ['spec.amiFamily', 'AL2023'],
    ],
    reject: [[AMI, [{ alias: 'al2023@latest' }, { name: 'b' }]]],
  },
  // blockDeviceMappings
  {
    crdPath: 'spec.blockDeviceMappings[].ebs',
    rule: 'snapshotID or volumeSize must be defined',
    code: 'EbsVolumeSizeOrSnapshot',
    field: 'spec.blockDeviceMappings[0].ebs',
    accept: [ebs({ snapshotID: 'snap-1' })],
    reject: [ebs({ volumeType: 'gp3', encrypted: true })],
  },
  {
    crdPath: 'spec.blockDeviceMappings[].ebs',
    rule: 'snapshotID must be set when volumeInitializationRate is set',
    code: 'EbsInitializationRateWithoutSnapshot',
    field: 'spec.blockDeviceMappings[0].ebs.volumeInitializationRate',
    accept: [ebs({ snapshotID: 'snap-1', volumeInitializationRate: 200 })],
    reject: [ebs({ volumeSize: '20Gi', snapshotID: '', volumeInitializationRate: 200 })],
  },
  {
    crdPath: 'spec.blockDeviceMappings',
    rule: 'must have only one blockDeviceMappings with rootVolume',
    code: 'MultipleRootVolumes',
    field: 'spec.blockDeviceMappings',
    accept: [
      [
        'spec.blockDeviceMappings',
        [
          { rootVolume: true, ebs: { volumeSize: '100Gi' } },
          { rootVolume: false, ebs: { volumeSize: '1Ti' } },
        ],
      ],
    ],
    reject: [
      [
        'spec.blockDeviceMappings',
        [
          { rootVolume: true, ebs: { volumeSize: '100Gi' } },
          { rootVolume: true, ebs: { volumeSize: '1Ti' } },
        ],
      ],
    ],
  },
  // capacityReservationSelectorTerms
  {
    crdPath: CR,
    rule: "expected at least one, got none, ['tags', 'id', 'instanceMatchCriteria']",
    code: 'EmptySelectorTerm',
    field: `${CR}[0]`,
    accept: [[CR, [{ instanceMatchCriteria: 'open' }]]],
    reject: [[CR, [{ ownerID: '123456789012' }]]],
  },
  {
    crdPath: CR,
    rule: "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term",
    code: 'SelectorTermIdExclusive',
    field: CR,
    accept: [[CR, [{ id: 'cr-0abc', ownerID: '123456789012' }, { tags: { a: 'b' } }]]],
    reject: [[CR, [{ id: 'cr-0abc', ownerID: '123456789012' }]]],
  },
  {
    crdPath: CR,
    rule: "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term",
    code: 'SelectorTermIdExclusive',
    field: CR,
    accept: [[CR, [{ id: 'cr-0abc' }]]],
    reject: [[CR, []]],
  },
  // connectionTracking, instanceProfile, role
  {
    crdPath: 'spec.connectionTracking',
    rule: 'at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set',
    code: 'ConnectionTrackingEmpty',
    field: 'spec.connectionTracking',
    accept: [['spec.connectionTracking', { udpTimeout: 30 }]],
    reject: [['spec.connectionTracking', {}]],
  },
  {
    crdPath: 'spec.instanceProfile',
    rule: 'instanceProfile cannot be empty',
    code: 'EmptyInstanceProfile',
    field: 'spec.instanceProfile',
    accept: [
      ['spec.role', undefined],
      ['spec.instanceProfile', 'KarpenterNodeInstanceProfile'],
    ],
    reject: [
      ['spec.role', undefined],
      ['spec.instanceProfile', ''],
    ],
  },
  {
    crdPath: 'spec.role',
    rule: 'role cannot be empty',
    code: 'EmptyRole',
    field: 'spec.role',
    accept: [['spec.role', 'r']],
    reject: [['spec.role', '']],
  },
  // kubelet
  {
    crdPath: `${K}.evictionHard`,
    rule: `valid keys for evictionHard are ${signals}`,
    code: 'InvalidEvictionSignal',
    field: `${K}.evictionHard["memory.free"]`,
    accept: [[K, { evictionHard: { 'memory.available': '5%', 'nodefs.available': '10%' } }]],
    reject: [[K, { evictionHard: { 'memory.free': '5%' } }]],
  },
  {
    crdPath: `${K}.evictionSoft`,
    rule: `valid keys for evictionSoft are ${signals}`,
    code: 'InvalidEvictionSignal',
    field: `${K}.evictionSoft.memory`,
    accept: [[K, { evictionSoft: { 'pid.available': '10%' }, evictionSoftGracePeriod: { 'pid.available': '1m' } }]],
    reject: [[K, { evictionSoft: { memory: '1Gi' }, evictionSoftGracePeriod: { memory: '1m' } }]],
  },
  {
    crdPath: `${K}.evictionSoftGracePeriod`,
    rule: `valid keys for evictionSoftGracePeriod are ${signals}`,
    code: 'InvalidEvictionSignal',
    field: `${K}.evictionSoftGracePeriod.disk`,
    accept: [[K, { evictionSoft: { 'imagefs.available': '15%' }, evictionSoftGracePeriod: { 'imagefs.available': '1m30s' } }]],
    reject: [[K, { evictionSoft: { disk: '1Gi' }, evictionSoftGracePeriod: { disk: '1m' } }]],
  },
  {
    crdPath: `${K}.kubeReserved`,
    rule: "valid keys for kubeReserved are ['cpu','memory','ephemeral-storage','pid']",
    code: 'InvalidReservedResource',
    field: `${K}.kubeReserved.storage`,
    accept: [[K, { kubeReserved: { cpu: '100m', memory: '1Gi', 'ephemeral-storage': '1Gi', pid: '100' } }]],
    reject: [[K, { kubeReserved: { storage: '1Gi' } }]],
  },
  {
    crdPath: `${K}.kubeReserved`,
    rule: 'kubeReserved value cannot be a negative resource quantity',
    code: 'NegativeReservedResource',
    field: `${K}.kubeReserved.cpu`,
    accept: [[K, { kubeReserved: { cpu: '+100m' } }]],
    reject: [[K, { kubeReserved: { cpu: '-100m' } }]],
  },
  {
    crdPath: `${K}.systemReserved`,
    rule: "valid keys for systemReserved are ['cpu','memory','ephemeral-storage','pid']",
    code: 'InvalidReservedResource',
    field: `${K}.systemReserved.gpu`,
    accept: [[K, { systemReserved: { memory: '500Mi' } }]],
    reject: [[K, { systemReserved: { gpu: '1' } }]],
  },
  {
    crdPath: `${K}.systemReserved`,
    rule: 'systemReserved value cannot be a negative resource quantity',
    code: 'NegativeReservedResource',
    field: `${K}.systemReserved.memory`,
    accept: [[K, { systemReserved: { memory: '0' } }]],
    reject: [[K, { systemReserved: { memory: '-1Gi' } }]],
  },
  {
    crdPath: K,
    rule: 'imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent',
    code: 'ImageGcThresholds',
    field: `${K}.imageGCHighThresholdPercent`,
    accept: [[K, { imageGCHighThresholdPercent: 85, imageGCLowThresholdPercent: 80 }]],
    reject: [[K, { imageGCHighThresholdPercent: 80, imageGCLowThresholdPercent: 80 }]],
  },
  {
    crdPath: K,
    rule: 'evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod',
    code: 'EvictionSoftWithoutGracePeriod',
    field: `${K}.evictionSoft["memory.available"]`,
    accept: [[K, { evictionSoft: {} }]],
    reject: [[K, { evictionSoft: { 'memory.available': '10%' } }]],
  },
  {
    crdPath: K,
    rule: 'evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft',
    code: 'EvictionGracePeriodWithoutSoft',
    field: `${K}.evictionSoftGracePeriod["memory.available"]`,
    accept: [[K, { evictionSoft: { 'memory.available': '10%' }, evictionSoftGracePeriod: { 'memory.available': '2m' } }]],
    reject: [[K, { evictionSoft: { 'nodefs.available': '10%' }, evictionSoftGracePeriod: { 'nodefs.available': '2m', 'memory.available': '2m' } }]],
  },
  // networkInterfaces
  {
    crdPath: 'spec.networkInterfaces',
    rule: "networkInterfaces must include a primary interface with interfaceType='interface'",
    code: 'NetworkInterfacePrimaryMissing',
    field: 'spec.networkInterfaces',
    accept: [ni([0, 0, 'interface'], [1, 0, 'efa-only'])],
    reject: [ni([0, 0, 'efa-only'], [0, 1, 'interface'])],
  },
  {
    crdPath: 'spec.networkInterfaces',
    rule: 'networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card',
    code: 'NetworkInterfaceDuplicate',
    field: 'spec.networkInterfaces[1]',
    accept: [ni([0, 0, 'interface'], [0, 1, 'interface'])],
    reject: [ni([0, 0, 'interface'], [0, 0, 'interface'])],
  },
  {
    crdPath: 'spec.networkInterfaces',
    rule: 'networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card',
    code: 'NetworkInterfaceDuplicate',
    field: 'spec.networkInterfaces[1]',
    accept: [ni([0, 0, 'interface'], [1, 0, 'efa-only'], [2, 0, 'efa-only'])],
    reject: [ni([0, 0, 'interface'], [1, 0, 'efa-only'], [1, 1, 'efa-only'])],
  },
  // placementGroupSelector
  {
    crdPath: 'spec.placementGroupSelector',
    rule: "expected at least one, got none, ['name', 'id']",
    code: 'PlacementGroupSelectorEmpty',
    field: 'spec.placementGroupSelector',
    accept: [['spec.placementGroupSelector', { name: 'cluster-pg' }]],
    reject: [['spec.placementGroupSelector', {}]],
  },
  {
    crdPath: 'spec.placementGroupSelector',
    rule: "'name' and 'id' are mutually exclusive",
    code: 'PlacementGroupSelectorExclusive',
    field: 'spec.placementGroupSelector',
    accept: [['spec.placementGroupSelector', { id: 'pg-0abc' }]],
    reject: [['spec.placementGroupSelector', { id: 'pg-0abc', name: 'x' }]],
  },
  // securityGroupSelectorTerms
  {
    crdPath: SG,
    rule: 'securityGroupSelectorTerms cannot be empty',
    code: 'EmptySelectorTerms',
    field: SG,
    accept: [[SG, [{ id: 'sg-0abc' }]]],
    reject: [[SG, []]],
  },
  {
    crdPath: SG,
    rule: "expected at least one, got none, ['tags', 'id', 'name']",
    code: 'EmptySelectorTerm',
    field: `${SG}[1]`,
    accept: [[SG, [{ id: 'sg-0abc' }, { name: 'nodes' }]]],
    reject: [[SG, [{ id: 'sg-0abc' }, {}]]],
  },
  {
    crdPath: SG,
    rule: "'id' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
    code: 'SelectorTermIdExclusive',
    field: SG,
    accept: [[SG, [{ id: 'sg-0abc', tags: DISCOVERY }, { tags: DISCOVERY }]]],
    reject: [[SG, [{ id: 'sg-0abc', tags: DISCOVERY }]]],
  },
  {
    crdPath: SG,
    rule: "'name' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
    code: 'SelectorTermNameExclusive',
    field: SG,
    accept: [[SG, [{ name: 'nodes' }]]],
    reject: [
      [
        SG,
        [
          { name: 'nodes', tags: DISCOVERY },
          { name: 'other', id: 'sg-1' },
        ],
      ],
    ],
  },
  // subnetSelectorTerms
  {
    crdPath: SUBNET,
    rule: 'subnetSelectorTerms cannot be empty',
    code: 'EmptySelectorTerms',
    field: SUBNET,
    accept: [[SUBNET, [{ id: 'subnet-0abc' }]]],
    reject: [[SUBNET, []]],
  },
  {
    crdPath: SUBNET,
    rule: "expected at least one, got none, ['tags', 'id']",
    code: 'EmptySelectorTerm',
    field: `${SUBNET}[0]`,
    accept: [[SUBNET, [{ tags: DISCOVERY }]]],
    reject: [[SUBNET, [{}]]],
  },
  {
    crdPath: SUBNET,
    rule: "'id' is mutually exclusive, cannot be set with a combination of other fields in a subnet selector term",
    code: 'SelectorTermIdExclusive',
    field: SUBNET,
    accept: [[SUBNET, [{ id: 'subnet-0abc' }, { tags: DISCOVERY }]]],
    reject: [[SUBNET, [{ id: 'subnet-0abc', tags: DISCOVERY }]]],
  },
  // tags
  {
    crdPath: 'spec.tags',
    rule: "empty tag keys aren't supported",
    code: 'EmptyTagKey',
    field: 'spec.tags[""]',
    accept: [['spec.tags', { team: '' }]],
    reject: [['spec.tags', { '': 'x' }]],
  },
  {
    crdPath: 'spec.tags',
    rule: 'tag contains a restricted tag matching eks:eks-cluster-name',
    code: 'RestrictedTag',
    field: 'spec.tags["eks:eks-cluster-name"]',
    accept: [['spec.tags', { 'eks:cluster': 'x' }]],
    reject: [['spec.tags', { 'eks:eks-cluster-name': 'demo' }]],
  },
  {
    crdPath: 'spec.tags',
    rule: 'tag contains a restricted tag matching kubernetes.io/cluster/',
    code: 'RestrictedTag',
    field: 'spec.tags["kubernetes.io/clusterfoo"]',
    accept: [['spec.tags', { 'kubernetes.io/role': 'x' }]],
    reject: [['spec.tags', { 'kubernetes.io/clusterfoo': 'owned' }]],
  },
  {
    crdPath: 'spec.tags',
    rule: 'tag contains a restricted tag matching karpenter.sh/nodepool',
    code: 'RestrictedTag',
    field: 'spec.tags["karpenter.sh/nodepool"]',
    accept: [['spec.tags', { 'karpenter.sh/discovery': 'demo' }]],
    reject: [['spec.tags', { 'karpenter.sh/nodepool': 'default' }]],
  },
  {
    crdPath: 'spec.tags',
    rule: 'tag contains a restricted tag matching karpenter.sh/nodeclaim',
    code: 'RestrictedTag',
    field: 'spec.tags["karpenter.sh/nodeclaim"]',
    accept: [['spec.tags', { 'karpenter.sh/nodeclaimx': 'a' }]],
    reject: [['spec.tags', { 'karpenter.sh/nodeclaim': 'a' }]],
  },
  {
    crdPath: 'spec.tags',
    rule: 'tag contains a restricted tag matching karpenter.k8s.aws/ec2nodeclass',
    code: 'RestrictedTag',
    field: 'spec.tags["karpenter.k8s.aws/ec2nodeclass"]',
    accept: [['spec.tags', { Name: 'karpenter' }]],
    reject: [['spec.tags', { 'karpenter.k8s.aws/ec2nodeclass': 'a' }]],
  },
  // spec
  {
    crdPath: 'spec',
    rule: "must specify exactly one of ['role', 'instanceProfile']",
    code: 'RoleXorInstanceProfile',
    field: 'spec.instanceProfile',
    accept: [['spec.role', 'r']],
    reject: [['spec.instanceProfile', 'p']],
  },
  {
    crdPath: 'spec',
    rule: "must specify exactly one of ['role', 'instanceProfile']",
    code: 'RoleXorInstanceProfile',
    field: 'spec',
    accept: [
      ['spec.role', undefined],
      ['spec.instanceProfile', 'p'],
    ],
    reject: [['spec.role', undefined]],
  },
  ...(
    [
      ['al2', 'AL2', 'an AL2'],
      ['al2023', 'AL2023', 'an AL2023'],
      ['bottlerocket', 'Bottlerocket', 'a Bottlerocket'],
      ['windows2019', 'Windows2019', 'a Windows2019'],
      ['windows2022', 'Windows2022', 'a Windows2022'],
      ['windows2025', 'Windows2025', 'a Windows2025'],
    ] as const
  ).map(([alias, family, article]): CelCase => ({
    crdPath: 'spec',
    rule: `if set, amiFamily must be '${family}' or 'Custom' when using ${article} alias`,
    code: 'AmiFamilyAliasMismatch',
    field: 'spec.amiFamily',
    accept: [
      [ALIAS, `${alias}@latest`],
      ['spec.amiFamily', 'Custom'],
    ],
    reject: [
      [ALIAS, `${alias}@latest`],
      ['spec.amiFamily', family === 'AL2' ? 'AL2023' : 'AL2'],
    ],
  })),
  {
    crdPath: 'spec',
    rule: 'must specify amiFamily if amiSelectorTerms does not contain an alias',
    code: 'AmiFamilyRequired',
    field: 'spec.amiFamily',
    accept: [noAlias, ['spec.amiFamily', 'Custom']],
    reject: [noAlias],
  },
];

describe('EC2NodeClass CEL rules', () => {
  describe.each(CEL_CASES.map((c, i) => [`${c.crdPath}: ${c.rule} [case ${i}]`, c] as const))('CEL %s', (_, c) => {
    test('accepts a manifest that satisfies it', () => {
      expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ...c.accept)))).toEqual([]);
    });

    test(`rejects one that breaks it with ${c.code} at ${c.field}`, () => {
      const issues = errorsOf(validateEc2NodeClass(patched(ec2NodeClass(), ...c.reject)));
      const issue = issues.find((i) => i.code === c.code && i.field === c.field);
      expect({ found: issue !== undefined, issues: issues.map((i) => `${i.field} (${i.code})`) }).toEqual(expect.objectContaining({ found: true }));
      expect(issue!.message).toContain(`(CRD rule: ${JSON.stringify(c.rule)})`);
    });
  });

  const rules = crdRules('karpenter.k8s.aws_ec2nodeclasses.yaml');
  (rules ? test : test.skip)('every CEL rule of the CRD has a case above (there are no transition rules)', () => {
    const spec = rules!.filter((r) => !r.path.startsWith('status'));
    expect(spec).toHaveLength(54);
    const covered = new Set(CEL_CASES.map((c) => `${c.crdPath}: ${c.rule}`));
    expect(spec.map((r) => `${r.path}: ${r.message}`).filter((r) => !covered.has(r))).toEqual([]);
    expect(spec.filter((r) => r.rule.includes('oldSelf'))).toEqual([]);
  });
  if (!rules) console.warn(crdsMissingMessage('CEL rule coverage of the EC2NodeClass CRD is not checked'));

  test("CEL 'id' exclusivity of subnets rejects only when every term combines id and tags, as written", () => {
    const some = patched(ec2NodeClass(), [SUBNET, [{ id: 'subnet-1', tags: DISCOVERY }, { tags: DISCOVERY }]]);
    expect(codes(validateEc2NodeClass(some))).toEqual([]);
  });

  test('CEL windows alias with extra @ parts passes, as split()[1] does', () => {
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [ALIAS, 'windows2022@latest@x'])))).toEqual([]);
  });

  test('CEL evictionSoft without evictionSoftGracePeriod is rejected (the CEL `in` errors)', () => {
    const issues = validateEc2NodeClass(patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '10%' } }]));
    expect(codes(issues)).toEqual(['EvictionSoftWithoutGracePeriod']);
  });
});

describe('EC2NodeClass schema', () => {
  const cases: [string, [Path, unknown][], string, RegExp][] = [
    [
      'amiFamily Ubuntu (removed in v1)',
      [['spec.amiFamily', 'Ubuntu']],
      'spec.amiFamily',
      /allowed values: AL2, AL2023, Bottlerocket, Custom, Windows2019, Windows2022, Windows2025/,
    ],
    ['alias longer than 30', [[ALIAS, `al2023@v${'1'.repeat(30)}`]], ALIAS_FIELD, /at most 30 characters/],
    ['no amiSelectorTerms', [[AMI, undefined]], AMI, /is required/],
    ['no AMI term', [[AMI, []]], AMI, /at least 1 item/],
    [
      '31 AMI terms',
      [
        [AMI, Array.from({ length: 31 }, (_, i) => ({ name: `n${i}` }))],
        ['spec.amiFamily', 'AL2023'],
      ],
      AMI,
      /at most 30 items/,
    ],
    [
      'AMI id without the ami- prefix',
      [
        [AMI, [{ id: '0123' }]],
        ['spec.amiFamily', 'AL2023'],
      ],
      `${AMI}[0].id`,
      /PatternMismatch/,
    ],
    ['subnet id in upper case', [[SUBNET, [{ id: 'SUBNET-1' }]]], `${SUBNET}[0].id`, /PatternMismatch/],
    [
      '21 selector tags',
      [[SUBNET, [{ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }]]],
      `${SUBNET}[0].tags`,
      /at most 20 entries/,
    ],
    [
      'capacity reservation owner of 11 digits',
      [[CR, [{ ownerID: '12345678901', instanceMatchCriteria: 'open' }]]],
      `${CR}[0].ownerID`,
      /PatternMismatch/,
    ],
    [
      'capacity reservation match criteria closed',
      [[CR, [{ instanceMatchCriteria: 'closed' }]]],
      `${CR}[0].instanceMatchCriteria`,
      /allowed values: open, targeted/,
    ],
    ['volume size without a unit', [ebs({ volumeSize: '100' })], 'spec.blockDeviceMappings[0].ebs.volumeSize', /InvalidVolumeSize/],
    ['volume size over 64T', [ebs({ volumeSize: '65T' })], 'spec.blockDeviceMappings[0].ebs.volumeSize', /InvalidVolumeSize/],
    ['volume type gp4', [ebs({ volumeSize: '1Gi', volumeType: 'gp4' })], 'spec.blockDeviceMappings[0].ebs.volumeType', /UnsupportedValue/],
    [
      'volumeInitializationRate 50',
      [ebs({ snapshotID: 's', volumeInitializationRate: 50 })],
      'spec.blockDeviceMappings[0].ebs.volumeInitializationRate',
      /between 100 and 300/,
    ],
    ['iops as a string', [ebs({ volumeSize: '1Gi', iops: '3000' })], 'spec.blockDeviceMappings[0].ebs.iops', /must be an integer/],
    ['hop limit 65', [['spec.metadataOptions', { httpPutResponseHopLimit: 65 }]], 'spec.metadataOptions.httpPutResponseHopLimit', /between 1 and 64/],
    [
      'httpTokens disabled',
      [['spec.metadataOptions', { httpTokens: 'disabled' }]],
      'spec.metadataOptions.httpTokens',
      /allowed values: required, optional/,
    ],
    ['image GC percent 101', [[K, { imageGCHighThresholdPercent: 101 }]], `${K}.imageGCHighThresholdPercent`, /between 0 and 100/],
    [
      'maxPods beyond int32',
      [[K, { maxPods: 2 ** 31 }]],
      `${K}.maxPods`,
      /2147483648 does not fit a 32-bit integer .*cannot decode.*\(Int32Overflow\)/,
    ],
    [
      'evictionHard that is not a quantity',
      [[K, { evictionHard: { 'memory.available': 'lots' } }]],
      `${K}.evictionHard["memory.available"]`,
      /InvalidEvictionThreshold/,
    ],
    ['kubeReserved that is not a quantity', [[K, { kubeReserved: { cpu: 'one' } }]], `${K}.kubeReserved.cpu`, /InvalidQuantity/],
    ['clusterDNS as a string', [[K, { clusterDNS: '10.100.0.10' }]], `${K}.clusterDNS`, /must be a list/],
    [
      'network interface without networkCardIndex',
      [['spec.networkInterfaces', [{ deviceIndex: 0, interfaceType: 'interface' }]]],
      'spec.networkInterfaces[0].networkCardIndex',
      /is required/,
    ],
    [
      '151 network interfaces',
      [['spec.networkInterfaces', Array.from({ length: 151 }, (_, i) => ({ networkCardIndex: i, deviceIndex: 0, interfaceType: 'interface' }))]],
      'spec.networkInterfaces',
      /at most 150 items/,
    ],
    [
      'placement group id with the wrong prefix',
      [['spec.placementGroupSelector', { id: 'pgx-1' }]],
      'spec.placementGroupSelector.id',
      /PatternMismatch/,
    ],
    ['empty placement group name', [['spec.placementGroupSelector', { name: '' }]], 'spec.placementGroupSelector.name', /at least 1 character/],
    ['negative ipPrefixCount', [['spec.ipPrefixCount', -1]], 'spec.ipPrefixCount', /must be at least 0, got -1 \(OutOfRange\)/],
    ['instanceStorePolicy RAID1', [['spec.instanceStorePolicy', 'RAID1']], 'spec.instanceStorePolicy', /allowed values: RAID0/],
    ['udpTimeout 10', [['spec.connectionTracking', { udpTimeout: 10 }]], 'spec.connectionTracking.udpTimeout', /between 30 and 60/],
    [
      'nested virtualization on',
      [['spec.cpuOptions', { nestedVirtualization: 'on' }]],
      'spec.cpuOptions.nestedVirtualization',
      /allowed values: enabled, disabled/,
    ],
    ['tag value that is a number', [['spec.tags', { cost: 5 }]], 'spec.tags.cost', /must be a string, got integer 5/],
    ['associatePublicIPAddress as a string', [['spec.associatePublicIPAddress', 'true']], 'spec.associatePublicIPAddress', /must be a boolean/],
    ['subnetSelector (a v1alpha1 field)', [['spec.subnetSelector', DISCOVERY]], 'spec.subnetSelector', /UnknownField/],
    ['v1beta1 field spec.instanceProfile misspelled', [['spec.instanceprofile', 'x']], 'spec.instanceprofile', /did you mean "instanceProfile"/],
  ];

  test.each(cases)('rejects %s', (_, changes, field, message) => {
    const lines = errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ...changes)));
    expect(lines.filter((l) => l.startsWith(`${field}: `))).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  test('accepts every field the CRD has', () => {
    const full = ec2NodeClass({
      amiFamily: 'AL2023',
      amiSelectorTerms: [{ alias: 'al2023@v20250505' }],
      subnetSelectorTerms: [{ tags: DISCOVERY }, { id: 'subnet-0abc' }],
      securityGroupSelectorTerms: [{ id: 'sg-0abc' }, { name: 'nodes' }, { tags: DISCOVERY }],
      capacityReservationSelectorTerms: [{ id: 'cr-0abc' }, { tags: { team: 'ml' }, ownerID: '123456789012', instanceMatchCriteria: 'targeted' }],
      placementGroupSelector: { name: 'cluster-pg' },
      kubelet: {
        clusterDNS: ['10.100.0.10'],
        cpuCFSQuota: true,
        maxPods: 110,
        podsPerCore: 10,
        evictionHard: { 'memory.available': '5%' },
        evictionSoft: { 'memory.available': '500Mi' },
        evictionSoftGracePeriod: { 'memory.available': '1m30s' },
        evictionMaxPodGracePeriod: 60,
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
        kubeReserved: { cpu: '100m', memory: '1Gi' },
        systemReserved: { memory: '500Mi', pid: '1000' },
      },
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: {
            volumeSize: '100Gi',
            volumeType: 'gp3',
            iops: 3000,
            throughput: 125,
            encrypted: true,
            kmsKeyID: 'alias/ebs',
            deleteOnTermination: true,
          },
        },
      ],
      metadataOptions: { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' },
      userData: '#!/bin/bash\necho hi',
      tags: { team: 'platform' },
      associatePublicIPAddress: false,
      detailedMonitoring: true,
      instanceStorePolicy: 'RAID0',
      ipPrefixCount: 1,
      context: 'c-123',
      cpuOptions: { nestedVirtualization: 'disabled' },
      connectionTracking: { tcpEstablishedTimeout: 432000, udpStreamTimeout: 60, udpTimeout: 30 },
      networkInterfaces: [
        { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
        { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
      ],
    });
    expect(validateEc2NodeClass(full)).toEqual([]);
  });

  test.each(['Never', '2 minutes', '90', ''])(
    'rejects an evictionSoftGracePeriod of %p, which the controller cannot decode as a Go duration',
    (value) => {
      const m = patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': value } }]);
      expect(errorLines(validateEc2NodeClass(m))).toEqual([
        expect.stringMatching(
          /^spec.kubelet.evictionSoftGracePeriod\["memory.available"\]: .* is not a Go duration; .*the Karpenter controller cannot decode this EC2NodeClass.* \(InvalidKubeletDuration\)$/,
        ),
      ]);
    },
  );

  test.each(['1m30s', '90s', '1.5h', '0', '500ms'])('accepts the Go duration %p as an evictionSoftGracePeriod', (value) => {
    const m = patched(ec2NodeClass(), [K, { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': value } }]);
    expect(validateEc2NodeClass(m)).toEqual([]);
  });

  test('reports a missing spec, which the CRD alone would accept, as a runtime error', () => {
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), spec: undefined }))).toEqual([
      expect.stringMatching(/^spec: is missing: the API server accepts.*\(Ec2NodeClassWithoutSpec\)$/),
    ]);
  });

  test('names the kind with the right article', () => {
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), metadata: undefined, apiVersion: 'karpenter.k8s.aws/v1' }))).toEqual([
      'metadata: is required: an EC2NodeClass needs metadata.name (RequiredField)',
    ]);
    expect(errorLines(validateEc2NodeClass({ ...ec2NodeClass(), metadata: {} }))).toEqual([
      'metadata.name: is required: kubectl apply and Terraform identify an EC2NodeClass by its name (RequiredField)',
    ]);
  });

  test('rejects the wrong apiVersion and kind', () => {
    expect(codes(validateEc2NodeClass({ ...ec2NodeClass(), apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClasses' }))).toEqual([
      'WrongApiVersion',
      'WrongKind',
    ]);
  });

  test('skips checks on unresolved values', () => {
    const TOKEN = '${TfToken[TOKEN.7]}';
    const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('TfToken') };
    const m = patched(
      ec2NodeClass(),
      ['spec.role', TOKEN],
      [SG, [{ id: TOKEN }]],
      ['spec.tags', { [TOKEN]: 'owned', team: TOKEN }],
      [K, { maxPods: TOKEN }],
      ['spec.networkInterfaces', [{ networkCardIndex: 0, deviceIndex: TOKEN, interfaceType: 'interface' }]],
    );
    expect(validateEc2NodeClass(m, ctx)).toEqual([]);
  });
});

describe('agreement with the API server', () => {
  test('null map values are pruned like the API server does (PruneNonNullableNullsWithoutDefaults)', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.tags', { team: null, 'kubernetes.io/cluster/x': null, env: 'prod' }],
      [K, { evictionHard: { 'memory.available': null }, evictionSoft: { 'memory.available': null }, kubeReserved: { cpu: null } }],
      [SUBNET, [{ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i === 0 ? null : 'v'])) }]],
    );
    expect(errorLines(validateEc2NodeClass(m))).toEqual([]);
  });

  test('null map values do not count towards maxProperties, but 21 real selector tags still do', () => {
    const tags = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`k${i}`, i === 0 ? null : 'v']));
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [SUBNET, [{ tags }]])))).toEqual(['TooManyProperties']);
  });

  test('a null known field is absent; a null in a list and a null unknown field are still errors', () => {
    expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), ['spec.userData', null], ['spec.kubelet', null])))).toEqual([]);
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), [K, { clusterDNS: [null] }])))).toEqual(['InvalidType']);
    expect(codes(validateEc2NodeClass(patched(ec2NodeClass(), ['spec.noSuchField', null])))).toEqual(['UnknownField']);
  });

  test.each([
    [`${K}.maxPods`, [K, { maxPods: 2 ** 31 }]],
    [`${K}.podsPerCore`, [K, { podsPerCore: 2 ** 31 }]],
    [`${K}.evictionMaxPodGracePeriod`, [K, { evictionMaxPodGracePeriod: -(2 ** 31) - 1 }]],
    ['spec.ipPrefixCount', ['spec.ipPrefixCount', 2 ** 31]],
    ['spec.networkInterfaces[0].networkCardIndex', ni([2 ** 31, 0, 'interface'])],
  ] as [string, [Path, unknown]][])('%s past int32 is Int32Overflow (a runtime check), not OutOfRange', (field, change) => {
    const issues = errorsOf(validateEc2NodeClass(patched(ec2NodeClass(), change)));
    expect(issues.map((i) => [i.field, i.code])).toContainEqual([field, 'Int32Overflow']);
    expect(issues.map((i) => i.code)).not.toContain('OutOfRange');
  });

  test('int32 bounds themselves are accepted', () => {
    expect(errorLines(validateEc2NodeClass(patched(ec2NodeClass(), [K, { maxPods: 2 ** 31 - 1, evictionMaxPodGracePeriod: -(2 ** 31) }])))).toEqual(
      [],
    );
  });
});
