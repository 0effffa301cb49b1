// Reads the simulator's inputs, plain manifests of unknown shape, into the few facts it needs. Every
// access is defensive: a malformed field becomes an issue on its object, never an exception.
import { AmiFamily, aliasFamilyOf } from '../model/ami-family';
import { emptyRecord, isPlainObject, isString, opt, show } from '../json';
import type { WrittenRequirement } from '../model/requirements';
import { NodeResourceSettings } from './allocatable';
import { ContainerDefaults, ContainerResources, podRequests, PodResources } from './pod-requests';
import { CPU, MEMORY, PODS, resourceAmount } from '../shared/quantity';
import { LabelSelector, parseLabelSelector, withMatchLabelKeys } from './selectors';
import type { PoolLimits, UnreadLimit } from './pricing';
import { subnetZonesOf } from './subnet-zones';

type Json = Record<string, unknown>;

/** One problem with one input object. */
export interface InputProblem {
  /** Where: `NodePool/default`, `Deployment/team-a/web`, `pods[3]`. */
  readonly object: string;
  readonly field: string;
  readonly code: string;
  readonly message: string;
  /** True when the object cannot be simulated at all. */
  readonly fatal: boolean;
  /** The value that could not be read, as given (a quantity that is none), for messages that name it later. */
  readonly value?: unknown;
}

/** A taint as the simulator reads it (`value` '' when unset); the NodePool prop type is `Taint` of lib/core/api. */
export interface NodeTaint {
  readonly key: string;
  readonly value: string;
  readonly effect: string;
}

export interface Toleration {
  readonly key: string;
  readonly operator: string;
  readonly value: string;
  readonly effect: string;
}

export interface NodePoolInput {
  readonly index: number;
  readonly name: string;
  readonly weight: number;
  readonly requirements: readonly WrittenRequirement[];
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly NodeTaint[];
  /** Taints a node of the pool has until it is initialized (what an existing node may still carry). */
  readonly startupTaints: readonly NodeTaint[];
  readonly nodeClassName?: string;
  /** `<group>/<lower-case kind>`, the label key Karpenter puts the node class name under. */
  readonly nodeClassLabelKey: string;
  readonly limits?: Readonly<Record<string, number>>;
  /** `spec.replicas` set: a static pool, which the provisioner does not use. */
  readonly isStatic: boolean;
  readonly problems: readonly InputProblem[];
}

export interface NodeClassInput {
  readonly name: string;
  readonly settings: NodeResourceSettings;
  /** `spec.connectionTracking` set: only Nitro types are compatible. */
  readonly connectionTracking: boolean;
  /** The zones of `status.subnets` (sorted), where its NodePools launch when no zones are given; undefined when it lists none. */
  readonly zones?: readonly string[];
  readonly problems: readonly InputProblem[];
}

/** A pod's node-selection terms. */
export interface PodAffinity {
  readonly nodeSelector: Readonly<Record<string, string>>;
  /** `requiredDuringScheduling...nodeSelectorTerms[].matchExpressions` (ORed). */
  readonly requiredTerms: readonly (readonly WrittenRequirement[])[];
  /** Preferred node affinity terms, heaviest first (stable). */
  readonly preferredTerms: readonly (readonly WrittenRequirement[])[];
  /** Any required term uses `matchFields`. */
  readonly matchFields: boolean;
  /** Each required term's `matchFields` (same index as `requiredTerms`), when any term has them (kube-scheduler checks them). */
  readonly requiredFields?: readonly (readonly WrittenRequirement[])[];
}

export interface TopologySpread {
  readonly topologyKey: string;
  readonly maxSkew: number;
  readonly whenUnsatisfiable: string;
  /** The selector as written. */
  readonly selector?: Json;
  /** The selector parsed, with `matchLabelKeys` added (topology.go:467-475). */
  readonly labelSelector: LabelSelector;
  readonly minDomains?: number;
  /** `Honor` (default) or `Ignore`. */
  readonly nodeAffinityPolicy: string;
  /** `Ignore` (default) or `Honor`. */
  readonly nodeTaintsPolicy: string;
}

/** One pod (anti-)affinity term, required or preferred. */
export interface PodAffinityTermInput {
  readonly anti: boolean;
  readonly required: boolean;
  /** Preferred terms' weight (0 for required ones). */
  readonly weight: number;
  readonly topologyKey: string;
  readonly selector: LabelSelector;
  readonly namespaces: readonly string[];
  /** Set when the term has a namespaceSelector (`{}` selects every namespace). */
  readonly namespaceSelector?: LabelSelector;
}

export interface PodInput {
  readonly index: number;
  readonly namespace: string;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly affinity: PodAffinity;
  readonly tolerations: readonly Toleration[];
  /** Requests in base units, with `pods: 1`. */
  readonly requests: Readonly<Record<string, number>>;
  readonly topologySpread: readonly TopologySpread[];
  /** How many preferred pod affinity terms the pod has; relaxation removes them one at a time, heaviest first. */
  readonly preferredPodAffinity: number;
  /** The same for preferred pod anti-affinity terms. */
  readonly preferredPodAntiAffinity: number;
  /** Every pod (anti-)affinity term: required ones first, then preferred ones heaviest first (stable). */
  readonly podAffinityTerms: readonly PodAffinityTermInput[];
  /** `spec.nodeName`: the pod is bound and never provisioned for. */
  readonly nodeName?: string;
  /** Pods of one shape (one workload's replicas) share topology groups. */
  readonly shape: string;
  readonly problems: readonly InputProblem[];
  /** What the pod uses that the simulator does not model, one short phrase each (the PodResult's `notModelled`). */
  readonly notModelled?: readonly string[];
}

export function kindOf(o: unknown): string {
  return isPlainObject(o) && isString(o.kind) ? o.kind : '';
}

export function metaOf(o: unknown): Json {
  return isPlainObject(o) && isPlainObject(o.metadata) ? o.metadata : {};
}

export function objectName(o: unknown, fallback: string): string {
  const meta = metaOf(o);
  const name = isString(meta.name) && meta.name !== '' ? meta.name : undefined;
  if (!name) return fallback;
  const ns = isString(meta.namespace) && meta.namespace !== '' ? `${meta.namespace}/` : '';
  return `${kindOf(o) || 'object'}/${ns}${name}`;
}

export class Problems {
  public readonly list: InputProblem[] = [];
  constructor(private readonly object: string) {}
  public add(field: string, code: string, message: string, fatal = false, value?: unknown): void {
    this.list.push({ object: this.object, field, code, message, fatal, ...opt('value', value) });
  }
  public get fatal(): boolean {
    return this.list.some((p) => p.fatal);
  }
}

export function stringMap(v: unknown, at: string, p: Problems): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v)) {
    p.add(at, 'SimInvalidField', `must be a map of strings, got ${typeof v}`);
    return {};
  }
  const out = emptyRecord<string>();
  for (const [k, x] of Object.entries(v)) {
    if (isString(x)) out[k] = x;
    else p.add(`${at}.${k}`, 'SimInvalidField', `must be a string, got ${show(x)}`);
  }
  return out;
}

export function list(v: unknown, at: string, p: Problems): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    p.add(at, 'SimInvalidField', `must be a list, got ${typeof v}`);
    return [];
  }
  return v;
}

function requirementsOf(v: unknown, at: string, p: Problems, fatal: boolean): WrittenRequirement[] {
  const out: WrittenRequirement[] = [];
  list(v, at, p).forEach((r, i) => {
    const here = `${at}[${i}]`;
    if (!isPlainObject(r) || !isString(r.key) || !isString(r.operator)) {
      p.add(here, 'SimInvalidRequirement', 'must have a string key and operator', fatal);
      return;
    }
    const values = list(r.values, `${here}.values`, p);
    if (!values.every(isString)) {
      p.add(`${here}.values`, 'SimInvalidRequirement', 'must be a list of strings', fatal);
      return;
    }
    const minValues = typeof r.minValues === 'number' ? r.minValues : undefined;
    out.push({ at: here, key: r.key, operator: r.operator, values, minValues });
  });
  return out;
}

export function taintsOf(v: unknown, at: string, p: Problems): NodeTaint[] {
  return list(v, at, p).flatMap((t, i) => {
    if (!isPlainObject(t) || !isString(t.key) || !isString(t.effect)) {
      p.add(`${at}[${i}]`, 'SimInvalidTaint', 'a taint needs a string key and effect');
      return [];
    }
    return [{ key: t.key, value: isString(t.value) ? t.value : '', effect: t.effect }];
  });
}

/**
 * The one reading of a map of quantities (manifests' limits and requests, cluster objects' capacity) into base
 * units: an entry that is no quantity goes to `bad` and is left out. Undefined for anything but a map, which
 * each caller reports in its own words.
 */
export function readQuantities(v: unknown, bad: (key: string, value: unknown) => void): Record<string, number> | undefined {
  if (!isPlainObject(v)) return undefined;
  const out = emptyRecord<number>();
  for (const [k, q] of Object.entries(v)) {
    const n = resourceAmount(k, q);
    if (n === undefined) bad(k, q);
    else out[k] = n;
  }
  return out;
}

/** Reads a quantity map of a manifest (limits, requests) into base units; bad entries are problems and left out. */
export function amounts(v: unknown, at: string, p: Problems, fatal: boolean): Record<string, number> {
  if (v === undefined || v === null) return {};
  const out = readQuantities(v, (k, q) =>
    p.add(`${at}.${k}`, 'SimInvalidQuantity', `${show(q)} is not a Kubernetes quantity; use e.g. "500m", "2", "4Gi"`, fatal, q),
  );
  if (out === undefined) p.add(at, 'SimInvalidField', `must be a map of quantities, got ${typeof v}`, fatal);
  return out ?? {};
}

const STANDARD_RESOURCES = new Set([CPU, MEMORY, 'ephemeral-storage', 'storage', PODS]);

function checkResourceNames(requests: Record<string, number>, at: string, p: Problems): void {
  for (const k of Object.keys(requests)) {
    if (STANDARD_RESOURCES.has(k) || k.startsWith('hugepages-') || k.includes('/')) continue;
    p.add(
      `${at}.${k}`,
      'SimUnknownResource',
      `"${k}" is not a resource Kubernetes knows; use cpu, memory, ephemeral-storage, hugepages-<size> ` +
        'or a domain-qualified extended resource such as nvidia.com/gpu',
      true,
    );
  }
}

/** Where a NodePool's limits are, the prefix of the problems `poolLimits` reads back. */
export const LIMITS_FIELD = 'spec.limits';

/** The limits of a read NodePool: its amounts, and the entries it could not read with the values given. */
export function poolLimits(pool: NodePoolInput): PoolLimits {
  return limitsOf(pool.limits, pool.problems);
}

/** A `spec.limits` map of quantities as `costCeiling` takes it, read as `readNodePool` reads it. */
export function readPoolLimits(limits: unknown): PoolLimits {
  const p = new Problems('');
  return limitsOf(limits === undefined || limits === null ? undefined : amounts(limits, LIMITS_FIELD, p, true), p.list);
}

function limitsOf(read: Readonly<Record<string, number>> | undefined, problems: readonly InputProblem[]): PoolLimits {
  const prefix = `${LIMITS_FIELD}.`;
  const unread = problems
    .filter((p) => p.code === 'SimInvalidQuantity' && p.field.startsWith(prefix))
    .map((p): UnreadLimit => ({ resource: p.field.slice(prefix.length), value: p.value }));
  return { ...opt('amounts', read), ...(unread.length > 0 ? { unread } : {}) };
}

/** Reads a NodePool. */
export function readNodePool(o: unknown, index: number): NodePoolInput {
  const where = objectName(o, `nodePools[${index}]`);
  const p = new Problems(where);
  const meta = metaOf(o);
  const name = isString(meta.name) && meta.name !== '' ? meta.name : `nodePools[${index}]`;
  if (!isPlainObject(o)) p.add('', 'SimInvalidObject', `must be a NodePool object, got ${o === null ? 'null' : typeof o}`, true);
  else if (!isString(meta.name) || meta.name === '') p.add('metadata.name', 'SimInvalidObject', 'a NodePool needs a name', true);
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  const template = isPlainObject(spec.template) ? spec.template : {};
  const tspec = isPlainObject(template.spec) ? template.spec : {};
  const tmeta = isPlainObject(template.metadata) ? template.metadata : {};
  const ref = isPlainObject(tspec.nodeClassRef) ? tspec.nodeClassRef : undefined;
  if (isPlainObject(o) && !ref)
    p.add('spec.template.spec.nodeClassRef', 'SimMissingNodeClassRef', 'a NodePool needs a nodeClassRef naming its EC2NodeClass', true);
  const group = ref && isString(ref.group) ? ref.group : 'karpenter.k8s.aws';
  const kind = ref && isString(ref.kind) ? ref.kind : 'EC2NodeClass';
  if (ref && (group !== 'karpenter.k8s.aws' || kind !== 'EC2NodeClass')) {
    p.add(
      'spec.template.spec.nodeClassRef',
      'SimForeignNodeClass',
      `${group}/${kind} is not an EC2NodeClass; the AWS provider ignores this NodePool`,
      true,
    );
  }
  const weight = typeof spec.weight === 'number' && Number.isFinite(spec.weight) ? spec.weight : 0;
  const limits = spec.limits === undefined || spec.limits === null ? undefined : amounts(spec.limits, LIMITS_FIELD, p, true);
  return {
    index,
    name,
    weight,
    requirements: requirementsOf(tspec.requirements, 'spec.template.spec.requirements', p, true),
    labels: stringMap(tmeta.labels, 'spec.template.metadata.labels', p),
    taints: taintsOf(tspec.taints, 'spec.template.spec.taints', p),
    startupTaints: taintsOf(tspec.startupTaints, 'spec.template.spec.startupTaints', p),
    nodeClassName: ref && isString(ref.name) ? ref.name : undefined,
    nodeClassLabelKey: `${group}/${kind.toLowerCase()}`,
    limits,
    isStatic: spec.replicas !== undefined && spec.replicas !== null,
    problems: p.list,
  };
}

/** Undefined for an empty map, so a class without reservations takes allocatable's common path. */
function orNone<T extends object>(m: T): T | undefined {
  return Object.keys(m).length === 0 ? undefined : m;
}

/** Reads an EC2NodeClass: the settings that change allocatable, and what limits compatible types. */
export function readNodeClass(o: unknown, index: number): NodeClassInput & { readonly name: string } {
  const where = objectName(o, `nodeClasses[${index}]`);
  const p = new Problems(where);
  const meta = metaOf(o);
  const name = isString(meta.name) ? meta.name : '';
  if (!isPlainObject(o)) p.add('', 'SimInvalidObject', `must be an EC2NodeClass object, got ${o === null ? 'null' : typeof o}`, true);
  else if (name === '') p.add('metadata.name', 'SimInvalidObject', 'an EC2NodeClass needs a name', true);
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  const alias = list(spec.amiSelectorTerms, 'spec.amiSelectorTerms', p)
    .map((t) => (isPlainObject(t) && isString(t.alias) ? t.alias : undefined))
    .find((a) => a !== undefined);
  const aliasFamily = alias ? Object.values(AmiFamily).find((f) => aliasFamilyOf(f) === alias.split('@')[0]) : undefined;
  let amiFamily = isString(spec.amiFamily) ? spec.amiFamily : aliasFamily;
  if (amiFamily === undefined || !Object.values(AmiFamily).includes(amiFamily as AmiFamily)) {
    if (isPlainObject(o)) {
      p.add(
        isString(spec.amiFamily) ? 'spec.amiFamily' : 'spec.amiSelectorTerms',
        'SimUnknownAmiFamily',
        `the AMI family is ${amiFamily === undefined ? 'not set' : `"${amiFamily}", which is unknown`}; ` +
          'set spec.amiSelectorTerms to an alias such as al2023@latest or spec.amiFamily; assuming AL2023',
      );
    }
    amiFamily = AmiFamily.AL2023;
  }
  const kubelet = isPlainObject(spec.kubelet) ? spec.kubelet : {};
  const int = (k: string): number | undefined => {
    const v = kubelet[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    p.add(`spec.kubelet.${k}`, 'SimInvalidField', `must be a non-negative integer, got ${show(v)}`);
    return undefined;
  };
  const bdms = list(spec.blockDeviceMappings, 'spec.blockDeviceMappings', p).flatMap((b, i) => {
    if (!isPlainObject(b)) return [];
    const ebs = isPlainObject(b.ebs) ? b.ebs : {};
    const size = ebs.volumeSize === undefined ? undefined : resourceAmount(MEMORY, ebs.volumeSize);
    if (ebs.volumeSize !== undefined && size === undefined) {
      p.add(`spec.blockDeviceMappings[${i}].ebs.volumeSize`, 'SimInvalidQuantity', `${show(ebs.volumeSize)} is not a quantity; use e.g. "100Gi"`);
    }
    return [{ deviceName: isString(b.deviceName) ? b.deviceName : undefined, volumeBytes: size, rootVolume: b.rootVolume === true }];
  });
  const evictionHard = stringMap(kubelet.evictionHard, 'spec.kubelet.evictionHard', p);
  const settings: NodeResourceSettings = {
    amiFamily,
    maxPods: int('maxPods'),
    podsPerCore: int('podsPerCore'),
    kubeReserved: orNone(amounts(kubelet.kubeReserved, 'spec.kubelet.kubeReserved', p, false)),
    systemReserved: orNone(amounts(kubelet.systemReserved, 'spec.kubelet.systemReserved', p, false)),
    evictionHard: orNone(evictionHard),
    blockDeviceMappings: bdms,
    raid0: spec.instanceStorePolicy === 'RAID0',
  };
  const zones = subnetZonesOf(o);
  return { name, settings, connectionTracking: isPlainObject(spec.connectionTracking), ...(zones ? { zones } : {}), problems: p.list };
}

/**
 * A pod's resource list as the API server validates it (ValidateResourceRequirements, validateOverhead in
 * k8s.io/kubernetes pkg/apis/core/validation): every amount non-negative, and `pods` is no container resource.
 */
function podAmounts(v: unknown, at: string, p: Problems, container: boolean): Record<string, number> {
  const out = amounts(v, at, p, true);
  for (const [k, n] of Object.entries(out)) {
    const written = isPlainObject(v) ? v[k] : n;
    if (n < 0)
      p.add(`${at}.${k}`, 'SimNegativeQuantity', `${show(written)} must be greater than or equal to 0; the API server rejects the pod`, true);
    if (container && k === PODS)
      p.add(`${at}.${k}`, 'SimUnknownResource', 'must be a standard resource for containers; the API server rejects the pod', true);
  }
  return out;
}

function containerResources(c: unknown, at: string, p: Problems): ContainerResources {
  if (!isPlainObject(c)) return { requests: {}, limits: {} };
  const res = isPlainObject(c.resources) ? c.resources : {};
  return {
    requests: podAmounts(res.requests, `${at}.resources.requests`, p, true),
    limits: podAmounts(res.limits, `${at}.resources.limits`, p, true),
    sidecar: c.restartPolicy === 'Always',
  };
}

/** The resource fields of a pod spec, read into base units. */
function podResources(spec: Json, p: Problems): PodResources {
  const podLevel = isPlainObject(spec.resources) ? spec.resources : undefined;
  return {
    containers: list(spec.containers, 'spec.containers', p).map((c, i) => containerResources(c, `spec.containers[${i}]`, p)),
    initContainers: list(spec.initContainers, 'spec.initContainers', p).map((c, i) => containerResources(c, `spec.initContainers[${i}]`, p)),
    podLevel: podLevel && {
      requests: podAmounts(podLevel.requests, 'spec.resources.requests', p, false),
      limits: podAmounts(podLevel.limits, 'spec.resources.limits', p, false),
    },
    overhead: podAmounts(spec.overhead, 'spec.overhead', p, false),
  };
}

function tolerationsOf(v: unknown, p: Problems): Toleration[] {
  return list(v, 'spec.tolerations', p).flatMap((t) => {
    if (!isPlainObject(t)) return [];
    return [
      {
        key: isString(t.key) ? t.key : '',
        operator: isString(t.operator) ? t.operator : 'Equal',
        value: isString(t.value) ? t.value : '',
        effect: isString(t.effect) ? t.effect : '',
      },
    ];
  });
}

function affinityOf(spec: Json, p: Problems): { affinity: PodAffinity; prefAff: number; prefAnti: number; podAffinityTerms: PodAffinityTermInput[] } {
  const nodeSelector = stringMap(spec.nodeSelector, 'spec.nodeSelector', p);
  const aff = isPlainObject(spec.affinity) ? spec.affinity : {};
  const na = isPlainObject(aff.nodeAffinity) ? aff.nodeAffinity : {};
  const required = isPlainObject(na.requiredDuringSchedulingIgnoredDuringExecution) ? na.requiredDuringSchedulingIgnoredDuringExecution : {};
  let matchFields = false;
  const at = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms';
  const fields: WrittenRequirement[][] = [];
  const requiredTerms = list(required.nodeSelectorTerms, at, p).map((t, i) => {
    if (isPlainObject(t) && t.matchFields !== undefined && t.matchFields !== null) matchFields = true;
    fields.push(isPlainObject(t) ? requirementsOf(t.matchFields, `${at}[${i}].matchFields`, p, false) : []);
    return requirementsOf(isPlainObject(t) ? t.matchExpressions : undefined, `${at}[${i}].matchExpressions`, p, true);
  });
  const prefAt = 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution';
  const preferred = list(na.preferredDuringSchedulingIgnoredDuringExecution, prefAt, p).map((t, i) => {
    const pref = isPlainObject(t) && isPlainObject(t.preference) ? t.preference : {};
    const weight = isPlainObject(t) && typeof t.weight === 'number' ? t.weight : 0;
    return { weight, reqs: requirementsOf(pref.matchExpressions, `${prefAt}[${i}].preference.matchExpressions`, p, true) };
  });
  const preferredTerms = preferred
    .map((t, i) => ({ ...t, i }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((t) => t.reqs);
  const anti = isPlainObject(aff.podAntiAffinity) ? aff.podAntiAffinity : {};
  const pa = isPlainObject(aff.podAffinity) ? aff.podAffinity : {};
  const prefAff = Array.isArray(pa.preferredDuringSchedulingIgnoredDuringExecution) ? pa.preferredDuringSchedulingIgnoredDuringExecution.length : 0;
  const prefAnti = Array.isArray(anti.preferredDuringSchedulingIgnoredDuringExecution)
    ? anti.preferredDuringSchedulingIgnoredDuringExecution.length
    : 0;
  const podAffinityTerms = [...podTerms(pa, 'podAffinity', false, p), ...podTerms(anti, 'podAntiAffinity', true, p)];
  const affinity = { nodeSelector, requiredTerms, preferredTerms, matchFields, ...(matchFields ? { requiredFields: fields } : {}) };
  return { affinity, prefAff, prefAnti, podAffinityTerms };
}

function selectorAt(raw: unknown, at: string, p: Problems): LabelSelector {
  const { selector, error } = parseLabelSelector(raw);
  if (error !== undefined) p.add(at, 'SimInvalidSelector', `${error}; Karpenter treats a selector that does not parse as selecting no pod`);
  return selector;
}

/** The required terms, then the preferred ones heaviest first (the order relaxation removes them in, preferences.go). */
function podTerms(a: Json, field: string, anti: boolean, p: Problems): PodAffinityTermInput[] {
  const read = (t: unknown, at: string, required: boolean, weight: number): PodAffinityTermInput[] => {
    if (!isPlainObject(t)) return [];
    if (!isString(t.topologyKey) || t.topologyKey === '') {
      p.add(`${at}.topologyKey`, 'SimInvalidField', 'a pod affinity term needs a topologyKey; the term is left out');
      return [];
    }
    const namespaces = list(t.namespaces, `${at}.namespaces`, p).filter(isString);
    const hasNsSelector = t.namespaceSelector !== undefined && t.namespaceSelector !== null;
    return [
      {
        anti,
        required,
        weight,
        topologyKey: t.topologyKey,
        selector: selectorAt(t.labelSelector, `${at}.labelSelector`, p),
        namespaces,
        ...(hasNsSelector ? { namespaceSelector: selectorAt(t.namespaceSelector, `${at}.namespaceSelector`, p) } : {}),
      },
    ];
  };
  const reqAt = `spec.affinity.${field}.requiredDuringSchedulingIgnoredDuringExecution`;
  const prefAt = `spec.affinity.${field}.preferredDuringSchedulingIgnoredDuringExecution`;
  const required = list(a.requiredDuringSchedulingIgnoredDuringExecution, reqAt, p).flatMap((t, i) => read(t, `${reqAt}[${i}]`, true, 0));
  const preferred = list(a.preferredDuringSchedulingIgnoredDuringExecution, prefAt, p)
    .map((t, i) => ({ t, i, w: isPlainObject(t) && typeof t.weight === 'number' ? t.weight : 0 }))
    .sort((x, y) => y.w - x.w || x.i - y.i)
    .flatMap(({ t, i, w }) => read(isPlainObject(t) ? t.podAffinityTerm : undefined, `${prefAt}[${i}].podAffinityTerm`, false, w));
  return [...required, ...preferred];
}

const POLICIES = ['Honor', 'Ignore'];

function spreadOf(spec: Json, p: Problems, labels: Readonly<Record<string, string>>): TopologySpread[] {
  const at = 'spec.topologySpreadConstraints';
  return list(spec.topologySpreadConstraints, at, p).flatMap((t, i) => {
    if (!isPlainObject(t) || !isString(t.topologyKey)) return [];
    const policy = (field: string, fallback: string): string => {
      const v = t[field];
      if (v === undefined || v === null) return fallback;
      if (isString(v) && POLICIES.includes(v)) return v;
      p.add(`${at}[${i}].${field}`, 'SimInvalidField', `must be Honor or Ignore, got ${show(v)}; assuming ${fallback}`);
      return fallback;
    };
    const keys = list(t.matchLabelKeys, `${at}[${i}].matchLabelKeys`, p).filter(isString);
    const minDomains = typeof t.minDomains === 'number' && Number.isInteger(t.minDomains) && t.minDomains > 0 ? t.minDomains : undefined;
    return [
      {
        topologyKey: t.topologyKey,
        maxSkew: typeof t.maxSkew === 'number' && t.maxSkew > 0 ? t.maxSkew : 1,
        whenUnsatisfiable: isString(t.whenUnsatisfiable) ? t.whenUnsatisfiable : 'DoNotSchedule',
        selector: isPlainObject(t.labelSelector) ? t.labelSelector : undefined,
        labelSelector: withMatchLabelKeys(selectorAt(t.labelSelector, `${at}[${i}].labelSelector`, p), keys, labels),
        ...(minDomains === undefined ? {} : { minDomains }),
        nodeAffinityPolicy: policy('nodeAffinityPolicy', 'Honor'),
        nodeTaintsPolicy: policy('nodeTaintsPolicy', 'Ignore'),
      },
    ];
  });
}

let unprintable = 0;

/**
 * A pod's shape: its namespace, labels and spec by content, so a workload's replicas share it, and so do the
 * separate but equal Pods of a ReplicaSet as `kubectl get pods -o yaml` prints them. A spec that cannot be
 * printed (cyclic) is a shape of its own.
 */
function shapeOf(namespace: string, labels: Readonly<Record<string, string>>, spec: Json): string {
  let text: string;
  try {
    text = JSON.stringify(spec) ?? '';
  } catch {
    text = `\u0001${unprintable++}`;
  }
  const ls = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
  return `${namespace}\u0000${ls}\u0000${text}`;
}

/** One pod of a spec; `defaults` are its namespace's LimitRange container defaults. */
export function podFromSpec(
  index: number,
  namespace: string,
  name: string,
  labels: Record<string, string>,
  spec: Json,
  p: Problems,
  defaults?: ContainerDefaults,
): PodInput {
  const requests = { ...podRequests(podResources(spec, p), defaults), [PODS]: 1 };
  checkResourceNames(requests, 'spec.containers[].resources.requests', p);
  const { affinity, prefAff, prefAnti, podAffinityTerms } = affinityOf(spec, p);
  const nodeName = isString(spec.nodeName) && spec.nodeName !== '' ? spec.nodeName : undefined;
  return {
    index,
    namespace,
    name,
    labels,
    affinity,
    tolerations: tolerationsOf(spec.tolerations, p),
    requests,
    topologySpread: spreadOf(spec, p, labels),
    preferredPodAffinity: prefAff,
    preferredPodAntiAffinity: prefAnti,
    podAffinityTerms,
    ...(nodeName === undefined ? {} : { nodeName }),
    shape: shapeOf(namespace, labels, spec),
    problems: p.list,
  };
}
