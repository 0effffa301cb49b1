// Label and taint syntax, and the label restrictions of the Karpenter 1.14 CRDs.
import { DNS1123_SUBDOMAIN_PATTERN } from '../shared/kubernetes-names';
import { SuggestionIndex, suggestOne } from '../shared/suggest';
import { lookupTable } from '../json';

/** Well-known node label keys Karpenter (core and the AWS provider) understands. */
export enum WellKnownLabel {
  /** CPU architecture: `amd64` or `arm64`. */
  ARCH = 'kubernetes.io/arch',
  /** Operating system: `linux` or `windows`. */
  OS = 'kubernetes.io/os',
  /** `spot`, `on-demand` or `reserved`. */
  CAPACITY_TYPE = 'karpenter.sh/capacity-type',
  /** Set by Karpenter on every node it launches; restricted in NodePools. */
  NODEPOOL = 'karpenter.sh/nodepool',
  /** Availability zone name, e.g. `us-east-1a`. */
  ZONE = 'topology.kubernetes.io/zone',
  /** Region, e.g. `us-east-1`. */
  REGION = 'topology.kubernetes.io/region',
  /** Availability zone id, e.g. `use1-az1`. */
  ZONE_ID = 'topology.k8s.aws/zone-id',
  /** EC2 instance type, e.g. `m5.large`. */
  INSTANCE_TYPE = 'node.kubernetes.io/instance-type',
  /** Windows build number. */
  WINDOWS_BUILD = 'node.kubernetes.io/windows-build',
  /** Instance category, e.g. `c`, `m`, `r`. */
  INSTANCE_CATEGORY = 'karpenter.k8s.aws/instance-category',
  /** Instance family, e.g. `m5`, `c7g`. */
  INSTANCE_FAMILY = 'karpenter.k8s.aws/instance-family',
  /** Instance generation number, e.g. `5`. */
  INSTANCE_GENERATION = 'karpenter.k8s.aws/instance-generation',
  /** Instance size, e.g. `large`, `2xlarge`. */
  INSTANCE_SIZE = 'karpenter.k8s.aws/instance-size',
  /** Number of vCPUs. */
  INSTANCE_CPU = 'karpenter.k8s.aws/instance-cpu',
  /** CPU manufacturer: `intel`, `amd` or `aws`. */
  INSTANCE_CPU_MANUFACTURER = 'karpenter.k8s.aws/instance-cpu-manufacturer',
  /** Sustained CPU clock speed in MHz. */
  INSTANCE_CPU_SUSTAINED_CLOCK_SPEED_MHZ = 'karpenter.k8s.aws/instance-cpu-sustained-clock-speed-mhz',
  /** Memory in MiB. */
  INSTANCE_MEMORY = 'karpenter.k8s.aws/instance-memory',
  /** EBS bandwidth in Mbps. */
  INSTANCE_EBS_BANDWIDTH = 'karpenter.k8s.aws/instance-ebs-bandwidth',
  /** Network bandwidth in Mbps. */
  INSTANCE_NETWORK_BANDWIDTH = 'karpenter.k8s.aws/instance-network-bandwidth',
  /** GPU name, e.g. `t4`. */
  INSTANCE_GPU_NAME = 'karpenter.k8s.aws/instance-gpu-name',
  /** GPU manufacturer, e.g. `nvidia`. */
  INSTANCE_GPU_MANUFACTURER = 'karpenter.k8s.aws/instance-gpu-manufacturer',
  /** Number of GPUs. */
  INSTANCE_GPU_COUNT = 'karpenter.k8s.aws/instance-gpu-count',
  /** GPU memory in MiB. */
  INSTANCE_GPU_MEMORY = 'karpenter.k8s.aws/instance-gpu-memory',
  /** Accelerator name, e.g. `inferentia`. */
  INSTANCE_ACCELERATOR_NAME = 'karpenter.k8s.aws/instance-accelerator-name',
  /** Accelerator manufacturer. */
  INSTANCE_ACCELERATOR_MANUFACTURER = 'karpenter.k8s.aws/instance-accelerator-manufacturer',
  /** Number of accelerators. */
  INSTANCE_ACCELERATOR_COUNT = 'karpenter.k8s.aws/instance-accelerator-count',
  /** Hypervisor: `nitro` or `xen`. */
  INSTANCE_HYPERVISOR = 'karpenter.k8s.aws/instance-hypervisor',
  /** Whether the instance supports encryption in transit. */
  INSTANCE_ENCRYPTION_IN_TRANSIT_SUPPORTED = 'karpenter.k8s.aws/instance-encryption-in-transit-supported',
  /** Local NVMe storage in GiB. */
  INSTANCE_LOCAL_NVME = 'karpenter.k8s.aws/instance-local-nvme',
  /** Instance tenancy. */
  INSTANCE_TENANCY = 'karpenter.k8s.aws/instance-tenancy',
  /** Whether the instance is a flex instance. */
  INSTANCE_CAPABILITY_FLEX = 'karpenter.k8s.aws/instance-capability-flex',
  /** Capacity reservation id. */
  CAPACITY_RESERVATION_ID = 'karpenter.k8s.aws/capacity-reservation-id',
  /** Capacity reservation type: `default` or `capacity-block`. */
  CAPACITY_RESERVATION_TYPE = 'karpenter.k8s.aws/capacity-reservation-type',
  /** Whether the capacity reservation is interruptible. */
  CAPACITY_RESERVATION_INTERRUPTIBLE = 'karpenter.k8s.aws/capacity-reservation-interruptible',
  /** Placement group id. */
  PLACEMENT_GROUP_ID = 'karpenter.k8s.aws/placement-group-id',
  /** Placement group partition number. */
  PLACEMENT_GROUP_PARTITION = 'karpenter.k8s.aws/placement-group-partition',
  /** Name of the EC2NodeClass a node was launched from. */
  EC2NODECLASS = 'karpenter.k8s.aws/ec2nodeclass',
}

/** The `karpenter.k8s.aws` label keys the CRD's "label domain is restricted" rule allows. */
export const ALLOWED_KARPENTER_AWS_LABELS: readonly string[] = [
  'karpenter.k8s.aws/instance-tenancy',
  'karpenter.k8s.aws/capacity-reservation-type',
  'karpenter.k8s.aws/capacity-reservation-id',
  'karpenter.k8s.aws/capacity-reservation-interruptible',
  'karpenter.k8s.aws/ec2nodeclass',
  'karpenter.k8s.aws/instance-encryption-in-transit-supported',
  'karpenter.k8s.aws/instance-category',
  'karpenter.k8s.aws/instance-hypervisor',
  'karpenter.k8s.aws/instance-family',
  'karpenter.k8s.aws/instance-generation',
  'karpenter.k8s.aws/instance-local-nvme',
  'karpenter.k8s.aws/instance-size',
  'karpenter.k8s.aws/instance-cpu',
  'karpenter.k8s.aws/instance-cpu-manufacturer',
  'karpenter.k8s.aws/instance-cpu-sustained-clock-speed-mhz',
  'karpenter.k8s.aws/instance-memory',
  'karpenter.k8s.aws/instance-ebs-bandwidth',
  'karpenter.k8s.aws/instance-network-bandwidth',
  'karpenter.k8s.aws/instance-gpu-name',
  'karpenter.k8s.aws/instance-gpu-manufacturer',
  'karpenter.k8s.aws/instance-gpu-count',
  'karpenter.k8s.aws/instance-gpu-memory',
  'karpenter.k8s.aws/instance-accelerator-name',
  'karpenter.k8s.aws/instance-accelerator-manufacturer',
  'karpenter.k8s.aws/instance-accelerator-count',
  'karpenter.k8s.aws/instance-capability-flex',
  'karpenter.k8s.aws/placement-group-id',
  'karpenter.k8s.aws/placement-group-partition',
];

/** The `karpenter.sh` label keys the CRD's "label domain is restricted" rule allows. */
export const ALLOWED_KARPENTER_SH_LABELS: readonly string[] = ['karpenter.sh/capacity-type', 'karpenter.sh/nodepool'];

/**
 * Label values Karpenter knows (its `WellKnownValuesForRequirements`, with the AWS provider's
 * tenancy): a NodePool whose `In` requirement on such a key lists none of them never becomes Ready.
 */
export const KARPENTER_KNOWN_VALUES: { readonly [key: string]: readonly string[] } = lookupTable({
  [WellKnownLabel.CAPACITY_TYPE]: ['on-demand', 'spot', 'reserved'],
  [WellKnownLabel.INSTANCE_TENANCY]: ['default', 'dedicated'],
});

/**
 * Karpenter's `WellKnownLabels` at v1.14.1: kubernetes-sigs/karpenter pkg/apis/v1/labels.go:75-84 and what
 * aws/karpenter-provider-aws pkg/apis/v1/labels.go:33-63 inserts, which are every `WellKnownLabel` but the node
 * class label (test/core/lints/label-keys.test.ts checks them against those lines). A NodePool requirement on one
 * of them narrows what Karpenter launches; on a key a letter off, it is a custom label that narrows nothing.
 */
export const KARPENTER_WELL_KNOWN_LABELS: readonly string[] = Object.values(WellKnownLabel).filter((k) => k !== WellKnownLabel.EC2NODECLASS);

/** The aliases Karpenter translates into well-known labels, its `NormalizedLabels` (core pkg/apis/v1/labels.go:121-127). */
export const NORMALIZED_LABELS: readonly string[] = [
  'failure-domain.beta.kubernetes.io/zone',
  'beta.kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/instance-type',
  'failure-domain.beta.kubernetes.io/region',
];

/** What a key may be a typo of: the well-known keys a NodePool may name (not karpenter.sh/nodepool, which it may not), and their aliases. */
const SUGGESTED_KEYS = [...KARPENTER_WELL_KNOWN_LABELS.filter((k) => k !== WellKnownLabel.NODEPOOL), ...NORMALIZED_LABELS];
/** Keys that are no typo though not suggested: the restricted ones (their own errors say so) and the node class label. */
const NO_TYPO = new Set<string>([...SUGGESTED_KEYS, WellKnownLabel.NODEPOOL, 'kubernetes.io/hostname', WellKnownLabel.EC2NODECLASS]);
let keyIndex: SuggestionIndex | undefined;
// An app writes the same custom keys on many NodePools (a team label on each): each is searched once per process.
// The keys are user input, so the cache is bounded in entries and in the length of each.
const nearKeys = new Map<string, string | undefined>();
const NEAR_KEYS_KEPT = 1024;
/** A qualified key's longest valid form: a 253-character prefix, `/`, a 63-character name. */
const MAX_LABEL_KEY_LENGTH = 253 + 1 + 63;

/**
 * The well-known label key `key` is a near miss of (`kubernetes.io/arc`: `kubernetes.io/arch`): one it
 * extends by up to two characters, or two edits away; undefined for a well-known key or one not that close
 * (`team`, `example.com/zone`), or when several are as close.
 */
export function nearWellKnownLabel(key: string): string | undefined {
  if (NO_TYPO.has(key)) return undefined;
  if (nearKeys.has(key)) return nearKeys.get(key);
  const near = suggestOne(key, (keyIndex ??= new SuggestionIndex(SUGGESTED_KEYS)), { maxDistance: 2 });
  if (nearKeys.size < NEAR_KEYS_KEPT && key.length <= MAX_LABEL_KEY_LENGTH) nearKeys.set(key, near);
  return near;
}

/** CRD pattern of a label value (template labels, requirement values); max 63 characters. */
export const LABEL_VALUE_PATTERN = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
/** CRD pattern of a requirement key, a taint key and a taint value. */
export const QUALIFIED_KEY_PATTERN =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

/** Length in Unicode code points, as Kubernetes counts `maxLength`. */
export function runeLength(s: string): number {
  // UTF-16 units less one per surrogate pair, as `[...s].length` counts, without the array.
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** CEL `s.find("^([^/]+)")`: the text before the first `/`, or "" when there is none to find. */
export function celLabelDomain(key: string): string {
  return /^([^/]+)/.exec(key)?.[0] ?? '';
}

/** One CRD label rule a key breaks. */
export interface LabelRestriction {
  readonly code: string;
  /** The CRD's own message for the rule. */
  readonly crdMessage: string;
}

/**
 * The four CEL rules on template label keys and requirement keys, exactly as the NodePool CRD
 * expresses them (note `endsWith` without a dot: `notkarpenter.sh/x` is restricted too).
 */
export function labelRestrictions(key: string): LabelRestriction[] {
  const out: LabelRestriction[] = [];
  const domain = celLabelDomain(key);
  if (!ALLOWED_KARPENTER_SH_LABELS.includes(key) && domain.endsWith('karpenter.sh')) {
    out.push({ code: 'RestrictedLabelDomain', crdMessage: 'label domain "karpenter.sh" is restricted' });
  }
  if (key === 'karpenter.sh/nodepool') {
    out.push({ code: 'RestrictedLabel', crdMessage: 'label "karpenter.sh/nodepool" is restricted' });
  }
  if (key === 'kubernetes.io/hostname') {
    out.push({ code: 'RestrictedLabel', crdMessage: 'label "kubernetes.io/hostname" is restricted' });
  }
  if (!ALLOWED_KARPENTER_AWS_LABELS.includes(key) && domain.endsWith('karpenter.k8s.aws')) {
    out.push({ code: 'RestrictedLabelDomain', crdMessage: 'label domain "karpenter.k8s.aws" is restricted' });
  }
  return out;
}

/** Kubernetes `IsDNS1123Subdomain`: problems, empty when valid. */
export function dns1123SubdomainProblems(value: string): string[] {
  const out: string[] = [];
  if (value.length > 253) out.push(`must be no more than 253 characters (got ${value.length})`);
  if (!DNS1123_SUBDOMAIN_PATTERN.test(value)) {
    out.push("must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}

/** Kubernetes `IsQualifiedName` (label, annotation and taint keys): problems, empty when valid. */
export function qualifiedNameProblems(value: string): string[] {
  const parts = value.split('/');
  let name: string;
  const out: string[] = [];
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const [prefix, n] = parts;
    name = n;
    if (prefix.length === 0) out.push('prefix part must be non-empty');
    else out.push(...dns1123SubdomainProblems(prefix).map((p) => `prefix part ${p}`));
  } else {
    return ["a qualified name must consist of an optional DNS subdomain prefix and '/', then a name"];
  }
  if (name.length === 0) out.push('name part must be non-empty');
  else if (name.length > 63) out.push(`name part must be no more than 63 characters (got ${name.length})`);
  if (name.length > 0 && !QUALIFIED_NAME_PART.test(name)) {
    out.push("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}

/** Kubernetes `IsValidLabelValue`: problems, empty when valid. */
export function labelValueProblems(value: string): string[] {
  const out: string[] = [];
  if (value.length > 63) out.push(`must be no more than 63 characters (got ${value.length})`);
  if (!LABEL_VALUE_PATTERN.test(value)) {
    out.push("must be empty or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}
