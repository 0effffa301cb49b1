// What the resource case tables share: label keys, upstream's describe titles, reasons, requests and constraints.

export const IT = 'node.kubernetes.io/instance-type';
export const CPU = 'karpenter.k8s.aws/instance-cpu';
export const SIZE = 'karpenter.k8s.aws/instance-size';
export const FAMILY = 'karpenter.k8s.aws/instance-family';
export const GENERATION = 'karpenter.k8s.aws/instance-generation';
export const GPU = 'nvidia.com/gpu';
export const BIN = ['Scheduling', 'Binpacking'];
export const COMPAT = ['Scheduling', 'Instance Type Compatibility'];
export const LIMITS = ['Provisioning', 'Resource Limits'];
export const DS = ['Provisioning', 'Daemonsets'];
export const POOLS = ['Provisioning', 'Multiple NodePools'];
export const FILTERING = ['Scheduling', 'NodePool requirements instance filtering'];
export const MIN_VALUES = ['Instance Type Selection', 'MinValues'];
export const TWO_VCPU = 'a 2-vCPU type (m5.large: 1930m allocatable) cannot hold it; m5.xlarge (3920m) can';
export const filteredOut = 'nodepool requirements filtered out all available instance types';
export const exceedLimits = 'all available instance types exceed limits for nodepool (NodePool=default)';
export const noResources = 'no instance type has enough resources';
export const oneCpu = { requests: { cpu: '1', memory: '1Gi' } };
export const twoCpuDaemon = { requests: { cpu: '2', memory: '2Gi' } };
export const gpuTaint = { key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' };
export const zoneSpread = {
  maxSkew: 1,
  topologyKey: 'topology.kubernetes.io/zone',
  whenUnsatisfiable: 'DoNotSchedule',
  labelSelector: { matchLabels: { test: 'test' } },
};
export const hostnameAntiAffinity = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'foo' } } }],
    },
  },
};
