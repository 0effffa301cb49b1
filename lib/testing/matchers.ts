import { inspect } from 'util';
import { costMatchers } from './cost-matchers';
import { loadInstanceTypeCatalog, PodResult, SimulationResult, SimulationRun } from '../core/sim';
import { isPlainObject } from '../core/json';
import { simulateStackRun, SimulateStackOptions } from './simulate';
import { SynthesizedHelmRelease, SynthesizedManifest, SynthesizedStack } from './synth';

// No jest import here: these are plain functions returning `{ pass, message }`, the shape
// `expect.extend` wants, so the library can be loaded without jest. `./jest` registers them.

/**
 * What `toHaveNodePool` / `toHaveEc2NodeClass` look for when given an object with only
 * `name`, `spec` and/or `metadata` keys. Any other object is taken as a partial `spec`.
 */
export interface ManifestExpectation {
  /**
   * `metadata.name` (a string or an asymmetric matcher such as `expect.stringMatching`).
   * @default - any name
   */
  readonly name?: unknown;
  /**
   * Deep-partial `spec`.
   * @default - any spec
   */
  readonly spec?: unknown;
  /**
   * Deep-partial `metadata` (labels, annotations).
   * @default - any metadata
   */
  readonly metadata?: unknown;
}

/** Which Helm release `toHaveHelmValues` looks at. */
export interface HelmReleaseSelector {
  /**
   * Release name (`karpenter`, `karpenter-crd`).
   * @default - every release in the stack
   */
  readonly releaseName?: string;
  /**
   * Chart, compared with the end of the `chart` attribute (`karpenter` matches `oci://public.ecr.aws/karpenter/karpenter`).
   * @default - any chart
   */
  readonly chart?: string;
}

/** The result shape `expect.extend` expects. */
export interface KarpenterMatcherResult {
  /** Whether the received value matched. */
  readonly pass: boolean;
  /** Explains the outcome (a failure of the matcher, or of its `.not` form). */
  readonly message: () => string;
}

/** One place where the received value differs from the expectation. */
export interface Mismatch {
  /** Field path, e.g. `spec.template.spec.requirements[1].values`. */
  readonly path: string;
  /** What differs, e.g. `expected "spot", received "on-demand"`. */
  readonly problem: string;
  /**
   * True for a line that only introduces the differences after it (`no element matches ...; the
   * closest, [1], differs:`); it is not a difference itself and does not count when ranking candidates.
   * @default false
   */
  readonly header?: boolean;
}

/** How many real differences `mismatches` holds (header lines do not count). */
export function differenceCount(mismatches: readonly Mismatch[]): number {
  return mismatches.filter((m) => !m.header).length;
}

// Keys that name an element (a NodePool, a requirement, a taint): a candidate with the same name is the
// one the user meant, even when another differs in fewer places.
const IDENTITY_KEYS = ['name', 'key'];

function sameIdentity(received: unknown, expected: unknown): boolean {
  if (!isPlainObject(received) || !isPlainObject(expected)) return false;
  const key = IDENTITY_KEYS.find((k) => expected[k] !== undefined && !isExactly(expected[k]) && typeof expected[k] !== 'object');
  return key !== undefined && Object.is(received[key], expected[key]);
}

/** Index of the closest candidate: one with the expected name first, then the fewest differences. */
function closestIndex(results: readonly { readonly sameName: boolean; readonly m: readonly Mismatch[] }[]): number {
  let best = 0;
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[best], results[i]];
    if (a.sameName !== b.sameName ? b.sameName : differenceCount(b.m) < differenceCount(a.m)) best = i;
  }
  return best;
}

const EXACT = Symbol.for('cdktf-karpenter-eks.exactly');

/**
 * Turns off the partial semantics for `value`: objects must have exactly its keys and arrays
 * exactly its elements, in order. Asymmetric matchers nested inside still apply.
 *
 * @example expect(stack).toHaveNodePool({ template: { spec: { taints: exactly([]) } } })
 */
export function exactly<T>(value: T): T {
  return { [EXACT]: true, value, toString: () => `exactly(${render(value)})` } as unknown as T;
}

/**
 * Compares `received` with a deep-partial `expected`:
 * - objects: every key of `expected` must match; extra received keys are fine; an
 *   `undefined` expected value means the key must be absent;
 * - arrays: every expected element must match a different received element, in any order
 *   (`expect.arrayContaining` semantics, with partial elements); use `exactly([...])` for
 *   an exact list;
 * - asymmetric matchers (`expect.any(String)`, `expect.stringMatching(/x/)`) are honoured;
 * - anything else compares with `Object.is`.
 *
 * Returns every difference found (empty when it matches).
 */
export function partialMatch(received: unknown, expected: unknown, path = ''): Mismatch[] {
  if (isExactly(expected)) return exactMatch(received, expected.value, path);
  if (isAsymmetric(expected)) {
    return expected.asymmetricMatch(received)
      ? []
      : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(received))
      return [{ path: pathLabel(path), problem: `expected an array containing ${render(expected)}, received ${render(received)}` }];
    return arrayContains(received, expected, path);
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(received))
      return [{ path: pathLabel(path), problem: `expected an object matching ${render(expected)}, received ${render(received)}` }];
    const out: Mismatch[] = [];
    for (const [k, v] of Object.entries(expected)) {
      const p = join(path, k);
      if (v === undefined) {
        if (received[k] !== undefined) out.push({ path: p, problem: `expected to be absent, received ${render(received[k])}` });
      } else if (!(k in received)) {
        out.push({ path: p, problem: `expected ${render(v)}, but the field is missing` });
      } else {
        out.push(...partialMatch(received[k], v, p));
      }
    }
    return out;
  }
  return Object.is(received, expected) ? [] : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
}

// Every expected element must pair with a distinct received element; small lists, so try
// all pairings (augmenting paths) and report the closest element for those left unpaired.
function arrayContains(received: unknown[], expected: unknown[], path: string): Mismatch[] {
  const ok = expected.map((e) => received.map((r) => partialMatch(r, e, '').length === 0));
  const owner = new Array<number>(received.length).fill(-1);
  const tryAssign = (ei: number, seen: boolean[]): boolean => {
    for (let ri = 0; ri < received.length; ri++) {
      if (!ok[ei][ri] || seen[ri]) continue;
      seen[ri] = true;
      if (owner[ri] === -1 || tryAssign(owner[ri], seen)) {
        owner[ri] = ei;
        return true;
      }
    }
    return false;
  };
  const out: Mismatch[] = [];
  for (let ei = 0; ei < expected.length; ei++) {
    if (tryAssign(ei, new Array<boolean>(received.length).fill(false))) continue;
    if (ok[ei].some(Boolean)) {
      out.push({
        path: pathLabel(path),
        problem: `expected element ${render(expected[ei])} matches only elements already paired with other expected elements (duplicates?)`,
      });
      continue;
    }
    const results = received.map((r, ri) => ({ sameName: sameIdentity(r, expected[ei]), m: partialMatch(r, expected[ei], `${path}[${ri}]`) }));
    if (results.length === 0 || !(isPlainObject(expected[ei]) || Array.isArray(expected[ei]))) {
      out.push({ path: pathLabel(path), problem: `expected an element matching ${render(expected[ei])}, received ${render(received)}` });
    } else {
      const bestIndex = closestIndex(results);
      out.push({ path: pathLabel(path), problem: `no element matches ${render(expected[ei])}; the closest, [${bestIndex}], differs:`, header: true });
      out.push(...results[bestIndex].m);
    }
  }
  return out;
}

function exactMatch(received: unknown, expected: unknown, path: string): Mismatch[] {
  if (isExactly(expected)) return exactMatch(received, expected.value, path);
  if (isAsymmetric(expected)) return partialMatch(received, expected, path);
  if (Array.isArray(expected)) {
    if (!Array.isArray(received) || received.length !== expected.length) {
      return [{ path: pathLabel(path), problem: `expected exactly ${render(expected)}, received ${render(received)}` }];
    }
    return expected.flatMap((e, i) => exactMatch(received[i], e, `${path}[${i}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(received)) return [{ path: pathLabel(path), problem: `expected exactly ${render(expected)}, received ${render(received)}` }];
    const out: Mismatch[] = [];
    for (const k of Object.keys(received)) {
      if (!(k in expected) && received[k] !== undefined)
        out.push({ path: join(path, k), problem: `unexpected field, received ${render(received[k])}` });
    }
    for (const [k, v] of Object.entries(expected)) {
      if (!(k in received)) {
        if (v !== undefined) out.push({ path: join(path, k), problem: `expected ${render(v)}, but the field is missing` });
      } else out.push(...exactMatch(received[k], v, join(path, k)));
    }
    return out;
  }
  return Object.is(received, expected) ? [] : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
}

/**
 * Passes when the stack has a NodePool (`karpenter.sh`) matching `expected`: either
 * `{ name?, spec?, metadata? }` or, for any other object, a deep-partial `spec`.
 * `received` is a `TerraformStack` (synthesized with validations) or `Testing.synth` output.
 */
export function toHaveNodePool(received: unknown, expected?: unknown): KarpenterMatcherResult {
  return manifestMatcher('toHaveNodePool', 'NodePool', received, expected, (s) => s.nodePools());
}

/** Like `toHaveNodePool`, for EC2NodeClasses (`karpenter.k8s.aws`). */
export function toHaveEc2NodeClass(received: unknown, expected?: unknown): KarpenterMatcherResult {
  return manifestMatcher('toHaveEc2NodeClass', 'EC2NodeClass', received, expected, (s) => s.ec2NodeClasses());
}

/**
 * Passes when a Helm release (every one, or those `selector` picks) has values matching
 * the deep-partial `expected`, after merging its `values` documents and `set` entries.
 */
export function toHaveHelmValues(received: unknown, expected: unknown, selector: HelmReleaseSelector = {}): KarpenterMatcherResult {
  const name = 'toHaveHelmValues';
  const synth = SynthesizedStack.from(received);
  const all = synth.helmReleases();
  const candidates = all.filter((r) => selects(selector, r));
  const what = describeSelector(selector);
  const results = candidates.map((r) => ({ r, sameName: false, m: partialMatch(r.values, expected, '') }));
  const hit = results.find((x) => x.m.length === 0);
  if (hit) {
    return {
      pass: true,
      message: () =>
        `${hint(name, true)}\n\nExpected no ${what} with values matching\n${indent(render(expected, 6))}\nbut ${describeRelease(hit.r)} matches.`,
    };
  }
  return {
    pass: false,
    message: () => {
      const head = `${hint(name, false)}\n\nExpected a ${what} with values matching\n${indent(render(expected, 6))}\n`;
      if (all.length === 0) return `${head}but the stack has no helm_release resources.`;
      if (candidates.length === 0) {
        return `${head}but none of the stack's releases is selected: ${all.map(describeRelease).join(', ')}.`;
      }
      const closest = results[closestIndex(results)];
      const unparsed =
        closest.r.unparsedValues.length > 0
          ? `\nNote: ${closest.r.unparsedValues.length} values ` +
            `entr${closest.r.unparsedValues.length === 1 ? 'y is' : 'ies are'} a Terraform expression and could not ` +
            `be inspected: ${closest.r.unparsedValues.map((v) => render(v)).join(', ')}`
          : '';
      return (
        `${head}Releases checked: ${candidates.map(describeRelease).join(', ')}.\n` +
        `Closest: ${describeRelease(closest.r)} differs in ${count(differenceCount(closest.m), 'place')}:\n${formatMismatches(closest.m)}${unparsed}`
      );
    },
  };
}

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

/** Every matcher, keyed by name, ready for `expect.extend(karpenterMatchers)`. */
export const karpenterMatchers = {
  toHaveNodePool,
  toHaveEc2NodeClass,
  toHaveHelmValues,
  toAdmitInstanceTypes,
  toAdmitOnly,
  toSchedulePod,
  toSchedulePodOn,
  ...costMatchers,
};

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

/** `[a, b, c, ... (+N more)]`, at most 8 names. */
function list(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return `[${shown}${names.length > 8 ? `, ... (+${names.length - 8} more)` : ''}]`;
}

function isStringList(x: AdmittedTypesExpectation): x is readonly string[] {
  return Array.isArray(x);
}

function manifestMatcher(
  matcherName: string,
  kind: string,
  received: unknown,
  expected: unknown,
  pick: (s: SynthesizedStack) => SynthesizedManifest[],
): KarpenterMatcherResult {
  const candidates = pick(SynthesizedStack.from(received));
  const expectation = toManifestExpectation(expected);
  const expectedName = isPlainObject(expectation) && isPlainObject(expectation.metadata) ? expectation.metadata.name : undefined;
  const results = candidates.map((c) => ({
    c,
    sameName: expectedName !== undefined && partialMatch(c.name, expectedName).length === 0,
    m: partialMatch(c.manifest, expectation, ''),
  }));
  const hit = results.find((x) => x.m.length === 0);
  const shown = expected === undefined ? '' : `\n${indent(render(expected, 6))}`;
  if (hit) {
    return {
      pass: true,
      message: () =>
        `${hint(matcherName, true)}\n\nExpected no ${kind}${expected === undefined ? '' : ' matching'}${shown}\n` +
        `but ${describeManifest(hit.c)} matches.`,
    };
  }
  return {
    pass: false,
    message: () => {
      const head = `${hint(matcherName, false)}\n\nExpected a ${kind}${expected === undefined ? '' : ' matching'}${shown}\n`;
      if (candidates.length === 0) return `${head}but the stack has no ${kind} (no kubernetes_manifest of that kind).`;
      const closest = results[closestIndex(results)];
      return (
        `${head}Found ${count(candidates.length, kind)}: ${candidates.map(describeManifest).join(', ')}.\n` +
        `Closest: ${describeManifest(closest.c)} differs in ${count(differenceCount(closest.m), 'place')}:\n${formatMismatches(closest.m)}`
      );
    },
  };
}

const QUERY_KEYS = new Set(['name', 'spec', 'metadata']);

function toManifestExpectation(expected: unknown): unknown {
  if (expected === undefined) return {};
  if (!isPlainObject(expected)) return { spec: expected };
  const keys = Object.keys(expected);
  const isQuery = keys.length > 0 && keys.every((k) => QUERY_KEYS.has(k));
  if (!isQuery) return { spec: expected };
  const q = expected as ManifestExpectation;
  const out: Record<string, unknown> = {};
  if (q.metadata !== undefined || q.name !== undefined) {
    const metadata = isPlainObject(q.metadata) ? { ...q.metadata } : {};
    if (q.name !== undefined) metadata.name = q.name;
    out.metadata = metadata;
  }
  if (q.spec !== undefined) out.spec = q.spec;
  return out;
}

function selects(selector: HelmReleaseSelector, r: SynthesizedHelmRelease): boolean {
  if (selector.releaseName !== undefined && r.releaseName !== selector.releaseName) return false;
  if (selector.chart !== undefined && r.chart !== selector.chart && !r.chart.endsWith(`/${selector.chart}`)) return false;
  return true;
}

function describeSelector(s: HelmReleaseSelector): string {
  const parts = [];
  if (s.releaseName !== undefined) parts.push(`named "${s.releaseName}"`);
  if (s.chart !== undefined) parts.push(`of chart "${s.chart}"`);
  return ['Helm release', ...parts].join(' ');
}

function describeManifest(m: SynthesizedManifest): string {
  const where = m.constructPath ? `${m.constructPath} (${m.address})` : m.address;
  return `${m.kind} ${m.name === undefined ? '(unnamed)' : JSON.stringify(m.name)} at ${where}`;
}

function describeRelease(r: SynthesizedHelmRelease): string {
  const where = r.constructPath ? `${r.constructPath} (${r.address})` : r.address;
  return `release ${JSON.stringify(r.releaseName)} at ${where}`;
}

function formatMismatches(ms: readonly Mismatch[]): string {
  const limit = 20;
  const lines = ms.slice(0, limit).map((m) => `  ${m.path}: ${m.problem}`);
  if (ms.length > limit) lines.push(`  ... and ${ms.length - limit} more`);
  return lines.join('\n');
}

function hint(name: string, isNot: boolean): string {
  return `expect(received).${isNot ? 'not.' : ''}${name}(expected)`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

function join(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
}

function pathLabel(path: string): string {
  return path === '' ? '(root)' : path;
}

interface Asymmetric {
  asymmetricMatch(other: unknown): boolean;
}

function isAsymmetric(x: unknown): x is Asymmetric {
  return typeof x === 'object' && x !== null && typeof (x as Asymmetric).asymmetricMatch === 'function';
}

function isExactly(x: unknown): x is { value: unknown } {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[EXACT] === true;
}

/** Compact rendering for messages; asymmetric matchers print as jest prints them. */
function render(value: unknown, depth = 4): string {
  const replaced = replaceSpecial(value);
  return inspect(replaced, { depth, breakLength: 100, compact: 3, sorted: false, maxArrayLength: 20, maxStringLength: 200 });
}

function replaceSpecial(value: unknown): unknown {
  if (isExactly(value)) return new Shown(`exactly(${render(value.value)})`);
  if (isAsymmetric(value)) {
    // jest's printer: `toAsymmetricMatcher()` when defined, else `toString()` and the sample.
    const v = value as { toAsymmetricMatcher?: () => string; toString(): string; sample?: unknown };
    if (typeof v.toAsymmetricMatcher === 'function') return new Shown(v.toAsymmetricMatcher());
    return new Shown('sample' in v ? `${v.toString()} ${render(v.sample)}` : v.toString());
  }
  if (Array.isArray(value)) return value.map(replaceSpecial);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceSpecial(v)]));
  return value;
}

class Shown {
  constructor(private readonly text: string) {}
  [inspect.custom](): string {
    return this.text;
  }
}
