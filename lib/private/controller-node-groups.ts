// Clusters a ControllerNodeGroup of this library runs on, so KarpenterAws.attributes can tell the
// controller that nodes labelled for it exist (as the plain attribute controllerNodeGroup).
const CLUSTERS = new WeakSet<object>();

export function markHasControllerNodeGroup(cluster: object): void {
  CLUSTERS.add(cluster);
}

export function hasControllerNodeGroup(cluster: object): boolean {
  return CLUSTERS.has(cluster);
}
