// The plan of a network that exists: the VPC and subnets `KarpenterNetwork.fromExisting` takes, and the tags it adds.
import { isAwsResourceId } from './aws-partition';
import { validateClusterName } from './cluster-name';
import { KARPENTER_DISCOVERY_TAG_KEY as DISCOVERY_TAG_KEY } from '../shared/discovery';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';

/** Input of {@link planExistingNetwork}, and the props of `KarpenterNetwork.fromExisting`. */
export interface ExistingNetworkPlanInput {
  /** Name of the EKS cluster; the value of the `karpenter.sh/discovery` tag on the private subnets. */
  readonly clusterName: string;

  /** VPC id, e.g. `vpc-0123456789abcdef0`. */
  readonly vpcId: string;

  /** Private subnet ids, at least 2, in at least 2 availability zones (EKS checks the zones at apply). */
  readonly privateSubnetIds: readonly string[];

  /**
   * Public subnet ids.
   * @default []
   */
  readonly publicSubnetIds?: readonly string[];

  /**
   * Extra security groups for the control plane ENIs.
   * @default []
   */
  readonly securityGroupIds?: readonly string[];

  /**
   * Whether to add `karpenter.sh/discovery = <clusterName>` to the private subnets with
   * `aws_ec2_tag`. The stack then owns that one tag: it overwrites a value already there, and
   * destroying the stack deletes the tag even if it was there before (e.g. set by eksctl or an
   * earlier install). Set `false` when the subnets already carry it, or when another Terraform
   * configuration manages their `tags` (it would remove the tag again on its next apply).
   * @default true
   */
  readonly tagSubnetsForDiscovery?: boolean;
}

/** One `aws_ec2_tag` on an existing subnet. */
export interface PlannedSubnetTag {
  readonly resourceId: string;
  readonly key: string;
  readonly value: string;
}

/** What `KarpenterNetwork.fromExisting` exposes and tags. */
export interface ExistingNetworkPlan {
  readonly clusterName: string;
  /** Whether `clusterName` passed its check (its problems are in `issues`). */
  readonly clusterNameValid: boolean;
  readonly vpcId: string;
  readonly privateSubnetIds: string[];
  readonly publicSubnetIds: string[];
  readonly securityGroupIds: string[];
  /** The discovery tag value, when this construct tags the subnets. */
  readonly discoveryClusterName?: string;
  /** One per private subnet when tagging; empty otherwise, and when the subnet ids are a token. */
  readonly discoveryTags: PlannedSubnetTag[];
  readonly issues: ValidationIssue[];
}

/** Checks an existing VPC and lists the discovery tags to add to its private subnets. */
export function planExistingNetwork(input: ExistingNetworkPlanInput, ctx: ValidationContext = {}): ExistingNetworkPlan {
  const issues = new IssueCollector(ctx);
  const publicSubnetIds = [...(input.publicSubnetIds ?? [])];
  validateClusterName(issues, 'clusterName', input.clusterName);
  const clusterNameValid = issues.issues.length === 0;
  validateIds(issues, 'vpcId', [input.vpcId], 'vpc', 1);
  validateIds(issues, 'privateSubnetIds', input.privateSubnetIds, 'subnet', 2);
  validateIds(issues, 'publicSubnetIds', publicSubnetIds, 'subnet', 0);
  validateIds(issues, 'securityGroupIds', input.securityGroupIds ?? [], 'sg', 0);
  const tagSubnets = input.tagSubnetsForDiscovery ?? true;
  const subnetsAreToken = issues.isUnresolved(input.privateSubnetIds);
  if (tagSubnets && subnetsAreToken) {
    issues.error(
      'privateSubnetIds',
      'SubnetIdsIsToken',
      'privateSubnetIds is a Terraform reference, so the subnets cannot get one aws_ec2_tag each at synth. ' +
        'Pass the subnet ids, or set tagSubnetsForDiscovery: false and tag them elsewhere.',
    );
  }
  const overlap = publicSubnetIds.filter((s) => input.privateSubnetIds.includes(s));
  if (overlap.length > 0) {
    issues.error(
      'publicSubnetIds',
      'SubnetBothPublicAndPrivate',
      `${JSON.stringify(overlap)} are listed as both private and public subnets. List each subnet once.`,
    );
  }
  const privateSubnetIds = [...input.privateSubnetIds];
  return {
    clusterName: input.clusterName,
    clusterNameValid,
    vpcId: input.vpcId,
    privateSubnetIds,
    publicSubnetIds,
    securityGroupIds: [...(input.securityGroupIds ?? [])],
    discoveryClusterName: tagSubnets ? input.clusterName : undefined,
    // A token list has no members to tag one by one; its error fails synth.
    discoveryTags:
      tagSubnets && !subnetsAreToken ? privateSubnetIds.map((resourceId) => ({ resourceId, key: DISCOVERY_TAG_KEY, value: input.clusterName })) : [],
    issues: issues.issues,
  };
}

function validateIds(issues: IssueCollector, field: string, ids: readonly string[], kind: string, min: number): void {
  // A list that is a Terraform reference has no known length or members.
  if (issues.isUnresolved(ids)) return;
  if (ids.length < min) {
    const why = kind === 'subnet' ? ' EKS needs subnets in at least two availability zones.' : '';
    issues.error(field, 'TooFewIds', `needs at least ${min} ${kind} id${min === 1 ? '' : 's'}, got ${ids.length}.${why}`);
  }
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (issues.isUnresolved(id)) return;
    if (!isAwsResourceId(kind, id)) {
      issues.error(`${field}[${i}]`, 'InvalidResourceId', `'${id}' is not a ${kind} id (expected '${kind}-' and 8 or 17 hex digits).`);
    }
    if (seen.has(id)) issues.error(`${field}[${i}]`, 'DuplicateId', `'${id}' is listed twice. List each id once.`);
    seen.add(id);
  });
}
