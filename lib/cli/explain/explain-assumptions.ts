// Which of a result's assumptions the text output prints: those that bear on the input. An assumption this table
// does not know (a newer simulator's) is always printed: the CLI never hides what it cannot judge.

/** What the input and the result hold, as far as the assumptions depend on it. */
export interface AssumptionContext {
  /** Pods were simulated (pending, unbound). */
  readonly pods: boolean;
  /** The batch creates NodeClaims. */
  readonly nodeClaims: boolean;
  /** A pod or NodePool names the zone label (requirement, selector, affinity, spread). */
  readonly zones: boolean;
  /** A pod uses pod (anti-)affinity or topology spread. */
  readonly podTopology: boolean;
}

/** How an assumption starts, and when it bears on the input. */
const RULES: readonly (readonly [string, (c: AssumptionContext) => boolean])[] = [
  // SIMULATION_ASSUMPTIONS (lib/core/sim/simulate.ts)
  ['Every instance type is offered on-demand and spot in every zone', (c) => c.nodeClaims],
  ['NodeClaim options are ordered by', (c) => c.nodeClaims],
  ['The cluster is empty', (c) => c.pods],
  ['Capacity reservations, NodeOverlays', (c) => c.pods],
  ['Pod affinity and preferred pod', (c) => c.podTopology],
  ['Memory capacity is Karpenter', (c) => c.pods],
  ['Pods per node are ENI-limited', (c) => c.pods],
  ['Zones are not known', (c) => c.zones],
  // zoneAssumptions (lib/core/sim/subnet-zones.ts): where the zones came from bears on every NodeClaim and zone constraint
  ['Zones come from', (c) => c.zones || c.nodeClaims],
  ['Zones are the given ones', (c) => c.zones || c.nodeClaims],
  // LAUNCH_ASSUMPTIONS (lib/core/sim/launch.ts): how the NodeClaims of a round launch
  ['Rounds: after each batch', (c) => c.nodeClaims],
  ['A NodeClaim launches as', (c) => c.nodeClaims],
  ['A launched node carries', (c) => c.nodeClaims],
  // priceAssumptions (lib/core/sim/pricing.ts): the ceilings are always shown, the options' order only with NodeClaims
  ['Options are ordered by on-demand price', (c) => c.nodeClaims],
  ['No price in the table, so ordered last', (c) => c.nodeClaims],
];

/** The assumptions that bear on the input, in the result's order. */
export function relevantAssumptions(assumptions: readonly string[], context: AssumptionContext): string[] {
  return assumptions.filter((a) => {
    const rule = RULES.find(([start]) => a.startsWith(start));
    return rule === undefined || rule[1](context);
  });
}
