// Reads a pod spec, of unknown shape, into what the simulator schedules by: requests, node selection, tolerations,
// topology spread and pod (anti-)affinity. Every access is defensive: a malformed field becomes an issue on the pod.
import { isPlainObject, isString, show } from '../json';
import type { WrittenRequirement } from '../model/requirement-builder';
import { ContainerDefaults, ContainerResources, podRequests, PodResources } from './pod-requests';
import { CPU, MEMORY, PODS } from '../shared/quantity';
import { LabelSelector, parseLabelSelector, withMatchLabelKeys } from './selectors';
import { amounts, InputProblem, list, Problems, requirementsOf, stringMap } from './input-fields';

type Json = Record<string, unknown>;

export interface Toleration {
  readonly key: string;
  readonly operator: string;
  readonly value: string;
  readonly effect: string;
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
