import { validateClusterName } from './cluster-name';
import { KUBERNETES_VERSION_BUILDER, KubernetesVersion } from './kubernetes-version';
import { parseIpv4Cidr } from './ipv4-cidr';
import { CoreAddonVersions, planCoreAddons, PlannedCoreAddon } from './core-addons';
import {
  DEFAULT_SECRETS_ENCRYPTION,
  PlannedSecretsEncryption,
  planSecretsEncryption,
  SECRETS_ENCRYPTION_BUILDER,
  SecretsEncryption,
} from './secrets-encryption';
import { builderValue } from '../builder-value';
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

/** The audit trail of who did what to the cluster; terraform-aws-eks's `enabled_log_types` default. */
export const DEFAULT_CLUSTER_LOG_TYPES: readonly ClusterLogType[] = [ClusterLogType.API, ClusterLogType.AUDIT, ClusterLogType.AUTHENTICATOR];
/** terraform-aws-eks's `cloudwatch_log_group_retention_in_days` default. */
export const DEFAULT_CLUSTER_LOG_RETENTION_DAYS = 90;
/** The values CloudWatch Logs accepts for retention (PutRetentionPolicy). */
export const LOG_RETENTION_DAYS: readonly number[] = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
];

/** Warning code for a public API endpoint reachable from any address; silence it with `silenceWarnings`. */
export const PUBLIC_ENDPOINT_OPEN_TO_WORLD = 'PublicEndpointOpenToWorld';
/** The warnings `planEksCluster` reports: what `EksCluster` `silenceWarnings` takes. */
export const EKS_CLUSTER_WARNING_CODES = [PUBLIC_ENDPOINT_OPEN_TO_WORLD, 'NodesMayBeOutsidePublicAccessCidrs'] as const;
/** A warning code of `EksCluster`. */
export type EksClusterWarningCode = (typeof EKS_CLUSTER_WARNING_CODES)[number];
const WORLD_CIDR = '0.0.0.0/0';

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

/** Checks the name of an existing cluster (`EksCluster.fromClusterName`). */
export function planImportedEksCluster(
  clusterName: string,
  ctx: ValidationContext = {},
): { readonly clusterName: string; readonly clusterNameValid: boolean; readonly issues: ValidationIssue[] } {
  const issues = new IssueCollector(ctx);
  validateClusterName(issues, 'clusterName', clusterName);
  return { clusterName, clusterNameValid: issues.issues.length === 0, issues: issues.issues };
}
