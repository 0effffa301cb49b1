import { IssueCollector } from '../../../lib/core/issues';
import { availabilityZonesOf } from '../../../lib/core/aws/regions';
import { NatGatewayMode, NetworkPlanInput, planKarpenterNetwork, planNetwork } from '../../../lib/core/aws/network-plan';
import { planExistingNetwork } from '../../../lib/core/aws/existing-network-plan';
import { cidrContains, cidrOverlaps, cidrSubnet, formatIpv4Cidr, parseIpv4Cidr } from '../../../lib/core/aws/ipv4-cidr';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

function plan(input: Partial<NetworkPlanInput>) {
  const issues = new IssueCollector();
  const result = planNetwork(issues, 'props', { vpcCidr: '10.0.0.0/16', availabilityZones: ZONES, ...input });
  return { result, issues: issues.issues };
}

describe('CIDR helpers', () => {
  test('should parse and format IPv4 CIDRs', () => {
    expect(parseIpv4Cidr('10.0.0.0/16')).toEqual({ network: 0x0a000000, prefix: 16 });
    expect(formatIpv4Cidr(parseIpv4Cidr('192.168.32.0/19')!)).toBe('192.168.32.0/19');
  });

  test.each(['10.0.0.1/16', '10.0.0.0', '256.0.0.0/8', '10.0.0.0/33', 'fd00::/8', ''])('should reject %j', (cidr) => {
    expect(parseIpv4Cidr(cidr)).toBeUndefined();
  });

  test('should compute cidrsubnet like Terraform', () => {
    const vpc = parseIpv4Cidr('10.0.0.0/16')!;
    expect(formatIpv4Cidr(cidrSubnet(vpc, 3, 1))).toBe('10.0.32.0/19');
    expect(formatIpv4Cidr(cidrSubnet(vpc, 8, 255))).toBe('10.0.255.0/24');
    expect(() => cidrSubnet(vpc, 3, 8)).toThrow(/does not fit/);
  });

  test('should tell containment and overlap', () => {
    const vpc = parseIpv4Cidr('10.0.0.0/16')!;
    expect(cidrContains(vpc, parseIpv4Cidr('10.0.224.0/22')!)).toBe(true);
    expect(cidrContains(vpc, parseIpv4Cidr('10.1.0.0/24')!)).toBe(false);
    expect(cidrOverlaps(parseIpv4Cidr('10.0.0.0/19')!, parseIpv4Cidr('10.0.16.0/20')!)).toBe(true);
    expect(cidrOverlaps(parseIpv4Cidr('10.0.0.0/19')!, parseIpv4Cidr('10.0.32.0/19')!)).toBe(false);
  });
});

describe('planNetwork', () => {
  test('should lay out /19 private and /22 public subnets in a /16', () => {
    const { result, issues } = plan({});
    expect(issues).toEqual([]);
    expect(result).toEqual({
      vpcCidr: '10.0.0.0/16',
      privateSubnets: [
        { availabilityZone: 'us-east-1a', cidrBlock: '10.0.0.0/19' },
        { availabilityZone: 'us-east-1b', cidrBlock: '10.0.32.0/19' },
        { availabilityZone: 'us-east-1c', cidrBlock: '10.0.64.0/19' },
      ],
      publicSubnets: [
        { availabilityZone: 'us-east-1a', cidrBlock: '10.0.224.0/22' },
        { availabilityZone: 'us-east-1b', cidrBlock: '10.0.228.0/22' },
        { availabilityZone: 'us-east-1c', cidrBlock: '10.0.232.0/22' },
      ],
    });
  });

  test('should scale the plan with the VPC size', () => {
    const { result } = plan({ vpcCidr: '172.16.0.0/20', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
    expect(result!.privateSubnets.map((s) => s.cidrBlock)).toEqual(['172.16.0.0/23', '172.16.2.0/23']);
    expect(result!.publicSubnets.map((s) => s.cidrBlock)).toEqual(['172.16.14.0/26', '172.16.14.64/26']);
  });

  test('should use explicit subnet CIDRs', () => {
    const { result, issues } = plan({
      availabilityZones: ['us-east-1a', 'us-east-1b'],
      privateSubnetCidrs: ['10.0.0.0/18', '10.0.64.0/18'],
      publicSubnetCidrs: ['10.0.128.0/24', '10.0.129.0/24'],
    });
    expect(issues).toEqual([]);
    expect(result!.privateSubnets[1]).toEqual({ availabilityZone: 'us-east-1b', cidrBlock: '10.0.64.0/18' });
  });

  test('reports fewer than 2 distinct zones', () => {
    const { result, issues } = plan({ availabilityZones: ['us-east-1a', 'us-east-1a'] });
    expect(result).toBeUndefined();
    expect(issues.map((i) => i.code)).toEqual(expect.arrayContaining(['TooFewAvailabilityZones', 'DuplicateAvailabilityZone']));
    expect(issues.find((i) => i.code === 'TooFewAvailabilityZones')!.message).toMatch(/at least 2 distinct availability zones, got 1/);
  });

  test('reports zones of different regions and malformed names', () => {
    const { issues } = plan({ availabilityZones: ['us-east-1a', 'eu-west-1b', 'use1-az1'] });
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'AvailabilityZonesInManyRegions', message: expect.stringMatching(/us-east-1, eu-west-1/) }),
        expect.objectContaining({ field: 'props.availabilityZones[2]', code: 'InvalidAvailabilityZone' }),
      ]),
    );
  });

  test('should not check zone names and subnet CIDRs that are tokens', () => {
    const issues = new IssueCollector({ isUnresolved: (v) => typeof v === 'string' && v.includes('${') });
    const result = planNetwork(issues, 'props', {
      vpcCidr: '${var.vpc_cidr}',
      availabilityZones: ['${var.az_a}', 'us-east-1b'],
      privateSubnetCidrs: ['${var.private_a}', '10.0.32.0/19'],
      publicSubnetCidrs: ['${var.public_a}', '10.0.228.0/22'],
    });
    expect(issues.issues).toEqual([]);
    expect(result!.privateSubnets).toEqual([
      { availabilityZone: '${var.az_a}', cidrBlock: '${var.private_a}' },
      { availabilityZone: 'us-east-1b', cidrBlock: '10.0.32.0/19' },
    ]);
  });

  test('reports a VPC CIDR token without explicit subnet CIDRs', () => {
    const issues = new IssueCollector({ isUnresolved: (v) => typeof v === 'string' && v.includes('${') });
    expect(planNetwork(issues, 'props', { vpcCidr: '${var.vpc_cidr}', availabilityZones: ZONES })).toBeUndefined();
    expect(issues.issues).toEqual([
      expect.objectContaining({
        field: 'props.vpcCidr',
        code: 'VpcCidrTokenWithoutSubnetCidrs',
        message: expect.stringMatching(/Pass privateSubnetCidrs and publicSubnetCidrs/),
      }),
    ]);
  });

  test('reports an invalid VPC CIDR', () => {
    const { issues } = plan({ vpcCidr: '10.0.0.1/16' });
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'props.vpcCidr',
        code: 'InvalidCidr',
        message: expect.stringMatching(/'10\.0\.0\.1\/16' is not an IPv4 CIDR/),
      }),
    ]);
  });

  test('reports a VPC outside /16-/28 and one too small for the default plan', () => {
    expect(plan({ vpcCidr: '10.0.0.0/8' }).issues.map((i) => i.code)).toContain('VpcCidrSizeOutOfRange');
    expect(plan({ vpcCidr: '10.0.0.0/24' }).issues.map((i) => i.code)).toEqual(['VpcTooSmallForDefaultPlan', 'VpcTooSmallForDefaultPlan']);
  });

  test('reports explicit subnets that are malformed, outside the VPC, overlapping or miscounted', () => {
    const { issues } = plan({
      privateSubnetCidrs: ['10.0.0.0/19', '10.1.0.0/19', 'nope'],
      publicSubnetCidrs: ['10.0.16.0/24'],
    });
    const codes = issues.map((i) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['SubnetOutsideVpc', 'InvalidCidr', 'SubnetCidrCountMismatch']));
    const overlap = plan({
      availabilityZones: ['us-east-1a', 'us-east-1b'],
      privateSubnetCidrs: ['10.0.0.0/19', '10.0.32.0/19'],
      publicSubnetCidrs: ['10.0.16.0/24', '10.0.200.0/24'],
    }).issues;
    expect(overlap).toEqual([
      expect.objectContaining({
        code: 'OverlappingSubnets',
        field: 'props.publicSubnetCidrs[0]',
        message: expect.stringMatching(/privateSubnetCidrs\[0\] '10\.0\.0\.0\/19' overlaps props\.publicSubnetCidrs\[0\] '10\.0\.16\.0\/24'/),
      }),
    ]);
  });
});

describe('planKarpenterNetwork', () => {
  test('should put one NAT gateway in the first zone and route every zone through it with SINGLE', () => {
    const p = planKarpenterNetwork({ clusterName: 'demo', availabilityZones: ZONES, natGateways: NatGatewayMode.SINGLE });
    expect(p.issues).toEqual([]);
    expect(p.vpcCidr).toBe('10.0.0.0/16');
    expect(p.zones.map((z) => [z.availabilityZone, z.natGatewayTags !== undefined, z.natZoneIndex])).toEqual([
      ['us-east-1a', true, 0],
      ['us-east-1b', false, 0],
      ['us-east-1c', false, 0],
    ]);
  });

  test('should route each zone through its own NAT gateway by default (ONE_PER_AZ)', () => {
    const p = planKarpenterNetwork({ clusterName: 'demo', availabilityZones: ZONES });
    expect(p.natGateways).toBe(NatGatewayMode.ONE_PER_AZ);
    expect(p.zones.map((z) => [z.natGatewayTags?.Name, z.natZoneIndex])).toEqual([
      ['demo-nat-us-east-1a', 0],
      ['demo-nat-us-east-1b', 1],
      ['demo-nat-us-east-1c', 2],
    ]);
  });

  test.each([2, 3, 4, 5, 6, 7])('with %i zones, every zone should route through an existing NAT gateway, its own one with ONE_PER_AZ', (n) => {
    const zones = availabilityZonesOf('eu-central-1', n);
    for (const mode of [NatGatewayMode.ONE_PER_AZ, NatGatewayMode.SINGLE]) {
      const p = planKarpenterNetwork({ clusterName: 'demo', availabilityZones: zones, natGateways: mode });
      expect(p.issues).toEqual([]);
      expect(p.zones.filter((z) => z.natGatewayTags).length).toBe(mode === NatGatewayMode.ONE_PER_AZ ? n : 1);
      p.zones.forEach((z, i) => {
        expect(p.zones[z.natZoneIndex].natGatewayTags).toBeDefined();
        if (mode === NatGatewayMode.ONE_PER_AZ) expect(p.zones[z.natZoneIndex].availabilityZone).toBe(zones[i]);
      });
    }
  });

  test('should name and tag every resource after the cluster, with the user tags underneath', () => {
    const p = planKarpenterNetwork({ clusterName: 'demo', availabilityZones: ZONES, tags: { team: 'infra' } });
    expect(p.vpcTags).toEqual({ team: 'infra', Name: 'demo-vpc' });
    expect(p.zones[1].privateSubnetTags).toEqual({
      team: 'infra',
      Name: 'demo-private-us-east-1b',
      'kubernetes.io/role/internal-elb': '1',
      'karpenter.sh/discovery': 'demo',
    });
    expect(p.zones[1].publicSubnetTags).toEqual({ team: 'infra', Name: 'demo-public-us-east-1b', 'kubernetes.io/role/elb': '1' });
  });

  test('reports the cluster name, reserved tags and the layout, and plans no zones', () => {
    const p = planKarpenterNetwork({ clusterName: 'my.cluster', availabilityZones: ['us-east-1a'], tags: { Name: 'x' } });
    expect(p.issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      'clusterName:InvalidClusterName',
      'tags.Name:ReservedTagKey',
      'availabilityZones:TooFewAvailabilityZones',
    ]);
    expect(p.zones).toEqual([]);
  });
});

// Moved from test/aws/network.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('planKarpenterNetwork messages', () => {
  const messages = (input: Parameters<typeof planKarpenterNetwork>[0]) => planKarpenterNetwork(input).issues.map((i) => `${i.field}: ${i.message}`);

  test('fewer than 2 zones', () => {
    expect(messages({ clusterName: 'demo', availabilityZones: ['us-east-1a'] })).toEqual([
      expect.stringMatching(/^availabilityZones: EKS needs subnets in at least 2 distinct availability zones, got 1/),
    ]);
  });

  test('explicit subnets that overlap', () => {
    expect(
      messages({ clusterName: 'demo', availabilityZones: ['us-east-1a', 'us-east-1b'], privateSubnetCidrs: ['10.0.0.0/19', '10.0.0.0/20'] }),
    ).toEqual([expect.stringMatching(/privateSubnetCidrs\[0\] '10\.0\.0\.0\/19' overlaps privateSubnetCidrs\[1\] '10\.0\.0\.0\/20'/)]);
  });
});

describe('planExistingNetwork', () => {
  const SUBNETS = ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'];

  test('should tag each private subnet for discovery by default', () => {
    const p = planExistingNetwork({ clusterName: 'demo', vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: SUBNETS });
    expect(p.issues).toEqual([]);
    expect(p.discoveryClusterName).toBe('demo');
    expect(p.discoveryTags).toEqual(SUBNETS.map((resourceId) => ({ resourceId, key: 'karpenter.sh/discovery', value: 'demo' })));
  });

  test('should tag nothing with tagSubnetsForDiscovery: false', () => {
    const p = planExistingNetwork({ clusterName: 'demo', vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: SUBNETS, tagSubnetsForDiscovery: false });
    expect(p.discoveryClusterName).toBeUndefined();
    expect(p.discoveryTags).toEqual([]);
  });

  test('reports bad ids, too few subnets and subnets listed twice', () => {
    const p = planExistingNetwork({ clusterName: 'demo', vpcId: 'vpc-1', privateSubnetIds: [SUBNETS[0]], publicSubnetIds: [SUBNETS[0]] });
    expect(p.issues.map((i) => `${i.field}:${i.code}`)).toEqual([
      'vpcId[0]:InvalidResourceId',
      'privateSubnetIds:TooFewIds',
      'publicSubnetIds:SubnetBothPublicAndPrivate',
    ]);
  });

  test('reports subnet ids given as a Terraform reference when it must tag them', () => {
    const isUnresolved = (v: unknown) => Array.isArray(v) && v.includes('${TOKEN}');
    const input = { clusterName: 'demo', vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: ['${TOKEN}'] };
    expect(planExistingNetwork(input, { isUnresolved }).issues.map((i) => i.code)).toEqual(['SubnetIdsIsToken']);
    expect(planExistingNetwork({ ...input, tagSubnetsForDiscovery: false }, { isUnresolved }).issues).toEqual([]);
  });
});

// Moved from test/aws/network.test.ts: the plan makes this message; the construct test checks the reporting.
describe('planExistingNetwork messages', () => {
  test('fewer than 2 private subnets', () => {
    const p = planExistingNetwork({ clusterName: 'demo', vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1'] });
    expect(p.issues.map((i) => `${i.field}: ${i.message}`)).toEqual([
      expect.stringMatching(/^privateSubnetIds: needs at least 2 subnet ids, got 1\. EKS needs subnets in at least two availability zones/),
    ]);
  });
});
