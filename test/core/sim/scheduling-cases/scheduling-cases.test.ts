// Runs the scheduling case table (translated from Karpenter's own tests) through the simulator, and checks
// each case's source: when KARPENTER_CORE_GIT_DIR names a kubernetes-sigs/karpenter clone, its `It` title must be at the
// cited line of the cited file at v1.14.1.
import { execFileSync } from 'child_process';
import { InstanceType, loadInstanceTypeCatalog, PodResult, SimulationResult, simulateProvisioning } from '../../../../lib/core/sim';
import { AFFINITY_CASES } from './cases-affinity';
import { EXISTING_CASES } from './cases-existing';
import { REQUIREMENT_CASES } from './cases-requirements';
import { RESOURCE_CASES } from './cases-resources';
import { TOPOLOGY_CASES } from './cases-topology';
import {
  HOSTNAME,
  LabelSelector,
  Manifest,
  nodeClass,
  nodePool,
  PodExpectation,
  SchedulingCase,
  SkewExpectation,
  TypesExpectation,
} from './fixtures';

/** The cases of issue #22 (topology, affinity, the running cluster). */
const ISSUE_22_CASES: readonly SchedulingCase[] = [...TOPOLOGY_CASES, ...AFFINITY_CASES, ...EXISTING_CASES];
const CASES: readonly SchedulingCase[] = [...REQUIREMENT_CASES, ...RESOURCE_CASES, ...ISSUE_22_CASES];
const UPSTREAM_TAG = 'v1.14.1';

/**
 * Cases where the engine and upstream disagree: each runs as `test.failing`, so the suite stays green and
 * the case starts failing (asking to be moved back) the day the engine is fixed. Reported to sim-core.
 */
const FINDINGS: Readonly<Record<string, string>> = {};

// The result fields of issue #22 (sim-contract.md), read loosely so that the table runs before and after they exist.
interface PodOut extends PodResult {
  readonly bound?: boolean;
  readonly node?: string;
  readonly zone?: string;
  readonly capacityType?: string;
}
interface ClaimOut {
  readonly name: string;
  readonly nodePool: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly instanceTypes: readonly string[];
  readonly pods: readonly string[];
}
interface Result extends SimulationResult {
  readonly pods: readonly PodOut[];
  readonly nodeClaims: readonly ClaimOut[];
}

function simulate(c: SchedulingCase): Result {
  const input = {
    nodePools: c.nodePools ?? [nodePool('default')],
    nodeClasses: c.nodeClasses ?? [nodeClass('default')],
    pods: c.pods,
    daemonSets: c.daemonSets,
    zones: c.zones,
    ...(c.nodes ? { nodes: c.nodes } : {}),
    ...(c.nodeClaims ? { nodeClaims: c.nodeClaims } : {}),
    ...(c.namespaces ? { namespaces: c.namespaces } : {}),
  };
  return simulateProvisioning(input as Parameters<typeof simulateProvisioning>[0]) as Result;
}

const meta = (m: Manifest): Record<string, unknown> => (m.metadata ?? {}) as Record<string, unknown>;
const labelsOf = (m: Manifest): Record<string, string> => (meta(m).labels ?? {}) as Record<string, string>;
const specOf = (m: Manifest): Record<string, unknown> => (m.spec ?? {}) as Record<string, unknown>;

function selects(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (selector === undefined) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const inValues = has && (e.values ?? []).includes(labels[e.key]);
    if (e.operator === 'In' && !inValues) return false;
    if (e.operator === 'NotIn' && inValues) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** Where each pod is, by its topology domains: the existing node it is on, or its new NodeClaim. */
class Placement {
  private readonly nodes = new Map<string, Manifest>();
  private readonly claims = new Map<string, ClaimOut>();
  private readonly podManifests = new Map<string, Manifest>();
  constructor(
    c: SchedulingCase,
    private readonly result: Result,
  ) {
    for (const n of [...(c.nodes ?? []), ...(c.nodeClaims ?? [])]) this.nodes.set(String(meta(n).name), n);
    for (const claim of result.nodeClaims ?? []) this.claims.set(claim.name, claim);
    for (const p of c.pods) if (p.kind === 'Pod') this.podManifests.set(String(meta(p).name), p);
  }

  pod(name: string): PodOut | undefined {
    return this.result.pods.find((r) => r.name === name);
  }

  /** The existing node a pod is on: the result's `node`, else (a bound pod the result leaves out) its spec.nodeName. */
  existingNode(name: string): string | undefined {
    const p = this.pod(name);
    if (p?.node !== undefined) return p.node;
    if (p?.nodeClaim !== undefined) return undefined;
    const m = this.podManifests.get(name);
    return m ? (specOf(m).nodeName as string | undefined) : undefined;
  }

  /** A node or NodeClaim id (`node:<name>` / `claim:<name>`), undefined when the pod is nowhere. */
  host(name: string): string | undefined {
    const n = this.existingNode(name);
    if (n !== undefined) return `node:${n}`;
    const claim = this.pod(name)?.nodeClaim;
    return claim !== undefined && this.pod(name)?.schedulable ? `claim:${claim}` : undefined;
  }

  hostLabels(name: string): Readonly<Record<string, string>> | undefined {
    const n = this.existingNode(name);
    if (n !== undefined) {
      const m = this.nodes.get(n);
      return m ? labelsOf(m) : undefined;
    }
    const claim = this.pod(name)?.nodeClaim;
    return claim !== undefined ? this.claims.get(claim)?.labels : undefined;
  }

  /** The pod's domain for `key`; for a NodeClaim that leaves `key` open, `?<claim>` (one launch-time domain per claim). */
  domain(name: string, key: string): string | undefined {
    const host = this.host(name);
    if (host === undefined) return undefined;
    const n = this.existingNode(name);
    if (key === HOSTNAME) {
      if (n === undefined) return host;
      const labels = this.nodes.has(n) ? labelsOf(this.nodes.get(n) as Manifest) : {};
      return labels[HOSTNAME] ?? n;
    }
    const value = this.hostLabels(name)?.[key];
    if (value !== undefined) return value;
    return n === undefined ? `?${host}` : undefined;
  }

  /** Upstream's ExpectSkew map. */
  skew(e: SkewExpectation): Map<string, number> {
    const counts = new Map<string, number>();
    const ns = e.namespace ?? 'default';
    for (const m of this.podManifests.values()) {
      const md = meta(m);
      if (ns !== '' && (md.namespace ?? 'default') !== ns) continue;
      if (!selects(e.selector, labelsOf(m))) continue;
      const phase = ((m.status ?? {}) as Record<string, unknown>).phase;
      if (phase === 'Succeeded' || phase === 'Failed' || md.deletionTimestamp !== undefined) continue;
      const d = this.domain(String(md.name), e.key);
      if (d !== undefined) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    return counts;
  }
}

function skewProblems(p: Placement, e: SkewExpectation): string[] {
  const counts = p.skew(e);
  const shown = `${e.key}: {${[...counts].map(([d, n]) => `${d}: ${n}`).join(', ')}}`;
  const values = [...counts.values()];
  const out: string[] = [];
  const open = [...counts.keys()].filter((d) => d.startsWith('?'));
  if (open.length > 0 && !e.openDomains) out.push(`skew ${shown}: pods on NodeClaims that leave ${e.key} open (${open.join(', ')})`);
  if (e.counts && [...e.counts].sort().join() !== [...values].sort().join()) out.push(`skew ${shown}: expected counts [${e.counts.join(', ')}]`);
  if (e.atMost !== undefined && values.some((v) => v > e.atMost!)) out.push(`skew ${shown}: expected no domain over ${e.atMost}`);
  if (e.maxSkew !== undefined && values.length > 0 && Math.max(...values) - Math.min(...values) > e.maxSkew) {
    out.push(`skew ${shown}: expected a skew of at most ${e.maxSkew}`);
  }
  return out;
}

function typesProblems(names: readonly string[], e: TypesExpectation, what: string): string[] {
  const catalog = loadInstanceTypeCatalog();
  const types = names.map((n) => catalog.get(n)).filter((t): t is InstanceType => t !== undefined);
  const out: string[] = [];
  const unknown = names.filter((n) => catalog.get(n) === undefined);
  if (unknown.length > 0) out.push(`${what}: not in the catalog: ${unknown.join(', ')}`);
  const sample = (ts: readonly InstanceType[]) =>
    ts
      .slice(0, 5)
      .map((t) => t.name)
      .join(', ') + (ts.length > 5 ? ', ...' : '');
  for (const p of e.every ?? []) {
    const bad = types.filter((t) => !p.test(t));
    if (bad.length > 0) out.push(`${what}: every option should have ${p.description}; ${bad.length} do not: ${sample(bad)}`);
  }
  for (const p of e.some ?? []) if (!types.some((t) => p.test(t))) out.push(`${what}: no option has ${p.description}`);
  for (const p of e.none ?? []) {
    const bad = types.filter((t) => p.test(t));
    if (bad.length > 0) out.push(`${what}: no option should have ${p.description}; ${bad.length} do: ${sample(bad)}`);
  }
  const missing = (e.include ?? []).filter((n) => !names.includes(n));
  if (missing.length > 0) out.push(`${what}: should include ${missing.join(', ')}`);
  const extra = (e.exclude ?? []).filter((n) => names.includes(n));
  if (extra.length > 0) out.push(`${what}: should not include ${extra.join(', ')}`);
  if (e.only && [...e.only].sort().join() !== [...names].sort().join()) {
    out.push(`${what}: should be exactly [${[...e.only].sort().join(', ')}], got [${sample(types)}] (${names.length})`);
  }
  if (e.atLeast !== undefined && names.length < e.atLeast) out.push(`${what}: should have at least ${e.atLeast} options, got ${names.length}`);
  return out;
}

function matches(text: string | undefined, expected: string | RegExp): boolean {
  return text !== undefined && (typeof expected === 'string' ? text.includes(expected) : expected.test(text));
}

function describePod(p: PodOut): string {
  const where =
    p.node !== undefined ? `node ${p.node}${p.bound ? ' (bound)' : ''}` : `${p.nodePool} ${p.nodeClaim} (${p.instanceTypes.length} types)`;
  const verdict = p.ignored ? 'ignored' : p.schedulable ? `on ${where}` : 'not schedulable';
  return `${verdict}${p.reason ? `: ${p.reason}` : ''}`;
}

function issue22PodProblems(pl: Placement, name: string, p: PodOut, e: PodExpectation, got: string): string[] {
  const out: string[] = [];
  if (e.node !== undefined && pl.existingNode(name) !== e.node) out.push(`pod ${name}: expected on node ${e.node}, got ${got}`);
  if (e.onNewNodeClaim !== undefined && (p.schedulable && p.node === undefined && p.nodeClaim !== undefined) !== e.onNewNodeClaim) {
    out.push(`pod ${name}: expected ${e.onNewNodeClaim ? '' : 'not '}on a new NodeClaim, got ${got}`);
  }
  if (e.bound !== undefined && (p.bound ?? false) !== e.bound) out.push(`pod ${name}: expected bound=${e.bound}, got ${got}`);
  if (e.zone !== undefined && p.zone !== e.zone) out.push(`pod ${name}: expected zone ${e.zone}, got ${p.zone} (${got})`);
  if (e.capacityType !== undefined && p.capacityType !== e.capacityType) {
    out.push(`pod ${name}: expected capacity type ${e.capacityType}, got ${p.capacityType} (${got})`);
  }
  const labels = pl.hostLabels(name) ?? {};
  for (const [k, v] of Object.entries(e.labels ?? {}))
    if (labels[k] !== v) out.push(`pod ${name}: expected label ${k}=${v}, got ${labels[k]} (${got})`);
  const nm = (p as { notModelled?: readonly string[] }).notModelled ?? [];
  if (e.notModelled !== undefined && !nm.some((t) => matches(t, e.notModelled as string | RegExp))) {
    out.push(`pod ${name}: expected notModelled to say ${String(e.notModelled)}, got [${nm.join('; ')}]`);
  }
  for (const [k, v] of Object.entries(e.notLabels ?? {})) if (labels[k] === v) out.push(`pod ${name}: expected no label ${k}=${v} (${got})`);
  const host = pl.host(name);
  if (e.sameNodeAs !== undefined && (host === undefined || host !== pl.host(e.sameNodeAs))) {
    out.push(`pod ${name}: expected the node of ${e.sameNodeAs} (${pl.host(e.sameNodeAs)}), got ${host}`);
  }
  if (e.otherNodeThan !== undefined && (host === undefined || host === pl.host(e.otherNodeThan))) {
    out.push(`pod ${name}: expected another node than ${e.otherNodeThan}'s, got ${host}`);
  }
  for (const [d, same] of [
    [e.sameDomainAs, true],
    [e.otherDomainThan, false],
  ] as const) {
    if (d === undefined) continue;
    const mine = pl.domain(name, d.key);
    const theirs = pl.domain(d.pod, d.key);
    const ok = mine !== undefined && theirs !== undefined && !mine.startsWith('?') && !theirs.startsWith('?') && (mine === theirs) === same;
    if (!ok) out.push(`pod ${name}: expected ${same ? 'the same' : 'another'} ${d.key} as ${d.pod} (${theirs}), got ${mine}`);
  }
  return out;
}

/** Every way the simulation differs from the case's expectations (empty when it matches). */
function caseProblems(c: SchedulingCase, result: Result): string[] {
  const out: string[] = [];
  const placement = new Placement(c, result);
  for (const [name, e] of Object.entries(c.expectPods ?? {})) {
    const p = result.pods.find((r) => r.name === name);
    if (p === undefined) {
      out.push(`pod ${name}: missing from the result (pods: ${result.pods.map((r) => r.name).join(', ')})`);
      continue;
    }
    const got = describePod(p);
    if (e.schedulable !== undefined && p.schedulable !== e.schedulable) out.push(`pod ${name}: expected schedulable=${e.schedulable}, got ${got}`);
    if (e.ignored !== undefined && (p.ignored ?? false) !== e.ignored) out.push(`pod ${name}: expected ignored=${e.ignored}, got ${got}`);
    if (e.nodePool !== undefined && p.nodePool !== e.nodePool) out.push(`pod ${name}: expected NodePool ${e.nodePool}, got ${got}`);
    if (e.reason !== undefined && !matches(p.reason, e.reason)) out.push(`pod ${name}: expected a reason with ${String(e.reason)}, got ${got}`);
    if (e.instanceTypes) out.push(...typesProblems(p.instanceTypes, e.instanceTypes, `pod ${name}`));
    const claimOf = (other: string) => result.pods.find((r) => r.name === other)?.nodeClaim;
    if (e.sameNodeClaimAs !== undefined && (p.nodeClaim === undefined || p.nodeClaim !== claimOf(e.sameNodeClaimAs))) {
      out.push(`pod ${name}: expected the NodeClaim of ${e.sameNodeClaimAs} (${claimOf(e.sameNodeClaimAs)}), got ${p.nodeClaim}`);
    }
    if (e.otherNodeClaimThan !== undefined && (p.nodeClaim === undefined || p.nodeClaim === claimOf(e.otherNodeClaimThan))) {
      out.push(`pod ${name}: expected another NodeClaim than ${e.otherNodeClaimThan}'s, got ${p.nodeClaim}`);
    }
    out.push(...issue22PodProblems(placement, name, p, e, got));
  }
  for (const e of c.expectSkew ?? []) out.push(...skewProblems(placement, e));
  if (c.expectNewNodeClaims !== undefined && (result.nodeClaims ?? []).length !== c.expectNewNodeClaims) {
    out.push(
      `expected ${c.expectNewNodeClaims} new NodeClaims, got ${(result.nodeClaims ?? []).map((n) => `${n.name} [${n.pods.join(' ')}]`).join(', ')}`,
    );
  }
  for (const [prefix, n] of Object.entries(c.expectSchedulable ?? {})) {
    const mine = result.pods.filter((r) => r.name.startsWith(prefix) && !r.bound);
    const got = mine.filter((r) => r.schedulable).length;
    if (got !== n) out.push(`expected ${n} of the ${mine.length} pods ${prefix}* schedulable, got ${got}`);
  }
  for (const [prefix, reason] of Object.entries(c.expectPendingReason ?? {})) {
    for (const r of result.pods.filter((x) => x.name.startsWith(prefix) && !x.bound && !x.schedulable && !matches(x.reason, reason))) {
      out.push(`pod ${r.name}: expected a reason with ${String(reason)}, got ${r.reason}`);
    }
  }
  for (const [name, e] of Object.entries(c.expectPools ?? {})) {
    const pool = result.nodePools.find((r) => r.name === name);
    if (pool === undefined) {
      out.push(`NodePool ${name}: missing from the result`);
      continue;
    }
    const n = pool.admittedInstanceTypes.length;
    if (e.admitsNothing === true && n > 0) out.push(`NodePool ${name}: expected to admit nothing, admits ${n}`);
    if (e.admitsNothing === false && n === 0) out.push(`NodePool ${name}: expected to admit types, admits none (${pool.reason})`);
    if (e.reason !== undefined && !matches(pool.reason, e.reason))
      out.push(`NodePool ${name}: expected a reason with ${String(e.reason)}, got ${pool.reason}`);
    if (e.admitted) out.push(...typesProblems(pool.admittedInstanceTypes, e.admitted, `NodePool ${name} admitted`));
  }
  return out;
}

test('the table holds at least 60 cases with unique ids, each naming its upstream test, and 80 of issue #22', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(60);
  expect(ISSUE_22_CASES.length).toBeGreaterThanOrEqual(80);
  expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length);
  for (const c of CASES) {
    expect({ id: c.id, file: c.source.file }).toEqual({ id: c.id, file: expect.stringMatching(/^pkg\/.+_test\.go$/) });
    expect({ id: c.id, line: c.source.line > 0, titles: c.source.titles.length >= 2 }).toEqual({ id: c.id, line: true, titles: true });
    const checks =
      c.unmodelled !== undefined ||
      Object.keys({ ...c.expectPods, ...c.expectPools, ...c.expectSchedulable, ...c.expectPendingReason }).length > 0 ||
      (c.expectSkew ?? []).length > 0 ||
      c.expectNewNodeClaims !== undefined;
    expect({ id: c.id, checks }).toEqual({
      id: c.id,
      checks: true,
    });
  }
  for (const id of Object.keys(FINDINGS)) expect(CASES.map((c) => c.id)).toContain(id);
});

/** A git directory (or clone) of kubernetes-sigs/karpenter, from KARPENTER_CORE_GIT_DIR. */
function upstreamGitDir(): string | undefined {
  return process.env.KARPENTER_CORE_GIT_DIR || undefined;
}

describe('each source is where the case says', () => {
  const gitDir = upstreamGitDir();
  if (gitDir === undefined) {
    console.warn('SKIPPED: case sources vs upstream: no kubernetes-sigs/karpenter clone found; set KARPENTER_CORE_GIT_DIR to check them');
    return;
  }
  const files = new Map<string, string[]>();
  const lines = (file: string): string[] => {
    if (!files.has(file)) {
      const text = execFileSync('git', ['--git-dir', gitDir, 'show', `${UPSTREAM_TAG}:${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      files.set(file, text.split('\n'));
    }
    return files.get(file) ?? [];
  };
  test.each(CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const line = lines(c.source.file)[c.source.line - 1] ?? '';
    const title = c.source.titles[c.source.titles.length - 1];
    expect(line).toContain(`It(${JSON.stringify(title)}`);
    const text = lines(c.source.file).join('\n');
    for (const outer of c.source.titles.slice(1, -1)) expect(text).toContain(`(${JSON.stringify(outer)}`);
  });
});

describe('the simulation agrees with upstream', () => {
  for (const c of CASES) {
    const finding = FINDINGS[c.id];
    const run = finding || c.pending ? test.failing : test;
    const note = finding ? ` [finding: ${finding}]` : c.pending ? ` [pending: ${c.pending}]` : '';
    const label = `${c.id} (${c.source.file.split('/').pop()}:${c.source.line})${note}`;
    run(label, () => {
      const result = simulate(c);
      if (c.unmodelled) {
        // Kept in the table: the engine must say it does not model this, rather than silently answer.
        expect(result.assumptions.filter((a) => c.unmodelled?.assumption.test(a))).not.toEqual([]);
        return;
      }
      expect(caseProblems(c, result)).toEqual([]);
    });
  }
});
