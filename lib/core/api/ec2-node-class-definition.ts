import { HttpTokens } from '../shared/ec2';
import { builderList, builderMap, builderValue } from '../builder-value';
import { ValidationContext, ValidationIssue, withCarriedIssues } from '../issues';
import { cloneJson, opt } from '../json';
import { HttpEndpoint, HttpProtocolIpv6, InstanceStorePolicy, NestedVirtualization, NetworkInterfaceType } from '../model/crd-enums';
import { AmiFamily, AmiFamilyAlias } from '../model/ami-family';
import { DURATION_BUILDER } from '../model/duration';
import { QUANTITY_BUILDER } from '../model/quantity-builder';
import { EC2NODECLASS_API_VERSION, EC2NODECLASS_KIND, V1EC2NodeClass, V1EC2NodeClassSpec } from '../model/types';
import {
  AMI_SELECTOR_TERM_BUILDER,
  AmiSelectorTerm,
  CAPACITY_RESERVATION_SELECTOR_TERM_BUILDER,
  CapacityReservationSelectorTerm,
  PLACEMENT_GROUP_SELECTOR_BUILDER,
  PlacementGroupSelector,
  SECURITY_GROUP_SELECTOR_TERM_BUILDER,
  SecurityGroupSelectorTerm,
  SUBNET_SELECTOR_TERM_BUILDER,
  SubnetSelectorTerm,
} from '../model/selector-terms';
import { validateEc2NodeClass } from '../validation/validate-ec2nodeclass';
import { toYaml } from '../model/yaml';
import { BlockDeviceMapping, blockDeviceJson } from './block-device-mapping';
import { KubeletConfiguration, kubeletJson } from './kubelet-configuration';

// Defined with the other AMI family lists; exported here, where callers import the model from.
export { AmiFamily, AmiFamilyAlias };

/** Instance metadata service options. */
export interface MetadataOptions {
  /**
   * IMDS reachable or not.
   * @default HttpEndpoint.ENABLED
   */
  readonly httpEndpoint?: HttpEndpoint;
  /**
   * IMDS on IPv6.
   * @default HttpProtocolIpv6.DISABLED
   */
  readonly httpProtocolIPv6?: HttpProtocolIpv6;
  /**
   * IMDS response hop limit (1..64); 1 keeps pods without host networking away from IMDS.
   * @default 1
   */
  readonly httpPutResponseHopLimit?: number;
  /**
   * IMDSv2 only, or IMDSv1 too.
   * @default HttpTokens.REQUIRED
   */
  readonly httpTokens?: HttpTokens;
}

/** A network interface attachment. */
export interface NetworkInterface {
  /** Network card index. */
  readonly networkCardIndex: number;
  /** Device index on the card. */
  readonly deviceIndex: number;
  /** Interface type. */
  readonly interfaceType: NetworkInterfaceType;
}

/** Idle connection tracking timeouts, in seconds. */
export interface ConnectionTracking {
  /**
   * Established TCP (60..432000).
   * @default - EC2 default
   */
  readonly tcpEstablishedTimeout?: number;
  /**
   * UDP streams (60..180).
   * @default - EC2 default (180)
   */
  readonly udpStreamTimeout?: number;
  /**
   * Other UDP flows (30..60).
   * @default - EC2 default (30)
   */
  readonly udpTimeout?: number;
}

/** CPU options. */
export interface CpuOptions {
  /**
   * Nested virtualization.
   * @default - instance type default
   */
  readonly nestedVirtualization?: NestedVirtualization;
}

/** What an EC2NodeClass configures; shared by `Ec2NodeClassDefinition` and the `Ec2NodeClass` construct. Field names are the CRD's. */
export interface Ec2NodeClassOptions {
  /** AMI selector terms (ORed), e.g. `[AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')]`. */
  readonly amiSelectorTerms: AmiSelectorTerm[];
  /** Subnet selector terms (ORed), e.g. `[SubnetSelectorTerm.discovery(clusterName)]`. */
  readonly subnetSelectorTerms: SubnetSelectorTerm[];
  /** Security group selector terms (ORed), e.g. `[SecurityGroupSelectorTerm.byId(cluster.clusterSecurityGroupId)]`. */
  readonly securityGroupSelectorTerms: SecurityGroupSelectorTerm[];
  /**
   * AMI family; required unless the AMI selector is an alias (then inferred from it).
   * @default - inferred from the alias
   */
  readonly amiFamily?: AmiFamily;
  /**
   * IAM role name of the nodes; Karpenter creates the instance profile. Exactly one of `role`
   * and `instanceProfile`.
   * @default - none; set this or instanceProfile
   */
  readonly role?: string;
  /**
   * Name of an existing instance profile (e.g. for private clusters, as IAM has no VPC endpoint).
   * @default - none; set this or role
   */
  readonly instanceProfile?: string;
  /**
   * On-Demand Capacity Reservations to use (with `CapacityType.RESERVED` in a NodePool).
   * @default - no capacity reservations
   */
  readonly capacityReservationSelectorTerms?: CapacityReservationSelectorTerm[];
  /**
   * Placement group to launch into.
   * @default - no placement group
   */
  readonly placementGroupSelector?: PlacementGroupSelector;
  /**
   * Kubelet settings.
   * @default - the AMI family's defaults
   */
  readonly kubelet?: KubeletConfiguration;
  /**
   * Block device mappings.
   * @default - the AMI family's default root volume
   */
  readonly blockDeviceMappings?: BlockDeviceMapping[];
  /**
   * Instance metadata service options.
   * @default - the CRD default: enabled, IPv6 disabled, hop limit 1, tokens required
   */
  readonly metadataOptions?: MetadataOptions;
  /**
   * User data in the AMI family's format; Karpenter merges its own settings into it.
   * @default - none
   */
  readonly userData?: string;
  /**
   * Tags for instances, volumes and launch templates (Karpenter's own tags are reserved).
   * @default - none
   */
  readonly tags?: { readonly [key: string]: string };
  /**
   * Assign public IP addresses.
   * @default - the subnet's setting
   */
  readonly associatePublicIPAddress?: boolean;
  /**
   * Enable detailed CloudWatch monitoring.
   * @default false
   */
  readonly detailedMonitoring?: boolean;
  /**
   * How to use instance-store disks.
   * @default - instance-store disks are not used for ephemeral storage
   */
  readonly instanceStorePolicy?: InstanceStorePolicy;
  /**
   * Number of IPv4 prefixes on the primary interface.
   * @default - none
   */
  readonly ipPrefixCount?: number;
  /**
   * CPU options.
   * @default - none
   */
  readonly cpuOptions?: CpuOptions;
  /**
   * Idle connection tracking timeouts.
   * @default - EC2 defaults
   */
  readonly connectionTracking?: ConnectionTracking;
  /**
   * Network interfaces (must include card 0 / device 0 of type interface).
   * @default - one primary interface
   */
  readonly networkInterfaces?: NetworkInterface[];
  /**
   * Reserved EC2 Fleet `Context` value.
   * @default - none
   */
  readonly context?: string;
}

/** Props of `Ec2NodeClassDefinition`. */
export interface Ec2NodeClassDefinitionProps extends Ec2NodeClassOptions {
  /** EC2NodeClass name (`metadata.name`), a DNS-1123 subdomain of at most 63 characters. */
  readonly name: string;
}

/**
 * A typed `karpenter.k8s.aws/v1` EC2NodeClass, independent of cdktf: render it with
 * `toManifest()` or `toYaml()`, check it with `validate()`.
 */
export class Ec2NodeClassDefinition {
  /** EC2NodeClass name. */
  public readonly name: string;

  private readonly props: Ec2NodeClassDefinitionProps;
  // Props of the wrong type (from JavaScript), reported by validate().
  private readonly inputIssues: ValidationIssue[] = [];
  private rendered?: V1EC2NodeClass;

  constructor(props: Ec2NodeClassDefinitionProps) {
    this.name = props.name;
    this.props = checkedProps(props, this.inputIssues);
  }

  /** The plain manifest, as `kubectl apply` would send it. */
  public toManifest(): V1EC2NodeClass {
    // Rendered once; callers get a copy, so none can change what the others (and the resource) see.
    return cloneJson(this.manifest);
  }

  /** The one render of the props. */
  private get manifest(): V1EC2NodeClass {
    this.rendered ??= this.render();
    return this.rendered;
  }

  private render(): V1EC2NodeClass {
    const p = this.props;
    const spec: V1EC2NodeClassSpec = {
      ...opt('amiFamily', p.amiFamily),
      amiSelectorTerms: p.amiSelectorTerms.map((t) => t.toJson()),
      subnetSelectorTerms: p.subnetSelectorTerms.map((t) => t.toJson()),
      securityGroupSelectorTerms: p.securityGroupSelectorTerms.map((t) => t.toJson()),
      ...opt(
        'capacityReservationSelectorTerms',
        p.capacityReservationSelectorTerms?.map((t) => t.toJson()),
      ),
      ...opt('placementGroupSelector', p.placementGroupSelector?.toJson()),
      ...opt('role', p.role),
      ...opt('instanceProfile', p.instanceProfile),
      ...opt('kubelet', p.kubelet && kubeletJson(p.kubelet)),
      ...opt('blockDeviceMappings', p.blockDeviceMappings?.map(blockDeviceJson)),
      ...opt('metadataOptions', p.metadataOptions && { ...p.metadataOptions }),
      ...opt('userData', p.userData),
      ...opt('tags', p.tags && { ...p.tags }),
      ...opt('associatePublicIPAddress', p.associatePublicIPAddress),
      ...opt('detailedMonitoring', p.detailedMonitoring),
      ...opt('instanceStorePolicy', p.instanceStorePolicy),
      ...opt('ipPrefixCount', p.ipPrefixCount),
      ...opt('cpuOptions', p.cpuOptions && { ...p.cpuOptions }),
      ...opt('connectionTracking', p.connectionTracking && { ...p.connectionTracking }),
      ...opt(
        'networkInterfaces',
        p.networkInterfaces?.map((n) => ({ networkCardIndex: n.networkCardIndex, deviceIndex: n.deviceIndex, interfaceType: n.interfaceType })),
      ),
      ...opt('context', p.context),
    };
    return { apiVersion: EC2NODECLASS_API_VERSION, kind: EC2NODECLASS_KIND, metadata: { name: p.name }, spec };
  }

  /** Every problem with the rendered manifest (errors and lint warnings). */
  public validate(ctx?: ValidationContext): ValidationIssue[] {
    // A string parsed into a builder value carries what inputIssues holds: withCarriedIssues keeps one of each.
    return withCarriedIssues(this.props, [...this.inputIssues, ...validateEc2NodeClass(this.manifest, ctx)]);
  }

  /** The manifest as a YAML document. */
  public toYaml(): string {
    return toYaml(this.manifest);
  }
}

/** The props with every builder-typed value checked (builderValue): a wrong type is reported and left out. */
function checkedProps(p: Ec2NodeClassDefinitionProps, issues: ValidationIssue[]): Ec2NodeClassDefinitionProps {
  const k = p.kubelet;
  const blockDevices = Array.isArray(p.blockDeviceMappings) ? p.blockDeviceMappings : undefined;
  return {
    ...p,
    // Required lists: missing ones render as [] and fail the CRD's minItems.
    amiSelectorTerms: builderList(AMI_SELECTOR_TERM_BUILDER, p.amiSelectorTerms, 'amiSelectorTerms', issues) ?? [],
    subnetSelectorTerms: builderList(SUBNET_SELECTOR_TERM_BUILDER, p.subnetSelectorTerms, 'subnetSelectorTerms', issues) ?? [],
    securityGroupSelectorTerms:
      builderList(SECURITY_GROUP_SELECTOR_TERM_BUILDER, p.securityGroupSelectorTerms, 'securityGroupSelectorTerms', issues) ?? [],
    capacityReservationSelectorTerms: builderList(
      CAPACITY_RESERVATION_SELECTOR_TERM_BUILDER,
      p.capacityReservationSelectorTerms,
      'capacityReservationSelectorTerms',
      issues,
    ),
    placementGroupSelector: builderValue(PLACEMENT_GROUP_SELECTOR_BUILDER, p.placementGroupSelector, 'placementGroupSelector', issues),
    kubelet: k && {
      ...k,
      evictionSoftGracePeriod: builderMap(DURATION_BUILDER, k.evictionSoftGracePeriod, 'kubelet.evictionSoftGracePeriod', issues),
      kubeReserved: builderMap(QUANTITY_BUILDER, k.kubeReserved, 'kubelet.kubeReserved', issues),
      systemReserved: builderMap(QUANTITY_BUILDER, k.systemReserved, 'kubelet.systemReserved', issues),
    },
    // Not a list: rendered as given, for the CRD schema to report.
    blockDeviceMappings: (blockDevices ?? (p.blockDeviceMappings as undefined))?.map((b, i) =>
      b?.ebs
        ? {
            ...b,
            ebs: { ...b.ebs, volumeSize: builderValue(QUANTITY_BUILDER, b.ebs.volumeSize, `blockDeviceMappings[${i}].ebs.volumeSize`, issues) },
          }
        : b,
    ),
  };
}
