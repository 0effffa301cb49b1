import { errorsOf, ValidationIssue } from '../core/issues';

// What a network construct has already reported, so the constructs given the network or its subnets
// do not report the same problem (or its knock-on) again under their own paths.

/** The cluster name each network checked (and reported problems of). */
const CLUSTER_NAMES = new WeakMap<object, string>();
/** Subnet id lists of networks that reported errors, e.g. too few zones, which leave them fewer subnets. */
const SUBNETS_OF_FAILED_NETWORKS = new WeakSet<object>();

export function markNetworkReported(network: object, clusterName: string, subnetIds: readonly string[], issues: readonly ValidationIssue[]): void {
  CLUSTER_NAMES.set(network, clusterName);
  if (errorsOf(issues).length > 0) SUBNETS_OF_FAILED_NETWORKS.add(subnetIds);
}

/** Whether `network` has checked, and reported, the cluster name `clusterName`. */
export function networkReportsClusterName(network: object, clusterName: string): boolean {
  return CLUSTER_NAMES.get(network) === clusterName;
}

/** Whether `subnetIds` are the subnets of a network that reported errors of its own. */
export function subnetsReportedByNetwork(subnetIds: readonly string[]): boolean {
  return SUBNETS_OF_FAILED_NETWORKS.has(subnetIds);
}
