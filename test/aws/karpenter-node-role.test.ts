import { TerraformVariable, Testing } from 'cdktf';
import { EksAccessEntry } from '@cdktf/provider-aws/lib/eks-access-entry';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { AccessEntryType } from '../../lib/core/aws/node-role-policies';
import { KarpenterNodeRole } from '../../lib/aws/karpenter-node-role';
import { FAKE_CLUSTER } from '../fixtures/cluster';

import { dataRef, newStack, onlyResource, resourceRef, resourcesOf } from '../util/stacks';
import { atSynth, synthErrorLines } from '../private/at-synth';

describe('KarpenterNodeRole', () => {
  test('should create the upstream-named role trusted by the partition EC2 principal', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    const role = new KarpenterNodeRole(stack, 'NodeRole', { cluster: FAKE_CLUSTER });
    // THEN
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'KarpenterNodeRole-demo', force_detach_policies: true });
    const iamRole = onlyResource(stack, 'aws_iam_role');
    expect(JSON.parse(iamRole.assume_role_policy)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'EKSNodeAssumeRole',
          Effect: 'Allow',
          Principal: { Service: `ec2.${dataRef(stack, 'aws_partition', 'dns_suffix')}` },
          Action: ['sts:AssumeRole'],
        },
      ],
    });
    expect(role.roleName).toBe('KarpenterNodeRole-demo');
    expect(role.roleArn).toMatch(/TfToken/);
  });

  test('should attach the four AWS managed node policies by partition-aware ARN', () => {
    const stack = newStack();
    new KarpenterNodeRole(stack, 'NodeRole', { cluster: FAKE_CLUSTER });
    const PARTITION = dataRef(stack, 'aws_partition', 'partition');
    const attachments = resourcesOf(stack, 'aws_iam_role_policy_attachment');
    expect(attachments.map((a) => a.policy_arn).sort()).toEqual([
      `arn:${PARTITION}:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly`,
      `arn:${PARTITION}:iam::aws:policy/AmazonEKSWorkerNodePolicy`,
      `arn:${PARTITION}:iam::aws:policy/AmazonEKS_CNI_Policy`,
      `arn:${PARTITION}:iam::aws:policy/AmazonSSMManagedInstanceCore`,
    ]);
    for (const a of attachments) expect(a.role).toBe(resourceRef(stack, 'aws_iam_role', 'name'));
  });

  test('should create an EC2_LINUX access entry for the role', () => {
    const stack = newStack();
    new KarpenterNodeRole(stack, 'NodeRole', { cluster: FAKE_CLUSTER });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksAccessEntry, {
      cluster_name: 'demo',
      principal_arn: resourceRef(stack, 'aws_iam_role', 'arn'),
      type: 'EC2_LINUX',
    });
  });

  test('should make the access entry wait for the cluster when its ARN is a reference', () => {
    const stack = newStack();
    const arn = new TerraformVariable(stack, 'cluster_arn', { type: 'string' });
    new KarpenterNodeRole(stack, 'NodeRole', { cluster: { ...FAKE_CLUSTER, clusterArn: arn.stringValue } });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(EksAccessEntry, {
      cluster_name: '${element(split("/", var.cluster_arn), 1)}',
    });
  });

  test('should use every option', () => {
    const stack = newStack();
    const dependency = new IamRole(stack, 'Other', { assumeRolePolicy: '{}' });
    new KarpenterNodeRole(stack, 'NodeRole', {
      cluster: FAKE_CLUSTER,
      roleName: 'nodes',
      additionalPolicyArns: ['arn:aws:iam::aws:policy/CloudWatchAgentServerPolicy'],
      accessEntryType: AccessEntryType.EC2_WINDOWS,
      accessEntryDependsOn: [dependency],
      tags: { team: 'platform' },
    });
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'nodes', tags: { team: 'platform' } });
    expect(synthed).toHaveResourceWithProperties(IamRolePolicyAttachment, { policy_arn: 'arn:aws:iam::aws:policy/CloudWatchAgentServerPolicy' });
    expect(synthed).toHaveResourceWithProperties(EksAccessEntry, {
      type: 'EC2_WINDOWS',
      tags: { team: 'platform' },
      depends_on: ['aws_iam_role.Other'],
    });
    expect(synthed).toMatchSnapshot();
  });

  test('should create no access entry when disabled', () => {
    const stack = newStack();
    const role = new KarpenterNodeRole(stack, 'NodeRole', { cluster: FAKE_CLUSTER, createAccessEntry: false });
    expect(Testing.synth(stack)).not.toHaveResource(EksAccessEntry);
    expect(role.accessEntry).toBeUndefined();
  });

  test('should match the default snapshot', () => {
    const stack = newStack();
    new KarpenterNodeRole(stack, 'NodeRole', { cluster: FAKE_CLUSTER });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  // The messages are the plan's (test/core/aws/node-role-plan.test.ts); these check they fail synth under the path.
  test('fails synth once, listing every problem', () => {
    expect(
      synthErrorLines(
        () =>
          new KarpenterNodeRole(newStack(), 'NodeRole', {
            cluster: FAKE_CLUSTER,
            roleName: 'r'.repeat(65),
            additionalPolicyArns: ['CloudWatchAgentServerPolicy'],
            createAccessEntry: false,
            accessEntryType: AccessEntryType.EC2_LINUX,
          }),
      ),
    ).toEqual([
      expect.stringMatching(/roleName:/),
      expect.stringMatching(/accessEntryType: accessEntryType is EC2_LINUX but createAccessEntry is false/),
      expect.stringMatching(/additionalPolicyArns\[0\]/),
    ]);
  });

  test('fails synth when the cluster name is a token', () => {
    const stack = newStack();
    const name = new TerraformVariable(stack, 'name', { type: 'string' });
    expect(atSynth(() => new KarpenterNodeRole(stack, 'NodeRole', { cluster: { ...FAKE_CLUSTER, clusterName: name.stringValue } }))).toThrow(
      /cluster\.clusterName: cluster name must be a plain string/,
    );
  });
});
