// Pure core: no cdktf or constructs imports in lib/core.
import { IssueCollector } from '../issues';

/** An IPv4 CIDR block split into numbers. */
export interface Ipv4Cidr {
  /** Network address as an unsigned 32-bit integer. */
  readonly network: number;
  /** Prefix length, 0-32. */
  readonly prefix: number;
}

/** Parses `a.b.c.d/n`; undefined when it is not an IPv4 CIDR or has host bits set. */
export function parseIpv4Cidr(cidr: string): Ipv4Cidr | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const address = (((octets[0] << 24) >>> 0) + (octets[1] << 16) + (octets[2] << 8) + octets[3]) >>> 0;
  if ((address & ~maskOf(prefix)) >>> 0 !== 0) return undefined;
  return { network: address, prefix };
}

/** Renders a parsed CIDR back to `a.b.c.d/n`. */
export function formatIpv4Cidr(cidr: Ipv4Cidr): string {
  const n = cidr.network;
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}/${cidr.prefix}`;
}

function maskOf(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** The `index`-th block of `newBits` extra prefix bits inside `parent` (Terraform's `cidrsubnet`). */
export function cidrSubnet(parent: Ipv4Cidr, newBits: number, index: number): Ipv4Cidr {
  const prefix = parent.prefix + newBits;
  if (prefix > 32 || index < 0 || index >= 2 ** newBits) {
    throw new Error(`cidrSubnet: block ${index} of /${prefix} does not fit in /${parent.prefix}`);
  }
  return { network: (parent.network + index * 2 ** (32 - prefix)) >>> 0, prefix };
}

/** True when `inner` lies entirely inside `outer`. */
export function cidrContains(outer: Ipv4Cidr, inner: Ipv4Cidr): boolean {
  return inner.prefix >= outer.prefix && (inner.network & maskOf(outer.prefix)) >>> 0 === outer.network;
}

/** True when the two blocks share at least one address. */
export function cidrOverlaps(a: Ipv4Cidr, b: Ipv4Cidr): boolean {
  return cidrContains(a, b) || cidrContains(b, a);
}

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

/**
 * `<region>a`, `<region>b`, ... for the first `count` letters. A convenience only: letters are
 * mapped per account, and some regions lack some letters (us-west-1 has two AZs, `a`+`c` or
 * `b`+`c` depending on the account). Check `aws ec2 describe-availability-zones` when unsure.
 */
export function availabilityZonesOf(region: string, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => `${region}${String.fromCharCode(97 + i)}`);
}

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
  const zones = input.availabilityZones;
  validateAvailabilityZones(issues, `${field}.availabilityZones`, zones);

  const vpcIsToken = issues.isUnresolved(input.vpcCidr);
  const vpc = vpcIsToken ? undefined : parseIpv4Cidr(input.vpcCidr);
  if (vpcIsToken) {
    if (input.privateSubnetCidrs === undefined || input.publicSubnetCidrs === undefined) {
      issues.error(
        `${field}.vpcCidr`,
        'VpcCidrTokenWithoutSubnetCidrs',
        'the VPC CIDR is a Terraform reference, so the default subnet plan cannot be cut from it at synth. ' +
          'Pass privateSubnetCidrs and publicSubnetCidrs, or a literal VPC CIDR.',
      );
    }
  } else if (!vpc) {
    issues.error(
      `${field}.vpcCidr`,
      'InvalidCidr',
      `'${input.vpcCidr}' is not an IPv4 CIDR block with its host bits zero (e.g. '10.0.0.0/16'). Fix the address or prefix.`,
    );
  } else if (vpc.prefix < VPC_MIN_PREFIX || vpc.prefix > VPC_MAX_PREFIX) {
    issues.error(
      `${field}.vpcCidr`,
      'VpcCidrSizeOutOfRange',
      `VPC CIDR '${input.vpcCidr}' is /${vpc.prefix}; AWS allows /16 to /28. A /16 leaves room for pods (the VPC CNI gives each pod a VPC address).`,
    );
  }

  const privateCidrs = subnetCidrs(issues, `${field}.privateSubnetCidrs`, input.privateSubnetCidrs, vpc, zones.length, (i) => cidrSubnet(vpc!, 3, i));
  const publicCidrs = subnetCidrs(issues, `${field}.publicSubnetCidrs`, input.publicSubnetCidrs, vpc, zones.length, (i) =>
    cidrSubnet(cidrSubnet(vpc!, 3, 7), 3, i),
  );
  if (privateCidrs && publicCidrs) checkNoOverlap(issues, field, [...privateCidrs, ...publicCidrs]);

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

function checkNoOverlap(issues: IssueCollector, field: string, cidrs: readonly CheckedCidr[]): void {
  for (let i = 0; i < cidrs.length; i++) {
    for (let j = i + 1; j < cidrs.length; j++) {
      const a = cidrs[i].parsed;
      const b = cidrs[j].parsed;
      if (a && b && cidrOverlaps(a, b)) {
        issues.error(
          field,
          'OverlappingSubnets',
          `${cidrs[i].field} '${cidrs[i].cidr}' overlaps ${cidrs[j].field} '${cidrs[j].cidr}'; AWS rejects overlapping subnets. Give each subnet its own block.`,
        );
      }
    }
  }
}
