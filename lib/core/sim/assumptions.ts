// What the simulator assumes because it cannot know it offline, each said once; the result lists those that apply.
import { PodInput } from './pod-input';
import { Topology } from './topology';

/** What the simulator assumes because it cannot know it offline; `simulateProvisioning` lists these in its result. */
export const SIMULATION_ASSUMPTIONS: readonly string[] = [
  'Every instance type is offered on-demand and spot in every zone: spot support, zones per type, spot prices and capacity errors ' +
    'are not known offline.',
  'NodeClaim options are ordered by the bundled on-demand prices, cheapest first (see the price assumptions); ' +
    'the 600-type cut and the spot-versus-on-demand price filter are not applied.',
  'Capacity reservations, NodeOverlays, dynamic resources, volume zones, volume limits and host ports are not modelled.',
  'Topology spread and pod (anti-)affinity follow Karpenter 1.14.1 for any topology key, with domains from the NodePools, ' +
    'their instance types and the given nodes, and preferences respected until relaxed (the default preference policy); ' +
    'where Karpenter breaks a tie at random, the first domain in order is taken.',
  'Every input pod without spec.nodeName that has not finished, other than DaemonSet and mirror pods, is pending, ' +
    'as if kube-scheduler had marked it unschedulable.',
  'Memory capacity is Karpenter’s estimate (7.5% VM overhead), not the capacity a running node reports.',
  'Pods per node are ENI-limited with no reserved ENIs and no EFA-only interfaces.',
  'The catalog is the Karpenter 1.14.1 reference (us-east-1, us-east-2 and us-west-2 together): a type may not exist in your region.',
];
/** Said only when a pod asks for a fraction of a base unit, the one case where the two roundings can differ. */
export const SUB_UNIT_REQUESTS =
  'Requests are added exactly, as Karpenter adds them; the kube-scheduler rounds each pod’s cpu up to a whole millicore ' +
  '(other resources to a whole unit) before adding, so a node packed to a fraction of a millicore may not take every pod placed on it.';
export const EMPTY_CLUSTER = 'The cluster is empty: no existing Nodes or NodeClaims were given; limits count only this batch.';
/** The same, in a run with rounds: the nodes earlier rounds launched count too. */
export const EMPTY_CLUSTER_ROUNDS =
  'The cluster is empty at the start: no existing Nodes or NodeClaims were given; limits count the nodes earlier rounds ' +
  'launched and the current batch.';
export const GIVEN_CLUSTER =
  'The cluster is the given Nodes and NodeClaims with the bound pods among the input: pods not in the input are not counted, ' +
  'and pods Karpenter would reschedule from nodes being deleted are not added to the batch.';

/** The note on namespaces a pod affinity namespaceSelector was matched against without their Namespace object. */
export function namespaceNote(
  topologies: readonly Topology[],
  labels: ReadonlyMap<string, unknown> | undefined,
  pods: readonly PodInput[],
): string[] {
  const assumed = new Set(topologies.flatMap((t) => [...t.assumedNamespaces]));
  if (assumed.size === 0) return [];
  const names = pods.filter((p) => assumed.has(p.shape)).map((p) => `${p.namespace}/${p.name}`);
  const missing = [...new Set(pods.map((p) => p.namespace))].filter((n) => !labels?.has(n)).sort();
  const shown = (xs: readonly string[]) => (xs.length > 5 ? `${xs.slice(0, 5).join(', ')} and ${xs.length - 5} more` : xs.join(', '));
  return [
    `A pod affinity namespaceSelector (pods ${shown(names)}) was matched against namespaces without a Namespace object ` +
      `(${shown(missing)}), each taken to carry only its kubernetes.io/metadata.name label; add their Namespace manifests.`,
  ];
}
