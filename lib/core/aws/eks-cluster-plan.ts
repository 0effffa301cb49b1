import { validateClusterName } from './cluster-name';
import { KUBERNETES_VERSION_BUILDER, KubernetesVersion } from './kubernetes-version';
import { parseIpv4Cidr } from './ipv4-cidr';
import { policyDocument, PolicyDocumentJson, PolicyEffect } from './policy-document';
import { BuilderKind, builderValue } from '../builder-value';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';

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

/**
 * What EKS does when the cluster's Kubernetes version leaves standard support (14 months after its
 * EKS release): `upgrade_policy.support_type`.
 */
export enum SupportType {
  /**
   * Standard support only: at its end, EKS upgrades the control plane to the next version by itself,
   * outside terraform (the stack then asks for the old version back, which EKS refuses) and possibly
   * beyond the Kubernetes versions the installed Karpenter supports. No extra charge.
   */
  STANDARD = 'STANDARD',
  /**
   * Extended support: the version stays for 12 more months, and each cluster-hour in extended support
   * is billed at the extended rate (at the time of writing USD 0.60 instead of 0.10). EKS's own default.
   */
  EXTENDED = 'EXTENDED',
}

/**
 * EXTENDED, set explicitly: an upgrade stays a change you plan (with Karpenter's compatibility
 * matrix), never one EKS makes outside terraform; the price is a bill if you fall behind, not an outage.
 */
export const DEFAULT_SUPPORT_TYPE = SupportType.EXTENDED;

/** Versions of the core add-ons, by add-on; an unset one follows the cluster's Kubernetes version. */
export interface CoreAddonVersions {
  /**
   * `vpc-cni` version, e.g. `v1.19.2-eksbuild.1`.
   * @default - the most recent version for the cluster's Kubernetes version (`data.aws_eks_addon_version`)
   */
  readonly vpcCni?: string;
  /**
   * `kube-proxy` version, e.g. `v1.33.0-eksbuild.2`.
   * @default - the most recent version for the cluster's Kubernetes version (`data.aws_eks_addon_version`)
   */
  readonly kubeProxy?: string;
  /**
   * `coredns` version, e.g. `v1.11.4-eksbuild.2`.
   * @default - the most recent version for the cluster's Kubernetes version (`data.aws_eks_addon_version`)
   */
  readonly coredns?: string;
  /**
   * `eks-pod-identity-agent` version, e.g. `v1.3.4-eksbuild.1`.
   * @default - the most recent version for the cluster's Kubernetes version (`data.aws_eks_addon_version`)
   */
  readonly podIdentityAgent?: string;
}

/** The core add-ons, in creation order: the DaemonSets first (nodes need the CNI to become Ready), then coredns. */
export const CORE_ADDONS: readonly {
  readonly key: keyof CoreAddonVersions;
  readonly id: string;
  readonly addonName: string;
  readonly needsNodes: boolean;
}[] = [
  { key: 'podIdentityAgent', id: 'PodIdentityAgent', addonName: 'eks-pod-identity-agent', needsNodes: false },
  { key: 'vpcCni', id: 'VpcCni', addonName: 'vpc-cni', needsNodes: false },
  { key: 'kubeProxy', id: 'KubeProxy', addonName: 'kube-proxy', needsNodes: false },
  { key: 'coredns', id: 'CoreDns', addonName: 'coredns', needsNodes: true },
];

/** How EKS add-on versions are spelled (`aws eks describe-addon-versions`). */
export const EKS_ADDON_VERSION_PATTERN = /^v\d+\.\d+\.\d+-eksbuild\.\d+$/;

/** A core add-on `EksCluster` installs. */
export interface PlannedCoreAddon {
  /** Construct id under `<cluster>/Addons`. */
  readonly id: string;
  readonly addonName: string;
  /** The pinned version; undefined resolves the most recent one for the cluster's version at plan. */
  readonly version?: string;
  /** A Deployment (coredns): it stays DEGRADED until nodes exist, so it waits for the compute. */
  readonly needsNodes: boolean;
}

/** The audit trail of who did what to the cluster; terraform-aws-eks's `enabled_log_types` default. */
export const DEFAULT_CLUSTER_LOG_TYPES: readonly ClusterLogType[] = [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR];
/** terraform-aws-eks's `cloudwatch_log_group_retention_in_days` default. */
export const DEFAULT_CLUSTER_LOG_RETENTION_DAYS = 90;
/** The values CloudWatch Logs accepts for retention (PutRetentionPolicy). */
export const LOG_RETENTION_DAYS: readonly number[] = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
];

const KMS_KEY_ARN_PATTERN = /^arn:[a-z-]+:kms:[a-z0-9-]+:\d{12}:key\/.+$/;

/** KMS accepts a deletion window of 7 to 30 days. */
export const KMS_DELETION_WINDOW_MIN_DAYS = 7;
/** KMS accepts a deletion window of 7 to 30 days; the longest leaves the most time to cancel a mistaken destroy. */
export const KMS_DELETION_WINDOW_MAX_DAYS = 30;

/** Warning code for a public API endpoint reachable from any address; silence it with `silenceWarnings`. */
export const PUBLIC_ENDPOINT_OPEN_TO_WORLD = 'PublicEndpointOpenToWorld';
/** The warnings `planEksCluster` reports: what `EksCluster` `silenceWarnings` takes. */
export const EKS_CLUSTER_WARNING_CODES = [PUBLIC_ENDPOINT_OPEN_TO_WORLD, 'NodesMayBeOutsidePublicAccessCidrs'] as const;
/** A warning code of `EksCluster`. */
export type EksClusterWarningCode = (typeof EKS_CLUSTER_WARNING_CODES)[number];
const WORLD_CIDR = '0.0.0.0/0';

/** Options of `SecretsEncryption.createKey`. */
export interface SecretsEncryptionKeyOptions {
  /**
   * Days KMS waits before deleting the key once the stack is destroyed (7-30); the deletion can be
   * cancelled in that time.
   * @default 30
   */
  readonly deletionWindowInDays?: number;
}

/**
 * Envelope encryption of Kubernetes secrets with a customer managed KMS key. EKS already encrypts
 * all Kubernetes API data with an AWS owned key (Kubernetes 1.28+); a customer managed key adds
 * control: its key policy, CloudTrail records of each use, and revoking it.
 */
export class SecretsEncryption {
  /**
   * A key created with the cluster: symmetric, yearly automatic rotation, alias
   * `alias/eks/<clusterName>`, and the cluster role allowed to use it. The key costs about
   * 1 USD a month. Disabling or deleting it makes the cluster's secrets unreadable.
   */
  public static createKey(options: SecretsEncryptionKeyOptions = {}): SecretsEncryption {
    return new SecretsEncryption('create', undefined, options.deletionWindowInDays ?? KMS_DELETION_WINDOW_MAX_DAYS);
  }

  /**
   * An existing symmetric key, by ARN (not an alias). The cluster role gets
   * `kms:Encrypt/Decrypt/ListGrants/DescribeKey` on it; its key policy must allow IAM policies of
   * the account (the default key policy does).
   */
  public static withKey(keyArn: string): SecretsEncryption {
    return new SecretsEncryption('existing', keyArn, undefined);
  }

  /**
   * No customer managed key: EKS's default envelope encryption with an AWS owned key only. Once a
   * cluster has a key, EKS cannot remove it, so this does not undo `createKey` on a live cluster.
   */
  public static readonly AWS_OWNED_KEY = new SecretsEncryption('none', undefined, undefined);

  private constructor(
    /** @internal */
    public readonly _mode: 'create' | 'existing' | 'none',
    /** @internal */
    public readonly _keyArn: string | undefined,
    /** @internal */
    public readonly _deletionWindowInDays: number | undefined,
  ) {}
}

/** Props typed `SecretsEncryption` take only the builder. */
export const SECRETS_ENCRYPTION_BUILDER: BuilderKind<SecretsEncryption> = {
  name: 'SecretsEncryption',
  type: SecretsEncryption,
  example: 'SecretsEncryption.createKey(), SecretsEncryption.withKey(keyArn) or SecretsEncryption.AWS_OWNED_KEY',
};

/** The customer managed key `EksCluster` creates for secrets. */
export interface PlannedSecretsKey {
  /** `alias/eks/<clusterName>`, as terraform-aws-eks. */
  readonly aliasName: string;
  readonly description: string;
  readonly deletionWindowInDays: number;
  readonly enableKeyRotation: boolean;
}

/** How the cluster's secrets are encrypted. */
export interface PlannedSecretsEncryption {
  /** The key to create; undefined when an existing key is used. */
  readonly createKey?: PlannedSecretsKey;
  /** The existing key's ARN; undefined when the key is created. */
  readonly keyArn?: string;
}

/** The parts of the network the cluster plan checks. */
export interface EksClusterNetworkInput {
  /** Private subnets for the control plane ENIs. */
  readonly privateSubnetIds: readonly string[];
  /** The cluster name the network tags its subnets with, if it tags them. */
  readonly discoveryClusterName?: string;
  /**
   * The cluster name the network was made for.
   * @default - none: the cluster's `clusterName` must be given
   */
  readonly clusterName?: string;
  /**
   * The network's verdict on its `clusterName`, whose problems it reported.
   * @default - unchecked
   */
  readonly clusterNameValid?: boolean;
  /**
   * The network reported errors of its own (e.g. too few zones, which leave it without subnets), so a
   * subnet count they cause is not reported again.
   * @default false
   */
  readonly reportedErrors?: boolean;
}

/** The options of `EksCluster` that {@link planEksCluster} resolves (its props without the network, warnings and tags). */
export interface EksClusterOptions {
  /**
   * Cluster name: 1-100 characters, `^[0-9A-Za-z][A-Za-z0-9\-_]*$`.
   * @default - the network's `clusterName` (`KarpenterNetwork` has one)
   */
  readonly clusterName?: string;
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
   * CIDR blocks allowed to reach the public endpoint (IPv4). Only with `endpointPublicAccess`.
   * @default - any address (`0.0.0.0/0`, EKS's default), reported as the warning `PublicEndpointOpenToWorld`
   */
  readonly publicAccessCidrs?: readonly string[];
  /**
   * Envelope encryption of Kubernetes secrets with a customer managed KMS key:
   * `SecretsEncryption.createKey()`, `SecretsEncryption.withKey(keyArn)` or
   * `SecretsEncryption.AWS_OWNED_KEY` (EKS's default encryption only). Once a cluster has a key,
   * EKS cannot remove or change it.
   * @default SecretsEncryption.createKey() (a key with rotation, `alias/eks/<clusterName>`; as terraform-aws-eks)
   */
  readonly secretsEncryption?: SecretsEncryption;
  /**
   * EKS zonal shift (Amazon Application Recovery Controller): lets you, or zonal autoshift, move
   * traffic away from an impaired availability zone. Needs spare capacity in the other zones.
   * @default - not configured (off)
   */
  readonly zonalShift?: boolean;
  /**
   * Control plane log types to send to CloudWatch Logs. The log group
   * (`/aws/eks/<clusterName>/cluster`) is created by this construct with `logRetentionDays`,
   * instead of by EKS without expiry and left behind on destroy. Give `[]` for no logs.
   * @default [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR] (as terraform-aws-eks)
   */
  readonly enabledLogTypes?: readonly ClusterLogType[];
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
   * add-ons, each at the most recent version for the cluster's Kubernetes version unless pinned in
   * `addonVersions`. `coredns` waits for the nodes registered with `addComputeDependency` (a
   * `ControllerNodeGroup` registers itself).
   * @default true
   */
  readonly coreAddons?: boolean;
  /**
   * Pins core add-on versions, e.g. `{ coredns: 'v1.11.4-eksbuild.2' }`. An add-on not pinned takes
   * the most recent version EKS offers for the cluster's Kubernetes version
   * (`data "aws_eks_addon_version"`, read at plan), so it follows a Kubernetes upgrade.
   * @default - every core add-on follows the cluster's Kubernetes version
   */
  readonly addonVersions?: CoreAddonVersions;
  /**
   * What happens when the Kubernetes version leaves standard support: `SupportType.EXTENDED` keeps
   * it (billed per cluster-hour at the extended support rate), `SupportType.STANDARD` lets EKS
   * upgrade the control plane by itself at the end of standard support.
   * @default SupportType.EXTENDED (set explicitly; EKS's default too): no upgrade outside terraform
   */
  readonly upgradePolicy?: SupportType;
}

/** Input of `planEksCluster`: the `EksCluster` props, with the network reduced to what is checked. */
export interface EksClusterPlanInput extends EksClusterOptions {
  readonly network: EksClusterNetworkInput;
}

/** The control plane log group the construct creates before the cluster. */
export interface PlannedLogGroup {
  /** `/aws/eks/<clusterName>/cluster`, the name EKS writes to. */
  readonly name: string;
  readonly retentionInDays: number;
}

/** What `EksCluster` builds, with every default resolved. */
export interface EksClusterPlan {
  readonly clusterName: string;
  /** Whether the cluster name is valid (its problems are in `issues`, or were reported by the network). */
  readonly clusterNameValid: boolean;
  readonly version: KubernetesVersion;
  readonly authenticationMode: AuthenticationMode;
  readonly bootstrapClusterCreatorAdminPermissions: boolean;
  readonly endpointPrivateAccess: boolean;
  readonly endpointPublicAccess: boolean;
  /** Undefined leaves EKS's default (`0.0.0.0/0`). */
  readonly publicAccessCidrs?: string[];
  /** Customer managed key for secrets; undefined for EKS's AWS owned key only. */
  readonly secretsEncryption?: PlannedSecretsEncryption;
  /** `name_prefix` of the cluster role (IAM allows 38 characters in a prefix). */
  readonly clusterRoleNamePrefix: string;
  /** Log types to enable; empty for none. */
  readonly enabledLogTypes: ClusterLogType[];
  /** Undefined when no log types are enabled. */
  readonly logGroup?: PlannedLogGroup;
  readonly enableIrsa: boolean;
  readonly coreAddons: boolean;
  /** The core add-ons to install; empty without `coreAddons`. */
  readonly addons: PlannedCoreAddon[];
  /** `upgrade_policy.support_type`. */
  readonly supportType: SupportType;
  /** `zonal_shift_config.enabled`; undefined leaves the block out (EKS's default, off). */
  readonly zonalShift?: boolean;
  readonly issues: ValidationIssue[];
}

/** Resolves and checks the settings of a new EKS cluster. */
export function planEksCluster(input: EksClusterPlanInput, ctx: ValidationContext = {}): EksClusterPlan {
  const issues = new IssueCollector(ctx);
  const endpointPrivateAccess = input.endpointPrivateAccess ?? true;
  const endpointPublicAccess = input.endpointPublicAccess ?? true;
  const enabledLogTypes = [...(input.enabledLogTypes ?? DEFAULT_CLUSTER_LOG_TYPES)];

  const { clusterName, clusterNameValid } = resolveClusterName(issues, input);
  validateNetwork(issues, input, clusterName);
  validateEndpoint(issues, input, endpointPrivateAccess, endpointPublicAccess);
  const encryptionIssues: ValidationIssue[] = [];
  const encryption = builderValue(SECRETS_ENCRYPTION_BUILDER, input.secretsEncryption, 'secretsEncryption', encryptionIssues);
  issues.add(encryptionIssues);
  const secretsEncryption = planSecretsEncryption(issues, clusterName, encryption ?? DEFAULT_SECRETS_ENCRYPTION);
  validateLogs(issues, enabledLogTypes, input.logRetentionDays);
  // From JavaScript `version` may be a string ('1.33', read as KubernetesVersion.of) or anything else (an error).
  const typeIssues: ValidationIssue[] = [];
  const version = builderValue(KUBERNETES_VERSION_BUILDER, input.version, 'version', typeIssues) ?? KubernetesVersion.DEFAULT;
  issues.add(typeIssues);
  const coreAddons = input.coreAddons ?? true;
  const addons = planCoreAddons(issues, coreAddons, input.addonVersions);
  const supportType = input.upgradePolicy ?? DEFAULT_SUPPORT_TYPE;
  if (!issues.isUnresolved(supportType) && !Object.values(SupportType).includes(supportType)) {
    issues.error(
      'upgradePolicy',
      'InvalidSupportType',
      `'${String(supportType)}' is not an EKS support type; use SupportType.STANDARD or SupportType.EXTENDED.`,
    );
  }

  return {
    clusterName,
    clusterNameValid,
    version,
    authenticationMode: input.authenticationMode ?? AuthenticationMode.API,
    bootstrapClusterCreatorAdminPermissions: input.bootstrapClusterCreatorAdminPermissions ?? true,
    endpointPrivateAccess,
    endpointPublicAccess,
    publicAccessCidrs: input.publicAccessCidrs ? [...input.publicAccessCidrs] : undefined,
    secretsEncryption,
    clusterRoleNamePrefix: `${clusterName.slice(0, 29)}-cluster-`,
    enabledLogTypes,
    logGroup:
      enabledLogTypes.length > 0
        ? { name: `/aws/eks/${clusterName}/cluster`, retentionInDays: input.logRetentionDays ?? DEFAULT_CLUSTER_LOG_RETENTION_DAYS }
        : undefined,
    enableIrsa: input.enableIrsa ?? false,
    coreAddons,
    addons,
    supportType,
    zonalShift: input.zonalShift,
    issues: issues.issues,
  };
}

function planCoreAddons(issues: IssueCollector, coreAddons: boolean, pins: CoreAddonVersions | undefined): PlannedCoreAddon[] {
  const known = CORE_ADDONS.map((a) => a.key as string);
  if (pins !== undefined && (typeof pins !== 'object' || pins === null || Array.isArray(pins))) {
    issues.error('addonVersions', 'InvalidAddonVersions', `addonVersions must be an object such as { coredns: 'v1.11.4-eksbuild.2' }.`);
    pins = undefined;
  }
  for (const key of Object.keys(pins ?? {})) {
    if (!known.includes(key)) {
      issues.error(`addonVersions.${key}`, 'UnknownCoreAddon', `'${key}' is not a core add-on; pin one of ${known.join(', ')}.`);
    }
  }
  if (!coreAddons) {
    if (pins !== undefined && Object.keys(pins).length > 0) {
      issues.error(
        'addonVersions',
        'AddonVersionsWithoutCoreAddons',
        'is set but coreAddons is false, so no core add-on is installed; remove addonVersions or enable coreAddons.',
      );
    }
    return [];
  }
  return CORE_ADDONS.map(({ key, id, addonName, needsNodes }) => {
    const version = pins?.[key];
    if (version !== undefined && !issues.isUnresolved(version) && (typeof version !== 'string' || !EKS_ADDON_VERSION_PATTERN.test(version))) {
      issues.error(
        `addonVersions.${key}`,
        'InvalidAddonVersion',
        `${JSON.stringify(version)} is not an EKS add-on version (e.g. 'v1.19.2-eksbuild.1'); list them with ` +
          `aws eks describe-addon-versions --addon-name ${addonName}, or remove the pin to follow the cluster's version.`,
      );
    }
    return { id, addonName, version, needsNodes };
  });
}

/** The cluster name, given or the network's, checked once: a name the network checked keeps the network's verdict. */
function resolveClusterName(issues: IssueCollector, input: EksClusterPlanInput): { clusterName: string; clusterNameValid: boolean } {
  const network = input.network;
  const clusterName = input.clusterName ?? network.clusterName;
  if (clusterName === undefined) {
    issues.error(
      'clusterName',
      'ClusterNameMissing',
      "is unset and the network has no clusterName to take it from. Set clusterName, e.g. clusterName: 'demo'.",
    );
    return { clusterName: '', clusterNameValid: false };
  }
  if (network.clusterNameValid !== undefined && clusterName === network.clusterName) {
    return { clusterName, clusterNameValid: network.clusterNameValid };
  }
  const before = issues.issues.length;
  validateClusterName(issues, 'clusterName', clusterName);
  return { clusterName, clusterNameValid: issues.issues.length === before };
}

function validateNetwork(issues: IssueCollector, input: EksClusterPlanInput, clusterName: string): void {
  const subnets = input.network.privateSubnetIds;
  if (!issues.isUnresolved(subnets) && subnets.length < 2 && !input.network.reportedErrors) {
    issues.error(
      'network.privateSubnetIds',
      'TooFewClusterSubnets',
      `EKS needs subnets in at least 2 availability zones, got ${subnets.length} subnet(s). ` +
        'Give the network 2 or more private subnets in different zones.',
    );
  }
  const tagged = input.network.discoveryClusterName;
  if (tagged !== undefined && tagged !== clusterName) {
    issues.error(
      'network',
      'NetworkTaggedForOtherCluster',
      `the network tags its subnets karpenter.sh/discovery='${tagged}', but this cluster is '${clusterName}', so ` +
        'EC2NodeClass subnetSelectorTerms on the cluster name would find no subnets. Give the network the same clusterName.',
    );
  }
}

function validateEndpoint(issues: IssueCollector, input: EksClusterPlanInput, privateAccess: boolean, publicAccess: boolean): void {
  if (!privateAccess && !publicAccess) {
    issues.error(
      'endpointPublicAccess',
      'NoClusterEndpoint',
      'endpointPrivateAccess and endpointPublicAccess are both false, so nothing could reach the API server; EKS rejects this. Enable at least one.',
    );
  }
  const cidrs = input.publicAccessCidrs;
  if (publicAccess && (cidrs === undefined || cidrs.includes(WORLD_CIDR))) {
    issues.warn(
      'publicAccessCidrs',
      PUBLIC_ENDPOINT_OPEN_TO_WORLD,
      `the API server endpoint is public and open to ${WORLD_CIDR}${cidrs === undefined ? ' (the EKS default)' : ''}: any address on the ` +
        'internet can reach it and try credentials or exploits. Set publicAccessCidrs to the ranges that run kubectl and terraform ' +
        "(office, VPN, CI), or endpointPublicAccess: false to deploy from inside the VPC; or accept it with silenceWarnings: ['" +
        `${PUBLIC_ENDPOINT_OPEN_TO_WORLD}'].`,
    );
  }
  if (cidrs === undefined) return;
  if (publicAccess && !privateAccess && !cidrs.includes(WORLD_CIDR)) {
    issues.warn(
      'publicAccessCidrs',
      'NodesMayBeOutsidePublicAccessCidrs',
      "endpointPrivateAccess is false, so nodes reach the API server through the public endpoint, from their NAT gateways' " +
        'addresses; nodes outside publicAccessCidrs cannot join. ' +
        "Add the NAT gateways' public IPs to publicAccessCidrs, or enable endpointPrivateAccess.",
    );
  }
  if (!publicAccess) {
    issues.error(
      'publicAccessCidrs',
      'PublicAccessCidrsWithoutPublicEndpoint',
      'publicAccessCidrs is set but endpointPublicAccess is false, so it would have no effect. Remove it or enable the public endpoint.',
    );
  }
  if (cidrs.length === 0) {
    issues.error(
      'publicAccessCidrs',
      'EmptyPublicAccessCidrs',
      'publicAccessCidrs is empty; EKS needs at least one block. Leave it unset for 0.0.0.0/0, or set endpointPublicAccess: false.',
    );
  }
  cidrs.forEach((cidr, i) => {
    if (issues.isUnresolved(cidr)) return;
    if (!parseIpv4Cidr(cidr)) {
      issues.error(`publicAccessCidrs[${i}]`, 'InvalidCidr', `'${cidr}' is not an IPv4 CIDR block with its host bits zero (e.g. '203.0.113.0/24').`);
    }
  });
}

/**
 * Production default, as terraform-aws-eks (`create_kms_key = true`): a key the account controls
 * and audits, for about 1 USD a month.
 */
export const DEFAULT_SECRETS_ENCRYPTION = SecretsEncryption.createKey();

function planSecretsEncryption(issues: IssueCollector, clusterName: string, choice: SecretsEncryption): PlannedSecretsEncryption | undefined {
  if (choice._mode === 'none') return undefined;
  if (choice._mode === 'existing') {
    const key = choice._keyArn!;
    if (!issues.isUnresolved(key) && !KMS_KEY_ARN_PATTERN.test(key)) {
      issues.error(
        'secretsEncryption',
        'InvalidKmsKeyArn',
        `'${key}' is not a KMS key ARN ('arn:<partition>:kms:<region>:<account>:key/<key id>'); EKS needs the key ARN, not an alias or a key id.`,
      );
    }
    return { keyArn: key };
  }
  const days = choice._deletionWindowInDays!;
  if (!issues.isUnresolved(days) && (!Number.isInteger(days) || days < KMS_DELETION_WINDOW_MIN_DAYS || days > KMS_DELETION_WINDOW_MAX_DAYS)) {
    issues.error(
      'secretsEncryption.deletionWindowInDays',
      'InvalidKmsDeletionWindow',
      `KMS takes a deletion window of ${KMS_DELETION_WINDOW_MIN_DAYS} to ${KMS_DELETION_WINDOW_MAX_DAYS} whole days, got ${days}.`,
    );
  }
  return {
    createKey: {
      aliasName: `alias/eks/${clusterName}`,
      description: `Envelope encryption of Kubernetes secrets of EKS cluster ${clusterName}`,
      deletionWindowInDays: days,
      enableKeyRotation: true,
    },
  };
}

/**
 * What the cluster role needs to use a customer managed key for secrets: EKS acts with the
 * cluster role's permissions (terraform-aws-eks's cluster encryption policy).
 */
export function clusterEncryptionPolicy(keyArn: string): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'ClusterEncryption',
      Effect: PolicyEffect.ALLOW,
      Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ListGrants', 'kms:DescribeKey'],
      Resource: keyArn,
    },
  ]);
}

function validateLogs(issues: IssueCollector, logs: readonly ClusterLogType[], retentionDays: number | undefined): void {
  if (new Set(logs).size !== logs.length) {
    issues.error('enabledLogTypes', 'DuplicateLogType', `log types are listed more than once: ${JSON.stringify(logs)}. List each once.`);
  }
  if (retentionDays === undefined) return;
  if (logs.length === 0) {
    issues.error(
      'logRetentionDays',
      'LogRetentionWithoutLogs',
      'is set but enabledLogTypes is empty, so there is no log group; enable log types or remove logRetentionDays',
    );
  } else if (!LOG_RETENTION_DAYS.includes(retentionDays)) {
    issues.error(
      'logRetentionDays',
      'InvalidLogRetention',
      `must be a CloudWatch Logs retention value (${LOG_RETENTION_DAYS.join(', ')}), got ${retentionDays}`,
    );
  }
}

/** Error code of a cluster whose coredns add-on has no nodes to run on. */
export const CORE_DNS_WITHOUT_NODES = 'CoreDnsWithoutNodes';

/**
 * The coredns add-on is a Deployment: without nodes it stays DEGRADED and `terraform apply` times
 * out. Returns the issue of a cluster whose coredns waits for `computeCount` node groups.
 */
export function validateCoreDnsCompute(computeCount: number): ValidationIssue[] {
  if (computeCount > 0) return [];
  const issues = new IssueCollector();
  issues.error(
    'coreAddons',
    CORE_DNS_WITHOUT_NODES,
    'the coredns add-on needs nodes, or it stays DEGRADED and terraform apply times out: create a ' +
      'ControllerNodeGroup for this cluster (it registers itself), call cluster.addComputeDependency(nodeGroup), ' +
      'or set coreAddons: false.',
  );
  return issues.issues;
}

/** Checks the name of an existing cluster (`EksCluster.fromClusterName`). */
export function planImportedEksCluster(
  clusterName: string,
  ctx: ValidationContext = {},
): { readonly clusterName: string; readonly clusterNameValid: boolean; readonly issues: ValidationIssue[] } {
  const issues = new IssueCollector(ctx);
  validateClusterName(issues, 'clusterName', clusterName);
  return { clusterName, clusterNameValid: issues.issues.length === 0, issues: issues.issues };
}
