import { KubernetesVersion } from './kubernetes-version';
import { NodeGroupScaling, validateControllerScaling } from './node-group-scaling';
import { HttpTokens, VolumeType } from '../shared/ec2';
import { CONTROLLER_NODE_LABEL_KEY, CONTROLLER_NODE_LABEL_VALUE, CRITICAL_ADDONS_ONLY_TAINT_KEY } from '../shared/controller-nodes';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { ControllerNodes } from './karpenter-aws-attributes';

/** AMI families for the controller nodes. */
export enum NodeGroupAmiType {
  /** Amazon Linux 2023, x86_64. */
  AL2023_X86_64_STANDARD = 'AL2023_x86_64_STANDARD',
  /** Amazon Linux 2023, arm64 (Graviton instance types). */
  AL2023_ARM_64_STANDARD = 'AL2023_ARM_64_STANDARD',
  /** Bottlerocket, x86_64. */
  BOTTLEROCKET_X86_64 = 'BOTTLEROCKET_x86_64',
  /** Bottlerocket, arm64 (Graviton instance types). */
  BOTTLEROCKET_ARM_64 = 'BOTTLEROCKET_ARM_64',
}

// Sized for 2 controller replicas (1 CPU / 1Gi each per the guide) plus coredns; several
// types so the group still launches when one type is short in a zone. One list per AMI
// architecture: EKS rejects instance types that do not match the AMI type.
const DEFAULT_X86_64_INSTANCE_TYPES = ['m7i.large', 'm6i.large', 'm5.large'];
const DEFAULT_ARM_64_INSTANCE_TYPES = ['m7g.large', 'm6g.large'];
const DEFAULT_MIN_SIZE = 2;
const DEFAULT_DESIRED_SIZE = 2;
const DEFAULT_MAX_SIZE = 3;
const DEFAULT_NAME_PREFIX = 'karpenter-controller-';
const INSTANCE_TYPE_PATTERN = /^[a-z][a-z0-9-]*\.[a-z0-9]+$/;

// Launch template defaults, as terraform-aws-eks's eks-managed-node-group (v21): IMDSv2 only, and a
// hop limit of 1 so pods (outside the host network) cannot take the node role from IMDS.
const DEFAULT_HTTP_TOKENS = HttpTokens.REQUIRED;
const DEFAULT_HOP_LIMIT = 1;
/** EC2 takes hop limits 1-64. */
const MAX_HOP_LIMIT = 64;
/** The EKS AMIs' volume snapshots (AL2023 root, Bottlerocket data) are 20 GiB; EC2 refuses a smaller volume. */
export const CONTROLLER_ROOT_VOLUME_MIN_GIB = 20;
/** gp3 and gp2 volumes are at most 16 TiB. */
export const CONTROLLER_ROOT_VOLUME_MAX_GIB = 16384;
/**
 * Bottlerocket's OS volume (`/dev/xvda`), as Karpenter's Bottlerocket default (4Gi); it holds only
 * the OS image, images and pod storage are on the data volume.
 */
export const CONTROLLER_BOTTLEROCKET_OS_VOLUME_MIN_GIB = 4;
const DEFAULT_ROOT_VOLUME_TYPE = VolumeType.GP3;
// The instances, volumes and network interfaces the node group launches: EC2 tags them only from the launch template.
const TAGGED_RESOURCE_TYPES = ['instance', 'volume', 'network-interface'];
// io1/io2 need provisioned IOPS (not offered here); st1/sc1 cannot boot; standard is previous generation.
const ROOT_VOLUME_TYPES: readonly VolumeType[] = [VolumeType.GP3, VolumeType.GP2];

/** The options of `ControllerNodeGroup` the plan resolves (its props without the cluster, subnets and tags). */
export interface ControllerNodeGroupOptions {
  /**
   * Exact node group name. When set, changes that replace the group need it deleted first.
   * @default - a unique name starting with `karpenter-controller-`; replacements create the new group before deleting the old one
   */
  readonly nodeGroupName?: string;

  /**
   * Instance types, in order of preference.
   * @default - ['m7i.large', 'm6i.large', 'm5.large'] for an x86_64 `amiType`, ['m7g.large', 'm6g.large'] for arm64
   */
  readonly instanceTypes?: readonly string[];

  /**
   * AMI type.
   * @default NodeGroupAmiType.AL2023_X86_64_STANDARD
   */
  readonly amiType?: NodeGroupAmiType;

  /**
   * Minimum number of nodes.
   * @default 2
   */
  readonly minSize?: number;

  /**
   * Desired number of nodes; at least 2 unless `allowSingleNode`.
   * @default 2
   */
  readonly desiredSize?: number;

  /**
   * Maximum number of nodes.
   * @default 3
   */
  readonly maxSize?: number;

  /**
   * Accept fewer than 2 nodes (e.g. a test cluster). One of the two controller replicas then stays
   * Pending, because the chart requires them on different hosts.
   * @default false
   */
  readonly allowSingleNode?: boolean;

  /**
   * Taint the nodes `CriticalAddonsOnly=true:NoSchedule`. Karpenter and coredns tolerate it, so the
   * group stays reserved for them; but workloads without the toleration cannot run anywhere until
   * Karpenter has launched nodes (and never run if Karpenter is broken).
   * @default false
   */
  readonly criticalAddonsOnly?: boolean;

  /**
   * Extra Kubernetes labels. `karpenter.sh/controller` is always `"true"` and cannot be set here.
   * @default - only the controller label
   */
  readonly labels?: Record<string, string>;

  /**
   * Size of the node volume in GiB: the root volume on AL2023, the data volume (`/dev/xvdb`, which
   * holds images and pod storage) on Bottlerocket. At least 20, the size of the AMI's snapshot.
   * @default 20
   */
  readonly rootVolumeSizeGiB?: number;

  /**
   * Bottlerocket only: size of the OS volume (`/dev/xvda`) in GiB, at least 4.
   * @default 4 (Karpenter's Bottlerocket default)
   */
  readonly osVolumeSizeGiB?: number;

  /**
   * EBS type of the node volumes (on Bottlerocket both the OS and the data volume): gp3 or gp2.
   * @default VolumeType.GP3
   */
  readonly rootVolumeType?: VolumeType;

  /**
   * Whether the node volumes (on Bottlerocket both the OS and the data volume) are encrypted, with
   * the account's default EBS key.
   * @default true
   */
  readonly rootVolumeEncrypted?: boolean;

  /**
   * Whether the nodes' instance metadata service requires IMDSv2 session tokens.
   * @default HttpTokens.REQUIRED (IMDSv2 only)
   */
  readonly metadataHttpTokens?: HttpTokens;

  /**
   * IMDS hop limit. With 1, pods outside the host network cannot reach IMDS, so they cannot use the
   * node role; Karpenter and the add-ons get credentials from Pod Identity or IRSA instead (which
   * also inject `AWS_REGION`). Use 2 only for workloads on these nodes that read IMDS from a pod.
   * @default 1 (as terraform-aws-eks)
   */
  readonly metadataHopLimit?: number;
}

/** Input of `planControllerNodeGroup`: the `ControllerNodeGroup` props, with the cluster reduced to what is used. */
export interface ControllerNodeGroupPlanInput extends ControllerNodeGroupOptions {
  /** Name of the cluster (for the node role's name prefix). */
  readonly clusterName: string;
  /** Version of a cluster this stack manages; undefined for an imported cluster. */
  readonly clusterVersion?: KubernetesVersion;
  readonly subnetIds: readonly string[];
  /**
   * The zone of each subnet, when known at synth (subnets of a `KarpenterNetwork`).
   * @default - unknown
   */
  readonly subnetZones?: readonly string[];
  /**
   * The subnets are those of a network whose construct reported errors that left them fewer (e.g. one zone),
   * so their count is not reported again.
   * @default false
   */
  readonly subnetsReportedByNetwork?: boolean;
  /** Tags for what the node group launches (the cluster's and the group's); `Name` is added unless given. */
  readonly launchedResourceTags?: Readonly<Record<string, string>>;
}

/** A node volume the launch template maps. */
export interface PlannedBlockDevice {
  /** `/dev/xvda` (AL2023 root, Bottlerocket OS) or `/dev/xvdb` (Bottlerocket data volume, where images and pod storage live). */
  readonly deviceName: string;
  readonly sizeGiB: number;
  readonly volumeType: VolumeType;
  readonly encrypted: boolean;
}

/** The launch template of the node group. */
export interface PlannedLaunchTemplate {
  readonly namePrefix: string;
  readonly httpTokens: HttpTokens;
  readonly httpPutResponseHopLimit: number;
  /** AL2023: the root volume; Bottlerocket: the OS and the data volume. */
  readonly blockDevices: PlannedBlockDevice[];
  /** `tag_specifications`: one per resource type, each with the same tags. */
  readonly tagSpecifications: PlannedTagSpecification[];
}

/** Tags EC2 puts on one type of resource the node group launches. */
export interface PlannedTagSpecification {
  /** `instance`, `volume` or `network-interface`. */
  readonly resourceType: string;
  readonly tags: Record<string, string>;
}

/** A Kubernetes taint on the controller nodes. */
export interface PlannedTaint {
  readonly key: string;
  readonly value: string;
  /** EKS spelling, e.g. `NO_SCHEDULE`. */
  readonly effect: string;
}

/** What `ControllerNodeGroup` builds, with every default resolved. */
export interface ControllerNodeGroupPlan {
  /** Exact name; undefined when `nodeGroupNamePrefix` is used. */
  readonly nodeGroupName?: string;
  /** Name prefix when no exact name is given. */
  readonly nodeGroupNamePrefix?: string;
  /** A generated name lets a replacement be created before the old group is deleted. */
  readonly createBeforeDestroy: boolean;
  /** `name_prefix` of the node role. */
  readonly nodeRoleNamePrefix: string;
  /** Kubernetes version to pin; undefined takes the control plane's at creation. */
  readonly version?: string;
  readonly amiType: NodeGroupAmiType;
  readonly instanceTypes: string[];
  readonly scaling: NodeGroupScaling;
  /** Node labels, including the controller label. */
  readonly labels: Record<string, string>;
  readonly taints: PlannedTaint[];
  /** IMDS options and the node volume; the node group must then not set `disk_size`. */
  readonly launchTemplate: PlannedLaunchTemplate;
  /** Its nodes as the controller's placement is checked against them (`KarpenterAwsAttributes.controllerNodes`). */
  readonly nodes: ControllerNodes;
  readonly issues: ValidationIssue[];
}

/** The Kubernetes spelling of the effects EKS spells in capitals. */
const TAINT_EFFECTS: Readonly<Record<string, string>> = {
  NO_SCHEDULE: 'NoSchedule',
  NO_EXECUTE: 'NoExecute',
  PREFER_NO_SCHEDULE: 'PreferNoSchedule',
};

/** Resolves and checks the settings of the controller node group. */
export function planControllerNodeGroup(input: ControllerNodeGroupPlanInput, ctx: ValidationContext = {}): ControllerNodeGroupPlan {
  const issues = new IssueCollector(ctx);
  const amiType = input.amiType ?? NodeGroupAmiType.AL2023_X86_64_STANDARD;
  const instanceTypes = [...(input.instanceTypes ?? (isArmAmiType(amiType) ? DEFAULT_ARM_64_INSTANCE_TYPES : DEFAULT_X86_64_INSTANCE_TYPES))];
  const scaling = {
    minSize: input.minSize ?? DEFAULT_MIN_SIZE,
    desiredSize: input.desiredSize ?? DEFAULT_DESIRED_SIZE,
    maxSize: input.maxSize ?? DEFAULT_MAX_SIZE,
  };
  validateControllerScaling(issues, scaling, input.allowSingleNode ?? false);
  validateInstanceTypes(issues, instanceTypes, amiType);
  if (!input.subnetsReportedByNetwork) validateSubnets(issues, input.subnetIds);
  const launchTemplate = planLaunchTemplate(issues, input, amiType);
  if (input.labels && CONTROLLER_NODE_LABEL_KEY in input.labels) {
    issues.error(
      `labels.${CONTROLLER_NODE_LABEL_KEY}`,
      'ReservedLabel',
      `'${CONTROLLER_NODE_LABEL_KEY}' is always '${CONTROLLER_NODE_LABEL_VALUE}' (the Karpenter release selects nodes by it); remove it from labels.`,
    );
  }

  const labels = { ...input.labels, [CONTROLLER_NODE_LABEL_KEY]: CONTROLLER_NODE_LABEL_VALUE };
  const taints: PlannedTaint[] = input.criticalAddonsOnly ? [{ key: CRITICAL_ADDONS_ONLY_TAINT_KEY, value: 'true', effect: 'NO_SCHEDULE' }] : [];
  return {
    nodeGroupName: input.nodeGroupName,
    nodeGroupNamePrefix: input.nodeGroupName === undefined ? DEFAULT_NAME_PREFIX : undefined,
    createBeforeDestroy: input.nodeGroupName === undefined,
    nodeRoleNamePrefix: `${input.clusterName.slice(0, 20)}-controller-nodes-`,
    version: input.clusterVersion?.version,
    amiType,
    instanceTypes,
    scaling,
    labels,
    taints,
    launchTemplate,
    nodes: {
      desiredSize: scaling.desiredSize,
      labels: { ...labels },
      taints: taints.map((t) => ({ key: t.key, value: t.value, effect: TAINT_EFFECTS[t.effect] })),
      ...(input.subnetZones === undefined ? {} : { zones: [...input.subnetZones] }),
    },
    issues: issues.issues,
  };
}

function planLaunchTemplate(issues: IssueCollector, input: ControllerNodeGroupPlanInput, amiType: NodeGroupAmiType): PlannedLaunchTemplate {
  const hopLimit = input.metadataHopLimit ?? DEFAULT_HOP_LIMIT;
  if (!issues.isUnresolved(hopLimit) && (!Number.isInteger(hopLimit) || hopLimit < 1 || hopLimit > MAX_HOP_LIMIT)) {
    issues.error(
      'metadataHopLimit',
      'InvalidHopLimit',
      `metadataHopLimit must be a whole number from 1 to ${MAX_HOP_LIMIT}, got ${hopLimit}. Use 1 (pods cannot reach IMDS) or 2 (they can).`,
    );
  }
  const sizeGiB = input.rootVolumeSizeGiB ?? CONTROLLER_ROOT_VOLUME_MIN_GIB;
  validateVolumeSize(
    issues,
    'rootVolumeSizeGiB',
    'InvalidRootVolumeSize',
    sizeGiB,
    CONTROLLER_ROOT_VOLUME_MIN_GIB,
    "the size of the EKS AMI's volume snapshot, which EC2 will not shrink",
  );
  const bottlerocket = isBottlerocketAmiType(amiType);
  const osSizeGiB = input.osVolumeSizeGiB ?? CONTROLLER_BOTTLEROCKET_OS_VOLUME_MIN_GIB;
  if (!bottlerocket && input.osVolumeSizeGiB !== undefined) {
    issues.error(
      'osVolumeSizeGiB',
      'OsVolumeSizeWithoutBottlerocket',
      `osVolumeSizeGiB sizes Bottlerocket's separate OS volume, but amiType is ${amiType}, whose root volume is rootVolumeSizeGiB; ` +
        'remove osVolumeSizeGiB or set rootVolumeSizeGiB.',
    );
  } else if (bottlerocket) {
    validateVolumeSize(
      issues,
      'osVolumeSizeGiB',
      'InvalidOsVolumeSize',
      osSizeGiB,
      CONTROLLER_BOTTLEROCKET_OS_VOLUME_MIN_GIB,
      "the size Karpenter gives Bottlerocket's OS volume, which holds the OS image's partitions",
    );
  }
  const volumeType = input.rootVolumeType ?? DEFAULT_ROOT_VOLUME_TYPE;
  if (!ROOT_VOLUME_TYPES.includes(volumeType)) {
    issues.error(
      'rootVolumeType',
      'UnsupportedRootVolumeType',
      `rootVolumeType '${volumeType}' is not offered for the controller nodes: io1/io2 need provisioned IOPS, st1/sc1 cannot be boot volumes ` +
        `and standard is previous generation. Use ${ROOT_VOLUME_TYPES.map((t) => `VolumeType.${t.toUpperCase()}`).join(' or ')}.`,
    );
  }
  const encrypted = input.rootVolumeEncrypted ?? true;
  const volume = (deviceName: string, size: number): PlannedBlockDevice => ({ deviceName, sizeGiB: size, volumeType, encrypted });
  // Bottlerocket boots from /dev/xvda and keeps images and pod storage on /dev/xvdb: both are mapped, or the
  // OS volume is created from the AMI unencrypted unless the account encrypts EBS by default.
  const blockDevices = bottlerocket ? [volume('/dev/xvda', osSizeGiB), volume('/dev/xvdb', sizeGiB)] : [volume('/dev/xvda', sizeGiB)];
  const tags = { Name: `${input.clusterName}-karpenter-controller`, ...input.launchedResourceTags };
  return {
    namePrefix: `${input.clusterName.slice(0, 80)}-controller-`,
    httpTokens: input.metadataHttpTokens ?? DEFAULT_HTTP_TOKENS,
    httpPutResponseHopLimit: hopLimit,
    blockDevices,
    tagSpecifications: TAGGED_RESOURCE_TYPES.map((resourceType) => ({ resourceType, tags: { ...tags } })),
  };
}

function validateVolumeSize(issues: IssueCollector, field: string, code: string, sizeGiB: number, minGiB: number, minWhat: string): void {
  if (issues.isUnresolved(sizeGiB)) return;
  if (typeof sizeGiB !== 'number' || !Number.isInteger(sizeGiB) || sizeGiB < minGiB || sizeGiB > CONTROLLER_ROOT_VOLUME_MAX_GIB) {
    issues.error(
      field,
      code,
      `${field} must be a whole number of GiB from ${minGiB} (${minWhat}) to ${CONTROLLER_ROOT_VOLUME_MAX_GIB}, got ${sizeGiB}.`,
    );
  }
}

function validateInstanceTypes(issues: IssueCollector, instanceTypes: readonly string[], amiType: NodeGroupAmiType): void {
  // A list that is a Terraform reference has no known length or members.
  if (issues.isUnresolved(instanceTypes)) return;
  if (instanceTypes.length === 0) {
    issues.error(
      'instanceTypes',
      'EmptyInstanceTypes',
      "instanceTypes is empty; give at least one, e.g. ['m7i.large'], or leave it unset for the default.",
    );
  }
  const seen = new Set<string>();
  instanceTypes.forEach((type, i) => {
    if (issues.isUnresolved(type)) return;
    if (!INSTANCE_TYPE_PATTERN.test(type)) {
      issues.error(`instanceTypes[${i}]`, 'InvalidInstanceType', `'${type}' is not an EC2 instance type (family.size, e.g. 'm7i.large').`);
    }
    if (seen.has(type)) issues.error(`instanceTypes[${i}]`, 'DuplicateInstanceType', `'${type}' is listed twice. List each type once.`);
    seen.add(type);
  });

  const wantArm = isArmAmiType(amiType);
  const mismatched = instanceTypes.filter((t) => !issues.isUnresolved(t) && isGravitonType(t) !== wantArm);
  if (mismatched.length > 0) {
    issues.warn(
      'instanceTypes',
      'InstanceTypeArchitectureMismatch',
      `${JSON.stringify(mismatched)} look ${wantArm ? 'x86_64' : 'arm64 (Graviton)'} but amiType is ${amiType}; ` +
        'EKS rejects a node group whose instance types do not match the AMI architecture.',
    );
  }
}

function validateSubnets(issues: IssueCollector, subnetIds: readonly string[]): void {
  // A list that is a Terraform reference has no known length.
  const subnetCount = issues.isUnresolved(subnetIds) ? undefined : subnetIds.length;
  if (subnetCount === 0) {
    issues.error('subnetIds', 'NoSubnets', 'subnetIds is empty; pass the private subnets (e.g. network.privateSubnetIds).');
  } else if (subnetCount === 1) {
    issues.warn(
      'subnetIds',
      'SingleSubnet',
      'one subnet puts both controller replicas in one zone, and the chart spreads them across zones (DoNotSchedule). ' +
        'Pass subnets in 2 or more zones.',
    );
  }
}

/** True for the arm64 (Graviton) AMI types. */
export function isArmAmiType(amiType: NodeGroupAmiType): boolean {
  return amiType === NodeGroupAmiType.AL2023_ARM_64_STANDARD || amiType === NodeGroupAmiType.BOTTLEROCKET_ARM_64;
}

function isBottlerocketAmiType(amiType: NodeGroupAmiType): boolean {
  return amiType === NodeGroupAmiType.BOTTLEROCKET_X86_64 || amiType === NodeGroupAmiType.BOTTLEROCKET_ARM_64;
}

// Graviton families carry a `g` after the generation digit (m7g, c7gn, r6gd, x2gd, im4gn); a1 is the first Graviton.
function isGravitonType(instanceType: string): boolean {
  const family = instanceType.split('.')[0];
  return family === 'a1' || /^[a-z]+\d+[a-z]*g[a-z]*$/.test(family);
}
