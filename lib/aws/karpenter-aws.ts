import { Construct } from 'constructs';
import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import { IEksCluster } from './cluster-attributes';
import { IssueCollector, ValidationIssue } from '../core/issues';
import { isAwsResourceId, validatePolicyArns } from '../core/aws/aws-partition';
import { validateClusterName } from '../core/aws/cluster-name';
import { validateControllerPolicyNameSuffix } from '../core/aws/controller-policy';
import { KARPENTER_DISCOVERY_TAG_KEY } from '../core/aws/discovery';
import { defaultQueueName, validateQueueKmsKey, validateQueueName, validateRuleNamePrefix } from '../core/aws/interruption';
import { defaultControllerRoleName, defaultNodeRoleName, validateAccessEntryType, validateRoleName } from '../core/aws/node-role-policies';
import { PolicyStatementOptions } from '../core/aws/policy-document';
import { validateIrsa, validateServiceAccountRef } from '../core/aws/trust-policies';
import { InterruptionQueue } from './interruption-queue';
import { ControllerIdentity, ControllerIdentityType, KarpenterControllerRole } from './karpenter-controller-role';
import { AccessEntryType, KarpenterNodeRole } from './karpenter-node-role';
import { constructContext, reportIssues } from '../private/report';

/** Props of {@link KarpenterAws}. */
export interface KarpenterAwsProps {
  /** The cluster Karpenter is installed on. */
  readonly cluster: IEksCluster;
  /**
   * How the controller gets credentials.
   * @default ControllerIdentity.podIdentity() (namespace `kube-system`, service account `karpenter`)
   */
  readonly identity?: ControllerIdentity;
  /**
   * Create the interruption queue and its five EventBridge rules, so Karpenter drains nodes
   * ahead of spot interruptions, rebalance recommendations and scheduled maintenance.
   * @default true
   */
  readonly enableSpotTermination?: boolean;
  /**
   * Name of the interruption queue.
   * @default `Karpenter-<clusterName>`
   */
  readonly queueName?: string;
  /**
   * Customer managed KMS key for the queue (its key policy must let EventBridge use it).
   * @default - SQS-managed server-side encryption
   */
  readonly queueKmsMasterKeyId?: string;
  /**
   * Prefix of the EventBridge rule names.
   * @default 'Karpenter'
   */
  readonly ruleNamePrefix?: string;
  /**
   * Name of the node role (EC2NodeClass `spec.role`).
   * @default `KarpenterNodeRole-<clusterName>`
   */
  readonly nodeRoleName?: string;
  /**
   * More policy ARNs for the node role.
   * @default - only the four AWS managed node policies
   */
  readonly nodeRoleAdditionalPolicyArns?: string[];
  /**
   * Create the node role's EKS access entry.
   * @default true
   */
  readonly createAccessEntry?: boolean;
  /**
   * Type of the node role's access entry.
   * @default AccessEntryType.EC2_LINUX
   */
  readonly accessEntryType?: AccessEntryType;
  /**
   * Name of the controller role.
   * @default `KarpenterController-<clusterName>`
   */
  readonly controllerRoleName?: string;
  /**
   * What follows `KarpenterController<Kind>Policy-` in the six controller policy names. IAM
   * names are account-wide: set it (with `nodeRoleName` and `controllerRoleName`) when one
   * account runs two clusters of one name in two regions.
   * @default - the cluster name (upstream's names)
   */
  readonly controllerPolicyNameSuffix?: string;
  /**
   * More policy ARNs for the controller role.
   * @default - only the Karpenter controller policies
   */
  readonly controllerRoleAdditionalPolicyArns?: string[];
  /**
   * Extra statements for the controller role (one inline policy).
   * @default - none
   */
  readonly controllerRoleAdditionalStatements?: PolicyStatementOptions[];
  /**
   * Security groups that get `karpenter.sh/discovery = <clusterName>` (one `aws_ec2_tag` each),
   * for EC2NodeClass `securityGroupSelectorTerms`. At most one security group should carry the
   * tag, or nodes get all of them. The stack owns the tag: destroying it deletes the tag even if
   * the group had it before, so give `[]` when the group is already tagged (e.g. by eksctl or an
   * earlier install).
   * @default - the EKS-managed cluster security group (`cluster.clusterSecurityGroupId`)
   */
  readonly discoverySecurityGroupIds?: string[];
  /**
   * Tags for every resource that takes tags.
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * The AWS side of one Karpenter install: node role with access entry, controller role
 * (Pod Identity or IRSA), interruption queue with its EventBridge rules, and the discovery
 * tag on the cluster security group. Subnets are tagged by the network.
 */
export class KarpenterAws extends Construct {
  public readonly nodeRole: KarpenterNodeRole;
  public readonly controllerRole: KarpenterControllerRole;
  /** Undefined when `enableSpotTermination` is false. */
  public readonly interruptionQueue?: InterruptionQueue;
  /** The cluster name (Helm `settings.clusterName`). */
  public readonly clusterName: string;
  /** Name of the interruption queue (Helm `settings.interruptionQueue`); undefined without a queue. */
  public readonly queueName?: string;

  constructor(scope: Construct, id: string, props: KarpenterAwsProps) {
    super(scope, id);
    const cluster = props.cluster;
    const enableSpotTermination = props.enableSpotTermination ?? true;
    const securityGroupIds = props.discoverySecurityGroupIds ?? [cluster.clusterSecurityGroupId];
    this.clusterName = cluster.clusterName;

    // Validated here too, under this construct's prop names, so one error lists every problem.
    reportIssues(this, validateKarpenterAwsProps(props, enableSpotTermination, securityGroupIds));

    if (enableSpotTermination) {
      this.interruptionQueue = new InterruptionQueue(this, 'InterruptionQueue', {
        clusterName: cluster.clusterName,
        queueName: props.queueName,
        kmsMasterKeyId: props.queueKmsMasterKeyId,
        ruleNamePrefix: props.ruleNamePrefix,
        tags: props.tags,
      });
      this.queueName = this.interruptionQueue.queueName;
    }

    this.nodeRole = new KarpenterNodeRole(this, 'NodeRole', {
      cluster,
      roleName: props.nodeRoleName,
      additionalPolicyArns: props.nodeRoleAdditionalPolicyArns,
      createAccessEntry: props.createAccessEntry,
      accessEntryType: props.accessEntryType,
      accessEntryDependsOn: this.interruptionQueue ? [this.interruptionQueue.queuePolicy] : undefined,
      tags: props.tags,
    });

    this.controllerRole = new KarpenterControllerRole(this, 'ControllerRole', {
      cluster,
      nodeRoleArn: this.nodeRole.roleArn,
      interruptionQueueArn: this.interruptionQueue?.queueArn,
      identity: props.identity,
      roleName: props.controllerRoleName,
      policyNameSuffix: props.controllerPolicyNameSuffix,
      additionalPolicyArns: props.controllerRoleAdditionalPolicyArns,
      additionalStatements: props.controllerRoleAdditionalStatements,
      tags: props.tags,
    });

    if (securityGroupIds.length > 0) {
      const tags = new Construct(this, 'DiscoveryTags');
      securityGroupIds.forEach((resourceId, i) => {
        new Ec2Tag(tags, `SecurityGroup${i}`, { resourceId, key: KARPENTER_DISCOVERY_TAG_KEY, value: cluster.clusterName });
      });
    }
  }
}

function validateKarpenterAwsProps(props: KarpenterAwsProps, enableSpotTermination: boolean, securityGroupIds: readonly string[]): ValidationIssue[] {
  const issues = new IssueCollector(constructContext());
  const clusterName = props.cluster.clusterName;
  validateClusterName(issues, 'cluster.clusterName', clusterName);
  // Names derived from an invalid cluster name would only repeat its error.
  const deriveNames = issues.issues.length === 0;

  if (enableSpotTermination) {
    if (props.queueName !== undefined) validateQueueName(issues, 'queueName', props.queueName, false);
    else if (deriveNames) validateQueueName(issues, 'queueName', defaultQueueName(clusterName), true);
    if (props.ruleNamePrefix !== undefined) validateRuleNamePrefix(issues, 'ruleNamePrefix', props.ruleNamePrefix);
    if (props.queueKmsMasterKeyId !== undefined) validateQueueKmsKey(issues, 'queueKmsMasterKeyId', props.queueKmsMasterKeyId);
  } else {
    for (const [field, value] of [
      ['queueName', props.queueName],
      ['queueKmsMasterKeyId', props.queueKmsMasterKeyId],
      ['ruleNamePrefix', props.ruleNamePrefix],
    ] as const) {
      if (value !== undefined) {
        issues.error(
          field,
          'QueueOptionWithoutQueue',
          `${field} is set but enableSpotTermination is false, so no queue is created. Remove ${field} or enable spot termination.`,
        );
      }
    }
  }

  if (props.nodeRoleName !== undefined) validateRoleName(issues, 'nodeRoleName', props.nodeRoleName, false);
  else if (deriveNames) validateRoleName(issues, 'nodeRoleName', defaultNodeRoleName(clusterName), true);
  if (props.controllerRoleName !== undefined) validateRoleName(issues, 'controllerRoleName', props.controllerRoleName, false);
  else if (deriveNames) validateRoleName(issues, 'controllerRoleName', defaultControllerRoleName(clusterName), true);
  if (props.controllerPolicyNameSuffix !== undefined) {
    validateControllerPolicyNameSuffix(issues, 'controllerPolicyNameSuffix', props.controllerPolicyNameSuffix);
  } else if (deriveNames) validateControllerPolicyNameSuffix(issues, 'cluster.clusterName', clusterName);
  validatePolicyArns(issues, 'nodeRoleAdditionalPolicyArns', props.nodeRoleAdditionalPolicyArns);
  validatePolicyArns(issues, 'controllerRoleAdditionalPolicyArns', props.controllerRoleAdditionalPolicyArns);
  validateAccessEntryType(issues, props.accessEntryType, props.createAccessEntry ?? true);
  const identity = props.identity ?? ControllerIdentity.podIdentity();
  validateServiceAccountRef(issues, 'identity', identity.namespace, identity.serviceAccount);
  if (identity.type === ControllerIdentityType.IRSA) {
    validateIrsa(issues, 'identity', identity.oidcProviderArn, props.cluster.oidcIssuerUrl);
  }

  if (issues.isUnresolved(securityGroupIds)) {
    issues.error(
      'discoverySecurityGroupIds',
      'SecurityGroupIdsIsToken',
      'discoverySecurityGroupIds is a Terraform reference, so the groups cannot get one aws_ec2_tag each at synth. ' +
        'Pass the security group ids, or [] and tag the group elsewhere.',
    );
    return issues.issues;
  }
  securityGroupIds.forEach((sg, i) => {
    if (issues.isUnresolved(sg) || isAwsResourceId('sg', sg)) return;
    const field = props.discoverySecurityGroupIds === undefined ? 'cluster.clusterSecurityGroupId' : `discoverySecurityGroupIds[${i}]`;
    issues.error(
      field,
      'InvalidSecurityGroupId',
      `'${sg}' is not a security group id (sg- followed by 8 or 17 hex digits), so it cannot get the ${KARPENTER_DISCOVERY_TAG_KEY} tag. ` +
        'Pass the id of the security group nodes should use in discoverySecurityGroupIds, or [] to tag none.',
    );
  });
  if (securityGroupIds.length > 1) {
    issues.warn(
      'discoverySecurityGroupIds',
      'MultipleDiscoverySecurityGroups',
      `${securityGroupIds.length} security groups get ${KARPENTER_DISCOVERY_TAG_KEY}; EC2NodeClasses selecting by this tag ` +
        'attach all of them to every node. Tag one unless that is intended.',
    );
  }
  return issues.issues;
}
