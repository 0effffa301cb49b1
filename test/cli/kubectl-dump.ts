// Cluster dumps written the way `kubectl get ... -A -o yaml` writes them: one `kind: List` (apiVersion v1) whose items
// carry full metadata (uid, resourceVersion, creationTimestamp, generateName, ownerReferences) and status, with every
// map's keys in order (kubectl prints through JSON, so keys come sorted) and quantities as the API server returns them.
import { stringify } from 'yaml';

type Json = Record<string, unknown>;

let serial = 0;
/** A uid as the API server gives one (a version-4 UUID), stable per name. */
export function uidOf(name: string): string {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const hex = (n: number, len: number) => (n >>> 0).toString(16).padStart(8, '0').slice(0, len);
  return `${hex(h, 8)}-${hex(h >>> 7, 4)}-4${hex(h >>> 3, 3)}-8${hex(h >>> 11, 3)}-${hex(h, 8)}${hex(h >>> 5, 4)}`;
}

function meta(name: string, extra: Json = {}): Json {
  serial++;
  return { creationTimestamp: '2026-11-02T10:00:00Z', name, resourceVersion: String(40000 + serial), uid: uidOf(name), ...extra };
}

/** The List kubectl prints for several resource kinds. */
export function kubectlList(items: readonly Json[]): string {
  return stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { sortMapEntries: true, lineWidth: 0 });
}

export function nodePool(name: string, template: Json, more: Json = {}): Json {
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: meta(name, { annotations: { 'karpenter.sh/nodepool-hash-version': 'v3' }, generation: 1 }),
    spec: {
      disruption: { budgets: [{ nodes: '10%' }], consolidateAfter: '0s', consolidationPolicy: 'WhenEmptyOrUnderutilized' },
      template: { spec: { expireAfter: '720h', nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, ...template } },
      ...more,
    },
    status: { conditions: [{ lastTransitionTime: '2026-11-02T09:14:05Z', message: '', reason: 'Ready', status: 'True', type: 'Ready' }] },
  };
}

/** An EC2NodeClass with its status; `zones` gives one subnet per zone (none: no status.subnets). */
export function ec2NodeClass(name: string, zones: readonly string[] = []): Json {
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: meta(name, { finalizers: ['karpenter.k8s.aws/termination'], generation: 1 }),
    spec: {
      amiSelectorTerms: [{ alias: 'al2023@latest' }],
      role: 'KarpenterNodeRole-demo',
      securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
      subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
    },
    status: {
      instanceProfile: 'demo_1234567890123456789',
      ...(zones.length > 0 ? { subnets: zones.map((zone, i) => ({ id: `subnet-0${i}a1b2c3d4e5f6071`, zone, zoneID: `use1-az${i + 1}` })) } : {}),
    },
  };
}

export interface NodeOptions {
  readonly zone: string;
  readonly instanceType: string;
  /** The NodePool of a Karpenter node; none for a node of a managed node group. */
  readonly nodePool?: string;
  readonly cpu: string;
  readonly memory?: string;
  readonly pods?: string;
  readonly taints?: readonly Json[];
  readonly labels?: Readonly<Record<string, string>>;
}

export function node(name: string, o: NodeOptions): Json {
  const labels: Record<string, string> = {
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
    'node.kubernetes.io/instance-type': o.instanceType,
    'topology.kubernetes.io/region': 'us-east-1',
    'topology.kubernetes.io/zone': o.zone,
    ...(o.nodePool === undefined
      ? { 'eks.amazonaws.com/nodegroup': 'system' }
      : {
          'karpenter.k8s.aws/ec2nodeclass': 'default',
          'karpenter.sh/capacity-type': 'on-demand',
          'karpenter.sh/initialized': 'true',
          'karpenter.sh/nodepool': o.nodePool,
          'karpenter.sh/registered': 'true',
        }),
    ...o.labels,
  };
  const resources = { cpu: o.cpu, 'ephemeral-storage': '18242267924', memory: o.memory ?? '7134048Ki', pods: o.pods ?? '29' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: meta(name, { annotations: { 'node.alpha.kubernetes.io/ttl': '0' }, labels }),
    spec: { providerID: `aws:///${o.zone}/i-0${uidOf(name).slice(0, 16)}`, ...(o.taints ? { taints: o.taints } : {}) },
    status: {
      allocatable: resources,
      capacity: resources,
      conditions: [{ message: 'kubelet is posting ready status', reason: 'KubeletReady', status: 'True', type: 'Ready' }],
      nodeInfo: { architecture: 'amd64', kubeletVersion: 'v1.33.5-eks-113cf36', operatingSystem: 'linux' },
    },
  };
}

export interface PodOptions {
  readonly namespace?: string;
  /** The controller that owns the pod: its kind and name. */
  readonly owner?: { readonly kind: string; readonly name: string };
  /** Bound to this node (Running); unbound pods are Pending, marked unschedulable. */
  readonly nodeName?: string;
  readonly requests: Json;
  readonly labels?: Readonly<Record<string, string>>;
  /** More of the pod spec (nodeSelector, affinity, tolerations, topologySpreadConstraints). */
  readonly spec?: Json;
  readonly created?: string;
}

/** The tolerations the DaemonSet controller adds to each of its pods (daemon/util/daemonset_util.go). */
export const DAEMON_TOLERATIONS: readonly Json[] = [
  { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists' },
  { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists' },
  { effect: 'NoSchedule', key: 'node.kubernetes.io/disk-pressure', operator: 'Exists' },
  { effect: 'NoSchedule', key: 'node.kubernetes.io/memory-pressure', operator: 'Exists' },
  { effect: 'NoSchedule', key: 'node.kubernetes.io/pid-pressure', operator: 'Exists' },
  { effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', operator: 'Exists' },
];

export function pod(name: string, o: PodOptions): Json {
  const owner = o.owner;
  const ownerUid = owner && uidOf(`${owner.kind}/${o.namespace ?? 'default'}/${owner.name}`);
  const daemon = owner?.kind === 'DaemonSet';
  const spec: Json = {
    containers: [{ image: 'public.ecr.aws/demo/app:1', name: 'app', resources: { requests: o.requests } }],
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
    priority: 0,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    serviceAccountName: 'default',
    terminationGracePeriodSeconds: 30,
    tolerations: [
      ...(daemon ? DAEMON_TOLERATIONS : []),
      { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
    ],
    // The DaemonSet controller pins each pod to its node with a matchFields term (ReplaceDaemonSetPodNodeNameNodeAffinity).
    ...(daemon && o.nodeName !== undefined
      ? {
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [o.nodeName] }] }],
              },
            },
          },
        }
      : {}),
    ...o.spec,
    ...(o.nodeName === undefined ? {} : { nodeName: o.nodeName }),
  };
  const status =
    o.nodeName === undefined
      ? {
          conditions: [
            {
              lastProbeTime: null,
              lastTransitionTime: '2026-11-02T11:41:02Z',
              message: '0/6 nodes are available: 6 Insufficient cpu.',
              reason: 'Unschedulable',
              status: 'False',
              type: 'PodScheduled',
            },
          ],
          phase: 'Pending',
          qosClass: 'Burstable',
        }
      : { hostIP: '10.0.1.10', phase: 'Running', podIP: '10.0.1.44', qosClass: 'Burstable', startTime: '2026-11-02T10:02:30Z' };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(name, {
      ...(o.created === undefined ? {} : { creationTimestamp: o.created }),
      ...(owner ? { generateName: `${owner.name}-` } : {}),
      labels: o.labels ?? {},
      namespace: o.namespace ?? 'default',
      ...(owner
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', blockOwnerDeletion: true, controller: true, kind: owner.kind, name: owner.name, uid: ownerUid },
            ],
          }
        : {}),
    }),
    spec,
    status,
  };
}

/** A DaemonSet as kubectl prints it, with the uid its pods' ownerReferences name. */
export function daemonSet(name: string, namespace: string, requests: Json, more: Json = {}): Json {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { ...meta(name, { generation: 1, namespace }), uid: uidOf(`DaemonSet/${namespace}/${name}`) },
    spec: {
      selector: { matchLabels: { 'k8s-app': name } },
      template: {
        metadata: { labels: { 'k8s-app': name } },
        spec: { containers: [{ image: 'public.ecr.aws/demo/daemon:1', name, resources: { requests } }], ...more },
      },
    },
    status: { currentNumberScheduled: 3, desiredNumberScheduled: 3, numberMisscheduled: 0, numberReady: 3 },
  };
}
