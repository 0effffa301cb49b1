// Pure core: no cdktf or constructs imports.
// The simulation's answer: a verdict per input pod, what each NodePool admits, and the NodeClaims launched
// (the Results of kubernetes-sigs/karpenter v1.14.1 scheduling/scheduler.go, in the input's order).
import { NodePoolInput, PodInput } from './inputs';
import { Claim, fixedLabels } from './nodeclaim';
import { Placement } from './scheduler';
import { Topology } from './topology';
import { domainsOf } from './pending-pods';
import { NodeClaimResult, NodePoolResult, PodResult } from './types';

/** Where the batch put its pods, and why the others stay pending. */
export interface BatchOutcome {
  readonly claims: readonly Claim[];
  readonly placed: ReadonlyMap<PodInput, Placement>;
  readonly errors: ReadonlyMap<PodInput, string>;
}

/** One verdict per input pod, in input order; `claimPods` collects each NodeClaim's pods in that order. */
export function podResults(
  pods: readonly PodInput[],
  verdicts: ReadonlyMap<PodInput, PodResult>,
  outcome: BatchOutcome,
  topology: Topology,
  claimPods: Map<Claim, string[]>,
): PodResult[] {
  return pods.map((pod): PodResult => {
    const v = verdicts.get(pod);
    if (v) return v;
    const notModelled = [...(pod.notModelled ?? []), ...topology.unmodelled(pod)];
    const extra = { requests: pod.requests, ...(notModelled.length > 0 ? { notModelled } : {}) };
    const at = outcome.placed.get(pod);
    const base = { namespace: pod.namespace, name: pod.name };
    if (at?.existing) {
      return { ...base, schedulable: true, node: at.existing.node.name, instanceTypes: [], ...domainsOf(at.existing.node.labels), ...extra };
    }
    if (at?.claim) {
      const claim = at.claim;
      claimPods.set(claim, [...(claimPods.get(claim) ?? []), `${pod.namespace}/${pod.name}`]);
      return {
        ...base,
        schedulable: true,
        nodePool: claim.template.pool.name,
        nodeClaim: claim.name,
        instanceTypes: claim.options.map((i) => claim.template.all[i].type.name),
        ...domainsOf(fixedLabels(claim.requirements)),
        ...extra,
      };
    }
    return { ...base, schedulable: false, instanceTypes: [], reason: outcome.errors.get(pod) ?? 'not scheduled', ...extra };
  });
}

export function nodePoolResults(
  pools: readonly NodePoolInput[],
  poolReasons: ReadonlyMap<NodePoolInput, string>,
  admitted: ReadonlyMap<NodePoolInput, readonly string[]>,
): NodePoolResult[] {
  return pools.map((pool): NodePoolResult => {
    const reason = poolReasons.get(pool);
    return { name: pool.name, admittedInstanceTypes: admitted.get(pool) ?? [], ...(reason === undefined ? {} : { reason }) };
  });
}

export function nodeClaimResults(claims: readonly Claim[], claimPods: ReadonlyMap<Claim, string[]>): NodeClaimResult[] {
  return claims.map((c) => ({
    name: c.name,
    nodePool: c.template.pool.name,
    labels: fixedLabels(c.requirements),
    instanceTypes: c.options.map((i) => c.template.all[i].type.name),
    pods: claimPods.get(c) ?? [],
  }));
}
