// The simulation matchers: what a synthesized stack's NodePools admit, and where a pod schedules. Plain
// functions, like ./matchers.
import { loadInstanceTypeCatalog, PodResult, SimulationResult, SimulationRun } from '../core/sim';
import { isPlainObject } from '../core/json';
import { count, KarpenterMatcherResult, list } from './partial-match';
import { simulateStackRun, SimulateStackOptions } from './simulate';

/**
 * What `toAdmitOnly` allows: instance type names, or labels every admitted type must carry (a value, or
 * one of several), e.g. `{ 'karpenter.k8s.aws/instance-category': 'g' }`.
 */
export type AdmittedTypesExpectation = readonly string[] | Readonly<Record<string, string | readonly string[]>>;

/**
 * Passes when the NodePool named `nodePool` can launch every type of `expected` (it may admit more), as the
 * offline simulator sees it: requirements, EC2NodeClass (AMI family, kubelet) and limits, on an empty cluster.
 */
export function toAdmitInstanceTypes(
  received: unknown,
  nodePool: string,
  expected: readonly string[],
  options: SimulateStackOptions = {},
): KarpenterMatcherResult {
  const name = 'toAdmitInstanceTypes';
  const sim = simulateStackRun(received, options);
  const pool = sim.result.nodePools.find((p) => p.name === nodePool);
  if (pool === undefined) return noSuchPool(name, nodePool, sim);
  const missing = expected.filter((t) => !pool.admittedInstanceTypes.includes(t));
  const admits = describeAdmitted(pool.admittedInstanceTypes, pool.reason);
  if (missing.length === 0) {
    return {
      pass: true,
      message: () =>
        `expect(received).not.${name}(${JSON.stringify(nodePool)}, types)\n\n` +
        `Expected NodePool "${nodePool}" not to admit all of ${list(expected)}, but it ${admits}.`,
    };
  }
  return {
    pass: false,
    message: () =>
      `expect(received).${name}(${JSON.stringify(nodePool)}, types)\n\nExpected NodePool "${nodePool}" to admit ${list(expected)}, ` +
      `but it does not admit ${list(missing)}; it ${admits}.${issuesNote(sim)}`,
  };
}

/**
 * Passes when the NodePool named `nodePool` admits at least one instance type and only types in `expected`
 * (names) or only types with the `expected` labels.
 */
export function toAdmitOnly(
  received: unknown,
  nodePool: string,
  expected: AdmittedTypesExpectation,
  options: SimulateStackOptions = {},
): KarpenterMatcherResult {
  const name = 'toAdmitOnly';
  const sim = simulateStackRun(received, options);
  const pool = sim.result.nodePools.find((p) => p.name === nodePool);
  if (pool === undefined) return noSuchPool(name, nodePool, sim);
  const catalog = options.catalog ?? loadInstanceTypeCatalog();
  const allowed = (type: string): boolean => {
    if (isStringList(expected)) return expected.includes(type);
    const labels = catalog.get(type)?.labels ?? {};
    return Object.entries(expected).every(([k, v]) => (typeof v === 'string' ? labels[k] === v : v.includes(labels[k])));
  };
  const what = isStringList(expected) ? `only ${list(expected)}` : `only types with ${JSON.stringify(expected)}`;
  const others = pool.admittedInstanceTypes.filter((t) => !allowed(t));
  const admits = describeAdmitted(pool.admittedInstanceTypes, pool.reason);
  if (pool.admittedInstanceTypes.length > 0 && others.length === 0) {
    return {
      pass: true,
      message: () =>
        `expect(received).not.${name}(${JSON.stringify(nodePool)}, expected)\n\n` +
        `Expected NodePool "${nodePool}" not to admit ${what}, but it ${admits}.`,
    };
  }
  return {
    pass: false,
    message: () =>
      `expect(received).${name}(${JSON.stringify(nodePool)}, expected)\n\nExpected NodePool "${nodePool}" to admit ${what}, but it ` +
      (others.length > 0 ? `also admits ${list(others)}; it ${admits}.` : `${admits}.`) +
      issuesNote(sim),
  };
}

/**
 * Passes when Karpenter would launch a node for `pod` (a v1 Pod, or every pod of a Deployment, StatefulSet
 * or Job) from the stack's NodePools, in one batch with `options.pods`.
 */
export function toSchedulePod(received: unknown, pod: unknown, options: SimulateStackOptions = {}): KarpenterMatcherResult {
  return podMatcher('toSchedulePod', received, pod, undefined, options);
}

/** Like `toSchedulePod`, and the pod lands on the NodePool named `nodePool`. */
export function toSchedulePodOn(received: unknown, pod: unknown, nodePool: string, options: SimulateStackOptions = {}): KarpenterMatcherResult {
  return podMatcher('toSchedulePodOn', received, pod, nodePool, options);
}

function podMatcher(
  name: string,
  received: unknown,
  pod: unknown,
  nodePool: string | undefined,
  options: SimulateStackOptions,
): KarpenterMatcherResult {
  const sim = simulateStackRun(received, { ...options, pods: [pod, ...(options.pods ?? [])] });
  const subject = podSubject(pod);
  const results = sim.result.pods.filter((r) => subject.matches(r));
  const args = nodePool === undefined ? 'pod' : `pod, ${JSON.stringify(nodePool)}`;
  const where = nodePool === undefined ? 'to get a node' : `to land on NodePool "${nodePool}"`;
  const ok = (r: PodResult) => r.schedulable && (nodePool === undefined || r.nodePool === nodePool);
  const pass = results.length > 0 && results.every(ok);
  const shown = pass ? results : results.filter((r) => !ok(r));
  const outcome = shown.map((r) => `  ${r.namespace}/${r.name}: ${describePod(r)}`).join('\n');
  if (pass) {
    return {
      pass: true,
      message: () => `expect(received).not.${name}(${args})\n\nExpected ${subject.label} not ${where}, but:\n${outcome}`,
    };
  }
  return {
    pass: false,
    message: () => {
      const head = `expect(received).${name}(${args})\n\nExpected ${subject.label} ${where}, but`;
      if (results.length === 0) return `${head} the simulation has no pod for it (is it a Pod, Deployment, StatefulSet or Job?).${issuesNote(sim)}`;
      return `${head}:\n${outcome}\nNodePools: ${describePools(sim.result)}.${issuesNote(sim)}`;
    },
  };
}

/** Which results of a simulation are the pods of `pod` (itself, or `<workload>-<ordinal>`). */
function podSubject(pod: unknown): { label: string; matches: (r: PodResult) => boolean } {
  const o = isPlainObject(pod) ? pod : {};
  const metadata = isPlainObject(o.metadata) ? o.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : 'default';
  const kind = typeof o.kind === 'string' ? o.kind : 'Pod';
  if (kind === 'Pod') return { label: `pod ${namespace}/${name}`, matches: (r) => r.namespace === namespace && r.name === name };
  const ordinal = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`);
  return { label: `the pods of ${kind} ${namespace}/${name}`, matches: (r) => r.namespace === namespace && ordinal.test(r.name) };
}

function describePod(r: PodResult): string {
  if (r.ignored) return `ignored by Karpenter: ${r.reason ?? ''}`;
  if (!r.schedulable) return `stays pending: ${r.reason ?? ''}`;
  return `lands on NodePool "${r.nodePool}" (${list(r.instanceTypes)})`;
}

function describePools(result: SimulationResult): string {
  if (result.nodePools.length === 0) return 'none in the stack';
  return result.nodePools.map((p) => `"${p.name}" admits ${count(p.admittedInstanceTypes.length, 'type')}`).join(', ');
}

function describeAdmitted(types: readonly string[], reason: string | undefined): string {
  return types.length === 0 ? `admits nothing${reason ? ` (${reason})` : ''}` : `admits ${count(types.length, 'type')}: ${list(types)}`;
}

function noSuchPool(name: string, nodePool: string, sim: SimulationRun): KarpenterMatcherResult {
  const names = sim.result.nodePools.map((p) => JSON.stringify(p.name));
  return {
    pass: false,
    message: () =>
      `expect(received).${name}(${JSON.stringify(nodePool)}, ...)\n\nThe stack has no NodePool named "${nodePool}"; ` +
      `${names.length === 0 ? 'it has no NodePool' : `its NodePools: ${names.join(', ')}`}.`,
  };
}

function issuesNote(sim: SimulationRun): string {
  if (sim.issues.length === 0) return '';
  const shown = sim.issues.slice(0, 5).map((i) => `  ${i.field}: ${i.message} (${i.code})`);
  return `\nProblems in the simulated input:\n${shown.join('\n')}${sim.issues.length > 5 ? `\n  ... and ${sim.issues.length - 5} more` : ''}`;
}

function isStringList(x: AdmittedTypesExpectation): x is readonly string[] {
  return Array.isArray(x);
}
