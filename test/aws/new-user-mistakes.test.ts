// Issue #16 (AWS side): mistakes a new user made that synth let through, or reported twice or misleadingly.
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { TerraformVariable, Testing } from 'cdktf';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterController } from '../../lib/controller/karpenter-controller';
import { ControllerPlacement } from '../../lib/core/controller/controller-settings';
import { KarpenterNetwork } from '../../lib/aws/network';
import { availabilityZonesOf } from '../../lib/core/aws/regions';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { KarpenterAwsAttributes } from '../../lib/core/aws/karpenter-aws-attributes';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { karpenterAttributes } from '../util/karpenter-attributes';
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

  test("a cluster without clusterName takes the network's, and a bad one is reported by the network alone", () => {
    const stack = newAwsStack();
    const network = new KarpenterNetwork(stack, 'Network', { clusterName: 'x'.repeat(101), availabilityZones: availabilityZonesOf('us-east-1') });
    const cluster = new EksCluster(stack, 'Cluster', { network, publicAccessCidrs: ['203.0.113.0/24'] });
    new ControllerNodeGroup(stack, 'ControllerNodes', { cluster, subnetIds: network.privateSubnetIds });
    new KarpenterAws(stack, 'Karpenter', { cluster });
    expect(cluster.clusterName).toBe('x'.repeat(101));
    expect(cluster.clusterNameValid).toBe(false);
    expect(stackErrorLines(stack).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
      '[test/Network] clusterName (ClusterNameTooLong',
    ]);
  });

  test('a cluster given no clusterName on a network without one says to set it', () => {
    const stack = newAwsStack();
    const network = {
      vpcId: 'vpc-0123456789abcdef0',
      privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
      publicSubnetIds: [],
      securityGroupIds: [],
    };
    new EksCluster(stack, 'Cluster', { network, publicAccessCidrs: ['203.0.113.0/24'], coreAddons: false });
    expect(stackErrorLines(stack)).toEqual([
      "[test/Cluster] clusterName: is unset and the network has no clusterName to take it from. Set clusterName, e.g. clusterName: 'demo'. " +
        '(ClusterNameMissing)',
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

  test('a bad cluster name is reported once across the cluster, KarpenterAws and the controller', () => {
    const aws = newAwsStack('aws');
    const cluster = EksCluster.fromClusterName(aws, 'Cluster', 'my.cluster');
    const attributes = new KarpenterAws(aws, 'Karpenter', { cluster }).attributes;
    const controller = newStack('controller');
    new HelmProvider(controller, 'helm', {});
    const placement = ControllerPlacement.anyNodeNotManagedByKarpenter();
    new KarpenterController(controller, 'Karpenter', { karpenter: JSON.parse(JSON.stringify(attributes)), placement });
    // Not again as karpenter.clusterName, nor as the queue and role names derived from it.
    expect([...stackErrorLines(aws), ...stackErrorLines(controller)].map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
      '[aws/Cluster] clusterName (InvalidClusterName',
    ]);
    // A copy given another name is that name's first check.
    const copy = newStack('copy');
    new HelmProvider(copy, 'helm', {});
    new KarpenterController(copy, 'Karpenter', { karpenter: { ...attributes, clusterName: 'other.cluster' }, placement });
    expect(stackErrorLines(copy).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
      '[copy/Karpenter] karpenter.clusterName (InvalidClusterName',
    ]);
  });

  describe('the namespace and service account of the controller', () => {
    const placement = ControllerPlacement.anyNodeNotManagedByKarpenter();

    /** One app: KarpenterAws with this identity, and the controller given its attributes (as JSON when `json`). */
    function appErrors(identity: ControllerIdentity, json = false): string[] {
      const aws = newAwsStack('aws');
      const cluster = EksCluster.fromClusterName(aws, 'Cluster', 'demo');
      const attributes = new KarpenterAws(aws, 'Karpenter', { cluster, identity }).attributes;
      const controller = newStack('controller');
      new HelmProvider(controller, 'helm', {});
      new KarpenterController(controller, 'Karpenter', { karpenter: json ? JSON.parse(JSON.stringify(attributes)) : attributes, placement });
      return [...stackErrorLines(aws), ...stackErrorLines(controller)];
    }

    test.each([false, true])('bad ones in the identity are reported once each, by KarpenterAws, where they were typed (JSON: %s)', (json) => {
      expect(appErrors(ControllerIdentity.podIdentity({ namespace: 'Bad_NS', serviceAccount: 'Bad_SA' }), json)).toEqual([
        expect.stringMatching(/^\[aws\/Karpenter\] identity\.namespace: 'Bad_NS' is not a valid Kubernetes namespace.*\(InvalidNamespace\)$/),
        expect.stringMatching(
          /^\[aws\/Karpenter\] identity\.serviceAccount: 'Bad_SA' is not a valid service account name.*\(InvalidServiceAccount\)$/,
        ),
      ]);
    });

    test('a bad namespace in an IRSA identity is reported once too', () => {
      const oidcProviderArn = `arn:aws:iam::123456789012:oidc-provider/${FAKE_CLUSTER.oidcIssuerUrl.replace('https://', '')}`;
      const stack = newAwsStack();
      new HelmProvider(stack, 'helm', {});
      const karpenter = new KarpenterAws(stack, 'Karpenter', {
        cluster: FAKE_CLUSTER,
        identity: ControllerIdentity.irsa({ oidcProviderArn, namespace: 'Bad_NS' }),
      });
      new KarpenterController(stack, 'Controller', { karpenter: karpenter.attributes, placement });
      expect(stackErrorLines(stack).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
        '[test/Karpenter] identity.namespace (InvalidNamespace',
      ]);
    });

    /** KarpenterAws's attributes with `change` spread over them, given to a KarpenterController in another stack; its error lines. */
    function copyErrors(change: Partial<KarpenterAwsAttributes>): string[] {
      const aws = newAwsStack('aws');
      const cluster = EksCluster.fromClusterName(aws, 'Cluster', 'demo');
      const attributes = new KarpenterAws(aws, 'Karpenter', { cluster }).attributes;
      expect(() => Testing.synth(aws, true)).not.toThrow();
      const controller = newStack('controller');
      new HelmProvider(controller, 'helm', {});
      new KarpenterController(controller, 'Karpenter', { karpenter: { ...attributes, ...change }, placement });
      return stackErrorLines(controller);
    }

    test("a copy of KarpenterAws's attributes with a bad namespace is checked by KarpenterController", () => {
      expect(copyErrors({ controllerNamespace: 'Bad_NS' })).toEqual([
        expect.stringMatching(
          /^\[controller\/Karpenter\] karpenter\.controllerNamespace: 'Bad_NS' is not a valid Kubernetes namespace.*\(InvalidNamespace\)$/,
        ),
      ]);
    });

    test("a copy of KarpenterAws's attributes with a bad service account is checked by KarpenterController", () => {
      expect(copyErrors({ controllerServiceAccount: 'Bad_SA' })).toEqual([
        expect.stringMatching(
          /^\[controller\/Karpenter\] karpenter\.controllerServiceAccount: 'Bad_SA' is not a valid service account name.*\(InvalidServiceAccount\)$/,
        ),
      ]);
    });

    test('a copy with the same namespace and service account passes', () => {
      expect(copyErrors({ controllerNamespace: 'kube-system', controllerServiceAccount: 'karpenter' })).toEqual([]);
    });

    test('a malformed checked (a hand-edited JSON file) fails synth, and the values are checked', () => {
      const stack = newStack();
      new HelmProvider(stack, 'helm', {});
      const checked = { controllerNamespace: { value: 'Bad_NS', valid: 'yes' } };
      new KarpenterController(stack, 'Karpenter', {
        karpenter: karpenterAttributes({
          controllerNamespace: 'Bad_NS',
          checked: checked as unknown as KarpenterAwsAttributes['checked'],
        }),
        placement,
      });
      expect(() => Testing.synth(stack, true)).toThrow(
        /karpenter\.checked: controllerNamespace\.valid must be true or false, got "yes"\. .*\(InvalidAttribute\)/,
      );
      expect(stackErrorLines(stack).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
        '[test/Karpenter] karpenter.checked (InvalidAttribute',
        '[test/Karpenter] karpenter.controllerNamespace (InvalidNamespace',
      ]);
    });

    test('attributes written by hand are still checked by KarpenterController, once', () => {
      const stack = newStack();
      new HelmProvider(stack, 'helm', {});
      new KarpenterController(stack, 'Karpenter', {
        karpenter: karpenterAttributes({ controllerNamespace: 'Bad_NS', controllerServiceAccount: 'Bad_SA' }),
        placement,
      });
      expect(stackErrorLines(stack).map((l) => l.replace(/:.*\(/, ' (').replace(/\)$/, ''))).toEqual([
        '[test/Karpenter] karpenter.controllerNamespace (InvalidNamespace',
        '[test/Karpenter] karpenter.controllerServiceAccount (InvalidServiceAccount',
      ]);
    });
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

describe('the controller on an existing cluster (item 5)', () => {
  const SUBNETS = ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'];

  /** The existing-cluster app: AWS stack and controller stack, the attributes crossing as JSON. */
  function existingClusterErrors(options: { nodeGroup: boolean; placement?: ControllerPlacement }): string[] {
    const aws = newAwsStack('aws');
    const cluster = EksCluster.fromClusterName(aws, 'Cluster', 'legacy');
    if (options.nodeGroup) new ControllerNodeGroup(aws, 'ControllerNodes', { cluster, subnetIds: SUBNETS });
    const attributes = JSON.parse(JSON.stringify(new KarpenterAws(aws, 'Karpenter', { cluster }).attributes));
    const controller = newStack('controller');
    new HelmProvider(controller, 'helm', {});
    new KarpenterController(controller, 'Karpenter', { karpenter: attributes, placement: options.placement });
    return [...stackErrorLines(aws), ...stackErrorLines(controller)];
  }

  test('without a ControllerNodeGroup, the default placement is an error naming anyNodeNotManagedByKarpenter()', () => {
    expect(existingClusterErrors({ nodeGroup: false })).toEqual([
      expect.stringMatching(
        /^\[controller\/Karpenter\] placement: no ControllerNodeGroup of this library runs on cluster 'legacy' \(karpenter\.controllerNodeGroup is false\), .*stay Pending\. Set placement: ControllerPlacement\.anyNodeNotManagedByKarpenter\(\) .*ControllerPlacement\.controllerNodes\(\{ key, value \}\) with a label of a node group you own.*\(ControllerPlacementRequired\)$/,
      ),
    ]);
  });

  test('an explicit placement, or a ControllerNodeGroup behind the cluster, passes', () => {
    expect(existingClusterErrors({ nodeGroup: false, placement: ControllerPlacement.anyNodeNotManagedByKarpenter() })).toEqual([]);
    expect(existingClusterErrors({ nodeGroup: false, placement: ControllerPlacement.controllerNodes({ key: 'role', value: 'system' }) })).toEqual([]);
    expect(existingClusterErrors({ nodeGroup: true })).toEqual([]);
  });

  test('the fact crosses stacks as a plain attribute', () => {
    const aws = newAwsStack('aws');
    const cluster = EksCluster.fromClusterName(aws, 'Cluster', 'legacy');
    const before = new KarpenterAws(aws, 'Before', { cluster, nodeRoleName: 'a', controllerRoleName: 'a', queueName: 'a' }).attributes;
    new ControllerNodeGroup(aws, 'ControllerNodes', { cluster, subnetIds: SUBNETS });
    expect(before.controllerNodeGroup).toBe(false); // read before the group existed
    expect(new KarpenterAws(aws, 'Karpenter', { cluster }).attributes.controllerNodeGroup).toBe(true);
  });

  test('hand-written attributes without controllerNodeGroup need a placement too; a non-boolean is an error', () => {
    const stack = newStack();
    new HelmProvider(stack, 'helm', {});
    new KarpenterController(stack, 'Karpenter', { karpenter: karpenterAttributes({ controllerNodeGroup: undefined }) });
    new KarpenterController(stack, 'Other', { karpenter: karpenterAttributes({ controllerNodeGroup: 'yes' as unknown as boolean }) });
    expect(stackErrorLines(stack).map((l) => l.replace(/: .*\(/, ' (').replace(/\)$/, ''))).toEqual([
      '[test/Karpenter] placement (ControllerPlacementRequired',
      '[test/Other] karpenter.controllerNodeGroup (InvalidAttribute',
      '[test/Other] placement (ControllerPlacementRequired',
    ]);
    expect(stackErrorLines(stack)[0]).toMatch(/karpenter\.controllerNodeGroup is unset/);
  });
});
