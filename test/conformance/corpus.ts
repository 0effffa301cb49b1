// Test-only corpus of Karpenter v1 NodePool and EC2NodeClass manifests, each valid or invalid
// according to the Karpenter 1.14 CRDs. Rule ids are those of crd-validator.ts:
// `<Kind>:<schema path>:<index>` for CEL rules, `schema:<keyword>:<field path>` for schema errors.

export type Manifest = Record<string, any>;

/** One manifest and what the CRD must say about it. */
export interface CorpusCase {
  /** Unique; says what is special about the manifest. */
  readonly name: string;
  readonly manifest: Manifest;
  /** Ids the CRD must reject the manifest with; absent for a valid manifest. */
  readonly rejectedBy?: readonly string[];
}

/**
 * Transition rules (they reference `oldSelf`): only evaluated on update, so no create-time case
 * can accept or reject them. The coverage test checks this list against the CRDs.
 */
export const TRANSITION_RULES: readonly string[] = [
  'NodePool:spec:0', // has(self.replicas) == has(oldSelf.replicas): static <-> dynamic switch
  'NodePool:spec.template.spec.nodeClassRef:0', // nodeClassRef.group is immutable
  'NodePool:spec.template.spec.nodeClassRef:1', // nodeClassRef.kind is immutable
];

const NODE_CLASS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };
const DISCOVERY = { 'karpenter.sh/discovery': 'my-cluster' };

function nodePool(name: string, spec: Manifest, metadata: Manifest = {}): Manifest {
  return { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name, ...metadata }, spec };
}

function ec2NodeClass(name: string, spec: Manifest, metadata: Manifest = {}): Manifest {
  return { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: { name, ...metadata }, spec };
}

/** Returns a copy of `base` with `value` set at `path` (dots and `[n]`); `undefined` deletes. */
export function patch(base: Manifest, path: string, value: unknown): Manifest {
  const out = structuredClone(base);
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let cur: any = out;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === undefined) cur[k] = {};
    cur = cur[k];
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return out;
}

function patches(base: Manifest, ...changes: Array<[string, unknown]>): Manifest {
  return changes.reduce((m, [p, v]) => patch(m, p, v), base);
}

// ---------------------------------------------------------------------------------------------
// Valid NodePools

/** The getting-started default pool (karpenter.sh docs, v1). */
export const GETTING_STARTED_NODEPOOL = nodePool('default', {
  template: {
    spec: {
      requirements: [
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
        { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
        { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] },
        { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] },
      ],
      nodeClassRef: NODE_CLASS_REF,
      expireAfter: '720h',
    },
  },
  limits: { cpu: 1000 },
  disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m' },
});

/** The smallest NodePool the CRD accepts; the base of the invalid cases. */
export const MINIMAL_NODEPOOL = nodePool('minimal', {
  template: { spec: { nodeClassRef: NODE_CLASS_REF, requirements: [] } },
});

export const VALID_NODEPOOLS: readonly CorpusCase[] = [
  { name: 'NodePool: getting-started default pool', manifest: GETTING_STARTED_NODEPOOL },
  {
    // ObjectMeta is a Go struct: null decodes to the zero value.
    name: 'NodePool: null metadata label value',
    manifest: { ...MINIMAL_NODEPOOL, metadata: { name: 'a', labels: { team: null } } },
  },
  {
    // Pruned before validation (PruneNonNullableNullsWithoutDefaults): as if absent.
    name: 'NodePool: null limits, template label and weight',
    manifest: patch(
      patch(patch(MINIMAL_NODEPOOL, 'spec.limits', { cpu: null, memory: '10Gi' }), 'spec.template.metadata', { labels: { team: null } }),
      'spec.weight',
      null,
    ),
  },
  {
    name: 'NodePool: taint timeAdded on Feb 29 of a leap year, with an offset',
    manifest: patch(MINIMAL_NODEPOOL, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2024-02-29T23:59:59.5+02:00' }]),
  },
  { name: 'NodePool: minimal (no disruption, limits or weight: defaults apply)', manifest: MINIMAL_NODEPOOL },
  {
    name: 'NodePool: spot and on-demand with weight, minValues and budgets',
    manifest: nodePool('spot-and-on-demand', {
      weight: 50,
      template: {
        metadata: { labels: { team: 'web', 'karpenter.sh/capacity-type': 'spot' }, annotations: { 'example.com/owner': 'platform' } },
        spec: {
          nodeClassRef: NODE_CLASS_REF,
          requirements: [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
            { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5', 'm6i', 'm7i', 'c6i'], minValues: 3 },
            { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['33'] },
            { key: 'karpenter.k8s.aws/instance-memory', operator: 'Gte', values: ['4096'] },
            { key: 'karpenter.k8s.aws/instance-size', operator: 'NotIn', values: ['nano', 'micro', 'small'] },
            { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a', 'eu-west-1b'] },
          ],
          expireAfter: '168h',
          terminationGracePeriod: '48h',
        },
      },
      limits: { cpu: '1000', memory: '1000Gi' },
      disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '30s', budgets: [{ nodes: '20%' }, { nodes: '5' }] },
    }),
  },
  {
    name: 'NodePool: GPU pool with taints, startup taints and a GPU limit',
    manifest: nodePool('gpu', {
      weight: 10,
      template: {
        metadata: { labels: { 'nvidia.com/gpu.present': 'true', 'karpenter.k8s.aws/instance-gpu-manufacturer': 'nvidia' } },
        spec: {
          nodeClassRef: { ...NODE_CLASS_REF, name: 'gpu' },
          requirements: [
            { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['g5', 'g6', 'p4d'] },
            { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'Gt', values: ['0'] },
            { key: 'karpenter.k8s.aws/instance-gpu-memory', operator: 'Lte', values: ['81920'] },
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
            { key: 'karpenter.k8s.aws/instance-local-nvme', operator: 'Exists' },
          ],
          taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
          startupTaints: [{ key: 'node.example.com/initializing', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }],
          expireAfter: 'Never',
        },
      },
      limits: { 'nvidia.com/gpu': 16, cpu: 512 },
      disruption: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '10m' },
    }),
  },
  {
    name: 'NodePool: static capacity with replicas and limits.nodes',
    manifest: nodePool('static', {
      replicas: 3,
      template: {
        spec: {
          nodeClassRef: NODE_CLASS_REF,
          requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m7i.xlarge'] }],
        },
      },
      limits: { nodes: 5 },
    }),
  },
  {
    name: 'NodePool: budgets with schedule, duration and reasons; nodes defaulted',
    manifest: nodePool('batch', {
      template: {
        spec: {
          nodeClassRef: NODE_CLASS_REF,
          requirements: [
            { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
            { key: 'karpenter.k8s.aws/instance-hypervisor', operator: 'DoesNotExist' },
          ],
          taints: [{ key: 'role', value: 'batch', effect: 'NoSchedule' }],
        },
      },
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: 'Never',
        budgets: [
          { nodes: '10%' },
          { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h', reasons: ['Underutilized', 'Drifted'] },
          // nodes is required, but has a default, so the API server fills it in.
          { schedule: '@daily', duration: '1h30m' },
        ],
      },
    }),
  },
  {
    name: 'NodePool: Balanced consolidation, zero-minute budget duration with 0s suffix',
    manifest: nodePool('balanced', {
      template: {
        spec: { nodeClassRef: NODE_CLASS_REF, requirements: [{ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gte', values: ['6'] }] },
      },
      disruption: {
        consolidationPolicy: 'Balanced',
        consolidateAfter: '5m',
        budgets: [{ nodes: '100%', schedule: '*/5 * * * *', duration: '10m0s' }],
      },
    }),
  },
  {
    // The CRD puts pattern and maxLength on the values list, not its items, so the API server
    // does not check requirement values; the Karpenter controller does (RuntimeValidate).
    name: 'NodePool: requirement values that are not label values (not checked by the API server)',
    manifest: patch(MINIMAL_NODEPOOL, 'spec.template.spec.requirements', [
      { key: 'example.com/tier', operator: 'In', values: ['a b', 'x'.repeat(70)] },
      { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['+4'] },
    ]),
  },
  {
    name: 'NodePool: Exists with values, NotIn with none, duplicate keys, minValues on NotIn',
    manifest: patch(MINIMAL_NODEPOOL, 'spec.template.spec.requirements', [
      { key: 'example.com/a', operator: 'Exists', values: ['ignored'] },
      { key: 'example.com/b', operator: 'NotIn', values: [] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'example.com/c', operator: 'NotIn', values: ['x'], minValues: 3 },
    ]),
  },
  {
    name: 'NodePool: empty label value, taint value with a prefix, name of 100 characters, metadata.namespace',
    manifest: patches(
      MINIMAL_NODEPOOL,
      ['metadata.name', 'a'.repeat(100)],
      ['metadata.namespace', 'ignored-for-cluster-scoped'],
      ['spec.template.metadata.labels', { team: '' }],
      ['spec.template.spec.taints', [{ key: 'dedicated', value: 'example.com/gpu', effect: 'NoSchedule' }]],
    ),
  },
  {
    name: 'NodePool: static pool with replicas 0 and empty limits; status is ignored',
    manifest: { ...patches(MINIMAL_NODEPOOL, ['spec.replicas', 0], ['spec.limits', {}]), status: { nodes: 'not validated' } },
  },
  { name: 'NodePool: generateName instead of name', manifest: { ...MINIMAL_NODEPOOL, metadata: { generateName: 'pool-' } } },
  {
    // The controller rejects these (its validateWellKnownValues); the API server does not.
    name: 'NodePool: unknown tenancy and capacity types, minValues counting unknown values, a nodeClassRef name too long for a label',
    manifest: patches(
      MINIMAL_NODEPOOL,
      ['spec.template.spec.nodeClassRef.name', 'n'.repeat(64)],
      [
        'spec.template.spec.requirements',
        [
          { key: 'karpenter.k8s.aws/instance-tenancy', operator: 'In', values: ['host'] },
          { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'ondemand'], minValues: 2 },
        ],
      ],
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// Valid EC2NodeClasses

/** The getting-started default node class (karpenter.sh docs, v1). */
export const GETTING_STARTED_NODECLASS = ec2NodeClass('default', {
  role: 'KarpenterNodeRole-my-cluster',
  amiSelectorTerms: [{ alias: 'al2023@latest' }],
  subnetSelectorTerms: [{ tags: DISCOVERY }],
  securityGroupSelectorTerms: [{ tags: DISCOVERY }],
});

const BASE = GETTING_STARTED_NODECLASS;

export const VALID_EC2NODECLASSES: readonly CorpusCase[] = [
  { name: 'EC2NodeClass: getting-started AL2023 alias', manifest: GETTING_STARTED_NODECLASS },
  // The API server does not range-check format int32 (the controller then fails to decode: Int32Overflow).
  { name: 'EC2NodeClass: maxPods beyond int32', manifest: patch(GETTING_STARTED_NODECLASS, 'spec.kubelet', { maxPods: 3_000_000_000 }) },
  { name: 'EC2NodeClass: ipPrefixCount beyond int32', manifest: patch(GETTING_STARTED_NODECLASS, 'spec.ipPrefixCount', 2 ** 31) },
  // Nulls of map values and known fields are pruned before validation (PruneNonNullableNullsWithoutDefaults).
  {
    name: 'EC2NodeClass: null tag and kubelet map values',
    manifest: patch(patch(GETTING_STARTED_NODECLASS, 'spec.tags', { team: null, 'kubernetes.io/cluster/x': null }), 'spec.kubelet', {
      evictionHard: { 'memory.available': null },
      evictionSoft: { 'memory.available': null },
      maxPods: null,
    }),
  },
  {
    name: 'EC2NodeClass: 21 selector tags of which 2 are null',
    manifest: patch(GETTING_STARTED_NODECLASS, 'spec.subnetSelectorTerms', [
      { tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i < 2 ? null : 'v'])) },
    ]),
  },
  {
    name: 'EC2NodeClass: Bottlerocket with two block devices, one the root volume',
    manifest: ec2NodeClass('bottlerocket', {
      amiFamily: 'Bottlerocket',
      amiSelectorTerms: [{ alias: 'bottlerocket@v1.30.0' }],
      role: 'KarpenterNodeRole-my-cluster',
      subnetSelectorTerms: [{ tags: DISCOVERY }],
      securityGroupSelectorTerms: [{ tags: DISCOVERY }],
      blockDeviceMappings: [
        { deviceName: '/dev/xvda', ebs: { volumeSize: '4Gi', volumeType: 'gp3', encrypted: true, deleteOnTermination: true } },
        {
          deviceName: '/dev/xvdb',
          rootVolume: true,
          ebs: { volumeSize: '100Gi', volumeType: 'gp3', iops: 3000, throughput: 125, encrypted: true, kmsKeyID: 'alias/ebs' },
        },
      ],
      userData: '[settings.kubernetes]\nmax-pods = 110\n',
    }),
  },
  {
    name: 'EC2NodeClass: custom AMI by id with amiFamily AL2023 and user data',
    manifest: ec2NodeClass('custom-ami', {
      amiFamily: 'AL2023',
      amiSelectorTerms: [
        { id: 'ami-0123456789abcdef0' },
        { name: 'my-golden-al2023-*', owner: '123456789012' },
        { tags: { 'example.com/golden': 'true' }, owner: 'self' },
      ],
      role: 'KarpenterNodeRole-my-cluster',
      subnetSelectorTerms: [{ id: 'subnet-0123456789abcdef0' }, { id: 'subnet-0fedcba9876543210' }],
      securityGroupSelectorTerms: [{ id: 'sg-0123456789abcdef0' }, { name: 'eks-cluster-sg-my-cluster' }],
      userData: 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="//"\n\n--//--\n',
    }),
  },
  {
    name: 'EC2NodeClass: Custom family with an SSM parameter and an instance profile',
    manifest: ec2NodeClass('custom-ssm', {
      amiFamily: 'Custom',
      amiSelectorTerms: [{ ssmParameter: '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/recommended/image_id' }],
      instanceProfile: 'KarpenterNodeInstanceProfile-my-cluster',
      subnetSelectorTerms: [{ tags: DISCOVERY }],
      securityGroupSelectorTerms: [{ tags: DISCOVERY }],
    }),
  },
  {
    name: 'EC2NodeClass: AL2 alias with amiFamily Custom',
    manifest: patches(BASE, ['metadata.name', 'al2-custom'], ['spec.amiFamily', 'Custom'], ['spec.amiSelectorTerms', [{ alias: 'al2@v20240807' }]]),
  },
  {
    name: 'EC2NodeClass: Windows 2022 latest',
    manifest: patches(
      BASE,
      ['metadata.name', 'windows'],
      ['spec.amiFamily', 'Windows2022'],
      ['spec.amiSelectorTerms', [{ alias: 'windows2022@latest' }]],
    ),
  },
  {
    name: 'EC2NodeClass: capacity reservations by id, by tags and by match criteria',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [
      { id: 'cr-0123456789abcdef0' },
      { tags: { 'example.com/reservation': 'ml-training' }, ownerID: '123456789012' },
      { instanceMatchCriteria: 'open' },
    ]),
  },
  {
    name: 'EC2NodeClass: kubelet settings',
    manifest: patch(BASE, 'spec.kubelet', {
      maxPods: 110,
      podsPerCore: 10,
      clusterDNS: ['10.100.0.10'],
      cpuCFSQuota: true,
      systemReserved: { cpu: '100m', memory: '100Mi', 'ephemeral-storage': '1Gi', pid: '1000' },
      kubeReserved: { cpu: '200m', memory: '100Mi', 'ephemeral-storage': '3Gi' },
      evictionHard: { 'memory.available': '5%', 'nodefs.available': '10%', 'nodefs.inodesFree': '10%' },
      evictionSoft: { 'memory.available': '500Mi', 'nodefs.available': '15%' },
      evictionSoftGracePeriod: { 'memory.available': '1m', 'nodefs.available': '1m30s' },
      evictionMaxPodGracePeriod: 60,
      imageGCHighThresholdPercent: 85,
      imageGCLowThresholdPercent: 80,
    }),
  },
  {
    name: 'EC2NodeClass: block device restored from a snapshot with an initialization rate',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [
      { deviceName: '/dev/xvda', rootVolume: true, ebs: { volumeSize: '80Gi', volumeType: 'gp3' } },
      {
        deviceName: '/dev/xvdc',
        rootVolume: false,
        ebs: { snapshotID: 'snap-0123456789abcdef0', volumeInitializationRate: 200, volumeType: 'io2', iops: 10000 },
      },
    ]),
  },
  {
    name: 'EC2NodeClass: networking, placement and instance options',
    manifest: patches(
      BASE,
      ['metadata.name', 'efa'],
      [
        'spec.networkInterfaces',
        [
          { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
          { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
          { networkCardIndex: 2, deviceIndex: 1, interfaceType: 'efa-only' },
        ],
      ],
      ['spec.placementGroupSelector', { name: 'training-cluster-pg' }],
      ['spec.connectionTracking', { tcpEstablishedTimeout: 3600, udpTimeout: 30 }],
      ['spec.metadataOptions', { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' }],
      ['spec.tags', { team: 'ml', 'cost-center': '1234' }],
      ['spec.detailedMonitoring', true],
      ['spec.associatePublicIPAddress', false],
      ['spec.instanceStorePolicy', 'RAID0'],
      ['spec.ipPrefixCount', 1],
      ['spec.cpuOptions', { nestedVirtualization: 'disabled' }],
      ['spec.context', 'ctx-0123456789abcdef0'],
    ),
  },
  {
    name: 'EC2NodeClass: placement group by id, security group by name and tags',
    manifest: patches(
      BASE,
      ['spec.placementGroupSelector', { id: 'pg-0123456789abcdef0' }],
      ['spec.securityGroupSelectorTerms', [{ tags: { Name: 'nodes', ...DISCOVERY } }, { name: 'extra' }]],
      ['spec.subnetSelectorTerms', [{ tags: { 'kubernetes.io/role/internal-elb': '1' } }, { id: 'subnet-0123456789abcdef0' }]],
    ),
  },
  {
    // Mutual exclusion is `!self.all(...)`: it only fails when every term breaks it.
    name: 'EC2NodeClass: id combined with other fields in one term next to a clean term',
    manifest: patches(
      BASE,
      ['spec.capacityReservationSelectorTerms', [{ id: 'cr-0123456789abcdef0', ownerID: '123456789012' }, { tags: { a: 'b' } }]],
      ['spec.securityGroupSelectorTerms', [{ id: 'sg-0123456789abcdef0', tags: DISCOVERY }, { tags: DISCOVERY }]],
      ['spec.subnetSelectorTerms', [{ id: 'subnet-0123456789abcdef0', tags: DISCOVERY }, { id: 'subnet-0fedcba9876543210' }]],
    ),
  },
  {
    // The alias and id exclusivity rules do not list ssmParameter.
    name: 'EC2NodeClass: alias with an ssmParameter in the same term',
    manifest: patch(BASE, 'spec.amiSelectorTerms', [{ alias: 'al2023@latest', ssmParameter: '/custom/ami' }]),
  },
  {
    // The volumeSize pattern has an empty alternative before Ti/T; evictionHard allows ''.
    name: "EC2NodeClass: volumeSize 'Ti', empty evictionHard value, empty snapshotID, empty networkInterfaces",
    manifest: patches(
      BASE,
      [
        'spec.blockDeviceMappings',
        [
          { deviceName: '/dev/xvda', ebs: { volumeSize: 'Ti' } },
          { deviceName: '/dev/xvdb', ebs: { snapshotID: '' } },
        ],
      ],
      ['spec.kubelet', { evictionHard: { 'memory.available': '' } }],
      ['spec.networkInterfaces', []],
    ),
  },
  {
    // The controller decodes evictionSoftGracePeriod as Go durations; the CRD asks only for strings.
    name: 'EC2NodeClass: evictionSoftGracePeriod that is not a Go duration (runtime check only)',
    manifest: patch(BASE, 'spec.kubelet', { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': 'Never' } }),
  },
];

// ---------------------------------------------------------------------------------------------
// Invalid NodePools: at least one per CEL rule, then schema-level ones.

const NP = MINIMAL_NODEPOOL;
const req = (r: Manifest) => patch(NP, 'spec.template.spec.requirements', [r]);

export const INVALID_NODEPOOLS: readonly CorpusCase[] = [
  // CEL rules
  {
    name: 'NodePool: static pool with a cpu limit',
    manifest: patches(NP, ['spec.replicas', 2], ['spec.limits', { nodes: 4, cpu: 100 }]),
    rejectedBy: ['NodePool:spec:1'],
  },
  { name: 'NodePool: static pool with weight', manifest: patches(NP, ['spec.replicas', 2], ['spec.weight', 10]), rejectedBy: ['NodePool:spec:2'] },
  {
    name: 'NodePool: budget schedule without duration',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '0', schedule: '@daily' }] }),
    rejectedBy: ['NodePool:spec.disruption.budgets:0'],
  },
  {
    name: 'NodePool: budget duration without schedule',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '0', duration: '1h' }] }),
    rejectedBy: ['NodePool:spec.disruption.budgets:0'],
  },
  {
    name: 'NodePool: label in the karpenter.sh domain',
    manifest: patch(NP, 'spec.template.metadata.labels', { 'team.karpenter.sh/x': 'a' }),
    rejectedBy: ['NodePool:spec.template.metadata.labels:0'],
  },
  {
    name: 'NodePool: label karpenter.sh/nodepool',
    manifest: patch(NP, 'spec.template.metadata.labels', { 'karpenter.sh/nodepool': 'a' }),
    rejectedBy: ['NodePool:spec.template.metadata.labels:1'],
  },
  {
    name: 'NodePool: label kubernetes.io/hostname',
    manifest: patch(NP, 'spec.template.metadata.labels', { 'kubernetes.io/hostname': 'a' }),
    rejectedBy: ['NodePool:spec.template.metadata.labels:2'],
  },
  {
    name: 'NodePool: label in the karpenter.k8s.aws domain',
    manifest: patch(NP, 'spec.template.metadata.labels', { 'karpenter.k8s.aws/team': 'a' }),
    rejectedBy: ['NodePool:spec.template.metadata.labels:3'],
  },
  {
    name: 'NodePool: empty nodeClassRef.group',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef.group', ''),
    rejectedBy: ['NodePool:spec.template.spec.nodeClassRef.group:0'],
  },
  {
    name: 'NodePool: empty nodeClassRef.kind',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef.kind', ''),
    rejectedBy: ['NodePool:spec.template.spec.nodeClassRef.kind:0'],
  },
  {
    name: 'NodePool: empty nodeClassRef.name',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef.name', ''),
    rejectedBy: ['NodePool:spec.template.spec.nodeClassRef.name:0'],
  },
  {
    name: 'NodePool: In requirement with no values',
    manifest: req({ key: 'kubernetes.io/arch', operator: 'In', values: [] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:0'],
  },
  {
    name: 'NodePool: In requirement with values omitted (evaluation error)',
    manifest: req({ key: 'kubernetes.io/arch', operator: 'In' }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:0'],
  },
  {
    name: 'NodePool: Gt requirement with a negative value',
    manifest: req({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['-1'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:1'],
  },
  {
    name: 'NodePool: Lt requirement with two values',
    manifest: req({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['8', '16'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:1'],
  },
  {
    name: 'NodePool: Gte requirement with a non-integer',
    manifest: req({ key: 'karpenter.k8s.aws/instance-memory', operator: 'Gte', values: ['4Gi'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:1'],
  },
  {
    name: "NodePool: Lte requirement with '' (Go int() rejects it)",
    manifest: req({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lte', values: [''] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:1'],
  },
  {
    name: "NodePool: Gt requirement with ' 4' (Go int() rejects spaces)",
    manifest: req({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: [' 4'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:1'],
  },
  {
    name: 'NodePool: minValues larger than the number of values',
    manifest: req({ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5', 'm6i'], minValues: 3 }),
    rejectedBy: ['NodePool:spec.template.spec.requirements:2'],
  },
  {
    name: 'NodePool: requirement key in the karpenter.sh domain',
    manifest: req({ key: 'karpenter.sh/team', operator: 'Exists' }),
    rejectedBy: ['NodePool:spec.template.spec.requirements[*].key:0'],
  },
  {
    // endsWith without a dot: any domain ending in karpenter.sh is restricted.
    name: 'NodePool: requirement key in notkarpenter.sh',
    manifest: req({ key: 'notkarpenter.sh/team', operator: 'Exists' }),
    rejectedBy: ['NodePool:spec.template.spec.requirements[*].key:0'],
  },
  {
    name: 'NodePool: requirement key karpenter.sh/nodepool',
    manifest: req({ key: 'karpenter.sh/nodepool', operator: 'In', values: ['a'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements[*].key:1'],
  },
  {
    name: 'NodePool: requirement key kubernetes.io/hostname',
    manifest: req({ key: 'kubernetes.io/hostname', operator: 'In', values: ['a'] }),
    rejectedBy: ['NodePool:spec.template.spec.requirements[*].key:2'],
  },
  {
    name: 'NodePool: unknown requirement key in the karpenter.k8s.aws domain',
    manifest: req({ key: 'karpenter.k8s.aws/instance-colour', operator: 'Exists' }),
    rejectedBy: ['NodePool:spec.template.spec.requirements[*].key:3'],
  },

  // schema
  { name: 'NodePool: v1beta1 apiVersion', manifest: patch(NP, 'apiVersion', 'karpenter.sh/v1beta1'), rejectedBy: ['schema:apiVersion:apiVersion'] },
  { name: 'NodePool: no metadata.name', manifest: patch(NP, 'metadata', {}), rejectedBy: ['schema:required:metadata.name'] },
  { name: 'NodePool: metadata.name with upper case', manifest: patch(NP, 'metadata.name', 'Default'), rejectedBy: ['schema:pattern:metadata.name'] },
  { name: 'NodePool: no template', manifest: patch(NP, 'spec.template', undefined), rejectedBy: ['schema:required:spec.template'] },
  {
    name: 'NodePool: no nodeClassRef',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef', undefined),
    rejectedBy: ['schema:required:spec.template.spec.nodeClassRef'],
  },
  {
    name: 'NodePool: no requirements',
    manifest: patch(NP, 'spec.template.spec.requirements', undefined),
    rejectedBy: ['schema:required:spec.template.spec.requirements'],
  },
  {
    name: 'NodePool: nodeClassRef without group (v1beta1 style)',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef', { name: 'default' }),
    rejectedBy: ['schema:required:spec.template.spec.nodeClassRef.group', 'schema:required:spec.template.spec.nodeClassRef.kind'],
  },
  {
    name: 'NodePool: nodeClassRef.group with a slash',
    manifest: patch(NP, 'spec.template.spec.nodeClassRef.group', 'karpenter.k8s.aws/v1'),
    rejectedBy: ['schema:pattern:spec.template.spec.nodeClassRef.group'],
  },
  {
    name: 'NodePool: disruption without consolidateAfter',
    manifest: patch(NP, 'spec.disruption', { consolidationPolicy: 'WhenEmpty' }),
    rejectedBy: ['schema:required:spec.disruption.consolidateAfter'],
  },
  {
    name: 'NodePool: v1beta1 consolidationPolicy WhenUnderutilized',
    manifest: patch(NP, 'spec.disruption', { consolidationPolicy: 'WhenUnderutilized', consolidateAfter: '0s' }),
    rejectedBy: ['schema:enum:spec.disruption.consolidationPolicy'],
  },
  {
    name: 'NodePool: consolidateAfter in days',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '1d' }),
    rejectedBy: ['schema:pattern:spec.disruption.consolidateAfter'],
  },
  {
    name: 'NodePool: expireAfter with a space',
    manifest: patch(NP, 'spec.template.spec.expireAfter', '720 h'),
    rejectedBy: ['schema:pattern:spec.template.spec.expireAfter'],
  },
  {
    name: 'NodePool: terminationGracePeriod Never',
    manifest: patch(NP, 'spec.template.spec.terminationGracePeriod', 'Never'),
    rejectedBy: ['schema:pattern:spec.template.spec.terminationGracePeriod'],
  },
  {
    name: 'NodePool: budget nodes 150%',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '150%' }] }),
    rejectedBy: ['schema:pattern:spec.disruption.budgets[0].nodes'],
  },
  {
    name: 'NodePool: budget duration in seconds',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', schedule: '@daily', duration: '30s' }] }),
    rejectedBy: ['schema:pattern:spec.disruption.budgets[0].duration'],
  },
  {
    name: 'NodePool: budget schedule with four fields',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', schedule: '0 9 * *', duration: '1h' }] }),
    rejectedBy: ['schema:pattern:spec.disruption.budgets[0].schedule'],
  },
  {
    name: 'NodePool: budget reason Expired',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', reasons: ['Expired'] }] }),
    rejectedBy: ['schema:enum:spec.disruption.budgets[0].reasons[0]'],
  },
  {
    name: 'NodePool: duplicate budget reasons (list-type set)',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', reasons: ['Empty', 'Empty'] }] }),
    rejectedBy: ['schema:duplicate:spec.disruption.budgets[0].reasons[1]'],
  },
  { name: 'NodePool: weight 0', manifest: patch(NP, 'spec.weight', 0), rejectedBy: ['schema:minimum:spec.weight'] },
  { name: 'NodePool: weight 101', manifest: patch(NP, 'spec.weight', 101), rejectedBy: ['schema:maximum:spec.weight'] },
  { name: 'NodePool: weight as a string', manifest: patch(NP, 'spec.weight', '10'), rejectedBy: ['schema:type:spec.weight'] },
  { name: 'NodePool: weight 1.5', manifest: patch(NP, 'spec.weight', 1.5), rejectedBy: ['schema:type:spec.weight'] },
  { name: 'NodePool: negative replicas', manifest: patch(NP, 'spec.replicas', -1), rejectedBy: ['schema:minimum:spec.replicas'] },
  {
    name: 'NodePool: limit that is not a quantity',
    manifest: patch(NP, 'spec.limits', { cpu: '10 cores' }),
    rejectedBy: ['schema:pattern:spec.limits[cpu]'],
  },
  { name: 'NodePool: limit that is a boolean', manifest: patch(NP, 'spec.limits', { cpu: true }), rejectedBy: ['schema:type:spec.limits[cpu]'] },
  {
    name: 'NodePool: unknown operator',
    manifest: req({ key: 'kubernetes.io/arch', operator: 'Equals', values: ['amd64'] }),
    rejectedBy: ['schema:enum:spec.template.spec.requirements[0].operator'],
  },
  {
    name: 'NodePool: requirement without operator',
    manifest: req({ key: 'kubernetes.io/arch', values: ['amd64'] }),
    rejectedBy: ['schema:required:spec.template.spec.requirements[0].operator'],
  },
  {
    name: 'NodePool: requirement key with a trailing dash',
    manifest: req({ key: 'example.com/tier-', operator: 'Exists' }),
    rejectedBy: ['schema:pattern:spec.template.spec.requirements[0].key'],
  },
  {
    name: 'NodePool: requirement key longer than 316',
    manifest: req({ key: `example.com/${'a'.repeat(310)}`, operator: 'Exists' }),
    rejectedBy: ['schema:maxLength:spec.template.spec.requirements[0].key'],
  },
  {
    name: 'NodePool: minValues 0',
    manifest: req({ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'], minValues: 0 }),
    rejectedBy: ['schema:minimum:spec.template.spec.requirements[0].minValues'],
  },
  {
    name: 'NodePool: minValues 51',
    manifest: req({ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'], minValues: 51 }),
    rejectedBy: ['schema:maximum:spec.template.spec.requirements[0].minValues'],
  },
  {
    name: 'NodePool: 101 requirements',
    manifest: patch(
      NP,
      'spec.template.spec.requirements',
      Array.from({ length: 101 }, (_, i) => ({ key: `example.com/k${i}`, operator: 'Exists' })),
    ),
    rejectedBy: ['schema:maxItems:spec.template.spec.requirements'],
  },
  {
    name: 'NodePool: taint with an unknown effect',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'dedicated', effect: 'NoWhere' }]),
    rejectedBy: ['schema:enum:spec.template.spec.taints[0].effect'],
  },
  {
    name: 'NodePool: taint without effect',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'dedicated', value: 'gpu' }]),
    rejectedBy: ['schema:required:spec.template.spec.taints[0].effect'],
  },
  {
    name: 'NodePool: taint with an empty key',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: '', effect: 'NoSchedule' }]),
    rejectedBy: ['schema:minLength:spec.template.spec.taints[0].key'],
  },
  {
    name: 'NodePool: taint with an empty value (Kubernetes allows it, the CRD does not)',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'role', value: '', effect: 'NoSchedule' }]),
    rejectedBy: ['schema:pattern:spec.template.spec.taints[0].value'],
  },
  {
    name: 'NodePool: taint value with a space',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'role', value: 'big batch', effect: 'NoSchedule' }]),
    rejectedBy: ['schema:pattern:spec.template.spec.taints[0].value'],
  },
  {
    name: 'NodePool: taint timeAdded with month 13',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2025-13-01T00:00:00Z' }]),
    rejectedBy: ['schema:format:spec.template.spec.taints[0].timeAdded'],
  },
  {
    name: 'NodePool: taint timeAdded with Feb 30',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2025-02-30T00:00:00Z' }]),
    rejectedBy: ['schema:format:spec.template.spec.taints[0].timeAdded'],
  },
  {
    name: 'NodePool: taint timeAdded with Feb 29 of a common year',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2025-02-29T00:00:00Z' }]),
    rejectedBy: ['schema:format:spec.template.spec.taints[0].timeAdded'],
  },
  {
    name: 'NodePool: taint timeAdded with hour 24',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2025-01-01T24:00:00Z' }]),
    rejectedBy: ['schema:format:spec.template.spec.taints[0].timeAdded'],
  },
  {
    name: 'NodePool: taint timeAdded with a space separator',
    manifest: patch(NP, 'spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded: '2025-01-01 10:00:00Z' }]),
    rejectedBy: ['schema:format:spec.template.spec.taints[0].timeAdded'],
  },
  {
    name: 'NodePool: null requirement in the list (nulls in lists are not pruned)',
    manifest: patch(NP, 'spec.template.spec.requirements', [null]),
    rejectedBy: ['schema:type:spec.template.spec.requirements[0]'],
  },
  {
    name: 'NodePool: unknown field set to null',
    manifest: patch(NP, 'spec.template.spec.noSuchField', null),
    rejectedBy: ['schema:unknown-field:spec.template.spec.noSuchField'],
  },
  {
    name: 'NodePool: startup taint timeAdded not RFC 3339',
    manifest: patch(NP, 'spec.template.spec.startupTaints', [{ key: 'init', effect: 'NoSchedule', timeAdded: 'yesterday' }]),
    rejectedBy: ['schema:format:spec.template.spec.startupTaints[0].timeAdded'],
  },
  {
    name: 'NodePool: template label value longer than 63',
    manifest: patch(NP, 'spec.template.metadata.labels', { team: 'a'.repeat(64) }),
    rejectedBy: ['schema:maxLength:spec.template.metadata.labels[team]'],
  },
  {
    name: 'NodePool: template label value with a slash',
    manifest: patch(NP, 'spec.template.metadata.labels', { team: 'a/b' }),
    rejectedBy: ['schema:pattern:spec.template.metadata.labels[team]'],
  },
  {
    name: 'NodePool: kubelet on the NodePool (moved to EC2NodeClass in v1)',
    manifest: patch(NP, 'spec.template.spec.kubelet', { maxPods: 110 }),
    rejectedBy: ['schema:unknown-field:spec.template.spec.kubelet'],
  },
  {
    name: 'NodePool: expireAfter under disruption (v1beta1 place)',
    manifest: patch(NP, 'spec.disruption', { consolidateAfter: '0s', expireAfter: '720h' }),
    rejectedBy: ['schema:unknown-field:spec.disruption.expireAfter'],
  },
];

// ---------------------------------------------------------------------------------------------
// Invalid EC2NodeClasses

const alias = (a: string, family?: string) => patches(BASE, ['spec.amiSelectorTerms', [{ alias: a }]], ['spec.amiFamily', family]);

export const INVALID_EC2NODECLASSES: readonly CorpusCase[] = [
  // CEL rules
  {
    name: 'EC2NodeClass: both role and instanceProfile',
    manifest: patch(BASE, 'spec.instanceProfile', 'my-profile'),
    rejectedBy: ['EC2NodeClass:spec:0'],
  },
  { name: 'EC2NodeClass: neither role nor instanceProfile', manifest: patch(BASE, 'spec.role', undefined), rejectedBy: ['EC2NodeClass:spec:0'] },
  { name: 'EC2NodeClass: AL2 alias with amiFamily AL2023', manifest: alias('al2@latest', 'AL2023'), rejectedBy: ['EC2NodeClass:spec:1'] },
  { name: 'EC2NodeClass: AL2023 alias with amiFamily AL2', manifest: alias('al2023@latest', 'AL2'), rejectedBy: ['EC2NodeClass:spec:2'] },
  {
    name: 'EC2NodeClass: Bottlerocket alias with amiFamily AL2023',
    manifest: alias('bottlerocket@latest', 'AL2023'),
    rejectedBy: ['EC2NodeClass:spec:3'],
  },
  {
    name: 'EC2NodeClass: Windows 2019 alias with amiFamily Windows2022',
    manifest: alias('windows2019@latest', 'Windows2022'),
    rejectedBy: ['EC2NodeClass:spec:4'],
  },
  {
    name: 'EC2NodeClass: Windows 2022 alias with amiFamily AL2023',
    manifest: alias('windows2022@latest', 'AL2023'),
    rejectedBy: ['EC2NodeClass:spec:5'],
  },
  {
    name: 'EC2NodeClass: Windows 2025 alias with amiFamily Windows2019',
    manifest: alias('windows2025@latest', 'Windows2019'),
    rejectedBy: ['EC2NodeClass:spec:6'],
  },
  {
    name: 'EC2NodeClass: AMI by id without amiFamily',
    manifest: patch(BASE, 'spec.amiSelectorTerms', [{ id: 'ami-0123456789abcdef0' }]),
    rejectedBy: ['EC2NodeClass:spec:7'],
  },
  {
    name: 'EC2NodeClass: AMI term with only an owner',
    manifest: patches(BASE, ['spec.amiFamily', 'AL2023'], ['spec.amiSelectorTerms', [{ owner: 'self' }]]),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms:0'],
  },
  {
    name: 'EC2NodeClass: AMI id combined with a name',
    manifest: patches(BASE, ['spec.amiFamily', 'AL2023'], ['spec.amiSelectorTerms', [{ id: 'ami-0123456789abcdef0', name: 'x' }]]),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms:1'],
  },
  {
    name: 'EC2NodeClass: alias combined with an owner',
    manifest: patch(BASE, 'spec.amiSelectorTerms', [{ alias: 'al2023@latest', owner: 'amazon' }]),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms:2'],
  },
  {
    name: 'EC2NodeClass: alias next to another term',
    manifest: patch(BASE, 'spec.amiSelectorTerms', [{ alias: 'al2023@latest' }, { tags: { golden: 'true' } }]),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms:3'],
  },
  { name: 'EC2NodeClass: alias without a version', manifest: alias('al2023'), rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms[*].alias:0'] },
  {
    name: 'EC2NodeClass: alias of an unsupported family',
    manifest: alias('ubuntu@latest', 'Custom'),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms[*].alias:1'],
  },
  {
    name: 'EC2NodeClass: alias with an upper-case family',
    manifest: alias('AL2023@latest'),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms[*].alias:1'],
  },
  {
    name: 'EC2NodeClass: pinned Windows alias',
    manifest: alias('windows2022@v20240101'),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms[*].alias:2'],
  },
  {
    name: 'EC2NodeClass: AMI tag with an empty value',
    manifest: patches(BASE, ['spec.amiFamily', 'AL2023'], ['spec.amiSelectorTerms', [{ tags: { golden: '' } }]]),
    rejectedBy: ['EC2NodeClass:spec.amiSelectorTerms[*].tags:0'],
  },
  {
    name: 'EC2NodeClass: two root volumes',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [
      { deviceName: '/dev/xvda', rootVolume: true, ebs: { volumeSize: '20Gi' } },
      { deviceName: '/dev/xvdb', rootVolume: true, ebs: { volumeSize: '20Gi' } },
    ]),
    rejectedBy: ['EC2NodeClass:spec.blockDeviceMappings:0'],
  },
  {
    name: 'EC2NodeClass: EBS volume without size or snapshot',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeType: 'gp3' } }]),
    rejectedBy: ['EC2NodeClass:spec.blockDeviceMappings[*].ebs:0'],
  },
  {
    name: 'EC2NodeClass: volumeInitializationRate without a snapshot',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '20Gi', volumeInitializationRate: 100 } }]),
    rejectedBy: ['EC2NodeClass:spec.blockDeviceMappings[*].ebs:1'],
  },
  {
    name: 'EC2NodeClass: volumeInitializationRate with an empty snapshot id',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { snapshotID: '', volumeInitializationRate: 100 } }]),
    rejectedBy: ['EC2NodeClass:spec.blockDeviceMappings[*].ebs:1'],
  },
  {
    name: 'EC2NodeClass: capacity reservation term with only an owner',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [{ ownerID: '123456789012' }]),
    rejectedBy: ['EC2NodeClass:spec.capacityReservationSelectorTerms:0'],
  },
  {
    name: 'EC2NodeClass: capacity reservation id combined with an owner',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [{ id: 'cr-0123456789abcdef0', ownerID: '123456789012' }]),
    rejectedBy: ['EC2NodeClass:spec.capacityReservationSelectorTerms:1'],
  },
  {
    // The rule is !self.all(...), so an empty list fails it too.
    name: 'EC2NodeClass: empty capacityReservationSelectorTerms',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', []),
    rejectedBy: ['EC2NodeClass:spec.capacityReservationSelectorTerms:1'],
  },
  {
    name: 'EC2NodeClass: capacity reservation tag with an empty key',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [{ tags: { '': 'x' } }]),
    rejectedBy: ['EC2NodeClass:spec.capacityReservationSelectorTerms[*].tags:0'],
  },
  {
    name: 'EC2NodeClass: empty connectionTracking',
    manifest: patch(BASE, 'spec.connectionTracking', {}),
    rejectedBy: ['EC2NodeClass:spec.connectionTracking:0'],
  },
  {
    name: 'EC2NodeClass: empty instanceProfile',
    manifest: patches(BASE, ['spec.role', undefined], ['spec.instanceProfile', '']),
    rejectedBy: ['EC2NodeClass:spec.instanceProfile:0'],
  },
  {
    name: 'EC2NodeClass: image GC high below low',
    manifest: patch(BASE, 'spec.kubelet', { imageGCHighThresholdPercent: 50, imageGCLowThresholdPercent: 60 }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:0'],
  },
  {
    name: 'EC2NodeClass: image GC high equal to low',
    manifest: patch(BASE, 'spec.kubelet', { imageGCHighThresholdPercent: 70, imageGCLowThresholdPercent: 70 }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:0'],
  },
  {
    name: 'EC2NodeClass: evictionSoft signal without a grace period',
    manifest: patch(BASE, 'spec.kubelet', {
      evictionSoft: { 'memory.available': '5%', 'nodefs.available': '10%' },
      evictionSoftGracePeriod: { 'memory.available': '1m' },
    }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:1'],
  },
  {
    name: 'EC2NodeClass: evictionSoft with no evictionSoftGracePeriod at all',
    manifest: patch(BASE, 'spec.kubelet', { evictionSoft: { 'memory.available': '5%' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:1'],
  },
  {
    name: 'EC2NodeClass: grace period without an evictionSoft signal',
    manifest: patch(BASE, 'spec.kubelet', {
      evictionSoft: { 'memory.available': '5%' },
      evictionSoftGracePeriod: { 'memory.available': '1m', 'nodefs.available': '1m' },
    }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:2'],
  },
  {
    name: 'EC2NodeClass: evictionSoftGracePeriod without evictionSoft (evaluation error)',
    manifest: patch(BASE, 'spec.kubelet', { evictionSoftGracePeriod: { 'memory.available': '1m' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet:2'],
  },
  {
    name: 'EC2NodeClass: unknown evictionHard signal',
    manifest: patch(BASE, 'spec.kubelet', { evictionHard: { 'memory.free': '5%' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.evictionHard:0'],
  },
  {
    name: 'EC2NodeClass: unknown evictionSoft signal',
    manifest: patch(BASE, 'spec.kubelet', { evictionSoft: { 'memory.free': '5%' }, evictionSoftGracePeriod: { 'memory.free': '1m' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.evictionSoft:0', 'EC2NodeClass:spec.kubelet.evictionSoftGracePeriod:0'],
  },
  {
    name: 'EC2NodeClass: unknown kubeReserved resource',
    manifest: patch(BASE, 'spec.kubelet', { kubeReserved: { gpu: '1' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.kubeReserved:0'],
  },
  {
    name: 'EC2NodeClass: negative kubeReserved',
    manifest: patch(BASE, 'spec.kubelet', { kubeReserved: { cpu: '-100m' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.kubeReserved:1'],
  },
  {
    name: 'EC2NodeClass: unknown systemReserved resource',
    manifest: patch(BASE, 'spec.kubelet', { systemReserved: { 'nvidia.com/gpu': '1' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.systemReserved:0'],
  },
  {
    name: 'EC2NodeClass: negative systemReserved',
    manifest: patch(BASE, 'spec.kubelet', { systemReserved: { memory: '-1Gi' } }),
    rejectedBy: ['EC2NodeClass:spec.kubelet.systemReserved:1'],
  },
  {
    name: 'EC2NodeClass: network interfaces without a primary',
    manifest: patch(BASE, 'spec.networkInterfaces', [{ networkCardIndex: 0, deviceIndex: 1, interfaceType: 'interface' }]),
    rejectedBy: ['EC2NodeClass:spec.networkInterfaces:0'],
  },
  {
    name: 'EC2NodeClass: duplicate network interface slot',
    manifest: patch(BASE, 'spec.networkInterfaces', [
      { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
      { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'efa-only' },
    ]),
    rejectedBy: ['EC2NodeClass:spec.networkInterfaces:1'],
  },
  {
    name: 'EC2NodeClass: two EFA-only interfaces on one card',
    manifest: patch(BASE, 'spec.networkInterfaces', [
      { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
      { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
      { networkCardIndex: 1, deviceIndex: 1, interfaceType: 'efa-only' },
    ]),
    rejectedBy: ['EC2NodeClass:spec.networkInterfaces:1'],
  },
  {
    name: 'EC2NodeClass: empty placementGroupSelector',
    manifest: patch(BASE, 'spec.placementGroupSelector', {}),
    rejectedBy: ['EC2NodeClass:spec.placementGroupSelector:0'],
  },
  {
    name: 'EC2NodeClass: placement group name and id',
    manifest: patch(BASE, 'spec.placementGroupSelector', { name: 'pg', id: 'pg-0123456789abcdef0' }),
    rejectedBy: ['EC2NodeClass:spec.placementGroupSelector:1'],
  },
  { name: 'EC2NodeClass: empty role', manifest: patch(BASE, 'spec.role', ''), rejectedBy: ['EC2NodeClass:spec.role:0'] },
  {
    name: 'EC2NodeClass: empty securityGroupSelectorTerms',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', []),
    rejectedBy: [
      'EC2NodeClass:spec.securityGroupSelectorTerms:0',
      'EC2NodeClass:spec.securityGroupSelectorTerms:2',
      'EC2NodeClass:spec.securityGroupSelectorTerms:3',
    ],
  },
  {
    name: 'EC2NodeClass: empty security group term',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', [{}]),
    rejectedBy: ['EC2NodeClass:spec.securityGroupSelectorTerms:1'],
  },
  {
    name: 'EC2NodeClass: security group id with tags',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', [{ id: 'sg-0123456789abcdef0', tags: DISCOVERY }]),
    rejectedBy: ['EC2NodeClass:spec.securityGroupSelectorTerms:2'],
  },
  {
    name: 'EC2NodeClass: security group name with tags',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', [{ name: 'nodes', tags: DISCOVERY }]),
    rejectedBy: ['EC2NodeClass:spec.securityGroupSelectorTerms:3'],
  },
  {
    name: 'EC2NodeClass: security group tag with an empty key',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', [{ tags: { '': 'x' } }]),
    rejectedBy: ['EC2NodeClass:spec.securityGroupSelectorTerms[*].tags:0'],
  },
  {
    name: 'EC2NodeClass: empty subnetSelectorTerms',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', []),
    rejectedBy: ['EC2NodeClass:spec.subnetSelectorTerms:0', 'EC2NodeClass:spec.subnetSelectorTerms:2'],
  },
  {
    name: 'EC2NodeClass: empty subnet term',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', [{}]),
    rejectedBy: ['EC2NodeClass:spec.subnetSelectorTerms:1'],
  },
  {
    name: 'EC2NodeClass: subnet id with tags',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', [{ id: 'subnet-0123456789abcdef0', tags: DISCOVERY }]),
    rejectedBy: ['EC2NodeClass:spec.subnetSelectorTerms:2'],
  },
  {
    name: 'EC2NodeClass: subnet tag with an empty value',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', [{ tags: { 'karpenter.sh/discovery': '' } }]),
    rejectedBy: ['EC2NodeClass:spec.subnetSelectorTerms[*].tags:0'],
  },
  { name: 'EC2NodeClass: tag with an empty key', manifest: patch(BASE, 'spec.tags', { '': 'x' }), rejectedBy: ['EC2NodeClass:spec.tags:0'] },
  {
    name: 'EC2NodeClass: tag eks:eks-cluster-name',
    manifest: patch(BASE, 'spec.tags', { 'eks:eks-cluster-name': 'x' }),
    rejectedBy: ['EC2NodeClass:spec.tags:1'],
  },
  {
    name: 'EC2NodeClass: tag kubernetes.io/cluster/<name>',
    manifest: patch(BASE, 'spec.tags', { 'kubernetes.io/cluster/my-cluster': 'owned' }),
    rejectedBy: ['EC2NodeClass:spec.tags:2'],
  },
  {
    name: 'EC2NodeClass: tag kubernetes.io/clusterfoo (prefix match without a slash)',
    manifest: patch(BASE, 'spec.tags', { 'kubernetes.io/clusterfoo': 'x' }),
    rejectedBy: ['EC2NodeClass:spec.tags:2'],
  },
  {
    name: 'EC2NodeClass: tag karpenter.sh/nodepool',
    manifest: patch(BASE, 'spec.tags', { 'karpenter.sh/nodepool': 'x' }),
    rejectedBy: ['EC2NodeClass:spec.tags:3'],
  },
  {
    name: 'EC2NodeClass: tag karpenter.sh/nodeclaim',
    manifest: patch(BASE, 'spec.tags', { 'karpenter.sh/nodeclaim': 'x' }),
    rejectedBy: ['EC2NodeClass:spec.tags:4'],
  },
  {
    name: 'EC2NodeClass: tag karpenter.k8s.aws/ec2nodeclass',
    manifest: patch(BASE, 'spec.tags', { 'karpenter.k8s.aws/ec2nodeclass': 'x' }),
    rejectedBy: ['EC2NodeClass:spec.tags:5'],
  },

  // schema
  {
    name: 'EC2NodeClass: v1beta1 apiVersion',
    manifest: patch(BASE, 'apiVersion', 'karpenter.k8s.aws/v1beta1'),
    rejectedBy: ['schema:apiVersion:apiVersion'],
  },
  {
    name: 'EC2NodeClass: no amiSelectorTerms (v1beta1 allowed amiFamily alone)',
    manifest: patches(BASE, ['spec.amiSelectorTerms', undefined], ['spec.amiFamily', 'AL2023']),
    rejectedBy: ['schema:required:spec.amiSelectorTerms'],
  },
  {
    name: 'EC2NodeClass: no subnetSelectorTerms',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', undefined),
    rejectedBy: ['schema:required:spec.subnetSelectorTerms'],
  },
  {
    name: 'EC2NodeClass: no securityGroupSelectorTerms',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', undefined),
    rejectedBy: ['schema:required:spec.securityGroupSelectorTerms'],
  },
  {
    name: 'EC2NodeClass: empty amiSelectorTerms',
    manifest: patches(BASE, ['spec.amiFamily', 'AL2023'], ['spec.amiSelectorTerms', []]),
    rejectedBy: ['schema:minItems:spec.amiSelectorTerms'],
  },
  {
    name: 'EC2NodeClass: 31 subnet terms',
    manifest: patch(
      BASE,
      'spec.subnetSelectorTerms',
      Array.from({ length: 31 }, (_, i) => ({ id: `subnet-${i}` })),
    ),
    rejectedBy: ['schema:maxItems:spec.subnetSelectorTerms'],
  },
  {
    name: 'EC2NodeClass: amiFamily Ubuntu (removed in v1)',
    manifest: patch(BASE, 'spec.amiFamily', 'Ubuntu'),
    rejectedBy: ['schema:enum:spec.amiFamily'],
  },
  {
    name: 'EC2NodeClass: alias longer than 30',
    manifest: alias(`al2023@v${'1'.repeat(30)}`),
    rejectedBy: ['schema:maxLength:spec.amiSelectorTerms[0].alias'],
  },
  {
    name: 'EC2NodeClass: AMI id without the ami- prefix',
    manifest: patches(BASE, ['spec.amiFamily', 'AL2023'], ['spec.amiSelectorTerms', [{ id: 'img-0123' }]]),
    rejectedBy: ['schema:pattern:spec.amiSelectorTerms[0].id'],
  },
  {
    name: 'EC2NodeClass: subnet id without the subnet- prefix',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', [{ id: 'sn-0123' }]),
    rejectedBy: ['schema:pattern:spec.subnetSelectorTerms[0].id'],
  },
  {
    name: 'EC2NodeClass: security group id with upper case',
    manifest: patch(BASE, 'spec.securityGroupSelectorTerms', [{ id: 'SG-0123' }]),
    rejectedBy: ['schema:pattern:spec.securityGroupSelectorTerms[0].id'],
  },
  {
    name: 'EC2NodeClass: 21 subnet selector tags',
    manifest: patch(BASE, 'spec.subnetSelectorTerms', [{ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }]),
    rejectedBy: ['schema:maxProperties:spec.subnetSelectorTerms[0].tags'],
  },
  {
    name: 'EC2NodeClass: capacity reservation id with upper case',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [{ id: 'cr-ABC' }]),
    rejectedBy: ['schema:pattern:spec.capacityReservationSelectorTerms[0].id'],
  },
  {
    name: 'EC2NodeClass: capacity reservation owner of 11 digits',
    manifest: patch(BASE, 'spec.capacityReservationSelectorTerms', [{ tags: { a: 'b' }, ownerID: '12345678901' }]),
    rejectedBy: ['schema:pattern:spec.capacityReservationSelectorTerms[0].ownerID'],
  },
  {
    name: 'EC2NodeClass: volume size without a unit',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '100' } }]),
    rejectedBy: ['schema:pattern:spec.blockDeviceMappings[0].ebs.volumeSize'],
  },
  {
    name: 'EC2NodeClass: volume type gp4',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { volumeSize: '20Gi', volumeType: 'gp4' } }]),
    rejectedBy: ['schema:enum:spec.blockDeviceMappings[0].ebs.volumeType'],
  },
  {
    name: 'EC2NodeClass: volumeInitializationRate 50',
    manifest: patch(BASE, 'spec.blockDeviceMappings', [{ deviceName: '/dev/xvda', ebs: { snapshotID: 'snap-1', volumeInitializationRate: 50 } }]),
    rejectedBy: ['schema:minimum:spec.blockDeviceMappings[0].ebs.volumeInitializationRate'],
  },
  {
    name: 'EC2NodeClass: udpTimeout 10',
    manifest: patch(BASE, 'spec.connectionTracking', { udpTimeout: 10 }),
    rejectedBy: ['schema:minimum:spec.connectionTracking.udpTimeout'],
  },
  {
    name: 'EC2NodeClass: tcpEstablishedTimeout over 5 days',
    manifest: patch(BASE, 'spec.connectionTracking', { tcpEstablishedTimeout: 432001 }),
    rejectedBy: ['schema:maximum:spec.connectionTracking.tcpEstablishedTimeout'],
  },
  {
    name: 'EC2NodeClass: hop limit 65',
    manifest: patch(BASE, 'spec.metadataOptions', { httpPutResponseHopLimit: 65 }),
    rejectedBy: ['schema:maximum:spec.metadataOptions.httpPutResponseHopLimit'],
  },
  {
    name: 'EC2NodeClass: httpTokens disabled',
    manifest: patch(BASE, 'spec.metadataOptions', { httpTokens: 'disabled' }),
    rejectedBy: ['schema:enum:spec.metadataOptions.httpTokens'],
  },
  {
    name: 'EC2NodeClass: image GC percent 101',
    manifest: patch(BASE, 'spec.kubelet', { imageGCHighThresholdPercent: 101 }),
    rejectedBy: ['schema:maximum:spec.kubelet.imageGCHighThresholdPercent'],
  },
  {
    name: 'EC2NodeClass: negative maxPods',
    manifest: patch(BASE, 'spec.kubelet', { maxPods: -1 }),
    rejectedBy: ['schema:minimum:spec.kubelet.maxPods'],
  },
  {
    name: 'EC2NodeClass: maxPods as a string',
    manifest: patch(BASE, 'spec.kubelet', { maxPods: '110' }),
    rejectedBy: ['schema:type:spec.kubelet.maxPods'],
  },
  {
    name: 'EC2NodeClass: evictionHard that is not a quantity or percentage',
    manifest: patch(BASE, 'spec.kubelet', { evictionHard: { 'memory.available': 'lots' } }),
    rejectedBy: ['schema:pattern:spec.kubelet.evictionHard[memory.available]'],
  },
  {
    name: 'EC2NodeClass: systemReserved that is not a quantity',
    manifest: patch(BASE, 'spec.kubelet', { systemReserved: { cpu: '1 core' } }),
    rejectedBy: ['schema:pattern:spec.kubelet.systemReserved[cpu]'],
  },
  {
    name: 'EC2NodeClass: network interface without networkCardIndex',
    manifest: patch(BASE, 'spec.networkInterfaces', [{ deviceIndex: 0, interfaceType: 'interface' }]),
    rejectedBy: ['schema:required:spec.networkInterfaces[0].networkCardIndex'],
  },
  {
    name: 'EC2NodeClass: placement group id with the wrong prefix',
    manifest: patch(BASE, 'spec.placementGroupSelector', { id: 'placement-1' }),
    rejectedBy: ['schema:pattern:spec.placementGroupSelector.id'],
  },
  {
    name: 'EC2NodeClass: empty placement group name',
    manifest: patch(BASE, 'spec.placementGroupSelector', { name: '' }),
    rejectedBy: ['schema:minLength:spec.placementGroupSelector.name'],
  },
  {
    name: 'EC2NodeClass: negative ipPrefixCount',
    manifest: patch(BASE, 'spec.ipPrefixCount', -1),
    rejectedBy: ['schema:minimum:spec.ipPrefixCount'],
  },
  {
    name: 'EC2NodeClass: instanceStorePolicy RAID1',
    manifest: patch(BASE, 'spec.instanceStorePolicy', 'RAID1'),
    rejectedBy: ['schema:enum:spec.instanceStorePolicy'],
  },
  {
    name: 'EC2NodeClass: subnetSelector (v1alpha1 field)',
    manifest: patch(BASE, 'spec.subnetSelector', DISCOVERY),
    rejectedBy: ['schema:unknown-field:spec.subnetSelector'],
  },
  {
    name: 'EC2NodeClass: tag value that is a number',
    manifest: patch(BASE, 'spec.tags', { cost: 1234 }),
    rejectedBy: ['schema:type:spec.tags[cost]'],
  },
  {
    name: 'EC2NodeClass: metadata.name with an underscore',
    manifest: patch(BASE, 'metadata.name', 'my_class'),
    rejectedBy: ['schema:pattern:metadata.name'],
  },
];

// ---------------------------------------------------------------------------------------------
// NodeOverlay (karpenter.sh/v1alpha1, alpha): cheap to cover, so covered.

function nodeOverlay(name: string, spec: Manifest): Manifest {
  return { apiVersion: 'karpenter.sh/v1alpha1', kind: 'NodeOverlay', metadata: { name }, spec };
}

const OVERLAY = nodeOverlay('overlay', {
  requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m7i.large'] }],
  price: '0.05',
});
const overlayReq = (r: Manifest) => patch(OVERLAY, 'spec.requirements', [r]);

export const VALID_NODEOVERLAYS: readonly CorpusCase[] = [
  { name: 'NodeOverlay: fixed price for one instance type', manifest: patch(OVERLAY, 'spec.weight', 10) },
  {
    name: 'NodeOverlay: spot discount with several requirements',
    manifest: nodeOverlay('spot-discount', {
      weight: 100,
      priceAdjustment: '-10%',
      requirements: [
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
        { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
        { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gte', values: ['4'] },
        { key: 'example.com/team', operator: 'Exists' },
      ],
    }),
  },
  {
    name: 'NodeOverlay: extended resource capacity',
    manifest: nodeOverlay('fuse', { requirements: [], capacity: { 'smarter-devices/fuse': 1, 'example.com/dongle': '2' } }),
  },
];

export const INVALID_NODEOVERLAYS: readonly CorpusCase[] = [
  { name: 'NodeOverlay: both price and priceAdjustment', manifest: patch(OVERLAY, 'spec.priceAdjustment', '+1'), rejectedBy: ['NodeOverlay:spec:0'] },
  { name: 'NodeOverlay: capacity for cpu', manifest: patch(OVERLAY, 'spec.capacity', { cpu: 4 }), rejectedBy: ['NodeOverlay:spec.capacity:0'] },
  {
    name: 'NodeOverlay: NotIn with no values',
    manifest: overlayReq({ key: 'example.com/a', operator: 'NotIn', values: [] }),
    rejectedBy: ['NodeOverlay:spec.requirements:0'],
  },
  {
    name: 'NodeOverlay: In with no values',
    manifest: overlayReq({ key: 'example.com/a', operator: 'In', values: [] }),
    rejectedBy: ['NodeOverlay:spec.requirements:1'],
  },
  {
    name: 'NodeOverlay: Gt with a negative value',
    manifest: overlayReq({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['-2'] }),
    rejectedBy: ['NodeOverlay:spec.requirements:2'],
  },
  {
    name: 'NodeOverlay: requirement key in the karpenter.sh domain',
    manifest: overlayReq({ key: 'karpenter.sh/x', operator: 'Exists' }),
    rejectedBy: ['NodeOverlay:spec.requirements[*].key:0'],
  },
  {
    name: 'NodeOverlay: requirement key kubernetes.io/hostname',
    manifest: overlayReq({ key: 'kubernetes.io/hostname', operator: 'Exists' }),
    rejectedBy: ['NodeOverlay:spec.requirements[*].key:1'],
  },
  {
    // Allowed in NodePool requirements, not in NodeOverlay ones.
    name: 'NodeOverlay: requirement key karpenter.k8s.aws/placement-group-id',
    manifest: overlayReq({ key: 'karpenter.k8s.aws/placement-group-id', operator: 'Exists' }),
    rejectedBy: ['NodeOverlay:spec.requirements[*].key:2'],
  },
  { name: 'NodeOverlay: price that is not a number', manifest: patch(OVERLAY, 'spec.price', '$5'), rejectedBy: ['schema:pattern:spec.price'] },
  {
    name: 'NodeOverlay: percentage increase without a sign',
    manifest: patches(OVERLAY, ['spec.price', undefined], ['spec.priceAdjustment', '10%']),
    rejectedBy: ['schema:pattern:spec.priceAdjustment'],
  },
  { name: 'NodeOverlay: weight 0', manifest: patch(OVERLAY, 'spec.weight', 0), rejectedBy: ['schema:minimum:spec.weight'] },
  {
    name: 'NodeOverlay: no requirements',
    manifest: patch(OVERLAY, 'spec.requirements', undefined),
    rejectedBy: ['schema:required:spec.requirements'],
  },
];

/** The v1 cases: what `validateManifest` is checked against. */
export const V1_CASES: readonly CorpusCase[] = [...VALID_NODEPOOLS, ...VALID_EC2NODECLASSES, ...INVALID_NODEPOOLS, ...INVALID_EC2NODECLASSES];
export const VALID_CASES: readonly CorpusCase[] = [...VALID_NODEPOOLS, ...VALID_EC2NODECLASSES, ...VALID_NODEOVERLAYS];
export const INVALID_CASES: readonly CorpusCase[] = [...INVALID_NODEPOOLS, ...INVALID_EC2NODECLASSES, ...INVALID_NODEOVERLAYS];
export const CORPUS: readonly CorpusCase[] = [...VALID_CASES, ...INVALID_CASES];
