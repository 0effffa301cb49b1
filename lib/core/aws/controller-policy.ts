//
// The Karpenter v1 controller permissions, statement for statement as in the official
// CloudFormation template of Karpenter 1.14 (website/content/en/v1.14/getting-started/
// getting-started-with-karpenter/cloudformation.yaml), including its split into six managed
// policies `KarpenterController<X>Policy-<cluster>` (introduced in 1.9, "no change to the
// permissions"). Keep Sids, actions, resources and conditions identical to upstream so a
// diff against a new Karpenter release stays readable.
import { IssueCollector } from '../issues';
import { policyDocument, PolicyDocumentJson, PolicyStatementJson } from './policy-document';
import { IAM_POLICY_NAME_MAX_LENGTH, validateIamName } from './aws-partition';

/** Values the controller statements are scoped to; any of them may be a Terraform token. */
export interface ControllerPolicyInput {
  /** AWS partition, e.g. `aws`, `aws-cn`, `aws-us-gov`. */
  readonly partition: string;
  /** Region of the cluster, e.g. `eu-west-1`. */
  readonly region: string;
  /** 12-digit account id of the cluster. */
  readonly accountId: string;
  /** EKS cluster name. */
  readonly clusterName: string;
  /** ARN of the role Karpenter's nodes run with (the only role it may pass). */
  readonly nodeRoleArn: string;
  /**
   * ARN of the interruption queue.
   * @default - no interruption queue: the `Interruption` policy and its statement are left out
   */
  readonly interruptionQueueArn?: string;
}

/** The six managed policies of the upstream template, in upstream order. */
export enum ControllerPolicyKind {
  /** EC2 launch, tag and terminate permissions, scoped by cluster tags. */
  NODE_LIFECYCLE = 'NodeLifecycle',
  /** `iam:PassRole` for the node role and the instance-profile lifecycle. */
  IAM_INTEGRATION = 'IAMIntegration',
  /** `eks:DescribeCluster` on this cluster (API server endpoint discovery). */
  EKS_INTEGRATION = 'EKSIntegration',
  /** Reading and deleting messages of the interruption queue. */
  INTERRUPTION = 'Interruption',
  /** Reading the cluster's ARC zonal shift status. */
  ZONAL_SHIFT = 'ZonalShift',
  /** Read-only discovery: EC2 describes, SSM AMI parameters, pricing, instance profiles. */
  RESOURCE_DISCOVERY = 'ResourceDiscovery',
}

/** One managed policy: its kind, IAM name and document. */
export interface ControllerManagedPolicy {
  readonly kind: ControllerPolicyKind;
  /** `KarpenterController<Kind>Policy-<suffix>`. */
  readonly name: string;
  readonly document: PolicyDocumentJson;
}

/** Upstream names policies after the cluster: `KarpenterController<Kind>Policy-<cluster>`. */
export function controllerPolicyName(kind: ControllerPolicyKind, nameSuffix: string): string {
  return `KarpenterController${kind}Policy-${nameSuffix}`;
}

const OWNED = 'owned';

/** The ARNs and tag key the controller statements are scoped to, derived once from the input. */
interface ControllerPolicyScope {
  readonly input: ControllerPolicyInput;
  /** An EC2 ARN in the cluster's region; the account is `*` unless given (`''` for public images and snapshots). */
  readonly ec2: (resource: string, account?: string) => string;
  /** Every instance profile of the account. */
  readonly instanceProfiles: string;
  readonly clusterArn: string;
  /** `kubernetes.io/cluster/<cluster>`, the tag Karpenter sets to `owned` on what it creates. */
  readonly clusterTag: string;
}

/** The scope of the controller statements. */
function controllerPolicyScope(input: ControllerPolicyInput): ControllerPolicyScope {
  const { partition: P, region: R, accountId: A, clusterName: C } = input;
  return {
    input,
    ec2: (resource: string, account = '*') => `arn:${P}:ec2:${R}:${account}:${resource}`,
    instanceProfiles: `arn:${P}:iam::${A}:instance-profile/*`,
    clusterArn: `arn:${P}:eks:${R}:${A}:cluster/${C}`,
    clusterTag: `kubernetes.io/cluster/${C}`,
  };
}

/** The resources Karpenter creates with its tags (and may then tag): fleets, instances, volumes, ENIs, templates, spot requests. */
function taggedResources(ec2: ControllerPolicyScope['ec2']): string[] {
  return [ec2('fleet/*'), ec2('instance/*'), ec2('volume/*'), ec2('network-interface/*'), ec2('launch-template/*'), ec2('spot-instances-request/*')];
}

/** The condition on a resource this cluster owns and a NodePool launched. */
function ownedByNodePool(clusterTag: string) {
  return {
    StringEquals: { [`aws:ResourceTag/${clusterTag}`]: OWNED },
    StringLike: { 'aws:ResourceTag/karpenter.sh/nodepool': '*' },
  };
}

/** NodeLifecycle: launching, tagging and terminating instances and launch templates Karpenter owns. */
function nodeLifecycleStatements(scope: ControllerPolicyScope): PolicyStatementJson[] {
  const { ec2, clusterTag } = scope;
  const C = scope.input.clusterName;
  const tagged = taggedResources(ec2);
  const owned = ownedByNodePool(clusterTag);
  return [
    {
      Sid: 'AllowScopedEC2InstanceAccessActions',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet'],
      Resource: [
        ec2('image/*', ''),
        ec2('snapshot/*', ''),
        ec2('security-group/*'),
        ec2('subnet/*'),
        ec2('capacity-reservation/*'),
        ec2('placement-group/*'),
      ],
    },
    {
      Sid: 'AllowScopedEC2LaunchTemplateAccessActions',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet'],
      Resource: [ec2('launch-template/*')],
      Condition: owned,
    },
    {
      Sid: 'AllowScopedEC2InstanceActionsWithTags',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet', 'ec2:CreateLaunchTemplate'],
      Resource: tagged,
      Condition: {
        StringEquals: {
          [`aws:RequestTag/${clusterTag}`]: OWNED,
          'aws:RequestTag/eks:eks-cluster-name': C,
        },
        StringLike: { 'aws:RequestTag/karpenter.sh/nodepool': '*' },
      },
    },
    {
      Sid: 'AllowScopedResourceCreationTagging',
      Effect: 'Allow',
      Action: ['ec2:CreateTags'],
      Resource: tagged,
      Condition: {
        StringEquals: {
          [`aws:RequestTag/${clusterTag}`]: OWNED,
          'aws:RequestTag/eks:eks-cluster-name': C,
          'ec2:CreateAction': ['RunInstances', 'CreateFleet', 'CreateLaunchTemplate'],
        },
        StringLike: { 'aws:RequestTag/karpenter.sh/nodepool': '*' },
      },
    },
    {
      Sid: 'AllowScopedResourceTagging',
      Effect: 'Allow',
      Action: ['ec2:CreateTags'],
      Resource: [ec2('instance/*')],
      Condition: {
        ...owned,
        StringEqualsIfExists: { 'aws:RequestTag/eks:eks-cluster-name': C },
        'ForAllValues:StringEquals': { 'aws:TagKeys': ['eks:eks-cluster-name', 'karpenter.sh/nodeclaim', 'Name'] },
      },
    },
    {
      Sid: 'AllowScopedDeletion',
      Effect: 'Allow',
      Action: ['ec2:TerminateInstances', 'ec2:DeleteLaunchTemplate'],
      Resource: [ec2('instance/*'), ec2('launch-template/*')],
      Condition: owned,
    },
  ];
}

/** IAMIntegration: passing the node role and the lifecycle of the instance profiles Karpenter owns. */
function iamIntegrationStatements(scope: ControllerPolicyScope): PolicyStatementJson[] {
  const { input, instanceProfiles, clusterTag } = scope;
  const { region: R, clusterName: C } = input;
  return [
    {
      Sid: 'AllowPassingInstanceRole',
      Effect: 'Allow',
      Action: ['iam:PassRole'],
      Resource: [input.nodeRoleArn],
      // Both principals as upstream: one list that is right in every partition.
      Condition: { StringEquals: { 'iam:PassedToService': ['ec2.amazonaws.com', 'ec2.amazonaws.com.cn'] } },
    },
    {
      Sid: 'AllowScopedInstanceProfileCreationActions',
      Effect: 'Allow',
      Action: ['iam:CreateInstanceProfile'],
      Resource: [instanceProfiles],
      Condition: {
        StringEquals: {
          [`aws:RequestTag/${clusterTag}`]: OWNED,
          'aws:RequestTag/eks:eks-cluster-name': C,
          'aws:RequestTag/topology.kubernetes.io/region': R,
        },
        StringLike: { 'aws:RequestTag/karpenter.k8s.aws/ec2nodeclass': '*' },
      },
    },
    {
      Sid: 'AllowScopedInstanceProfileTagActions',
      Effect: 'Allow',
      Action: ['iam:TagInstanceProfile'],
      Resource: [instanceProfiles],
      Condition: {
        StringEquals: {
          [`aws:ResourceTag/${clusterTag}`]: OWNED,
          'aws:ResourceTag/topology.kubernetes.io/region': R,
          [`aws:RequestTag/${clusterTag}`]: OWNED,
          'aws:RequestTag/eks:eks-cluster-name': C,
          'aws:RequestTag/topology.kubernetes.io/region': R,
        },
        StringLike: {
          'aws:ResourceTag/karpenter.k8s.aws/ec2nodeclass': '*',
          'aws:RequestTag/karpenter.k8s.aws/ec2nodeclass': '*',
        },
      },
    },
    {
      Sid: 'AllowScopedInstanceProfileActions',
      Effect: 'Allow',
      Action: ['iam:AddRoleToInstanceProfile', 'iam:RemoveRoleFromInstanceProfile', 'iam:DeleteInstanceProfile'],
      Resource: [instanceProfiles],
      Condition: {
        StringEquals: {
          [`aws:ResourceTag/${clusterTag}`]: OWNED,
          'aws:ResourceTag/topology.kubernetes.io/region': R,
        },
        StringLike: { 'aws:ResourceTag/karpenter.k8s.aws/ec2nodeclass': '*' },
      },
    },
  ];
}

/** EKSIntegration: describing this cluster (API server endpoint discovery). */
function eksIntegrationStatements({ clusterArn }: ControllerPolicyScope): PolicyStatementJson[] {
  return [{ Sid: 'AllowAPIServerEndpointDiscovery', Effect: 'Allow', Action: ['eks:DescribeCluster'], Resource: [clusterArn] }];
}

/** Interruption: reading and deleting messages of the interruption queue, none without a queue. */
function interruptionStatements({ input }: ControllerPolicyScope): PolicyStatementJson[] {
  if (input.interruptionQueueArn === undefined) return [];
  return [
    {
      Sid: 'AllowInterruptionQueueActions',
      Effect: 'Allow',
      Action: ['sqs:DeleteMessage', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'],
      Resource: [input.interruptionQueueArn],
    },
  ];
}

/** ZonalShift: reading the cluster's ARC zonal shift status. */
function zonalShiftStatements({ clusterArn }: ControllerPolicyScope): PolicyStatementJson[] {
  return [
    {
      Sid: 'AllowZonalShiftStatusReadOnly',
      Effect: 'Allow',
      Action: ['arc-zonal-shift:GetManagedResource'],
      Resource: ['*'],
      Condition: { StringEquals: { 'arc-zonal-shift:ResourceIdentifier': clusterArn } },
    },
  ];
}

/** ResourceDiscovery: the read-only EC2, SSM, pricing and instance-profile lookups. */
function resourceDiscoveryStatements({ input, instanceProfiles }: ControllerPolicyScope): PolicyStatementJson[] {
  const { partition: P, region: R } = input;
  return [
    {
      Sid: 'AllowRegionalReadActions',
      Effect: 'Allow',
      Action: [
        'ec2:DescribeCapacityReservations',
        'ec2:DescribeImages',
        'ec2:DescribeInstances',
        'ec2:DescribeInstanceStatus',
        'ec2:DescribeInstanceTypeOfferings',
        'ec2:DescribeInstanceTypes',
        'ec2:DescribeLaunchTemplates',
        'ec2:DescribePlacementGroups',
        'ec2:DescribeSecurityGroups',
        'ec2:DescribeSpotPriceHistory',
        'ec2:DescribeSubnets',
      ],
      Resource: ['*'],
      Condition: { StringEquals: { 'aws:RequestedRegion': R } },
    },
    {
      Sid: 'AllowSSMReadActions',
      Effect: 'Allow',
      Action: ['ssm:GetParameter'],
      Resource: [`arn:${P}:ssm:${R}::parameter/aws/service/*`],
    },
    { Sid: 'AllowPricingReadActions', Effect: 'Allow', Action: ['pricing:GetProducts'], Resource: ['*'] },
    { Sid: 'AllowUnscopedInstanceProfileListAction', Effect: 'Allow', Action: ['iam:ListInstanceProfiles'], Resource: ['*'] },
    { Sid: 'AllowInstanceProfileReadActions', Effect: 'Allow', Action: ['iam:GetInstanceProfile'], Resource: [instanceProfiles] },
  ];
}

/** Statements keyed by the managed policy that holds them (upstream layout). */
function statementsByKind(input: ControllerPolicyInput): [ControllerPolicyKind, PolicyStatementJson[]][] {
  const scope = controllerPolicyScope(input);
  return [
    [ControllerPolicyKind.NODE_LIFECYCLE, nodeLifecycleStatements(scope)],
    [ControllerPolicyKind.IAM_INTEGRATION, iamIntegrationStatements(scope)],
    [ControllerPolicyKind.EKS_INTEGRATION, eksIntegrationStatements(scope)],
    [ControllerPolicyKind.INTERRUPTION, interruptionStatements(scope)],
    [ControllerPolicyKind.ZONAL_SHIFT, zonalShiftStatements(scope)],
    [ControllerPolicyKind.RESOURCE_DISCOVERY, resourceDiscoveryStatements(scope)],
  ];
}

/**
 * All controller statements in upstream order: 18, or 17 without an interruption queue.
 */
export function controllerPolicyStatements(input: ControllerPolicyInput): PolicyStatementJson[] {
  return statementsByKind(input).flatMap(([, statements]) => statements);
}

/**
 * The controller permissions as upstream's six managed policies (five without an
 * interruption queue). Each stays far below the 6,144-character managed-policy quota.
 * @param nameSuffix what follows `KarpenterController<Kind>Policy-`; upstream uses the cluster name
 */
export function controllerManagedPolicies(input: ControllerPolicyInput, nameSuffix: string = input.clusterName): ControllerManagedPolicy[] {
  return statementsByKind(input)
    .filter(([, statements]) => statements.length > 0)
    .map(([kind, statements]) => ({
      kind,
      name: controllerPolicyName(kind, nameSuffix),
      document: policyDocument(statements),
    }));
}

/**
 * Checks the policy names a suffix produces (the longest kind decides).
 * @param field the prop that sets the suffix
 * @param isDefault the suffix is the cluster name, because `field` is unset
 */
export function validateControllerPolicyNameSuffix(issues: IssueCollector, field: string, nameSuffix: string, isDefault = false): void {
  if (issues.isUnresolved(nameSuffix)) return;
  const longest = controllerPolicyName(ControllerPolicyKind.RESOURCE_DISCOVERY, nameSuffix);
  const maxSuffix = IAM_POLICY_NAME_MAX_LENGTH - controllerPolicyName(ControllerPolicyKind.RESOURCE_DISCOVERY, '').length;
  validateIamName(
    issues,
    field,
    longest,
    IAM_POLICY_NAME_MAX_LENGTH,
    'The controller policies are named KarpenterController<Kind>Policy-<suffix>' +
      (isDefault ? `, and the suffix defaults to the cluster name; set ${field}` : `; set a shorter ${field}`) +
      ` (at most ${maxSuffix} characters).`,
  );
}

/** Fixed controller role name, following the node role and policy names. */
export function defaultControllerRoleName(clusterName: string): string {
  return `KarpenterController-${clusterName}`;
}
