// DaemonSet overhead and taints, translated from the provisioning suite (Daemonsets, Taints) and the scheduling
// suite's in-flight taints.
import {
  allocatableAtLeast,
  daemonSet,
  labelIs,
  nodePool,
  pod,
  PROVISIONING_SUITE as P,
  req,
  SCHEDULING_SUITE as S,
  SchedulingCase,
  src,
  ZONES,
} from './fixtures';
import { DS, IT, SIZE, TWO_VCPU, gpuTaint, noResources, oneCpu, twoCpuDaemon } from './resources-helpers';

export const DAEMONSET_TAINT_CASES: readonly SchedulingCase[] = [
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
];
