// The kubelet settings of an EC2NodeClass (`spec.kubelet`): their typed form and the JSON Karpenter reads.
import { opt } from '../json';
import { KarpenterDuration } from '../model/duration';
import { Quantity } from '../model/quantity-builder';
import { V1KubeletConfiguration } from '../model/types';

/** Kubelet eviction signals. */
export enum EvictionSignal {
  /** Available memory. */
  MEMORY_AVAILABLE = 'memory.available',
  /** Available node filesystem space. */
  NODEFS_AVAILABLE = 'nodefs.available',
  /** Free node filesystem inodes. */
  NODEFS_INODES_FREE = 'nodefs.inodesFree',
  /** Available image filesystem space. */
  IMAGEFS_AVAILABLE = 'imagefs.available',
  /** Free image filesystem inodes. */
  IMAGEFS_INODES_FREE = 'imagefs.inodesFree',
  /** Available process ids. */
  PID_AVAILABLE = 'pid.available',
}

/** Resources `kubeReserved` / `systemReserved` accept. */
export enum ReservedResource {
  /** CPU. */
  CPU = 'cpu',
  /** Memory. */
  MEMORY = 'memory',
  /** Ephemeral storage. */
  EPHEMERAL_STORAGE = 'ephemeral-storage',
  /** Process ids. */
  PID = 'pid',
}

/** Kubelet settings (`spec.kubelet`); field names are the CRD's. */
export interface KubeletConfiguration {
  /**
   * Cluster DNS server IPs.
   * @default - from the AMI's bootstrap (the cluster's kube-dns service)
   */
  readonly clusterDNS?: string[];
  /**
   * Enforce CPU CFS quota for containers with CPU limits.
   * @default - kubelet default (true)
   */
  readonly cpuCFSQuota?: boolean;
  /**
   * Hard eviction thresholds, e.g. `{ 'memory.available': '5%' }`.
   * @default - kubelet defaults
   */
  readonly evictionHard?: { readonly [signal in EvictionSignal]?: string };
  /**
   * Soft eviction thresholds; each needs an `evictionSoftGracePeriod` entry.
   * @default - none
   */
  readonly evictionSoft?: { readonly [signal in EvictionSignal]?: string };
  /**
   * Grace periods of the soft thresholds; each needs an `evictionSoft` entry. Kubelet takes a
   * Go duration, so `KarpenterDuration.never()` is rejected.
   * @default - none
   */
  readonly evictionSoftGracePeriod?: { readonly [signal in EvictionSignal]?: KarpenterDuration };
  /**
   * Maximum pod grace period (seconds) for soft evictions.
   * @default - kubelet default
   */
  readonly evictionMaxPodGracePeriod?: number;
  /**
   * Disk usage percent (0..100) above which image GC always runs; greater than the low threshold.
   * @default - kubelet default (85)
   */
  readonly imageGCHighThresholdPercent?: number;
  /**
   * Disk usage percent (0..100) below which image GC never runs.
   * @default - kubelet default (80)
   */
  readonly imageGCLowThresholdPercent?: number;
  /**
   * Resources reserved for Kubernetes components.
   * @default - computed by Karpenter from the instance type
   */
  readonly kubeReserved?: { readonly [resource in ReservedResource]?: Quantity };
  /**
   * Resources reserved for the OS.
   * @default - none
   */
  readonly systemReserved?: { readonly [resource in ReservedResource]?: Quantity };
  /**
   * Maximum pods per node.
   * @default - computed from the instance's ENI limits
   */
  readonly maxPods?: number;
  /**
   * Pods per CPU core (capped by maxPods).
   * @default - no per-core limit
   */
  readonly podsPerCore?: number;
}

function mapValues<T>(m: { readonly [k: string]: T | undefined } | undefined, f: (v: T) => string): { [k: string]: string } | undefined {
  if (m === undefined) return undefined;
  return Object.fromEntries(Object.entries(m).flatMap(([k, v]) => (v === undefined ? [] : [[k, f(v)]])));
}

/** The `spec.kubelet` JSON of checked kubelet settings. */
export function kubeletJson(k: KubeletConfiguration): V1KubeletConfiguration {
  return {
    ...opt('clusterDNS', k.clusterDNS && [...k.clusterDNS]),
    ...opt('cpuCFSQuota', k.cpuCFSQuota),
    ...opt(
      'evictionHard',
      mapValues(k.evictionHard, (v) => v),
    ),
    ...opt(
      'evictionSoft',
      mapValues(k.evictionSoft, (v) => v),
    ),
    ...opt(
      'evictionSoftGracePeriod',
      mapValues(k.evictionSoftGracePeriod, (v) => v.toString()),
    ),
    ...opt('evictionMaxPodGracePeriod', k.evictionMaxPodGracePeriod),
    ...opt('imageGCHighThresholdPercent', k.imageGCHighThresholdPercent),
    ...opt('imageGCLowThresholdPercent', k.imageGCLowThresholdPercent),
    ...opt(
      'kubeReserved',
      mapValues(k.kubeReserved, (v) => v.toString()),
    ),
    ...opt(
      'systemReserved',
      mapValues(k.systemReserved, (v) => v.toString()),
    ),
    ...opt('maxPods', k.maxPods),
    ...opt('podsPerCore', k.podsPerCore),
  };
}
