// NodePool choice (selection, weights, fallback), requirements that filter out every type, minValues, and what the
// engine leaves unmodelled, translated from Karpenter's provisioning, scheduling and instance selection tests.
import {
  allocatableAtLeast,
  arch,
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
import {
  CPU,
  FAMILY,
  FILTERING,
  GENERATION,
  GPU,
  IT,
  LIMITS,
  MIN_VALUES,
  POOLS,
  filteredOut,
  gpuTaint,
  hostnameAntiAffinity,
  zoneSpread,
} from './resources-helpers';

export const NODEPOOL_CHOICE_CASES: readonly SchedulingCase[] = [
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
