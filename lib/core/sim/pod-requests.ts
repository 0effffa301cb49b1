// A pod's requests as Kubernetes computes them: the API server's defaults (kubernetes pkg/apis/core/v1/defaults.go
// SetDefaults_Pod, defaultHugePagePodLimits, defaultPodRequests), the LimitRanger admission plugin's container
// defaults, then component-helpers resource.PodRequests. Works on quantities already read into base units.
import { addAmounts, CPU, MEMORY } from '../shared/quantity';
import { emptyRecord, recordOf } from '../json';

type Amounts = Record<string, number>;

/** One container's `resources`, as written. */
export interface ContainerResources {
  readonly requests: Readonly<Amounts>;
  readonly limits: Readonly<Amounts>;
  /** An init container with `restartPolicy: Always` (a sidecar). */
  readonly sidecar?: boolean;
}

/** The resource fields of a pod spec, as written. */
export interface PodResources {
  readonly containers: readonly ContainerResources[];
  readonly initContainers: readonly ContainerResources[];
  /** `spec.resources`: undefined when the field is absent. */
  readonly podLevel?: { readonly requests: Readonly<Amounts>; readonly limits: Readonly<Amounts> };
  readonly overhead: Readonly<Amounts>;
}

/**
 * LimitRanger's container default requests of a namespace: `defaultRequest`, which the LimitRange's own defaulting
 * fills from `default`, then `max`, then `min` (its default limits set no request, so they do not count).
 */
export interface ContainerDefaults {
  readonly requests: Readonly<Amounts>;
}

const HUGEPAGES_PREFIX = 'hugepages-';

/** component-helpers IsSupportedPodLevelResource: cpu, memory and hugepages-<size>. */
export function isPodLevelResource(name: string): boolean {
  return name === CPU || name === MEMORY || name.startsWith(HUGEPAGES_PREFIX);
}

/** core/v1/helper IsOvercommitAllowed, for the pod-level resources: cpu and memory (not hugepages). */
function overcommitAllowed(name: string): boolean {
  return name === CPU || name === MEMORY;
}

/** A container's requests after the API server's defaulting: a limit stands in for a missing request. */
export function containerRequests(c: ContainerResources): Amounts {
  return recordOf(c.limits, c.requests);
}

function addInto(into: Amounts, more: Readonly<Amounts>): void {
  for (const [k, v] of Object.entries(more)) into[k] = addAmounts(into[k] ?? 0, v);
}

function maxInto(into: Amounts, more: Readonly<Amounts>): void {
  for (const [k, v] of Object.entries(more)) into[k] = Math.max(into[k] ?? 0, v);
}

/**
 * AggregateContainerRequests (and AggregateContainerLimits): containers and sidecars add up; an ordinary init
 * container runs alone beside the sidecars started before it, so the pod needs at least that peak.
 */
function aggregate(pod: PodResources, of: (c: ContainerResources) => Readonly<Amounts>): Amounts {
  const total: Amounts = emptyRecord();
  for (const c of pod.containers) addInto(total, of(c));
  const sidecars: Amounts = emptyRecord();
  const initPeak: Amounts = emptyRecord();
  for (const c of pod.initContainers) {
    if (c.sidecar) {
      addInto(total, of(c));
      addInto(sidecars, of(c));
      maxInto(initPeak, sidecars);
    } else {
      const during = recordOf(sidecars);
      addInto(during, of(c));
      maxInto(initPeak, during);
    }
  }
  maxInto(total, initPeak);
  return total;
}

/** The pod-level requests after defaultHugePagePodLimits and defaultPodRequests; undefined when `spec.resources` sets none. */
function defaultedPodLevelRequests(pod: PodResources, containers: PodResources): Amounts | undefined {
  const podLevel = pod.podLevel;
  if (!podLevel) return undefined;
  const requests: Amounts = recordOf(podLevel.requests);
  const limits: Amounts = recordOf(podLevel.limits);
  if (Object.keys(limits).length > 0 || Object.keys(requests).length > 0) {
    for (const [k, v] of Object.entries(aggregate(containers, (c) => c.limits))) {
      if (k.startsWith(HUGEPAGES_PREFIX) && !(k in requests) && !(k in limits)) limits[k] = v;
    }
  }
  if (Object.keys(limits).length > 0) {
    for (const [k, v] of Object.entries(aggregate(containers, containerRequests))) {
      if (!(k in requests) && isPodLevelResource(k) && overcommitAllowed(k)) requests[k] = v;
    }
    for (const [k, v] of Object.entries(limits)) if (!(k in requests) && isPodLevelResource(k)) requests[k] = v;
  }
  return requests;
}

/**
 * The pod's requests (resource.PodRequests, without `pods`): the containers' aggregate, where pod-level requests
 * replace only cpu, memory and hugepages-<size> (an extended resource such as nvidia.com/gpu still comes from the
 * containers), plus `spec.overhead`. `defaults` are the namespace's LimitRange container defaults: admission runs
 * after the API server's defaulting, so they fill container requests but not the pod-level defaults.
 */
export function podRequests(pod: PodResources, defaults?: ContainerDefaults): Amounts {
  const podLevel = defaultedPodLevelRequests(pod, pod);
  const out = aggregate(withDefaultRequests(pod, defaults), (c) => c.requests);
  if (podLevel && Object.keys(podLevel).some(isPodLevelResource)) {
    for (const [k, v] of Object.entries(podLevel)) if (isPodLevelResource(k)) out[k] = v;
  }
  addInto(out, pod.overhead);
  return out;
}

/** Container requests after LimitRanger mergeContainerResources: each missing request of every container and init container. */
function withDefaultRequests(pod: PodResources, defaults: ContainerDefaults | undefined): PodResources {
  // The API server defaulted requests from limits before admission; a limit LimitRanger adds sets no request.
  const fill = (c: ContainerResources): ContainerResources => ({ ...c, requests: recordOf(defaults?.requests, containerRequests(c)) });
  return { ...pod, containers: pod.containers.map(fill), initContainers: pod.initContainers.map(fill) };
}
