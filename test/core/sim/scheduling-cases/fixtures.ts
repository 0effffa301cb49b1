// Builders and expectations of the scheduling case table: plain manifests, as the library emits them
// and as a user's YAML holds them, so a case reads like the upstream test it comes from.
// The types of a case and its expectations: case-types.ts (exported from here too).
import { loadInstanceTypeCatalog } from '../../../../lib/core/sim';
import { CaseSource, LabelSelector, Manifest, TypeProperty } from './case-types';

/** Upstream test files, at kubernetes-sigs/karpenter v1.14.1. */
export const SCHEDULING_SUITE = 'pkg/controllers/provisioning/scheduling/suite_test.go';
export const INSTANCE_SELECTION = 'pkg/controllers/provisioning/scheduling/instance_selection_test.go';
export const PROVISIONING_SUITE = 'pkg/controllers/provisioning/suite_test.go';
export const TOPOLOGY_SUITE = 'pkg/controllers/provisioning/scheduling/topology_test.go';
export const NODEPOOL_UTILS = 'pkg/utils/nodepool/suite_test.go';

export * from './case-types';

/** The fake cloud provider's three zones, mapped to real ones. */
export const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

export function src(file: string, line: number, ...titles: string[]): CaseSource {
  return { file, line, titles };
}

export function nodeClass(name = 'default', spec: Manifest = {}): Manifest {
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name },
    spec: {
      role: 'KarpenterNodeRole-demo',
      amiSelectorTerms: [{ alias: 'al2023@latest' }],
      subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
      securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
      ...spec,
    },
  };
}

export interface Requirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: string;
}

export interface NodePoolOptions {
  readonly weight?: number;
  readonly requirements?: readonly Requirement[];
  readonly labels?: Record<string, string>;
  readonly taints?: readonly Taint[];
  readonly startupTaints?: readonly Taint[];
  readonly limits?: Record<string, string>;
  readonly nodeClass?: string;
}

export function nodePool(name = 'default', o: NodePoolOptions = {}): Manifest {
  const templateSpec: Manifest = {
    nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: o.nodeClass ?? 'default' },
    requirements: o.requirements ?? [],
    expireAfter: '720h',
  };
  if (o.taints) templateSpec.taints = o.taints;
  if (o.startupTaints) templateSpec.startupTaints = o.startupTaints;
  const spec: Manifest = {
    template: { ...(o.labels ? { metadata: { labels: o.labels } } : {}), spec: templateSpec },
    disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m' },
  };
  if (o.limits) spec.limits = o.limits;
  if (o.weight !== undefined) spec.weight = o.weight;
  return { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name }, spec };
}

export function req(key: string, operator: string, ...values: string[]): Requirement {
  return operator === 'Exists' || operator === 'DoesNotExist' ? { key, operator } : { key, operator, values };
}

export interface PodOptions {
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
  readonly requests?: Record<string, string>;
  readonly limits?: Record<string, string>;
  readonly nodeSelector?: Record<string, string>;
  /** Required node affinity: ORed terms of ANDed expressions. */
  readonly required?: readonly (readonly Requirement[])[];
  readonly preferred?: readonly { readonly weight: number; readonly expressions: readonly Requirement[] }[];
  readonly tolerations?: readonly Record<string, unknown>[];
  readonly initContainers?: readonly { readonly requests?: Record<string, string>; readonly restartPolicy?: string }[];
  readonly overhead?: Record<string, string>;
  readonly hostPorts?: readonly number[];
  readonly topologySpread?: readonly Manifest[];
  readonly podAffinity?: AffinityTerms;
  readonly podAntiAffinity?: AffinityTerms;
  /** persistentVolumeClaim volumes, by claim name. */
  readonly persistentVolumeClaims?: readonly string[];
  /** A bound pod: `spec.nodeName`. */
  readonly nodeName?: string;
  readonly phase?: string;
  /** Owned by a DaemonSet of this name (a DaemonSet's pod). */
  readonly daemonSetOwner?: string;
  readonly extraSpec?: Manifest;
}

export interface AffinityTerms {
  readonly required?: readonly Manifest[];
  readonly preferred?: readonly { readonly weight: number; readonly podAffinityTerm: Manifest }[];
}

function podSpec(o: PodOptions): Manifest {
  const resources: Manifest = {};
  if (o.requests) resources.requests = o.requests;
  if (o.limits) resources.limits = o.limits;
  const container: Manifest = { name: 'app', image: 'public.ecr.aws/docker/library/busybox:1.36', resources };
  if (o.hostPorts) container.ports = o.hostPorts.map((p) => ({ containerPort: p, hostPort: p }));
  const spec: Manifest = { containers: [container] };
  if (o.nodeSelector) spec.nodeSelector = o.nodeSelector;
  const nodeAffinity: Manifest = {};
  if (o.required) {
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = {
      nodeSelectorTerms: o.required.map((exprs) => ({ matchExpressions: exprs })),
    };
  }
  if (o.preferred) {
    nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution = o.preferred.map((p) => ({
      weight: p.weight,
      preference: { matchExpressions: p.expressions },
    }));
  }
  const affinity: Manifest = {};
  if (Object.keys(nodeAffinity).length > 0) affinity.nodeAffinity = nodeAffinity;
  const podTerms = (t: AffinityTerms): Manifest => ({
    ...(t.required ? { requiredDuringSchedulingIgnoredDuringExecution: t.required } : {}),
    ...(t.preferred ? { preferredDuringSchedulingIgnoredDuringExecution: t.preferred } : {}),
  });
  if (o.podAffinity) affinity.podAffinity = podTerms(o.podAffinity);
  if (o.podAntiAffinity) affinity.podAntiAffinity = podTerms(o.podAntiAffinity);
  if (Object.keys(affinity).length > 0) spec.affinity = affinity;
  if (o.topologySpread) spec.topologySpreadConstraints = o.topologySpread;
  if (o.nodeName) spec.nodeName = o.nodeName;
  if (o.persistentVolumeClaims) {
    spec.volumes = o.persistentVolumeClaims.map((claimName, i) => ({ name: `vol-${i}`, persistentVolumeClaim: { claimName } }));
  }
  if (o.tolerations) spec.tolerations = o.tolerations;
  if (o.initContainers) {
    spec.initContainers = o.initContainers.map((c, i) => ({
      name: `init-${i}`,
      image: 'public.ecr.aws/docker/library/busybox:1.36',
      resources: c.requests ? { requests: c.requests } : {},
      ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}),
    }));
  }
  if (o.overhead) spec.overhead = o.overhead;
  return { ...spec, ...(o.extraSpec ?? {}) };
}

export function pod(name: string, o: PodOptions = {}): Manifest {
  const metadata: Manifest = { name, namespace: o.namespace ?? 'default', ...(o.labels ? { labels: o.labels } : {}) };
  if (o.daemonSetOwner)
    metadata.ownerReferences = [
      { apiVersion: 'apps/v1', kind: 'DaemonSet', name: o.daemonSetOwner, uid: `uid-${o.daemonSetOwner}`, controller: true },
    ];
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: podSpec(o), ...(o.phase ? { status: { phase: o.phase } } : {}) };
}

/** `n` pods bound to `nodeName`, named `<prefix>-0` … */
export function boundPods(prefix: string, n: number, nodeName: string, o: PodOptions = {}): Manifest[] {
  return pods(prefix, n, { ...o, nodeName });
}

export interface SpreadOptions {
  readonly maxSkew?: number;
  /** Omitted: `{ matchLabels: { test: 'test' } }` (upstream's `labels`); null: no labelSelector at all. */
  readonly selector?: LabelSelector | null;
  readonly whenUnsatisfiable?: 'DoNotSchedule' | 'ScheduleAnyway';
  readonly minDomains?: number;
  readonly nodeTaintsPolicy?: 'Honor' | 'Ignore';
  readonly nodeAffinityPolicy?: 'Honor' | 'Ignore';
  readonly matchLabelKeys?: readonly string[];
}

/** Upstream's `labels` of topology_test.go. */
export const TEST_LABELS = { test: 'test' };

/** A topologySpreadConstraint on `topologyKey` (DoNotSchedule, maxSkew 1, selecting `TEST_LABELS` unless told). */
export function spread(topologyKey: string, o: SpreadOptions = {}): Manifest {
  const c: Manifest = { maxSkew: o.maxSkew ?? 1, topologyKey, whenUnsatisfiable: o.whenUnsatisfiable ?? 'DoNotSchedule' };
  if (o.selector !== null) c.labelSelector = o.selector ?? { matchLabels: TEST_LABELS };
  if (o.minDomains !== undefined) c.minDomains = o.minDomains;
  if (o.nodeTaintsPolicy) c.nodeTaintsPolicy = o.nodeTaintsPolicy;
  if (o.nodeAffinityPolicy) c.nodeAffinityPolicy = o.nodeAffinityPolicy;
  if (o.matchLabelKeys) c.matchLabelKeys = o.matchLabelKeys;
  return c;
}

/** A PodAffinityTerm selecting `matchLabels` on `topologyKey`. */
export function term(
  topologyKey: string,
  matchLabels: Record<string, string>,
  o: { namespaces?: string[]; namespaceSelector?: LabelSelector } = {},
): Manifest {
  return { topologyKey, labelSelector: { matchLabels }, ...o };
}

export function namespace(name: string, labels?: Record<string, string>): Manifest {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(labels ? { labels } : {}) } };
}

export const HOSTNAME = 'kubernetes.io/hostname';
export const ZONE = 'topology.kubernetes.io/zone';
export const CAPACITY_TYPE = 'karpenter.sh/capacity-type';
export const ARCH = 'kubernetes.io/arch';

export interface NodeOptions {
  /** A catalog type: its labels (arch, os, instance type ...) and resources. @default 'm5.large' */
  readonly type?: string;
  readonly zone?: string;
  /** @default 'on-demand' (not set for an unowned node) */
  readonly capacityType?: string;
  /** The NodePool it belongs to; null: a node Karpenter does not own. @default 'default' */
  readonly nodePool?: string | null;
  /** @default true (label karpenter.sh/initialized) */
  readonly initialized?: boolean;
  readonly labels?: Record<string, string>;
  readonly taints?: readonly Taint[];
  /** Replaces these allocatable values (Kubernetes quantities). */
  readonly allocatable?: Record<string, string>;
  readonly capacity?: Record<string, string>;
  /** metadata.deletionTimestamp is set. */
  readonly deleting?: boolean;
}

function quantities(r: Readonly<Record<string, number>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) {
    if (v === 0) continue;
    if (k === 'cpu') out[k] = `${v}m`;
    else if (k === 'memory' || k === 'ephemeral-storage') out[k] = `${Math.floor(v / 1024)}Ki`;
    else out[k] = String(v);
  }
  return out;
}

/**
 * A v1 Node of the running cluster, as Karpenter labels its nodes: hostname (= name), zone, capacity type,
 * NodePool, initialized, the catalog type's labels, and that type's allocatable/capacity unless told otherwise.
 */
export function node(name: string, o: NodeOptions = {}): Manifest {
  const type = loadInstanceTypeCatalog().get(o.type ?? 'm5.large');
  if (type === undefined) throw new Error(`node ${name}: ${o.type} is not in the catalog`);
  const owned = o.nodePool !== null;
  const labels: Record<string, string> = {
    ...type.labels,
    'kubernetes.io/hostname': name,
    ...(o.zone ? { [ZONE]: o.zone } : {}),
    ...(owned ? { [CAPACITY_TYPE]: o.capacityType ?? 'on-demand', 'karpenter.sh/nodepool': o.nodePool ?? 'default' } : {}),
    ...(owned && o.initialized !== false ? { 'karpenter.sh/initialized': 'true', 'karpenter.sh/registered': 'true' } : {}),
    ...(o.labels ?? {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels, ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['karpenter.sh/termination'] } : {}) },
    spec: { providerID: `aws:///${o.zone ?? 'us-east-1a'}/i-${name}`, ...(o.taints ? { taints: o.taints } : {}) },
    status: {
      allocatable: { ...quantities(type.allocatable), ...(o.allocatable ?? {}) },
      capacity: { ...quantities(type.capacity), ...(o.capacity ?? {}) },
    },
  };
}

/** `n` identical pods named `<prefix>-0` … `<prefix>-<n-1>`. */
export function pods(prefix: string, n: number, o: PodOptions = {}): Manifest[] {
  return Array.from({ length: n }, (_, i) => pod(`${prefix}-${i}`, o));
}

function workload(kind: string, apiVersion: string, name: string, spec: Manifest, o: PodOptions): Manifest {
  return {
    apiVersion,
    kind,
    metadata: { name, namespace: o.namespace ?? 'default' },
    spec: { ...spec, template: { metadata: { labels: { app: name, ...(o.labels ?? {}) } }, spec: podSpec(o) } },
  };
}

export function deployment(name: string, replicas: number, o: PodOptions = {}): Manifest {
  return workload('Deployment', 'apps/v1', name, { replicas, selector: { matchLabels: { app: name } } }, o);
}

export function daemonSet(name: string, o: PodOptions = {}): Manifest {
  return workload('DaemonSet', 'apps/v1', name, { selector: { matchLabels: { app: name } } }, o);
}

// Instance-type properties, on the catalog's labels and allocatable (base units: millicores, bytes).
const AWS = 'karpenter.k8s.aws/';

export function labelIs(key: string, ...values: string[]): TypeProperty {
  return { description: `${key} in [${values.join(', ')}]`, test: (it) => values.includes(it.labels[key]) };
}

export function hasLabel(key: string): TypeProperty {
  return { description: `has ${key}`, test: (it) => it.labels[key] !== undefined };
}

export const arch = (a: string): TypeProperty => labelIs('kubernetes.io/arch', a);
export const family = (...f: string[]): TypeProperty => labelIs(`${AWS}instance-family`, ...f);

export function vcpus(min: number, max = Infinity): TypeProperty {
  return {
    description: `${min}${max === Infinity ? '+' : `-${max}`} vCPUs`,
    test: (it) => Number(it.labels[`${AWS}instance-cpu`]) >= min && Number(it.labels[`${AWS}instance-cpu`]) <= max,
  };
}

export function allocatableAtLeast(resource: string, amount: number): TypeProperty {
  return { description: `allocatable ${resource} >= ${amount}`, test: (it) => (it.allocatable[resource] ?? 0) >= amount };
}

export function capacityAtMost(resource: string, amount: number): TypeProperty {
  return { description: `capacity ${resource} <= ${amount}`, test: (it) => (it.capacity[resource] ?? 0) <= amount };
}

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;

export interface NodeClaimOptions {
  /** A catalog type for labels and resources. @default 'm5.large' */
  readonly type?: string;
  readonly zone?: string;
  /** @default 'on-demand' */
  readonly capacityType?: string;
  /** @default 'default' */
  readonly nodePool?: string;
  /** status.nodeName: the Node it registered as. */
  readonly nodeName?: string;
  /** Replaces status.capacity / status.allocatable (Kubernetes quantities); allocatable null: none. */
  readonly capacity?: Record<string, string>;
  readonly allocatable?: Record<string, string> | null;
}

/** An in-flight karpenter.sh/v1 NodeClaim: launched (providerID), labelled as the cloud provider resolved it. */
export function nodeClaim(name: string, o: NodeClaimOptions = {}): Manifest {
  const type = loadInstanceTypeCatalog().get(o.type ?? 'm5.large');
  if (type === undefined) throw new Error(`nodeClaim ${name}: ${o.type} is not in the catalog`);
  const labels: Record<string, string> = {
    ...type.labels,
    ...(o.zone ? { [ZONE]: o.zone } : {}),
    [CAPACITY_TYPE]: o.capacityType ?? 'on-demand',
    'karpenter.sh/nodepool': o.nodePool ?? 'default',
  };
  const status: Manifest = {
    providerID: `aws:///${o.zone ?? 'us-east-1a'}/i-${name}`,
    capacity: o.capacity ?? quantities(type.capacity),
    ...(o.allocatable === null ? {} : { allocatable: o.allocatable ?? quantities(type.allocatable) }),
    ...(o.nodeName ? { nodeName: o.nodeName } : {}),
  };
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: { name, labels },
    spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, requirements: [] },
    status,
  };
}
