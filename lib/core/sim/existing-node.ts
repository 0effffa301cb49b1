// An existing Node or in-flight NodeClaim as a candidate for pending pods (kubernetes-sigs/karpenter v1.14.1
// scheduling/existingnode.go): its room after its bound pods and daemons, and CanAdd/Add.
import { PodInput } from './pod-input';
import { PodState, taintError } from './pods';
import { addAmounts, fits, mergeAmounts } from '../shared/quantity';
import { SchedulingRequirements } from '../scheduling/requirements';
import { ClusterNode, roomOf } from './cluster-state';
import { daemonRuns } from './daemon-overhead';
import { Topology } from './topology';

/** An existing Node or in-flight NodeClaim as a candidate (ExistingNode). */
export interface Existing {
  readonly node: ClusterNode;
  room: Record<string, number>;
  readonly pods: PodInput[];
}

/**
 * The active nodes as candidates (NewExistingNode): allocatable less the bound pods, and less the daemons the node
 * should run whose pods are not among its bound pods.
 */
export function existingNodes(
  nodes: readonly ClusterNode[],
  onNode: ReadonlyMap<ClusterNode, readonly PodInput[]>,
  daemons: readonly PodInput[],
  isDaemonPod: (p: PodInput) => boolean,
): Existing[] {
  return nodes
    .filter((n) => n.active)
    .map((node) => {
      const podsHere = onNode.get(node) ?? [];
      const room = roomOf(
        node,
        podsHere.map((p) => p.requests),
      );
      const expected = daemons
        .filter((d) => daemonRuns(d, node.taints, (r) => node.requirements.compatible(r) === undefined))
        .reduce((acc, d) => mergeAmounts(acc, d.requests), {} as Record<string, number>);
      const running = podsHere.filter(isDaemonPod).reduce((acc, p) => mergeAmounts(acc, p.requests), {} as Record<string, number>);
      for (const [k, v] of Object.entries(expected)) room[k] = addAmounts(room[k] ?? 0, -Math.max(0, addAmounts(v, -(running[k] ?? 0))));
      return { node, room, pods: [] };
    });
}

/** ExistingNode.CanAdd, then Add on success (existingnode.go:81-185); host ports and volumes are not modelled. */
export function addToExisting(
  e: Existing,
  pod: PodInput,
  state: PodState,
  reqs: SchedulingRequirements,
  strict: SchedulingRequirements,
  topology: Topology,
): boolean {
  if (!fits(pod.requests, e.room)) return false;
  if (taintError(e.node.taints, pod.tolerations, state.toleratePreferNoSchedule) !== undefined) return false;
  if (e.node.requirements.compatible(reqs) !== undefined) return false;
  let combined = e.node.requirements;
  if (topology.involves(pod)) {
    combined = e.node.requirements.with(reqs);
    const topo = topology.addRequirements(pod, strict, combined);
    if ('error' in topo) return false;
    if (topo.narrowed.length > 0) {
      if (combined.compatible(new SchedulingRequirements().addAll(topo.narrowed)) !== undefined) return false;
      combined.addAll(topo.narrowed);
    }
  }
  const room = { ...e.room };
  for (const [k, v] of Object.entries(pod.requests)) room[k] = (room[k] ?? 0) - v;
  e.room = room;
  e.pods.push(pod);
  topology.record(pod, e.node.taints, combined);
  return true;
}
