// Plain JSON shapes of the Karpenter 1.14 v1 custom resources. Field names are exactly the CRDs'.

/** `apiVersion` of NodePool. */
export const NODEPOOL_API_VERSION = 'karpenter.sh/v1';
/** `apiVersion` of EC2NodeClass. */
export const EC2NODECLASS_API_VERSION = 'karpenter.k8s.aws/v1';
/** API group of EC2NodeClass, used in `nodeClassRef.group`. */
export const EC2NODECLASS_GROUP = 'karpenter.k8s.aws';
/** `kind` of EC2NodeClass, used in `nodeClassRef.kind`. */
export const EC2NODECLASS_KIND = 'EC2NodeClass';

/** The parts of Kubernetes `ObjectMeta` a user sets. */
export interface V1ObjectMeta {
  /** Object name (DNS-1123 subdomain). */
  readonly name?: string;
  /** Object labels. */
  readonly labels?: { readonly [key: string]: string };
  /** Object annotations. */
  readonly annotations?: { readonly [key: string]: string };
  /** Any other ObjectMeta field (finalizers, ownerReferences, ...). */
  readonly [field: string]: unknown;
}

// ---------------------------------------------------------------- NodePool (karpenter.sh/v1)

/** A `karpenter.sh/v1` NodePool. */
export interface V1NodePool {
  /** Always `karpenter.sh/v1`. */
  readonly apiVersion: string;
  /** Always `NodePool`. */
  readonly kind: string;
  /** Object metadata; NodePools are cluster-scoped. */
  readonly metadata: V1ObjectMeta;
  /** Desired state. */
  readonly spec: V1NodePoolSpec;
}

/** `NodePool.spec`. */
export interface V1NodePoolSpec {
  /** Template for the NodeClaims this pool launches. */
  readonly template: V1NodeClaimTemplate;
  /** Disruption (consolidation and budgets) settings. */
  readonly disruption?: V1Disruption;
  /** Resource caps, e.g. `{ cpu: '1000', memory: '1000Gi' }`. */
  readonly limits?: { readonly [resource: string]: string | number };
  /** Priority among pools, 1..100. */
  readonly weight?: number;
  /** Fixed node count (static capacity, alpha). */
  readonly replicas?: number;
}

/** `NodePool.spec.template`. */
export interface V1NodeClaimTemplate {
  /** Labels and annotations put on the nodes. */
  readonly metadata?: V1NodeClaimTemplateMetadata;
  /** NodeClaim spec. */
  readonly spec: V1NodeClaimTemplateSpec;
}

/** `NodePool.spec.template.metadata`. */
export interface V1NodeClaimTemplateMetadata {
  /** Node labels. */
  readonly labels?: { readonly [key: string]: string };
  /** Node annotations. */
  readonly annotations?: { readonly [key: string]: string };
}

/** `NodePool.spec.template.spec`. */
export interface V1NodeClaimTemplateSpec {
  /** The node class (EC2NodeClass) nodes are launched with. */
  readonly nodeClassRef: V1NodeClassReference;
  /** Scheduling requirements. */
  readonly requirements: readonly V1NodeSelectorRequirementWithMinValues[];
  /** Taints put on the nodes. */
  readonly taints?: readonly V1Taint[];
  /** Taints put on the nodes at startup, expected to be removed by a DaemonSet. */
  readonly startupTaints?: readonly V1Taint[];
  /** Node lifetime, or `Never`. */
  readonly expireAfter?: string;
  /** Maximum drain time before pods are forcibly deleted. */
  readonly terminationGracePeriod?: string;
}

/** `nodeClassRef`. */
export interface V1NodeClassReference {
  /** API group, `karpenter.k8s.aws`. */
  readonly group: string;
  /** Kind, `EC2NodeClass`. */
  readonly kind: string;
  /** Name of the node class. */
  readonly name: string;
}

/** A node selector requirement with the Karpenter `minValues` extension. */
export interface V1NodeSelectorRequirementWithMinValues {
  /** Label key. */
  readonly key: string;
  /** `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt`, `Lt`, `Gte` or `Lte`. */
  readonly operator: string;
  /** Values; a single integer for the numeric operators. */
  readonly values?: readonly string[];
  /** Minimum number of distinct values the scheduler must keep available (1..50). */
  readonly minValues?: number;
}

/** A node taint. */
export interface V1Taint {
  /** Taint key. */
  readonly key: string;
  /** Taint value. */
  readonly value?: string;
  /** `NoSchedule`, `PreferNoSchedule` or `NoExecute`. */
  readonly effect: string;
  /** RFC 3339 time the taint was added (set by Kubernetes). */
  readonly timeAdded?: string;
}

/** `NodePool.spec.disruption`. */
export interface V1Disruption {
  /** How long to wait before consolidating, or `Never`. Required by the CRD when `disruption` is set. */
  readonly consolidateAfter?: string;
  /** `WhenEmpty`, `WhenEmptyOrUnderutilized` or `Balanced`. */
  readonly consolidationPolicy?: string;
  /** Disruption budgets. */
  readonly budgets?: readonly V1Budget[];
}

/** A disruption budget. */
export interface V1Budget {
  /** Node count (`"5"`) or percentage (`"10%"`). */
  readonly nodes: string;
  /** Cron schedule at which the budget becomes active. */
  readonly schedule?: string;
  /** How long the budget is active after each schedule hit. */
  readonly duration?: string;
  /** Disruption reasons the budget applies to: `Underutilized`, `Empty`, `Drifted`. */
  readonly reasons?: readonly string[];
}

// ------------------------------------------------------- EC2NodeClass (karpenter.k8s.aws/v1)

/** A `karpenter.k8s.aws/v1` EC2NodeClass. */
export interface V1EC2NodeClass {
  /** Always `karpenter.k8s.aws/v1`. */
  readonly apiVersion: string;
  /** Always `EC2NodeClass`. */
  readonly kind: string;
  /** Object metadata; EC2NodeClasses are cluster-scoped. */
  readonly metadata: V1ObjectMeta;
  /** Desired state. */
  readonly spec: V1EC2NodeClassSpec;
}

/** `EC2NodeClass.spec`. */
export interface V1EC2NodeClassSpec {
  /** AMI selector terms (ORed). */
  readonly amiSelectorTerms: readonly V1AMISelectorTerm[];
  /** AMI family (user data format and default block devices). */
  readonly amiFamily?: string;
  /** Subnet selector terms (ORed). */
  readonly subnetSelectorTerms: readonly V1SubnetSelectorTerm[];
  /** Security group selector terms (ORed). */
  readonly securityGroupSelectorTerms: readonly V1SecurityGroupSelectorTerm[];
  /** Capacity reservation selector terms (ORed). */
  readonly capacityReservationSelectorTerms?: readonly V1CapacityReservationSelectorTerm[];
  /** Placement group to launch into. */
  readonly placementGroupSelector?: V1PlacementGroupSelector;
  /** IAM role name for nodes (Karpenter manages the instance profile); excludes `instanceProfile`. */
  readonly role?: string;
  /** Existing instance profile name; excludes `role`. */
  readonly instanceProfile?: string;
  /** Kubelet configuration. */
  readonly kubelet?: V1KubeletConfiguration;
  /** Block device mappings. */
  readonly blockDeviceMappings?: readonly V1BlockDeviceMapping[];
  /** Instance metadata service options. */
  readonly metadataOptions?: V1MetadataOptions;
  /** User data, in the format of the AMI family. */
  readonly userData?: string;
  /** Tags put on EC2 resources Karpenter creates. */
  readonly tags?: { readonly [key: string]: string };
  /** Whether instances get a public IP address. */
  readonly associatePublicIPAddress?: boolean;
  /** Whether detailed monitoring is enabled. */
  readonly detailedMonitoring?: boolean;
  /** How to use instance-store disks: `RAID0`. */
  readonly instanceStorePolicy?: string;
  /** Reserved EC2 Fleet context. */
  readonly context?: string;
  /** Number of IPv4 prefixes assigned to the primary network interface. */
  readonly ipPrefixCount?: number;
  /** CPU options. */
  readonly cpuOptions?: V1CPUOptions;
  /** Idle connection tracking timeouts. */
  readonly connectionTracking?: V1ConnectionTracking;
  /** Network interfaces to attach. */
  readonly networkInterfaces?: readonly V1NetworkInterface[];
}

/** An AMI selector term; its fields are ANDed. */
export interface V1AMISelectorTerm {
  /** EKS-optimized AMI alias `family@version`, e.g. `al2023@latest`. */
  readonly alias?: string;
  /** AMI id. */
  readonly id?: string;
  /** AMI name. */
  readonly name?: string;
  /** AMI owner (account id, `self`, `amazon`, `aws-marketplace`). */
  readonly owner?: string;
  /** SSM parameter holding the AMI id. */
  readonly ssmParameter?: string;
  /** AMI tags; `*` matches any value. */
  readonly tags?: { readonly [key: string]: string };
}

/** A subnet selector term. */
export interface V1SubnetSelectorTerm {
  /** Subnet id. */
  readonly id?: string;
  /** Subnet tags; `*` matches any value. */
  readonly tags?: { readonly [key: string]: string };
}

/** A security group selector term. */
export interface V1SecurityGroupSelectorTerm {
  /** Security group id. */
  readonly id?: string;
  /** Security group name (not the Name tag). */
  readonly name?: string;
  /** Security group tags; `*` matches any value. */
  readonly tags?: { readonly [key: string]: string };
}

/** A capacity reservation selector term. */
export interface V1CapacityReservationSelectorTerm {
  /** Capacity reservation id. */
  readonly id?: string;
  /** Owning account id. */
  readonly ownerID?: string;
  /** `open` or `targeted`. */
  readonly instanceMatchCriteria?: string;
  /** Capacity reservation tags. */
  readonly tags?: { readonly [key: string]: string };
}

/** Placement group selector: exactly one of `id` and `name`. */
export interface V1PlacementGroupSelector {
  /** Placement group id. */
  readonly id?: string;
  /** Placement group name. */
  readonly name?: string;
}

/** `EC2NodeClass.spec.kubelet`. */
export interface V1KubeletConfiguration {
  /** Cluster DNS server IPs. */
  readonly clusterDNS?: readonly string[];
  /** CPU CFS quota enforcement. */
  readonly cpuCFSQuota?: boolean;
  /** Hard eviction thresholds by signal. */
  readonly evictionHard?: { readonly [signal: string]: string };
  /** Soft eviction thresholds by signal. */
  readonly evictionSoft?: { readonly [signal: string]: string };
  /** Soft eviction grace periods by signal. */
  readonly evictionSoftGracePeriod?: { readonly [signal: string]: string };
  /** Maximum pod grace period (seconds) for soft evictions. */
  readonly evictionMaxPodGracePeriod?: number;
  /** Disk usage percent above which image GC always runs. */
  readonly imageGCHighThresholdPercent?: number;
  /** Disk usage percent below which image GC never runs. */
  readonly imageGCLowThresholdPercent?: number;
  /** Resources reserved for Kubernetes components. */
  readonly kubeReserved?: { readonly [resource: string]: string };
  /** Resources reserved for the OS. */
  readonly systemReserved?: { readonly [resource: string]: string };
  /** Maximum pods per node. */
  readonly maxPods?: number;
  /** Pods per CPU core. */
  readonly podsPerCore?: number;
}

/** A block device mapping. */
export interface V1BlockDeviceMapping {
  /** Device name, e.g. `/dev/xvda`. */
  readonly deviceName?: string;
  /** EBS volume settings. */
  readonly ebs?: V1BlockDevice;
  /** Whether this device holds the kubelet root directory (at most one). */
  readonly rootVolume?: boolean;
}

/** EBS settings of a block device mapping. */
export interface V1BlockDevice {
  /** Delete the volume on instance termination. */
  readonly deleteOnTermination?: boolean;
  /** Encrypt the volume. */
  readonly encrypted?: boolean;
  /** Provisioned IOPS. */
  readonly iops?: number;
  /** KMS key for encryption. */
  readonly kmsKeyID?: string;
  /** Snapshot to create the volume from. */
  readonly snapshotID?: string;
  /** gp3 throughput in MiB/s. */
  readonly throughput?: number;
  /** Volume initialization rate in MiB/s (needs `snapshotID`). */
  readonly volumeInitializationRate?: number;
  /** Size, e.g. `100Gi`. */
  readonly volumeSize?: string;
  /** `standard`, `io1`, `io2`, `gp2`, `sc1`, `st1` or `gp3`. */
  readonly volumeType?: string;
}

/** Instance metadata service options. */
export interface V1MetadataOptions {
  /** `enabled` or `disabled`. */
  readonly httpEndpoint?: string;
  /** `enabled` or `disabled`. */
  readonly httpProtocolIPv6?: string;
  /** 1..64. */
  readonly httpPutResponseHopLimit?: number;
  /** `required` or `optional`. */
  readonly httpTokens?: string;
}

/** CPU options. */
export interface V1CPUOptions {
  /** `enabled` or `disabled`. */
  readonly nestedVirtualization?: string;
}

/** Idle connection tracking timeouts, in seconds. */
export interface V1ConnectionTracking {
  /** 60..432000. */
  readonly tcpEstablishedTimeout?: number;
  /** 60..180. */
  readonly udpStreamTimeout?: number;
  /** 30..60. */
  readonly udpTimeout?: number;
}

/** A network interface attachment. */
export interface V1NetworkInterface {
  /** Device index. */
  readonly deviceIndex: number;
  /** `interface` or `efa-only`. */
  readonly interfaceType: string;
  /** Network card index. */
  readonly networkCardIndex: number;
}
