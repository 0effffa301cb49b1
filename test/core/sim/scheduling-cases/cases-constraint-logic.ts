// Restricted labels and domains and the operators on undefined and defined keys, translated from the scheduling
// suite's Custom Constraints (Constraints Validation, Scheduling Logic).
import { arch, nodePool, pod, req, SCHEDULING_SUITE as S, SchedulingCase, src, ZONES } from './fixtures';
import { IT, LOGIC, VALIDATION, Z1, ZONE, ZONE_MAP, notKnown, testKeyPool } from './requirements-helpers';

export const CONSTRAINT_LOGIC_CASES: readonly SchedulingCase[] = [
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
];
