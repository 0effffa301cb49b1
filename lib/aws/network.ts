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
import { KarpenterNetworkPlanInput, PlannedNetworkZone, planKarpenterNetwork } from '../core/aws/network-plan';
import { ExistingNetworkPlanInput, planExistingNetwork } from '../core/aws/existing-network-plan';
import { errorsOf, withCarriedIssues } from '../core/issues';
import { constructContext, reportIssuesAtSynth } from '../private/report';

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
  /**
   * The cluster name this network was made for; `EksCluster` takes it when given no `clusterName`.
   * @default - none
   */
  readonly clusterName?: string;
  /**
   * Whether `clusterName` passed the network's check, which reported its problems (so the cluster does not).
   * @default - unchecked
   */
  readonly clusterNameValid?: boolean;
  /**
   * Whether the network reported errors of its own (e.g. too few zones), so the constructs given its
   * subnets do not report the subnet count those errors cause.
   * @default false
   */
  readonly reportedErrors?: boolean;
}

/** Props of `KarpenterNetwork`: the plan's input, documented in the core. */
export type KarpenterNetworkProps = KarpenterNetworkPlanInput;

/** Props of `KarpenterNetwork.fromExisting`: the plan's input, documented in the core. */
export type ExistingNetworkProps = ExistingNetworkPlanInput;

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
  public readonly clusterName: string;
  public readonly clusterNameValid: boolean;
  public readonly reportedErrors: boolean;
  /** The availability zones, in the order the subnets were created. */
  public readonly availabilityZones: string[];
  /** The planned private subnet CIDRs, one per zone. */
  public readonly privateSubnetCidrs: string[];
  /** The planned public subnet CIDRs, one per zone. */
  public readonly publicSubnetCidrs: string[];
  /**
   * Public IPs of the NAT gateways (known after apply): the addresses the nodes' outbound traffic
   * comes from, e.g. for `publicAccessCidrs` as `${ip}/32` when the private endpoint is off.
   */
  public readonly natPublicIps: string[];

  constructor(scope: Construct, id: string, props: KarpenterNetworkProps) {
    super(scope, id);
    const plan = planKarpenterNetwork(props, constructContext());
    // With the issues availabilityZonesOf carries (an unknown region).
    const issues = withCarriedIssues(props, plan.issues);
    reportIssuesAtSynth(this, issues);

    const vpc = new Vpc(this, 'Resource', {
      cidrBlock: plan.vpcCidr,
      // EKS private endpoint access needs both.
      enableDnsSupport: true,
      enableDnsHostnames: true,
      tags: plan.vpcTags,
    });
    const igw = new InternetGateway(this, 'InternetGateway', { vpcId: vpc.id, tags: plan.internetGatewayTags });
    const publicRouteTable = new RouteTable(this, 'PublicRouteTable', { vpcId: vpc.id, tags: plan.publicRouteTableTags });
    new Route(this, 'PublicInternetRoute', {
      routeTableId: publicRouteTable.id,
      destinationCidrBlock: '0.0.0.0/0',
      gatewayId: igw.id,
    });

    const privateSubnets: Subnet[] = [];
    const publicSubnets: Subnet[] = [];
    const natGateways: NatGateway[] = [];
    const natIps: Eip[] = [];
    plan.zones.forEach((zonePlan, i) => {
      // Index-based scopes follow the CIDR plan, which is index-based too.
      const zone = new Construct(this, `Zone${i}`);
      const { subnet: publicSubnet, nat } = createPublicSubnet(zone, zonePlan, vpc.id, igw, publicRouteTable.id);
      publicSubnets.push(publicSubnet);
      if (nat) {
        natIps.push(nat.eip);
        natGateways[i] = nat.gateway;
      }
      privateSubnets.push(createPrivateSubnet(zone, zonePlan, vpc.id, natGateways[zonePlan.natZoneIndex].id));
    });

    this.vpcId = vpc.id;
    this.discoveryClusterName = plan.clusterName;
    this.privateSubnetIds = privateSubnets.map((s) => s.id);
    this.clusterName = plan.clusterName;
    this.clusterNameValid = plan.clusterNameValid;
    this.reportedErrors = errorsOf(issues).length > 0;
    this.publicSubnetIds = publicSubnets.map((s) => s.id);
    this.availabilityZones = plan.zones.map((z) => z.availabilityZone);
    this.privateSubnetCidrs = plan.zones.map((z) => z.privateSubnet.cidrBlock);
    this.publicSubnetCidrs = plan.zones.map((z) => z.publicSubnet.cidrBlock);
    this.natPublicIps = natIps.map((eip) => eip.publicIp);
  }
}

/** A zone's public subnet and its route table association; with its NAT gateway (and Elastic IP) where the plan puts one. */
function createPublicSubnet(
  zone: Construct,
  zonePlan: PlannedNetworkZone,
  vpcId: string,
  igw: InternetGateway,
  publicRouteTableId: string,
): { subnet: Subnet; nat?: { eip: Eip; gateway: NatGateway } } {
  const subnet = new Subnet(zone, 'PublicSubnet', {
    vpcId,
    availabilityZone: zonePlan.availabilityZone,
    cidrBlock: zonePlan.publicSubnet.cidrBlock,
    tags: zonePlan.publicSubnetTags,
  });
  new RouteTableAssociation(zone, 'PublicRouteTableAssociation', {
    subnetId: subnet.id,
    routeTableId: publicRouteTableId,
  });
  if (!zonePlan.natGatewayTags) return { subnet };
  const eip = new Eip(zone, 'NatEip', { domain: 'vpc', tags: zonePlan.natGatewayTags, dependsOn: [igw] });
  const gateway = new NatGateway(zone, 'NatGateway', {
    allocationId: eip.allocationId,
    subnetId: subnet.id,
    tags: zonePlan.natGatewayTags,
    dependsOn: [igw],
  });
  return { subnet, nat: { eip, gateway } };
}

/** A zone's private subnet with its own route table, whose default route goes through the given NAT gateway. */
function createPrivateSubnet(zone: Construct, zonePlan: PlannedNetworkZone, vpcId: string, natGatewayId: string): Subnet {
  const subnet = new Subnet(zone, 'PrivateSubnet', {
    vpcId,
    availabilityZone: zonePlan.availabilityZone,
    cidrBlock: zonePlan.privateSubnet.cidrBlock,
    tags: zonePlan.privateSubnetTags,
  });
  // One route table per zone in both modes, so switching modes only changes routes.
  const routeTable = new RouteTable(zone, 'PrivateRouteTable', {
    vpcId,
    tags: zonePlan.privateRouteTableTags,
  });
  new Route(zone, 'PrivateNatRoute', {
    routeTableId: routeTable.id,
    destinationCidrBlock: '0.0.0.0/0',
    natGatewayId,
  });
  new RouteTableAssociation(zone, 'PrivateRouteTableAssociation', {
    subnetId: subnet.id,
    routeTableId: routeTable.id,
  });
  return subnet;
}

class ExistingKarpenterNetwork extends Construct implements IKarpenterNetwork {
  public readonly vpcId: string;
  public readonly privateSubnetIds: string[];
  public readonly publicSubnetIds: string[];
  public readonly securityGroupIds: string[];
  public readonly discoveryClusterName?: string;
  public readonly clusterName: string;
  public readonly clusterNameValid: boolean;
  public readonly reportedErrors: boolean;

  constructor(scope: Construct, id: string, props: ExistingNetworkProps) {
    super(scope, id);
    const plan = planExistingNetwork(props, constructContext());
    reportIssuesAtSynth(this, plan.issues);

    this.vpcId = plan.vpcId;
    this.privateSubnetIds = plan.privateSubnetIds;
    this.clusterName = plan.clusterName;
    this.clusterNameValid = plan.clusterNameValid;
    this.reportedErrors = errorsOf(plan.issues).length > 0;
    this.publicSubnetIds = plan.publicSubnetIds;
    this.securityGroupIds = plan.securityGroupIds;
    this.discoveryClusterName = plan.discoveryClusterName;
    if (plan.discoveryTags.length > 0) {
      const tags = new Construct(this, 'DiscoveryTags');
      plan.discoveryTags.forEach((tag, i) => new Ec2Tag(tags, `${i}`, tag));
    }
  }
}
