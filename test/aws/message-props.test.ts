// Every prop an error message names must exist on the construct that reports it (issue #16: the
// policy-name message told KarpenterAws users to set `policyNameSuffix`, a prop KarpenterAws lacks).
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { TerraformStack, TerraformVariable } from 'cdktf';
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
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { AccessEntryType } from '../../lib/core/aws/node-role-policies';
import { ClusterLogType } from '../../lib/core/aws/eks-cluster-plan';
import { KubernetesVersion } from '../../lib/core/aws/kubernetes-version';
import { NodeGroupAmiType } from '../../lib/core/aws/controller-node-group-plan';
import { ControllerPlacement } from '../../lib/core/controller/controller-settings';
import { KarpenterRegistry, KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { stackErrorLines } from '../private/at-synth';
import { karpenterAttributes } from '../util/karpenter-attributes';
import { apiNames, stringTemplates } from '../util/props-of';
import { newAwsStack, newStack } from '../util/stacks';
import { warningsOf } from '../util/warnings';

const api = apiNames();
const SUBNETS = ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'];
const LONG = (n: number, c = 'x') => c.repeat(n);

/** One construct built from wrong input: the props interface it reports against, and how to build it. */
interface Mistakes {
  readonly props: string;
  readonly build: (stack: TerraformStack) => IConstruct;
  /** Build in a stack without an AWS provider. */
  readonly noProvider?: boolean;
}

// Each row gets many props wrong at once; together they produce most issue codes of the AWS and controller constructs.
const TABLE: { readonly [name: string]: Mistakes } = {
  'KarpenterAws, everything wrong': {
    props: 'KarpenterAwsProps',
    build: (s) =>
      new KarpenterAws(s, 'X', {
        cluster: { ...FAKE_CLUSTER, clusterSecurityGroupId: 'sg-nope' },
        region: 'eu-wset-1',
        identity: ControllerIdentity.irsa({ oidcProviderArn: '' }),
        queueKmsMasterKeyId: '',
        ruleNamePrefix: LONG(80),
        nodeRoleName: 'a b',
        nodeRoleAdditionalPolicyArns: ['nope'],
        createAccessEntry: false,
        accessEntryType: AccessEntryType.EC2_LINUX,
        controllerRoleName: LONG(70),
        controllerPolicyNameSuffix: LONG(90),
        controllerRoleAdditionalPolicyArns: ['nope'],
        controllerRoleAdditionalStatements: [{ sid: 'no spaces', actions: [], resources: [] }],
      }),
  },
  'KarpenterAws, names derived from a long cluster name': {
    props: 'KarpenterAwsProps',
    build: (s) => new KarpenterAws(s, 'X', { cluster: { ...FAKE_CLUSTER, clusterName: LONG(90, 'c') } }),
  },
  'KarpenterAws, queue options without a queue, two security groups': {
    props: 'KarpenterAwsProps',
    build: (s) =>
      new KarpenterAws(s, 'X', {
        cluster: FAKE_CLUSTER,
        enableSpotTermination: false,
        queueName: 'q',
        discoverySecurityGroupIds: ['sg-0aaaaaaaaaaaaaaa1', 'sg-0aaaaaaaaaaaaaaa2'],
      }),
  },
  'KarpenterAws, region unknown': {
    props: 'KarpenterAwsProps',
    noProvider: true,
    build: (s) => {
      const arn = new TerraformVariable(s, 'arn', {}).stringValue;
      const karpenter = new KarpenterAws(s, 'X', { cluster: { ...FAKE_CLUSTER, clusterArn: arn } });
      void karpenter.attributes;
      return karpenter;
    },
  },
  'KarpenterControllerRole, everything wrong': {
    props: 'KarpenterControllerRoleProps',
    build: (s) =>
      new KarpenterControllerRole(s, 'X', {
        cluster: { ...FAKE_CLUSTER, clusterName: LONG(90, 'c') },
        nodeRoleArn: 'nope',
        roleName: LONG(70),
        additionalPolicyArns: ['nope'],
      }),
  },
  'KarpenterNodeRole, everything wrong': {
    props: 'KarpenterNodeRoleProps',
    build: (s) => new KarpenterNodeRole(s, 'X', { cluster: FAKE_CLUSTER, roleName: LONG(70), additionalPolicyArns: ['nope'] }),
  },
  'InterruptionQueue, everything wrong': {
    props: 'InterruptionQueueProps',
    build: (s) =>
      new InterruptionQueue(s, 'X', { clusterName: 'demo', queueName: 'a b.fifo', kmsMasterKeyId: 'alias/aws/sqs', ruleNamePrefix: LONG(80) }),
  },
  'EksCluster, everything wrong': {
    props: 'EksClusterProps',
    build: (s) =>
      new EksCluster(s, 'X', {
        clusterName: 'demo',
        network: { vpcId: 'vpc-0123456789abcdef0', privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1'], publicSubnetIds: [], securityGroupIds: [] },
        version: KubernetesVersion.of('1.2'),
        endpointPrivateAccess: false,
        endpointPublicAccess: false,
        publicAccessCidrs: [],
        secretsEncryption: SecretsEncryption.withKey('alias/eks'),
        enabledLogTypes: [ClusterLogType.API, ClusterLogType.API],
        logRetentionDays: 2,
      }),
  },
  'EksCluster, open endpoint, no logs but a retention, a KMS window out of range': {
    props: 'EksClusterProps',
    build: (s) =>
      new EksCluster(s, 'X', {
        clusterName: 'demo',
        network: {
          vpcId: 'vpc-0123456789abcdef0',
          privateSubnetIds: SUBNETS,
          publicSubnetIds: [],
          securityGroupIds: [],
          discoveryClusterName: 'other',
        },
        endpointPrivateAccess: false,
        publicAccessCidrs: ['203.0.113.0/24'],
        secretsEncryption: SecretsEncryption.createKey({ deletionWindowInDays: 3 }),
        enabledLogTypes: [],
        logRetentionDays: 30,
      }),
  },
  'KarpenterNetwork, everything wrong': {
    props: 'KarpenterNetworkProps',
    build: (s) =>
      new KarpenterNetwork(s, 'X', {
        clusterName: 'my.cluster',
        availabilityZones: ['us-east-1a', 'us-east-1a', 'use1-az1', 'eu-west-1a', 'b', 'c', 'd', 'e'],
        vpcCidr: '10.0.0.0/8',
        tags: { Name: 'x' },
      }),
  },
  'KarpenterNetwork, explicit subnets wrong': {
    props: 'KarpenterNetworkProps',
    build: (s) =>
      new KarpenterNetwork(s, 'X', {
        clusterName: 'demo',
        availabilityZones: ['us-east-1a', 'us-east-1b'],
        privateSubnetCidrs: ['10.0.0.0/19', '10.1.0.0/29', 'nope'],
        publicSubnetCidrs: ['10.0.16.0/24', '10.0.0.0/8'],
      }),
  },
  'KarpenterNetwork, a small VPC and a token zone list': {
    props: 'KarpenterNetworkProps',
    build: (s) => {
      new KarpenterNetwork(s, 'Y', { clusterName: 'demo', availabilityZones: new TerraformVariable(s, 'zones', {}).listValue });
      return new KarpenterNetwork(s, 'X', { clusterName: 'demo', availabilityZones: ['us-east-1a', 'us-east-1b'], vpcCidr: '10.0.0.0/24' });
    },
  },
  'KarpenterNetwork.fromExisting, everything wrong': {
    props: 'ExistingNetworkProps',
    build: (s) =>
      KarpenterNetwork.fromExisting(s, 'X', {
        clusterName: 'demo',
        vpcId: 'vpc-1',
        privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa1'],
        publicSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1'],
        securityGroupIds: ['sg-1'],
      }) as unknown as IConstruct,
  },
  'ControllerNodeGroup, everything wrong': {
    props: 'ControllerNodeGroupProps',
    build: (s) =>
      new ControllerNodeGroup(s, 'X', {
        cluster: FAKE_CLUSTER,
        subnetIds: [],
        amiType: NodeGroupAmiType.AL2023_ARM_64_STANDARD,
        instanceTypes: ['m5.large', 'm5.large', 'nope'],
        minSize: 3,
        desiredSize: 2,
        maxSize: 0,
        metadataHopLimit: 100,
        rootVolumeSizeGiB: 5,
        labels: { 'karpenter.sh/controller': 'x' },
      }),
  },
  'ControllerNodeGroup, one node, one subnet': {
    props: 'ControllerNodeGroupProps',
    build: (s) => new ControllerNodeGroup(s, 'X', { cluster: FAKE_CLUSTER, subnetIds: SUBNETS.slice(0, 1), minSize: 1, desiredSize: 1 }),
  },
  'KarpenterController, everything wrong': {
    props: 'KarpenterControllerProps',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({ controllerNamespace: 'karpenter', controllerNodeGroup: undefined }),
        interruptionHandling: false,
        clusterEndpoint: 'http://nope',
        replicas: 1,
        podDisruptionBudgetMaxUnavailable: 0,
        resources: { requests: { cpu: '2' }, limits: { cpu: '1', memory: '1 Gi' } },
        timeoutSeconds: -1,
        maxHistory: -1,
        version: KarpenterVersion.of('0.37.0'),
        registry: KarpenterRegistry.custom({ chartRepository: 'oci://example.com/karpenter/karpenter', imageRepository: 'example.com/k' }),
        additionalValues: { settings: { clusterName: 'other' }, replicas: 3, logLevel: 'debug' },
      }),
  },
  'KarpenterController, bad placement label, queue without handling': {
    props: 'KarpenterControllerProps',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({ interruptionQueueName: undefined }),
        placement: ControllerPlacement.controllerNodes({ key: 'bad key', value: 'bad value' }),
      }),
  },
  'KarpenterController, tolerations its nodes need replaced': {
    props: 'KarpenterControllerProps',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({
          controllerNodes: [
            {
              desiredSize: 2,
              labels: { 'karpenter.sh/controller': 'true' },
              taints: [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' }],
            },
          ],
        }),
        additionalValues: { tolerations: [] },
      }),
  },
  'KarpenterController, more replicas than nodes, all in one zone': {
    props: 'KarpenterControllerProps',
    build: (s) =>
      new KarpenterController(s, 'X', {
        karpenter: karpenterAttributes({
          controllerNodes: [{ desiredSize: 2, labels: { 'karpenter.sh/controller': 'true' }, taints: [], zones: ['eu-west-1a', 'eu-west-1a'] }],
        }),
        replicas: 3,
      }),
  },
  'ClusterProviders, everything wrong': {
    props: 'ClusterProvidersProps',
    build: (s) =>
      new ClusterProviders(s, 'X', {
        clusterName: 'demo',
        region: 'EU-WEST-1',
        helmProviderAlias: 'bad alias',
        createHelmProvider: false,
        createKubernetesProvider: false,
      }),
  },
};

// Identifiers in messages that are not props of the reporting construct, and why each may appear.
const NOT_PROPS: { readonly [word: string]: string } = {
  subnetSelectorTerms: 'an EC2NodeClass field the message explains',
  securityGroupSelectorTerms: 'an EC2NodeClass field the message explains',
};

/** Every error and warning line of each row: `[path] field: message (code)`. */
function linesOf(mistakes: Mistakes): { lines: string[] } {
  const stack = mistakes.noProvider ? newStack() : newAwsStack();
  new HelmProvider(stack, 'helm', {});
  const construct = mistakes.build(stack);
  const errors = stackErrorLines(stack).filter((l) => l.startsWith(`[${construct.node.path}]`));
  const warnings = construct.node.findAll().flatMap((c) => warningsOf(c).map((w) => `[${c.node.path}] ${w}`));
  return { lines: [...errors, ...warnings] };
}

/** What is wrong with one line: a field root or a camelCase name that is not a prop of `props`. */
function problemsOf(line: string, props: string): string[] {
  const known = api.propsOf.get(props);
  if (!known) return [`${props} is not an exported props interface`];
  const m = /^\[[^\]]+\] ([^:]*): (.*) \((\w+)\)$/s.exec(line);
  if (!m) return [`not an issue line: ${line}`];
  const [, field, message, code] = m;
  const problems: string[] = [];
  const root = field.split(/[.[]/)[0];
  if (!known.has(root)) problems.push(`${code}: field '${field}' is not under a prop of ${props}`);
  // A construct named with its props, `EksCluster({ enableIrsa: true })`, vouches for those props.
  const vouched = new Set<string>();
  for (const call of message.matchAll(/\b([A-Z]\w*)\(\{([^}]*)\}?/g)) {
    const other = api.propsOf.get(`${call[1]}Props`);
    for (const key of call[2].matchAll(/(?:^|,)\s*(\w+)/g)) {
      if (other && !other.has(key[1])) problems.push(`${code}: ${call[1]}Props has no '${key[1]}'`);
      vouched.add(key[1]);
    }
  }
  // So does a function called with options, `ControllerIdentity.irsa({ oidcProviderArn })`.
  for (const call of message.matchAll(/\b[a-z]\w*\(\{([^}]*)\}?/g)) {
    for (const key of call[1].matchAll(/(?:^|,)\s*(\w+)/g)) vouched.add(key[1]);
  }
  // And a construct named before a prop, `KarpenterAws enableSpotTermination`, for that prop.
  for (const named of message.matchAll(/\b([A-Z]\w*) ([a-z]\w*)/g)) {
    const other = api.propsOf.get(`${named[1]}Props`);
    if (other?.has(named[2])) vouched.add(named[2]);
  }
  // camelCase words are taken as props, except after a `.` (members, Helm keys), `<` (a name
  // pattern: Karpenter-<clusterName>) or `(` (an argument), and when called (functions).
  for (const word of message.matchAll(/(?<![\w.$<(-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\w(-])/g)) {
    const w = word[1];
    if (known.has(w) || vouched.has(w)) continue;
    if (w in NOT_PROPS) continue;
    problems.push(`${code}: names '${w}', which is not a prop of ${props}`);
  }
  return problems;
}

describe('every prop a message names exists on the construct that reports it', () => {
  const memo = new Map<Mistakes, string[]>();
  const lines = (m: Mistakes) => memo.get(m) ?? memo.set(m, linesOf(m).lines).get(m)!;

  test.each(Object.entries(TABLE))('%s', (_name, mistakes) => {
    expect(lines(mistakes).length).toBeGreaterThan(0);
    expect(lines(mistakes).flatMap((l) => problemsOf(l, mistakes.props))).toEqual([]);
  });

  test('the table produces most issue codes of the AWS and controller constructs (77 of about 125 today)', () => {
    const codes = new Set(Object.values(TABLE).flatMap((m) => lines(m).map((l) => /\((\w+)\)$/.exec(l)?.[1])));
    expect(codes.size).toBeGreaterThanOrEqual(75);
  });

  test("the check catches the old message: 'set a shorter policyNameSuffix' on KarpenterAws", () => {
    const old =
      "[test/X] cluster.clusterName: IAM name 'KarpenterControllerResourceDiscoveryPolicy-ccc' is 133 characters; IAM allows 1-128. " +
      'The controller policies are named KarpenterController<Kind>Policy-<suffix>; set a shorter policyNameSuffix (at most 85 characters). ' +
      '(InvalidIamNameLength)';
    expect(problemsOf(old, 'KarpenterAwsProps')).toEqual([
      "InvalidIamNameLength: names 'policyNameSuffix', which is not a prop of KarpenterAwsProps",
    ]);
    expect(problemsOf(old.replace('policyNameSuffix', 'controllerPolicyNameSuffix'), 'KarpenterAwsProps')).toEqual([]);
    expect(problemsOf(old, 'KarpenterControllerRoleProps')).toEqual([]);
  });
});

describe('every construct a message names with props, `X({ prop })`, has those props', () => {
  test.each(api.sourceFiles.map((f) => [f.fileName.split('/lib/')[1], f] as const))('lib/%s', (_name, file) => {
    const problems: string[] = [];
    for (const text of stringTemplates(file)) {
      for (const call of text.matchAll(/\b([A-Z]\w*)\(\{([^}]*)/g)) {
        const props = api.propsOf.get(`${call[1]}Props`);
        if (!props) continue; // a function or class without a props interface
        for (const key of call[2].matchAll(/(?:^|,)\s*(\w+)/g)) if (!props.has(key[1])) problems.push(`${call[1]}({ ${key[1]} })`);
      }
      for (const ref of text.matchAll(/(?<![\w.])([A-Z]\w*)\.([a-zA-Z_]\w*)/g)) {
        const members = api.membersOf.get(ref[1]);
        // V1_3x: a pattern of member names (KubernetesVersion.V1_30, V1_31, ...), not one member.
        if (members && !members.has(ref[2]) && !/x$/.test(ref[2])) problems.push(`${ref[1]}.${ref[2]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
