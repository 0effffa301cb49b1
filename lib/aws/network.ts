import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import { Eip } from '@cdktf/provider-aws/lib/eip';
import { InternetGateway } from '@cdktf/provider-aws/lib/internet-gateway';
import { NatGateway } from '@cdktf/provider-aws/lib/nat-gateway';
import { Route } from '@cdktf/provider-aws/lib/route';
import { RouteTable } from '@cdktf/provider-aws/lib/route-table';
import { RouteTableAssociation } from '@cdktf/provider-aws/lib/route-table-association';
import { Subnet } from '@cdktf/provider-aws/lib/subnet';
import { Vpc } from '@cdktf/provider-aws/lib/vpc';
import { Construct } from 'constructs';
import { isAwsResourceId } from '../core/aws/aws-partition';
import { validateClusterName } from '../core/aws/cluster-name';
import { KARPENTER_DISCOVERY_TAG_KEY as DISCOVERY_TAG_KEY } from '../core/aws/discovery';
import { IssueCollector } from '../core/issues';
import { planNetwork } from '../core/aws/network-plan';
import { constructContext, reportIssues } from '../private/report';

// AWS Load Balancer Controller subnet discovery tags.
const INTERNAL_ELB_TAG_KEY = 'kubernetes.io/role/internal-elb';
const ELB_TAG_KEY = 'kubernetes.io/role/elb';
const RESERVED_TAG_KEYS = [DISCOVERY_TAG_KEY, INTERNAL_ELB_TAG_KEY, ELB_TAG_KEY, 'Name'];

/** Default VPC CIDR: a /16 leaves room for pod addresses from the VPC CNI. */
const DEFAULT_VPC_CIDR = '10.0.0.0/16';

/** How many NAT gateways a new VPC gets. */
export enum NatGatewayMode {
  /** One NAT gateway in the first zone for all private subnets: cheapest; egress stops if that zone fails. */
  SINGLE = 'SINGLE',
  /** One NAT gateway per zone, each zone routing through its own: survives a zone outage, costs one gateway per zone. */
  ONE_PER_AZ = 'ONE_PER_AZ',
}

/** The network an EKS cluster and its nodes live in. */
export interface IKarpenterNetwork {
  /** VPC id. */
  readonly vpcId: string;
  /** Private subnets: control plane ENIs, the controller node group and Karpenter nodes (tagged for discovery). */
  readonly privateSubnetIds: string[];
  /** Public subnets: NAT gateways and internet-facing load balancers. May be empty. */
  readonly publicSubnetIds: string[];
  /** Extra security groups for the control plane ENIs (`vpc_config.security_group_ids`). May be empty. */
  readonly securityGroupIds: string[];
  /**
   * The cluster name the private subnets carry in `karpenter.sh/discovery`; undefined when this
   * network does not tag them.
   */
  readonly discoveryClusterName?: string;
}

/** Props of a new VPC. */
export interface KarpenterNetworkProps {
  /**
   * Name of the EKS cluster that will use this network. Private subnets get
   * `karpenter.sh/discovery = <clusterName>` and every resource is named after it.
   */
  readonly clusterName: string;

  /**
   * Availability zones, one private and one public subnet each; at least 2, all in the provider's
   * region. Taken as input because `data "aws_availability_zones"` is an API call at plan time.
   * `availabilityZonesOf('us-east-1')` gives `['us-east-1a', 'us-east-1b', 'us-east-1c']`.
   */
  readonly availabilityZones: string[];

  /**
   * VPC CIDR block.
   * @default '10.0.0.0/16'
   */
  readonly vpcCidr?: string;

  /**
   * Private subnet CIDRs, one per availability zone in the same order.
   * @default - the VPC is cut into 8 blocks and private subnet i takes block i (`/19` of a `/16`)
   */
  readonly privateSubnetCidrs?: string[];

  /**
   * Public subnet CIDRs, one per availability zone in the same order.
   * @default - the last of the 8 blocks is cut into 8 again (`/22` of a `/16`)
   */
  readonly publicSubnetCidrs?: string[];

  /**
   * NAT gateways for the private subnets' egress.
   * @default NatGatewayMode.SINGLE
   */
  readonly natGateways?: NatGatewayMode;

  /**
   * Tags for every resource this construct creates. Must not set `Name`, `karpenter.sh/discovery`
   * or the `kubernetes.io/role/*` keys, which the construct manages.
   * @default - no extra tags
   */
  readonly tags?: Record<string, string>;
}

/** Props of an existing VPC. */
export interface ExistingNetworkProps {
  /** Name of the EKS cluster; the value of the `karpenter.sh/discovery` tag on the private subnets. */
  readonly clusterName: string;

  /** VPC id, e.g. `vpc-0123456789abcdef0`. */
  readonly vpcId: string;

  /** Private subnet ids, at least 2, in at least 2 availability zones (EKS checks the zones at apply). */
  readonly privateSubnetIds: string[];

  /**
   * Public subnet ids.
   * @default []
   */
  readonly publicSubnetIds?: string[];

  /**
   * Extra security groups for the control plane ENIs.
   * @default []
   */
  readonly securityGroupIds?: string[];

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

/**
 * The VPC for a Karpenter-managed EKS cluster: a new VPC with private and public subnets in every
 * given zone, an internet gateway, NAT gateway(s) and routes; or `KarpenterNetwork.fromExisting`.
 */
export class KarpenterNetwork extends Construct implements IKarpenterNetwork {
  /**
   * Uses an existing VPC and subnets; only the discovery tags are created.
   */
  public static fromExisting(scope: Construct, id: string, props: ExistingNetworkProps): IKarpenterNetwork {
    return new ExistingKarpenterNetwork(scope, id, props);
  }

  public readonly vpcId: string;
  public readonly privateSubnetIds: string[];
  public readonly publicSubnetIds: string[];
  public readonly securityGroupIds: string[] = [];
  public readonly discoveryClusterName: string;
  /** The availability zones, in the order the subnets were created. */
  public readonly availabilityZones: string[];
  /** The planned private subnet CIDRs, one per zone. */
  public readonly privateSubnetCidrs: string[];
  /** The planned public subnet CIDRs, one per zone. */
  public readonly publicSubnetCidrs: string[];

  constructor(scope: Construct, id: string, props: KarpenterNetworkProps) {
    super(scope, id);
    const issues = new IssueCollector(constructContext());
    validateClusterName(issues, 'clusterName', props.clusterName);
    validateUserTags(issues, props.tags ?? {});
    const plan = planNetwork(issues, 'props', {
      vpcCidr: props.vpcCidr ?? DEFAULT_VPC_CIDR,
      availabilityZones: props.availabilityZones,
      privateSubnetCidrs: props.privateSubnetCidrs,
      publicSubnetCidrs: props.publicSubnetCidrs,
    });
    reportIssues(this, issues.issues);
    if (!plan) throw new Error(`${this.node.path}: network plan failed without a reported error`);

    const name = props.clusterName;
    const natMode = props.natGateways ?? NatGatewayMode.SINGLE;
    const tagged = (resourceName: string, extra: Record<string, string> = {}) => ({
      ...props.tags,
      Name: resourceName,
      ...extra,
    });

    const vpc = new Vpc(this, 'Resource', {
      cidrBlock: plan.vpcCidr,
      // EKS private endpoint access needs both.
      enableDnsSupport: true,
      enableDnsHostnames: true,
      tags: tagged(`${name}-vpc`),
    });
    const igw = new InternetGateway(this, 'InternetGateway', { vpcId: vpc.id, tags: tagged(`${name}-igw`) });
    const publicRouteTable = new RouteTable(this, 'PublicRouteTable', { vpcId: vpc.id, tags: tagged(`${name}-public`) });
    new Route(this, 'PublicInternetRoute', {
      routeTableId: publicRouteTable.id,
      destinationCidrBlock: '0.0.0.0/0',
      gatewayId: igw.id,
    });

    const privateSubnets: Subnet[] = [];
    const publicSubnets: Subnet[] = [];
    const natGateways: NatGateway[] = [];
    plan.privateSubnets.forEach((priv, i) => {
      const az = priv.availabilityZone;
      const pub = plan.publicSubnets[i];
      // Index-based scopes follow the CIDR plan, which is index-based too.
      const zone = new Construct(this, `Zone${i}`);

      const publicSubnet = new Subnet(zone, 'PublicSubnet', {
        vpcId: vpc.id,
        availabilityZone: az,
        cidrBlock: pub.cidrBlock,
        tags: tagged(`${name}-public-${az}`, { [ELB_TAG_KEY]: '1' }),
      });
      new RouteTableAssociation(zone, 'PublicRouteTableAssociation', {
        subnetId: publicSubnet.id,
        routeTableId: publicRouteTable.id,
      });
      publicSubnets.push(publicSubnet);

      if (i === 0 || natMode === NatGatewayMode.ONE_PER_AZ) {
        const eip = new Eip(zone, 'NatEip', { domain: 'vpc', tags: tagged(`${name}-nat-${az}`), dependsOn: [igw] });
        natGateways.push(
          new NatGateway(zone, 'NatGateway', {
            allocationId: eip.allocationId,
            subnetId: publicSubnet.id,
            tags: tagged(`${name}-nat-${az}`),
            dependsOn: [igw],
          }),
        );
      }

      const privateSubnet = new Subnet(zone, 'PrivateSubnet', {
        vpcId: vpc.id,
        availabilityZone: az,
        cidrBlock: priv.cidrBlock,
        tags: tagged(`${name}-private-${az}`, { [INTERNAL_ELB_TAG_KEY]: '1', [DISCOVERY_TAG_KEY]: name }),
      });
      // One route table per zone in both modes, so switching modes only changes routes.
      const privateRouteTable = new RouteTable(zone, 'PrivateRouteTable', {
        vpcId: vpc.id,
        tags: tagged(`${name}-private-${az}`),
      });
      new Route(zone, 'PrivateNatRoute', {
        routeTableId: privateRouteTable.id,
        destinationCidrBlock: '0.0.0.0/0',
        natGatewayId: natGateways[natMode === NatGatewayMode.ONE_PER_AZ ? i : 0].id,
      });
      new RouteTableAssociation(zone, 'PrivateRouteTableAssociation', {
        subnetId: privateSubnet.id,
        routeTableId: privateRouteTable.id,
      });
      privateSubnets.push(privateSubnet);
    });

    this.vpcId = vpc.id;
    this.discoveryClusterName = name;
    this.privateSubnetIds = privateSubnets.map((s) => s.id);
    this.publicSubnetIds = publicSubnets.map((s) => s.id);
    this.availabilityZones = plan.privateSubnets.map((s) => s.availabilityZone);
    this.privateSubnetCidrs = plan.privateSubnets.map((s) => s.cidrBlock);
    this.publicSubnetCidrs = plan.publicSubnets.map((s) => s.cidrBlock);
  }
}

class ExistingKarpenterNetwork extends Construct implements IKarpenterNetwork {
  public readonly vpcId: string;
  public readonly privateSubnetIds: string[];
  public readonly publicSubnetIds: string[];
  public readonly securityGroupIds: string[];
  public readonly discoveryClusterName?: string;

  constructor(scope: Construct, id: string, props: ExistingNetworkProps) {
    super(scope, id);
    const issues = new IssueCollector(constructContext());
    validateClusterName(issues, 'clusterName', props.clusterName);
    validateIds(issues, 'vpcId', [props.vpcId], 'vpc', 1);
    validateIds(issues, 'privateSubnetIds', props.privateSubnetIds, 'subnet', 2);
    validateIds(issues, 'publicSubnetIds', props.publicSubnetIds ?? [], 'subnet', 0);
    validateIds(issues, 'securityGroupIds', props.securityGroupIds ?? [], 'sg', 0);
    const tagSubnets = props.tagSubnetsForDiscovery ?? true;
    if (tagSubnets && issues.isUnresolved(props.privateSubnetIds)) {
      issues.error(
        'privateSubnetIds',
        'SubnetIdsIsToken',
        'privateSubnetIds is a Terraform reference, so the subnets cannot get one aws_ec2_tag each at synth. ' +
          'Pass the subnet ids, or set tagSubnetsForDiscovery: false and tag them elsewhere.',
      );
    }
    const overlap = (props.publicSubnetIds ?? []).filter((s) => props.privateSubnetIds.includes(s));
    if (overlap.length > 0) {
      issues.error(
        'publicSubnetIds',
        'SubnetBothPublicAndPrivate',
        `${JSON.stringify(overlap)} are listed as both private and public subnets. List each subnet once.`,
      );
    }
    reportIssues(this, issues.issues);

    this.vpcId = props.vpcId;
    this.privateSubnetIds = [...props.privateSubnetIds];
    this.publicSubnetIds = [...(props.publicSubnetIds ?? [])];
    this.securityGroupIds = [...(props.securityGroupIds ?? [])];

    if (tagSubnets) {
      this.discoveryClusterName = props.clusterName;
      const tags = new Construct(this, 'DiscoveryTags');
      this.privateSubnetIds.forEach((subnetId, i) => {
        new Ec2Tag(tags, `${i}`, { resourceId: subnetId, key: DISCOVERY_TAG_KEY, value: props.clusterName });
      });
    }
  }
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

function validateUserTags(issues: IssueCollector, tags: Record<string, string>): void {
  for (const key of Object.keys(tags)) {
    if (RESERVED_TAG_KEYS.includes(key)) {
      issues.error(
        `tags.${key}`,
        'ReservedTagKey',
        `tag '${key}' is set by KarpenterNetwork (Name, subnet role and discovery tags); remove it from tags.`,
      );
    }
  }
}
