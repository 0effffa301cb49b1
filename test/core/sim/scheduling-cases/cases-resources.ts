// Resource fit, daemonset overhead, taints, NodePool choice, limits, minValues, pools that admit nothing,
// and what the engine leaves unmodelled, translated from Karpenter's provisioning and scheduling tests.
// Upstream's fake types have 1-16 CPUs and 2-4Gi; the catalog has up to 896 vCPUs and 32TiB, so "more
// than any type" becomes 1000 CPUs or 64Ti, and "the 4-CPU type, not the 2-CPU one" becomes "no 2-vCPU
// type (1930m allocatable) is an option".
import {
  allocatableAtLeast,
  arch,
  daemonSet,
  deployment,
  family,
  INSTANCE_SELECTION as I,
  NODEPOOL_UTILS as U,
  labelIs,
  nodeClass,
  nodePool,
  pod,
  pods,
  PROVISIONING_SUITE as P,
  req,
  SCHEDULING_SUITE as S,
  SchedulingCase,
  src,
  TOPOLOGY_SUITE as T,
  vcpus,
  ZONES,
} from './fixtures';

const IT = 'node.kubernetes.io/instance-type';
const CPU = 'karpenter.k8s.aws/instance-cpu';
const SIZE = 'karpenter.k8s.aws/instance-size';
const FAMILY = 'karpenter.k8s.aws/instance-family';
const GENERATION = 'karpenter.k8s.aws/instance-generation';
const GPU = 'nvidia.com/gpu';
const BIN = ['Scheduling', 'Binpacking'];
const COMPAT = ['Scheduling', 'Instance Type Compatibility'];
const LIMITS = ['Provisioning', 'Resource Limits'];
const DS = ['Provisioning', 'Daemonsets'];
const POOLS = ['Provisioning', 'Multiple NodePools'];
const FILTERING = ['Scheduling', 'NodePool requirements instance filtering'];
const MIN_VALUES = ['Instance Type Selection', 'MinValues'];
const TWO_VCPU = 'a 2-vCPU type (m5.large: 1930m allocatable) cannot hold it; m5.xlarge (3920m) can';
const filteredOut = 'nodepool requirements filtered out all available instance types';
const exceedLimits = 'all available instance types exceed limits for nodepool (NodePool=default)';
const noResources = 'no instance type has enough resources';
const oneCpu = { requests: { cpu: '1', memory: '1Gi' } };
const twoCpuDaemon = { requests: { cpu: '2', memory: '2Gi' } };
const gpuTaint = { key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' };
const zoneSpread = {
  maxSkew: 1,
  topologyKey: 'topology.kubernetes.io/zone',
  whenUnsatisfiable: 'DoNotSchedule',
  labelSelector: { matchLabels: { test: 'test' } },
};
const hostnameAntiAffinity = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'foo' } } }],
    },
  },
};

export const RESOURCE_CASES: readonly SchedulingCase[] = [
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
  {
    id: 'daemonset-overhead-counts',
    source: src(P, 935, ...DS, 'should account for daemonsets'),
    mapping: TWO_VCPU,
    daemonSets: [daemonSet('ds', twoCpuDaemon)],
    pods: [pod('p', oneCpu)],
    expectPods: {
      p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 3000)], include: ['m5.xlarge'], exclude: ['m5.large'] } },
    },
  },
  {
    id: 'daemonset-host-port-conflict',
    source: src(P, 956, ...DS, 'should account for daemonset hostports'),
    daemonSets: [daemonSet('ds', { ...twoCpuDaemon, hostPorts: [8080] })],
    pods: [pod('p', { ...oneCpu, hostPorts: [8080] })],
    unmodelled: { why: 'host port conflicts are not simulated', assumption: /host ports/i },
  },
  {
    id: 'daemonset-counts-despite-startup-taint',
    source: src(P, 974, ...DS, 'should account for daemonsets (with startup taint)'),
    mapping: TWO_VCPU,
    nodePools: [nodePool('default', { startupTaints: [{ key: 'foo.com/taint', effect: 'NoSchedule' }] })],
    daemonSets: [daemonSet('ds', twoCpuDaemon)],
    pods: [pod('p', oneCpu)],
    expectPods: { p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 3000)], exclude: ['m5.large'] } } },
  },
  {
    id: 'daemonset-overhead-too-large',
    source: src(P, 1004, ...DS, 'should not schedule if daemonset overhead is too large'),
    daemonSets: [daemonSet('ds', { requests: { cpu: '10000', memory: '10000Gi' } })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'daemonset-limits-become-requests',
    source: src(P, 1057, ...DS, 'should not schedule if resource requests are not defined and limits (requests) are too large'),
    mapping: 'a limit without a request is the request (API defaulting); 10000Gi fits the u7i/u7in types, so the memory limit is 64Ti',
    daemonSets: [daemonSet('ds', { limits: { cpu: '10000', memory: '64Ti' }, requests: { cpu: '1' } })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'daemonset-init-container-max',
    source: src(P, 1070, ...DS, 'should schedule based on the max resource requests of containers and initContainers'),
    mapping: `the daemon's init container (3 CPUs) sets its overhead; ${TWO_VCPU}`,
    daemonSets: [
      daemonSet('ds', {
        requests: { cpu: '1' },
        limits: { cpu: '10000', memory: '1Gi' },
        initContainers: [{ requests: { cpu: '3', memory: '3Gi' } }],
      }),
    ],
    pods: [pod('p')],
    expectPods: {
      p: { schedulable: true, instanceTypes: { every: [allocatableAtLeast('cpu', 3000)], include: ['m5.xlarge'], exclude: ['m5.large'] } },
    },
  },
  {
    id: 'daemonset-init-container-too-large',
    source: src(P, 1119, ...DS, 'should not schedule if initContainer resources are too large'),
    daemonSets: [daemonSet('ds', { initContainers: [{ requests: { cpu: '10000', memory: '10000Gi' } }] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: noResources } },
  },
  {
    id: 'daemonset-without-requests',
    source: src(P, 1135, ...DS, 'should be able to schedule pods if resource requests and limits are not defined'),
    daemonSets: [daemonSet('ds')],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true } },
  },
  {
    id: 'daemonset-not-tolerating-taint-ignored',
    source: src(P, 1143, ...DS, 'should ignore daemonsets without matching tolerations'),
    nodePools: [nodePool('default', { taints: [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }] })],
    daemonSets: [daemonSet('ds', twoCpuDaemon)],
    pods: [pod('p', { ...oneCpu, tolerations: [{ operator: 'Exists' }] })],
    expectPods: { p: { schedulable: true, instanceTypes: { include: ['m5.large'] } } },
  },
  {
    id: 'daemonset-with-unmatched-selector-ignored',
    source: src(P, 1175, ...DS, 'should ignore daemonsets with an invalid selector'),
    daemonSets: [daemonSet('ds', { ...twoCpuDaemon, nodeSelector: { node: 'invalid' } })],
    pods: [pod('p', oneCpu)],
    expectPods: { p: { schedulable: true, instanceTypes: { include: ['m5.large'] } } },
  },
  {
    id: 'daemonset-matching-no-type-ignored',
    source: src(P, 1197, ...DS, 'should ignore daemonsets when no instance types meet the daemonset requirements'),
    daemonSets: [daemonSet('ds', { ...twoCpuDaemon, required: [[req(IT, 'In', 'non-existent-instance-type')]] })],
    pods: [pod('p', oneCpu)],
    expectPods: { p: { schedulable: true, instanceTypes: { include: ['m5.large'] } } },
  },
  {
    id: 'daemonset-selecting-template-label',
    source: src(P, 1219, ...DS, 'should account for daemonsets with a custom label nodeSelector that matches the nodepool'),
    mapping: TWO_VCPU,
    nodePools: [nodePool('default', { labels: { purpose: 'monitoring' } })],
    daemonSets: [daemonSet('ds', { ...twoCpuDaemon, nodeSelector: { purpose: 'monitoring' } })],
    pods: [pod('p', oneCpu)],
    expectPods: { p: { schedulable: true, instanceTypes: { exclude: ['m5.large'], include: ['m5.xlarge'] } } },
  },
  {
    id: 'daemonset-overhead-per-instance-type',
    source: src(P, 1246, ...DS, 'should filter out daemonsets based on instance type requirements'),
    mapping:
      'fake size small/large -> karpenter.k8s.aws/instance-size small/large: the 10-CPU daemon runs only on size ' +
      '"large" (2 vCPUs), which it does not fit with the pod, so no "large" type is an option while xlarge ones are',
    daemonSets: [
      daemonSet('small-ds', { required: [[req(SIZE, 'In', 'small')]], requests: { cpu: '1' } }),
      daemonSet('large-ds', { required: [[req(SIZE, 'In', 'large')]], requests: { cpu: '10' } }),
    ],
    pods: [pod('p', oneCpu)],
    expectPods: { p: { schedulable: true, instanceTypes: { none: [labelIs(SIZE, 'large')], include: ['m5.xlarge'] } } },
  },
  {
    id: 'daemonset-notin-undefined-key',
    source: src(P, 1276, ...DS, 'should account daemonsets with NotIn operator and unspecified key'),
    mapping: `test-zone-2 -> us-east-1b; ${TWO_VCPU}`,
    zones: ZONES,
    daemonSets: [daemonSet('ds', { ...twoCpuDaemon, required: [[req('foo', 'NotIn', 'bar')]] })],
    pods: [pod('p', { ...oneCpu, required: [[req('topology.kubernetes.io/zone', 'In', 'us-east-1b')]] })],
    expectPods: { p: { schedulable: true, instanceTypes: { exclude: ['m5.large'], include: ['m5.xlarge'] } } },
  },
  {
    id: 'taint-tolerations',
    source: src(P, 1645, 'Provisioning', 'Taints', 'should schedule pods that tolerate taints'),
    nodePools: [nodePool('default', { taints: [gpuTaint] })],
    pods: [
      pod('equal', { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' }] }),
      pod('exists-effect', { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] }),
      pod('exists-key', { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists' }] }),
      pod('exists-all', { tolerations: [{ operator: 'Exists' }] }),
    ],
    expectPods: {
      equal: { schedulable: true, nodePool: 'default' },
      'exists-effect': { schedulable: true },
      'exists-key': { schedulable: true },
      'exists-all': { schedulable: true },
    },
  },
  {
    id: 'taint-not-tolerated',
    source: src(P, 1645, 'Provisioning', 'Taints', 'should schedule pods that tolerate taints'),
    mapping: 'the negative of the upstream case: pods whose tolerations do not match (no toleration, another value, another effect)',
    nodePools: [nodePool('default', { taints: [gpuTaint] })],
    pods: [
      pod('none'),
      pod('other-value', { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Equal', value: 'false', effect: 'NoSchedule' }] }),
      pod('other-effect', { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoExecute' }] }),
    ],
    expectPods: {
      none: { schedulable: false, reason: 'did not tolerate taint (taint=nvidia.com/gpu=true:NoSchedule)' },
      'other-value': { schedulable: false, reason: 'did not tolerate taint (taint=nvidia.com/gpu=true:NoSchedule)' },
      'other-effect': { schedulable: false, reason: 'did not tolerate taint' },
    },
  },
  {
    id: 'taint-no-execute',
    source: src(P, 1645, 'Provisioning', 'Taints', 'should schedule pods that tolerate taints'),
    mapping: 'the same tolerations against a NoExecute taint with an empty value (printed KEY:EFFECT)',
    nodePools: [nodePool('default', { taints: [{ key: 'dedicated', effect: 'NoExecute' }] })],
    pods: [pod('tolerates', { tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }] }), pod('not')],
    expectPods: {
      tolerates: { schedulable: true },
      not: { schedulable: false, reason: 'did not tolerate taint (taint=dedicated:NoExecute)' },
    },
  },
  {
    id: 'startup-taint-not-for-scheduling',
    source: src(S, 2110, 'Scheduling', 'In-Flight Nodes', 'Taints', 'should assume pod will schedule to a tainted node with a custom startup taint'),
    mapping: 'startup taints are not tolerated by pods: a pod without tolerations still lands on the pool',
    nodePools: [nodePool('default', { startupTaints: [{ key: 'foo.com/taint', value: 'tainted', effect: 'NoSchedule' }] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'prefer-no-schedule-tolerated-last',
    source: src(
      P,
      2487,
      'Provisioning',
      'Preferential Fallback',
      'Preferences',
      'should tolerate PreferNoSchedule taint only after trying to relax Affinity terms',
    ),
    nodePools: [nodePool('default', { taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }] })],
    pods: [
      pod('p', {
        preferred: [
          { weight: 1, expressions: [req('topology.kubernetes.io/zone', 'In', 'invalid')] },
          { weight: 1, expressions: [req(IT, 'In', 'invalid')] },
        ],
      }),
    ],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'nodepool-selected-explicitly',
    source: src(P, 2773, ...POOLS, 'should schedule to an explicitly selected NodePool'),
    pods: [pod('p', { nodeSelector: { 'karpenter.sh/nodepool': 'default' } })],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'nodepool-selected-by-label',
    source: src(P, 2781, ...POOLS, 'should schedule to a NodePool by labels'),
    nodePools: [nodePool('default'), nodePool('labelled', { labels: { foo: 'bar' } })],
    pods: [pod('p', { nodeSelector: { foo: 'bar' } })],
    expectPods: { p: { schedulable: true, nodePool: 'labelled' } },
  },
  {
    id: 'prefer-no-schedule-pool-avoided',
    source: src(P, 2797, ...POOLS, 'should not match NodePool with PreferNoSchedule taint when other NodePool match'),
    mapping: 'both weight 0: "soft" sorts before "default" (names descending), so the taint, not the order, sends the pod to default',
    nodePools: [nodePool('default'), nodePool('soft', { taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'default' } },
  },
  {
    id: 'nodepool-highest-weight',
    source: src(P, 2815, ...POOLS, 'Weighted NodePools', 'should schedule to the nodepool with the highest priority always'),
    nodePools: [nodePool('unweighted'), nodePool('twenty', { weight: 20 }), nodePool('hundred', { weight: 100 })],
    pods: pods('p', 3),
    expectPods: { 'p-0': { nodePool: 'hundred' }, 'p-1': { nodePool: 'hundred' }, 'p-2': { nodePool: 'hundred' } },
  },
  {
    id: 'nodepool-selection-beats-weight',
    source: src(
      P,
      2831,
      ...POOLS,
      'Weighted NodePools',
      'should schedule to explicitly selected nodepool even if other nodePools are higher priority',
    ),
    nodePools: [nodePool('targeted'), nodePool('twenty', { weight: 20 }), nodePool('hundred', { weight: 100 })],
    pods: [pod('p', { nodeSelector: { 'karpenter.sh/nodepool': 'targeted' } })],
    expectPods: { p: { schedulable: true, nodePool: 'targeted' } },
  },
  {
    id: 'nodepool-tie-by-name',
    source: src(U, 81, 'NodePoolUtils', 'OrderByWeight', 'should order the NodePools by name when the weights are the same'),
    mapping: 'equal weights: the name that sorts last is tried first, so the pod lands on "gamma"',
    nodePools: [nodePool('beta', { weight: 10 }), nodePool('gamma', { weight: 10 }), nodePool('alpha', { weight: 10 })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: true, nodePool: 'gamma' } },
  },
  {
    id: 'required-term-order-beats-weight',
    source: src(S, 1144, 'Scheduling', 'Preferential Fallback', 'Required', 'should relax multiple terms'),
    mapping:
      'relaxation drops a required term only after it failed on every NodePool, so the first term (arm64) is tried on ' +
      'the light arm64 pool before the second (amd64) gets the heavy amd64 pool',
    nodePools: [
      nodePool('amd', { weight: 100, requirements: [req('kubernetes.io/arch', 'In', 'amd64')] }),
      nodePool('arm', { requirements: [req('kubernetes.io/arch', 'In', 'arm64')] }),
    ],
    pods: [pod('p', { required: [[req('kubernetes.io/arch', 'In', 'arm64')], [req('kubernetes.io/arch', 'In', 'amd64')]] })],
    expectPods: { p: { schedulable: true, nodePool: 'arm', instanceTypes: { every: [arch('arm64')] } } },
  },
  {
    id: 'nodepools-that-admit-nothing',
    source: src(S, 5242, ...FILTERING, 'should handle multiple pods when requirements filter out all instance types'),
    mapping: "the issue's examples of pools that launch nothing: os=windows on an AL2023 class, and instance-cpu Gte 1024",
    nodePools: [
      nodePool('windows', { requirements: [req('kubernetes.io/os', 'In', 'windows')] }),
      nodePool('huge', { requirements: [req(CPU, 'Gte', '1024')] }),
    ],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: {
      windows: { admitsNothing: true, reason: /kubernetes\.io\/os In \[windows\]/ },
      huge: { admitsNothing: true, reason: /instance-cpu/ },
    },
  },
  {
    id: 'workload-pods-from-deployment',
    source: src(P, 236, 'Provisioning', 'Should provision nodes for multiple pods'),
    mapping: 'the pods come from a Deployment with 3 replicas, named <deployment>-<ordinal>',
    pods: [deployment('web', 3, { requests: { cpu: '500m' } })],
    expectPods: { 'web-0': { schedulable: true }, 'web-1': { schedulable: true }, 'web-2': { schedulable: true } },
  },
  {
    id: 'nodepool-unknown-instance-type',
    source: src(S, 5197, ...FILTERING, 'should return appropriate pod error when no available instance types exist'),
    nodePools: [nodePool('default', { requirements: [req(IT, 'In', 'non-existent-instance-type')] })],
    pods: [pod('p', { requests: { cpu: '32', memory: '256Gi' } })],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'nodepool-unknown-arch',
    source: src(S, 5242, ...FILTERING, 'should handle multiple pods when requirements filter out all instance types'),
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'non-existent-arch')] })],
    pods: [pod('pod-1'), pod('pod-2'), pod('pod-3')],
    expectPods: {
      'pod-1': { schedulable: false, reason: filteredOut },
      'pod-2': { schedulable: false, reason: filteredOut },
      'pod-3': { schedulable: false, reason: filteredOut },
    },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'nodepool-conflicting-requirements',
    source: src(S, 5273, ...FILTERING, 'should handle conflicting requirements that eliminate all instance types'),
    nodePools: [nodePool('default', { requirements: [req('kubernetes.io/arch', 'In', 'amd64'), req('kubernetes.io/arch', 'In', 'arm64')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'nodepool-unknown-zones',
    source: src(S, 5302, ...FILTERING, 'should handle zone requirements that filter out all instance types'),
    mapping: 'the simulation is given us-east-1a..c; the pool asks for two zones outside them',
    zones: ZONES,
    nodePools: [nodePool('default', { requirements: [req('topology.kubernetes.io/zone', 'In', 'non-existent-zone-1', 'non-existent-zone-2')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'min-values-keep-nodeclaims-apart',
    source: src(I, 621, ...MIN_VALUES, 'should schedule respecting the minValues from instance-type requirements'),
    mapping:
      'instance-type-1 (1 CPU) / instance-type-2 (4 CPUs) -> c6g.medium / c6g.xlarge: both 0.9-CPU pods fit on c6g.xlarge, but ' +
      'minValues 2 keeps two types on each NodeClaim, so the pods do not share one',
    nodePools: [nodePool('default', { requirements: [{ key: IT, operator: 'In', values: ['c6g.medium', 'c6g.xlarge'], minValues: 2 }] })],
    pods: pods('p', 2, { requests: { cpu: '0.9', memory: '0.9Gi' } }),
    expectPods: {
      'p-0': { schedulable: true, instanceTypes: { only: ['c6g.medium', 'c6g.xlarge'] } },
      'p-1': { schedulable: true, instanceTypes: { only: ['c6g.medium', 'c6g.xlarge'] }, otherNodeClaimThan: 'p-0' },
    },
  },
  {
    id: 'min-values-not-met-after-pod-requirement',
    source: src(I, 784, ...MIN_VALUES, 'scheduler should fail if the minValues in Gt operator is not satisfied'),
    mapping: 'karpenter/numerical-value 2/3 -> instance-generation 5/6 (families m5, m6i); the pod asks for generation Gt 5',
    nodePools: [nodePool('default', { requirements: [req(FAMILY, 'In', 'm5', 'm6i'), { key: GENERATION, operator: 'Exists', minValues: 2 }] })],
    pods: pods('p', 2, { requests: { cpu: '0.9', memory: '0.9Gi' }, required: [[req(GENERATION, 'Gt', '5')]] }),
    expectPods: {
      'p-0': { schedulable: false, reason: `minValues requirement is not met for label(s) (label(s)=[${GENERATION}])` },
      'p-1': { schedulable: false, reason: 'minValues requirement is not met' },
    },
    expectPools: { default: { admitted: { every: [family('m5', 'm6i')] } } },
  },
  {
    id: 'min-values-above-admitted-count',
    source: src(I, 1234, ...MIN_VALUES, 'schedule should fail if minimum number of InstanceTypes is not met as per the minValues in the requirement'),
    mapping: 'ten fake types, minValues 11 -> the m5 family (9 types), instance-type Exists with minValues 10',
    nodePools: [nodePool('default', { requirements: [req(FAMILY, 'In', 'm5'), { key: IT, operator: 'Exists', minValues: 10 }] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: { default: { admitsNothing: true, reason: /minValues/ } },
  },
  {
    id: 'class-a1-incompatible-with-al2023',
    source: src(S, 5197, ...FILTERING, 'should return appropriate pod error when no available instance types exist'),
    mapping:
      'the AWS provider drops a1 types for AL2023 classes (compatibility.go), although the catalog lists them: ' +
      'a pool of only a1 types admits nothing, like the upstream pool of an unknown type',
    nodeClasses: [nodeClass('default')],
    nodePools: [nodePool('default', { requirements: [req(FAMILY, 'In', 'a1')] })],
    pods: [pod('p')],
    expectPods: { p: { schedulable: false, reason: filteredOut } },
    expectPools: { default: { admitsNothing: true } },
  },
  {
    id: 'gpu-pool-by-weight-and-taint',
    source: src(P, 2815, ...POOLS, 'Weighted NodePools', 'should schedule to the nodepool with the highest priority always'),
    mapping:
      'a tainted GPU pool outweighs a general pool without GPUs, so only pods that tolerate the taint land on it ' +
      '(with GPUs in the general pool, the GPU pod would join the NodeClaim the web pod opened there: in-flight first)',
    nodePools: [
      nodePool('general', { requirements: [req('karpenter.k8s.aws/instance-category', 'In', 'c', 'm', 'r')] }),
      nodePool('gpu', { weight: 50, taints: [gpuTaint], requirements: [req('karpenter.k8s.aws/instance-category', 'In', 'g')] }),
    ],
    pods: [pod('web'), pod('trainer', { limits: { [GPU]: '1' }, tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists' }] })],
    expectPods: {
      web: { schedulable: true, nodePool: 'general' },
      trainer: { schedulable: true, nodePool: 'gpu', instanceTypes: { every: [labelIs('karpenter.k8s.aws/instance-category', 'g')] } },
    },
  },
  {
    id: 'inflight-nodeclaim-before-weight',
    source: src(S, 2492, 'Scheduling', 'In-Flight Nodes', 'should pack in-flight nodes before launching new nodes'),
    mapping:
      'upstream packs onto an in-flight node; in one batch, a NodeClaim opened for an earlier pod is in flight too: the GPU pod ' +
      '(which tolerates the taint) joins the general NodeClaim the web pod opened, before trying the heavier gpu pool',
    nodePools: [
      nodePool('general'),
      nodePool('gpu', { weight: 50, taints: [gpuTaint], requirements: [req('karpenter.k8s.aws/instance-category', 'In', 'g')] }),
    ],
    pods: [pod('web'), pod('trainer', { limits: { [GPU]: '1' }, tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists' }] })],
    expectPods: {
      web: { schedulable: true, nodePool: 'general' },
      trainer: { schedulable: true, nodePool: 'general', sameNodeClaimAs: 'web', instanceTypes: { every: [allocatableAtLeast(GPU, 1)] } },
    },
  },
  {
    id: 'topology-spread-zone',
    source: src(T, 108, 'Topology', 'Zonal', 'should balance pods across zones (match labels)'),
    mapping: 'test-zone-1..3 -> us-east-1a..c; the result names no zone, so the case checks that every pod gets a node',
    zones: ZONES,
    pods: pods('p', 4, { labels: { test: 'test' }, extraSpec: { topologySpreadConstraints: [zoneSpread] } }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: true }, 'p-2': { schedulable: true }, 'p-3': { schedulable: true } },
  },
  {
    id: 'pod-anti-affinity-hostname',
    source: src(T, 2297, 'Topology', 'Pod Affinity/Anti-Affinity', 'should separate nodes using simple pod anti-affinity on hostname'),
    pods: pods('p', 2, { labels: { app: 'foo' }, extraSpec: hostnameAntiAffinity }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: true, otherNodeClaimThan: 'p-0' } },
  },
  {
    id: 'limits-partial-with-anti-affinity',
    source: src(P, 782, ...LIMITS, 'should partially schedule if limits would be exceeded'),
    mapping: 'as upstream: hostname anti-affinity keeps the 1.5-CPU pods apart; the first NodeClaim leaves 1 of the 3 CPUs',
    nodePools: [nodePool('default', { limits: { cpu: '3' } })],
    pods: pods('p', 2, { labels: { app: 'foo' }, requests: { cpu: '1.5' }, extraSpec: hostnameAntiAffinity }),
    expectPods: { 'p-0': { schedulable: true, instanceTypes: { every: [vcpus(1, 3)] } }, 'p-1': { schedulable: false } },
  },
  {
    id: 'node-limit-with-anti-affinity',
    source: src(P, 891, ...LIMITS, 'should not schedule if limits would be exceeded (node)'),
    mapping:
      'as upstream (hostname anti-affinity keeps the pods apart), but in one batch instead of three rounds: a nodes ' +
      'limit only counts NodeClaims of earlier batches (cluster state), so the third pod still gets one',
    nodePools: [nodePool('default', { limits: { nodes: '2' } })],
    pods: pods('p', 3, { labels: { app: 'foo' }, requests: { cpu: '1.5' }, extraSpec: hostnameAntiAffinity }),
    expectPods: { 'p-0': { schedulable: true }, 'p-1': { schedulable: true }, 'p-2': { schedulable: true } },
  },
];
