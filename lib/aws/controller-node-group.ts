import { EksNodeGroup } from '@cdktf/provider-aws/lib/eks-node-group';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { LaunchTemplate } from '@cdktf/provider-aws/lib/launch-template';
import { ITerraformDependable, Token } from 'cdktf';
import { Construct } from 'constructs';
import { EksClusterBase, IEksCluster } from './eks-cluster-base';
import { awsManagedPolicyArn } from '../core/aws/aws-partition';
import { ControllerNodeGroupOptions, planControllerNodeGroup, PlannedLaunchTemplate } from '../core/aws/controller-node-group-plan';
import { EKS_NODE_MANAGED_POLICIES } from '../core/aws/eks-iam';
import { ec2TrustPolicy } from '../core/aws/trust-policies';
import { EksCluster } from './eks-cluster';
import { KarpenterNetwork } from './network';
import { ControllerNodes } from '../core/aws/karpenter-aws-attributes';
import { awsContext, clusterNameRef, policyJson, providerDefaultTags } from '../private/aws-context';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of `ControllerNodeGroup`. */
export interface ControllerNodeGroupProps extends ControllerNodeGroupOptions {
  /**
   * The cluster. With an `EksCluster` the group follows its Kubernetes version and is registered
   * as the nodes `coredns` waits for; with an imported cluster the group takes the control plane's
   * version at creation and is not upgraded with it.
   */
  readonly cluster: IEksCluster;

  /** Subnets for the nodes: the private subnets, at least 2 zones so the replicas survive a zone outage. */
  readonly subnetIds: string[];

  /**
   * Tags for the node group, its launch template and its IAM role; with the cluster's tags (of an
   * `EksCluster`), the provider's `default_tags` and `Name: <cluster>-karpenter-controller`, also for
   * the instances, volumes and network interfaces the group launches (`tag_specifications`).
   * @default - no tags
   */
  readonly tags?: Record<string, string>;
}

/**
 * An EKS managed node group for the Karpenter controller and cluster-critical add-ons, with its
 * own IAM role and a launch template (IMDSv2 only, hop limit 1, encrypted gp3 volumes, tagged instances). The
 * Karpenter controller must not run on nodes it manages.
 */
export class ControllerNodeGroup extends Construct {
  /** Name of the node group (known after apply when generated). */
  public readonly nodeGroupName: string;
  /** ARN of the node IAM role. */
  public readonly nodeRoleArn: string;
  /** Name of the node IAM role. */
  public readonly nodeRoleName: string;
  /** The node group resource, for `dependsOn`. */
  public readonly resource: ITerraformDependable;
  /**
   * Its nodes as the controller's placement is checked against them: `KarpenterAws.attributes` carries them to
   * `KarpenterController` (`controllerNodes`).
   */
  public readonly nodes: ControllerNodes;

  constructor(scope: Construct, id: string, props: ControllerNodeGroupProps) {
    super(scope, id);
    const managed = props.cluster instanceof EksCluster ? props.cluster : undefined;
    const plan = planControllerNodeGroup(
      {
        ...props,
        clusterName: props.cluster.clusterName,
        clusterVersion: managed?.version,
        subnetZones: managed === undefined ? undefined : subnetZones(managed.network, props.subnetIds),
        // The subnets of a network that reported errors of its own (too few zones) are not counted again.
        subnetsReportedByNetwork:
          managed !== undefined && props.subnetIds === managed.network.privateSubnetIds && managed.network.reportedErrors === true,
        // The provider's default_tags do not reach tag_specifications, so they are copied in.
        launchedResourceTags: { ...providerDefaultTags(this), ...managed?.tags, ...props.tags },
      },
      constructContext(),
    );
    reportIssuesAtSynth(this, plan.issues);

    const { role, attachments } = this.createNodeRole(plan.nodeRoleNamePrefix, props.tags);
    const launchTemplate = this.createLaunchTemplate(plan.launchTemplate, props.tags);

    const nodeGroup = new EksNodeGroup(this, 'Resource', {
      // A reference, so the group waits for the cluster.
      clusterName: clusterNameRef(props.cluster),
      nodeGroupName: plan.nodeGroupName,
      nodeGroupNamePrefix: plan.nodeGroupNamePrefix,
      nodeRoleArn: role.arn,
      subnetIds: props.subnetIds,
      // Follows an EksCluster's version, so a control plane upgrade rolls the nodes after it.
      version: plan.version,
      amiType: plan.amiType,
      // The volume is in the launch template; EKS rejects disk_size together with one.
      launchTemplate: { id: launchTemplate.id, version: Token.asString(launchTemplate.latestVersion) },
      capacityType: 'ON_DEMAND',
      instanceTypes: plan.instanceTypes,
      scalingConfig: plan.scaling,
      updateConfig: { maxUnavailable: 1 },
      labels: plan.labels,
      taint: plan.taints.length > 0 ? plan.taints : undefined,
      tags: props.tags,
      // The role needs its policies before nodes join, and until they are gone.
      dependsOn: attachments,
      lifecycle: plan.createBeforeDestroy ? { createBeforeDestroy: true } : undefined,
    });

    this.nodeGroupName = nodeGroup.nodeGroupName;
    this.nodeRoleArn = role.arn;
    this.nodeRoleName = role.name;
    this.resource = nodeGroup;
    this.nodes = plan.nodes;

    if (props.cluster instanceof EksCluster) props.cluster.addComputeDependency(nodeGroup);
    if (props.cluster instanceof EksClusterBase) props.cluster.addControllerNodeGroup(this);
  }

  /** The node IAM role and its attachments of the AWS managed node policies. */
  private createNodeRole(namePrefix: string, tags: Record<string, string> | undefined): { role: IamRole; attachments: IamRolePolicyAttachment[] } {
    const aws = awsContext(this);
    const role = new IamRole(this, 'NodeRole', {
      namePrefix,
      assumeRolePolicy: policyJson(ec2TrustPolicy(aws.dnsSuffix)),
      tags,
    });
    const attachments = EKS_NODE_MANAGED_POLICIES.map(
      (policy) =>
        new IamRolePolicyAttachment(this, policy, {
          role: role.name,
          policyArn: awsManagedPolicyArn(aws.partition, policy),
        }),
    );
    return { role, attachments };
  }

  /** The launch template: IMDS options, the node volumes and the tags of what the group launches. */
  private createLaunchTemplate(lt: PlannedLaunchTemplate, tags: Record<string, string> | undefined): LaunchTemplate {
    return new LaunchTemplate(this, 'LaunchTemplate', {
      namePrefix: lt.namePrefix,
      metadataOptions: { httpEndpoint: 'enabled', httpTokens: lt.httpTokens, httpPutResponseHopLimit: lt.httpPutResponseHopLimit },
      blockDeviceMappings: lt.blockDevices.map((device) => ({
        deviceName: device.deviceName,
        ebs: {
          volumeSize: device.sizeGiB,
          volumeType: device.volumeType,
          encrypted: String(device.encrypted),
          deleteOnTermination: 'true',
        },
      })),
      tagSpecifications: lt.tagSpecifications,
      tags,
    });
  }
}

/** The zone of each subnet when all are subnets of a `KarpenterNetwork` whose zones are known at synth; else undefined. */
function subnetZones(network: unknown, subnetIds: readonly string[]): string[] | undefined {
  if (!(network instanceof KarpenterNetwork) || Token.isUnresolved(subnetIds)) return undefined;
  const zones = network.availabilityZones;
  if (zones.some((z) => Token.isUnresolved(z))) return undefined;
  const zoneOf = new Map<string, string>();
  zones.forEach((zone, i) => {
    for (const list of [network.privateSubnetIds, network.publicSubnetIds]) if (list[i] !== undefined) zoneOf.set(list[i], zone);
  });
  const out = subnetIds.map((id) => zoneOf.get(id));
  return out.every((z): z is string => z !== undefined) ? out : undefined;
}
