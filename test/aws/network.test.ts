import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import { Eip } from '@cdktf/provider-aws/lib/eip';
import { InternetGateway } from '@cdktf/provider-aws/lib/internet-gateway';
import { Route } from '@cdktf/provider-aws/lib/route';
import { RouteTable } from '@cdktf/provider-aws/lib/route-table';
import { RouteTableAssociation } from '@cdktf/provider-aws/lib/route-table-association';
import { Subnet } from '@cdktf/provider-aws/lib/subnet';
import { Vpc } from '@cdktf/provider-aws/lib/vpc';
import { TerraformOutput, TerraformVariable, Testing, Token } from 'cdktf';
import { KarpenterNetwork } from '../../lib/aws/network';
import { NatGatewayMode } from '../../lib/core/aws/network-plan';
import { newStack, resourceAt, resourceBlocksOf, resourceRef, resourcesOf, synthOf } from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

describe('KarpenterNetwork (new VPC)', () => {
  test('should create a VPC with DNS support and hostnames', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    // THEN
    const synth = Testing.synth(stack);
    expect(synth).toHaveResourceWithProperties(Vpc, {
      cidr_block: '10.0.0.0/16',
      enable_dns_support: true,
      enable_dns_hostnames: true,
      tags: { Name: 'demo-vpc' },
    });
    expect(synth).toHaveResource(InternetGateway);
  });

  test('should tag private subnets for internal ELBs and Karpenter discovery, public ones for ELBs', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    const synth = Testing.synth(stack);
    const subnets = resourcesOf(stack, 'aws_subnet');
    expect(subnets).toHaveLength(6);
    expect(synth).toHaveResourceWithProperties(Subnet, {
      availability_zone: 'us-east-1b',
      cidr_block: '10.0.32.0/19',
      tags: { Name: 'demo-private-us-east-1b', 'kubernetes.io/role/internal-elb': '1', 'karpenter.sh/discovery': 'demo' },
    });
    expect(synth).toHaveResourceWithProperties(Subnet, {
      availability_zone: 'us-east-1c',
      cidr_block: '10.0.232.0/22',
      tags: { Name: 'demo-public-us-east-1c', 'kubernetes.io/role/elb': '1' },
    });
    const discovery = subnets.filter((s) => s.tags['karpenter.sh/discovery'] === 'demo');
    expect(discovery.map((s) => s.availability_zone)).toEqual(ZONES);
    expect(subnets.filter((s) => s.tags['kubernetes.io/role/elb'] === '1' && s.tags['karpenter.sh/discovery'])).toEqual([]);
  });

  test('should route public subnets to the internet gateway', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    const igwRoutes = resourcesOf(stack, 'aws_route').filter((r) => r.gateway_id);
    expect(igwRoutes).toEqual([
      expect.objectContaining({ destination_cidr_block: '0.0.0.0/0', gateway_id: expect.stringMatching(/aws_internet_gateway\..*\.id/) }),
    ]);
    // 3 public + 3 private associations; one public table, one private table per zone.
    expect(resourcesOf(stack, 'aws_route_table_association')).toHaveLength(6);
    expect(resourcesOf(stack, 'aws_route_table')).toHaveLength(4);
  });

  test('should create one NAT gateway per zone by default, each zone routing through the NAT gateway in its own zone', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    const synth = Testing.synth(stack);
    const nats = resourceBlocksOf(stack, 'aws_nat_gateway');
    expect(Object.keys(nats)).toHaveLength(3);
    expect(resourcesOf(stack, 'aws_eip')).toHaveLength(3);
    expect(synth).toHaveResourceWithProperties(Eip, { domain: 'vpc' });
    const subnets = resourceBlocksOf(stack, 'aws_subnet');
    const tables = resourceBlocksOf(stack, 'aws_route_table');
    const natRoutes = resourcesOf(stack, 'aws_route').filter((r) => r.nat_gateway_id);
    expect(natRoutes).toHaveLength(3);
    // route -> NAT gateway -> its public subnet, and route -> route table: all in the same zone
    const zonesOf = natRoutes.map((route) => {
      const nat = nats[route.nat_gateway_id.match(/aws_nat_gateway\.(\w+)\.id/)[1]];
      const natSubnet = subnets[nat.subnet_id.match(/aws_subnet\.(\w+)\.id/)[1]];
      const table = tables[route.route_table_id.match(/aws_route_table\.(\w+)\.id/)[1]];
      return [natSubnet.availability_zone, table.tags.Name];
    });
    expect(zonesOf).toEqual(ZONES.map((az) => [az, `demo-private-${az}`]));
  });

  test("should expose the NAT gateways' public IPs, one per NAT gateway", () => {
    const stack = newStack();
    const perZone = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    const single = new KarpenterNetwork(stack, 'Single', { clusterName: 'demo', availabilityZones: ZONES, natGateways: NatGatewayMode.SINGLE });
    perZone.natPublicIps.forEach((ip, i) => new TerraformOutput(stack, `ip${i}`, { value: ip }));
    const outputs = synthOf(stack).json.output as Record<string, { value: unknown }>;
    expect([0, 1, 2].map((i) => outputs[`ip${i}`].value)).toEqual(
      [0, 1, 2].map((i) => `\${${resourceAt(stack, `Network/Zone${i}/NatEip`).address}.public_ip}`),
    );
    expect(single.natPublicIps).toHaveLength(1);
  });

  test('should create a single NAT gateway with SINGLE and route every zone through it', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES, natGateways: NatGatewayMode.SINGLE });
    expect(resourcesOf(stack, 'aws_nat_gateway')).toHaveLength(1);
    expect(resourcesOf(stack, 'aws_eip')).toHaveLength(1);
    const natRoutes = resourcesOf(stack, 'aws_route').filter((r) => r.nat_gateway_id);
    expect(natRoutes).toHaveLength(3);
    expect(new Set(natRoutes.map((r) => r.nat_gateway_id)).size).toBe(1);
    expect(natRoutes[0].nat_gateway_id).toMatch(/Zone0_NatGateway/);
  });

  test('should expose vpc and subnet ids as references', () => {
    const stack = newStack();
    const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ZONES });
    expect(network.privateSubnetIds).toHaveLength(3);
    expect(network.publicSubnetIds).toHaveLength(3);
    expect(network.securityGroupIds).toEqual([]);
    expect(network.discoveryClusterName).toBe('demo');
    expect(network.privateSubnetCidrs).toEqual(['10.0.0.0/19', '10.0.32.0/19', '10.0.64.0/19']);
    expect(Token.isUnresolved(network.vpcId)).toBe(true);
    const subnets = resourcesOf(stack, 'aws_subnet');
    expect(subnets.every((s) => s.vpc_id === resourceRef(stack, 'aws_vpc', 'id'))).toBe(true);
  });

  test('should accept zones and subnet CIDRs given as Terraform references', () => {
    const stack = newStack();
    const v = (name: string) => new TerraformVariable(stack, name, { type: 'string' }).stringValue;
    new KarpenterNetwork(stack, 'Network', {
      clusterName: 'demo',
      availabilityZones: [v('az_a'), v('az_b')],
      vpcCidr: v('vpc_cidr'),
      privateSubnetCidrs: [v('private_a'), v('private_b')],
      publicSubnetCidrs: [v('public_a'), v('public_b')],
    });
    const synth = Testing.synth(stack);
    expect(synth).toHaveResourceWithProperties(Vpc, { cidr_block: '${var.vpc_cidr}' });
    expect(synth).toHaveResourceWithProperties(Subnet, { availability_zone: '${var.az_b}', cidr_block: '${var.private_b}' });
  });

  test('fails synth when the zone list is a Terraform reference', () => {
    const stack = newStack();
    const zones = new TerraformVariable(stack, 'zones', { type: 'list(string)' }).listValue;
    expect(synthErrorLines(() => new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: zones }))).toEqual([
      expect.stringMatching(/^\[test\/Network\] availabilityZones: the availability zones must be a list known at synth/),
    ]);
  });

  // The messages are the plan's (test/core/aws/network-plan.test.ts); these check they fail synth under the path.
  test('fails synth once, listing every problem', () => {
    const stack = newStack();
    expect(
      synthErrorLines(
        () =>
          new KarpenterNetwork(stack, 'Network', {
            clusterName: '-bad',
            availabilityZones: ['us-east-1a', 'us-east-1b'],
            vpcCidr: '10.0.0.0/33',
            tags: { Name: 'mine' },
          }),
      ),
    ).toEqual([expect.stringMatching(/InvalidClusterName/), expect.stringMatching(/ReservedTagKey/), expect.stringMatching(/InvalidCidr/)]);
  });

  test('should match the default snapshot', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: ['us-east-1a', 'us-east-1b'] });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the every-option snapshot', () => {
    const stack = newStack();
    new KarpenterNetwork(stack, 'Network', {
      clusterName: 'prod',
      availabilityZones: ['eu-west-1a', 'eu-west-1b'],
      vpcCidr: '10.20.0.0/16',
      privateSubnetCidrs: ['10.20.0.0/18', '10.20.64.0/18'],
      publicSubnetCidrs: ['10.20.192.0/24', '10.20.193.0/24'],
      natGateways: NatGatewayMode.SINGLE,
      tags: { team: 'platform' },
    });
    const synth = Testing.synth(stack);
    expect(resourcesOf(stack, 'aws_nat_gateway')).toEqual([expect.objectContaining({ tags: { Name: 'prod-nat-eu-west-1a', team: 'platform' } })]);
    expect(synth).toHaveResource(Route);
    expect(synth).toHaveResource(RouteTable);
    expect(synth).toHaveResource(RouteTableAssociation);
    expect(synth).toMatchSnapshot();
  });
});

describe('KarpenterNetwork.fromExisting', () => {
  const existing = {
    clusterName: 'demo',
    vpcId: 'vpc-0123456789abcdef0',
    privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
    publicSubnetIds: ['subnet-0bbbbbbbbbbbbbbb1'],
  };

  test('should tag the private subnets for discovery with aws_ec2_tag and create nothing else', () => {
    const stack = newStack();
    const network = KarpenterNetwork.fromExisting(stack, 'Network', existing);
    const synth = Testing.synth(stack);
    expect(synth).toHaveResourceWithProperties(Ec2Tag, {
      resource_id: 'subnet-0aaaaaaaaaaaaaaa2',
      key: 'karpenter.sh/discovery',
      value: 'demo',
    });
    expect([
      ...new Set(
        synthOf(stack)
          .resources()
          .map((r) => r.type),
      ),
    ]).toEqual(['aws_ec2_tag']);
    expect(resourcesOf(stack, 'aws_ec2_tag').map((t) => t.resource_id)).toEqual(existing.privateSubnetIds);
    expect(network.vpcId).toBe('vpc-0123456789abcdef0');
    expect(network.publicSubnetIds).toEqual(['subnet-0bbbbbbbbbbbbbbb1']);
    expect(network.securityGroupIds).toEqual([]);
    expect(network.discoveryClusterName).toBe('demo');
  });

  test('should skip the tags when tagSubnetsForDiscovery is false', () => {
    const stack = newStack();
    const network = KarpenterNetwork.fromExisting(stack, 'Network', {
      ...existing,
      tagSubnetsForDiscovery: false,
      securityGroupIds: ['sg-12345678'],
    });
    expect(synthOf(stack).resources()).toEqual([]);
    expect(network.discoveryClusterName).toBeUndefined();
    expect(network.securityGroupIds).toEqual(['sg-12345678']);
  });

  test('should accept subnet ids given as a Terraform reference when it does not tag them', () => {
    const stack = newStack();
    const ids = new TerraformVariable(stack, 'subnet_ids', { type: 'list(string)' }).listValue;
    const network = KarpenterNetwork.fromExisting(stack, 'Network', { ...existing, privateSubnetIds: ids, tagSubnetsForDiscovery: false });
    expect(Token.isUnresolved(network.privateSubnetIds)).toBe(true);
  });

  test('fails synth when subnet ids given as a Terraform reference should be tagged', () => {
    const stack = newStack();
    const ids = new TerraformVariable(stack, 'subnet_ids', { type: 'list(string)' }).listValue;
    expect(synthErrorLines(() => KarpenterNetwork.fromExisting(stack, 'Network', { ...existing, privateSubnetIds: ids }))).toEqual([
      expect.stringMatching(
        /^\[test\/Network\] privateSubnetIds: privateSubnetIds is a Terraform reference, so the subnets cannot get one aws_ec2_tag each/,
      ),
    ]);
  });

  // The messages are the plan's (test/core/aws/network-plan.test.ts); this checks they fail synth under the path.
  test('fails synth on malformed, duplicate and double-listed ids', () => {
    const stack = newStack();
    expect(
      synthErrorLines(() =>
        KarpenterNetwork.fromExisting(stack, 'Network', {
          clusterName: 'demo',
          vpcId: 'vpc-xyz',
          privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa1'],
          publicSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1'],
          securityGroupIds: ['sg-1'],
        }),
      ),
    ).toEqual([
      expect.stringMatching(/'vpc-xyz' is not a vpc id/),
      expect.stringMatching(/is listed twice/),
      expect.stringMatching(/'sg-1' is not a sg id/),
      expect.stringMatching(/both private and public/),
    ]);
  });

  test('should match the snapshot', () => {
    const stack = newStack();
    KarpenterNetwork.fromExisting(stack, 'Network', existing);
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});
