// The package entry: what an app author writes. Constructs and their props, the builders, enums and types
// their props take, and the simulator's entry points. Plans, validators taking an IssueCollector, IAM and
// CIDR helpers are in `cdktf-karpenter-eks/core`.
// Named exports from the defining modules (not `./core`), so importing the root loads neither the
// migration code nor `yaml`. `api/root.api.md` lists every name; `test/api-report.test.ts` guards it.

// First: without the optional peers, one error naming them (and `cdktf-karpenter-eks/core`).
import { checkPeers } from './private/peers';
checkPeers();

// Constructs.
export { EksClusterBase } from './aws/eks-cluster-base';
export type { IEksCluster } from './aws/eks-cluster-base';
export { KarpenterNetwork } from './aws/network';
export type { IKarpenterNetwork, KarpenterNetworkProps, ExistingNetworkProps } from './aws/network';
export { EksCluster } from './aws/eks-cluster';
export type { EksAddonOptions, EksClusterProps } from './aws/eks-cluster';
export { ControllerNodeGroup } from './aws/controller-node-group';
export type { ControllerNodeGroupProps } from './aws/controller-node-group';
export { KarpenterNodeRole } from './aws/karpenter-node-role';
export type { KarpenterNodeRoleProps } from './aws/karpenter-node-role';
export { KarpenterControllerRole } from './aws/karpenter-controller-role';
export type { KarpenterControllerRoleProps } from './aws/karpenter-controller-role';
export { InterruptionQueue } from './aws/interruption-queue';
export type { InterruptionQueueProps } from './aws/interruption-queue';
export { KarpenterAws } from './aws/karpenter-aws';
export type { KarpenterAwsProps } from './aws/karpenter-aws';
export { KarpenterController } from './controller/karpenter-controller';
export type { KarpenterControllerProps } from './controller/karpenter-controller';
export { ClusterProviders } from './controller/cluster-providers';
export type { ClusterProvidersProps } from './controller/cluster-providers';
export type { KarpenterManifestOptions } from './manifests/karpenter-manifest-options';
export { Ec2NodeClass } from './manifests/ec2-node-class';
export type { Ec2NodeClassProps, IEc2NodeClass } from './manifests/ec2-node-class';
export { KarpenterNodePool } from './manifests/karpenter-node-pool';
export type { KarpenterNodePoolProps } from './manifests/karpenter-node-pool';
export { SpotOnDemandSplit } from './manifests/spot-on-demand-split';
export type { SpotOnDemandSplitProps } from './manifests/spot-on-demand-split';

// Errors and issues.
export { KarpenterValidationError, Severity } from './core/issues';
export type { ValidationIssue, PhrasedMessage } from './core/issues';

// AWS side: options the AWS constructs' props take.
export { ControllerIdentity, ControllerIdentityType } from './core/aws/controller-identity';
export { AccessEntryType } from './core/aws/node-role-policies';
export type { ServiceAccountOptions, PodIdentityOptions, IrsaOptions } from './core/aws/controller-identity';
export { NodeGroupAmiType } from './core/aws/controller-node-group-plan';
export type { ControllerNodeGroupOptions } from './core/aws/controller-node-group-plan';
export type { ControllerRoleOptions } from './core/aws/controller-role-plan';
export type { CoreAddonVersions } from './core/aws/core-addons';
export { AuthenticationMode, ClusterLogType, SupportType } from './core/aws/eks-cluster-plan';
export type { EksClusterOptions, EksClusterWarningCode } from './core/aws/eks-cluster-plan';
export { SecretsEncryption } from './core/aws/secrets-encryption';
export type { SecretsEncryptionKeyOptions } from './core/aws/secrets-encryption';
export type { KarpenterAwsAttributes } from './core/aws/karpenter-aws-attributes';
export type { KarpenterAwsOptions } from './core/aws/karpenter-aws-plan';
export { KubernetesVersion } from './core/aws/kubernetes-version';
export { NatGatewayMode } from './core/aws/network-plan';
export type { NodeRoleOptions } from './core/aws/node-role-plan';
export { PolicyEffect } from './core/aws/policy-document';
export type { PolicyStatementOptions } from './core/aws/policy-document';
export { availabilityZonesOf } from './core/aws/regions';

// Controller side.
export { ClusterAuth, ClusterAuthMode } from './core/controller/cluster-providers-plan';
export type { ClusterProvidersOptions, ExecClusterAuthOptions } from './core/controller/cluster-providers-plan';
export { controllerNeedsFlowSchemas } from './core/controller/flow-schemas';
export { ControllerPlacement, DnsPolicy, LogLevel } from './core/controller/controller-settings';
export type { ControllerWarningCode, HelmValues, KarpenterHelmValuesOptions } from './core/controller/helm-values';
export type {
  ControllerNodeLabelOptions,
  ControllerResources,
  KarpenterFeatureGates,
  ResourceQuantities,
} from './core/controller/controller-settings';
export { KarpenterRegistry, KarpenterVersion } from './core/controller/karpenter-version';
export type { CustomKarpenterRegistryOptions, KarpenterVersionOptions } from './core/controller/karpenter-version';

// Karpenter v1 API: builders, enums and the options of NodePools and EC2NodeClasses.
export type { V1EC2NodeClass, V1NodePool } from './core/model/types';
export { WellKnownLabel } from './core/model/labels';
export { KarpenterDuration } from './core/model/duration';
export { Quantity } from './core/model/quantity-builder';
export {
  Arch,
  CapacityType,
  CpuManufacturer,
  Hypervisor,
  NumericRequirementKey,
  Operator,
  Os,
  Requirement,
  RequirementKey,
} from './core/model/requirement-builder';
export { Budget, Disruption } from './core/api/node-pool-definition';
export {
  ConsolidationPolicy,
  DisruptionReason,
  HttpEndpoint,
  HttpProtocolIpv6,
  InstanceMatchCriteria,
  InstanceStorePolicy,
  NestedVirtualization,
  NetworkInterfaceType,
  TaintEffect,
} from './core/model/crd-enums';
export { HttpTokens, VolumeType } from './core/shared/ec2';
export type { DisruptionOptions, NodeClassReference, NodePoolLimits, NodePoolOptions, Taint } from './core/api/node-pool-definition';
export { EvictionSignal, ReservedResource } from './core/api/kubelet-configuration';
export {
  AmiSelectorTerm,
  CapacityReservationSelectorTerm,
  PlacementGroupSelector,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from './core/model/selector-terms';
export type { ConnectionTracking, CpuOptions, Ec2NodeClassOptions, MetadataOptions, NetworkInterface } from './core/api/ec2-node-class-definition';
export type { KubeletConfiguration } from './core/api/kubelet-configuration';
export type { BlockDeviceMapping, EbsVolume } from './core/api/block-device-mapping';
export type { CapacityReservationSelectorOptions } from './core/model/selector-terms';
export { AmiFamily, AmiFamilyAlias } from './core/model/ami-family';
export type { CapacitySplitRatio } from './core/model/capacity-spread';
export type { LintCode } from './core/lints/lint-codes';
export type { ManifestWarningCode } from './core/validation/silence';

// The offline provisioning simulator, loaded on the first call: the engine is the largest share of the
// package's own modules, and an app that runs no simulation never needs it. Each function forwards every
// argument to the one it calls, and `SameSignatures` below fails the build when their signatures differ.
export type { Admission } from './core/sim/admission';
type AdmissionModule = typeof import('./core/sim/admission');
type CatalogModule = typeof import('./core/sim/catalog');
type SimulateModule = typeof import('./core/sim/simulate');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const admission = (): AdmissionModule => require('./core/sim/admission');

/** The instance types a NodePool can launch with its EC2NodeClass on an empty cluster, after limits. Never throws on input. */
export function admittedInstanceTypes(nodePool: unknown, nodeClass: unknown, options?: AdmissionOptions): readonly InstanceType[];
export function admittedInstanceTypes(...args: Parameters<AdmissionModule['admittedInstanceTypes']>): readonly InstanceType[] {
  return admission().admittedInstanceTypes(...args);
}

/** `admittedInstanceTypes` with the reason and the requirement that emptied the set, for lints and the CLI. */
export function explainAdmission(nodePool: unknown, nodeClass: unknown, options?: AdmissionOptions): Admission;
export function explainAdmission(...args: Parameters<AdmissionModule['explainAdmission']>): Admission {
  return admission().explainAdmission(...args);
}

/** The bundled instance-type catalog, loaded once. */
export function loadInstanceTypeCatalog(): InstanceTypeCatalog;
export function loadInstanceTypeCatalog(...args: Parameters<CatalogModule['loadInstanceTypeCatalog']>): InstanceTypeCatalog {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./core/sim/catalog') as CatalogModule).loadInstanceTypeCatalog(...args);
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. Never throws on input. */
export function simulateProvisioning(input: SimulationInput): SimulationResult;
export function simulateProvisioning(...args: Parameters<SimulateModule['simulateProvisioning']>): SimulationResult {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./core/sim/simulate') as SimulateModule).simulateProvisioning(...args);
}

// Exact type equality (not mutual assignability, which ignores an added optional parameter).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type SameSignatures = [
  Same<typeof admittedInstanceTypes, AdmissionModule['admittedInstanceTypes']>,
  Same<typeof explainAdmission, AdmissionModule['explainAdmission']>,
  Same<typeof loadInstanceTypeCatalog, CatalogModule['loadInstanceTypeCatalog']>,
  Same<typeof simulateProvisioning, SimulateModule['simulateProvisioning']>,
] extends [true, true, true, true]
  ? true
  : never;
const signaturesChecked: SameSignatures = true;
void signaturesChecked;
export type { CatalogChecks } from './core/lints/catalog-checks';
export type { NodePoolBudgetOptions } from './core/lints/budget';
export type { PriceTable } from './core/sim/pricing';
export type {
  AdmissionOptions,
  InstanceType,
  InstanceTypeCatalog,
  NodeClaimLaunch,
  NodeClaimResult,
  NodePoolResult,
  PodResult,
  SimulationInput,
  SimulationResult,
} from './core/sim/simulation-types';
import type { AdmissionOptions, InstanceType, InstanceTypeCatalog, SimulationInput, SimulationResult } from './core/sim/simulation-types';
import type { Admission } from './core/sim/admission';
