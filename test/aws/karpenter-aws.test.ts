import { TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { IamServiceLinkedRole } from '@cdktf/provider-aws/lib/iam-service-linked-role';
import { Ec2Tag } from '@cdktf/provider-aws/lib/ec2-tag';
import { EksAccessEntry } from '@cdktf/provider-aws/lib/eks-access-entry';
import { EksPodIdentityAssociation } from '@cdktf/provider-aws/lib/eks-pod-identity-association';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import * as clusterName from '../../lib/core/aws/cluster-name';
import { ControllerNodeGroup } from '../../lib/aws/controller-node-group';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { AccessEntryType } from '../../lib/core/aws/node-role-policies';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { KARPENTER_ATTRIBUTES } from '../util/karpenter-attributes';
import { dataOf, newStack, onlyResource, onlyResourceBlock, resourceAt, resourcesOf, synthOf } from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';

const OIDC_PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';

function policyStatements(stack: TerraformStack): { Sid: string; Resource: string[] }[] {
  return resourcesOf(stack, 'aws_iam_policy').flatMap((p) => JSON.parse(p.policy).Statement);
}

function warningsOf(stack: TerraformStack): string[] {
  return stack.node
    .findAll()
    .flatMap((c) => c.node.metadata)
    .filter((m) => m.type === '@cdktf/warn')
    .map((m) => String(m.data));
}

describe('KarpenterAws', () => {
  test('should compose the node role, controller role, queue and discovery tag under fixed ids', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    // THEN
    expect(karpenter.node.children.map((c) => c.node.id)).toEqual(['InterruptionQueue', 'NodeRole', 'ControllerRole', 'DiscoveryTags']);
    expect(karpenter.clusterName).toBe('demo');
    expect(karpenter.queueName).toBe('Karpenter-demo');
    expect(karpenter.nodeRole.roleName).toBe('KarpenterNodeRole-demo');
    expect(karpenter.controllerRole.roleName).toBe('KarpenterController-demo');
    const synth = synthOf(stack);
    expect(resourcesOf(synth, 'aws_cloudwatch_event_rule')).toHaveLength(5);
    expect(resourcesOf(synth, 'aws_cloudwatch_event_target')).toHaveLength(5);
    expect(resourcesOf(synth, 'aws_iam_policy')).toHaveLength(6);
  });

  test('should check its input once: the parts build from its plan without checking the cluster name again', () => {
    const spy = jest.spyOn(clusterName, 'validateClusterName');
    try {
      new KarpenterAws(newStack(), 'Karpenter', {
        cluster: FAKE_CLUSTER,
        discoverySecurityGroupIds: ['sg-0aaaaaaaaaaaaaaaa', 'sg-0bbbbbbbbbbbbbbbb'],
      });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  // The messages are the plan's (test/core/aws/karpenter-aws-plan.test.ts); this checks they fail synth under the path.
  test("should report a part's problem under its own prop name, not from the part", () => {
    expect(
      synthErrorLines(
        () =>
          new KarpenterAws(newStack(), 'Karpenter', {
            cluster: FAKE_CLUSTER,
            controllerRoleAdditionalStatements: [{ actions: [], resources: ['*'] }],
          }),
      ),
    ).toEqual([expect.stringMatching(/^\[test\/Karpenter\] controllerRoleAdditionalStatements\[0\]\.actions: /)]);
  });

  test('should wire the node role and the queue into the controller policy', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    const statements = policyStatements(stack);
    const nodeRole = resourceAt(stack, 'Karpenter/NodeRole/Resource').address;
    const queue = onlyResourceBlock(stack, 'aws_sqs_queue').address;
    expect(statements.find((s) => s.Sid === 'AllowPassingInstanceRole')?.Resource).toEqual([`\${${nodeRole}.arn}`]);
    expect(statements.find((s) => s.Sid === 'AllowInterruptionQueueActions')?.Resource).toEqual([`\${${queue}.arn}`]);
  });

  test('should create the access entry after the queue policy', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    const queuePolicy = onlyResourceBlock(stack, 'aws_sqs_queue_policy').address;
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksAccessEntry, {
      type: 'EC2_LINUX',
      depends_on: [queuePolicy],
    });
  });

  test('should tag the cluster security group for discovery', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    expect(resourcesOf(stack, 'aws_ec2_tag')).toEqual([{ resource_id: 'sg-0123456789abcdef0', key: 'karpenter.sh/discovery', value: 'demo' }]);
  });

  test('should share one partition and one region data source and no caller identity', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    const synth = synthOf(stack);
    expect(Object.keys(synth.json.data as object).sort()).toEqual(['aws_partition', 'aws_region']);
    expect(Object.keys(dataOf(synth, 'aws_partition'))).toHaveLength(1);
    expect(Object.keys(dataOf(synth, 'aws_region'))).toHaveLength(1);
  });

  test('should create no queue, rules or queue permissions without spot termination', () => {
    const stack = newStack();
    const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER, enableSpotTermination: false });
    const synth = synthOf(stack);
    expect(resourcesOf(synth, 'aws_sqs_queue')).toEqual([]);
    expect(resourcesOf(synth, 'aws_cloudwatch_event_rule')).toEqual([]);
    expect(policyStatements(stack).map((s) => s.Sid)).not.toContain('AllowInterruptionQueueActions');
    expect(onlyResource(synth, 'aws_eks_access_entry')).not.toHaveProperty('depends_on');
    expect(karpenter.interruptionQueue).toBeUndefined();
    expect(karpenter.queueName).toBeUndefined();
  });

  test('should tag the given security groups, or none, and warn about several', () => {
    const one = newStack();
    new KarpenterAws(one, 'Karpenter', { cluster: FAKE_CLUSTER, discoverySecurityGroupIds: ['sg-0abc1234def567890'] });
    expect(Testing.synth(one)).toHaveResourceWithProperties(Ec2Tag, { resource_id: 'sg-0abc1234def567890' });
    expect(warningsOf(one)).toEqual([]);

    const none = newStack();
    const karpenter = new KarpenterAws(none, 'Karpenter', { cluster: FAKE_CLUSTER, discoverySecurityGroupIds: [] });
    expect(Testing.synth(none)).not.toHaveResource(Ec2Tag);
    expect(karpenter.node.tryFindChild('DiscoveryTags')).toBeUndefined();

    const two = newStack();
    new KarpenterAws(two, 'Karpenter', { cluster: FAKE_CLUSTER, discoverySecurityGroupIds: ['sg-0aaaaaaaaaaaaaaaa', 'sg-0bbbbbbbbbbbbbbbb'] });
    expect(resourcesOf(two, 'aws_ec2_tag')).toHaveLength(2);
    expect(warningsOf(two)).toEqual([expect.stringMatching(/^discoverySecurityGroupIds: .*\(MultipleDiscoverySecurityGroups\)$/)]);
  });

  test('should use IRSA with the cluster issuer', () => {
    const stack = newStack();
    const karpenter = new KarpenterAws(stack, 'Karpenter', {
      cluster: FAKE_CLUSTER,
      identity: ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN }),
    });
    expect(Testing.synth(stack)).not.toHaveResource(EksPodIdentityAssociation);
    expect(karpenter.attributes).toMatchObject({ identityType: 'irsa', controllerRoleArn: karpenter.controllerRole.roleArn });
  });

  describe('attributes', () => {
    test('should hold what the controller needs, as plain strings (but the role ARN)', () => {
      const stack = newStack();
      const group = new ControllerNodeGroup(stack, 'ControllerNodes', {
        cluster: FAKE_CLUSTER,
        subnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
      });
      // A hand-written cluster lists its controller node groups itself; EksCluster records them.
      const karpenter = new KarpenterAws(stack, 'Karpenter', { cluster: { ...FAKE_CLUSTER, controllerNodeGroups: [group] } });
      const { controllerRoleArn, checked, ...plain } = karpenter.attributes;
      // The controller tests' shared attributes are these, so they test what KarpenterAws hands over;
      // without the verdicts, as if written by hand, so that those tests see every value checked.
      const { controllerRoleArn: _fixtureRoleArn, ...expected } = KARPENTER_ATTRIBUTES;
      expect(plain).toEqual(expected);
      expect(checked).toEqual({
        clusterName: { value: 'demo', valid: true },
        region: { value: expected.region, valid: true },
        interruptionQueueName: { value: expected.interruptionQueueName, valid: true },
        nodeRoleName: { value: expected.nodeRoleName, valid: true },
        controllerNamespace: { value: 'kube-system', valid: true },
        controllerServiceAccount: { value: 'karpenter', valid: true },
      });
      expect(Object.values(plain).some((v) => Token.isUnresolved(v))).toBe(false);
      expect(controllerRoleArn).toBe(karpenter.controllerRole.roleArn);
      // Serializable: a JSON round trip keeps every value.
      expect(JSON.parse(JSON.stringify(karpenter.attributes))).toEqual(karpenter.attributes);
    });

    test("should carry the identity's namespace and service account, and no queue without spot termination", () => {
      const karpenter = new KarpenterAws(newStack(), 'Karpenter', {
        cluster: FAKE_CLUSTER,
        identity: ControllerIdentity.podIdentity({ namespace: 'karpenter', serviceAccount: 'karpenter-ctl' }),
        enableSpotTermination: false,
      });
      expect(karpenter.attributes).toMatchObject({
        controllerNamespace: 'karpenter',
        controllerServiceAccount: 'karpenter-ctl',
        identityType: 'podIdentity',
      });
      expect(karpenter.attributes.interruptionQueueName).toBeUndefined();
    });

    test('should take the region from the prop, else the plain cluster ARN, else the default AWS provider', () => {
      const referenced = (stack: TerraformStack) => ({
        ...FAKE_CLUSTER,
        clusterArn: new TerraformVariable(stack, 'arn', { type: 'string' }).stringValue,
      });
      expect(new KarpenterAws(newStack(), 'K', { cluster: FAKE_CLUSTER, region: 'eu-central-1' }).attributes.region).toBe('eu-central-1');
      const withProvider = newStack();
      new AwsProvider(withProvider, 'aws', { region: 'us-west-2' });
      new AwsProvider(withProvider, 'other', { region: 'us-east-1', alias: 'other' });
      expect(new KarpenterAws(withProvider, 'K', { cluster: referenced(withProvider) }).attributes.region).toBe('us-west-2');
      const none = newStack();
      const karpenter = new KarpenterAws(none, 'K', { cluster: referenced(none) });
      // Read twice: reported once.
      expect(karpenter.attributes.region).toBe(karpenter.attributes.region);
      expect(synthErrorLines(() => karpenter)).toEqual([
        expect.stringMatching(/^\[test\/K\] region: the cluster's region is not known as a plain string .*set region.* \(RegionUnknown\)$/),
      ]);
    });
  });

  test('should create the EC2 Spot service-linked role only when asked', () => {
    const without = newStack();
    new KarpenterAws(without, 'Karpenter', { cluster: FAKE_CLUSTER });
    expect(Testing.synth(without)).not.toHaveResource(IamServiceLinkedRole);
    const withRole = newStack();
    const karpenter = new KarpenterAws(withRole, 'Karpenter', {
      cluster: FAKE_CLUSTER,
      createSpotServiceLinkedRole: true,
      tags: { team: 'platform' },
    });
    expect(resourcesOf(withRole, 'aws_iam_service_linked_role')).toEqual([{ aws_service_name: 'spot.amazonaws.com', tags: { team: 'platform' } }]);
    expect(karpenter.spotServiceLinkedRole).toBeInstanceOf(IamServiceLinkedRole);
  });

  test('should use every option', () => {
    const stack = newStack();
    const karpenter = new KarpenterAws(stack, 'Karpenter', {
      cluster: FAKE_CLUSTER,
      identity: ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN, namespace: 'karpenter' }),
      enableSpotTermination: true,
      queueName: 'demo-interruptions',
      queueKmsMasterKeyId: 'alias/karpenter',
      ruleNamePrefix: 'Demo',
      nodeRoleName: 'demo-nodes',
      nodeRoleAdditionalPolicyArns: ['arn:aws:iam::aws:policy/CloudWatchAgentServerPolicy'],
      createAccessEntry: true,
      accessEntryType: AccessEntryType.EC2_LINUX,
      controllerRoleName: 'demo-karpenter',
      controllerRoleAdditionalPolicyArns: ['arn:aws:iam::123456789012:policy/extra'],
      controllerRoleAdditionalStatements: [{ actions: ['ec2:DescribeImages'], resources: ['*'] }],
      discoverySecurityGroupIds: ['sg-0abc1234def567890'],
      tags: { team: 'platform' },
    });
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(SqsQueue, {
      name: 'demo-interruptions',
      kms_master_key_id: 'alias/karpenter',
      tags: { team: 'platform' },
    });
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'demo-nodes', tags: { team: 'platform' } });
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'demo-karpenter' });
    expect(karpenter.controllerRole.namespace).toBe('karpenter');
    expect(synthed).toMatchSnapshot();
  });

  test('should name the controller policies after a given suffix, so one account can run a cluster name in two regions', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', {
      cluster: FAKE_CLUSTER,
      nodeRoleName: 'KarpenterNodeRole-demo-euw1',
      controllerRoleName: 'KarpenterController-demo-euw1',
      controllerPolicyNameSuffix: 'demo-euw1',
    });
    const names = resourcesOf(stack, 'aws_iam_policy').map((p) => p.name);
    expect(names).toHaveLength(6);
    expect(names.every((n) => /^KarpenterController[A-Za-z]+Policy-demo-euw1$/.test(String(n)))).toBe(true);
  });

  test('should match the default snapshot', () => {
    const stack = newStack();
    new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the snapshot with a referenced cluster', () => {
    const stack = newStack();
    const v = (name: string) => new TerraformVariable(stack, name, { type: 'string' }).stringValue;
    new KarpenterAws(stack, 'Karpenter', {
      cluster: { ...FAKE_CLUSTER, clusterArn: v('arn'), clusterSecurityGroupId: v('sg'), oidcIssuerUrl: v('issuer') },
      identity: ControllerIdentity.irsa({ oidcProviderArn: v('oidc_provider_arn') }),
    });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test("fails synth once, listing the problems of every part, under this construct's prop names", () => {
    expect(
      synthErrorLines(
        () =>
          new KarpenterAws(newStack(), 'Karpenter', {
            cluster: { ...FAKE_CLUSTER, oidcIssuerUrl: '' },
            identity: ControllerIdentity.irsa({ oidcProviderArn: '' }),
            queueName: 'bad.name',
            nodeRoleName: 'n'.repeat(65),
          }),
      ),
    ).toEqual([
      expect.stringMatching(/\[test\/Karpenter\] queueName:/),
      expect.stringMatching(/nodeRoleName: IAM name 'n{65}' is 65 characters/),
      expect.stringMatching(/identity\.oidcProviderArn: IRSA needs/),
      expect.stringMatching(/cluster\.oidcIssuerUrl: IRSA needs/),
    ]);
  });

  test('fails synth when the security groups to tag are a Terraform reference', () => {
    const stack = newStack();
    const ids = new TerraformVariable(stack, 'sg_ids', { type: 'list(string)' }).listValue;
    expect(synthErrorLines(() => new KarpenterAws(stack, 'Karpenter', { cluster: FAKE_CLUSTER, discoverySecurityGroupIds: ids }))).toEqual([
      expect.stringMatching(/^\[test\/Karpenter\] discoverySecurityGroupIds: discoverySecurityGroupIds is a Terraform reference/),
    ]);
  });
});
