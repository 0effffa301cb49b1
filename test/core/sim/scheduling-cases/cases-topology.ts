// Topology spread, translated from Karpenter's topology_test.go (and the in-flight topology tests of the scheduling
// suite). Upstream's fake zones test-zone-1..3 are us-east-1a..c; its NodePool allows every capacity type (Exists).
// A multi-round Go test is one case per round: the nodes the earlier rounds launched are `nodes` (m5.large unless
// told: 1930m allocatable, so a bound 1.1-CPU pod leaves no room for another, as upstream's 1.1-CPU requests intend)
// and their pods are bound pods named `r<round>-...`. Pods without spec.nodeName are this batch.
// The cases, in this order: cases-topology-zonal.ts, cases-topology-hostname.ts, cases-topology-combined.ts and
// cases-topology-rounds.ts; what they share: topology-helpers.ts.
import { SchedulingCase } from './fixtures';
import { TOPOLOGY_COMBINED_CASES } from './cases-topology-combined';
import { TOPOLOGY_HOSTNAME_CAPACITY_CASES } from './cases-topology-hostname';
import { TOPOLOGY_ROUND_CASES } from './cases-topology-rounds';
import { TOPOLOGY_ZONAL_CASES } from './cases-topology-zonal';

export const TOPOLOGY_CASES: readonly SchedulingCase[] = [
  ...TOPOLOGY_ZONAL_CASES,
  ...TOPOLOGY_HOSTNAME_CAPACITY_CASES,
  ...TOPOLOGY_COMBINED_CASES,
  ...TOPOLOGY_ROUND_CASES,
];
