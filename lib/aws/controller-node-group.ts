import { EksNodeGroup } from '@cdktf/provider-aws/lib/eks-node-group';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { IEksCluster } from './cluster-attributes';
import { awsManagedPolicyArn } from '../core/aws/aws-partition';
import { CONTROLLER_NODE_ROLE_MANAGED_POLICIES } from '../core/aws/eks-iam';
import { IssueCollector } from '../core/issues';
import { validateControllerScaling } from '../core/aws/node-group-scaling';
import { ec2TrustPolicy } from '../core/aws/trust-policies';
import { EksCluster } from './eks-cluster';
import { awsContext, clusterNameRef, policyJson } from '../private/aws-context';
import { constructContext, reportIssues } from '../private/report';

/** Label on the controller nodes; the Karpenter Helm release uses it as `nodeSelector`. */
export const CONTROLLER_NODE_LABEL_KEY = 'karpenter.sh/controller';
/** Value of `CONTROLLER_NODE_LABEL_KEY`. */
export const CONTROLLER_NODE_LABEL_VALUE = 'true';

// Sized for 2 controller replicas (1 CPU / 1Gi each per the guide) plus coredns; several
// types so the group still launches when one type is short in a zone. One list per AMI
// architecture: EKS rejects instance types that do not match the AMI type.
const DEFAULT_X86_64_INSTANCE_TYPES = ['m7i.large', 'm6i.large', 'm5.large'];
const DEFAULT_ARM_64_INSTANCE_TYPES = ['m7g.large', 'm6g.large'];
const DEFAULT_MIN_SIZE = 2;
const DEFAULT_DESIRED_SIZE = 2;
const DEFAULT_MAX_SIZE = 3;
const DEFAULT_NAME_PREFIX = 'karpenter-controller-';

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

/** Props of `ControllerNodeGroup`. */
export interface ControllerNodeGroupProps {
  /**
   * The cluster. With an `EksCluster` the group follows its Kubernetes version and is registered
   * as the nodes `coredns` waits for; with an imported cluster the group takes the control plane's
   * version at creation and is not upgraded with it.
   */
  readonly cluster: IEksCluster;

  /** Subnets for the nodes: the private subnets, at least 2 zones so the replicas survive a zone outage. */
  readonly subnetIds: string[];

  /**
   * Exact node group name. When set, changes that replace the group need it deleted first.
   * @default - a unique name starting with `karpenter-controller-`; replacements create the new group before deleting the old one
   */
  readonly nodeGroupName?: string;

  /**
   * Instance types, in order of preference.
   * @default - ['m7i.large', 'm6i.large', 'm5.large'] for an x86_64 `amiType`, ['m7g.large', 'm6g.large'] for arm64
   */
  readonly instanceTypes?: string[];

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
   * Tags for the node group and its IAM role.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * An EKS managed node group for the Karpenter controller and cluster-critical add-ons, with its
 * own IAM role. The Karpenter controller must not run on nodes it manages.
 */
export class ControllerNodeGroup extends Construct {
  /** Name of the node group (known after apply when generated). */
  public readonly nodeGroupName: string;
  /** ARN of the node IAM role. */
  public readonly nodeRoleArn: string;
  /** Name of the node IAM role. */
  public readonly nodeRoleName: string;
  /** The node group resource, for `dependsOn`. */
  public readonly resource: ITerraformDependable;

  constructor(scope: Construct, id: string, props: ControllerNodeGroupProps) {
    super(scope, id);
    const amiType = props.amiType ?? NodeGroupAmiType.AL2023_X86_64_STANDARD;
    const instanceTypes = props.instanceTypes ?? (isArmAmiType(amiType) ? DEFAULT_ARM_64_INSTANCE_TYPES : DEFAULT_X86_64_INSTANCE_TYPES);
    const scaling = {
      minSize: props.minSize ?? DEFAULT_MIN_SIZE,
      desiredSize: props.desiredSize ?? DEFAULT_DESIRED_SIZE,
      maxSize: props.maxSize ?? DEFAULT_MAX_SIZE,
    };
    validateProps(this, props, instanceTypes, amiType, scaling);

    const aws = awsContext(this);
    const role = new IamRole(this, 'NodeRole', {
      namePrefix: `${props.cluster.clusterName.slice(0, 20)}-controller-nodes-`,
      assumeRolePolicy: policyJson(ec2TrustPolicy(aws.dnsSuffix)),
      tags: props.tags,
    });
    const attachments = CONTROLLER_NODE_ROLE_MANAGED_POLICIES.map(
      (policy) =>
        new IamRolePolicyAttachment(this, policy, {
          role: role.name,
          policyArn: awsManagedPolicyArn(aws.partition, policy),
        }),
    );

    const nodeGroup = new EksNodeGroup(this, 'Resource', {
      // A reference, so the group waits for the cluster.
      clusterName: clusterNameRef(props.cluster),
      nodeGroupName: props.nodeGroupName,
      nodeGroupNamePrefix: props.nodeGroupName === undefined ? DEFAULT_NAME_PREFIX : undefined,
      nodeRoleArn: role.arn,
      subnetIds: props.subnetIds,
      // Follows an EksCluster's version, so a control plane upgrade rolls the nodes after it.
      version: props.cluster instanceof EksCluster ? props.cluster.version.version : undefined,
      amiType,
      capacityType: 'ON_DEMAND',
      instanceTypes: [...instanceTypes],
      scalingConfig: scaling,
      updateConfig: { maxUnavailable: 1 },
      labels: { ...props.labels, [CONTROLLER_NODE_LABEL_KEY]: CONTROLLER_NODE_LABEL_VALUE },
      taint: props.criticalAddonsOnly ? [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NO_SCHEDULE' }] : undefined,
      tags: props.tags,
      // The role needs its policies before nodes join, and until they are gone.
      dependsOn: attachments,
      lifecycle: props.nodeGroupName === undefined ? { createBeforeDestroy: true } : undefined,
    });

    this.nodeGroupName = nodeGroup.nodeGroupName;
    this.nodeRoleArn = role.arn;
    this.nodeRoleName = role.name;
    this.resource = nodeGroup;

    if (props.cluster instanceof EksCluster) props.cluster.addComputeDependency(nodeGroup);
  }
}

function validateProps(
  scope: Construct,
  props: ControllerNodeGroupProps,
  instanceTypes: readonly string[],
  amiType: NodeGroupAmiType,
  scaling: { minSize: number; desiredSize: number; maxSize: number },
): void {
  const issues = new IssueCollector(constructContext());
  validateControllerScaling(issues, scaling, props.allowSingleNode ?? false);

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
    if (!/^[a-z][a-z0-9-]*\.[a-z0-9]+$/.test(type)) {
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

  // A list that is a Terraform reference has no known length.
  const subnetCount = issues.isUnresolved(props.subnetIds) ? undefined : props.subnetIds.length;
  if (subnetCount === 0) {
    issues.error('subnetIds', 'NoSubnets', 'subnetIds is empty; pass the private subnets (e.g. network.privateSubnetIds).');
  } else if (subnetCount === 1) {
    issues.warn(
      'subnetIds',
      'SingleSubnet',
      'one subnet puts both controller replicas in one zone, and the chart spreads them across zones (DoNotSchedule). Pass subnets in 2 or more zones.',
    );
  }

  if (props.labels && CONTROLLER_NODE_LABEL_KEY in props.labels) {
    issues.error(
      `labels.${CONTROLLER_NODE_LABEL_KEY}`,
      'ReservedLabel',
      `'${CONTROLLER_NODE_LABEL_KEY}' is always '${CONTROLLER_NODE_LABEL_VALUE}' (the Karpenter release selects nodes by it); remove it from labels.`,
    );
  }
  reportIssues(scope, issues.issues);
}

function isArmAmiType(amiType: NodeGroupAmiType): boolean {
  return amiType === NodeGroupAmiType.AL2023_ARM_64_STANDARD || amiType === NodeGroupAmiType.BOTTLEROCKET_ARM_64;
}

// Graviton families carry a `g` after the generation digit (m7g, c7gn, r6gd, x2gd, im4gn); a1 is the first Graviton.
function isGravitonType(instanceType: string): boolean {
  const family = instanceType.split('.')[0];
  return family === 'a1' || /^[a-z]+\d+[a-z]*g[a-z]*$/.test(family);
}
