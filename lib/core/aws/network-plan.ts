import { validateClusterName } from './cluster-name';
import { cidrContains, cidrOverlaps, cidrSubnet, formatIpv4Cidr, Ipv4Cidr, parseIpv4Cidr } from './ipv4-cidr';
import { KARPENTER_DISCOVERY_TAG_KEY as DISCOVERY_TAG_KEY } from '../shared/discovery';
import { carriedIssues, IssueCollector, ValidationContext, ValidationIssue } from '../issues';

/** AWS VPCs take /16 (largest) to /28. */
export const VPC_MIN_PREFIX = 16;
/** AWS VPCs take /16 to /28 (smallest). */
export const VPC_MAX_PREFIX = 28;
/** Smallest VPC the default subnet plan fits in (public subnets are 6 bits longer, and AWS stops at /28). */
export const VPC_MAX_PREFIX_FOR_DEFAULT_PLAN = 22;
/** AWS subnets are /16 to /28. */
export const SUBNET_MIN_PREFIX = 16;
/** AWS subnets are /16 to /28. */
export const SUBNET_MAX_PREFIX = 28;
/** The default plan cuts the VPC into 8 equal blocks and keeps the last one for public subnets. */
export const MAX_AVAILABILITY_ZONES = 7;
/** EKS needs subnets in at least two availability zones (CreateCluster). */
export const MIN_AVAILABILITY_ZONES = 2;

// A standard AZ name: region + one letter, e.g. us-east-1a, eu-central-2b, us-gov-west-1a.
const AZ_PATTERN = /^([a-z]{2}(?:-[a-z]+)+-\d+)([a-z])$/;

/** One subnet of a plan. */
export interface PlannedSubnet {
  /** Availability zone name, e.g. `us-east-1a`. */
  readonly availabilityZone: string;
  /** IPv4 CIDR block. */
  readonly cidrBlock: string;
}

/** Where each subnet of a new VPC goes. */
export interface NetworkPlan {
  /** VPC CIDR block. */
  readonly vpcCidr: string;
  /** Private subnets (nodes, control plane ENIs), one per AZ in the order given. */
  readonly privateSubnets: PlannedSubnet[];
  /** Public subnets (NAT gateways, internet-facing load balancers), one per AZ. */
  readonly publicSubnets: PlannedSubnet[];
}

/** Input of `planNetwork`. */
export interface NetworkPlanInput {
  /** VPC CIDR, e.g. `10.0.0.0/16`. */
  readonly vpcCidr: string;
  /** Availability zones, one private and one public subnet each. */
  readonly availabilityZones: readonly string[];
  /** Explicit private subnet CIDRs, one per AZ; undefined means the default plan. */
  readonly privateSubnetCidrs?: readonly string[];
  /** Explicit public subnet CIDRs, one per AZ; undefined means the default plan. */
  readonly publicSubnetCidrs?: readonly string[];
}

/**
 * Validates the input and lays out the subnets. Default layout: the VPC is cut into 8 equal
 * blocks (`/19` of a `/16`); private subnet `i` takes block `i`, and the last block is cut into
 * 8 again for the public subnets (`/22` of a `/16`). Private subnets are large because the VPC CNI
 * gives every pod a VPC address; public ones only hold NAT gateways and load balancers.
 * Returns undefined when there are errors (they are in `issues`).
 */
export function planNetwork(issues: IssueCollector, field: string, input: NetworkPlanInput): NetworkPlan | undefined {
  const before = issues.issues.length;
  // An empty field: the input fields are the props themselves.
  const at = (key: string) => (field === '' ? key : `${field}.${key}`);
  const zones = input.availabilityZones;
  validateAvailabilityZones(issues, at('availabilityZones'), zones);

  const vpcIsToken = issues.isUnresolved(input.vpcCidr);
  const vpc = vpcIsToken ? undefined : parseIpv4Cidr(input.vpcCidr);
  if (vpcIsToken) {
    if (input.privateSubnetCidrs === undefined || input.publicSubnetCidrs === undefined) {
      issues.error(
        at('vpcCidr'),
        'VpcCidrTokenWithoutSubnetCidrs',
        'the VPC CIDR is a Terraform reference, so the default subnet plan cannot be cut from it at synth. ' +
          'Pass privateSubnetCidrs and publicSubnetCidrs, or a literal VPC CIDR.',
      );
    }
  } else if (!vpc) {
    issues.error(
      at('vpcCidr'),
      'InvalidCidr',
      `'${input.vpcCidr}' is not an IPv4 CIDR block with its host bits zero (e.g. '10.0.0.0/16'). Fix the address or prefix.`,
    );
  } else if (vpc.prefix < VPC_MIN_PREFIX || vpc.prefix > VPC_MAX_PREFIX) {
    issues.error(
      at('vpcCidr'),
      'VpcCidrSizeOutOfRange',
      `VPC CIDR '${input.vpcCidr}' is /${vpc.prefix}; AWS allows /16 to /28. A /16 leaves room for pods (the VPC CNI gives each pod a VPC address).`,
    );
  }

  const privateCidrs = subnetCidrs(issues, at('privateSubnetCidrs'), input.privateSubnetCidrs, vpc, zones.length, (i) => cidrSubnet(vpc!, 3, i));
  const publicCidrs = subnetCidrs(issues, at('publicSubnetCidrs'), input.publicSubnetCidrs, vpc, zones.length, (i) =>
    cidrSubnet(cidrSubnet(vpc!, 3, 7), 3, i),
  );
  if (privateCidrs && publicCidrs) checkNoOverlap(issues, [...privateCidrs, ...publicCidrs]);

  if (issues.issues.length > before || !privateCidrs || !publicCidrs) return undefined;
  return {
    vpcCidr: input.vpcCidr,
    privateSubnets: zones.map((az, i) => ({ availabilityZone: az, cidrBlock: privateCidrs[i].cidr })),
    publicSubnets: zones.map((az, i) => ({ availabilityZone: az, cidrBlock: publicCidrs[i].cidr })),
  };
}

/**
 * Availability zone names: at least 2 distinct, standard names, all in one region. A zone that
 * is a token is not checked; the list itself must be known, since each zone gets its own subnets.
 */
export function validateAvailabilityZones(issues: IssueCollector, field: string, zones: readonly string[]): void {
  if (issues.isUnresolved(zones)) {
    issues.error(
      field,
      'AvailabilityZonesIsToken',
      'the availability zones must be a list known at synth (each zone gets its own subnets), got a Terraform reference. ' +
        "Pass the zone names, e.g. availabilityZonesOf('us-east-1').",
    );
    return;
  }
  // availabilityZonesOf gave no zones (an unknown region) or fewer than asked for, and says why.
  if (carriedIssues(zones).length > 0) return;
  const distinct = new Set(zones);
  if (distinct.size < MIN_AVAILABILITY_ZONES) {
    issues.error(
      field,
      'TooFewAvailabilityZones',
      `EKS needs subnets in at least ${MIN_AVAILABILITY_ZONES} distinct availability zones, got ${distinct.size} ` +
        `(${JSON.stringify(zones)}). Pass e.g. ['us-east-1a', 'us-east-1b', 'us-east-1c'] (availabilityZonesOf('us-east-1')).`,
    );
  }
  if (distinct.size !== zones.length) {
    issues.error(field, 'DuplicateAvailabilityZone', `each availability zone may appear once, got ${JSON.stringify(zones)}. Remove the duplicates.`);
  }
  if (zones.length > MAX_AVAILABILITY_ZONES) {
    issues.error(
      field,
      'TooManyAvailabilityZones',
      `the subnet plan holds at most ${MAX_AVAILABILITY_ZONES} availability zones, got ${zones.length}. Use fewer zones.`,
    );
  }
  const regions = new Set<string>();
  zones.forEach((az, i) => {
    if (issues.isUnresolved(az)) return;
    const m = AZ_PATTERN.exec(az);
    if (!m) {
      issues.error(
        `${field}[${i}]`,
        'InvalidAvailabilityZone',
        `'${az}' is not an availability zone name (region plus a letter, e.g. 'us-east-1a'). ` +
          'AZ ids (use1-az1) and Local Zones are not supported for EKS cluster subnets.',
      );
    } else {
      regions.add(m[1]);
    }
  });
  if (regions.size > 1) {
    issues.error(
      field,
      'AvailabilityZonesInManyRegions',
      `all availability zones must be in one region, got zones of ${[...regions].join(', ')}. Use the zones of the provider's region.`,
    );
  }
}

interface CheckedCidr {
  readonly field: string;
  readonly cidr: string;
  /** Undefined for a token, which is not checked. */
  readonly parsed?: Ipv4Cidr;
}

function subnetCidrs(
  issues: IssueCollector,
  field: string,
  given: readonly string[] | undefined,
  vpc: Ipv4Cidr | undefined,
  zoneCount: number,
  defaultBlock: (i: number) => Ipv4Cidr,
): CheckedCidr[] | undefined {
  if (given === undefined) {
    // Without a parsed VPC the plan has already reported why.
    if (!vpc || vpc.prefix > VPC_MAX_PREFIX_FOR_DEFAULT_PLAN || zoneCount > MAX_AVAILABILITY_ZONES) {
      if (vpc && vpc.prefix > VPC_MAX_PREFIX_FOR_DEFAULT_PLAN) {
        issues.error(
          field,
          'VpcTooSmallForDefaultPlan',
          `the default subnet plan needs a VPC of /${VPC_MAX_PREFIX_FOR_DEFAULT_PLAN} or larger, got /${vpc.prefix}. ` +
            'Use a larger VPC CIDR or pass privateSubnetCidrs and publicSubnetCidrs.',
        );
      }
      return undefined;
    }
    return Array.from({ length: zoneCount }, (_, i) => {
      const parsed = defaultBlock(i);
      return { field: `${field}[${i}]`, cidr: formatIpv4Cidr(parsed), parsed };
    });
  }
  if (given.length !== zoneCount) {
    issues.error(
      field,
      'SubnetCidrCountMismatch',
      `give one CIDR per availability zone: ${zoneCount} zones but ${given.length} CIDRs (${JSON.stringify(given)}).`,
    );
  }
  const out: CheckedCidr[] = [];
  given.forEach((cidr, i) => {
    const f = `${field}[${i}]`;
    if (issues.isUnresolved(cidr)) {
      out.push({ field: f, cidr });
      return;
    }
    const parsed = parseIpv4Cidr(cidr);
    if (!parsed) {
      issues.error(f, 'InvalidCidr', `'${cidr}' is not an IPv4 CIDR block with its host bits zero (e.g. '10.0.0.0/19').`);
      return;
    }
    if (parsed.prefix < SUBNET_MIN_PREFIX || parsed.prefix > SUBNET_MAX_PREFIX) {
      issues.error(f, 'SubnetCidrSizeOutOfRange', `subnet '${cidr}' is /${parsed.prefix}; AWS allows /16 to /28.`);
    }
    if (vpc && !cidrContains(vpc, parsed)) {
      issues.error(f, 'SubnetOutsideVpc', `subnet '${cidr}' is not inside the VPC CIDR '${formatIpv4Cidr(vpc)}'. Pick a block inside it.`);
    }
    out.push({ field: f, cidr, parsed });
  });
  return given.length === zoneCount && out.length === zoneCount ? out : undefined;
}

function checkNoOverlap(issues: IssueCollector, cidrs: readonly CheckedCidr[]): void {
  for (let i = 0; i < cidrs.length; i++) {
    for (let j = i + 1; j < cidrs.length; j++) {
      const a = cidrs[i].parsed;
      const b = cidrs[j].parsed;
      if (a && b && cidrOverlaps(a, b)) {
        issues.error(
          cidrs[j].field,
          'OverlappingSubnets',
          `${cidrs[i].field} '${cidrs[i].cidr}' overlaps ${cidrs[j].field} '${cidrs[j].cidr}'; ` +
            'AWS rejects overlapping subnets. Give each subnet its own block.',
        );
      }
    }
  }
}

// AWS Load Balancer Controller subnet discovery tags.
const INTERNAL_ELB_TAG_KEY = 'kubernetes.io/role/internal-elb';
const ELB_TAG_KEY = 'kubernetes.io/role/elb';
/** Tag keys `KarpenterNetwork` sets itself, so users may not pass them in `tags`. */
export const NETWORK_RESERVED_TAG_KEYS: readonly string[] = [DISCOVERY_TAG_KEY, INTERNAL_ELB_TAG_KEY, ELB_TAG_KEY, 'Name'];

/** Default VPC CIDR: a /16 leaves room for pod addresses from the VPC CNI. */
export const DEFAULT_VPC_CIDR = '10.0.0.0/16';

/**
 * How many NAT gateways a new VPC gets. Each NAT gateway is billed per hour and per GB it
 * processes, so `ONE_PER_AZ` costs one gateway-hour per zone instead of one.
 */
export enum NatGatewayMode {
  /**
   * One NAT gateway in the first zone for all private subnets: the cheapest, for demos and tests.
   * If that zone fails, every private subnet loses egress (nodes cannot pull images or reach AWS
   * APIs), and traffic from the other zones pays cross-AZ data charges on top of NAT processing.
   */
  SINGLE = 'SINGLE',
  /**
   * One NAT gateway per zone, each zone's private subnet routing through the one in its own zone:
   * a zone outage only takes that zone's egress, and no traffic crosses zones to reach a NAT.
   */
  ONE_PER_AZ = 'ONE_PER_AZ',
}

/** Production-safe: a zone outage must not cut the other zones' egress. */
export const DEFAULT_NAT_GATEWAY_MODE = NatGatewayMode.ONE_PER_AZ;

/** Input of {@link planKarpenterNetwork}, and the props of `KarpenterNetwork`. */
export interface KarpenterNetworkPlanInput {
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
  readonly availabilityZones: readonly string[];

  /**
   * VPC CIDR block.
   * @default '10.0.0.0/16'
   */
  readonly vpcCidr?: string;

  /**
   * Private subnet CIDRs, one per availability zone in the same order.
   * @default - the VPC is cut into 8 blocks and private subnet i takes block i (`/19` of a `/16`)
   */
  readonly privateSubnetCidrs?: readonly string[];

  /**
   * Public subnet CIDRs, one per availability zone in the same order.
   * @default - the last of the 8 blocks is cut into 8 again (`/22` of a `/16`)
   */
  readonly publicSubnetCidrs?: readonly string[];

  /**
   * NAT gateways for the private subnets' egress. Each NAT gateway is billed per hour and per GB.
   * `ONE_PER_AZ` keeps each zone's egress in its zone, so a zone outage takes down only that zone's
   * egress and no traffic pays cross-AZ charges to reach a NAT; `SINGLE` costs one gateway instead
   * of one per zone, but its zone failing cuts egress for every private subnet (demos, tests).
   * @default NatGatewayMode.ONE_PER_AZ
   */
  readonly natGateways?: NatGatewayMode;

  /**
   * Tags for every resource this construct creates. Must not set `Name`, `karpenter.sh/discovery`
   * or the `kubernetes.io/role/*` keys, which the construct manages.
   * @default - no extra tags
   */
  readonly tags?: Record<string, string>;
}

/** The resources of one availability zone of a new VPC. */
export interface PlannedNetworkZone {
  readonly availabilityZone: string;
  readonly publicSubnet: PlannedSubnet;
  readonly publicSubnetTags: Record<string, string>;
  readonly privateSubnet: PlannedSubnet;
  readonly privateSubnetTags: Record<string, string>;
  readonly privateRouteTableTags: Record<string, string>;
  /** Tags of the NAT gateway and its EIP in this zone; undefined when the zone has none. */
  readonly natGatewayTags?: Record<string, string>;
  /** Index of the zone whose NAT gateway this zone's private subnet routes through. */
  readonly natZoneIndex: number;
}

/** What `KarpenterNetwork` builds, with every default resolved. */
export interface KarpenterNetworkPlan {
  readonly clusterName: string;
  /** Whether `clusterName` passed its check (its problems are in `issues`). */
  readonly clusterNameValid: boolean;
  readonly vpcCidr: string;
  readonly natGateways: NatGatewayMode;
  readonly vpcTags: Record<string, string>;
  readonly internetGatewayTags: Record<string, string>;
  readonly publicRouteTableTags: Record<string, string>;
  /** One per availability zone, in the order given; empty when the plan has errors. */
  readonly zones: PlannedNetworkZone[];
  readonly issues: ValidationIssue[];
}

/** Resolves and checks a new VPC: subnet layout, NAT gateways, route targets and tags. */
export function planKarpenterNetwork(input: KarpenterNetworkPlanInput, ctx: ValidationContext = {}): KarpenterNetworkPlan {
  const issues = new IssueCollector(ctx);
  validateClusterName(issues, 'clusterName', input.clusterName);
  const clusterNameValid = issues.issues.length === 0;
  validateUserTags(issues, input.tags ?? {});
  const layout = planNetwork(issues, '', {
    vpcCidr: input.vpcCidr ?? DEFAULT_VPC_CIDR,
    availabilityZones: input.availabilityZones,
    privateSubnetCidrs: input.privateSubnetCidrs,
    publicSubnetCidrs: input.publicSubnetCidrs,
  });

  const name = input.clusterName;
  const natGateways = input.natGateways ?? DEFAULT_NAT_GATEWAY_MODE;
  const tagged = (resourceName: string, extra: Record<string, string> = {}) => ({ ...input.tags, Name: resourceName, ...extra });
  const zones = (layout?.privateSubnets ?? []).map((privateSubnet, i): PlannedNetworkZone => {
    const az = privateSubnet.availabilityZone;
    const hasNat = i === 0 || natGateways === NatGatewayMode.ONE_PER_AZ;
    return {
      availabilityZone: az,
      publicSubnet: layout!.publicSubnets[i],
      publicSubnetTags: tagged(`${name}-public-${az}`, { [ELB_TAG_KEY]: '1' }),
      privateSubnet,
      privateSubnetTags: tagged(`${name}-private-${az}`, { [INTERNAL_ELB_TAG_KEY]: '1', [DISCOVERY_TAG_KEY]: name }),
      privateRouteTableTags: tagged(`${name}-private-${az}`),
      natGatewayTags: hasNat ? tagged(`${name}-nat-${az}`) : undefined,
      natZoneIndex: natGateways === NatGatewayMode.ONE_PER_AZ ? i : 0,
    };
  });
  return {
    clusterName: name,
    clusterNameValid,
    vpcCidr: layout?.vpcCidr ?? input.vpcCidr ?? DEFAULT_VPC_CIDR,
    natGateways,
    vpcTags: tagged(`${name}-vpc`),
    internetGatewayTags: tagged(`${name}-igw`),
    publicRouteTableTags: tagged(`${name}-public`),
    zones,
    issues: issues.issues,
  };
}

function validateUserTags(issues: IssueCollector, tags: Record<string, string>): void {
  for (const key of Object.keys(tags)) {
    if (NETWORK_RESERVED_TAG_KEYS.includes(key)) {
      issues.error(
        `tags.${key}`,
        'ReservedTagKey',
        `tag '${key}' is set by KarpenterNetwork (Name, subnet role and discovery tags); remove it from tags.`,
      );
    }
  }
}
