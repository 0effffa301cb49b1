// The simulation matchers: what a synthesized stack's NodePools admit, where a pod schedules (NodePool, zone,
// capacity type, an existing node) and which NodeClaims a batch launches. Plain functions, like ./matchers.
import { loadInstanceTypeCatalog, NodeClaimResult, PodResult, SimulationResult, SimulationRun } from '../core/sim';
import { isPlainObject } from '../core/json';
import { WellKnownLabel } from '../core/model/labels';
import { count, KarpenterMatcherResult, list } from './partial-match';
import { simulateStackRun, SimulateStackOptions } from './simulate-stack';

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

/**
 * Where `toSchedulePodOn` expects a pod: each field given must hold for every pod of the subject. `zone` and
 * `capacityType` hold only when the pod's NodeClaim (or node) fixes them to that one value.
 */
export interface PodPlacement {
  /** The NodePool of the new NodeClaim it lands on. */
  readonly nodePool?: string;
  /** Its NodeClaim's (or node's) `topology.kubernetes.io/zone`. */
  readonly zone?: string;
  /** Its NodeClaim's (or node's) `karpenter.sh/capacity-type`. */
  readonly capacityType?: string;
  /** The existing Node (or in-flight NodeClaim) of `options.nodes` it lands on. */
  readonly node?: string;
}

/**
 * Like `toSchedulePod`, and the pod lands on the NodePool named `nodePool`, or where `placement` says (NodePool,
 * zone, capacity type, existing node), once the cluster settles (`options.rounds`, default `'settle'`: each batch's
 * NodeClaims launch and the pods still pending go into the next; `rounds: 1` is one batch).
 */
export function toSchedulePodOn(
  received: unknown,
  pod: unknown,
  where: string | PodPlacement,
  options: SimulateStackOptions = {},
): KarpenterMatcherResult {
  const placement = typeof where === 'string' ? { nodePool: where } : where;
  return podMatcher('toSchedulePodOn', received, pod, placement, { ...options, rounds: options.rounds ?? 'settle' });
}

/** One NodeClaim `toLaunchNodeClaims` expects: each field given must hold (labels: each one). */
export interface NodeClaimExpectation {
  readonly nodePool?: string;
  readonly zone?: string;
  readonly capacityType?: string;
  /** Labels the NodeClaim's requirements fix (a spread domain, the pool's labels). */
  readonly labels?: Readonly<Record<string, string>>;
  /** How many pods it holds. */
  readonly pods?: number;
}

/**
 * Passes when the batches (`options.pods`, with `options.nodes` as the running cluster) launch exactly `expected` new
 * NodeClaims: a count, or one expectation per NodeClaim (in any order, each matched by another one). They run until the
 * cluster settles (`options.rounds`, default `'settle'`); `rounds: 1` is one batch. A NodeClaim's zone and capacity
 * type are those it launched as.
 */
export function toLaunchNodeClaims(
  received: unknown,
  expected: number | readonly NodeClaimExpectation[],
  options: SimulateStackOptions = {},
): KarpenterMatcherResult {
  const name = 'toLaunchNodeClaims';
  const sim = simulateStackRun(received, { ...options, rounds: options.rounds ?? 'settle' });
  const claims = sim.result.nodeClaims ?? [];
  const wanted = typeof expected === 'number' ? undefined : expected;
  const unmatched = wanted === undefined ? [] : unmatchedClaims(wanted, claims);
  const pass = (typeof expected === 'number' ? claims.length === expected : claims.length === expected.length) && unmatched.length === 0;
  const what = typeof expected === 'number' ? count(expected, 'NodeClaim') : `${count(expected.length, 'NodeClaim')} ${JSON.stringify(expected)}`;
  const launched = claims.length === 0 ? 'none' : `\n${claims.map((c) => `  ${describeClaim(c)}`).join('\n')}`;
  const pending = sim.result.pods.filter((p) => !p.schedulable && !p.ignored && !p.bound).length;
  const tail = `${pending > 0 ? `\n${count(pending, 'pod')} ${stayPending(sim.result)}.` : ''}${issuesNote(sim)}`;
  return {
    pass,
    message: () =>
      `expect(received)${pass ? '.not' : ''}.${name}(expected)\n\nExpected ${batches(sim.result)} ${pass ? 'not ' : ''}to launch ${what}` +
      `${unmatched.length > 0 ? `; none matches ${unmatched.map((u) => JSON.stringify(u)).join(', ')}` : ''}. It launches: ${launched}${tail}`,
  };
}

/** `the batch`, or the rounds and how they ended. */
function batches(r: SimulationResult): string {
  // One round that still launched: `rounds: 1`, Karpenter's one batch.
  if (r.rounds === undefined || (!r.settled && r.rounds === 1)) return 'the batch';
  return `the batches (${r.settled ? `settled in ${count(r.rounds, 'round')}` : `stopped by the cap after ${count(r.rounds, 'round')}`})`;
}

function stayPending(r: SimulationResult, one = false): string {
  if (r.rounds === undefined) return one ? 'stays pending' : 'stay pending';
  if (r.settled) return one ? 'stays pending for good' : 'stay pending for good';
  return `${one ? 'is' : 'are'} still pending after ${count(r.rounds, 'round')}`;
}

/** The zone and capacity type a NodeClaim launched as, else those its requirements fix. */
const zoneOf = (c: NodeClaimResult) => (c.launch ? c.launch.zone : c.labels[ZONE]);
const capacityTypeOf = (c: NodeClaimResult) => c.launch?.capacityType ?? c.labels[CAPACITY_TYPE];

function claimMatches(c: NodeClaimResult, e: NodeClaimExpectation): boolean {
  if (e.nodePool !== undefined && c.nodePool !== e.nodePool) return false;
  if (e.zone !== undefined && zoneOf(c) !== e.zone) return false;
  if (e.capacityType !== undefined && capacityTypeOf(c) !== e.capacityType) return false;
  if (e.pods !== undefined && c.pods.length !== e.pods) return false;
  return Object.entries(e.labels ?? {}).every(([k, v]) => c.labels[k] === v);
}

/** The expectations no NodeClaim can take, each NodeClaim matching at most one (a greedy assignment by augmenting paths). */
function unmatchedClaims(expected: readonly NodeClaimExpectation[], claims: readonly NodeClaimResult[]): NodeClaimExpectation[] {
  const owner = new Array<number>(claims.length).fill(-1);
  const assign = (e: number, seen: Set<number>): boolean => {
    for (let c = 0; c < claims.length; c++) {
      if (seen.has(c) || !claimMatches(claims[c], expected[e])) continue;
      seen.add(c);
      if (owner[c] === -1 || assign(owner[c], seen)) {
        owner[c] = e;
        return true;
      }
    }
    return false;
  };
  return expected.filter((_, e) => !assign(e, new Set()));
}

const ZONE = WellKnownLabel.ZONE;
const CAPACITY_TYPE = WellKnownLabel.CAPACITY_TYPE;

function describeClaim(c: NodeClaimResult): string {
  const fixed = (v: string | undefined) => v ?? 'any';
  const others = Object.entries(c.labels)
    .filter(([k]) => k !== ZONE && k !== CAPACITY_TYPE && k !== WellKnownLabel.NODEPOOL && k !== WellKnownLabel.EC2NODECLASS)
    .map(([k, v]) => `${k}=${v}`);
  const round = c.round === undefined ? '' : `round ${c.round}, `;
  const launched = c.launch === undefined ? '' : `, launched as ${c.launch.instanceType}`;
  return (
    `${c.name}: ${round}NodePool "${c.nodePool}", zone ${fixed(zoneOf(c))}, capacity type ${fixed(capacityTypeOf(c))}${launched}, ` +
    `${count(c.pods.length, 'pod')}${others.length > 0 ? `, ${others.join(' ')}` : ''}`
  );
}

function podMatcher(
  name: string,
  received: unknown,
  pod: unknown,
  placement: PodPlacement | undefined,
  options: SimulateStackOptions,
): KarpenterMatcherResult {
  const sim = simulateStackRun(received, { ...options, pods: [pod, ...(options.pods ?? [])] });
  const subject = podSubject(pod);
  const results = sim.result.pods.filter((r) => subject.matches(r));
  const poolOnly = placement?.nodePool !== undefined && Object.keys(placement).length === 1;
  const args = placement === undefined ? 'pod' : `pod, ${JSON.stringify(poolOnly ? placement.nodePool : placement)}`;
  const where = placement === undefined ? 'to get a node' : `to land ${describePlacement(placement)}`;
  const ok = (r: PodResult) => r.schedulable && !r.bound && (placement === undefined || placedAt(r, placement));
  const pass = results.length > 0 && results.every(ok);
  const shown = pass ? results : results.filter((r) => !ok(r));
  const outcome = shown.map((r) => `  ${r.namespace}/${r.name}: ${describePod(r, sim.result)}`).join('\n');
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
      const claims = sim.result.nodeClaims ?? [];
      const launched = claims.length === 0 ? '' : `\nNodeClaims of ${batches(sim.result)}:\n${claims.map((c) => `  ${describeClaim(c)}`).join('\n')}`;
      return `${head}:\n${outcome}\nNodePools: ${describePools(sim.result)}.${launched}${issuesNote(sim)}`;
    },
  };
}

function placedAt(r: PodResult, p: PodPlacement): boolean {
  if (p.nodePool !== undefined && r.nodePool !== p.nodePool) return false;
  if (p.node !== undefined && r.node !== p.node) return false;
  if (p.zone !== undefined && r.zone !== p.zone) return false;
  return p.capacityType === undefined || r.capacityType === p.capacityType;
}

function describePlacement(p: PodPlacement): string {
  const parts = [
    p.node === undefined ? undefined : `on node "${p.node}"`,
    p.nodePool === undefined ? undefined : `on NodePool "${p.nodePool}"`,
    p.zone === undefined ? undefined : `in zone ${p.zone}`,
    p.capacityType === undefined ? undefined : `on ${p.capacityType} capacity`,
  ].filter((x) => x !== undefined);
  return parts.length === 0 ? 'anywhere' : parts.join(', ');
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

function describePod(r: PodResult, result: SimulationResult): string {
  if (r.ignored) return `ignored by Karpenter: ${r.reason ?? ''}`;
  if (r.bound) return `is bound to node "${r.node}" (spec.nodeName): it is cluster state, not provisioned for`;
  if (!r.schedulable) return `${stayPending(result, true)}: ${r.reason ?? ''}`;
  const at = `${r.round === undefined ? '' : `round ${r.round}, `}zone ${r.zone ?? 'any'}, capacity type ${r.capacityType ?? 'any'}`;
  if (r.node !== undefined) return `lands on existing node "${r.node}" (${at})`;
  return `lands on NodeClaim ${r.nodeClaim} of NodePool "${r.nodePool}" (${at}; ${list(r.instanceTypes)})`;
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
