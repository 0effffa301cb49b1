// What the topology case tables share: topology_test.go's describe titles, its NodePool (capacity type Exists),
// pods labelled `test: test` with spreads, and the spreads and pools most cases use.
import {
  boundPods,
  CAPACITY_TYPE as CT,
  HOSTNAME,
  Manifest,
  nodePool,
  NodePoolOptions,
  PodOptions,
  pods,
  req,
  spread,
  TEST_LABELS,
  ZONE,
  ZONES,
} from './fixtures';

export const [Z1, Z2, Z3] = ZONES;
export const ZONAL = ['Topology', 'Zonal'];
export const HOST = ['Topology', 'Hostname'];
export const CAP = ['Topology', 'CapacityType'];
export const HOST_ZONE = ['Topology', 'Combined Hostname and Zonal Topology'];
export const MLK = ['Topology', 'MatchLabelKeys'];
export const TAINTS_POLICY = ['Topology', 'NodeTaintsPolicy'];
export const AFFINITY_POLICY = ['Topology', 'NodeAffinityPolicy'];
export const ZONE_CT = ['Topology', 'Combined Zonal and Capacity Type Topology'];
export const ZONE_NA = ['Topology', 'Combined Zonal Topology and Node Affinity'];
export const CT_NA = ['Topology', 'Combined Capacity Type Topology and Node Affinity'];
export const IN_FLIGHT = ['Scheduling', 'In-Flight Nodes', 'Topology'];
export const ZONES_MAP = 'test-zone-1..3 -> us-east-1a..c';
export const ROUNDS = 'the nodes and bound pods are what the earlier rounds left';
export const rr: PodOptions = { requests: { cpu: '1.1' } };
export const SPREAD_LABEL = 'fake-label';
export const SPREAD_FAILS = { 'p-': 'unsatisfiable topology constraint for topology spread' };
export const taint = { key: 'taintname', value: 'taintvalue', effect: 'NoSchedule' };

/** The NodePool of topology_test.go's BeforeEach: capacity type Exists, plus `o`. */
export function topoPool(name = 'default', o: NodePoolOptions = {}): Manifest {
  return nodePool(name, { ...o, requirements: [req(CT, 'Exists'), ...(o.requirements ?? [])] });
}

/** `n` pending pods labelled `test: test` with these spreads. */
export function spreadPods(prefix: string, n: number, constraints: readonly Manifest[], o: PodOptions = {}): Manifest[] {
  return pods(prefix, n, { labels: TEST_LABELS, topologySpread: constraints, ...o });
}

/** Pods of an earlier round, labelled `test: test`, bound to `nodeName`. */
export function earlier(prefix: string, n: number, nodeName: string, o: PodOptions = {}): Manifest[] {
  return boundPods(prefix, n, nodeName, { labels: TEST_LABELS, ...o });
}

export const zoneSpread = spread(ZONE);
export const hostSpread = spread(HOSTNAME);
export const ctSpread = spread(CT);
export const zonePools = (...zones: string[]) => [topoPool('default', { requirements: [req(ZONE, 'In', ...zones)] })];
export const ctPools = (...cts: string[]) => [nodePool('default', { requirements: [req(CT, 'In', ...cts)] })];
