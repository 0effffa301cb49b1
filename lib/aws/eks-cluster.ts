import { CloudwatchLogGroup } from '@cdktf/provider-aws/lib/cloudwatch-log-group';
import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import { EksAddon } from '@cdktf/provider-aws/lib/eks-addon';
import { EksCluster as EksClusterResource } from '@cdktf/provider-aws/lib/eks-cluster';
import { IamOpenidConnectProvider } from '@cdktf/provider-aws/lib/iam-openid-connect-provider';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { dependable, ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { IEksCluster } from './cluster-attributes';
import { awsManagedPolicyArn } from '../core/aws/aws-partition';
import { validateClusterName } from '../core/aws/cluster-name';
import { EKS_CLUSTER_ROLE_MANAGED_POLICIES, eksClusterRoleTrustPolicy } from '../core/aws/eks-iam';
import { IssueCollector } from '../core/issues';
import { KubernetesVersion } from '../core/aws/kubernetes-version';
import { parseIpv4Cidr } from '../core/aws/network-plan';
import { IKarpenterNetwork } from './network';
import { awsContext, policyJson } from '../private/aws-context';
import { constructContext, reportIssues } from '../private/report';

/** How the cluster authenticates IAM principals. */
export enum AuthenticationMode {
  /** Access entries only. Karpenter's node role gets an access entry, so this is enough. */
  API = 'API',
  /** Access entries and the legacy `aws-auth` ConfigMap, for clusters migrating off `aws-auth`. */
  API_AND_CONFIG_MAP = 'API_AND_CONFIG_MAP',
}

/** Control plane log types sent to CloudWatch Logs. */
export enum ClusterLogType {
  /** API server logs. */
  API = 'api',
  /** Kubernetes audit logs. */
  AUDIT = 'audit',
  /** aws-iam-authenticator logs. */
  AUTHENTICATOR = 'authenticator',
  /** kube-controller-manager logs. */
  CONTROLLER_MANAGER = 'controllerManager',
  /** kube-scheduler logs. */
  SCHEDULER = 'scheduler',
}

/** The audit trail of who did what to the cluster; terraform-aws-eks's `enabled_log_types` default. */
const DEFAULT_LOG_TYPES: readonly ClusterLogType[] = [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR];
/** terraform-aws-eks's `cloudwatch_log_group_retention_in_days` default. */
const DEFAULT_LOG_RETENTION_DAYS = 90;
/** The values CloudWatch Logs accepts for retention (PutRetentionPolicy). */
const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

/** An EKS add-on. */
export interface EksAddonOptions {
  /** Add-on name, e.g. `aws-ebs-csi-driver`. */
  readonly addonName: string;
  /**
   * Add-on version, e.g. `v1.19.5-eksbuild.1`.
   * @default - the default version EKS picks for the cluster's Kubernetes version
   */
  readonly addonVersion?: string;
  /**
   * Add-on configuration, JSON-encoded into `configuration_values`.
   * @default - the add-on's defaults
   */
  readonly configurationValues?: Record<string, unknown>;
  /**
   * Resources to create first (e.g. a node group for add-ons that run Deployments).
   * @default - only the cluster
   */
  readonly dependsOn?: ITerraformDependable[];
}

/** Props of `EksCluster`. */
export interface EksClusterProps {
  /** Cluster name: 1-100 characters, `^[0-9A-Za-z][A-Za-z0-9\-_]*$`. */
  readonly clusterName: string;

  /**
   * Network; the control plane ENIs go into its private subnets (at least 2, in 2 zones), and its
   * `securityGroupIds` are added to the control plane.
   */
  readonly network: IKarpenterNetwork;

  /**
   * Kubernetes version.
   * @default KubernetesVersion.DEFAULT (1.36, the newest Karpenter 1.14 supports)
   */
  readonly version?: KubernetesVersion;

  /**
   * Authentication mode. `CONFIG_MAP` is not offered: Karpenter's nodes join through an access entry.
   * @default AuthenticationMode.API
   */
  readonly authenticationMode?: AuthenticationMode;

  /**
   * Whether the IAM principal that creates the cluster gets a cluster-admin access entry. Changing
   * it replaces the cluster.
   * @default true
   */
  readonly bootstrapClusterCreatorAdminPermissions?: boolean;

  /**
   * Whether the API server is reachable from inside the VPC.
   * @default true
   */
  readonly endpointPrivateAccess?: boolean;

  /**
   * Whether the API server is reachable from the internet.
   * @default true
   */
  readonly endpointPublicAccess?: boolean;

  /**
   * CIDR blocks allowed to reach the public endpoint.
   * @default - EKS allows `0.0.0.0/0`
   */
  readonly publicAccessCidrs?: string[];

  /**
   * ARN of a symmetric KMS key for envelope encryption of Kubernetes secrets.
   * @default - secrets are not envelope-encrypted with a customer key
   */
  readonly secretsEncryptionKeyArn?: string;

  /**
   * Control plane log types to send to CloudWatch Logs. The log group
   * (`/aws/eks/<clusterName>/cluster`) is created by this construct with `logRetentionDays`,
   * instead of by EKS without expiry and left behind on destroy. Give `[]` for no logs.
   * @default [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR] (as terraform-aws-eks)
   */
  readonly enabledLogTypes?: ClusterLogType[];

  /**
   * Retention of the control plane log group, in days (a CloudWatch Logs retention value);
   * only used with `enabledLogTypes`.
   * @default 90
   */
  readonly logRetentionDays?: number;

  /**
   * Whether to create an IAM OIDC provider for the cluster's issuer, needed for IRSA
   * (`ControllerIdentity.irsa`). Pod Identity does not need it.
   * @default false
   */
  readonly enableIrsa?: boolean;

  /**
   * Whether to install the `eks-pod-identity-agent`, `vpc-cni`, `kube-proxy` and `coredns`
   * add-ons. `coredns` waits for the nodes registered with `addComputeDependency` (a
   * `ControllerNodeGroup` registers itself).
   * @default true
   */
  readonly coreAddons?: boolean;

  /**
   * Tags for the cluster, its IAM role and the OIDC provider.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * An EKS cluster ready for Karpenter: access-entry authentication, the cluster IAM role, the core
 * add-ons and, optionally, an IAM OIDC provider for IRSA. `EksCluster.fromClusterName` wraps an
 * existing cluster instead.
 */
export class EksCluster extends Construct implements IEksCluster {
  /**
   * An existing cluster, read with `data "aws_eks_cluster"` (an API call at plan time).
   */
  public static fromClusterName(scope: Construct, id: string, clusterName: string): IEksCluster {
    return new ImportedEksCluster(scope, id, clusterName);
  }

  public readonly clusterName: string;
  public readonly clusterArn: string;
  public readonly clusterEndpoint: string;
  public readonly clusterCertificateAuthorityData: string;
  public readonly clusterSecurityGroupId: string;
  public readonly oidcIssuerUrl: string;
  /** Kubernetes version of the control plane. */
  public readonly version: KubernetesVersion;
  /** ARN of the cluster IAM role. */
  public readonly clusterRoleArn: string;
  /** ARN of the IAM OIDC provider; undefined unless `enableIrsa` is true. */
  public readonly oidcProviderArn?: string;
  /** The cluster resource, for `dependsOn`. */
  public readonly resource: ITerraformDependable;

  private readonly cluster: EksClusterResource;
  private readonly addons: Construct;
  private readonly coreDns?: EksAddon;

  constructor(scope: Construct, id: string, props: EksClusterProps) {
    super(scope, id);
    const version = props.version ?? KubernetesVersion.DEFAULT;
    const endpointPrivateAccess = props.endpointPrivateAccess ?? true;
    const endpointPublicAccess = props.endpointPublicAccess ?? true;
    validateProps(this, props, endpointPrivateAccess, endpointPublicAccess);

    const aws = awsContext(this);
    const role = new IamRole(this, 'ClusterRole', {
      // name_prefix allows 38 characters.
      namePrefix: `${props.clusterName.slice(0, 29)}-cluster-`,
      assumeRolePolicy: policyJson(eksClusterRoleTrustPolicy()),
      tags: props.tags,
    });
    const attachments = EKS_CLUSTER_ROLE_MANAGED_POLICIES.map(
      (policy) =>
        new IamRolePolicyAttachment(this, policy, {
          role: role.name,
          policyArn: awsManagedPolicyArn(aws.partition, policy),
        }),
    );

    // EKS writes to this group name; creating it first makes it ours, with a retention.
    const logTypes = props.enabledLogTypes ?? DEFAULT_LOG_TYPES;
    const logGroup =
      logTypes.length > 0
        ? new CloudwatchLogGroup(this, 'ControlPlaneLogs', {
            name: `/aws/eks/${props.clusterName}/cluster`,
            retentionInDays: props.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS,
            tags: props.tags,
          })
        : undefined;

    this.cluster = new EksClusterResource(this, 'Resource', {
      name: props.clusterName,
      version: version.version,
      roleArn: role.arn,
      accessConfig: {
        authenticationMode: props.authenticationMode ?? AuthenticationMode.API,
        bootstrapClusterCreatorAdminPermissions: props.bootstrapClusterCreatorAdminPermissions ?? true,
      },
      vpcConfig: {
        subnetIds: props.network.privateSubnetIds,
        securityGroupIds: props.network.securityGroupIds.length > 0 ? props.network.securityGroupIds : undefined,
        endpointPrivateAccess,
        endpointPublicAccess,
        publicAccessCidrs: props.publicAccessCidrs,
      },
      encryptionConfig: props.secretsEncryptionKeyArn ? { resources: ['secrets'], provider: { keyArn: props.secretsEncryptionKeyArn } } : undefined,
      enabledClusterLogTypes: logTypes.length > 0 ? [...logTypes] : undefined,
      tags: props.tags,
      // The role's policy must outlive the cluster, or EKS cannot clean up its ENIs and security groups.
      dependsOn: logGroup ? [...attachments, logGroup] : attachments,
    });

    this.clusterName = props.clusterName;
    this.clusterArn = this.cluster.arn;
    this.clusterEndpoint = this.cluster.endpoint;
    this.clusterCertificateAuthorityData = this.cluster.certificateAuthority.get(0).data;
    this.clusterSecurityGroupId = this.cluster.vpcConfig.clusterSecurityGroupId;
    this.oidcIssuerUrl = this.cluster.identity.get(0).oidc.get(0).issuer;
    this.version = version;
    this.clusterRoleArn = role.arn;
    this.resource = this.cluster;

    if (props.enableIrsa ?? false) {
      // thumbprint_list is optional and computed in hashicorp/aws 5.x: IAM trusts the EKS issuer's CA itself.
      const oidc = new IamOpenidConnectProvider(this, 'OidcProvider', {
        url: this.oidcIssuerUrl,
        clientIdList: ['sts.amazonaws.com'],
        tags: props.tags,
      });
      this.oidcProviderArn = oidc.arn;
    }

    this.addons = new Construct(this, 'Addons');
    if (props.coreAddons ?? true) {
      // DaemonSets: they become ACTIVE without nodes, and nodes need the CNI to become Ready.
      this.addAddon('PodIdentityAgent', { addonName: 'eks-pod-identity-agent' });
      this.addAddon('VpcCni', { addonName: 'vpc-cni' });
      this.addAddon('KubeProxy', { addonName: 'kube-proxy' });
      // A Deployment: DEGRADED (and Terraform times out) until a node group exists.
      const coreDns = this.addAddon('CoreDns', { addonName: 'coredns' });
      this.coreDns = coreDns;
      this.node.addValidation({
        validate: () =>
          (coreDns.dependsOn ?? []).length > 0
            ? []
            : [
                'the coredns add-on needs nodes, or it stays DEGRADED and terraform apply times out: create a ' +
                  'ControllerNodeGroup for this cluster (it registers itself), call cluster.addComputeDependency(nodeGroup), ' +
                  'or set coreAddons: false.',
              ],
      });
    }
  }

  /**
   * Adds an EKS add-on under `<cluster>/Addons/<id>`. On create it takes over a self-managed
   * copy EKS may have bootstrapped (`OVERWRITE`); on update it keeps changes made in the cluster
   * (`PRESERVE`).
   */
  public addAddon(id: string, options: EksAddonOptions): EksAddon {
    return new EksAddon(this.addons, id, {
      clusterName: this.cluster.name,
      addonName: options.addonName,
      addonVersion: options.addonVersion,
      configurationValues: options.configurationValues ? JSON.stringify(options.configurationValues) : undefined,
      resolveConflictsOnCreate: 'OVERWRITE',
      resolveConflictsOnUpdate: 'PRESERVE',
      dependsOn: options.dependsOn,
    });
  }

  /**
   * Makes the `coredns` add-on wait for these nodes. `ControllerNodeGroup` calls it for you;
   * call it yourself for node groups or Fargate profiles made elsewhere.
   */
  public addComputeDependency(compute: ITerraformDependable): void {
    if (this.coreDns) this.coreDns.dependsOn = [...(this.coreDns.dependsOn ?? []), dependable(compute)];
  }
}

function validateProps(scope: Construct, props: EksClusterProps, endpointPrivateAccess: boolean, endpointPublicAccess: boolean): void {
  const issues = new IssueCollector(constructContext());
  validateClusterName(issues, 'clusterName', props.clusterName);

  const subnets = props.network.privateSubnetIds;
  if (!issues.isUnresolved(subnets) && subnets.length < 2) {
    issues.error(
      'network.privateSubnetIds',
      'TooFewClusterSubnets',
      `EKS needs subnets in at least 2 availability zones, got ${subnets.length} subnet(s). Give the network 2 or more private subnets in different zones.`,
    );
  }
  const tagged = props.network.discoveryClusterName;
  if (tagged !== undefined && tagged !== props.clusterName) {
    issues.error(
      'network',
      'NetworkTaggedForOtherCluster',
      `the network tags its subnets karpenter.sh/discovery='${tagged}', but this cluster is '${props.clusterName}', so ` +
        'EC2NodeClass subnetSelectorTerms on the cluster name would find no subnets. Give the network the same clusterName.',
    );
  }
  if (!endpointPrivateAccess && !endpointPublicAccess) {
    issues.error(
      'endpointPublicAccess',
      'NoClusterEndpoint',
      'endpointPrivateAccess and endpointPublicAccess are both false, so nothing could reach the API server; EKS rejects this. Enable at least one.',
    );
  }
  if (props.publicAccessCidrs !== undefined) {
    if (!endpointPublicAccess) {
      issues.error(
        'publicAccessCidrs',
        'PublicAccessCidrsWithoutPublicEndpoint',
        'publicAccessCidrs is set but endpointPublicAccess is false, so it would have no effect. Remove it or enable the public endpoint.',
      );
    }
    if (props.publicAccessCidrs.length === 0) {
      issues.error(
        'publicAccessCidrs',
        'EmptyPublicAccessCidrs',
        'publicAccessCidrs is empty; EKS needs at least one block. Leave it unset for 0.0.0.0/0, or set endpointPublicAccess: false.',
      );
    }
    props.publicAccessCidrs.forEach((cidr, i) => {
      if (issues.isUnresolved(cidr)) return;
      if (!parseIpv4Cidr(cidr)) {
        issues.error(
          `publicAccessCidrs[${i}]`,
          'InvalidCidr',
          `'${cidr}' is not an IPv4 CIDR block with its host bits zero (e.g. '203.0.113.0/24').`,
        );
      }
    });
  }
  const key = props.secretsEncryptionKeyArn;
  if (key !== undefined && !issues.isUnresolved(key) && !/^arn:[a-z-]+:kms:[a-z0-9-]+:\d{12}:key\/.+$/.test(key)) {
    issues.error(
      'secretsEncryptionKeyArn',
      'InvalidKmsKeyArn',
      `'${key}' is not a KMS key ARN ('arn:<partition>:kms:<region>:<account>:key/<key id>'); EKS needs the key ARN, not an alias or a key id.`,
    );
  }
  const logs = props.enabledLogTypes ?? DEFAULT_LOG_TYPES;
  if (new Set(logs).size !== logs.length) {
    issues.error('enabledLogTypes', 'DuplicateLogType', `log types are listed more than once: ${JSON.stringify(logs)}. List each once.`);
  }
  if (props.logRetentionDays !== undefined) {
    if (logs.length === 0) {
      issues.error(
        'logRetentionDays',
        'LogRetentionWithoutLogs',
        'is set but enabledLogTypes is empty, so there is no log group; enable log types or remove logRetentionDays',
      );
    } else if (!LOG_RETENTION_DAYS.includes(props.logRetentionDays)) {
      issues.error(
        'logRetentionDays',
        'InvalidLogRetention',
        `must be a CloudWatch Logs retention value (${LOG_RETENTION_DAYS.join(', ')}), got ${props.logRetentionDays}`,
      );
    }
  }
  reportIssues(scope, issues.issues, props); // props: also KubernetesVersion.of problems
}

class ImportedEksCluster extends Construct implements IEksCluster {
  public readonly clusterName: string;
  public readonly clusterArn: string;
  public readonly clusterEndpoint: string;
  public readonly clusterCertificateAuthorityData: string;
  public readonly clusterSecurityGroupId: string;
  public readonly oidcIssuerUrl: string;

  constructor(scope: Construct, id: string, clusterName: string) {
    super(scope, id);
    const issues = new IssueCollector(constructContext());
    validateClusterName(issues, 'clusterName', clusterName);
    reportIssues(this, issues.issues);

    const data = new DataAwsEksCluster(this, 'Resource', { name: clusterName });
    this.clusterName = clusterName;
    this.clusterArn = data.arn;
    this.clusterEndpoint = data.endpoint;
    this.clusterCertificateAuthorityData = data.certificateAuthority.get(0).data;
    this.clusterSecurityGroupId = data.vpcConfig.get(0).clusterSecurityGroupId;
    this.oidcIssuerUrl = data.identity.get(0).oidc.get(0).issuer;
  }
}
