// `cdktf-karpenter-eks/core`: the pure core, plain TypeScript with no cdktf, constructs or provider import,
// so it loads in any Node.js program (a GitOps pipeline, a CDK Terrain app, a CLI) without cdktf installed.
// Named exports from the defining modules (no `export *`), so every public name is chosen here: what a GitOps
// tool or another simulator needs (plans, manifest validators, the manifest model and its builders, the
// simulator's entry points and results, drift and hashes, migration, issues). Display helpers, patterns,
// builder kinds and prop validators stay internal (tests import them by deep path). `api/core.api.md` lists
// the names and `test/api-report.test.ts` bounds their number.

// Issues.
export { IssueCollector, KarpenterValidationError, Severity, errorsOf, formatIssues, throwOnErrors, warningsOf } from './issues';
export type { PhrasedMessage, ValidationContext, ValidationIssue } from './issues';

// Karpenter v1 API: the manifest model and its builders, validation, lints, migration, YAML.
export { AmiFamily, AmiFamilyAlias } from './model/ami-family';
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
} from './model/crd-enums';
export { duplicateNameIssues } from './validation/duplicate-names';
export type { DeclaredObject } from './validation/duplicate-names';
export { KarpenterDuration } from './model/duration';
export { Ec2NodeClassDefinition } from './api/ec2-node-class-definition';
export { EvictionSignal, ReservedResource } from './api/kubelet-configuration';
export {
  AmiSelectorTerm,
  CapacityReservationSelectorTerm,
  PlacementGroupSelector,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from './model/selector-terms';
export type {
  ConnectionTracking,
  CpuOptions,
  Ec2NodeClassDefinitionProps,
  Ec2NodeClassOptions,
  MetadataOptions,
  NetworkInterface,
} from './api/ec2-node-class-definition';
export type { KubeletConfiguration } from './api/kubelet-configuration';
export type { BlockDeviceMapping, EbsVolume } from './api/block-device-mapping';
export { WellKnownLabel } from './model/labels';
export { lintEc2NodeClass, lintNodePool } from './lints/lint';
export { LINT_CODES } from './lints/lint-codes';
export type { LintCode } from './lints/lint-codes';
export { migrateManifests, migrationToYaml } from './migrate/migrate-manifests';
export type { MigrationChange, MigrationError, MigrationOptions, MigrationReport, MigrationResult } from './migrate/migration-types';
export { poolNodeClassIssues } from './lints/node-class-compatibility';
export { Budget, Disruption, NodePoolDefinition } from './api/node-pool-definition';
export type {
  DisruptionOptions,
  NodeClassReference,
  NodePoolDefinitionProps,
  NodePoolLimits,
  NodePoolOptions,
  Taint,
} from './api/node-pool-definition';
export { Quantity } from './model/quantity-builder';
export { quantityToNumber } from './shared/quantity';
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
} from './model/requirement-builder';
export { MANIFEST_WARNING_CODES } from './validation/silence';
export type { ManifestWarningCode } from './validation/silence';
export { EC2NODECLASS_API_VERSION, NODEPOOL_API_VERSION } from './model/types';
export type {
  V1AMISelectorTerm,
  V1BlockDevice,
  V1BlockDeviceMapping,
  V1Budget,
  V1CPUOptions,
  V1CapacityReservationSelectorTerm,
  V1ConnectionTracking,
  V1Disruption,
  V1EC2NodeClass,
  V1EC2NodeClassSpec,
  V1KubeletConfiguration,
  V1MetadataOptions,
  V1NetworkInterface,
  V1NodeClaimTemplate,
  V1NodeClaimTemplateMetadata,
  V1NodeClaimTemplateSpec,
  V1NodeClassReference,
  V1NodePool,
  V1NodePoolSpec,
  V1NodeSelectorRequirementWithMinValues,
  V1ObjectMeta,
  V1PlacementGroupSelector,
  V1SecurityGroupSelectorTerm,
  V1SubnetSelectorTerm,
  V1Taint,
} from './model/types';
export { validateManifest } from './validation/validate';
export { validateEc2NodeClass } from './validation/validate-ec2nodeclass';
export { validateNodePool } from './validation/validate-nodepool';
export { toYaml } from './model/yaml';

// Offline provisioning simulator: instance-type catalog, admission, simulation, prices, the NodePool plan.
export { admittedInstanceTypes, explainAdmission } from './sim/admission';
export type { Admission } from './sim/admission';
export { createInstanceTypeCatalog, loadInstanceTypeCatalog } from './sim/catalog';
export { lintNodePoolCatalog } from './lints/catalog-lints';
export type { CatalogLintOptions } from './lints/catalog-lints';
export { planNodePool } from './api/node-pool-plan';
export type { NodePoolPlanContext, PlannedNodePool } from './api/node-pool-plan';
export { createPriceTable, loadPriceTable } from './sim/pricing';
export type { PriceTable, PriceTableData } from './sim/pricing';
export { SchedulingRequirement, SchedulingRequirements } from './scheduling/requirements';
export { SETTLE_MAX_ROUNDS, runSimulation, simulateProvisioning } from './sim/simulate';
export type { SimulationRun } from './sim/simulate';
export type {
  AdmissionOptions,
  InstanceType,
  InstanceTypeCatalog,
  NodeClaimLaunch,
  NodePoolResult,
  PodResult,
  ResourceAmounts,
  SimulationInput,
  SimulationResult,
} from './sim/simulation-types';

// Drift: the hashes Karpenter writes, and what a change does to the running nodes.
export { EC2NODECLASS_HASH_VERSION, ec2NodeClassHash } from './drift/ec2nodeclass-hash';
export { NODEPOOL_HASH_VERSION, nodePoolHash } from './drift/nodepool-hash';
export { previewDrift } from './drift/preview-drift';
export type {
  BudgetWindow,
  DriftInput,
  DriftIssue,
  DriftPace,
  DriftPreview,
  DriftReason,
  DriftReasonKind,
  DriftSide,
  DriftVerdict,
  Ec2NodeClassDrift,
  NodeClaimDrift,
  NodePoolDrift,
} from './drift/drift-types';

// AWS side: plans of the AWS constructs, the builders and enums their inputs take, IAM documents, queue and rules.
export { ControllerIdentity, ControllerIdentityType } from './aws/controller-identity';
export type { IrsaOptions, PodIdentityOptions, ServiceAccountOptions } from './aws/controller-identity';
export { NodeGroupAmiType, planControllerNodeGroup } from './aws/controller-node-group-plan';
export type { ControllerNodeGroupOptions, ControllerNodeGroupPlan, ControllerNodeGroupPlanInput } from './aws/controller-node-group-plan';
export { ControllerPolicyKind, controllerManagedPolicies } from './aws/controller-policy';
export type { ControllerManagedPolicy, ControllerPolicyInput } from './aws/controller-policy';
export { planControllerRole } from './aws/controller-role-plan';
export type { ControllerRoleOptions, ControllerRolePlan, ControllerRolePlanInput } from './aws/controller-role-plan';
export { AuthenticationMode, ClusterLogType, EKS_CLUSTER_WARNING_CODES, SupportType, planEksCluster } from './aws/eks-cluster-plan';
export type { EksClusterOptions, EksClusterPlan, EksClusterPlanInput, EksClusterWarningCode } from './aws/eks-cluster-plan';
export { SecretsEncryption } from './aws/secrets-encryption';
export { planInterruptionQueue } from './aws/interruption-queue-plan';
export type { InterruptionQueuePlan, InterruptionQueuePlanInput } from './aws/interruption-queue-plan';
export type { KarpenterAwsAttributes } from './aws/karpenter-aws-attributes';
export { karpenterAwsAttributes, planKarpenterAws } from './aws/karpenter-aws-plan';
export type { KarpenterAwsOptions, KarpenterAwsPlan, KarpenterAwsPlanInput } from './aws/karpenter-aws-plan';
export { KubernetesVersion } from './aws/kubernetes-version';
export { NatGatewayMode, planKarpenterNetwork } from './aws/network-plan';
export { planExistingNetwork } from './aws/existing-network-plan';
export type { KarpenterNetworkPlan, KarpenterNetworkPlanInput } from './aws/network-plan';
export type { ExistingNetworkPlan, ExistingNetworkPlanInput } from './aws/existing-network-plan';
export { planNodeRole } from './aws/node-role-plan';
export type { NodeRoleOptions, NodeRolePlan, NodeRolePlanInput } from './aws/node-role-plan';
export { AccessEntryType } from './aws/node-role-policies';
export { PolicyEffect } from './aws/policy-document';
export type { PolicyDocumentJson, PolicyStatementJson } from './aws/policy-document';
export { availabilityZonesOf } from './aws/regions';

// Values several folders share.
export { KARPENTER_DISCOVERY_TAG_KEY } from './shared/discovery';
export { HttpTokens, VolumeType } from './shared/ec2';

// Controller side: Helm values, releases, versions, providers, FlowSchemas.
export { ClusterAuth, ClusterAuthMode, planClusterProviders } from './controller/cluster-providers-plan';
export type { ClusterProvidersOptions, ClusterProvidersPlan, ClusterProvidersPlanInput } from './controller/cluster-providers-plan';
export { karpenterFlowSchemas } from './controller/flow-schemas';
export { CONTROLLER_WARNING_CODES, buildKarpenterHelmValues, renderHelmValues } from './controller/helm-values';
export { ControllerPlacement, DnsPolicy, LogLevel } from './controller/controller-settings';
export type {
  ControllerWarningCode,
  HelmValues,
  KarpenterHelmValues,
  KarpenterHelmValuesOptions,
  KarpenterReleaseOptions,
} from './controller/helm-values';
export { planKarpenterController } from './controller/karpenter-controller-plan';
export type { KarpenterControllerPlan, KarpenterControllerPlanInput } from './controller/karpenter-controller-plan';
export { KarpenterRegistry, KarpenterVersion } from './controller/karpenter-version';
export type { CustomKarpenterRegistryOptions, KarpenterVersionOptions } from './controller/karpenter-version';
export { KARPENTER_RELEASE } from './controller/release';
export type { KarpenterRelease } from './controller/release';
