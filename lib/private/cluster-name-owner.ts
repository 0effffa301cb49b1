import { IEksCluster } from '../aws/cluster-attributes';

// Clusters whose own construct reports problems of their name, so the constructs given them
// (KarpenterAws, the roles) do not report the same name again under their own paths.
const OWNERS = new WeakSet<IEksCluster>();

export function markReportsOwnClusterName(cluster: IEksCluster): void {
  OWNERS.add(cluster);
}

export function reportsOwnClusterName(cluster: IEksCluster): boolean {
  return OWNERS.has(cluster);
}
