// Which NodeClaims the disruption controller can take as candidates (kubernetes-sigs/karpenter v1.14.1):
// ValidateNodeDisruptable (pkg/controllers/state/statenode.go:212-237: the Node's do-not-disrupt), ValidatePodsDisruptable
// (statenode.go:244-263: a pod's do-not-disrupt, PodDisruptionBudgets via pkg/utils/pdb/pdb.go:66-118), with the
// exception of NewCandidate (pkg/controllers/disruption/types.go:188-197: a NodeClaim with terminationGracePeriod
// ignores pod-level blocks for drift), and the node counts of BuildDisruptionBudgetMapping (helpers.go:262-313).
import { isPlainObject, isString } from '../json';
import { parseLabelSelector, selects, LabelSelector } from '../sim/selectors';
import type { PoolNodeCounts } from './budgets';
import { parseGoDuration } from './go-duration';
import { annotationOf, conditionOf, conditionTrue, deleting, field, Json, labelOf, labelRecord, nameOf, obj } from './read';

const DO_NOT_DISRUPT = 'karpenter.sh/do-not-disrupt';

interface Pdb {
  readonly name: string;
  readonly selector: LabelSelector;
  readonly disruptionsAllowed: number;
  readonly alwaysAllowUnhealthy: boolean;
}

/** The running cluster, indexed once: Nodes by name, bound pods by node, PDBs by namespace. */
export class ClusterIndex {
  private readonly nodes = new Map<string, Json>();
  private readonly podsByNode = new Map<string, Json[]>();
  private readonly pdbs = new Map<string, Pdb[]>();

  constructor(nodes: readonly unknown[], pods: readonly unknown[], pdbs: readonly unknown[]) {
    for (const n of nodes) if (isPlainObject(n) && nameOf(n) !== '' && !this.nodes.has(nameOf(n))) this.nodes.set(nameOf(n), n);
    for (const p of pods) {
      const node = field(obj(p, 'spec'), 'nodeName');
      if (!isPlainObject(p) || !isString(node) || node === '') continue;
      const list = this.podsByNode.get(node);
      if (list) list.push(p);
      else this.podsByNode.set(node, [p]);
    }
    for (const b of pdbs) {
      if (!isPlainObject(b)) continue;
      const ns = field(obj(b, 'metadata'), 'namespace');
      const namespace = isString(ns) && ns !== '' ? ns : 'default';
      const allowed = field(obj(b, 'status'), 'disruptionsAllowed');
      const pdb: Pdb = {
        name: `${namespace}/${nameOf(b)}`,
        selector: parseLabelSelector(field(obj(b, 'spec'), 'selector')).selector,
        disruptionsAllowed: typeof allowed === 'number' ? allowed : 0,
        alwaysAllowUnhealthy: field(obj(b, 'spec'), 'unhealthyPodEvictionPolicy') === 'AlwaysAllow',
      };
      const list = this.pdbs.get(namespace);
      if (list) list.push(pdb);
      else this.pdbs.set(namespace, [pdb]);
    }
  }

  /** The Node of a NodeClaim (status.nodeName), if the input has it. */
  public nodeOf(claim: unknown): Json | undefined {
    const name = field(obj(claim, 'status'), 'nodeName');
    return isString(name) ? this.nodes.get(name) : undefined;
  }

  public podsOn(node: string): readonly Json[] {
    return this.podsByNode.get(node) ?? [];
  }

  public pdbsFor(pod: Json): readonly Pdb[] {
    const ns = field(obj(pod, 'metadata'), 'namespace');
    const list = this.pdbs.get(isString(ns) && ns !== '' ? ns : 'default') ?? [];
    if (list.length === 0) return list;
    const labels = labelRecord(pod);
    return list.filter((b) => selects(b.selector, labels));
  }
}

function podName(pod: Json): string {
  const ns = field(obj(pod, 'metadata'), 'namespace');
  return `${isString(ns) && ns !== '' ? ns : 'default'}/${nameOf(pod)}`;
}

/** Not Succeeded or Failed, and not terminating (pkg/utils/pod/scheduling.go IsActive). */
function isActive(pod: Json): boolean {
  const phase = field(obj(pod, 'status'), 'phase');
  return phase !== 'Succeeded' && phase !== 'Failed' && !deleting(pod);
}

/** `karpenter.sh/do-not-disrupt: "true"`, or a duration the pod has not yet run for (IsDoNotDisruptActive). */
function doNotDisrupt(pod: Json, at: Date): boolean {
  const v = annotationOf(pod, DO_NOT_DISRUPT);
  if (v === undefined) return false;
  if (v === 'true') return true;
  const ns = parseGoDuration(v);
  if (ns === undefined || ns <= 0n) return false;
  const start = field(obj(pod, 'status'), 'startTime');
  const started = isString(start) ? Date.parse(start) : NaN;
  if (Number.isNaN(started)) return true;
  return at.getTime() - started < Number(ns / 1_000_000n);
}

/** Tolerates `karpenter.sh/disrupted:NoSchedule`, or is a static pod: eviction skips it (IsEvictable). */
function skipsEviction(pod: Json): boolean {
  const owners = field(obj(pod, 'metadata'), 'ownerReferences');
  if (Array.isArray(owners) && owners.some((o) => isPlainObject(o) && o.kind === 'Node' && o.apiVersion === 'v1')) return true;
  const tolerations = field(obj(pod, 'spec'), 'tolerations');
  if (!Array.isArray(tolerations)) return false;
  return tolerations.some((t) => {
    if (!isPlainObject(t)) return false;
    const effectOk = t.effect === undefined || t.effect === '' || t.effect === 'NoSchedule';
    const exists = t.operator === 'Exists';
    const keyOk = t.key === undefined || t.key === '' ? exists : t.key === 'karpenter.sh/disrupted' && (exists || (t.value ?? '') === '');
    return effectOk && keyOk;
  });
}

function unhealthy(pod: Json): boolean {
  const c = conditionOf(pod, 'Ready');
  return c?.status === 'False';
}

/** Why a pod keeps the node from being disrupted, or undefined. */
function podBlock(pod: Json, cluster: ClusterIndex, at: Date): string | undefined {
  if (!isActive(pod)) return undefined;
  if (doNotDisrupt(pod, at)) return `pod ${podName(pod)} has ${DO_NOT_DISRUPT}`;
  if (skipsEviction(pod)) return undefined;
  const pdbs = cluster.pdbsFor(pod);
  if (pdbs.length > 1) {
    const names = pdbs.map((b) => b.name).join(', ');
    return `pod ${podName(pod)} is selected by ${pdbs.length} PodDisruptionBudgets (${names}), which eviction does not support`;
  }
  const [pdb] = pdbs;
  if (pdb && pdb.disruptionsAllowed === 0 && !(pdb.alwaysAllowUnhealthy && unhealthy(pod))) {
    return `PodDisruptionBudget ${pdb.name} allows 0 disruptions of pod ${podName(pod)}`;
  }
  return undefined;
}

/** Why the disruption controller cannot take this NodeClaim as a drift candidate now, or undefined. */
export function candidateBlock(claim: unknown, cluster: ClusterIndex, at: Date): string | undefined {
  const node = cluster.nodeOf(claim);
  if (node === undefined) return undefined;
  if (annotationOf(node, DO_NOT_DISRUPT) === 'true') return `Node ${nameOf(node)} has ${DO_NOT_DISRUPT}: "true"`;
  // An eventual disruption: pod-level blocks wait for terminationGracePeriod instead.
  const tgp = field(obj(claim, 'spec'), 'terminationGracePeriod');
  if (tgp !== undefined && tgp !== null) return undefined;
  for (const pod of cluster.podsOn(nameOf(node))) {
    const why = podBlock(pod, cluster, at);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Initialized and not terminating: counted toward the pool's total; NotReady or deleting: consuming its budget. */
export function countNodes(claims: readonly unknown[], cluster: ClusterIndex): PoolNodeCounts {
  let nodes = 0;
  let disrupting = 0;
  for (const claim of claims) {
    const node = cluster.nodeOf(claim);
    const initialized = conditionTrue(claim, 'Initialized') || (node !== undefined && labelOf(node, 'karpenter.sh/initialized') === 'true');
    if (!initialized || conditionTrue(claim, 'InstanceTerminating')) continue;
    nodes++;
    const ready = node !== undefined && conditionTrue(node, 'Ready');
    if (!ready || deleting(claim) || (node !== undefined && deleting(node))) disrupting++;
  }
  return { nodes, disrupting };
}
