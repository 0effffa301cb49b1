// The pending pods of the input's workloads, as Kubernetes would create and admit them: how many pods each
// controller runs (Deployment, StatefulSet, ReplicaSet, Job, CronJob, raised or capped by an HPA), what
// admission adds to them (LimitRange container defaults, RuntimeClass overhead and scheduling) and what of
// them the simulator does not model. One workload's pod spec is read once; its replicas are copies.
import { emptyRecord, isPlainObject, isString, pushAll, recordOf, show } from '../json';
import { amounts, InputProblem, kindOf, list, metaOf, objectName, Problems, readSafely, stringMap } from './input-fields';
import { podFromSpec, PodInput } from './pod-input';
import { ContainerDefaults } from './pod-requests';
import { SimulationInput } from './simulation-types';

type Json = Record<string, unknown>;

/** The pods of the input, with every problem found on the objects read (pods, DaemonSets, HPAs, LimitRanges, RuntimeClasses). */
export interface Workloads {
  readonly pods: readonly PodInput[];
  /** The input object each pod of `pods` came from (same index): its status and owners are cluster facts. */
  readonly sources: readonly unknown[];
  /** The pod each of `input.daemonSets` runs on every node, admitted as the pods are. */
  readonly daemons: readonly PodInput[];
  readonly problems: readonly InputProblem[];
}

/** `notModelled` phrases, one per thing a pod uses that the simulator ignores. */
export const NOT_MODELLED = {
  pvcVolumes: 'volume zones (persistentVolumeClaim volumes)',
  ephemeralVolumes: 'volume zones (ephemeral volumes)',
  hostPorts: 'host ports',
  resourceClaims: 'dynamic resources (resourceClaims)',
  schedulingGates: 'scheduling gates (the pod is not scheduled until they are removed)',
  unknownRuntimeClass: (name: string) => `overhead and scheduling of RuntimeClass "${name}" (not in the input)`,
  hpaMetrics: (hpa: string, replicas: number, max: number) =>
    `replicas from ${hpa} metrics (counted as ${replicas}${Number.isFinite(max) ? `, up to ${max}` : ''})`,
} as const;

const POD_KINDS = ['Pod', 'Deployment', 'StatefulSet', 'ReplicaSet', 'Job', 'CronJob'];
/** Kinds with a scale subresource, which an HPA can target. */
const SCALABLE_KINDS = ['Deployment', 'StatefulSet', 'ReplicaSet'];

interface Workload {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly where: string;
  readonly p: Problems;
  /** Undefined when nothing of the object can be simulated: it gives one pod carrying the fatal problem. */
  readonly template?: { readonly labels: Record<string, string>; readonly spec: Json };
  /** How many pods it runs. */
  replicas: number;
  /** The first pod's ordinal (StatefulSet `spec.ordinals.start`); undefined for a Pod or an unreadable object, which keep their name. */
  readonly firstOrdinal?: number;
  readonly notModelled: string[];
}

function namespaceOf(meta: Json): string {
  return isString(meta.namespace) && meta.namespace !== '' ? meta.namespace : 'default';
}

/** A non-negative integer field; `fallback` when unset or invalid (an invalid one is a problem). */
function count(v: unknown, at: string, p: Problems, fallback: number, min = 0): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'number' && Number.isInteger(v) && v >= min) return v;
  p.add(
    at,
    'SimInvalidField',
    `must be an integer of at least ${min}, got ${show(v)}; assuming ${Number.isFinite(fallback) ? fallback : 'no bound'}`,
  );
  return fallback;
}

function optionalCount(v: unknown, at: string, p: Problems): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  p.add(at, 'SimInvalidField', `must be a non-negative integer, got ${show(v)}; assuming it is unset`);
  return undefined;
}

function finished(status: Json): boolean {
  return list(status.conditions).some((c) => isPlainObject(c) && (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

/** The pods a Job runs now (job controller manageJob): min(parallelism, completions - succeeded), or parallelism without completions. */
function jobPods(spec: Json, status: Json, at: string, p: Problems): number {
  if (spec.suspend === true || finished(status)) return 0;
  const parallelism = count(spec.parallelism, `${at}.parallelism`, p, 1);
  // SetDefaults_Job: with neither field set, both are 1 (a one-pod Job, not a work queue).
  const unset = (v: unknown) => v === undefined || v === null;
  const completions = unset(spec.completions) && unset(spec.parallelism) ? 1 : optionalCount(spec.completions, `${at}.completions`, p);
  const succeeded = optionalCount(status.succeeded, 'status.succeeded', p) ?? 0;
  // Without completions the first success ends the Job: only the pods still active keep running.
  if (completions === undefined) return succeeded > 0 ? (optionalCount(status.active, 'status.active', p) ?? 0) : parallelism;
  return Math.max(0, Math.min(parallelism, completions - succeeded));
}

function templateOf(t: unknown, at: string, p: Problems): Workload['template'] {
  if (!isPlainObject(t) || !isPlainObject(t.spec)) return undefined;
  return { labels: stringMap(isPlainObject(t.metadata) ? t.metadata.labels : undefined, `${at}.metadata.labels`, p), spec: t.spec };
}

function readWorkload(o: unknown, index: number): Workload {
  const kind = kindOf(o);
  const meta = metaOf(o);
  const namespace = namespaceOf(meta);
  const fallback = `pods[${index}]`;
  const name = isString(meta.name) && meta.name !== '' ? meta.name : fallback;
  const where = objectName(o, fallback);
  const p = new Problems(where);
  const base = { kind, namespace, name, where, p, notModelled: [] as string[] };
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  if (kind === 'DaemonSet') {
    p.add('kind', 'SimInvalidObject', 'a DaemonSet runs one pod on every node it fits, not pending replicas: pass it in daemonSets', true);
    return { ...base, replicas: 1 };
  }
  if (!isPlainObject(o) || !POD_KINDS.includes(kind)) {
    const got = o === null ? 'null' : !isPlainObject(o) ? typeof o : `kind ${o.kind === undefined ? 'unset' : show(o.kind)}`;
    p.add('kind', 'SimInvalidObject', `must be a Pod, Deployment, StatefulSet, ReplicaSet, Job or CronJob, got ${got}`, true);
    return { ...base, replicas: 1 };
  }
  if (kind === 'Pod') return { ...base, replicas: 1, template: { labels: stringMap(meta.labels, 'metadata.labels', p), spec } };
  const jobSpec = kind === 'CronJob' ? (isPlainObject(spec.jobTemplate) && isPlainObject(spec.jobTemplate.spec) ? spec.jobTemplate.spec : {}) : spec;
  const at = kind === 'CronJob' ? 'spec.jobTemplate.spec' : 'spec';
  const template = templateOf(jobSpec.template, `${at}.template`, p);
  if (!template) {
    p.add(`${at}.template`, 'SimMissingPodTemplate', `a ${kind} needs ${at}.template with a pod spec; nothing of it can be simulated`, true);
    return { ...base, replicas: 1 };
  }
  const status = isPlainObject(o.status) ? o.status : {};
  let replicas: number;
  if (kind === 'Job') replicas = jobPods(spec, status, at, p);
  // A CronJob runs one Job at a time (a new one, so no status of it counts).
  else if (kind === 'CronJob') replicas = spec.suspend === true ? 0 : jobPods(jobSpec, {}, at, p);
  else replicas = count(spec.replicas, 'spec.replicas', p, 1);
  const ordinals = kind === 'StatefulSet' && isPlainObject(spec.ordinals) ? spec.ordinals : {};
  const firstOrdinal = count(ordinals.start, 'spec.ordinals.start', p, 0);
  if (kind === 'StatefulSet' && list(spec.volumeClaimTemplates, 'spec.volumeClaimTemplates', p).length > 0) {
    base.notModelled.push(NOT_MODELLED.pvcVolumes);
  }
  return { ...base, replicas, firstOrdinal, template };
}

interface Hpa {
  readonly p: Problems;
  readonly where: string;
  readonly target: string;
  readonly min: number;
  readonly max: number;
}

function readHpa(o: unknown, index: number): Hpa {
  const where = objectName(o, `horizontalPodAutoscalers[${index}]`);
  const p = new Problems(where);
  if (!isPlainObject(o) || kindOf(o) !== 'HorizontalPodAutoscaler') {
    p.add(
      'kind',
      'SimInvalidObject',
      `must be a HorizontalPodAutoscaler (autoscaling/v2 or v1), got ${o === null ? 'null' : show(kindOf(o) || typeof o)}`,
    );
    return { p, where, target: '', min: 0, max: 0 };
  }
  const spec = isPlainObject(o.spec) ? o.spec : {};
  const ref = isPlainObject(spec.scaleTargetRef) ? spec.scaleTargetRef : {};
  if (!isString(ref.kind) || !isString(ref.name)) {
    p.add('spec.scaleTargetRef', 'SimInvalidField', 'needs a kind and a name; this HorizontalPodAutoscaler changes nothing');
    return { p, where, target: '', min: 0, max: 0 };
  }
  const min = count(spec.minReplicas, 'spec.minReplicas', p, 1);
  const max = count(spec.maxReplicas, 'spec.maxReplicas', p, Number.POSITIVE_INFINITY, 1);
  return { p, where, target: `${ref.kind}/${namespaceOf(metaOf(o))}/${ref.name}`, min, max };
}

/** What the HPA controller sets a target's replicas to before metrics (horizontal.go reconcileAutoscaler). */
function applyHpas(hpas: readonly Hpa[], workloads: readonly Workload[]): void {
  const byTarget = new Map<string, Hpa[]>();
  for (const h of hpas) if (h.target !== '') byTarget.set(h.target, [...(byTarget.get(h.target) ?? []), h]);
  for (const [target, group] of byTarget) {
    const w = workloads.find((x) => `${x.kind}/${x.namespace}/${x.name}` === target);
    const [kind, namespace, name] = target.split('/');
    // A target that cannot be simulated already has its own issue.
    if (w && !w.template) continue;
    if (!w) {
      for (const h of group) {
        h.p.add(
          'spec.scaleTargetRef',
          'SimHpaTargetMissing',
          `targets ${kind}/${name} in namespace ${namespace}, which is not among the pods inputs; this HorizontalPodAutoscaler changes ` +
            'nothing: add that workload or fix spec.scaleTargetRef',
        );
      }
      continue;
    }
    if (!SCALABLE_KINDS.includes(w.kind)) {
      for (const h of group) {
        h.p.add(
          'spec.scaleTargetRef',
          'SimHpaTargetNotScalable',
          `targets a ${w.kind}, which has no replicas to scale; this HorizontalPodAutoscaler changes nothing`,
        );
      }
      continue;
    }
    if (group.length > 1) {
      for (const h of group) {
        h.p.add(
          'spec.scaleTargetRef',
          'SimHpaAmbiguous',
          `${group.map((x) => x.where).join(' and ')} all target ${w.where}; the HPA controller scales none of them (AmbiguousSelector)`,
        );
      }
      continue;
    }
    const h = group[0];
    // A target scaled to zero has autoscaling disabled.
    if (w.replicas === 0 && h.min !== 0) continue;
    if (w.replicas > h.max) w.replicas = h.max;
    else if (w.replicas < h.min) w.replicas = h.min;
    w.notModelled.push(NOT_MODELLED.hpaMetrics(h.where, w.replicas, h.max));
  }
}

/** LimitRange container default requests per namespace: the first LimitRange in input order wins per resource. */
function readLimitRanges(objects: readonly unknown[], problems: InputProblem[]): Map<string, ContainerDefaults> {
  const out = new Map<string, Record<string, number>>();
  objects.forEach((o, i) => {
    const p = new Problems(nameOf(o, `limitRanges[${i}]`));
    readSafely(
      () => {
        if (!isPlainObject(o) || kindOf(o) !== 'LimitRange') {
          p.add('kind', 'SimInvalidObject', `must be a LimitRange, got ${o === null ? 'null' : show(kindOf(o) || typeof o)}`);
          return;
        }
        const spec = isPlainObject(o.spec) ? o.spec : {};
        const defaults = emptyRecord<number>();
        list(spec.limits, 'spec.limits', p).forEach((item, j) => {
          if (!isPlainObject(item) || item.type !== 'Container') return;
          const at = `spec.limits[${j}]`;
          // SetDefaults_LimitRangeItem: defaultRequest, else default, else max (the default limit), else min.
          const read = (k: string) => amounts(item[k], `${at}.${k}`, p, false);
          Object.assign(defaults, { ...read('min'), ...read('max'), ...read('default'), ...read('defaultRequest') });
        });
        const ns = namespaceOf(metaOf(o));
        out.set(ns, { ...defaults, ...out.get(ns) });
      },
      () => unreadable(p),
    );
    pushAll(problems, p.list);
  });
  return new Map([...out].map(([ns, requests]) => [ns, { requests }]));
}

interface RuntimeClass {
  /** `overhead.podFixed`, only the entries that are quantities. */
  readonly overhead?: Json;
  readonly overheadAmounts: Readonly<Record<string, number>>;
  readonly nodeSelector: Readonly<Record<string, string>>;
  readonly tolerations: readonly unknown[];
}

function readRuntimeClasses(objects: readonly unknown[], problems: InputProblem[]): Map<string, RuntimeClass> {
  const out = new Map<string, RuntimeClass>();
  objects.forEach((o, i) => {
    const p = new Problems(nameOf(o, `runtimeClasses[${i}]`));
    readSafely(
      () => {
        const meta = metaOf(o);
        if (!isPlainObject(o) || kindOf(o) !== 'RuntimeClass' || !isString(meta.name) || meta.name === '') {
          p.add('kind', 'SimInvalidObject', 'must be a RuntimeClass (node.k8s.io/v1) with a name');
          return;
        }
        const podFixed = isPlainObject(o.overhead) ? o.overhead.podFixed : undefined;
        const overheadAmounts = amounts(podFixed, 'overhead.podFixed', p, false);
        const overhead = isPlainObject(podFixed) ? Object.fromEntries(Object.entries(podFixed).filter(([k]) => k in overheadAmounts)) : undefined;
        const scheduling = isPlainObject(o.scheduling) ? o.scheduling : {};
        out.set(meta.name, {
          overhead,
          overheadAmounts,
          nodeSelector: stringMap(scheduling.nodeSelector, 'scheduling.nodeSelector', p),
          tolerations: list(scheduling.tolerations, 'scheduling.tolerations', p),
        });
      },
      () => unreadable(p),
    );
    pushAll(problems, p.list);
  });
  return out;
}

function sameAmounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The pod spec after RuntimeClass admission (plugin/pkg/admission/runtimeclass): overhead, node selector, tolerations. */
function withRuntimeClass(spec: Json, classes: ReadonlyMap<string, RuntimeClass>, p: Problems, notModelled: string[]): Json {
  const name = spec.runtimeClassName;
  if (!isString(name) || name === '') return spec;
  const rc = classes.get(name);
  if (!rc) {
    notModelled.push(NOT_MODELLED.unknownRuntimeClass(name));
    return spec;
  }
  const out: Json = { ...spec };
  if (rc.overhead) {
    const own = amounts(spec.overhead, 'spec.overhead', new Problems(''), false);
    if (Object.keys(own).length > 0 && !sameAmounts(own, rc.overheadAmounts)) {
      p.add(
        'spec.overhead',
        'SimRuntimeClassRejected',
        `differs from RuntimeClass ${name}'s overhead.podFixed, so admission rejects the pod: remove spec.overhead`,
        true,
      );
    }
    out.overhead = rc.overhead;
  }
  if (Object.keys(rc.nodeSelector).length > 0) {
    const selector: Record<string, unknown> = recordOf(isPlainObject(spec.nodeSelector) ? spec.nodeSelector : undefined);
    for (const [k, v] of Object.entries(rc.nodeSelector)) {
      if (Object.hasOwn(selector, k) && selector[k] !== v) {
        p.add(
          `spec.nodeSelector.${k}`,
          'SimRuntimeClassRejected',
          `conflicts with RuntimeClass ${name}'s scheduling.nodeSelector (${k}=${v}), so admission rejects the pod`,
          true,
        );
      }
      selector[k] = v;
    }
    out.nodeSelector = selector;
  }
  if (rc.tolerations.length > 0) {
    const own = Array.isArray(spec.tolerations) ? spec.tolerations : [];
    // MergeTolerations: a toleration the pod already has is not added twice.
    const key = (t: unknown) => (isPlainObject(t) ? [t.key, t.operator, t.value, t.effect, t.tolerationSeconds].join('\u0000') : typeof t);
    const seen = new Set(own.map(key));
    out.tolerations = [...own, ...rc.tolerations.filter((t) => !seen.has(key(t)))];
  }
  return out;
}

function hasPlain(items: readonly unknown[], field: string): boolean {
  return items.some((v) => isPlainObject(v) && isPlainObject(v[field]));
}

/** What of the admitted pod spec the simulator ignores. */
function unmodelledOf(spec: Json): string[] {
  const out: string[] = [];
  const volumes = Array.isArray(spec.volumes) ? spec.volumes : [];
  if (hasPlain(volumes, 'persistentVolumeClaim')) out.push(NOT_MODELLED.pvcVolumes);
  if (hasPlain(volumes, 'ephemeral')) out.push(NOT_MODELLED.ephemeralVolumes);
  const containers = [spec.containers, spec.initContainers].flatMap((cs) => (Array.isArray(cs) ? cs : []));
  // With host networking the API server makes every container port a host port.
  const hostPort = (port: unknown) =>
    isPlainObject(port) &&
    ((typeof port.hostPort === 'number' && port.hostPort > 0) || (spec.hostNetwork === true && port.containerPort !== undefined));
  if (containers.some((c) => isPlainObject(c) && Array.isArray(c.ports) && c.ports.some(hostPort))) out.push(NOT_MODELLED.hostPorts);
  if (Array.isArray(spec.resourceClaims) && spec.resourceClaims.length > 0) out.push(NOT_MODELLED.resourceClaims);
  if (Array.isArray(spec.schedulingGates) && spec.schedulingGates.length > 0) out.push(NOT_MODELLED.schedulingGates);
  return out;
}

function nameOf(o: unknown, fallback: string): string {
  return readSafely(
    () => objectName(o, fallback),
    () => fallback,
  );
}

/** The problem of an object whose reading throws (a getter, a proxy). */
function unreadable(p: Problems): void {
  p.add('', 'SimInvalidObject', 'cannot be read (a field throws when read)', true);
}

function arrayOf(read: () => unknown): readonly unknown[] {
  return readSafely(
    () => list(read()),
    () => [],
  );
}

/**
 * The pending pods of `input.pods`, in input order, each workload expanded to the pods its controller runs
 * (named `<workload>-<ordinal>`), with HPAs, LimitRanges and RuntimeClasses of the input applied.
 */
export function readWorkloads(input: SimulationInput): Workloads {
  const problems: InputProblem[] = [];
  const limitRanges = readLimitRanges(
    arrayOf(() => input.limitRanges),
    problems,
  );
  const runtimeClasses = readRuntimeClasses(
    arrayOf(() => input.runtimeClasses),
    problems,
  );
  const objects = arrayOf(() => input.pods);
  const workloads = objects.map((o, i) => {
    return readSafely(
      () => readWorkload(o, i),
      () => readWorkload(null, i),
    );
  });
  const hpas = arrayOf(() => input.horizontalPodAutoscalers).map((o, i) => {
    return readSafely(
      () => readHpa(o, i),
      () => readHpa(null, i),
    );
  });
  applyHpas(hpas, workloads);
  const pods: PodInput[] = [];
  const sources: unknown[] = [];
  for (const [wi, w] of workloads.entries()) {
    const first = pods.length;
    const base = readSafely(
      () => podOf(w, first, limitRanges, runtimeClasses),
      () => {
        unreadable(w.p);
        return podFromSpec(first, w.namespace, w.name, {}, {}, w.p);
      },
    );
    pushAll(problems, w.p.list);
    if (w.template === undefined) {
      pods.push(base);
      sources.push(objects[wi]);
      continue;
    }
    for (let i = 0; i < w.replicas; i++) {
      pods.push(i === 0 ? base : { ...base, index: first + i, name: podName(w, i) });
      sources.push(objects[wi]);
    }
  }
  for (const h of hpas) pushAll(problems, h.p.list);
  const daemons = arrayOf(() => input.daemonSets).map((o, i) => {
    const d = readSafely(
      () => readDaemon(o, i, limitRanges, runtimeClasses),
      () => readDaemon(null, i, limitRanges, runtimeClasses),
    );
    pushAll(problems, d.problems);
    return d;
  });
  return { pods, sources, daemons, problems };
}

/** The pod a DaemonSet runs on each node (or a DaemonSet's pod as given), admitted. */
function readDaemon(
  o: unknown,
  index: number,
  limitRanges: ReadonlyMap<string, ContainerDefaults>,
  classes: ReadonlyMap<string, RuntimeClass>,
): PodInput {
  const kind = kindOf(o);
  const meta = metaOf(o);
  const namespace = namespaceOf(meta);
  const name = isString(meta.name) && meta.name !== '' ? meta.name : `daemonSets[${index}]`;
  const p = new Problems(objectName(o, `daemonSets[${index}]`));
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  const template =
    kind === 'Pod'
      ? { labels: stringMap(meta.labels, 'metadata.labels', p), spec }
      : kind === 'DaemonSet'
        ? templateOf(spec.template, 'spec.template', p)
        : undefined;
  if (!template) {
    p.add(
      kind === 'DaemonSet' ? 'spec.template' : 'kind',
      'SimMissingPodTemplate',
      'must be a DaemonSet with spec.template.spec (or a pod); it is left out',
      true,
    );
    return podFromSpec(index, namespace, name, {}, {}, p);
  }
  const admitted = withRuntimeClass(template.spec, classes, p, []);
  return podFromSpec(index, namespace, name, template.labels, admitted, p, limitRanges.get(namespace));
}

function podName(w: Workload, i: number): string {
  return w.firstOrdinal === undefined ? w.name : `${w.name}-${w.firstOrdinal + i}`;
}

/** The workload's first pod, admitted; its replicas copy it. */
function podOf(
  w: Workload,
  index: number,
  limitRanges: ReadonlyMap<string, ContainerDefaults>,
  classes: ReadonlyMap<string, RuntimeClass>,
): PodInput {
  if (!w.template) return podFromSpec(index, w.namespace, w.name, {}, {}, w.p);
  const notModelled = [...w.notModelled];
  const spec = withRuntimeClass(w.template.spec, classes, w.p, notModelled);
  notModelled.push(...unmodelledOf(spec).filter((x) => !notModelled.includes(x)));
  const pod = podFromSpec(index, w.namespace, podName(w, 0), w.template.labels, spec, w.p, limitRanges.get(w.namespace));
  return notModelled.length > 0 ? { ...pod, notModelled } : pod;
}
