// The contract of the offline provisioning simulator: the catalog, admission and simulation shapes.
// Results are plain data other tools read (the CLI's --json, the cost follow-up): fields are only ever added.
import type { PriceTable } from './pricing';

/** A resource list in base units: cpu in millicores, memory/ephemeral-storage in bytes, counts as integers. */
export type ResourceAmounts = Readonly<Record<string, number>>;

/** One EC2 instance type of the catalog. */
export interface InstanceType {
  /** The instance type name, e.g. `m5.large`. */
  readonly name: string;
  /** Well-known labels from the catalog (arch, os, instance-family, instance-cpu, ...), each with its one value. */
  readonly labels: Readonly<Record<string, string>>;
  /** What the hardware has, as the AWS provider computes capacity (cpu, memory after VM overhead, pods, nvidia.com/gpu, ...). */
  readonly capacity: ResourceAmounts;
  /** Allocatable under the catalog's assumptions (AL2023, no kubelet block, no block devices). */
  readonly allocatable: ResourceAmounts;
}

/** The instance types Karpenter knows, with their labels and resources. */
export interface InstanceTypeCatalog {
  /** The Karpenter release the catalog was generated from, e.g. `1.14.1`. */
  readonly karpenterVersion: string;
  /** Every instance type, in catalog order. */
  readonly instanceTypes: readonly InstanceType[];
  /** The instance type of that name. */
  get(name: string): InstanceType | undefined;
}

/** Options of `admittedInstanceTypes`. */
export interface AdmissionOptions {
  /**
   * The catalog to draw instance types from.
   * @default - the bundled catalog (`loadInstanceTypeCatalog()`)
   */
  readonly catalog?: InstanceTypeCatalog;
  /**
   * Zones offered to the pool; a zone requirement admits a type only when it allows one of them.
   * @default - the zones of the EC2NodeClass's `status.subnets`; without them, every zone is assumed to offer every type
   */
  readonly zones?: readonly string[];
}

/** Input of `simulateProvisioning`: plain manifests (parsed YAML or `toManifest()` output). */
export interface SimulationInput {
  /** NodePool manifests (`karpenter.sh/v1`): the library's `V1NodePool` (`NodePoolDefinition.toManifest()`), or any parsed value. */
  readonly nodePools: readonly import('../model/types').V1NodePool[] | readonly unknown[];
  /** EC2NodeClass manifests (`karpenter.k8s.aws/v1`): the library's `V1EC2NodeClass`, or any parsed value. */
  readonly nodeClasses: readonly import('../model/types').V1EC2NodeClass[] | readonly unknown[];
  /**
   * The pending pods of one batch: v1 Pods, or workloads as their controllers expand them into pods of their
   * template: a Deployment, StatefulSet or ReplicaSet `spec.replicas` pods (default 1); a Job
   * `min(parallelism, completions - status.succeeded)` (parallelism default 1; completions default 1 when
   * parallelism is unset too; a Job with parallelism but no completions runs parallelism pods, or only
   * `status.active` once one succeeded), and none when suspended or finished; a CronJob the pods of one
   * Job of its `spec.jobTemplate` (none when suspended). A workload's pods are named `<workload name>-<ordinal>`
   * (0-based; a StatefulSet from `spec.ordinals.start`) in the workload's namespace. DaemonSets go in `daemonSets`.
   */
  readonly pods: readonly unknown[];
  /**
   * HorizontalPodAutoscaler manifests (autoscaling/v2 or v1). Before any metrics, the HPA controller raises its
   * `scaleTargetRef` (a Deployment, StatefulSet or ReplicaSet in `pods`, same namespace) to `minReplicas`
   * (default 1) and caps it at `maxReplicas`; a target with 0 replicas is left alone (autoscaling disabled).
   * Scaling on metrics is not modelled: the target's pods say so in `notModelled`.
   * @default - none: every workload runs its own replica count
   */
  readonly horizontalPodAutoscalers?: readonly unknown[];
  /**
   * LimitRange manifests (v1). For pods in a LimitRange's namespace, as the LimitRanger admission plugin does,
   * each container and init container without a request for a resource gets the `type: Container` item's
   * `defaultRequest` (else `default`, else `max`, else `min`, the LimitRange's own defaults). With several
   * LimitRanges in one namespace, the first in this list wins per resource (Kubernetes applies them in no set order).
   * Their min/max checks, which can reject a pod, are not modelled.
   * @default - none: container requests are as written
   */
  readonly limitRanges?: readonly unknown[];
  /**
   * RuntimeClass manifests (node.k8s.io/v1). A pod whose `spec.runtimeClassName` names one gets what RuntimeClass
   * admission sets: `overhead.podFixed` as its `spec.overhead` (counted in its requests), and `scheduling`'s
   * nodeSelector and tolerations merged into its own. A pod naming a RuntimeClass not in this list says in
   * `notModelled` that its overhead is not known.
   * @default - none
   */
  readonly runtimeClasses?: readonly unknown[];
  /**
   * DaemonSets (or their pods): their requests are counted as overhead on every node they would run on, after
   * the same admission as `pods` (LimitRange defaults, RuntimeClass overhead and scheduling). A DaemonSet-owned Pod
   * among `pods` whose DaemonSet is not here (by uid, else namespace/name) stands in for it: its DaemonSet's newest pod
   * is the overhead, as Karpenter prefers a DaemonSet's pod to its template (said in `assumptions`).
   * @default - none
   */
  readonly daemonSets?: readonly unknown[];
  /**
   * The zones the cluster's subnets are in, for every NodePool.
   * @default - each NodePool's EC2NodeClass's `status.subnets` zones, as Karpenter takes them; for a class without them,
   * zones are not modelled: every type is assumed offered in any zone a requirement names
   */
  readonly zones?: readonly string[];
  /**
   * The catalog to draw instance types from.
   * @default - the bundled catalog
   */
  readonly catalog?: InstanceTypeCatalog;
  /**
   * The on-demand prices that order NodeClaim options and give the cost figures.
   * @default - the bundled table (`loadPriceTable()`: Karpenter 1.14.1's fallback prices, Linux, us-east-1)
   */
  readonly prices?: PriceTable;
  /**
   * v1 Node manifests: the running cluster. A Node takes pending pods when it is not being deleted and has
   * `status.allocatable`; initialized ones (unmanaged, or labelled `karpenter.sh/initialized: "true"`) are tried first.
   * A Node labelled `karpenter.sh/nodepool: X` counts against X's limits.
   * @default - none: the cluster is empty
   */
  readonly nodes?: readonly unknown[];
  /**
   * `karpenter.sh/v1` NodeClaim manifests: in-flight capacity. One whose `status.nodeName` names a Node of `nodes` is that Node.
   * @default - none
   */
  readonly nodeClaims?: readonly unknown[];
  /**
   * v1 Namespace manifests: their labels for pod affinity `namespaceSelector`s.
   * @default - none: a namespaceSelector is matched against the namespaces the pods use (see `assumptions`)
   */
  readonly namespaces?: readonly unknown[];
  /**
   * The clock for the stale-price note (a table over a year old gets one in `assumptions`).
   * @default - the current time
   */
  readonly now?: Date;
  /**
   * How many batches to run. One round is one batch (Karpenter's `Schedule`). After a round, each of its new
   * NodeClaims launches (at its cheapest priced type; see `assumptions`): it becomes a Node holding its pods and
   * counts against its pool's limits at that type; the next round schedules the pods still pending, onto the
   * launched nodes first. `'settle'` repeats until a round launches nothing (at most `SETTLE_MAX_ROUNDS` rounds);
   * a number caps the rounds. With `rounds` given, the result carries `rounds` and `settled`, each placed pod its
   * `round`, each NodeClaim its `round` and `launch`.
   * @default - one batch, without the round fields
   */
  readonly rounds?: number | 'settle';
}

/** Where one pod would go. */
export interface PodResult {
  readonly namespace: string;
  readonly name: string;
  /** True when a NodePool can launch a node for it. */
  readonly schedulable: boolean;
  /** True when Karpenter ignores the pod (it is not simulated; `reason` says why). */
  readonly ignored?: boolean;
  /** The NodePool whose NodeClaim the pod lands on. */
  readonly nodePool?: string;
  /** The simulated NodeClaim it lands on, `<nodepool>-<n>` (0-based per pool): pods with the same value share a node. */
  readonly nodeClaim?: string;
  /** The instance-type options of that NodeClaim, after every pod of the batch packed on it; cheapest first, unpriced types last. */
  readonly instanceTypes: readonly string[];
  /**
   * Why the pod is not schedulable or is ignored, in Karpenter's words (each NodePool's error, heaviest first,
   * joined with "; "); NodePools stopped by their limits alike share one clause that names them all.
   */
  readonly reason?: string;
  /** The cheapest of `instanceTypes` with a price (on-demand; see `assumptions`); absent when none is priced. */
  readonly cheapestInstanceType?: string;
  /** That type's on-demand price, USD per hour. */
  readonly hourlyPrice?: number;
  /**
   * For a pod Karpenter ignores (`ignored`, not a DaemonSet, mirror or finished pod), when Nodes are given: the existing
   * Nodes kube-scheduler could still bind it to, by requests, node selector and affinity, and taints (pod affinity and
   * topology spread are not checked): how many, and the first names (at most 10), in candidate order.
   */
  readonly existingNodeFit?: { readonly count: number; readonly nodes: readonly string[] };
  /** The pod is bound (`spec.nodeName`): it is not provisioned for, and counts on its node. */
  readonly bound?: boolean;
  /** The existing Node (or in-flight NodeClaim) it lands on or is bound to. */
  readonly node?: string;
  /** The zone of its node or NodeClaim, when fixed to one value. */
  readonly zone?: string;
  /** The capacity type of its node or NodeClaim, when fixed to one value. */
  readonly capacityType?: string;
  /** The requests it was counted with, in base units (cpu in millicores), with `pods: 1`. */
  readonly requests?: ResourceAmounts;
  /**
   * What the pod uses that the simulator does not model, one short phrase each (e.g. "volume zones
   * (persistentVolumeClaim volumes)", "host ports", "dynamic resources (resourceClaims)"); absent when nothing.
   */
  readonly notModelled?: readonly string[];
  /**
   * With `rounds` given: the round the pod was placed in (1-based). A pod placed onto a node an earlier round
   * launched keeps that NodeClaim's name in `nodeClaim`.
   */
  readonly round?: number;
}

/** What a NodeClaim launched as, in a run with `rounds` (the launch choices are in `assumptions`). */
export interface NodeClaimLaunch {
  readonly instanceType: string;
  /** Absent when no zone is known (no `zones` given and none named by the NodeClaim). */
  readonly zone?: string;
  readonly capacityType: string;
}

/** One new NodeClaim of the batch. */
export interface NodeClaimResult {
  /** `<nodepool>-<n>`, as the pods' `nodeClaim`. */
  readonly name: string;
  readonly nodePool: string;
  /** Every label its requirements fix to one value (zone, capacity type, the pool's labels, a spread domain, ...). */
  readonly labels: Readonly<Record<string, string>>;
  /** Its instance-type options, cheapest first (as the pods' `instanceTypes`). */
  readonly instanceTypes: readonly string[];
  /** `namespace/name` of its pods (with `rounds`, also those later rounds placed on its node). */
  readonly pods: readonly string[];
  /** With `rounds` given: the round that made it (1-based). */
  readonly round?: number;
  /** With `rounds` given: the instance type, zone and capacity type it launched as. */
  readonly launch?: NodeClaimLaunch;
}

/** What one NodePool can launch. */
export interface NodePoolResult {
  readonly name: string;
  /** The instance types the pool can launch on an empty cluster (requirements, node class, limits). */
  readonly admittedInstanceTypes: readonly string[];
  /** Why the pool admits nothing or was not simulated. */
  readonly reason?: string;
  /**
   * The most the pool's limits let it spend, USD per hour on-demand (`costCeiling`); absent when no limit bounds it
   * (unbounded), no admitted type has a price, or it admits nothing.
   */
  readonly costCeilingPerHour?: number;
  /** The cheapest admitted on-demand price per vCPU and hour, a typical figure. */
  readonly typicalPerVcpuHour?: number;
}

/** The verdict of one simulation. */
export interface SimulationResult {
  /** One entry per pod, in input order. */
  readonly pods: readonly PodResult[];
  /** One entry per NodePool, in input order. */
  readonly nodePools: readonly NodePoolResult[];
  /** One entry per new NodeClaim of the batch, in creation order. */
  readonly nodeClaims: readonly NodeClaimResult[];
  /** What the simulation assumed because it cannot be known offline (prices, spot availability, zones, capacity). */
  readonly assumptions: readonly string[];
  /** With `rounds` given: the number of rounds that launched at least one NodeClaim (0 when none did). */
  readonly rounds?: number;
  /**
   * With `rounds` given: true when the run ended because a round launched nothing or no pod was left pending, so a pod
   * still pending stays pending for good; false when the round cap stopped it.
   */
  readonly settled?: boolean;
}
