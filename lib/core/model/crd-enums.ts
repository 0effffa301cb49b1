// The enums of the v1 CRDs' string fields, defined once: the typed builders use them and the schemas
// (validate-nodepool.ts, ec2nodeclass-schema.ts) take their values from them (crdEnum).

/** The values of a string enum, in declaration order (the CRD's order), for a schema's `enum`. */
export function crdEnum(e: Record<string, string>): string[] {
  return Object.values(e);
}

/** Which nodes consolidation may remove or replace. */
export enum ConsolidationPolicy {
  /** Only nodes without workload pods. */
  WHEN_EMPTY = 'WhenEmpty',
  /** Empty nodes, and nodes whose pods fit elsewhere or on a cheaper node (the CRD default). */
  WHEN_EMPTY_OR_UNDERUTILIZED = 'WhenEmptyOrUnderutilized',
  /** Like WhenEmptyOrUnderutilized, weighing savings against the disruption caused. */
  BALANCED = 'Balanced',
}

/** Disruption reasons a budget can be limited to. */
export enum DisruptionReason {
  /** Consolidation of underutilized nodes. */
  UNDERUTILIZED = 'Underutilized',
  /** Consolidation of empty nodes. */
  EMPTY = 'Empty',
  /** Replacement of drifted nodes. */
  DRIFTED = 'Drifted',
}

/** Effect of a node taint. */
export enum TaintEffect {
  /** Pods that don't tolerate the taint are not scheduled. */
  NO_SCHEDULE = 'NoSchedule',
  /** The scheduler avoids the node for pods that don't tolerate the taint. */
  PREFER_NO_SCHEDULE = 'PreferNoSchedule',
  /** Pods that don't tolerate the taint are evicted. */
  NO_EXECUTE = 'NoExecute',
}

/** `instanceStorePolicy`. */
export enum InstanceStorePolicy {
  /** Stripe instance-store disks into one RAID-0 array used for ephemeral storage. */
  RAID0 = 'RAID0',
}

/** `metadataOptions.httpEndpoint`. */
export enum HttpEndpoint {
  /** IMDS reachable (the default). */
  ENABLED = 'enabled',
  /** IMDS unreachable. */
  DISABLED = 'disabled',
}

/** `metadataOptions.httpProtocolIPv6`. */
export enum HttpProtocolIpv6 {
  /** IMDS on its IPv6 address too. */
  ENABLED = 'enabled',
  /** IPv4 only (the default). */
  DISABLED = 'disabled',
}

/** `capacityReservationSelectorTerms[].instanceMatchCriteria`. */
export enum InstanceMatchCriteria {
  /** Reservations any matching instance may use. */
  OPEN = 'open',
  /** Reservations only explicitly targeted launches use. */
  TARGETED = 'targeted',
}

/** `cpuOptions.nestedVirtualization`. */
export enum NestedVirtualization {
  /** Only instance types supporting nested virtualization, with it on. */
  ENABLED = 'enabled',
  /** Off. */
  DISABLED = 'disabled',
}

/** `networkInterfaces[].interfaceType`. */
export enum NetworkInterfaceType {
  /** A regular ENI. */
  INTERFACE = 'interface',
  /** An EFA-only interface. */
  EFA_ONLY = 'efa-only',
}
