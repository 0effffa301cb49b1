// Resource fit and binpacking (the scheduling suite's Instance Type Compatibility and Binpacking), accelerators,
// no NodePool, and resource limits (the provisioning suite). 1000 CPUs or 64Ti is "more than any type" here.
import {
  allocatableAtLeast,
  arch,
  nodePool,
  pod,
  pods,
  PROVISIONING_SUITE as P,
  req,
  SCHEDULING_SUITE as S,
  SchedulingCase,
  src,
  vcpus,
} from './fixtures';
import { BIN, COMPAT, CPU, GPU, IT, LIMITS, TWO_VCPU, exceedLimits, noResources } from './resources-helpers';

export const RESOURCE_FIT_CASES: readonly SchedulingCase[] = [
  {
    id: 'cpu-request-larger-than-any-type',
    source: src(S, 1248, ...COMPAT, 'should not schedule if requesting more resources than any instance type has'),
    mapping: '512 CPUs (more than the fake types) -> 1000 CPUs (more than the 896 of the largest catalog type)',
    pods: [pod('p', { requests: { cpu: '1000' } })],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'extended-resources-on-different-types',
    source: src(S, 1417, ...COMPAT, "should launch pods with resources that aren't on any single instance type on different instances"),
    mapping: 'two fake GPU resources -> nvidia.com/gpu and aws.amazon.com/neuron (no catalog type has both)',
    pods: [pod('gpu', { limits: { [GPU]: '1' } }), pod('neuron', { limits: { 'aws.amazon.com/neuron': '1' } })],
    expectPods: {
      gpu: { schedulable: true, instanceTypes: { every: [allocatableAtLeast(GPU, 1)], include: ['g5.xlarge'] } },
      neuron: {
        schedulable: true,
        instanceTypes: { every: [allocatableAtLeast('aws.amazon.com/neuron', 1)], include: ['inf2.xlarge'] },
        otherNodeClaimThan: 'gpu',
      },
    },
  },
  {
    id: 'extended-resources-not-on-one-type',
    source: src(S, 1446, ...COMPAT, "should fail to schedule a pod with resources requests that aren't on a single instance type"),
    mapping: 'two fake GPU resources -> nvidia.com/gpu and aws.amazon.com/neuron',
    pods: [pod('p', { limits: { [GPU]: '1', 'aws.amazon.com/neuron': '1' } })],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'small-pod-includes-smallest-types',
    source: src(S, 1522, ...BIN, 'should schedule a small pod on the smallest instance'),
    mapping: 'small-instance-type -> t3.micro (548Mi allocatable); which option launches depends on prices (not modelled)',
    pods: [pod('p', { requests: { memory: '100M' } })],
    expectPods: {
      p: { schedulable: true, instanceTypes: { include: ['t3.micro'], exclude: ['t3.nano'], every: [allocatableAtLeast('memory', 100e6)] } },
    },
  },
  {
    id: 'memory-request-excludes-small-types',
    source: src(S, 1534, ...BIN, 'should schedule a small pod on the smallest possible instance type'),
    mapping: '2000M: t3.small (1418Mi allocatable) is too small, t3.medium (3246Mi) fits',
    pods: [pod('p', { requests: { memory: '2000M' } })],
    expectPods: {
      p: { schedulable: true, instanceTypes: { include: ['t3.medium'], exclude: ['t3.small'], every: [allocatableAtLeast('memory', 2000e6)] } },
    },
  },
  {
    id: 'pod-overhead-counts',
    source: src(S, 1546, ...BIN, 'should take pod runtime class into consideration'),
    mapping: `the RuntimeClass's 2-CPU overhead is given as the pod's spec.overhead (admission fills it in); ${TWO_VCPU}`,
    pods: [pod('p', { requests: { cpu: '1' }, overhead: { cpu: '2' } })],
    expectPods: {
      p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 3000)], include: ['m5.xlarge'], exclude: ['m5.large'] } },
    },
  },
  {
    id: 'several-pods-count-against-pod-capacity',
    source: src(S, 1574, ...BIN, 'should schedule multiple small pods on the smallest possible instance type'),
    mapping: 'five 10M pods share one NodeClaim: t3.micro (4 pods) drops out, t3.small (11 pods) stays',
    pods: pods('p', 5, { requests: { memory: '10M' } }),
    expectPods: Object.fromEntries(
      [0, 1, 2, 3, 4].map((i) => [
        `p-${i}`,
        {
          schedulable: true,
          sameNodeClaimAs: 'p-0',
          instanceTypes: { include: ['t3.small'], exclude: ['t3.micro', 't3.nano'], every: [allocatableAtLeast('pods', 5)] },
        },
      ]),
    ),
  },
  {
    id: 'many-pods-open-more-nodeclaims',
    source: src(S, 1593, ...BIN, 'should create new nodes when a node is at capacity'),
    pods: pods('p', 40, { nodeSelector: { 'kubernetes.io/arch': 'amd64' }, requests: { memory: '1.8G' } }),
    expectPods: Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`p-${i}`, { schedulable: true, instanceTypes: { every: [arch('amd64')] } }]),
    ),
  },
  {
    id: 'small-and-large-pods-pack',
    source: src(S, 1613, ...BIN, 'should pack small and large pods together'),
    pods: [
      ...pods('large', 40, { nodeSelector: { 'kubernetes.io/arch': 'amd64' }, requests: { memory: '1.8G' } }),
      ...pods('small', 20, { nodeSelector: { 'kubernetes.io/arch': 'amd64' }, requests: { memory: '400M' } }),
    ],
    expectPods: {
      'large-0': { schedulable: true },
      'large-39': { schedulable: true },
      'small-0': { schedulable: true },
      'small-19': { schedulable: true },
    },
  },
  {
    id: 'pods-pack-tightly',
    source: src(S, 1645, ...BIN, 'should pack nodes tightly'),
    mapping:
      'upstream largest fake type has 5 CPUs, so the 1-CPU pod needs a second node; catalog types are bigger, ' +
      'so both pods share a NodeClaim whose options hold 5.5 CPUs',
    pods: [pod('big', { requests: { cpu: '4.5' } }), pod('small', { requests: { cpu: '1' } })],
    expectPods: {
      big: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 5500)] } },
      small: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 5500)] }, sameNodeClaimAs: 'big' },
    },
  },
  {
    id: 'zero-quantity-unknown-resource',
    source: src(S, 1671, ...BIN, 'should handle zero-quantity resource requests'),
    pods: [pod('p', { requests: { 'foo.com/weird-resources': '0' }, limits: { 'foo.com/weird-resources': '0' } })],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'memory-request-larger-than-any-type',
    source: src(S, 1683, ...BIN, "should not schedule pods that exceed every instance type's capacity"),
    mapping: '2Ti (more than the fake types) -> 64Ti (more than the 32TiB of u7in-32tb.224xlarge)',
    pods: [pod('p', { requests: { memory: '64Ti' } })],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'pod-density-opens-more-nodeclaims',
    source: src(S, 1694, ...BIN, 'should create new nodes when a node is at capacity due to pod limits per node'),
    pods: pods('p', 25, { nodeSelector: { 'kubernetes.io/arch': 'amd64' }, requests: { cpu: '1m', memory: '1m' } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-24': { schedulable: true } },
  },
  {
    id: 'init-container-requests-count',
    source: src(S, 1716, ...BIN, 'should take into account initContainer resource requests when binpacking'),
    mapping: `the 2-CPU init container sets the pod's CPU request; ${TWO_VCPU}`,
    pods: [pod('p', { requests: { cpu: '1', memory: '1Gi' }, initContainers: [{ requests: { cpu: '2', memory: '1Gi' } }] })],
    expectPods: {
      p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 2000)], include: ['m5.xlarge'], exclude: ['m5.large'] } },
    },
  },
  {
    id: 'init-container-too-large',
    source: src(S, 1741, ...BIN, 'should not schedule pods when initContainer resource requests are greater than available instance types'),
    mapping: '1Ti -> 64Ti',
    pods: [pod('p', { requests: { cpu: '1', memory: '1Gi' }, initContainers: [{ requests: { cpu: '2', memory: '64Ti' } }] })],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'every-valid-type-is-an-option',
    source: src(S, 1763, ...BIN, 'should select for valid instance types, regardless of price'),
    mapping: 'the fake types small/medium/large -> m5.large, m5.xlarge, m5.2xlarge; all three are options',
    nodePools: [nodePool('default', { requirements: [req(IT, 'In', 'm5.large', 'm5.xlarge', 'm5.2xlarge')] })],
    pods: [pod('p', { limits: { cpu: '1m', memory: '1Mi' } })],
    expectPods: { p: { schedulable: true, instanceTypes: { only: ['m5.large', 'm5.xlarge', 'm5.2xlarge'] } } },
  },
  {
    id: 'gpu-pod-gets-gpu-types',
    source: src(P, 416, 'Provisioning', 'should provision nodes for accelerators'),
    mapping: 'fake.ResourceGPUVendorA -> nvidia.com/gpu',
    pods: [pod('p', { limits: { [GPU]: '1' } })],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast(GPU, 1)], include: ['g5.xlarge', 'p4d.24xlarge'] } } },
  },
  {
    id: 'no-nodepools',
    source: src(P, 294, 'Provisioning', 'should mark pod as unschedulable if there are no valid nodepools'),
    mapping: 'upstream deletes the only NodePool; here there is none',
    nodePools: [],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: 'no dynamic nodepools found' } },
  },
  {
    id: 'limits-met',
    source: src(P, 765, ...LIMITS, 'should schedule if limits would be met'),
    nodePools: [nodePool('default', { limits: { cpu: '2' } })],
    pods: [pod('p', { requests: { cpu: '1.75' } })],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [vcpus(1, 2)], include: ['m5.large'] } } },
    expectPools: { default: { admitted: { every: [vcpus(1, 2)] } } },
  },
  {
    id: 'limits-exceeded-in-batch',
    source: src(P, 782, ...LIMITS, 'should partially schedule if limits would be exceeded'),
    mapping:
      'upstream keeps the pods apart with hostname anti-affinity; here the pool has only 2-vCPU types, so two 1.5-CPU ' +
      'pods need two NodeClaims, and the first leaves 1 of the 3 CPUs of the limit',
    nodePools: [nodePool('default', { limits: { cpu: '3' }, requirements: [req(CPU, 'In', '2')] })],
    pods: pods('p', 2, { requests: { cpu: '1.5' } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: false, reason: exceedLimits } },
  },
  {
    id: 'limits-exceeded-by-request',
    source: src(P, 832, ...LIMITS, 'should not schedule if limits would be exceeded'),
    nodePools: [nodePool('default', { limits: { cpu: '2' } })],
    pods: [pod('p', { requests: { cpu: '2.1' } })],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'limits-on-pods-exclude-every-type',
    source: src(P, 847, ...LIMITS, 'should not schedule if limits would be exceeded (GPU)'),
    mapping: 'a limit of 1 pod is below the pod capacity of every catalog type',
    nodePools: [nodePool('default', { limits: { pods: '1' } })],
    pods: [pod('p', { limits: { [GPU]: '1' } })],
    expectPods: { p: { schedulable: false, reason: exceedLimits } },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'limits-consumed-by-earlier-nodeclaim',
    source: src(P, 863, ...LIMITS, 'should not schedule to a nodepool after a scheduling round if limits would be exceeded'),
    mapping: 'upstream runs two rounds; in one batch the first NodeClaim subtracts its largest option (2 vCPUs) from the limit',
    nodePools: [nodePool('default', { limits: { cpu: '2' } })],
    pods: pods('p', 2, { requests: { cpu: '1.75' } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: false, reason: exceedLimits } },
  },
  {
    id: 'node-limit-exhausted',
    source: src(P, 891, ...LIMITS, 'should not schedule if limits would be exceeded (node)'),
    mapping:
      'upstream keeps the pods apart with hostname anti-affinity and provisions them in three rounds; here only 2-vCPU types ' +
      'fit one 1.5-CPU pod each, in one batch. Within a batch Karpenter 1.14.1 does not count its own NodeClaims against ' +
      'a nodes limit (subtractMax subtracts instance capacity, which has no "nodes"), so all three pods get a NodeClaim',
    nodePools: [nodePool('default', { limits: { nodes: '2' }, requirements: [req(CPU, 'In', '2')] })],
    pods: pods('p', 3, { requests: { cpu: '1.5' } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: true }, 'p-2': { schedulable: true } },
  },
];
