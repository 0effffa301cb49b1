// Capacity and allocatable of an instance type under an EC2NodeClass, with the AWS provider's formulas
// (aws/karpenter-provider-aws release-v1.14.1, pkg/providers/instancetype/types.go: computeCapacity,
// memory, ephemeralStorage, pods, kubeReservedResources, evictionThreshold; amifamily feature flags).
import { AmiFamily } from '../model/ami-family';
import { WellKnownLabel } from '../model/labels';
import { CPU, EPHEMERAL_STORAGE, GI, MEMORY, MI, MILLICORES_PER_CORE, PODS, resourceAmount } from '../shared/quantity';
import { InstanceType, ResourceAmounts } from './simulation-types';
import { emptyRecord, lookupTable } from '../json';

/** `--vm-memory-overhead-percent`'s default (aws pkg/operator/options/options.go). */
export const VM_MEMORY_OVERHEAD_PERCENT = 0.075;
/** Graviton reserves 64 MiB for CMA that pods cannot use. */
const ARM64_CMA_MIB = 64;
/** `amifamily.DefaultEBS`: the root volume when no block device mapping says otherwise. */
const DEFAULT_VOLUME_BYTES = 20 * GI;
const WINDOWS_VOLUME_BYTES = 50 * GI;
/** Pods per node where the family has no ENI-limited density (Windows). */
const DEFAULT_MAX_PODS = 110;
/** kube-reserved cpu: a share of each tier of millicores (kubeReservedResources). */
const KUBE_RESERVED_CPU_TIERS = [
  { start: 0, end: 1000, pct: 0.06 },
  { start: 1000, end: 2000, pct: 0.01 },
  { start: 2000, end: 4000, pct: 0.005 },
  { start: 4000, end: 2 ** 31, pct: 0.0025 },
];
const MEMORY_AVAILABLE = 'memory.available';
const NODEFS_AVAILABLE = 'nodefs.available';

/** How an AMI family shapes pods and storage (amifamily FeatureFlags, EphemeralBlockDevice, DefaultBlockDeviceMappings). */
interface FamilyTraits {
  /** kube-reserved memory counts the ENI-limited pods, ignoring maxPods (UsesENILimitedMemoryOverhead). */
  readonly eniLimitedMemoryOverhead: boolean;
  readonly podsPerCore: boolean;
  readonly eniLimitedPodDensity: boolean;
  /** The device that holds ephemeral storage; undefined for Custom (its last mapping counts). */
  readonly ephemeralDevice?: string;
  readonly defaultVolumeBytes: number;
}

const LINUX: FamilyTraits = {
  eniLimitedMemoryOverhead: true,
  podsPerCore: true,
  eniLimitedPodDensity: true,
  ephemeralDevice: '/dev/xvda',
  defaultVolumeBytes: DEFAULT_VOLUME_BYTES,
};
const WINDOWS: FamilyTraits = {
  eniLimitedMemoryOverhead: false,
  podsPerCore: true,
  eniLimitedPodDensity: false,
  ephemeralDevice: '/dev/sda1',
  defaultVolumeBytes: WINDOWS_VOLUME_BYTES,
};
const FAMILY_TRAITS: Readonly<Record<string, FamilyTraits>> = lookupTable({
  [AmiFamily.AL2]: LINUX,
  [AmiFamily.AL2023]: LINUX,
  [AmiFamily.CUSTOM]: { ...LINUX, ephemeralDevice: undefined },
  [AmiFamily.BOTTLEROCKET]: {
    eniLimitedMemoryOverhead: false,
    podsPerCore: false,
    eniLimitedPodDensity: true,
    ephemeralDevice: '/dev/xvdb',
    defaultVolumeBytes: DEFAULT_VOLUME_BYTES,
  },
  [AmiFamily.WINDOWS_2019]: WINDOWS,
  [AmiFamily.WINDOWS_2022]: WINDOWS,
  [AmiFamily.WINDOWS_2025]: WINDOWS,
});

/** True for the Windows AMI families. */
export function isWindowsFamily(amiFamily: string): boolean {
  return FAMILY_TRAITS[amiFamily] === WINDOWS;
}

/** What of an EC2NodeClass changes capacity and allocatable, already parsed into base units. */
export interface NodeResourceSettings {
  /** The AMI family (`spec.amiFamily`, else the alias's family). */
  readonly amiFamily: string;
  readonly maxPods?: number;
  readonly podsPerCore?: number;
  /** `kubelet.kubeReserved`, replacing the computed defaults key by key. */
  readonly kubeReserved?: ResourceAmounts;
  readonly systemReserved?: ResourceAmounts;
  /** `kubelet.evictionHard` signals as written (`100Mi`, `10%`). */
  readonly evictionHard?: Readonly<Record<string, string>>;
  /** `blockDeviceMappings`, as device name, volume size (bytes) and root flag. */
  readonly blockDeviceMappings?: readonly { readonly deviceName?: string; readonly volumeBytes?: number; readonly rootVolume?: boolean }[];
  /** `instanceStorePolicy: RAID0`: instance storage (NVMe, from instance-local-nvme) becomes ephemeral storage. */
  readonly raid0?: boolean;
}

/** The catalog's own assumptions: AL2023, no kubelet block, no block devices. */
export const CATALOG_SETTINGS: NodeResourceSettings = { amiFamily: AmiFamily.AL2023 };

function traitsOf(s: NodeResourceSettings): FamilyTraits {
  return FAMILY_TRAITS[s.amiFamily] ?? LINUX;
}

/** Memory capacity in bytes from the instance-memory label (MiB), after Graviton CMA and VM overhead. */
export function memoryCapacity(memoryMiB: number, arch: string | undefined): number {
  const m = memoryMiB - (arch === 'arm64' ? ARM64_CMA_MIB : 0);
  return (m - Math.ceil(m * VM_MEMORY_OVERHEAD_PERCENT)) * MI;
}

function ephemeralCapacity(it: InstanceType, s: NodeResourceSettings, traits: FamilyTraits): number {
  // instance-local-nvme is TotalSizeInGB for NVMe stores; other stores are not in the catalog.
  const nvme = s.raid0 ? Number(it.labels[WellKnownLabel.INSTANCE_LOCAL_NVME]) : NaN;
  if (Number.isFinite(nvme) && nvme > 0) return nvme * 1e9;
  const bdms = s.blockDeviceMappings ?? [];
  if (bdms.length > 0) {
    const root = bdms.find((b) => b.rootVolume);
    if (root?.volumeBytes !== undefined) return root.volumeBytes;
    if (traits.ephemeralDevice === undefined) return bdms[bdms.length - 1].volumeBytes ?? DEFAULT_VOLUME_BYTES;
    const dev = bdms.find((b) => b.deviceName === traits.ephemeralDevice);
    if (dev?.volumeBytes !== undefined) return dev.volumeBytes;
  }
  return traits.defaultVolumeBytes;
}

/** ENI-limited pods with no reserved ENIs: the catalog's `pods`, under its own assumptions. */
function eniLimitedPods(it: InstanceType): number {
  return it.capacity[PODS] ?? 0;
}

function podCapacity(it: InstanceType, s: NodeResourceSettings, traits: FamilyTraits): number {
  let count = s.maxPods !== undefined ? s.maxPods : traits.eniLimitedPodDensity ? eniLimitedPods(it) : DEFAULT_MAX_PODS;
  const vcpus = (it.capacity[CPU] ?? 0) / MILLICORES_PER_CORE;
  if ((s.podsPerCore ?? 0) > 0 && traits.podsPerCore) count = Math.min(s.podsPerCore! * vcpus, count);
  return count;
}

/**
 * Capacity under a node class. `it.capacity` must be the catalog's (AL2023, no kubelet, no block devices):
 * its `pods` is taken as the ENI-limited pod count.
 */
export function capacityFor(it: InstanceType, s: NodeResourceSettings): ResourceAmounts {
  if (s === CATALOG_SETTINGS) return it.capacity;
  const traits = traitsOf(s);
  return { ...it.capacity, [EPHEMERAL_STORAGE]: ephemeralCapacity(it, s, traits), [PODS]: podCapacity(it, s, traits) };
}

function kubeReservedCpu(millicores: number): number {
  let total = 0;
  for (const t of KUBE_RESERVED_CPU_TIERS) {
    if (millicores < t.start) continue;
    const r = millicores < t.end ? millicores - t.start : t.end - t.start;
    total += Math.trunc(r * t.pct);
  }
  return total;
}

function evictionSignal(capacity: number, value: string): number | undefined {
  if (value.endsWith('%')) {
    let p = Number(value.slice(0, -1));
    if (!Number.isFinite(p)) return undefined;
    if (p === 100) p = 0; // 100% disables the threshold
    return Math.ceil((capacity / 100) * p);
  }
  return resourceAmount(MEMORY, value);
}

/** kube-reserved + system-reserved + eviction-hard, the overhead Karpenter subtracts from capacity. */
export function overheadFor(it: InstanceType, s: NodeResourceSettings, capacity: ResourceAmounts = capacityFor(it, s)): ResourceAmounts {
  const traits = traitsOf(s);
  const podsForMemory = traits.eniLimitedMemoryOverhead ? eniLimitedPods(it) : capacity[PODS];
  let cpu = kubeReservedCpu(capacity[CPU]);
  let memory = (11 * podsForMemory + 255) * MI;
  let storage = GI;
  const extra = emptyRecord<number>();
  // kubeReserved replaces the computed defaults key by key; systemReserved and eviction add to them.
  for (const [part, replace] of [
    [s.kubeReserved, true],
    [s.systemReserved, false],
  ] as const) {
    if (!part) continue;
    for (const k in part) {
      const v = part[k];
      if (k === CPU) cpu = replace ? v : cpu + v;
      else if (k === MEMORY) memory = replace ? v : memory + v;
      else if (k === EPHEMERAL_STORAGE) storage = replace ? v : storage + v;
      else extra[k] = replace ? v : (extra[k] ?? 0) + v;
    }
  }
  const hard = s.evictionHard;
  let evictMemory = 100 * MI;
  let evictStorage = Math.ceil((capacity[EPHEMERAL_STORAGE] / 100) * 10);
  if (hard?.[MEMORY_AVAILABLE] !== undefined) evictMemory = evictionSignal(capacity[MEMORY], hard[MEMORY_AVAILABLE]) ?? evictMemory;
  if (hard?.[NODEFS_AVAILABLE] !== undefined) evictStorage = evictionSignal(capacity[EPHEMERAL_STORAGE], hard[NODEFS_AVAILABLE]) ?? evictStorage;
  return { ...extra, [CPU]: cpu, [MEMORY]: memory + evictMemory, [EPHEMERAL_STORAGE]: storage + evictStorage };
}

/** Allocatable = capacity − overhead, per resource the capacity lists; negative results are kept (the type then fits nothing). */
export function allocatableFor(it: InstanceType, s: NodeResourceSettings): ResourceAmounts {
  const capacity = capacityFor(it, s);
  const out: Record<string, number> = { ...capacity };
  if (s.kubeReserved === undefined && s.systemReserved === undefined && s.evictionHard === undefined) {
    // The common case without temporaries.
    const traits = traitsOf(s);
    const pods = traits.eniLimitedMemoryOverhead ? eniLimitedPods(it) : capacity[PODS];
    out[CPU] = capacity[CPU] - kubeReservedCpu(capacity[CPU]);
    out[MEMORY] = capacity[MEMORY] - (11 * pods + 255) * MI - 100 * MI;
    out[EPHEMERAL_STORAGE] = capacity[EPHEMERAL_STORAGE] - GI - Math.ceil((capacity[EPHEMERAL_STORAGE] / 100) * 10);
    return out;
  }
  const overhead = overheadFor(it, s, capacity);
  for (const k in overhead) if (Object.hasOwn(out, k)) out[k] -= overhead[k];
  return out;
}
