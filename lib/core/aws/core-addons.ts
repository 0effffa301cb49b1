import { IssueCollector, ValidationIssue } from '../issues';

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

export function planCoreAddons(issues: IssueCollector, coreAddons: boolean, pins: CoreAddonVersions | undefined): PlannedCoreAddon[] {
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
