// Issue #16 (AWS side): mistakes a new user made that synth let through, or reported twice or misleadingly.
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformVariable } from 'cdktf';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterNetwork } from '../../lib/aws/network';
import { availabilityZonesOf } from '../../lib/core/aws/regions';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { stackErrorLines } from '../private/at-synth';
import { newAwsStack, newStack } from '../util/stacks';

/** The README's infra stack with this cluster name and these zones; its error lines. */
function infraErrors(clusterName: string, availabilityZones: readonly string[]): string[] {
  const stack = newAwsStack();
  const network = new KarpenterNetwork(stack, 'Network', { clusterName, availabilityZones });
  const cluster = new EksCluster(stack, 'Cluster', { clusterName, network, publicAccessCidrs: ['203.0.113.0/24'] });
  new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds });
  new KarpenterAws(stack, 'Karpenter', { cluster });
  return stackErrorLines(stack);
}

describe('regions', () => {
  test("KarpenterAws({ region: 'eu-wset-1' }) fails synth, naming the region meant", () => {
    const stack = newAwsStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER, region: 'eu-wset-1' });
    expect(stackErrorLines(stack)).toEqual([
      expect.stringMatching(/^\[test\/Karpenter\] region: .*got 'eu-wset-1'.*Did you mean 'eu-west-1'\? \(InvalidRegion\)$/),
    ]);
  });

  test("a KarpenterAws whose region comes from the stack's AwsProvider says so", () => {
    const stack = newStack();
    new AwsProvider(stack, 'aws', { region: 'EU-WEST-1' });
    const cluster = { ...FAKE_CLUSTER, clusterArn: new TerraformVariable(stack, 'clusterArn', {}).stringValue };
    new KarpenterAws(stack, 'Karpenter', { cluster });
    expect(stackErrorLines(stack)).toEqual([
      "[test/Karpenter] region: is unset, so it comes from the stack's AwsProvider, whose region, 'EU-WEST-1', is no region of the aws, " +
        "aws-cn, aws-us-gov or aws-iso* partitions. Did you mean 'eu-west-1'? (InvalidRegion)",
    ]);
  });

  test("availabilityZonesOf('eu-wset-1') fails the network's synth once, with no knock-on zone or subnet count", () => {
    expect(infraErrors('demo', availabilityZonesOf('eu-wset-1'))).toEqual([
      expect.stringMatching(
        /^\[test\/Network\] availabilityZones: availabilityZonesOf\('eu-wset-1'\): must be an AWS region code .*Did you mean 'eu-west-1'\? \(InvalidRegion\)$/,
      ),
    ]);
  });

  test('us-west-1 plans its two usable zones', () => {
    expect(infraErrors('demo', availabilityZonesOf('us-west-1'))).toEqual([]);
  });
});

describe('one problem, one error', () => {
  test('a too-long cluster name is reported once, by the network that took it first', () => {
    const lines = infraErrors('x'.repeat(101), availabilityZonesOf('us-east-1'));
    expect(lines).toEqual([
      expect.stringMatching(/^\[test\/Network\] clusterName: cluster name 'x{101}' is 101 characters.*\(ClusterNameTooLong\)$/),
    ]);
  });

  test('a cluster on a network tagged for another name still reports its own bad name', () => {
    const stack = newAwsStack();
    const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: availabilityZonesOf('us-east-1') });
    const cluster = new EksCluster(stack, 'Cluster', { clusterName: 'my.cluster', network, publicAccessCidrs: ['203.0.113.0/24'] });
    new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds });
    expect(stackErrorLines(stack).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
      '[test/Cluster] clusterName (InvalidClusterName',
      '[test/Cluster] network (NetworkTaggedForOtherCluster',
    ]);
  });

  test('one availability zone is reported as too few zones, without the knock-on TooFewClusterSubnets', () => {
    expect(infraErrors('demo', ['eu-west-1a'])).toEqual([
      expect.stringMatching(
        /^\[test\/Network\] availabilityZones: EKS needs subnets in at least 2 distinct availability zones, got 1 .*\(TooFewAvailabilityZones\)$/,
      ),
    ]);
  });

  test('an existing network with one subnet is reported by the network only', () => {
    const stack = newAwsStack();
    const network = KarpenterNetwork.fromExisting(stack, 'Network', {
      clusterName: 'demo',
      vpcId: 'vpc-0123456789abcdef0',
      privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1'],
    });
    const cluster = new EksCluster(stack, 'Cluster', { clusterName: 'demo', network, publicAccessCidrs: ['203.0.113.0/24'] });
    new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds });
    expect(stackErrorLines(stack)).toEqual([
      expect.stringMatching(/^\[test\/Network\] privateSubnetIds: needs at least 2 subnet ids, got 1\..*\(TooFewIds\)$/),
    ]);
  });
});

describe('messages', () => {
  test('the coredns-needs-nodes error has a code and names the prop that turns it off', () => {
    const stack = newAwsStack();
    const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'demo', availabilityZones: availabilityZonesOf('us-east-1') });
    new EksCluster(stack, 'Cluster', { clusterName: 'demo', network, publicAccessCidrs: ['203.0.113.0/24'] });
    expect(stackErrorLines(stack)).toEqual([
      expect.stringMatching(/^\[test\/Cluster\] coreAddons: the coredns add-on needs nodes.*\(CoreDnsWithoutNodes\)$/),
    ]);
  });

  test('MissingOidcProviderArn says how to get the provider from EksCluster', () => {
    const stack = newAwsStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER, identity: ControllerIdentity.irsa({ oidcProviderArn: '' }) });
    expect(stackErrorLines(stack)).toEqual([
      expect.stringMatching(/^\[test\/Karpenter\] identity\.oidcProviderArn: .*EksCluster\(\{ enableIrsa: true \}\).*\(MissingOidcProviderArn\)$/),
    ]);
  });

  test('a cluster name too long for the policy names names the prop that exists: controllerPolicyNameSuffix', () => {
    const stack = newAwsStack();
    const clusterName = 'c'.repeat(90);
    new KarpenterAws(stack, 'Karpenter', {
      cluster: { ...FAKE_CLUSTER, clusterName, clusterArn: `arn:aws:eks:eu-west-1:123456789012:cluster/${clusterName}` },
      nodeRoleName: 'KarpenterNodeRole-long',
      controllerRoleName: 'KarpenterController-long',
      queueName: 'Karpenter-long',
    });
    expect(stackErrorLines(stack)).toEqual([
      expect.stringMatching(
        /^\[test\/Karpenter\] controllerPolicyNameSuffix: IAM name 'KarpenterControllerResourceDiscoveryPolicy-c{90}' is 133 characters; .*the suffix defaults to the cluster name; set controllerPolicyNameSuffix \(at most 85 characters\)\. \(InvalidIamNameLength\)$/,
      ),
    ]);
  });
});
