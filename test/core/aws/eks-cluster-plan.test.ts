import { validateCoreDnsCompute } from '../../../lib/core/aws/core-addons';
import {
  AuthenticationMode,
  ClusterLogType,
  EksClusterPlanInput,
  planEksCluster,
  planImportedEksCluster,
  SupportType,
} from '../../../lib/core/aws/eks-cluster-plan';
import { clusterEncryptionPolicy, SecretsEncryption } from '../../../lib/core/aws/secrets-encryption';
import { KubernetesVersion } from '../../../lib/core/aws/kubernetes-version';

const TOKEN = '${TOKEN}';
const isUnresolved = (v: unknown) => v === TOKEN || (Array.isArray(v) && v.includes(TOKEN));
const NETWORK = { privateSubnetIds: ['subnet-1', 'subnet-2'] };

function plan(input: Partial<EksClusterPlanInput> = {}, silence: string[] = ['PublicEndpointOpenToWorld']) {
  return planEksCluster({ clusterName: 'demo', network: NETWORK, ...input }, { isUnresolved, silence });
}

function codes(input: Partial<EksClusterPlanInput>) {
  return plan(input).issues.map((i) => `${i.field}:${i.code}`);
}

function messages(input: Partial<EksClusterPlanInput>, silence?: string[]) {
  return plan(input, silence).issues.map((i) => `${i.field}: ${i.message}`);
}

describe('planEksCluster', () => {
  test('should resolve the defaults', () => {
    const p = plan();
    expect(p).toEqual(
      expect.objectContaining({
        clusterName: 'demo',
        version: KubernetesVersion.DEFAULT,
        authenticationMode: AuthenticationMode.API,
        bootstrapClusterCreatorAdminPermissions: true,
        endpointPrivateAccess: true,
        endpointPublicAccess: true,
        publicAccessCidrs: undefined,
        clusterRoleNamePrefix: 'demo-cluster-',
        enabledLogTypes: [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR],
        logGroup: { name: '/aws/eks/demo/cluster', retentionInDays: 90 },
        enableIrsa: false,
        coreAddons: true,
        addons: [
          { id: 'PodIdentityAgent', addonName: 'eks-pod-identity-agent', version: undefined, needsNodes: false },
          { id: 'VpcCni', addonName: 'vpc-cni', version: undefined, needsNodes: false },
          { id: 'KubeProxy', addonName: 'kube-proxy', version: undefined, needsNodes: false },
          { id: 'CoreDns', addonName: 'coredns', version: undefined, needsNodes: true },
        ],
        supportType: SupportType.EXTENDED,
        zonalShift: undefined,
        secretsEncryption: {
          createKey: {
            aliasName: 'alias/eks/demo',
            description: 'Envelope encryption of Kubernetes secrets of EKS cluster demo',
            deletionWindowInDays: 30,
            enableKeyRotation: true,
          },
        },
        issues: [],
      }),
    );
  });

  test('should cut the cluster role prefix to the 38 characters IAM allows', () => {
    expect(plan({ clusterName: 'c'.repeat(100) }).clusterRoleNamePrefix).toHaveLength(38);
  });

  test('should plan no log group without log types', () => {
    const p = plan({ enabledLogTypes: [] });
    expect(p.enabledLogTypes).toEqual([]);
    expect(p.logGroup).toBeUndefined();
  });

  test('reports the cluster name, network and endpoint problems with their fields', () => {
    expect(codes({ clusterName: 'my.cluster' })).toEqual(['clusterName:InvalidClusterName']);
    expect(codes({ network: { privateSubnetIds: ['subnet-1'] } })).toEqual(['network.privateSubnetIds:TooFewClusterSubnets']);
    expect(codes({ network: { ...NETWORK, discoveryClusterName: 'other' } })).toEqual(['network:NetworkTaggedForOtherCluster']);
    expect(codes({ endpointPrivateAccess: false, endpointPublicAccess: false })).toEqual(['endpointPublicAccess:NoClusterEndpoint']);
  });

  test('reports bad public access CIDRs, and CIDRs without a public endpoint', () => {
    expect(codes({ publicAccessCidrs: [] })).toEqual(['publicAccessCidrs:EmptyPublicAccessCidrs']);
    expect(codes({ publicAccessCidrs: ['1.2.3.4/8', '203.0.113.0/24'] })).toEqual(['publicAccessCidrs[0]:InvalidCidr']);
    expect(codes({ publicAccessCidrs: ['203.0.113.0/24'], endpointPublicAccess: false })).toEqual([
      'publicAccessCidrs:PublicAccessCidrsWithoutPublicEndpoint',
    ]);
  });

  test('reports log retention values CloudWatch does not take, and duplicate log types', () => {
    expect(codes({ logRetentionDays: 45 })).toEqual(['logRetentionDays:InvalidLogRetention']);
    expect(codes({ enabledLogTypes: [], logRetentionDays: 30 })).toEqual(['logRetentionDays:LogRetentionWithoutLogs']);
    expect(codes({ enabledLogTypes: [ClusterLogType.API, ClusterLogType.API] })).toEqual(['enabledLogTypes:DuplicateLogType']);
  });

  test('should warn when the public endpoint is open to any address, unless silenced', () => {
    const warned = (input: Partial<EksClusterPlanInput>) =>
      plan(input, [])
        .issues.filter((i) => i.severity === 'warning')
        .map((i) => `${i.field}:${i.code}`);
    expect(warned({})).toEqual(['publicAccessCidrs:PublicEndpointOpenToWorld']);
    expect(warned({ publicAccessCidrs: ['0.0.0.0/0'] })).toEqual(['publicAccessCidrs:PublicEndpointOpenToWorld']);
    expect(warned({ publicAccessCidrs: ['203.0.113.0/24', '198.51.100.0/24'] })).toEqual([]);
    expect(warned({ endpointPublicAccess: false })).toEqual([]);
    expect(plan({}, ['PublicEndpointOpenToWorld']).issues).toEqual([]);
  });

  test('should warn about a world-open endpoint exactly when the public endpoint is on and allows 0.0.0.0/0', () => {
    for (const endpointPrivateAccess of [true, false]) {
      for (const endpointPublicAccess of [true, false]) {
        for (const publicAccessCidrs of [undefined, ['0.0.0.0/0'], ['203.0.113.0/24'], ['203.0.113.0/24', '0.0.0.0/0']]) {
          const input = { endpointPrivateAccess, endpointPublicAccess, publicAccessCidrs };
          const open = endpointPublicAccess && (publicAccessCidrs === undefined || publicAccessCidrs.includes('0.0.0.0/0'));
          const warned = plan(input, []).issues.some((i) => i.code === 'PublicEndpointOpenToWorld');
          expect({ input, warned }).toEqual({ input, warned: open });
        }
      }
    }
  });

  test('should warn that nodes need the public endpoint when private access is off and the CIDRs are restricted', () => {
    const only = { endpointPrivateAccess: false, publicAccessCidrs: ['203.0.113.0/24'] };
    expect(plan(only, []).issues.map((i) => `${i.severity}:${i.code}`)).toEqual(['warning:NodesMayBeOutsidePublicAccessCidrs']);
    expect(plan({ ...only, endpointPrivateAccess: true }, []).issues).toEqual([]);
  });

  test('should plan a given key or none, and check the key ARN and the deletion window', () => {
    const arn = 'arn:aws-us-gov:kms:us-gov-west-1:111122223333:key/1234abcd';
    expect(plan({ secretsEncryption: SecretsEncryption.withKey(arn) }).secretsEncryption).toEqual({ keyArn: arn });
    expect(plan({ secretsEncryption: SecretsEncryption.AWS_OWNED_KEY }).secretsEncryption).toBeUndefined();
    expect(
      plan({ secretsEncryption: SecretsEncryption.createKey({ deletionWindowInDays: 7 }) }).secretsEncryption?.createKey?.deletionWindowInDays,
    ).toBe(7);
    expect(codes({ secretsEncryption: SecretsEncryption.withKey('alias/eks') })).toEqual(['secretsEncryption:InvalidKmsKeyArn']);
    expect(codes({ secretsEncryption: SecretsEncryption.withKey(TOKEN) })).toEqual([]);
    expect(codes({ secretsEncryption: SecretsEncryption.createKey({ deletionWindowInDays: 31 }) })).toEqual([
      'secretsEncryption.deletionWindowInDays:InvalidKmsDeletionWindow',
    ]);
  });

  test('should pin the add-on versions given and leave the others to the cluster version', () => {
    const p = plan({ addonVersions: { coredns: 'v1.11.4-eksbuild.2', vpcCni: 'v1.19.2-eksbuild.1' } });
    expect(Object.fromEntries(p.addons.map((a) => [a.addonName, a.version]))).toEqual({
      'eks-pod-identity-agent': undefined,
      'vpc-cni': 'v1.19.2-eksbuild.1',
      'kube-proxy': undefined,
      coredns: 'v1.11.4-eksbuild.2',
    });
    expect(p.issues).toEqual([]);
    expect(plan({ coreAddons: false }).addons).toEqual([]);
  });

  test('reports add-on pins that are no EKS add-on version, name no core add-on, or have no add-ons', () => {
    for (const bad of ['1.11.4', 'v1.11.4', 'v1.11.4-eksbuild', 'latest', ' v1.11.4-eksbuild.2', '', 42]) {
      expect({ bad, codes: codes({ addonVersions: { coredns: bad as string } }) }).toEqual({
        bad,
        codes: ['addonVersions.coredns:InvalidAddonVersion'],
      });
    }
    expect(plan({ addonVersions: { kubeProxy: 'v1.33' } }).issues.map((i) => i.message)).toEqual([
      '"v1.33" is not an EKS add-on version (e.g. \'v1.19.2-eksbuild.1\'); list them with aws eks describe-addon-versions ' +
        "--addon-name kube-proxy, or remove the pin to follow the cluster's version.",
    ]);
    expect(codes({ addonVersions: { coreDns: 'v1.11.4-eksbuild.2' } as never })).toEqual(['addonVersions.coreDns:UnknownCoreAddon']);
    expect(codes({ addonVersions: 'v1' as never })).toEqual(['addonVersions:InvalidAddonVersions']);
    expect(codes({ coreAddons: false, addonVersions: { coredns: 'v1.11.4-eksbuild.2' } })).toEqual(['addonVersions:AddonVersionsWithoutCoreAddons']);
    expect(codes({ addonVersions: { coredns: TOKEN } })).toEqual([]);
  });

  test('should take the upgrade policy given, and report one EKS does not know', () => {
    expect(plan({ upgradePolicy: SupportType.STANDARD }).supportType).toBe('STANDARD');
    expect(codes({ upgradePolicy: 'extended' as SupportType })).toEqual(['upgradePolicy:InvalidSupportType']);
  });

  test('should pass zonal shift through', () => {
    expect(plan({ zonalShift: true }).zonalShift).toBe(true);
    expect(plan({ zonalShift: false }).zonalShift).toBe(false);
  });

  test('should skip checks on Terraform references', () => {
    expect(plan({ network: { privateSubnetIds: [TOKEN] }, publicAccessCidrs: [TOKEN] }).issues).toEqual([]);
  });
});

// Moved from test/aws/eks-cluster.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('planEksCluster messages', () => {
  test('an add-on pin that is no EKS add-on version names the add-on to list', () => {
    expect(messages({ addonVersions: { vpcCni: '1.19.2' } })).toEqual([
      'addonVersions.vpcCni: "1.19.2" is not an EKS add-on version (e.g. \'v1.19.2-eksbuild.1\'); list them with ' +
        "aws eks describe-addon-versions --addon-name vpc-cni, or remove the pin to follow the cluster's version.",
    ]);
  });

  test('an upgrade policy EKS does not know names the SupportType members', () => {
    expect(messages({ upgradePolicy: 'standard' as SupportType })).toEqual([
      "upgradePolicy: 'standard' is not an EKS support type; use SupportType.STANDARD or SupportType.EXTENDED.",
    ]);
  });

  test('a network with fewer than 2 private subnets', () => {
    expect(messages({ network: { privateSubnetIds: ['subnet-1'] } })).toEqual([
      expect.stringMatching(/^network\.privateSubnetIds: EKS needs subnets in at least 2 availability zones, got 1 subnet/),
    ]);
  });

  test('a network tagged for another cluster', () => {
    expect(messages({ network: { ...NETWORK, discoveryClusterName: 'other' } })).toEqual([
      expect.stringMatching(/^network: the network tags its subnets karpenter\.sh\/discovery='other', but this cluster is 'demo'/),
    ]);
  });

  test('empty or invalid public access CIDRs', () => {
    expect(messages({ publicAccessCidrs: [] })).toEqual([expect.stringMatching(/^publicAccessCidrs: publicAccessCidrs is empty/)]);
    expect(messages({ publicAccessCidrs: ['1.2.3.4/8'] })).toEqual([
      expect.stringMatching(/^publicAccessCidrs\[0\]: '1\.2\.3\.4\/8' is not an IPv4 CIDR/),
    ]);
  });

  test('a log retention CloudWatch does not take, or one without logs', () => {
    expect(messages({ enabledLogTypes: [ClusterLogType.API], logRetentionDays: 45 })).toEqual([
      expect.stringMatching(/^logRetentionDays: must be a CloudWatch Logs retention value \(1, 3, 5, .*\), got 45$/),
    ]);
    expect(messages({ enabledLogTypes: [], logRetentionDays: 30 })).toEqual([
      expect.stringMatching(/^logRetentionDays: is set but enabledLogTypes is empty/),
    ]);
  });

  test('a key that is no KMS key ARN, and a deletion window outside 7-30 days', () => {
    expect(messages({ secretsEncryption: SecretsEncryption.withKey('alias/eks') })).toEqual([
      expect.stringMatching(/^secretsEncryption: 'alias\/eks' is not a KMS key ARN/),
    ]);
    expect(messages({ secretsEncryption: SecretsEncryption.createKey({ deletionWindowInDays: 5 }) })).toEqual([
      'secretsEncryption.deletionWindowInDays: KMS takes a deletion window of 7 to 30 whole days, got 5.',
    ]);
  });

  test('the world-open endpoint warning says whether 0.0.0.0/0 is the EKS default, and how to silence it', () => {
    expect(messages({}, [])).toEqual([
      expect.stringMatching(/^publicAccessCidrs: the API server endpoint is public and open to 0\.0\.0\.0\/0 \(the EKS default\)/),
    ]);
    expect(messages({ publicAccessCidrs: ['203.0.113.0/24', '0.0.0.0/0'] }, [])).toEqual([
      expect.stringMatching(/open to 0\.0\.0\.0\/0: any address.*silenceWarnings: \['PublicEndpointOpenToWorld'\]/),
    ]);
  });
});

describe('clusterEncryptionPolicy', () => {
  test('should allow the four actions EKS needs on the one key', () => {
    expect(clusterEncryptionPolicy('arn:aws:kms:eu-west-1:111122223333:key/k')).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'ClusterEncryption',
          Effect: 'Allow',
          Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ListGrants', 'kms:DescribeKey'],
          Resource: 'arn:aws:kms:eu-west-1:111122223333:key/k',
        },
      ],
    });
  });
});

describe('validateCoreDnsCompute', () => {
  test('should ask for nodes until one compute dependency is registered', () => {
    expect(validateCoreDnsCompute(0)).toEqual([
      expect.objectContaining({
        field: 'coreAddons',
        code: 'CoreDnsWithoutNodes',
        message: expect.stringMatching(/^the coredns add-on needs nodes, or it stays DEGRADED.*or set coreAddons: false\.$/),
      }),
    ]);
    expect(validateCoreDnsCompute(1)).toEqual([]);
  });
});

describe('planImportedEksCluster', () => {
  test('reports an invalid name', () => {
    expect(planImportedEksCluster('').issues.map((i) => i.code)).toEqual(['EmptyClusterName']);
    expect(planImportedEksCluster('demo').issues).toEqual([]);
  });
});
