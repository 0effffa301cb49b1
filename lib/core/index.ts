// `cdktf-karpenter-eks/core`: the pure core, plain TypeScript with no cdktf, constructs or provider import,
// so it loads in any Node.js program (a GitOps pipeline, a CDK Terrain app, a CLI) without cdktf installed.
// Named exports from the defining modules (no `export *`), so every public name is chosen here;
// `api/core.api.md` lists them and `test/api-report.test.ts` guards it.

// Issues and builder values.
export { builderList, builderMap, builderValue } from './builder-value';
export { show } from './json';
export type { ShowStyle } from './json';
export type { BuilderKind } from './builder-value';
export {
  IssueCollector,
  KarpenterValidationError,
  Severity,
  builderError,
  carriedIssues,
  errorsOf,
  failValidation,
  formatIssue,
  formatIssues,
  throwOnErrors,
  warningsOf,
  withCarriedIssues,
  withIssues,
} from './issues';
export type { CarriesIssues, PhrasedMessage, ValidationContext, ValidationIssue } from './issues';

// Karpenter v1 API: models, validation, lint, migration, YAML.
export { AMI_FAMILY_PLATFORMS, AmiFamily, AmiFamilyAlias, nodeClassAmiFamily } from './model/ami-family';
export type { AmiFamilyPlatform } from './model/ami-family';
export {
  DEFAULT_CAPACITY_SPREAD_LABEL,
  MAX_CAPACITY_SPREAD_VALUES,
  capacitySpreadConstraint,
  capacitySpreadValues,
  validateCapacitySplitRatio,
} from './model/capacity-spread';
export type { CapacitySplitRatio, CapacitySpreadValues } from './model/capacity-spread';
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
  crdEnum,
} from './model/crd-enums';
export { duplicateNameIssues } from './validation/duplicate-names';
export type { DeclaredObject } from './validation/duplicate-names';
export {
  BUDGET_DURATION_PATTERN,
  DURATION_BUILDER,
  DURATION_OR_NEVER_PATTERN,
  DURATION_PATTERN,
  KarpenterDuration,
  durationSeconds,
} from './model/duration';
export { Ec2NodeClassDefinition, EvictionSignal, ReservedResource } from './api/ec2-node-class-definition';
export {
  AMI_SELECTOR_TERM_BUILDER,
  AmiSelectorTerm,
  CAPACITY_RESERVATION_SELECTOR_TERM_BUILDER,
  CapacityReservationSelectorTerm,
  PLACEMENT_GROUP_SELECTOR_BUILDER,
  PlacementGroupSelector,
  SECURITY_GROUP_SELECTOR_TERM_BUILDER,
  SUBNET_SELECTOR_TERM_BUILDER,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from './model/selector-terms';
export type {
  BlockDeviceMapping,
  ConnectionTracking,
  CpuOptions,
  EbsVolume,
  Ec2NodeClassDefinitionProps,
  Ec2NodeClassOptions,
  KubeletConfiguration,
  MetadataOptions,
  NetworkInterface,
} from './api/ec2-node-class-definition';
export type { CapacityReservationSelectorOptions } from './model/selector-terms';
export { ALLOWED_KARPENTER_AWS_LABELS, ALLOWED_KARPENTER_SH_LABELS, WellKnownLabel } from './model/labels';
export { admittedValues, lintEc2NodeClass, lintNodePool } from './lints/lint';
export type { AdmittedValues } from './lints/lint';
export { LINT_CODES } from './lints/lint-codes';
export type { LintCode } from './lints/lint-codes';
export { migrateManifests, migratedManifestsYaml, migrationToYaml } from './migrate';
export type { MigrationChange, MigrationError, MigrationOptions, MigrationReport, MigrationResult } from './migrate/types';
export { poolNodeClassIssues } from './lints/node-class-compatibility';
export { BUDGET_BUILDER, Budget, DISRUPTION_BUILDER, Disruption, NodePoolDefinition } from './api/node-pool-definition';
export type {
  DisruptionOptions,
  NodeClassReference,
  NodePoolDefinitionProps,
  NodePoolLimits,
  NodePoolOptions,
  Taint,
} from './api/node-pool-definition';
export { QUANTITY_BUILDER, Quantity } from './model/quantity';
export { BINARY_SUFFIXES, DECIMAL_SUFFIXES, QUANTITY_PATTERN, quantityToNumber } from './shared/quantity';
export {
  Arch,
  CapacityType,
  CpuManufacturer,
  Hypervisor,
  NumericRequirementKey,
  Operator,
  Os,
  REQUIREMENT_BUILDER,
  Requirement,
  RequirementKey,
} from './model/requirements';
export { MANIFEST_WARNING_CODES } from './validation/silence';
export type { ManifestWarningCode } from './validation/silence';
export { EC2NODECLASS_API_VERSION, EC2NODECLASS_GROUP, EC2NODECLASS_KIND, NODEPOOL_API_VERSION } from './model/types';
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
export { AMI_FAMILY_USER_DATA, userDataFormat, userDataProblem } from './model/user-data';
export type { FamilyUserData, UserDataFormat, UserDataProblem } from './model/user-data';
export { KARPENTER_RUNTIME_CHECK_CODES, validateManifest } from './validation/validate';
export { validateEc2NodeClass } from './validation/validate-ec2nodeclass';
export { validateNodePool } from './validation/validate-nodepool';
export { toYaml } from './model/yaml';

// Offline provisioning simulator: instance-type catalog, admission, simulation, prices, the NodePool plan.
export { admitsAnyInstanceType, admittedInstanceTypes, explainAdmission } from './sim/admission';
export type { Admission, EmptiedBy } from './sim/admission';
export { CATALOG_SETTINGS, allocatableFor, capacityFor } from './sim/allocatable';
export type { NodeResourceSettings } from './sim/allocatable';
export { COST_CEILING_OVER_BUDGET, INVALID_MAX_HOURLY_COST, checkCostBudget, checkNodePoolBudget, explainBound } from './lints/budget';
export type { BudgetCheckContext, NodePoolBudgetOptions } from './lints/budget';
export { createInstanceTypeCatalog, loadInstanceTypeCatalog } from './sim/catalog';
export { CATALOG_VALUE_KEYS, unknownCatalogValue } from './lints/catalog-checks';
export type { CatalogChecks } from './lints/catalog-checks';
export { lintNodePoolCatalog } from './lints/catalog-lints';
export type { CatalogLintOptions } from './lints/catalog-lints';
export { UNKNOWN_NODE_CLASS_NOTE, assumedNodeClass, nodePoolCostCeiling, nodePoolCostCeilings, nodePoolLimits, withCosts } from './sim/costs';
export type { CostCeilingOptions } from './sim/costs';
export { readPoolLimits } from './sim/inputs';
export type { PoolLimits, UnreadLimit } from './sim/pricing';
export { planNodePool } from './api/node-pool-plan';
export type { NodePoolPlanContext, PlannedNodePool } from './api/node-pool-plan';
export {
  HOURS_PER_MONTH,
  STALE_PRICE_TABLE_DAYS,
  cheapestOption,
  costCeiling,
  createPriceTable,
  describeCostCeiling,
  formatRate,
  formatUsd,
  loadPriceTable,
  orderByPrice,
  priceAssumptions,
  priceLabel,
  priceOf,
  priceTableDate,
  pricedOptions,
  roundRate,
  roundUsd,
  staleTableNote,
} from './sim/pricing';
export type { CostCeiling, PriceTable, PriceTableData, PricedInstanceType, PricedOption, ResourceCostBound } from './sim/pricing';
export { SchedulingRequirement, SchedulingRequirements } from './scheduling/requirements';
export { SETTLE_MAX_ROUNDS, SIMULATION_ASSUMPTIONS, runSimulation, simulateProvisioning } from './sim/simulate';
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
} from './sim/types';

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
} from './drift/types';

// AWS side: plans of the AWS constructs, IAM documents, queue and rules, network.
export {
  IAM_POLICY_NAME_MAX_LENGTH,
  IAM_ROLE_NAME_MAX_LENGTH,
  SUPPORTED_PARTITIONS,
  accountIdOfClusterArn,
  awsManagedPolicyArn,
  dnsSuffixOf,
  isAwsResourceId,
  isIamRoleArn,
  parseArn,
  servicePrincipal,
  validateIamName,
  validatePolicyArns,
  validateRoleArn,
} from './aws/aws-partition';
export type { ArnParts } from './aws/aws-partition';
export { CLUSTER_NAME_MAX_LENGTH, CLUSTER_NAME_PATTERN, validateClusterName } from './aws/cluster-name';
export { CONTROLLER_IDENTITY_BUILDER, ControllerIdentity, ControllerIdentityType } from './aws/controller-identity';
export type { IrsaOptions, PodIdentityOptions, ServiceAccountOptions } from './aws/controller-identity';
export {
  CONTROLLER_BOTTLEROCKET_OS_VOLUME_MIN_GIB,
  CONTROLLER_ROOT_VOLUME_MAX_GIB,
  CONTROLLER_ROOT_VOLUME_MIN_GIB,
  NodeGroupAmiType,
  isArmAmiType,
  planControllerNodeGroup,
} from './aws/controller-node-group-plan';
export type {
  ControllerNodeGroupOptions,
  ControllerNodeGroupPlan,
  ControllerNodeGroupPlanInput,
  PlannedBlockDevice,
  PlannedLaunchTemplate,
  PlannedTagSpecification,
  PlannedTaint,
} from './aws/controller-node-group-plan';
export {
  ControllerPolicyKind,
  controllerManagedPolicies,
  controllerPolicyName,
  controllerPolicyStatements,
  defaultControllerRoleName,
  validateControllerPolicyNameSuffix,
} from './aws/controller-policy';
export type { ControllerManagedPolicy, ControllerPolicyInput } from './aws/controller-policy';
export { planControllerRole } from './aws/controller-role-plan';
export type {
  ControllerRoleField,
  ControllerRoleOptions,
  ControllerRolePlan,
  ControllerRolePlanInput,
  PlanClusterInput,
} from './aws/controller-role-plan';
export {
  AuthenticationMode,
  CORE_ADDONS,
  CORE_DNS_WITHOUT_NODES,
  ClusterLogType,
  DEFAULT_CLUSTER_LOG_RETENTION_DAYS,
  DEFAULT_CLUSTER_LOG_TYPES,
  DEFAULT_SECRETS_ENCRYPTION,
  DEFAULT_SUPPORT_TYPE,
  EKS_ADDON_VERSION_PATTERN,
  EKS_CLUSTER_WARNING_CODES,
  KMS_DELETION_WINDOW_MAX_DAYS,
  KMS_DELETION_WINDOW_MIN_DAYS,
  LOG_RETENTION_DAYS,
  PUBLIC_ENDPOINT_OPEN_TO_WORLD,
  SECRETS_ENCRYPTION_BUILDER,
  SecretsEncryption,
  SupportType,
  clusterEncryptionPolicy,
  planEksCluster,
  planImportedEksCluster,
  validateCoreDnsCompute,
} from './aws/eks-cluster-plan';
export type {
  CoreAddonVersions,
  EksClusterNetworkInput,
  EksClusterOptions,
  EksClusterPlan,
  EksClusterPlanInput,
  EksClusterWarningCode,
  PlannedCoreAddon,
  PlannedLogGroup,
  PlannedSecretsEncryption,
  PlannedSecretsKey,
  SecretsEncryptionKeyOptions,
} from './aws/eks-cluster-plan';
export { EKS_CLUSTER_ROLE_MANAGED_POLICIES, EKS_NODE_MANAGED_POLICIES, eksClusterRoleTrustPolicy } from './aws/eks-iam';
export {
  DEFAULT_RULE_NAME_PREFIX,
  INTERRUPTION_QUEUE_RETENTION_SECONDS,
  INTERRUPTION_RULES,
  INTERRUPTION_TARGET_ID,
  defaultQueueName,
  interruptionQueuePolicy,
  validateQueueKmsKey,
  validateQueueName,
  validateRuleNamePrefix,
} from './aws/interruption';
export type { EventPattern, InterruptionRule } from './aws/interruption';
export { planInterruptionQueue } from './aws/interruption-queue-plan';
export type { InterruptionQueueField, InterruptionQueuePlan, InterruptionQueuePlanInput } from './aws/interruption-queue-plan';
export { validateKarpenterAwsAttributes } from './aws/karpenter-aws-attributes';
export type { CheckedAttributes, CheckedName, ControllerNodes, ControllerNodeTaint, KarpenterAwsAttributes } from './aws/karpenter-aws-attributes';
export { SPOT_SERVICE_NAME, UNKNOWN_REGION_PLACEHOLDER, karpenterAwsAttributes, planKarpenterAws } from './aws/karpenter-aws-plan';
export type { KarpenterAwsOptions, KarpenterAwsPlan, KarpenterAwsPlanInput } from './aws/karpenter-aws-plan';
export {
  KARPENTER_MAX_KUBERNETES_MINOR,
  KARPENTER_MIN_KUBERNETES_MINOR,
  KUBERNETES_VERSION_BUILDER,
  KubernetesVersion,
  validateKubernetesVersion,
} from './aws/kubernetes-version';
export {
  DEFAULT_NAT_GATEWAY_MODE,
  DEFAULT_VPC_CIDR,
  MAX_AVAILABILITY_ZONES,
  MIN_AVAILABILITY_ZONES,
  NETWORK_RESERVED_TAG_KEYS,
  NatGatewayMode,
  SUBNET_MAX_PREFIX,
  SUBNET_MIN_PREFIX,
  VPC_MAX_PREFIX,
  VPC_MAX_PREFIX_FOR_DEFAULT_PLAN,
  VPC_MIN_PREFIX,
  planKarpenterNetwork,
  planNetwork,
  validateAvailabilityZones,
} from './aws/network-plan';
export { planExistingNetwork } from './aws/existing-network-plan';
export { cidrContains, cidrOverlaps, cidrSubnet, formatIpv4Cidr, parseIpv4Cidr } from './aws/ipv4-cidr';
export type {
  KarpenterNetworkPlan,
  KarpenterNetworkPlanInput,
  NetworkPlan,
  NetworkPlanInput,
  PlannedNetworkZone,
  PlannedSubnet,
} from './aws/network-plan';
export type { ExistingNetworkPlan, ExistingNetworkPlanInput, PlannedSubnetTag } from './aws/existing-network-plan';
export type { Ipv4Cidr } from './aws/ipv4-cidr';
export { validateControllerScaling } from './aws/node-group-scaling';
export type { NodeGroupScaling } from './aws/node-group-scaling';
export { planNodeRole } from './aws/node-role-plan';
export type { NodeRoleField, NodeRoleOptions, NodeRolePlan, NodeRolePlanInput } from './aws/node-role-plan';
export {
  AccessEntryType,
  NODE_ROLE_MANAGED_POLICIES,
  defaultNodeRoleName,
  nodeRoleManagedPolicyArns,
  validateAccessEntryType,
  validateRoleName,
} from './aws/node-role-policies';
export {
  INLINE_ROLE_POLICY_MAX_CHARS,
  MANAGED_POLICY_MAX_CHARS,
  POLICY_VERSION,
  PolicyEffect,
  policyDocument,
  policySize,
  statementFromOptions,
} from './aws/policy-document';
export type { PolicyConditionValue, PolicyConditions, PolicyDocumentJson, PolicyStatementJson, PolicyStatementOptions } from './aws/policy-document';
export { AWS_REGIONS, availabilityZonesOf, isKnownRegion, suggestRegion, unknownRegionMessage, validateRegion } from './aws/regions';
export type { AwsRegionInfo } from './aws/regions';
export {
  DEFAULT_KARPENTER_NAMESPACE,
  DEFAULT_KARPENTER_SERVICE_ACCOUNT,
  IRSA_AUDIENCE,
  POD_IDENTITY_PRINCIPAL,
  ec2TrustPolicy,
  irsaTrustPolicy,
  issuerHostPath,
  podIdentityTrustPolicy,
  validateIrsa,
  validateNamespaceName,
  validateServiceAccountName,
  validateServiceAccountRef,
} from './aws/trust-policies';
export type { IrsaTrustInput, ServiceAccountRefVerdict } from './aws/trust-policies';

// Values several folders share.
export {
  CONTROLLER_NODE_LABEL_KEY,
  CONTROLLER_NODE_LABEL_VALUE,
  CRITICAL_ADDONS_ONLY_TAINT_KEY,
  KARPENTER_CONTROLLER_REPLICAS,
} from './shared/controller-nodes';
export { KARPENTER_DISCOVERY_TAG_KEY } from './shared/discovery';
export { HttpTokens, VolumeType } from './shared/ec2';

// Controller side: Helm values, releases, versions, providers, FlowSchemas.
export { CLUSTER_AUTH_BUILDER, ClusterAuth, ClusterAuthMode, planClusterProviders } from './controller/cluster-providers-plan';
export type {
  ClusterProvidersOptions,
  ClusterProvidersPlan,
  ClusterProvidersPlanInput,
  ExecClusterAuthOptions,
} from './controller/cluster-providers-plan';
export { FLOW_SCHEMA_API_VERSION, controllerNeedsFlowSchemas, karpenterFlowSchemas } from './controller/flow-schemas';
export {
  CONTROLLER_WARNING_CODES,
  DEFAULT_PDB_MAX_UNAVAILABLE,
  buildKarpenterHelmValues,
  renderHelmValues,
  validateReleaseOptions,
} from './controller/helm-values';
export {
  CONTROLLER_PLACEMENT_BUILDER,
  ControllerPlacement,
  DEFAULT_CONTROLLER_RESOURCES,
  DnsPolicy,
  LogLevel,
} from './controller/controller-settings';
export type {
  ControllerWarningCode,
  HelmValues,
  KarpenterHelmValues,
  KarpenterHelmValuesOptions,
  KarpenterReleaseOptions,
} from './controller/helm-values';
export type { ControllerNodeLabelOptions, ControllerResources, KarpenterFeatureGates, ResourceQuantities } from './controller/controller-settings';
export { DEFAULT_HELM_MAX_HISTORY, DEFAULT_HELM_TIMEOUT_SECONDS, planKarpenterController } from './controller/karpenter-controller-plan';
export type { KarpenterControllerPlan, KarpenterControllerPlanInput } from './controller/karpenter-controller-plan';
export {
  KARPENTER_REGISTRY_BUILDER,
  KARPENTER_VERSION_BUILDER,
  KarpenterRegistry,
  KarpenterVersion,
  PUBLIC_ECR_CHART_REPOSITORY,
  PUBLIC_ECR_IMAGE_REPOSITORY,
  V1_MIGRATION_GUIDE_URL,
} from './controller/karpenter-version';
export type { CustomKarpenterRegistryOptions, KarpenterVersionOptions } from './controller/karpenter-version';
export { KARPENTER_RELEASE, releaseBranch } from './controller/release';
export type { KarpenterRelease } from './controller/release';
