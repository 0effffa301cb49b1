// `previewDrift`: what a change to NodePools and EC2NodeClasses does to the running nodes, decided as Karpenter
// 1.14.1 decides drift (../shared/reference/karpenter-drift-semantics.md has the rules with their upstream lines).
// Without NodeClaims it judges from the manifests (every node, some, none, or AWS decides); with a running
// cluster on the before side it judges each NodeClaim and counts them.
import { isPlainObject, isString } from '../json';
import { driftPaceOf } from './budgets';
import { candidateBlock, ClusterIndex, countNodes } from './disruptable';
import { classHashOf, nodeClassChanges } from './ec2nodeclass-drift';
import { judgeNodeClaim, NODECLASS_HASH, NODECLASS_HASH_VERSION_KEY, NODEPOOL_HASH } from './nodeclaim-drift';
import { EC2NODECLASS_HASH_VERSION } from './ec2nodeclass-hash';
import { hashOf, nodePoolChanges } from './nodepool-drift';
import { annotationsOf, field, labelOf, nameOf, obj } from './read';
import { poolRequirements } from './requirements-drift';
import type {
  DriftInput,
  DriftIssue,
  DriftPreview,
  DriftReason,
  DriftVerdict,
  Ec2NodeClassDrift,
  NodeClaimDrift,
  NodePoolDrift,
} from './drift-types';

/** Objects of one kind on one side, by name; a nameless or repeated one is an issue and left out. */
function byName(list: readonly unknown[] | undefined, kind: string, side: string, issues: DriftIssue[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  (list ?? []).forEach((o, i) => {
    const name = nameOf(o);
    if (!isPlainObject(o) || name === '') {
      issues.push({
        object: `${kind}[${i}]`,
        field: 'metadata.name',
        code: 'DriftInvalidObject',
        message: `${side}: a ${kind} needs a name; it is left out`,
      });
    } else if (out.has(name)) {
      issues.push({
        object: `${kind}/${name}`,
        field: 'metadata.name',
        code: 'DriftDuplicateName',
        message: `${side}: appears twice; the first one is used`,
      });
    } else out.set(name, o);
  });
  return out;
}

/** XOR of decimal uint64 strings: the live annotation with the CA term carried over to the new spec. */
function xorHashes(...hashes: string[]): string {
  return hashes.reduce((acc, h) => acc ^ BigInt(h), 0n).toString();
}

const RANK: Readonly<Record<DriftVerdict, number>> = { none: 0, unknown: 1, some: 2, all: 3 };
function worst(a: DriftVerdict, b: DriftVerdict): DriftVerdict {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The verdict the reasons give from the manifests alone. */
function manifestVerdict(reasons: readonly DriftReason[]): DriftVerdict {
  let v: DriftVerdict = 'none';
  for (const r of reasons) {
    if (r.kind === 'Static' || r.kind === 'NodeClass') v = worst(v, 'all');
    else if (r.kind === 'Requirements') v = worst(v, r.message.includes('every node') ? 'all' : 'some');
    else if (r.kind === 'Dynamic') v = worst(v, 'unknown');
  }
  return v;
}

/** The verdict from judged NodeClaims: all, some or none of them, unknown when some cannot be decided. */
function countedVerdict(claims: readonly NodeClaimDrift[]): DriftVerdict {
  const drifted = claims.filter((c) => c.drifted === true).length;
  if (drifted > 0) return drifted === claims.length ? 'all' : 'some';
  return claims.some((c) => c.drifted === 'unknown') ? 'unknown' : 'none';
}

interface ClassJudged {
  readonly result: Ec2NodeClassDrift;
  readonly predicted?: string;
  readonly changed?: boolean;
  readonly dynamic: boolean;
}

function judgeClass(name: string, before: unknown, after: unknown, pools: string[], issues: DriftIssue[]): ClassJudged {
  const object = `EC2NodeClass/${name}`;
  const own: DriftIssue[] = [];
  if (before === undefined || after === undefined) {
    const added = before === undefined;
    own.push({
      object,
      field: '',
      code: added ? 'DriftNodeClassAdded' : 'DriftNodeClassRemoved',
      message: added
        ? 'only on the new side: it replaces no node by itself'
        : 'only on the old side: NodePools that still use it cannot launch nodes',
    });
    issues.push(...own);
    const result = {
      name,
      drift: 'none' as const,
      change: added ? ('added' as const) : ('removed' as const),
      reasons: [],
      hash: {},
      nodePools: pools,
      issues: own,
    };
    return { result, dynamic: false };
  }
  const hb = classHashOf(before, object, own, 'old side');
  const ha = classHashOf(after, object, own, 'new side');
  const reasons = nodeClassChanges(before, after, hb);
  // The live annotation carries the cluster's CA term: annotation XOR H(spec before) XOR H(spec after) is the new hash.
  const ann = annotationsOf(before);
  const live = ann.get(NODECLASS_HASH);
  const exact = live !== undefined && ann.get(NODECLASS_HASH_VERSION_KEY) === EC2NODECLASS_HASH_VERSION && hb !== undefined && ha !== undefined;
  const predicted = exact && /^\d+$/.test(live) ? xorHashes(live, hb, ha) : undefined;
  const changed = hb === undefined || ha === undefined ? undefined : hb !== ha;
  let drift = manifestVerdict(reasons);
  if (changed === undefined) drift = 'unknown';
  issues.push(...own);
  const hash = { ...((predicted ?? ha) ? { after: predicted ?? ha } : {}), ...((live ?? hb) ? { before: live ?? hb } : {}) };
  return {
    result: { name, drift, change: 'changed', reasons, hash, nodePools: pools, issues: own },
    ...(predicted ? { predicted } : {}),
    ...(changed !== undefined ? { changed } : {}),
    dynamic: reasons.some((r) => r.kind === 'Dynamic'),
  };
}

function classRefName(nodePool: unknown): string | undefined {
  const ref = field(obj(obj(obj(nodePool, 'spec'), 'template'), 'spec'), 'nodeClassRef');
  const name = field(ref, 'name');
  return isString(name) ? name : undefined;
}

/**
 * What applying `after` over `before` does to the running nodes, per NodePool and per EC2NodeClass, as Karpenter
 * 1.14.1 decides drift. Never throws for bad input: each problem is an issue on its object, and the rest is judged.
 */
export function previewDrift(input: DriftInput): DriftPreview {
  const at = input.at ?? new Date();
  const issues: DriftIssue[] = [];
  const poolsBefore = byName(input.before.nodePools, 'NodePool', 'old side', issues);
  const poolsAfter = byName(input.after.nodePools, 'NodePool', 'new side', issues);
  const classesBefore = byName(input.before.ec2NodeClasses, 'EC2NodeClass', 'old side', issues);
  const classesAfter = byName(input.after.ec2NodeClasses, 'EC2NodeClass', 'new side', issues);
  const classNames = [...new Set([...classesBefore.keys(), ...classesAfter.keys()])].sort();
  const classes = new Map<string, ClassJudged>();
  for (const name of classNames) {
    const users = [...poolsAfter].filter(([, p]) => classRefName(p) === name).map(([n]) => n);
    classes.set(name, judgeClass(name, classesBefore.get(name), classesAfter.get(name), users, []));
  }
  const cluster = input.before.nodeClaims === undefined ? undefined : indexCluster(input, issues);
  const poolNames = [...new Set([...poolsBefore.keys(), ...poolsAfter.keys()])].sort();
  const classCounts = new Map<string, ClassCount>();
  const nodePools = poolNames.map((name) => judgePool(name, poolsBefore.get(name), poolsAfter.get(name), { classes, classCounts, cluster, at }));
  const ec2NodeClasses = classNames.map((name) =>
    classVerdict(classes.get(name)!, cluster === undefined ? undefined : classCount(classCounts, name)),
  );
  for (const [pool, claims] of cluster?.claimsByPool ?? []) {
    if (poolsBefore.has(pool) || poolsAfter.has(pool)) continue;
    issues.push({
      object: `NodePool/${pool}`,
      field: '',
      code: 'DriftNodeClaimsWithoutNodePool',
      message: `${claims.length} NodeClaim(s) name this NodePool, which neither side has: they are not judged`,
    });
  }
  return { nodePools, ec2NodeClasses, issues, at: at.toISOString() };
}

interface ClusterView {
  readonly index: ClusterIndex;
  readonly claimsByPool: Map<string, unknown[]>;
}

function indexCluster(input: DriftInput, issues: DriftIssue[]): ClusterView {
  const claimsByPool = new Map<string, unknown[]>();
  (input.before.nodeClaims ?? []).forEach((c, i) => {
    const pool = labelOf(c, 'karpenter.sh/nodepool');
    if (!isPlainObject(c) || nameOf(c) === '' || pool === undefined) {
      issues.push({
        object: nameOf(c) !== '' ? `NodeClaim/${nameOf(c)}` : `nodeClaims[${i}]`,
        field: 'metadata',
        code: 'DriftInvalidObject',
        message: 'a NodeClaim needs a name and the karpenter.sh/nodepool label; it is left out',
      });
      return;
    }
    const list = claimsByPool.get(pool);
    if (list) list.push(c);
    else claimsByPool.set(pool, [c]);
  });
  const index = new ClusterIndex(input.before.nodes ?? [], input.before.pods ?? [], input.before.podDisruptionBudgets ?? []);
  return { index, claimsByPool };
}

/** Per EC2NodeClass: the launched NodeClaims of its pools, and those its hash drifts. */
interface ClassCount {
  total: number;
  drifted: number;
  unknown: number;
}

function classCount(counts: Map<string, ClassCount>, name: string): ClassCount {
  let c = counts.get(name);
  if (c === undefined) counts.set(name, (c = { total: 0, drifted: 0, unknown: 0 }));
  return c;
}

interface PoolContext {
  readonly classes: ReadonlyMap<string, ClassJudged>;
  readonly classCounts: Map<string, ClassCount>;
  readonly cluster?: ClusterView;
  readonly at: Date;
}

function onlyOneSide(name: string, before: unknown, ctx: PoolContext): NodePoolDrift {
  const object = `NodePool/${name}`;
  const added = before === undefined;
  const count = ctx.cluster?.claimsByPool.get(name)?.length;
  const issue: DriftIssue = added
    ? { object, field: '', code: 'DriftNodePoolAdded', message: 'only on the new side: a new NodePool replaces no node' }
    : {
        object,
        field: '',
        code: 'DriftNodePoolRemoved',
        message:
          'only on the old side: deleting a NodePool deletes its NodeClaims (owner references), so its nodes are drained and ' +
          'terminated without disruption budgets',
      };
  return {
    name,
    drift: added || count === 0 ? 'none' : 'all',
    change: added ? 'added' : 'removed',
    reasons: [],
    hash: {},
    ...(count !== undefined ? { nodeClaims: [] } : {}),
    issues: [issue],
  };
}

function judgePool(name: string, before: unknown, after: unknown, ctx: PoolContext): NodePoolDrift {
  if (before === undefined || after === undefined) return onlyOneSide(name, before, ctx);
  const object = `NodePool/${name}`;
  const issues: DriftIssue[] = [];
  const hb = hashOf(before, object, issues, 'old side');
  const ha = hashOf(after, object, issues, 'new side');
  const live = annotationsOf(before).get(NODEPOOL_HASH);
  const reasons = nodePoolChanges(before, after, { before: hb, after: ha }, object);
  const className = classRefName(after);
  const cls = className === undefined ? undefined : ctx.classes.get(className);
  if (className !== undefined && (cls === undefined || cls.result.change === 'removed')) {
    issues.push({
      object,
      field: 'spec.template.spec.nodeClassRef.name',
      code: 'DriftMissingNodeClass',
      message: `names EC2NodeClass ${JSON.stringify(className)}, which the new side does not have: its node class changes are not judged`,
    });
  }
  for (const r of cls?.result.change === 'changed' ? cls.result.reasons : []) {
    if (r.kind !== 'None') reasons.push({ ...r, field: `EC2NodeClass/${className} ${r.field}` });
  }
  let drift = manifestVerdict(reasons);
  if (ha === undefined || hb === undefined || cls?.result.drift === 'unknown') drift = worst(drift, 'unknown');
  const claims = ctx.cluster?.claimsByPool.get(name) ?? [];
  let nodeClaims: NodeClaimDrift[] | undefined;
  if (ctx.cluster) {
    const judge = {
      ...(ha ? { poolHash: ha } : {}),
      requirements: poolRequirements(field(obj(obj(obj(after, 'spec'), 'template'), 'spec'), 'requirements'), object, issues),
      ...(cls?.predicted ? { classHash: cls.predicted } : {}),
      ...(cls?.changed !== undefined ? { classChanged: cls.changed } : {}),
      classDynamic: cls?.dynamic ?? false,
    };
    const index = ctx.cluster.index;
    const tally = className === undefined ? undefined : classCount(ctx.classCounts, className);
    nodeClaims = claims.map((c) => {
      const { claim: judged, classDrift } = judgeNodeClaim(c, judge, issues);
      if (tally && judged.detail?.startsWith('not launched') !== true) {
        tally.total++;
        if (classDrift === true) tally.drifted++;
        else if (classDrift === 'unknown') tally.unknown++;
      }
      const blocked = judged.drifted === false ? undefined : candidateBlock(c, index, ctx.at);
      return blocked ? { ...judged, blocked } : judged;
    });
    drift = countedVerdict(nodeClaims);
  }
  const counts = ctx.cluster ? countNodes(claims, ctx.cluster.index) : undefined;
  const pace = driftPaceOf(field(obj(obj(after, 'spec'), 'disruption'), 'budgets'), ctx.at, counts, issues, object);
  const hash = { ...(ha ? { after: ha } : {}), ...((live ?? hb) ? { before: live ?? hb } : {}) };
  return {
    name,
    drift,
    change: 'changed',
    reasons,
    hash,
    ...(className ? { nodeClass: className } : {}),
    ...(nodeClaims ? { nodeClaims } : {}),
    pace,
    issues,
  };
}

/** A class's verdict; with a cluster, counted over the launched NodeClaims of the pools that use it. */
function classVerdict(judged: ClassJudged, counts: ClassCount | undefined): Ec2NodeClassDrift {
  if (counts === undefined || judged.result.change !== 'changed') return judged.result;
  let drift: DriftVerdict = counts.drifted === 0 ? 'none' : counts.drifted === counts.total ? 'all' : 'some';
  if (drift === 'none' && (counts.unknown > 0 || judged.dynamic || judged.changed === undefined)) drift = 'unknown';
  return { ...judged.result, drift };
}
