// Node selectors, node affinity, well-known labels, pod validation and preference relaxation, translated
// from Karpenter's scheduling tests. Upstream's fake cloud provider offers test-zone-1..3 (here ZONES,
// us-east-1a..c), an integer label (here karpenter.k8s.aws/instance-cpu) and a handful of fake types
// (default-instance-type -> m5.large, arm-instance-type -> m6g.large, small-instance-type -> t3.small).
import { arch, hasLabel, labelIs, nodePool, pod, req, SCHEDULING_SUITE as S, SchedulingCase, src, vcpus, ZONES } from './fixtures';

const ZONE = 'topology.kubernetes.io/zone';
const IT = 'node.kubernetes.io/instance-type';
const CPU = 'karpenter.k8s.aws/instance-cpu';
const SIZE = 'karpenter.k8s.aws/instance-size';
const GPU_NAME = 'karpenter.k8s.aws/instance-gpu-name';
const [Z1, Z2, Z3] = ZONES;
const CUSTOM = ['Scheduling', 'Custom Constraints', 'NodePool with Labels'];
const WELL_KNOWN = ['Scheduling', 'Custom Constraints', 'Well Known Labels'];
const VALIDATION = ['Scheduling', 'Custom Constraints', 'Constraints Validation'];
const LOGIC = ['Scheduling', 'Custom Constraints', 'Scheduling Logic'];
const FALLBACK = ['Scheduling', 'Preferential Fallback'];
const COMPAT = ['Scheduling', 'Instance Type Compatibility'];
const ZONE_MAP = 'test-zone-1..3 -> us-east-1a..c (the simulation is given these zones)';
const INTEGER_MAP = 'fake.IntegerInstanceLabelKey -> karpenter.k8s.aws/instance-cpu (an integer label on every type)';
const labelled = nodePool('default', { labels: { 'test-key': 'test-value' } });
const testKeyPool = nodePool('default', { requirements: [req('test-key', 'In', 'test-value')] });
const notKnown = 'incompatible requirements, label "test-key" does not have known values';

export const REQUIREMENT_CASES: readonly SchedulingCase[] = [
  {
    id: 'label-unconstrained-pod',
    source: src(S, 155, ...CUSTOM, "should schedule unconstrained pods that don't have matching node selectors"),
    nodePools: [labelled],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'default', instanceTypes: { atLeast: 100 } } },
  },
  {
    id: 'label-conflicting-node-selector',
    source: src(S, 163, ...CUSTOM, 'should not schedule pods that have conflicting node selectors'),
    nodePools: [labelled],
    pods: [pod('p', { nodeSelector: { 'test-key': 'different-value' } })],
    expectPods: {
      p: { schedulable: false, reason: 'incompatible requirements, key test-key, test-key In [different-value] not in test-key In [test-value]' },
    },
  },
  {
    id: 'label-undefined-key-selector',
    source: src(S, 172, ...CUSTOM, 'should not schedule pods that have node selectors with undefined key'),
    pods: [pod('p', { nodeSelector: { 'test-key': 'test-value' } })],
    expectPods: { p: { schedulable: false, reason: notKnown } },
  },
  {
    id: 'label-matching-requirement',
    source: src(S, 180, ...CUSTOM, 'should schedule pods that have matching requirements'),
    nodePools: [labelled],
    pods: [pod('p', { required: [[req('test-key', 'In', 'test-value', 'another-value')]] })],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'label-conflicting-requirement',
    source: src(S, 192, ...CUSTOM, 'should not schedule pods that have conflicting requirements'),
    nodePools: [labelled],
    pods: [pod('p', { required: [[req('test-key', 'In', 'another-value')]] })],
    expectPods: { p: { schedulable: false, reason: 'incompatible requirements, key test-key' } },
  },
  {
    id: 'zone-nodepool-constraint',
    source: src(S, 205, ...WELL_KNOWN, 'should use NodePool constraints'),
    mapping: ZONE_MAP,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z2)] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'zone-node-selector',
    source: src(S, 214, ...WELL_KNOWN, 'should use node selectors'),
    mapping: ZONE_MAP,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z1, Z2)] })],
    pods: [pod('p', { nodeSelector: { [ZONE]: Z2 } })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'hostname-node-selector-ignored',
    source: src(S, 225, ...WELL_KNOWN, 'should not schedule nodes with a hostname selector'),
    mapping: 'upstream only says "not scheduled"; Karpenter ignores the pod: kubernetes.io/hostname is a restricted label',
    pods: [pod('p', { nodeSelector: { 'kubernetes.io/hostname': 'red-node' } })],
    expectPods: { p: { schedulable: false, ignored: true, reason: 'using label kubernetes.io/hostname is not allowed' } },
  },
  {
    id: 'zone-unknown-node-selector',
    source: src(S, 233, ...WELL_KNOWN, 'should not schedule the pod if nodeselector unknown'),
    mapping: ZONE_MAP,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z1)] })],
    pods: [pod('p', { nodeSelector: { [ZONE]: 'unknown' } })],
    expectPods: { p: { schedulable: false, reason: `incompatible requirements, key ${ZONE}` } },
  },
  {
    id: 'zone-selector-outside-nodepool',
    source: src(S, 243, ...WELL_KNOWN, 'should not schedule if node selector outside of NodePool constraints'),
    mapping: ZONE_MAP,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z1)] })],
    pods: [pod('p', { nodeSelector: { [ZONE]: Z2 } })],
    expectPods: { p: { schedulable: false, reason: `incompatible requirements, key ${ZONE}, ${ZONE} In [${Z2}] not in ${ZONE} In [${Z1}]` } },
  },
  {
    id: 'zone-required-in',
    source: src(S, 253, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=In'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', Z3)]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'integer-label-gt',
    source: src(S, 264, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=Gt'),
    mapping: INTEGER_MAP,
    nodePools: [nodePool('default', { requirements: [req(CPU, 'Gt', '8')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [vcpus(9)], include: ['m5.4xlarge'], exclude: ['m5.2xlarge'] } } },
    expectPools: { default: { admitted: { every: [vcpus(9)] } } },
  },
  {
    id: 'integer-label-lt',
    source: src(S, 273, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=Lt'),
    mapping: INTEGER_MAP,
    nodePools: [nodePool('default', { requirements: [req(CPU, 'Lt', '8')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [vcpus(0, 7)], include: ['m5.large', 'm5.xlarge'] } } },
  },
  {
    id: 'integer-label-gte',
    source: src(S, 282, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=Gte'),
    mapping: INTEGER_MAP,
    nodePools: [nodePool('default', { requirements: [req(CPU, 'Gte', '16')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [vcpus(16)], include: ['m5.4xlarge'] } } },
  },
  {
    id: 'integer-label-lte',
    source: src(S, 291, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=Lte'),
    mapping: INTEGER_MAP,
    nodePools: [nodePool('default', { requirements: [req(CPU, 'Lte', '2')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [vcpus(0, 2)], include: ['m5.large'] } } },
  },
  {
    id: 'zone-required-in-unknown',
    source: src(S, 300, ...WELL_KNOWN, 'should not schedule incompatible preferences and requirements with Operator=In'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', 'unknown')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'zone-required-notin',
    source: src(S, 310, ...WELL_KNOWN, 'should schedule compatible requirements with Operator=NotIn'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'NotIn', Z1, Z2, 'unknown')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'zone-required-notin-every-zone',
    source: src(S, 321, ...WELL_KNOWN, 'should not schedule incompatible preferences and requirements with Operator=NotIn'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'NotIn', Z1, Z2, Z3, 'unknown')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'zone-preference-in-compatible',
    source: src(S, 332, ...WELL_KNOWN, 'should schedule compatible preferences and requirements with Operator=In'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [
      pod('p', {
        required: [[req(ZONE, 'In', Z1, Z2, Z3, 'unknown')]],
        preferred: [{ weight: 1, expressions: [req(ZONE, 'In', Z2, 'unknown')] }],
      }),
    ],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'zone-preference-in-incompatible-relaxed',
    source: src(S, 346, ...WELL_KNOWN, 'should schedule incompatible preferences and requirements with Operator=In'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', Z1, Z2, Z3, 'unknown')]], preferred: [{ weight: 1, expressions: [req(ZONE, 'In', 'unknown')] }] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'zone-preference-notin-compatible',
    source: src(S, 359, ...WELL_KNOWN, 'should schedule compatible preferences and requirements with Operator=NotIn'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', Z1, Z2, Z3, 'unknown')]], preferred: [{ weight: 1, expressions: [req(ZONE, 'NotIn', Z1, Z3)] }] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'zone-preference-notin-incompatible-relaxed',
    source: src(S, 373, ...WELL_KNOWN, 'should schedule incompatible preferences and requirements with Operator=NotIn'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [
      pod('p', {
        required: [[req(ZONE, 'In', Z1, Z2, Z3, 'unknown')]],
        preferred: [{ weight: 1, expressions: [req(ZONE, 'NotIn', Z1, Z2, Z3)] }],
      }),
    ],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'zone-selector-preference-requirement',
    source: src(S, 386, ...WELL_KNOWN, 'should schedule compatible node selectors, preferences and requirements'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [
      pod('p', {
        nodeSelector: { [ZONE]: Z3 },
        required: [[req(ZONE, 'In', Z1, Z2, Z3)]],
        preferred: [{ weight: 1, expressions: [req(ZONE, 'In', Z1, Z2, Z3)] }],
      }),
    ],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'multidimensional-selector-preference-requirement',
    source: src(S, 401, ...WELL_KNOWN, 'should combine multidimensional node selectors, preferences and requirements'),
    mapping: `${ZONE_MAP}; default-instance-type -> m5.large, arm-instance-type -> m6g.large`,
    zones: ZONES,
    pods: [
      pod('p', {
        nodeSelector: { [ZONE]: Z3, [IT]: 'm6g.large' },
        required: [[req(ZONE, 'In', Z1, Z3), req(IT, 'In', 'm5.large', 'm6g.large')]],
        preferred: [{ weight: 1, expressions: [req(ZONE, 'NotIn', 'unknown'), req(IT, 'NotIn', 'unknown')] }],
      }),
    ],
    expectPods: { p: { schedulable: true, instanceTypes: { only: ['m6g.large'] } } },
  },
  {
    id: 'restricted-label-ignored',
    source: src(S, 426, ...VALIDATION, 'should not schedule pods that have node selectors with restricted labels'),
    mapping: 'v1.RestrictedLabels is {kubernetes.io/hostname}; Karpenter ignores the pod',
    pods: [pod('p', { required: [[req('kubernetes.io/hostname', 'In', 'test')]] })],
    expectPods: { p: { schedulable: false, ignored: true, reason: 'using label kubernetes.io/hostname is not allowed' } },
  },
  {
    id: 'restricted-domain-ignored',
    source: src(S, 442, ...VALIDATION, 'should not schedule pods that have node selectors with restricted domains'),
    mapping: 'v1.RestrictedLabelDomains is {karpenter.sh}; Karpenter ignores the pod',
    pods: [pod('p', { required: [[req('karpenter.sh/test', 'In', 'test')]] })],
    expectPods: {
      p: {
        schedulable: false,
        ignored: true,
        reason: 'using label karpenter.sh/test is not allowed as it might interfere with the internal provisioning logic',
      },
    },
  },
  {
    id: 'kubernetes-domain-requirements',
    source: src(S, 453, ...VALIDATION, 'should schedule pods that have node selectors with label in the kubernetes domains'),
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/test', 'In', 'test-value'), req('k8s.io/test', 'In', 'test-value')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'kubernetes-subdomain-requirements',
    source: src(S, 467, ...VALIDATION, 'should schedule pods that have node selectors with label in subdomain from kubernetes domains'),
    nodePools: [
      nodePool('default', {
        requirements: [req('subdomain.kubernetes.io/test', 'In', 'test-value'), req('subdomain.k8s.io/test', 'In', 'test-value')],
      }),
    ],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'well-known-label-selectors',
    source: src(S, 481, ...VALIDATION, 'should schedule pods that have node selectors with label in wellknown label list'),
    mapping: `${ZONE_MAP}; default-instance-type -> m5.large`,
    zones: ZONES,
    pods: [
      pod('zone', { nodeSelector: { [ZONE]: Z1 } }),
      pod('type', { nodeSelector: { [IT]: 'm5.large' } }),
      pod('arch', { nodeSelector: { 'kubernetes.io/arch': 'arm64' } }),
      pod('os', { nodeSelector: { 'kubernetes.io/os': 'linux' } }),
      pod('capacity', { nodeSelector: { 'karpenter.sh/capacity-type': 'spot' } }),
    ],
    expectPods: {
      zone: { schedulable: true },
      type: { schedulable: true, instanceTypes: { only: ['m5.large'] } },
      arch: { schedulable: true, instanceTypes: { every: [arch('arm64')] } },
      os: { schedulable: true },
      capacity: { schedulable: true },
    },
  },
  {
    id: 'undefined-key-in',
    source: src(S, 509, ...LOGIC, 'should not schedule pods that have node selectors with In operator and undefined key'),
    pods: [pod('p', { required: [[req('test-key', 'In', 'test-value')]] })],
    expectPods: { p: { schedulable: false, reason: notKnown } },
  },
  {
    id: 'undefined-key-notin',
    source: src(S, 518, ...LOGIC, 'should schedule pods that have node selectors with NotIn operator and undefined key'),
    pods: [pod('p', { required: [[req('test-key', 'NotIn', 'test-value')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'undefined-key-exists',
    source: src(S, 528, ...LOGIC, 'should not schedule pods that have node selectors with Exists operator and undefined key'),
    pods: [pod('p', { required: [[req('test-key', 'Exists')]] })],
    expectPods: { p: { schedulable: false, reason: notKnown } },
  },
  {
    id: 'undefined-key-does-not-exist',
    source: src(S, 537, ...LOGIC, 'should schedule pods that with DoesNotExists operator and undefined key'),
    pods: [pod('p', { required: [[req('test-key', 'DoesNotExist')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'requirement-unconstrained-pod',
    source: src(S, 547, ...LOGIC, "should schedule unconstrained pods that don't have matching node selectors"),
    nodePools: [testKeyPool],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'defined-key-in-matching',
    source: src(S, 556, ...LOGIC, 'should schedule pods that have node selectors with matching value and In operator'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'In', 'test-value')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'defined-key-notin-matching',
    source: src(S, 568, ...LOGIC, 'should not schedule pods that have node selectors with matching value and NotIn operator'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'NotIn', 'test-value')]] })],
    expectPods: { p: { schedulable: false, reason: 'incompatible requirements, key test-key' } },
  },
  {
    id: 'defined-key-exists',
    source: src(S, 579, ...LOGIC, 'should schedule the pod with Exists operator and defined key'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'Exists')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'defined-key-does-not-exist',
    source: src(S, 591, ...LOGIC, 'should not schedule the pod with DoesNotExists operator and defined key'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'DoesNotExist')]] })],
    expectPods: { p: { schedulable: false, reason: 'incompatible requirements, key test-key' } },
  },
  {
    id: 'defined-key-in-different',
    source: src(S, 603, ...LOGIC, 'should not schedule pods that have node selectors with different value and In operator'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'In', 'another-value')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'defined-key-notin-different',
    source: src(S, 614, ...LOGIC, 'should schedule pods that have node selectors with different value and NotIn operator'),
    nodePools: [testKeyPool],
    pods: [pod('p', { required: [[req('test-key', 'NotIn', 'another-value')]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'compatible-pods-same-pool',
    source: src(S, 626, ...LOGIC, 'should schedule compatible pods to the same node'),
    nodePools: [nodePool('default', { requirements: [req('test-key', 'In', 'test-value', 'another-value')] })],
    pods: [pod('a', { required: [[req('test-key', 'In', 'test-value')]] }), pod('b', { required: [[req('test-key', 'NotIn', 'another-value')]] })],
    expectPods: { a: { schedulable: true, nodePool: 'default' }, b: { schedulable: true, nodePool: 'default', sameNodeClaimAs: 'a' } },
  },
  {
    id: 'incompatible-pods-both-scheduled',
    source: src(S, 646, ...LOGIC, 'should schedule incompatible pods to the different node'),
    nodePools: [nodePool('default', { requirements: [req('test-key', 'In', 'test-value', 'another-value')] })],
    pods: [pod('a', { required: [[req('test-key', 'In', 'test-value')]] }), pod('b', { required: [[req('test-key', 'In', 'another-value')]] })],
    expectPods: { a: { schedulable: true }, b: { schedulable: true, otherNodeClaimThan: 'a' } },
  },
  {
    id: 'exists-does-not-widen-in',
    source: src(S, 666, ...LOGIC, 'Exists operator should not overwrite the existing value'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', 'non-existent-zone'), req(ZONE, 'Exists')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'required-final-term-not-relaxed',
    source: src(S, 1128, ...FALLBACK, 'Required', 'should not relax the final term'),
    mapping: `${ZONE_MAP}; default-instance-type -> m5.large`,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z1), req(IT, 'In', 'm5.large')] })],
    pods: [pod('p', { required: [[req(ZONE, 'In', 'invalid')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'required-terms-relaxed-in-order',
    source: src(S, 1144, ...FALLBACK, 'Required', 'should relax multiple terms'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { required: [[req(ZONE, 'In', 'invalid')], [req(ZONE, 'In', 'invalid')], [req(ZONE, 'In', Z1)], [req(ZONE, 'In', Z2)]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'preferences-all-relaxed',
    source: src(S, 1168, ...FALLBACK, 'Preferred', 'should relax all terms'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [
      pod('p', {
        preferred: [
          { weight: 1, expressions: [req(ZONE, 'In', 'invalid')] },
          { weight: 1, expressions: [req(IT, 'In', 'invalid')] },
        ],
      }),
    ],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'preferences-relaxed-to-lighter-weights',
    source: src(S, 1187, ...FALLBACK, 'Preferred', 'should relax to use lighter weights'),
    mapping: ZONE_MAP,
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req(ZONE, 'In', Z1, Z2)] })],
    pods: [
      pod('p', {
        preferred: [
          { weight: 100, expressions: [req(IT, 'In', 'test-zone-3')] },
          { weight: 50, expressions: [req(ZONE, 'In', Z2)] },
          { weight: 1, expressions: [req(ZONE, 'In', Z1)] },
        ],
      }),
    ],
    expectPods: { p: { schedulable: true, instanceTypes: { atLeast: 100 } } },
  },
  {
    id: 'preference-conflicting-with-requirement',
    source: src(S, 1214, ...FALLBACK, 'Preferred', 'should schedule even if preference is conflicting with requirement'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { preferred: [{ weight: 1, expressions: [req(ZONE, 'NotIn', Z3)] }], required: [[req(ZONE, 'In', Z3)]] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'preference-self-conflicting',
    source: src(S, 1235, ...FALLBACK, 'Preferred', 'should schedule even if preference requirements are conflicting'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('p', { preferred: [{ weight: 1, expressions: [req(ZONE, 'In', 'invalid'), req(ZONE, 'NotIn', 'invalid')] }] })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'pods-with-different-archs',
    source: src(S, 1259, ...COMPAT, 'should launch pods with different archs on different instances'),
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'arm64', 'amd64')] })],
    pods: [pod('amd', { nodeSelector: { 'kubernetes.io/arch': 'amd64' } }), pod('arm', { nodeSelector: { 'kubernetes.io/arch': 'arm64' } })],
    expectPods: {
      amd: { schedulable: true, instanceTypes: { every: [arch('amd64')] } },
      arm: { schedulable: true, instanceTypes: { every: [arch('arm64')] }, otherNodeClaimThan: 'amd' },
    },
  },
  {
    id: 'instance-type-excluded-by-nodepool-arch',
    source: src(S, 1284, ...COMPAT, 'should exclude instance types that are not supported by the pod constraints (node affinity/instance type)'),
    mapping: 'arm-instance-type -> m6g.large (arm64)',
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'amd64')] })],
    pods: [pod('p', { required: [[req(IT, 'In', 'm6g.large')]] })],
    expectPods: { p: { schedulable: false, reason: 'no instance type' } },
  },
  {
    id: 'operating-system-no-type-offers',
    source: src(S, 1305, ...COMPAT, 'should exclude instance types that are not supported by the pod constraints (node affinity/operating system)'),
    mapping: 'no catalog type runs ios (every type is linux under AL2023)',
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'amd64')] })],
    pods: [pod('p', { required: [[req('kubernetes.io/os', 'In', 'ios')]] })],
    expectPods: { p: { schedulable: false } },
  },
  {
    id: 'only-excluded-arch-has-enough-cpu',
    source: src(S, 1327, ...COMPAT, 'should exclude instance types that are not supported by the provider constraints (arch)'),
    mapping:
      'upstream: only the arm type has enough CPU and the pool allows amd64; in the catalog amd64 types are the biggest, ' +
      'so the pool allows arm64 (at most 192 vCPUs) and the pod asks for 200 CPUs',
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'arm64')] })],
    pods: [pod('p', { limits: { cpu: '200' } })],
    expectPods: { p: { schedulable: false, reason: 'no instance type has enough resources' } },
  },
  {
    id: 'windows-pod-on-al2023-class',
    source: src(S, 1342, ...COMPAT, 'should launch pods with different operating systems on different instances'),
    mapping:
      'upstream fake types run linux and windows; an AL2023 EC2NodeClass launches linux only, ' +
      'so the linux pod schedules and the windows pod does not',
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'arm64', 'amd64')] })],
    pods: [pod('linux', { nodeSelector: { 'kubernetes.io/os': 'linux' } }), pod('windows', { nodeSelector: { 'kubernetes.io/os': 'windows' } })],
    expectPods: { linux: { schedulable: true }, windows: { schedulable: false } },
  },
  {
    id: 'instance-type-selectors-beta-label-normalised',
    source: src(S, 1367, ...COMPAT, 'should launch pods with different instance type node selectors on different instances'),
    mapping: 'small-instance-type -> t3.small (selected with the deprecated beta label), default-instance-type -> m5.large',
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'arm64', 'amd64')] })],
    pods: [
      pod('small', { nodeSelector: { 'beta.kubernetes.io/instance-type': 't3.small' } }),
      pod('default', { nodeSelector: { [IT]: 'm5.large' } }),
    ],
    expectPods: {
      small: { schedulable: true, instanceTypes: { only: ['t3.small'] } },
      default: { schedulable: true, instanceTypes: { only: ['m5.large'] }, otherNodeClaimThan: 'small' },
    },
  },
  {
    id: 'zone-selectors-different-zones',
    source: src(S, 1392, ...COMPAT, 'should launch pods with different zone selectors on different instances'),
    mapping: ZONE_MAP,
    zones: ZONES,
    pods: [pod('a', { nodeSelector: { [ZONE]: Z1 } }), pod('b', { nodeSelector: { [ZONE]: Z2 } })],
    expectPods: { a: { schedulable: true }, b: { schedulable: true, otherNodeClaimThan: 'a' } },
  },
  {
    id: 'provider-label-instance-size',
    source: src(S, 1465, ...COMPAT, 'Provider Specific Labels', 'should filter instance types that match labels'),
    mapping: 'fake.LabelInstanceSize -> karpenter.k8s.aws/instance-size (large, small)',
    pods: [pod('large', { nodeSelector: { [SIZE]: 'large' } }), pod('small', { nodeSelector: { [SIZE]: 'small' } })],
    expectPods: {
      large: { schedulable: true, instanceTypes: { every: [labelIs(SIZE, 'large')], include: ['m5.large'] } },
      small: { schedulable: true, instanceTypes: { every: [labelIs(SIZE, 'small')], include: ['t3.small'] } },
    },
  },
  {
    id: 'provider-label-conflicts-with-instance-type',
    source: src(S, 1478, ...COMPAT, 'Provider Specific Labels', 'should not schedule with incompatible labels'),
    mapping: 'fake-it-0 -> t3.small (size small), fake-it-4 -> m5.24xlarge (size 24xlarge)',
    pods: [pod('a', { nodeSelector: { [SIZE]: 'large', [IT]: 't3.small' } }), pod('b', { nodeSelector: { [SIZE]: 'small', [IT]: 'm5.24xlarge' } })],
    expectPods: { a: { schedulable: false }, b: { schedulable: false } },
  },
  {
    id: 'optional-label-exists',
    source: src(S, 1495, ...COMPAT, 'Provider Specific Labels', 'should schedule optional labels'),
    mapping: 'fake.ExoticInstanceLabelKey (on some types only) -> karpenter.k8s.aws/instance-gpu-name',
    pods: [pod('p', { required: [[req(GPU_NAME, 'Exists')]] })],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [hasLabel(GPU_NAME)], include: ['g5.xlarge'] } } },
  },
  {
    id: 'optional-label-does-not-exist',
    source: src(S, 1507, ...COMPAT, 'Provider Specific Labels', 'should schedule without optional labels if disallowed'),
    mapping: 'fake.ExoticInstanceLabelKey -> karpenter.k8s.aws/instance-gpu-name',
    pods: [pod('p', { required: [[req(GPU_NAME, 'DoesNotExist')]] })],
    expectPods: { p: { schedulable: true, instanceTypes: { none: [hasLabel(GPU_NAME)], include: ['m5.large'] } } },
  },
];
