// Builders and expectations of the scheduling case table: plain manifests, as the library emits them
// and as a user's YAML holds them, so a case reads like the upstream test it comes from.
import type { InstanceType } from '../../../../lib/core/sim';

/** Upstream test files, at kubernetes-sigs/karpenter v1.14.1. */
export const SCHEDULING_SUITE = 'pkg/controllers/provisioning/scheduling/suite_test.go';
export const INSTANCE_SELECTION = 'pkg/controllers/provisioning/scheduling/instance_selection_test.go';
export const PROVISIONING_SUITE = 'pkg/controllers/provisioning/suite_test.go';
export const TOPOLOGY_SUITE = 'pkg/controllers/provisioning/scheduling/topology_test.go';
export const NODEPOOL_UTILS = 'pkg/utils/nodepool/suite_test.go';

/** Where a case comes from: file, the Describe/Context/It titles, and the `It` line at v1.14.1. */
export interface CaseSource {
  readonly file: string;
  readonly titles: readonly string[];
  readonly line: number;
}

export type Manifest = Record<string, unknown>;

/** A property an instance type has (or not), named for failure messages. */
export interface TypeProperty {
  readonly description: string;
  readonly test: (it: InstanceType) => boolean;
}

/** What the instance-type options of a pod's NodeClaim (or a pool's admitted types) must satisfy. */
export interface TypesExpectation {
  /** Every option has each property. */
  readonly every?: readonly TypeProperty[];
  /** Some option has each property. */
  readonly some?: readonly TypeProperty[];
  /** No option has any of these properties. */
  readonly none?: readonly TypeProperty[];
  /** These types are among the options. */
  readonly include?: readonly string[];
  /** These types are not. */
  readonly exclude?: readonly string[];
  /** Exactly these types, in any order. */
  readonly only?: readonly string[];
  /** At least this many options. */
  readonly atLeast?: number;
}

export interface PodExpectation {
  readonly schedulable?: boolean;
  readonly ignored?: boolean;
  /** The NodePool chosen. */
  readonly nodePool?: string;
  /** A substring of the reason (Karpenter's words) or a pattern. */
  readonly reason?: string | RegExp;
  readonly instanceTypes?: TypesExpectation;
  /** Lands on the same NodeClaim as this pod. */
  readonly sameNodeClaimAs?: string;
  /** Lands on another NodeClaim than this pod. */
  readonly otherNodeClaimThan?: string;
}

export interface PoolExpectation {
  readonly admitted?: TypesExpectation;
  /** The pool admits nothing. */
  readonly admitsNothing?: boolean;
  readonly reason?: string | RegExp;
}

export interface SchedulingCase {
  /** Unique, kebab-case. */
  readonly id: string;
  readonly source: CaseSource;
  /** How upstream's fake instance types, zones or resources map to the real catalog. */
  readonly mapping?: string;
  /** @default [nodePool('default')] */
  readonly nodePools?: readonly Manifest[];
  /** @default [nodeClass('default')] */
  readonly nodeClasses?: readonly Manifest[];
  readonly pods: readonly Manifest[];
  readonly daemonSets?: readonly Manifest[];
  readonly zones?: readonly string[];
  /** Expectations by pod name (workload pods by their generated names). */
  readonly expectPods?: Readonly<Record<string, PodExpectation>>;
  /** Expectations by NodePool name. */
  readonly expectPools?: Readonly<Record<string, PoolExpectation>>;
  /**
   * The engine does not model what the upstream test depends on: the case stays in the table, and the
   * runner checks that the simulation's assumptions say so (an assumption matching `assumption`).
   */
  readonly unmodelled?: { readonly why: string; readonly assumption: RegExp };
}

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
  readonly extraSpec?: Manifest;
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
  if (Object.keys(nodeAffinity).length > 0) spec.affinity = { nodeAffinity };
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
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: o.namespace ?? 'default', ...(o.labels ? { labels: o.labels } : {}) },
    spec: podSpec(o),
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
