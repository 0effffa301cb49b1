// The simulation's answer: a verdict per input pod, what each NodePool admits, and the NodeClaims launched
// (the Results of kubernetes-sigs/karpenter v1.14.1 scheduling/scheduler.go, in the input's order).
import { NodePoolInput } from './inputs';
import { PodInput } from './pod-input';
import { Claim, fixedLabels } from './nodeclaim';
import { domainsOf } from './pending-pods';
import { RoundsOutcome } from './settle';
import { WellKnownLabel } from '../model/labels';
import { NodeClaimLaunch, NodeClaimResult, NodePoolResult, PodResult } from './simulation-types';

/** One verdict per input pod, in input order; `claimPods` collects each NodeClaim's pods in that order. */
export function podResults(
  pods: readonly PodInput[],
  verdicts: ReadonlyMap<PodInput, PodResult>,
  outcome: RoundsOutcome,
  withRounds: boolean,
  claimPods: Map<Claim, string[]>,
): PodResult[] {
  return pods.map((pod): PodResult => {
    const v = verdicts.get(pod);
    if (v) return v;
    const notModelled = [...(pod.notModelled ?? []), ...outcome.topologyOf(pod).unmodelled(pod)];
    const round = outcome.roundOf.get(pod);
    const extra = {
      requests: pod.requests,
      ...(notModelled.length > 0 ? { notModelled } : {}),
      ...(withRounds && round !== undefined ? { round } : {}),
    };
    const at = outcome.placed.get(pod);
    const base = { namespace: pod.namespace, name: pod.name };
    const launched = at?.existing && outcome.launchedFrom.get(at.existing.node);
    if (at?.existing && !launched) {
      return { ...base, schedulable: true, node: at.existing.node.name, instanceTypes: [], ...domainsOf(at.existing.node.labels), ...extra };
    }
    if (at) {
      // A pod on a node an earlier round launched names that NodeClaim, with the launched zone and capacity type.
      const claim = launched || at.claim!;
      const launch = outcome.launches.get(claim)?.launch;
      const names = claimPods.get(claim);
      if (names) names.push(`${pod.namespace}/${pod.name}`);
      else claimPods.set(claim, [`${pod.namespace}/${pod.name}`]);
      return {
        ...base,
        schedulable: true,
        nodePool: claim.template.pool.name,
        nodeClaim: claim.name,
        instanceTypes: claim.options.map((i) => claim.template.all[i].type.name),
        ...(launch ? domainsOf(launchedLabels(launch)) : domainsOf(fixedLabels(claim.requirements))),
        ...extra,
      };
    }
    return { ...base, schedulable: false, instanceTypes: [], reason: outcome.errors.get(pod) ?? 'not scheduled', ...extra };
  });
}

function launchedLabels(launch: NodeClaimLaunch): Record<string, string> {
  return { ...(launch.zone === undefined ? {} : { [WellKnownLabel.ZONE]: launch.zone }), [WellKnownLabel.CAPACITY_TYPE]: launch.capacityType };
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

export function nodeClaimResults(outcome: RoundsOutcome, withRounds: boolean, claimPods: ReadonlyMap<Claim, string[]>): NodeClaimResult[] {
  return outcome.claims.map((c) => {
    const round = outcome.roundOf.get(c);
    const launch = outcome.launches.get(c)?.launch;
    return {
      name: c.name,
      nodePool: c.template.pool.name,
      labels: fixedLabels(c.requirements),
      instanceTypes: c.options.map((i) => c.template.all[i].type.name),
      pods: claimPods.get(c) ?? [],
      ...(withRounds && round !== undefined ? { round } : {}),
      ...(withRounds && launch !== undefined ? { launch } : {}),
    };
  });
}
