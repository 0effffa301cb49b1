import { CloudwatchLogGroup } from '@cdktf/provider-aws/lib/cloudwatch-log-group';
import { DataAwsEksAddonVersion } from '@cdktf/provider-aws/lib/data-aws-eks-addon-version';
import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import { EksAddon } from '@cdktf/provider-aws/lib/eks-addon';
import { EksCluster as EksClusterResource } from '@cdktf/provider-aws/lib/eks-cluster';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicy } from '@cdktf/provider-aws/lib/iam-role-policy';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { KmsAlias } from '@cdktf/provider-aws/lib/kms-alias';
import { KmsKey } from '@cdktf/provider-aws/lib/kms-key';
import { dependable, ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { EksClusterBase } from './eks-cluster-base';
import { awsManagedPolicyArn } from '../core/aws/aws-partition';
import { PlannedCoreAddon, validateCoreDnsCompute } from '../core/aws/core-addons';
import { EksClusterOptions, EksClusterWarningCode, planEksCluster, planImportedEksCluster } from '../core/aws/eks-cluster-plan';
import { clusterEncryptionPolicy, PlannedSecretsEncryption } from '../core/aws/secrets-encryption';
import { formatIssue } from '../core/issues';
import { EKS_CLUSTER_ROLE_MANAGED_POLICIES, eksClusterRoleTrustPolicy } from '../core/aws/eks-iam';
import { KubernetesVersion } from '../core/aws/kubernetes-version';
import { IRSA_AUDIENCE } from '../core/aws/trust-policies';
import { IKarpenterNetwork } from './network';
import { awsContext, policyJson } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

// Loaded when the option that needs it is used: the package import loads what every app needs, no more.
function oidcProvider(): typeof import('@cdktf/provider-aws/lib/iam-openid-connect-provider') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@cdktf/provider-aws/lib/iam-openid-connect-provider');
}

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
   * Keep changes made to the add-on's fields in the cluster (e.g. with kubectl) on update
   * (`resolve_conflicts_on_update = PRESERVE`) instead of overwriting them with the add-on's values.
   * Preserved fields can make a version update fail when the new version changes them.
   * @default false (`OVERWRITE`, as terraform-aws-modules/eks: the declared configuration wins)
   */
  readonly preserveClusterChanges?: boolean;
  /**
   * Resources to create first (e.g. a node group for add-ons that run Deployments).
   * @default - only the cluster
   */
  readonly dependsOn?: ITerraformDependable[];
}

/** Props of `EksCluster`. */
export interface EksClusterProps extends EksClusterOptions {
  /**
   * Network; the control plane ENIs go into its private subnets (at least 2, in 2 zones), and its
   * `securityGroupIds` are added to the control plane.
   */
  readonly network: IKarpenterNetwork;

  /**
   * Warning codes not to report, e.g. `['PublicEndpointOpenToWorld']`.
   * @default - every warning is reported
   */
  readonly silenceWarnings?: readonly EksClusterWarningCode[];

  /**
   * Tags for the cluster, its IAM role, the OIDC provider and the secrets KMS key.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * An EKS cluster ready for Karpenter: access-entry authentication, the cluster IAM role, the core
 * add-ons, a customer managed KMS key for secrets (by default) and, optionally, an IAM OIDC
 * provider for IRSA. `EksCluster.fromClusterName` wraps an existing cluster instead.
 */
export class EksCluster extends EksClusterBase {
  /**
   * An existing cluster, read with `data "aws_eks_cluster"` (an API call at plan time).
   */
  public static fromClusterName(scope: Construct, id: string, clusterName: string): EksClusterBase {
    return new ImportedEksCluster(scope, id, clusterName);
  }

  public readonly clusterName: string;
  public readonly clusterArn: string;
  public readonly clusterEndpoint: string;
  public readonly clusterCertificateAuthorityData: string;
  public readonly clusterSecurityGroupId: string;
  public readonly oidcIssuerUrl: string;
  public readonly clusterNameValid: boolean;
  /** The network the control plane is in. */
  public readonly network: IKarpenterNetwork;
  /** Kubernetes version of the control plane. */
  public readonly version: KubernetesVersion;
  /** ARN of the cluster IAM role. */
  public readonly clusterRoleArn: string;
  /** The `tags` prop; `ControllerNodeGroup` puts them on the instances, volumes and network interfaces it launches. */
  public readonly tags: Readonly<Record<string, string>>;
  /** ARN of the KMS key this construct created for secrets; undefined when it created none. */
  public readonly secretsKeyArn?: string;
  /** ARN of the IAM OIDC provider; undefined unless `enableIrsa` is true. */
  public readonly oidcProviderArn?: string;
  /** The cluster resource, for `dependsOn`. */
  public readonly resource: ITerraformDependable;

  private readonly cluster: EksClusterResource;
  /** `cluster.name` read once: each read makes a reference token, and cdktf records a stack trace for each. */
  private readonly clusterNameRef: string;
  private readonly addons: Construct;
  private readonly coreDns?: EksAddon;

  constructor(scope: Construct, id: string, props: EksClusterProps) {
    super(scope, id);
    const plan = planEksCluster(props, constructContext(props.silenceWarnings));
    reportIssuesAtSynth(this, plan.issues, props); // props: also KubernetesVersion.of problems
    this.network = props.network;

    const { role, attachments } = this.createClusterRole(plan.clusterRoleNamePrefix, props.tags);

    // EKS writes to this group name; creating it first makes it ours, with a retention.
    const logGroup = plan.logGroup
      ? new CloudwatchLogGroup(this, 'ControlPlaneLogs', {
          name: plan.logGroup.name,
          retentionInDays: plan.logGroup.retentionInDays,
          tags: props.tags,
        })
      : undefined;

    const encryption = plan.secretsEncryption ? this.secretsKey(plan.secretsEncryption, role.name, props.tags) : undefined;

    this.cluster = new EksClusterResource(this, 'Resource', {
      name: plan.clusterName,
      version: plan.version.version,
      roleArn: role.arn,
      accessConfig: {
        authenticationMode: plan.authenticationMode,
        bootstrapClusterCreatorAdminPermissions: plan.bootstrapClusterCreatorAdminPermissions,
      },
      vpcConfig: {
        subnetIds: props.network.privateSubnetIds,
        securityGroupIds: props.network.securityGroupIds.length > 0 ? props.network.securityGroupIds : undefined,
        endpointPrivateAccess: plan.endpointPrivateAccess,
        endpointPublicAccess: plan.endpointPublicAccess,
        publicAccessCidrs: plan.publicAccessCidrs,
      },
      encryptionConfig: encryption ? { resources: ['secrets'], provider: { keyArn: encryption.keyArn } } : undefined,
      zonalShiftConfig: plan.zonalShift === undefined ? undefined : { enabled: plan.zonalShift },
      enabledClusterLogTypes: plan.enabledLogTypes.length > 0 ? plan.enabledLogTypes : undefined,
      upgradePolicy: { supportType: plan.supportType },
      tags: props.tags,
      // The role's policy must outlive the cluster, or EKS cannot clean up its ENIs and security groups.
      dependsOn: [...attachments, ...(encryption ? [encryption.grant] : []), ...(logGroup ? [logGroup] : [])],
    });

    this.clusterName = plan.clusterName;
    this.clusterNameRef = this.cluster.name;
    this.clusterNameValid = plan.clusterNameValid;
    this.clusterArn = this.cluster.arn;
    this.clusterEndpoint = this.cluster.endpoint;
    this.clusterCertificateAuthorityData = this.cluster.certificateAuthority.get(0).data;
    this.clusterSecurityGroupId = this.cluster.vpcConfig.clusterSecurityGroupId;
    this.oidcIssuerUrl = this.cluster.identity.get(0).oidc.get(0).issuer;
    this.version = plan.version;
    this.secretsKeyArn = encryption?.createdKeyArn;
    this.clusterRoleArn = role.arn;
    this.tags = { ...props.tags };
    this.resource = this.cluster;

    if (plan.enableIrsa) this.oidcProviderArn = this.createOidcProvider(props.tags);

    this.addons = new Construct(this, 'Addons');
    this.coreDns = this.createAddons(plan.addons);
  }

  /** The cluster IAM role and its attachments of the AWS managed cluster policies. */
  private createClusterRole(namePrefix: string, tags: Record<string, string> | undefined): { role: IamRole; attachments: IamRolePolicyAttachment[] } {
    const aws = awsContext(this);
    const role = new IamRole(this, 'ClusterRole', {
      namePrefix,
      assumeRolePolicy: policyJson(eksClusterRoleTrustPolicy()),
      tags,
    });
    const attachments = EKS_CLUSTER_ROLE_MANAGED_POLICIES.map(
      (policy) =>
        new IamRolePolicyAttachment(this, policy, {
          role: role.name,
          policyArn: awsManagedPolicyArn(aws.partition, policy),
        }),
    );
    return { role, attachments };
  }

  /** The IAM OIDC provider of the cluster's issuer, for IRSA; returns its ARN. */
  private createOidcProvider(tags: Record<string, string> | undefined): string {
    // thumbprint_list is optional and computed in hashicorp/aws 5.x: IAM trusts the EKS issuer's CA itself.
    const oidc = new (oidcProvider().IamOpenidConnectProvider)(this, 'OidcProvider', {
      url: this.oidcIssuerUrl,
      clientIdList: [IRSA_AUDIENCE],
      tags,
    });
    return oidc.arn;
  }

  /** The planned add-ons (with a version lookup where none is pinned); returns the one that needs nodes (coredns), if any. */
  private createAddons(addons: readonly PlannedCoreAddon[]): EksAddon | undefined {
    let coreDns: EksAddon | undefined;
    const clusterVersion = this.cluster.version;
    for (const addon of addons) {
      // The cluster's version as a reference: while the cluster has changes pending (an upgrade),
      // terraform reads the version at apply, after the control plane is upgraded.
      const addonVersion =
        addon.version ??
        new DataAwsEksAddonVersion(this.addons, `${addon.id}Version`, {
          addonName: addon.addonName,
          kubernetesVersion: clusterVersion,
          mostRecent: true,
        }).version;
      const created = this.addAddon(addon.id, { addonName: addon.addonName, addonVersion });
      if (addon.needsNodes) {
        // DEGRADED (and Terraform times out) until a node group exists.
        coreDns = created;
        // Nodes are registered after construction, so this waits for synth.
        this.node.addValidation({ validate: () => validateCoreDnsCompute((created.dependsOn ?? []).length).map(formatIssue) });
      }
    }
    return coreDns;
  }

  /**
   * Adds an EKS add-on under `<cluster>/Addons/<id>`. On create it takes over a self-managed
   * copy EKS may have bootstrapped (`OVERWRITE`); on update it overwrites changes made in the
   * cluster (`OVERWRITE`) unless `preserveClusterChanges`.
   */
  public addAddon(id: string, options: EksAddonOptions): EksAddon {
    return new EksAddon(this.addons, id, {
      clusterName: this.clusterNameRef,
      addonName: options.addonName,
      addonVersion: options.addonVersion,
      configurationValues: options.configurationValues ? JSON.stringify(options.configurationValues) : undefined,
      resolveConflictsOnCreate: 'OVERWRITE',
      resolveConflictsOnUpdate: options.preserveClusterChanges ? 'PRESERVE' : 'OVERWRITE',
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

  /** The secrets key (created or given) and the cluster role's permission to use it. */
  private secretsKey(
    plan: PlannedSecretsEncryption,
    roleName: string,
    tags: Record<string, string> | undefined,
  ): { keyArn: string; createdKeyArn?: string; grant: ITerraformDependable } {
    let keyArn = plan.keyArn;
    let createdKeyArn: string | undefined;
    if (plan.createKey) {
      const key = new KmsKey(this, 'SecretsKey', {
        description: plan.createKey.description,
        enableKeyRotation: plan.createKey.enableKeyRotation,
        deletionWindowInDays: plan.createKey.deletionWindowInDays,
        tags,
      });
      new KmsAlias(this, 'SecretsKeyAlias', { name: plan.createKey.aliasName, targetKeyId: key.keyId });
      keyArn = key.arn;
      createdKeyArn = key.arn;
    }
    // EKS uses the key with the cluster role's permissions, at create and for every secret after.
    const grant = new IamRolePolicy(this, 'SecretsEncryptionPolicy', {
      namePrefix: 'eks-secrets-encryption-',
      role: roleName,
      policy: policyJson(clusterEncryptionPolicy(keyArn!)),
    });
    return { keyArn: keyArn!, createdKeyArn, grant };
  }
}

class ImportedEksCluster extends EksClusterBase {
  public readonly clusterName: string;
  public readonly clusterNameValid: boolean;
  public readonly clusterArn: string;
  public readonly clusterEndpoint: string;
  public readonly clusterCertificateAuthorityData: string;
  public readonly clusterSecurityGroupId: string;
  public readonly oidcIssuerUrl: string;

  constructor(scope: Construct, id: string, clusterName: string) {
    super(scope, id);
    const plan = planImportedEksCluster(clusterName, constructContext());
    reportIssuesAtSynth(this, plan.issues);
    this.clusterNameValid = plan.clusterNameValid;

    const data = new DataAwsEksCluster(this, 'Resource', { name: clusterName });
    this.clusterName = clusterName;
    this.clusterArn = data.arn;
    this.clusterEndpoint = data.endpoint;
    this.clusterCertificateAuthorityData = data.certificateAuthority.get(0).data;
    this.clusterSecurityGroupId = data.vpcConfig.get(0).clusterSecurityGroupId;
    this.oidcIssuerUrl = data.identity.get(0).oidc.get(0).issuer;
  }
}
