// The running cluster as the provisioner sees it (kubernetes-sigs/karpenter v1.14.1 state/statenode.go,
// state/cluster.go, scheduling/existingnode.go): Nodes and in-flight NodeClaims that can take pods, and
// the namespaces pod affinity terms select. Hostile input becomes an issue, never an exception.
import { WellKnownLabel } from '../model/labels';
import { isPlainObject, isString, show } from '../json';
import { NodePoolInput, NodeTaint, taintsOf as readTaints } from './inputs';
import { InputProblem, metaOf, Problems, readQuantities, stringMap } from './input-fields';
import { subtractAmounts } from '../shared/quantity';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';

type Json = Record<string, unknown>;

/** A Node or in-flight NodeClaim that pending pods may go to (an ExistingNode). */
export interface ClusterNode {
  /** The Node's name, or the NodeClaim's name for one without a Node. */
  readonly name: string;
  readonly hostname: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly NodeTaint[];
  readonly allocatable: Readonly<Record<string, number>>;
  /** Capacity with `nodes: 1`, what it takes of its NodePool's limits. */
  readonly capacity: Readonly<Record<string, number>>;
  /** The NodePool it belongs to (label karpenter.sh/nodepool). */
  readonly nodePool?: string;
  /** Unmanaged, or labelled karpenter.sh/initialized=true; candidates are tried initialized first. */
  readonly initialized: boolean;
  /** False for a NodeClaim without a Node. */
  readonly hasNode: boolean;
  /** Takes pods: not being deleted and with allocatable. */
  readonly active: boolean;
  readonly requirements: SchedulingRequirements;
}

export interface ClusterRead {
  readonly nodes: ClusterNode[];
  readonly problems: InputProblem[];
}

// Cluster objects come from the API server (kubectl), so their labels and taints are well-formed: read with the
// manifest readers, their findings not reported.
const labelsOf = (v: unknown): Record<string, string> => stringMap(v, '', new Problems(''));
const taintsOf = (v: unknown): NodeTaint[] => readTaints(v, '', new Problems(''));

/** A status map of quantities, read as the manifests' (`readQuantities`); undefined when it is not a map. */
function amountsOf(v: unknown, at: string, add: (field: string, message: string) => void): Record<string, number> | undefined {
  return readQuantities(v, (k, q) => add(`${at}.${k}`, `${show(q)} is not a Kubernetes quantity; it is left out`));
}

function unreadable(where: string): InputProblem {
  return { object: where, field: '', code: 'SimInvalidObject', message: 'could not be read (a value threw when read); it is left out', fatal: true };
}

/** Taints a node sheds once initialized, ignored while it is not (scheduling/taints.go:38-52). */
function ephemeral(t: NodeTaint): boolean {
  if (t.key === 'node.kubernetes.io/not-ready' && (t.effect === 'NoSchedule' || t.effect === 'NoExecute')) return true;
  if (t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoSchedule') return true;
  if (t.key === 'node.cloudprovider.kubernetes.io/uninitialized' && t.value === 'true' && t.effect === 'NoSchedule') return true;
  if (t.key === 'karpenter.sh/unregistered' && t.effect === 'NoExecute') return true;
  return t.key.startsWith('readiness.k8s.io/');
}

function sameTaint(a: NodeTaint, b: NodeTaint): boolean {
  return a.key === b.key && a.value === b.value && a.effect === b.effect;
}

function requirementsOf(labels: Readonly<Record<string, string>>, hostname: string): SchedulingRequirements {
  return SchedulingRequirements.fromLabels(labels).add(SchedulingRequirement.in(HOSTNAME_LABEL, hostname));
}

/**
 * Reads Nodes and NodeClaims into candidates; a NodeClaim whose status.nodeName names a given Node is that Node.
 * Candidates come initialized first, then by name (scheduler.go:845-858).
 */
export function readCluster(
  nodes: readonly unknown[],
  nodeClaims: readonly unknown[],
  nodePools: readonly Pick<NodePoolInput, 'name' | 'startupTaints'>[] = [],
): ClusterRead {
  // A Node without its NodeClaim in the input sheds its NodePool's startup taints (the claim's come from there).
  const poolStartup = new Map(nodePools.map((p) => [p.name, p.startupTaints]));
  const problems: InputProblem[] = [];
  const out: ClusterNode[] = [];
  const { claims, claimsByNode } = readNodeClaims(nodeClaims, problems);
  const names = new Set<string>();
  nodes.forEach((o, i) => {
    try {
      const node = readNode(o, i, { names, claimsByNode, poolStartup, problems });
      if (node) out.push(node);
    } catch {
      problems.push(unreadable(`nodes[${i}]`));
    }
  });
  for (const o of claims) {
    try {
      const node = readUnboundClaim(o, names, problems);
      if (node) out.push(node);
    } catch {
      problems.push(unreadable('a NodeClaim'));
    }
  }
  out.sort((a, b) => Number(b.initialized) - Number(a.initialized) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { nodes: out, problems };
}

/** The named NodeClaims, and those bound to a Node by status.nodeName. */
function readNodeClaims(nodeClaims: readonly unknown[], problems: InputProblem[]): { claims: Json[]; claimsByNode: Map<string, Json> } {
  const claimsByNode = new Map<string, Json>();
  const claims: Json[] = [];
  nodeClaims.forEach((o, i) => {
    try {
      const m = metaOf(o);
      const where = isString(m.name) && m.name !== '' ? `NodeClaim/${m.name}` : `nodeClaims[${i}]`;
      if (!isPlainObject(o) || !isString(m.name) || m.name === '') {
        problems.push({
          object: where,
          field: '',
          code: 'SimInvalidObject',
          message: 'must be a NodeClaim with a name; it is left out',
          fatal: true,
        });
        return;
      }
      const status = isPlainObject(o.status) ? o.status : {};
      if (isString(status.nodeName) && status.nodeName !== '') claimsByNode.set(status.nodeName, o);
      claims.push(o);
    } catch {
      problems.push(unreadable(`nodeClaims[${i}]`));
    }
  });
  return { claims, claimsByNode };
}

/** What reading one Node needs: the names read so far, the NodeClaims by node, each pool's startup taints. */
interface NodeReading {
  readonly names: Set<string>;
  readonly claimsByNode: ReadonlyMap<string, Json>;
  readonly poolStartup: ReadonlyMap<string, readonly NodeTaint[]>;
  readonly problems: InputProblem[];
}

/** One Node as a candidate, or undefined when it is left out (no name, or a name given twice). */
function readNode(o: unknown, i: number, { names, claimsByNode, poolStartup, problems }: NodeReading): ClusterNode | undefined {
  const m = metaOf(o);
  const name = isString(m.name) && m.name !== '' ? m.name : '';
  const where = name !== '' ? `Node/${name}` : `nodes[${i}]`;
  const add = (field: string, message: string, code = 'SimInvalidField') => problems.push({ object: where, field, code, message, fatal: false });
  if (!isPlainObject(o) || name === '') {
    problems.push({ object: where, field: '', code: 'SimInvalidObject', message: 'must be a Node with a name; it is left out', fatal: true });
    return undefined;
  }
  if (names.has(name)) {
    add('metadata.name', 'appears twice; the first one is used', 'SimDuplicateNode');
    return undefined;
  }
  names.add(name);
  const spec = isPlainObject(o.spec) ? o.spec : {};
  const status = isPlainObject(o.status) ? o.status : {};
  const labels = labelsOf(m.labels);
  const nodePool = labels[WellKnownLabel.NODEPOOL];
  const initialized = nodePool === undefined || labels['karpenter.sh/initialized'] === 'true';
  const claim = claimsByNode.get(name);
  const claimSpec = claim && isPlainObject(claim.spec) ? claim.spec : {};
  const startup = claim ? taintsOf(claimSpec.startupTaints) : (poolStartup.get(nodePool ?? '') ?? []);
  const taints = taintsOf(spec.taints).filter((t) => initialized || !(ephemeral(t) || startup.some((s) => sameTaint(s, t))));
  let allocatable = amountsOf(status.allocatable, 'status.allocatable', add);
  const claimStatus = claim && isPlainObject(claim.status) ? claim.status : {};
  if (allocatable === undefined && !initialized) allocatable = amountsOf(claimStatus.allocatable, 'status.allocatable', add);
  if (allocatable === undefined) {
    add(
      'status.allocatable',
      'a Node without status.allocatable cannot take pods: it is not a candidate and not counted against limits; ' +
        'its labels and bound pods still count for topology; give the Node with its status (kubectl get node <name> -o yaml)',
      'SimNodeWithoutAllocatable',
    );
  }
  const deleting = m.deletionTimestamp !== undefined && m.deletionTimestamp !== null;
  const capacity = amountsOf(status.capacity, 'status.capacity', add) ?? allocatable ?? {};
  const hostname = labels[HOSTNAME_LABEL] ?? name;
  return {
    name,
    hostname,
    labels,
    taints,
    allocatable: allocatable ?? {},
    capacity: { ...capacity, nodes: 1 },
    ...(nodePool === undefined ? {} : { nodePool }),
    initialized,
    hasNode: true,
    active: !deleting && allocatable !== undefined,
    requirements: requirementsOf(labels, hostname),
  };
}

/**
 * A launched NodeClaim whose Node is not in the input, as a candidate; undefined when its Node was read or it has
 * not launched.
 */
function readUnboundClaim(o: Json, names: ReadonlySet<string>, problems: InputProblem[]): ClusterNode | undefined {
  const m = metaOf(o);
  const name = m.name as string;
  const status = isPlainObject(o.status) ? o.status : {};
  if (isString(status.nodeName) && names.has(status.nodeName)) return undefined;
  const where = `NodeClaim/${name}`;
  const add = (field: string, message: string, code = 'SimInvalidField') => problems.push({ object: where, field, code, message, fatal: false });
  const spec = isPlainObject(o.spec) ? o.spec : {};
  const labels = labelsOf(m.labels);
  const allocatable = amountsOf(status.allocatable, 'status.allocatable', add);
  const reported = amountsOf(status.capacity, 'status.capacity', add);
  const launched = (isString(status.providerID) && status.providerID !== '') || allocatable !== undefined || reported !== undefined;
  if (!launched) {
    add(
      'status',
      'a NodeClaim without status.providerID, capacity or allocatable has not launched yet: it is left out ' +
        '(Karpenter waits for it before it schedules)',
      'SimNodeClaimNotLaunched',
    );
    return undefined;
  }
  const deleting = m.deletionTimestamp !== undefined && m.deletionTimestamp !== null;
  // Launched without allocatable yet: it takes no pod, but its capacity counts against the limits.
  const capacity = reported ?? allocatable ?? {};
  const hostname = labels[HOSTNAME_LABEL] ?? name;
  const nodePool = labels[WellKnownLabel.NODEPOOL];
  return {
    name,
    hostname,
    labels,
    taints: taintsOf(spec.taints),
    allocatable: allocatable ?? {},
    capacity: { ...capacity, nodes: 1 },
    ...(nodePool === undefined ? {} : { nodePool }),
    initialized: false,
    hasNode: false,
    active: !deleting,
    requirements: requirementsOf(labels, hostname),
  };
}

/** Namespace labels by name, from v1 Namespace manifests. */
export function readNamespaces(list: readonly unknown[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const o of list) {
    const m = metaOf(o);
    if (!isString(m.name) || m.name === '') continue;
    out.set(m.name, { ...labelsOf(m.labels), 'kubernetes.io/metadata.name': m.name });
  }
  return out;
}

/** Room left on a node: allocatable minus what its pods request. */
export function roomOf(node: ClusterNode, used: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  return used.reduce((room, r) => subtractAmounts(room, r), { ...node.allocatable } as Record<string, number>);
}
