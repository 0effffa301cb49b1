import { DataAwsEksAddonVersion } from '@cdktf/provider-aws/lib/data-aws-eks-addon-version';
import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import { EksAddon } from '@cdktf/provider-aws/lib/eks-addon';
import { CloudwatchLogGroup } from '@cdktf/provider-aws/lib/cloudwatch-log-group';
import { EksCluster as EksClusterResource } from '@cdktf/provider-aws/lib/eks-cluster';
import { IamOpenidConnectProvider } from '@cdktf/provider-aws/lib/iam-openid-connect-provider';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { KubernetesVersion } from '../../lib/core/aws/kubernetes-version';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { AuthenticationMode, ClusterLogType, SupportType } from '../../lib/core/aws/eks-cluster-plan';
import { SecretsEncryption } from '../../lib/core/aws/secrets-encryption';
import { IKarpenterNetwork } from '../../lib/aws/network';
import {
  dataOf,
  dataRef,
  refOf,
  newAwsStack,
  onlyResource,
  onlyResourceBlock,
  resourceAt,
  resourceBlocksOf,
  resourceRef,
  resourcesOf,
  synthOf,
  tokenString,
} from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';
import { warningsOf } from '../util/warnings';

const NETWORK: IKarpenterNetwork = {
  vpcId: 'vpc-0123456789abcdef0',
  privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
  publicSubnetIds: [],
  securityGroupIds: [],
};

/** A cluster whose coredns has something to wait for, as the validation requires. */
function cluster(stack: TerraformStack, props: Partial<ConstructorParameters<typeof EksCluster>[2]> = {}): EksCluster {
  const c = new EksCluster(stack, 'Cluster', { clusterName: 'demo', network: NETWORK, ...props });
  c.addComputeDependency(new IamRole(stack, 'StandInForNodes', { assumeRolePolicy: '{}' }));
  return c;
}

describe('EksCluster', () => {
  test('should create the cluster with API authentication, both endpoints and the default version', () => {
    const stack = newAwsStack();
    cluster(stack);
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksClusterResource, {
      name: 'demo',
      version: '1.36',
      access_config: { authentication_mode: 'API', bootstrap_cluster_creator_admin_permissions: true },
      vpc_config: {
        subnet_ids: NETWORK.privateSubnetIds,
        endpoint_private_access: true,
        endpoint_public_access: true,
      },
    });
  });

  test('should not set optional blocks that were not asked for', () => {
    const stack = newAwsStack();
    cluster(stack);
    const resource = onlyResource(stack, 'aws_eks_cluster');
    expect(resource.zonal_shift_config).toBeUndefined();
    expect(resource.vpc_config.public_access_cidrs).toBeUndefined();
    expect(resource.vpc_config.security_group_ids).toBeUndefined();
    expect(resourcesOf(stack, 'aws_iam_openid_connect_provider')).toEqual([]);
  });

  test('should create the cluster role trusted by EKS with AmazonEKSClusterPolicy', () => {
    const stack = newAwsStack();
    const c = cluster(stack);
    const synth = synthOf(stack);
    const role = resourcesOf(synth, 'aws_iam_role').find((r) => r.name_prefix === 'demo-cluster-')!;
    expect(JSON.parse(role.assume_role_policy)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'EKSClusterAssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'eks.amazonaws.com' },
          Action: ['sts:AssumeRole', 'sts:TagSession'],
        },
      ],
    });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(IamRolePolicyAttachment, {
      policy_arn: `arn:${dataRef(stack, 'aws_partition', 'partition')}:iam::aws:policy/AmazonEKSClusterPolicy`,
    });
    const eks = onlyResource(synth, 'aws_eks_cluster');
    expect(eks.depends_on).toEqual([
      expect.stringMatching(/^aws_iam_role_policy_attachment\.Cluster_AmazonEKSClusterPolicy_/),
      expect.stringMatching(/^aws_iam_role_policy\.Cluster_SecretsEncryptionPolicy_/),
      expect.stringMatching(/^aws_cloudwatch_log_group\.Cluster_ControlPlaneLogs_/),
    ]);
    expect(Token.isUnresolved(c.clusterRoleArn)).toBe(true);
  });

  test('should install pod identity agent, vpc-cni and kube-proxy at once, and coredns after the nodes', () => {
    const stack = newAwsStack();
    cluster(stack);
    const addons = Object.values(resourceBlocksOf(stack, 'aws_eks_addon'));
    expect(addons.map((a) => a.addon_name)).toEqual(['coredns', 'kube-proxy', 'eks-pod-identity-agent', 'vpc-cni']);
    for (const a of addons) {
      // OVERWRITE on update too: a field changed in the cluster must not make a version upgrade fail.
      expect(a).toMatchObject({ resolve_conflicts_on_create: 'OVERWRITE', resolve_conflicts_on_update: 'OVERWRITE' });
      expect(a.cluster_name).toBe(resourceRef(stack, 'aws_eks_cluster', 'name'));
    }
    expect(addons.find((a) => a.addon_name === 'coredns')!.depends_on).toEqual(['aws_iam_role.StandInForNodes']);
    expect(addons.filter((a) => a.addon_name !== 'coredns').every((a) => a.depends_on === undefined)).toBe(true);
  });

  test('should take each core add-on version from aws_eks_addon_version for the cluster version, most recent', () => {
    const stack = newAwsStack();
    const c = cluster(stack);
    const versions = dataOf(stack, 'aws_eks_addon_version');
    const clusterVersion = resourceRef(stack, 'aws_eks_cluster', 'version');
    expect(Object.values(versions).map((v) => v.addon_name)).toEqual(['coredns', 'kube-proxy', 'eks-pod-identity-agent', 'vpc-cni']);
    for (const v of Object.values(versions)) expect(v).toEqual({ addon_name: v.addon_name, kubernetes_version: clusterVersion, most_recent: true });
    const addons = c.node.findChild('Addons').node.children.filter((x): x is EksAddon => x instanceof EksAddon);
    for (const addon of addons) {
      const data = c.node.findChild('Addons').node.findChild(`${addon.node.id}Version`) as DataAwsEksAddonVersion;
      expect(tokenString(stack, addon.addonVersionInput)).toBe(refOf(data, 'version'));
    }
    expect(addons.map((a) => a.node.id)).toEqual(['PodIdentityAgent', 'VpcCni', 'KubeProxy', 'CoreDns']);
  });

  test('should take a pinned add-on version instead of its data source', () => {
    const stack = newAwsStack();
    cluster(stack, { addonVersions: { coredns: 'v1.11.4-eksbuild.2' } });
    const addons = resourcesOf(stack, 'aws_eks_addon');
    expect(addons.find((a) => a.addon_name === 'coredns')!.addon_version).toBe('v1.11.4-eksbuild.2');
    expect(Object.values(dataOf(stack, 'aws_eks_addon_version')).map((v) => v.addon_name)).toEqual([
      'kube-proxy',
      'eks-pod-identity-agent',
      'vpc-cni',
    ]);
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });

  // The messages are the plan's (test/core/aws/eks-cluster-plan.test.ts); this checks they fail synth under the path.
  test("fails synth with the plan's errors, each once, under its path", () => {
    expect(synthErrorLines(() => cluster(newAwsStack(), { addonVersions: { vpcCni: '1.19.2' }, upgradePolicy: 'standard' as SupportType }))).toEqual([
      expect.stringMatching(/^\[test\/Cluster\] addonVersions\.vpcCni: .*\(InvalidAddonVersion\)$/),
      expect.stringMatching(/^\[test\/Cluster\] upgradePolicy: .*\(InvalidSupportType\)$/),
    ]);
  });

  test('should set the upgrade policy: EXTENDED by default, STANDARD when asked', () => {
    const byDefault = newAwsStack();
    cluster(byDefault);
    expect(onlyResource(byDefault, 'aws_eks_cluster').upgrade_policy).toEqual({ support_type: 'EXTENDED' });
    const standard = newAwsStack();
    cluster(standard, { upgradePolicy: SupportType.STANDARD });
    expect(onlyResource(standard, 'aws_eks_cluster').upgrade_policy).toEqual({ support_type: 'STANDARD' });
  });

  // The message is validateCoreDnsCompute's (test/core/aws/eks-cluster-plan.test.ts); this checks the construct counts its compute.
  test('throws at synth when coredns has no nodes to wait for', () => {
    const stack = newAwsStack();
    new EksCluster(stack, 'Cluster', { clusterName: 'demo', network: NETWORK });
    expect(() => Testing.synth(stack, true)).toThrow(/\[test\/Cluster\] coreAddons: .*\(CoreDnsWithoutNodes\)/);
  });

  test('should skip every core add-on with coreAddons: false', () => {
    const stack = newAwsStack();
    new EksCluster(stack, 'Cluster', { clusterName: 'demo', network: NETWORK, coreAddons: false });
    expect(() => Testing.synth(stack, true)).not.toThrow();
    expect(resourcesOf(stack, 'aws_eks_addon')).toEqual([]);
  });

  test('should add more add-ons with addAddon', () => {
    const stack = newAwsStack();
    const c = cluster(stack, { coreAddons: false });
    c.addAddon('EbsCsi', {
      addonName: 'aws-ebs-csi-driver',
      addonVersion: 'v1.40.0-eksbuild.1',
      configurationValues: { controller: { replicaCount: 1 } },
    });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksAddon, {
      addon_name: 'aws-ebs-csi-driver',
      addon_version: 'v1.40.0-eksbuild.1',
      configuration_values: '{"controller":{"replicaCount":1}}',
      resolve_conflicts_on_update: 'OVERWRITE',
    });
    c.addAddon('Efs', { addonName: 'aws-efs-csi-driver', preserveClusterChanges: true });
    expect(resourcesOf(stack, 'aws_eks_addon').find((a) => a.addon_name === 'aws-efs-csi-driver')!.resolve_conflicts_on_update).toBe('PRESERVE');
  });

  test('should create an OIDC provider without thumbprints when IRSA is enabled', () => {
    const stack = newAwsStack();
    const c = cluster(stack, { enableIrsa: true });
    const synth = Testing.synth(stack);
    expect(synth).toHaveResourceWithProperties(IamOpenidConnectProvider, {
      client_id_list: ['sts.amazonaws.com'],
      url: resourceRef(stack, 'aws_eks_cluster', 'identity[0].oidc[0].issuer'),
    });
    const oidc = onlyResource(stack, 'aws_iam_openid_connect_provider');
    expect(oidc.thumbprint_list).toBeUndefined();
    expect(Token.isUnresolved(c.oidcProviderArn!)).toBe(true);
  });

  test('should leave oidcProviderArn undefined without IRSA', () => {
    const stack = newAwsStack();
    expect(cluster(stack).oidcProviderArn).toBeUndefined();
  });

  test('should implement IEksCluster with references to the cluster', () => {
    const stack = newAwsStack();
    const c = cluster(stack);
    expect(c.clusterName).toBe('demo');
    for (const v of [c.clusterArn, c.clusterEndpoint, c.clusterCertificateAuthorityData, c.clusterSecurityGroupId, c.oidcIssuerUrl]) {
      expect(Token.isUnresolved(v)).toBe(true);
    }
    expect(c.version).toBe(KubernetesVersion.V1_36);
  });

  test('should accept private subnet ids given as a Terraform reference', () => {
    const stack = newAwsStack();
    const ids = new TerraformVariable(stack, 'subnet_ids', { type: 'list(string)' }).listValue;
    cluster(stack, { network: { ...NETWORK, privateSubnetIds: ids } });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksClusterResource, {
      vpc_config: expect.objectContaining({ subnet_ids: '${var.subnet_ids}' }),
    });
  });

  test('fails synth listing every endpoint, CIDR, key and log problem at once', () => {
    const stack = newAwsStack();
    expect(
      synthErrorLines(
        () =>
          new EksCluster(stack, 'Cluster', {
            clusterName: 'demo',
            network: NETWORK,
            endpointPrivateAccess: false,
            endpointPublicAccess: false,
            publicAccessCidrs: ['1.2.3.4/8'],
            secretsEncryption: SecretsEncryption.withKey('alias/eks'),
            enabledLogTypes: [ClusterLogType.API, ClusterLogType.API],
          }),
      ),
    ).toEqual([
      expect.stringMatching(/NoClusterEndpoint/),
      expect.stringMatching(/PublicAccessCidrsWithoutPublicEndpoint/),
      expect.stringMatching(/'1\.2\.3\.4\/8' is not an IPv4 CIDR/),
      expect.stringMatching(/'alias\/eks' is not a KMS key ARN/),
      expect.stringMatching(/DuplicateLogType/),
      expect.stringMatching(/the coredns add-on needs nodes/),
    ]);
  });

  test('should own the control plane log group, with a retention, and create it before the cluster', () => {
    const stack = newAwsStack();
    cluster(stack, { enabledLogTypes: [ClusterLogType.AUDIT], logRetentionDays: 30 });
    const synth = synthOf(stack);
    const group = onlyResourceBlock(synth, 'aws_cloudwatch_log_group');
    expect(group.attributes).toMatchObject({ name: '/aws/eks/demo/cluster', retention_in_days: 30 });
    expect(onlyResource(synth, 'aws_eks_cluster').depends_on).toContain(group.address);
  });

  test('should send api, audit and authenticator logs for 90 days by default, and create no log group without logs', () => {
    const withLogs = newAwsStack();
    cluster(withLogs, {});
    expect(Testing.synth(withLogs)).toHaveResourceWithProperties(CloudwatchLogGroup, { retention_in_days: 90 });
    expect(Testing.synth(withLogs)).toHaveResourceWithProperties(EksClusterResource, {
      enabled_cluster_log_types: ['api', 'audit', 'authenticator'],
    });
    const without = newAwsStack();
    cluster(without, { enabledLogTypes: [] });
    expect(resourcesOf(without, 'aws_cloudwatch_log_group')).toEqual([]);
  });

  test('should match the default snapshot', () => {
    const stack = newAwsStack();
    cluster(stack);
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the every-option snapshot', () => {
    const stack = newAwsStack();
    cluster(stack, {
      network: { ...NETWORK, securityGroupIds: ['sg-0123456789abcdef0'] },
      version: KubernetesVersion.of('1.33'),
      authenticationMode: AuthenticationMode.API_AND_CONFIG_MAP,
      bootstrapClusterCreatorAdminPermissions: false,
      endpointPrivateAccess: true,
      endpointPublicAccess: true,
      publicAccessCidrs: ['203.0.113.0/24'],
      secretsEncryption: SecretsEncryption.withKey('arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab'),
      zonalShift: true,
      enabledLogTypes: [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR],
      enableIrsa: true,
      tags: { team: 'platform' },
    });
    const synth = Testing.synth(stack);
    expect(synth).toHaveResourceWithProperties(EksClusterResource, {
      version: '1.33',
      access_config: { authentication_mode: 'API_AND_CONFIG_MAP', bootstrap_cluster_creator_admin_permissions: false },
      encryption_config: {
        resources: ['secrets'],
        provider: { key_arn: 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab' },
      },
      enabled_cluster_log_types: ['api', 'audit', 'authenticator'],
      vpc_config: expect.objectContaining({ public_access_cidrs: ['203.0.113.0/24'], security_group_ids: ['sg-0123456789abcdef0'] }),
      tags: { team: 'platform' },
    });
    expect(synth).toMatchSnapshot();
  });
});

describe('EksCluster.fromClusterName', () => {
  test('should read the cluster with a data source', () => {
    const stack = newAwsStack();
    const c = EksCluster.fromClusterName(stack, 'Cluster', 'existing');
    const synth = Testing.synth(stack);
    expect(synth).toHaveDataSourceWithProperties(DataAwsEksCluster, { name: 'existing' });
    expect(synthOf(stack).resources()).toEqual([]);
    expect(c.clusterName).toBe('existing');
    expect(Object.keys(dataOf(stack, 'aws_eks_cluster'))).toHaveLength(1);
    expect(Token.isUnresolved(c.clusterSecurityGroupId)).toBe(true);
    expect(Token.isUnresolved(c.oidcIssuerUrl)).toBe(true);
  });

  // The messages are validateClusterName's (test/core/aws/cluster-name.test.ts); this checks they fail synth under the path.
  test('fails synth when the name is empty, under its path', () => {
    expect(synthErrorLines(() => EksCluster.fromClusterName(newAwsStack(), 'Cluster', ''))).toEqual([
      expect.stringMatching(/^\[test\/Cluster\] clusterName: .*\(EmptyClusterName\)$/),
    ]);
  });

  test('should match the snapshot', () => {
    const stack = newAwsStack();
    EksCluster.fromClusterName(stack, 'Cluster', 'existing');
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});

describe('EksCluster production defaults', () => {
  // When the plan warns and what it says: test/core/aws/eks-cluster-plan.test.ts; these check the warning reaches the construct.
  test('should warn on the construct when the public endpoint is open to the world', () => {
    expect(warningsOf(cluster(newAwsStack()))).toEqual([expect.stringMatching(/^publicAccessCidrs: .*\(PublicEndpointOpenToWorld\)$/)]);
  });

  test('should not warn with the warning silenced', () => {
    expect(warningsOf(cluster(newAwsStack(), { silenceWarnings: ['PublicEndpointOpenToWorld'] }))).toEqual([]);
  });

  test('should make the endpoint private-only with endpointPublicAccess: false', () => {
    const stack = newAwsStack();
    cluster(stack, { endpointPublicAccess: false });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksClusterResource, {
      vpc_config: expect.objectContaining({ endpoint_private_access: true, endpoint_public_access: false }),
    });
  });

  test('should create a rotating KMS key with an alias for secrets by default, and let the cluster role use it', () => {
    const stack = newAwsStack();
    cluster(stack, { tags: { team: 'platform' } });
    const synth = synthOf(stack);
    const { address: keyAddress, attributes: key } = onlyResourceBlock(synth, 'aws_kms_key');
    expect(key).toEqual({
      description: 'Envelope encryption of Kubernetes secrets of EKS cluster demo',
      enable_key_rotation: true,
      deletion_window_in_days: 30,
      tags: { team: 'platform' },
    });
    expect(resourcesOf(synth, 'aws_kms_alias')).toEqual([{ name: 'alias/eks/demo', target_key_id: `\${${keyAddress}.key_id}` }]);
    const eks = onlyResource(synth, 'aws_eks_cluster');
    expect(eks.encryption_config).toEqual({ resources: ['secrets'], provider: { key_arn: `\${${keyAddress}.arn}` } });
    const { address: grantAddress, attributes: grant } = onlyResourceBlock(synth, 'aws_iam_role_policy');
    expect(grant.role).toBe(`\${${resourceAt(stack, 'Cluster/ClusterRole').address}.name}`);
    expect(JSON.parse(grant.policy)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'ClusterEncryption',
          Effect: 'Allow',
          Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ListGrants', 'kms:DescribeKey'],
          Resource: `\${${keyAddress}.arn}`,
        },
      ],
    });
    // EKS checks the key at create, so the permission must exist first (and outlive the cluster).
    expect(eks.depends_on).toContain(grantAddress);
  });

  test('should use a given key, granting the cluster role, without creating one', () => {
    const stack = newAwsStack();
    const arn = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    const c = cluster(stack, { secretsEncryption: SecretsEncryption.withKey(arn) });
    const synth = synthOf(stack);
    expect(resourcesOf(synth, 'aws_kms_key')).toEqual([]);
    expect(onlyResource(synth, 'aws_eks_cluster').encryption_config.provider.key_arn).toBe(arn);
    expect(JSON.parse(onlyResource(synth, 'aws_iam_role_policy').policy).Statement[0].Resource).toBe(arn);
    expect(c.secretsKeyArn).toBeUndefined();
  });

  test('should leave secrets to the AWS owned key with SecretsEncryption.AWS_OWNED_KEY', () => {
    const stack = newAwsStack();
    cluster(stack, { secretsEncryption: SecretsEncryption.AWS_OWNED_KEY });
    const synth = synthOf(stack);
    expect(resourcesOf(synth, 'aws_kms_key')).toEqual([]);
    expect(resourcesOf(synth, 'aws_iam_role_policy')).toEqual([]);
    expect(onlyResource(synth, 'aws_eks_cluster').encryption_config).toBeUndefined();
  });

  test('should set zonal shift when asked', () => {
    const stack = newAwsStack();
    cluster(stack, { zonalShift: true });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksClusterResource, { zonal_shift_config: { enabled: true } });
  });
});
