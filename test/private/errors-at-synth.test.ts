// Every AWS and controller construct builds from its plan even when the input is invalid, and
// reports the problems at synth, so one synth lists the problems of every construct.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { App, TerraformStack, TerraformVariable } from 'cdktf';
import { IConstruct } from 'constructs';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { SecretsEncryption } from '../../lib/core/aws/secrets-encryption';
import { InterruptionQueue } from '../../lib/aws/interruption-queue';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { KarpenterControllerRole } from '../../lib/aws/karpenter-controller-role';
import { KarpenterNodeRole } from '../../lib/aws/karpenter-node-role';
import { KarpenterNetwork } from '../../lib/aws/network';
import { ClusterProviders } from '../../lib/controller/cluster-providers';
import { KarpenterController } from '../../lib/controller/karpenter-controller';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { KubernetesVersion } from '../../lib/core/aws/kubernetes-version';
import { KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { karpenterAttributes } from '../util/karpenter-attributes';
import { newAwsStack, resourcesOf, synthOf } from '../util/stacks';
import { stackErrorLines, synthErrorLines } from './at-synth';
import { warningsOf } from '../util/warnings';

const NETWORK = {
  vpcId: 'vpc-0123456789abcdef0',
  privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
  publicSubnetIds: [],
  securityGroupIds: [],
};
const NODE_ROLE_ARN = 'arn:aws:iam::123456789012:role/KarpenterNodeRole-demo';
const listVariable = (stack: TerraformStack, id: string) => new TerraformVariable(stack, id, { type: 'list(string)' }).listValue;
const stringVariable = (stack: TerraformStack, id: string) => new TerraformVariable(stack, id, { type: 'string' }).stringValue;

/** Builds one construct with invalid input in `stack`; `code` is an error synth must report for it. */
interface Case {
  readonly name: string;
  readonly code: string;
  readonly build: (stack: TerraformStack) => IConstruct;
  /** Resource types the construct must not create from the invalid input. */
  readonly noResources?: string[];
}

const CASES: Case[] = [
  {
    name: 'KarpenterNetwork: invalid cluster name and VPC CIDR',
    code: 'InvalidCidr',
    build: (s) => new KarpenterNetwork(s, 'X', { clusterName: '-bad', availabilityZones: ['us-east-1a', 'us-east-1b'], vpcCidr: '10.0.0.0/33' }),
    noResources: ['aws_subnet'],
  },
  {
    name: 'KarpenterNetwork: the zone list is a token',
    code: 'AvailabilityZonesIsToken',
    build: (s) => new KarpenterNetwork(s, 'X', { clusterName: 'demo', availabilityZones: listVariable(s, 'zones') }),
    noResources: ['aws_subnet', 'aws_nat_gateway'],
  },
  {
    name: 'KarpenterNetwork.fromExisting: subnet ids to tag are a token',
    code: 'SubnetIdsIsToken',
    build: (s) =>
      KarpenterNetwork.fromExisting(s, 'X', {
        clusterName: 'demo',
        vpcId: 'vpc-xyz',
        privateSubnetIds: listVariable(s, 'ids'),
      }) as unknown as IConstruct,
    noResources: ['aws_ec2_tag'],
  },
  {
    name: 'EksCluster: invalid name, version and key',
    code: 'UnsupportedKubernetesVersion',
    build: (s) =>
      new EksCluster(s, 'X', {
        clusterName: 'my.cluster',
        network: { ...NETWORK, privateSubnetIds: [] },
        version: KubernetesVersion.of('1.29'),
        secretsEncryption: SecretsEncryption.withKey('alias/eks'),
        publicAccessCidrs: [],
      }),
  },
  {
    name: 'EksCluster: the subnets are a token and the name is empty',
    code: 'EmptyClusterName',
    build: (s) => new EksCluster(s, 'X', { clusterName: '', network: { ...NETWORK, privateSubnetIds: listVariable(s, 'ids') } }),
  },
  {
    name: 'EksCluster: malformed version, public access CIDRs a token, bad log retention',
    code: 'InvalidLogRetention',
    build: (s) =>
      new EksCluster(s, 'X', {
        clusterName: 'demo',
        network: NETWORK,
        version: KubernetesVersion.of('garbage'),
        publicAccessCidrs: listVariable(s, 'cidrs'),
        logRetentionDays: 45,
      }),
  },
  {
    name: 'EksCluster.fromClusterName: empty name',
    code: 'EmptyClusterName',
    build: (s) => EksCluster.fromClusterName(s, 'X', '') as unknown as IConstruct,
  },
  {
    name: 'ControllerNodeGroup: no subnets, no instance types, bad sizes',
    code: 'DesiredSizeAboveMax',
    build: (s) =>
      new ControllerNodeGroup(s, 'X', { cluster: FAKE_CLUSTER, subnetIds: [], instanceTypes: [], minSize: 4, desiredSize: 3, maxSize: 2 }),
  },
  {
    name: 'ControllerNodeGroup: subnets and instance types are tokens, negative sizes',
    code: 'InvalidNodeCount',
    build: (s) =>
      new ControllerNodeGroup(s, 'X', {
        cluster: { ...FAKE_CLUSTER, clusterName: '' },
        subnetIds: listVariable(s, 'ids'),
        instanceTypes: listVariable(s, 'types'),
        minSize: -5,
        desiredSize: -1,
        maxSize: 0,
      }),
  },
  {
    name: 'KarpenterNodeRole: cluster name is a token',
    code: 'ClusterNameIsToken',
    build: (s) => new KarpenterNodeRole(s, 'X', { cluster: { ...FAKE_CLUSTER, clusterName: stringVariable(s, 'name') } }),
  },
  {
    name: 'KarpenterControllerRole: IRSA on a cluster without an issuer',
    code: 'MissingOidcIssuer',
    build: (s) =>
      new KarpenterControllerRole(s, 'X', {
        cluster: { ...FAKE_CLUSTER, oidcIssuerUrl: '' },
        nodeRoleArn: NODE_ROLE_ARN,
        identity: ControllerIdentity.irsa({ oidcProviderArn: '' }),
      }),
  },
  {
    name: 'InterruptionQueue: invalid queue name',
    code: 'InvalidQueueNameCharacters',
    build: (s) => new InterruptionQueue(s, 'X', { clusterName: 'demo', queueName: 'bad name!' }),
  },
  {
    name: 'KarpenterAws: the security groups to tag are a token',
    code: 'SecurityGroupIdsIsToken',
    build: (s) => new KarpenterAws(s, 'X', { cluster: FAKE_CLUSTER, discoverySecurityGroupIds: listVariable(s, 'sgs') }),
    noResources: ['aws_ec2_tag'],
  },
  {
    name: 'KarpenterAws: invalid cluster name, its attributes read',
    code: 'InvalidClusterName',
    build: (s) => {
      const karpenter = new KarpenterAws(s, 'X', { cluster: { ...FAKE_CLUSTER, clusterName: 'my cluster' }, region: 'Ireland' });
      expect(karpenter.attributes.clusterName).toBe('my cluster');
      return karpenter;
    },
  },
  {
    name: 'KarpenterController: invalid attributes, version and replicas',
    code: 'InvalidReplicas',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({ controllerNamespace: 'Kube_System', region: '' }),
        version: KarpenterVersion.of('0.37.7'),
        replicas: 0,
      }),
  },
  {
    name: 'KarpenterController: malformed version, unknown identity type',
    code: 'InvalidIdentityType',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({ identityType: 'other' as 'irsa', controllerServiceAccount: '' }),
        version: KarpenterVersion.of('garbage'),
      }),
  },
  {
    name: 'KarpenterController: FlowSchemas without a kubernetes provider',
    code: 'FlowSchemasNeedKubernetesProvider',
    build: (s) => new KarpenterController(s, 'X', { karpenter: karpenterAttributes({ controllerNamespace: 'karpenter' }) }),
    noResources: ['kubernetes_manifest'],
  },
  {
    name: 'ClusterProviders: nothing to create, cluster name a token',
    code: 'NoProviderToCreate',
    build: (s) =>
      new ClusterProviders(s, 'X', {
        clusterName: stringVariable(s, 'name'),
        region: 'Ireland',
        createHelmProvider: false,
        createKubernetesProvider: false,
        helmProviderAlias: 'a.b',
      }),
  },
];

describe('invalid input: no throw at construction, the error at synth', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const stack = newAwsStack();
    let construct: IConstruct | undefined;
    const lines = synthErrorLines(() => (construct = c.build(stack)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\[test/X\\] .*\\(${c.code}\\)$`)));
    expect(construct).toBeDefined();
    // What was built resolves to Terraform JSON (synth without the validations).
    const built = synthOf(stack);
    for (const type of c.noResources ?? []) expect(resourcesOf(built, type)).toEqual([]);
  });
});

test('a bad EksCluster, a bad KarpenterAws prop and a bad NodePool fail one synth, listing all three with their paths', () => {
  const stack = newAwsStack();
  const provider = new KubernetesProvider(stack, 'k8s', {});
  const cluster = new EksCluster(stack, 'Cluster', { clusterName: 'my.cluster', network: NETWORK, coreAddons: false });
  new KarpenterAws(stack, 'Karpenter', { cluster, region: 'Ireland' });
  const nodeClass = Ec2NodeClass.fromName('default');
  new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, provider, weight: 0, limits: { cpu: Quantity.cpu(10) } });
  expect(cluster.clusterName).toBe('my.cluster');
  expect(() => synthOf(stack, { validate: true })).toThrow(
    new RegExp(
      [
        '^Validation failed with the following errors:',
        // Once, by the cluster: KarpenterAws and its roles derive no names from it and do not repeat it.
        "  \\[test/Cluster\\] clusterName: cluster name 'my\\.cluster' is invalid; .* \\(InvalidClusterName\\)",
        "  \\[test/Karpenter\\] region: must be an AWS region code such as 'eu-west-1'; got 'Ireland', which is no region .* \\(InvalidRegion\\)",
        '  \\[test/Pool\\] spec\\.weight: must be between 1 and 100, got 0 \\(OutOfRange\\)\\n\\n',
      ].join('\\n'),
    ),
  );
});

test('warnings still become annotations, also on a construct whose errors fail synth', () => {
  const stack = newAwsStack();
  const bad = new EksCluster(stack, 'Bad', { clusterName: 'my.cluster', network: NETWORK, coreAddons: false });
  const good = new EksCluster(stack, 'Good', { clusterName: 'demo', network: NETWORK, coreAddons: false });
  for (const c of [bad, good]) {
    expect(warningsOf(c)).toEqual([expect.stringMatching(/^publicAccessCidrs: the API server endpoint is public .*\(PublicEndpointOpenToWorld\)$/)]);
  }
  const errors = (c: IConstruct) => synthErrorLines(() => c);
  expect(errors(bad)).toEqual([expect.stringMatching(/^\[test\/Bad\] clusterName: .*\(InvalidClusterName\)$/)]);
  expect(errors(good)).toEqual([]);
});

test('app.synth() (what cdktf synth runs) lists the errors of the AWS and controller constructs of a stack together', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-errors-at-synth-'));
  const app = new App({ outdir });
  const stack = new TerraformStack(app, 'aws');
  new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
  new HelmProvider(stack, 'helm', {});
  new EksCluster(stack, 'Cluster', { clusterName: 'demo', network: { ...NETWORK, privateSubnetIds: [] }, coreAddons: false });
  new KarpenterController(stack, 'Karpenter', { karpenter: karpenterAttributes(), replicas: 0 });
  const synth = () => {
    try {
      app.synth();
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  };
  expect(synth).toThrow(
    new RegExp(
      '^Validation failed with the following errors:\\n' +
        '  \\[aws/Cluster\\] network\\.privateSubnetIds: EKS needs subnets in at least 2 availability zones, got 0 subnet\\(s\\)\\. .*\\n' +
        '  \\[aws/Karpenter\\] replicas: must be a whole number, at least 1; got 0 \\(InvalidReplicas\\)\\n\\n',
    ),
  );
});

describe('a bad cluster name is reported once, by whoever can fix it', () => {
  const clusterNameErrors = (stack: TerraformStack): string[] =>
    stackErrorLines(stack)
      .filter((l) => l.endsWith('(InvalidClusterName)'))
      .map((l) => l.split(':')[0]);

  test('an EksCluster reports its name; KarpenterAws, KarpenterNodeRole and KarpenterControllerRole given it do not', () => {
    const stack = newAwsStack();
    const cluster = new EksCluster(stack, 'Cluster', { clusterName: 'my.cluster', network: NETWORK, coreAddons: false });
    new KarpenterAws(stack, 'Karpenter', { cluster, region: 'eu-west-1' });
    new KarpenterNodeRole(stack, 'NodeRole', { cluster });
    new KarpenterControllerRole(stack, 'ControllerRole', { cluster, nodeRoleArn: NODE_ROLE_ARN });
    expect(clusterNameErrors(stack)).toEqual(['[test/Cluster] clusterName']);
  });

  test('EksCluster.fromClusterName reports the name it is given, once', () => {
    const stack = newAwsStack();
    const cluster = EksCluster.fromClusterName(stack, 'Existing', 'my.cluster');
    new KarpenterAws(stack, 'Karpenter', { cluster, region: 'eu-west-1' });
    expect(clusterNameErrors(stack)).toEqual(['[test/Existing] clusterName']);
  });

  test('a cluster given as plain values is checked by the construct that takes it', () => {
    const stack = newAwsStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: { ...FAKE_CLUSTER, clusterName: 'my.cluster' }, region: 'eu-west-1' });
    expect(clusterNameErrors(stack)).toEqual(['[test/Karpenter] cluster.clusterName']);
  });
});
