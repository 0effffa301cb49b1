// A NodeClaim launched between two settling rounds: the instance type, zone and capacity type it is taken to launch
// as, and the Node it becomes (the labels Karpenter puts on a node: kubernetes-sigs/karpenter v1.14.1
// pkg/controllers/nodeclaim/lifecycle/launch.go, registration.go; provider-aws instancetype labels).
import { WellKnownLabel } from '../model/labels';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { ClusterNode } from './cluster-state';
import { Claim, fixedLabels } from './nodeclaim';
import { orderByPrice, PriceTable } from './pricing';
import { NodeClaimLaunch } from './simulation-types';

/** How a NodeClaim launches, said once in the assumptions of a run with rounds. */
export const LAUNCH_ASSUMPTIONS: readonly string[] = [
  'Rounds: after each batch its NodeClaims launch and the pods still pending form the next batch, tried on the launched nodes first; ' +
    'a launched node counts against its pool’s limits at its type’s capacity.',
  'A NodeClaim launches as its cheapest priced option (the first option when none is priced), as spot when it allows spot, ' +
    'else on-demand (reserved capacity is not modelled), in its zone when fixed, else in the first zone it allows of its pool’s ' +
    'zones (the given zones in their order, else its EC2NodeClass’s status.subnets zones sorted), else the first zone its ' +
    'requirements name, sorted (none when no zone is known).',
  'A launched node carries the NodeClaim’s single-value labels, its type’s labels, zone, capacity type, karpenter.sh/nodepool, ' +
    'the hostname (the NodeClaim’s name), karpenter.sh/registered and karpenter.sh/initialized; the pool’s taints without its ' +
    'startup taints; the type’s allocatable less the DaemonSet overhead.',
];

/** The launch choice of a claim: the index of its type in the template, and what the result shows. */
export interface LaunchChoice {
  readonly type: number;
  readonly launch: NodeClaimLaunch;
}

function allowed(r: SchedulingRequirement | undefined, value: string): boolean {
  return r === undefined || r.has(value);
}

/** The zone: fixed, else the first allowed of the given zones, else the first of the values it allows, sorted. */
function zoneOf(r: SchedulingRequirement | undefined, zones: readonly string[] | undefined): string | undefined {
  if (zones !== undefined) return zones.find((z) => allowed(r, z));
  if (r === undefined || r.complement) return undefined;
  return [...r.values].sort()[0];
}

function capacityTypeOf(r: SchedulingRequirement | undefined): string {
  if (allowed(r, 'spot')) return 'spot';
  if (allowed(r, 'on-demand') || r === undefined || r.complement || r.size === 0) return 'on-demand';
  return [...r.values].sort()[0];
}

/** `zones`: the zones given to the run, if any. */
export function launchChoice(claim: Claim, prices: PriceTable, zones: readonly string[] | undefined): LaunchChoice {
  const t = claim.template;
  const names = claim.options.map((i) => ({ name: t.all[i].type.name, i }));
  const type = orderByPrice(names, prices)[0].i;
  // The pool's zones: the given ones, else its node class's status.subnets (the template holds them).
  const zone = zoneOf(claim.requirements.find(WellKnownLabel.ZONE), t.zones ?? zones);
  const capacityType = capacityTypeOf(claim.requirements.find(WellKnownLabel.CAPACITY_TYPE));
  return { type, launch: { instanceType: t.all[type].type.name, ...(zone === undefined ? {} : { zone }), capacityType } };
}

/** The Node a launched NodeClaim becomes. */
export function launchedNode(claim: Claim, choice: LaunchChoice): ClusterNode {
  const t = claim.template;
  const it = t.all[choice.type];
  const labels: Record<string, string> = {
    ...it.type.labels,
    ...fixedLabels(claim.requirements),
    ...(choice.launch.zone === undefined ? {} : { [WellKnownLabel.ZONE]: choice.launch.zone }),
    [WellKnownLabel.CAPACITY_TYPE]: choice.launch.capacityType,
    [WellKnownLabel.NODEPOOL]: t.pool.name,
    [HOSTNAME_LABEL]: claim.name,
    'karpenter.sh/registered': 'true',
    'karpenter.sh/initialized': 'true',
  };
  return {
    name: claim.name,
    hostname: claim.name,
    labels,
    taints: t.pool.taints,
    allocatable: it.allocatable,
    capacity: { ...it.capacity, nodes: 1 },
    nodePool: t.pool.name,
    initialized: true,
    hasNode: true,
    active: true,
    requirements: SchedulingRequirements.fromLabels(labels).add(SchedulingRequirement.in(HOSTNAME_LABEL, claim.name)),
  };
}
