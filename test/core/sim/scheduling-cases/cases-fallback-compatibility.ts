// Preference relaxation and instance type compatibility (arch, OS, instance type, zone, provider labels),
// translated from the scheduling suite's Preferential Fallback and Instance Type Compatibility.
import { arch, hasLabel, labelIs, nodePool, pod, req, SCHEDULING_SUITE as S, SchedulingCase, src, ZONES } from './fixtures';
import { COMPAT, FALLBACK, GPU_NAME, IT, SIZE, Z1, Z2, Z3, ZONE, ZONE_MAP } from './requirements-helpers';

export const FALLBACK_COMPATIBILITY_CASES: readonly SchedulingCase[] = [
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
