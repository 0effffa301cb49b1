import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { EksPodIdentityAssociation } from '@cdktf/provider-aws/lib/eks-pod-identity-association';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { IamRolePolicy } from '@cdktf/provider-aws/lib/iam-role-policy';
import { IamRolePolicyAttachment } from '@cdktf/provider-aws/lib/iam-role-policy-attachment';
import { PolicyEffect } from '../../lib/core/aws/policy-document';
import { ControllerIdentity, ControllerIdentityType } from '../../lib/core/aws/controller-identity';
import { KarpenterControllerRole } from '../../lib/aws/karpenter-controller-role';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { dataRef, newStack, onlyResource, resourceRef, resourcesOf, synthOf } from '../util/stacks';
import { synthErrorLines } from '../private/at-synth';

const NODE_ROLE_ARN = 'arn:aws:iam::123456789012:role/KarpenterNodeRole-demo';
const QUEUE_ARN = 'arn:aws:sqs:eu-west-1:123456789012:Karpenter-demo';
const OIDC_PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';
const partition = (stack: TerraformStack) => dataRef(stack, 'aws_partition', 'partition');

/** Policy documents of the stack's aws_iam_policy resources, by policy name. */
function policiesByName(stack: TerraformStack): Record<string, { Statement: { Sid: string; Resource: string[]; Condition?: unknown }[] }> {
  return Object.fromEntries(resourcesOf(stack, 'aws_iam_policy').map((p) => [p.name, JSON.parse(p.policy)]));
}

function trustOf(stack: TerraformStack): unknown {
  return JSON.parse(onlyResource(stack, 'aws_iam_role').assume_role_policy);
}

describe('KarpenterControllerRole', () => {
  test('should trust EKS Pod Identity and associate the karpenter service account by default', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    const role = new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      interruptionQueueArn: QUEUE_ARN,
    });
    // THEN
    expect(trustOf(stack)).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Sid: 'PodIdentity', Effect: 'Allow', Principal: { Service: 'pods.eks.amazonaws.com' }, Action: ['sts:AssumeRole', 'sts:TagSession'] },
      ],
    });
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'KarpenterController-demo', force_detach_policies: true });
    expect(synthed).toHaveResourceWithProperties(EksPodIdentityAssociation, {
      cluster_name: 'demo',
      namespace: 'kube-system',
      service_account: 'karpenter',
      role_arn: resourceRef(stack, 'aws_iam_role', 'arn'),
    });
    expect([role.namespace, role.serviceAccount, role.roleName]).toEqual(['kube-system', 'karpenter', 'KarpenterController-demo']);
  });

  test('should create the six upstream managed policies, each attached', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', { cluster: FAKE_CLUSTER, nodeRoleArn: NODE_ROLE_ARN, interruptionQueueArn: QUEUE_ARN });
    const policies = policiesByName(stack);
    expect(Object.fromEntries(Object.entries(policies).map(([name, doc]) => [name, doc.Statement.length]))).toEqual({
      'KarpenterControllerNodeLifecyclePolicy-demo': 6,
      'KarpenterControllerIAMIntegrationPolicy-demo': 4,
      'KarpenterControllerEKSIntegrationPolicy-demo': 1,
      'KarpenterControllerInterruptionPolicy-demo': 1,
      'KarpenterControllerZonalShiftPolicy-demo': 1,
      'KarpenterControllerResourceDiscoveryPolicy-demo': 5,
    });
    const attachments = resourcesOf(stack, 'aws_iam_role_policy_attachment');
    const policyArns = synthOf(stack)
      .resources('aws_iam_policy')
      .map((p) => `\${${p.address}.arn}`);
    expect(attachments.map((a) => a.policy_arn).sort()).toEqual(policyArns.sort());
    for (const a of attachments) expect(a.role).toBe(resourceRef(stack, 'aws_iam_role', 'name'));
  });

  test('should scope the statements to the node role, the queue, the partition, region and cluster account', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', { cluster: FAKE_CLUSTER, nodeRoleArn: NODE_ROLE_ARN, interruptionQueueArn: QUEUE_ARN });
    const statements = Object.values(policiesByName(stack)).flatMap((d) => d.Statement);
    const bySid = (sid: string) => statements.find((s) => s.Sid === sid)!;
    const PARTITION = partition(stack);
    const REGION = dataRef(stack, 'aws_region', 'name');
    expect(bySid('AllowPassingInstanceRole').Resource).toEqual([NODE_ROLE_ARN]);
    expect(bySid('AllowInterruptionQueueActions').Resource).toEqual([QUEUE_ARN]);
    expect(bySid('AllowAPIServerEndpointDiscovery').Resource).toEqual([`arn:${PARTITION}:eks:${REGION}:123456789012:cluster/demo`]);
    expect(bySid('AllowRegionalReadActions').Condition).toEqual({ StringEquals: { 'aws:RequestedRegion': REGION } });
  });

  test('should take the account id from a referenced cluster ARN without aws_caller_identity', () => {
    const stack = newStack();
    const arn = new TerraformVariable(stack, 'cluster_arn', { type: 'string' });
    new KarpenterControllerRole(stack, 'Controller', { cluster: { ...FAKE_CLUSTER, clusterArn: arn.stringValue }, nodeRoleArn: NODE_ROLE_ARN });
    const synthed = Testing.synth(stack);
    expect(synthed).toContain(`arn:${partition(stack)}:iam::\${element(split(\\":\\", var.cluster_arn), 4)}:instance-profile/*`);
    expect(JSON.parse(synthed).data).not.toHaveProperty('aws_caller_identity');
    expect(synthed).toHaveResourceWithProperties(EksPodIdentityAssociation, { cluster_name: '${element(split("/", var.cluster_arn), 1)}' });
  });

  test('should leave out the Interruption policy without a queue', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', { cluster: FAKE_CLUSTER, nodeRoleArn: NODE_ROLE_ARN });
    expect(Object.keys(policiesByName(stack))).not.toContain('KarpenterControllerInterruptionPolicy-demo');
    expect(Object.keys(policiesByName(stack))).toHaveLength(5);
  });

  test('should trust one service account through the OIDC provider for IRSA', () => {
    const stack = newStack();
    const role = new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      identity: ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN, namespace: 'karpenter' }),
    });
    expect(trustOf(stack)).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'IRSA',
          Effect: 'Allow',
          Principal: { Federated: OIDC_PROVIDER_ARN },
          Action: ['sts:AssumeRoleWithWebIdentity'],
          Condition: {
            StringEquals: {
              'oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789:aud': 'sts.amazonaws.com',
              'oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789:sub': 'system:serviceaccount:karpenter:karpenter',
            },
          },
        },
      ],
    });
    expect(Testing.synth(stack)).not.toHaveResource(EksPodIdentityAssociation);
    expect(role.identity.type).toBe(ControllerIdentityType.IRSA);
  });

  test('should strip https:// from a referenced issuer in Terraform', () => {
    const stack = newStack();
    const issuer = new TerraformVariable(stack, 'issuer', { type: 'string' });
    new KarpenterControllerRole(stack, 'Controller', {
      cluster: { ...FAKE_CLUSTER, oidcIssuerUrl: issuer.stringValue },
      nodeRoleArn: NODE_ROLE_ARN,
      identity: ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN }),
    });
    const trust: string = onlyResource(stack, 'aws_iam_role').assume_role_policy;
    expect(trust).toContain('"${replace(var.issuer, "https://", "")}:aud":"sts.amazonaws.com"');
    expect(trust).toContain('"${replace(var.issuer, "https://", "")}:sub":"system:serviceaccount:kube-system:karpenter"');
  });

  test('should use every option', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      interruptionQueueArn: QUEUE_ARN,
      identity: ControllerIdentity.podIdentity({ namespace: 'karpenter', serviceAccount: 'karpenter-controller' }),
      roleName: 'karpenter-controller',
      policyNameSuffix: 'demo-euw1',
      additionalPolicyArns: ['arn:aws:iam::123456789012:policy/extra'],
      additionalStatements: [
        {
          sid: 'Extra',
          effect: PolicyEffect.ALLOW,
          actions: ['ec2:DescribeImages'],
          resources: ['*'],
          conditions: { StringEquals: { 'aws:RequestedRegion': ['eu-west-1'] } },
        },
      ],
      tags: { team: 'platform' },
    });
    const synthed = Testing.synth(stack);
    expect(synthed).toHaveResourceWithProperties(IamRole, { name: 'karpenter-controller', tags: { team: 'platform' } });
    expect(Object.keys(policiesByName(stack))).toContain('KarpenterControllerNodeLifecyclePolicy-demo-euw1');
    expect(synthed).toHaveResourceWithProperties(IamRolePolicyAttachment, { policy_arn: 'arn:aws:iam::123456789012:policy/extra' });
    expect(synthed).toHaveResourceWithProperties(IamRolePolicy, { name: 'KarpenterControllerAdditional' });
    expect(JSON.parse(onlyResource(stack, 'aws_iam_role_policy').policy).Statement).toEqual([
      {
        Sid: 'Extra',
        Effect: 'Allow',
        Action: ['ec2:DescribeImages'],
        Resource: ['*'],
        Condition: { StringEquals: { 'aws:RequestedRegion': ['eu-west-1'] } },
      },
    ]);
    expect(synthed).toHaveResourceWithProperties(EksPodIdentityAssociation, {
      namespace: 'karpenter',
      service_account: 'karpenter-controller',
      tags: { team: 'platform' },
    });
    expect(synthed).toMatchSnapshot();
  });

  test('should escape IAM policy variables so Terraform does not read them as templates', () => {
    const stack = newStack();
    const bucket = new TerraformVariable(stack, 'bucket_arn', { type: 'string' });
    new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      additionalStatements: [
        { actions: ['s3:GetObject'], resources: [`${bucket.stringValue}/\${aws:PrincipalTag/team}/*`, 'arn:aws:s3:::b/$${aws:username}'] },
      ],
    });
    const inline = onlyResource(stack, 'aws_iam_role_policy');
    expect(JSON.parse(inline.policy).Statement[0].Resource).toEqual([
      '${var.bucket_arn}/$${aws:PrincipalTag/team}/*',
      'arn:aws:s3:::b/$${aws:username}',
    ]);
  });

  test('should skip the inline policy size check when a statement holds a Terraform reference', () => {
    const stack = newStack();
    const arn = new TerraformVariable(stack, 'arn', { type: 'string' }).stringValue;
    const statement = { actions: ['s3:GetObject'], resources: [arn, ...Array.from({ length: 250 }, (_, i) => `arn:aws:s3:::bucket-${i}/objects/*`)] };
    expect(
      synthErrorLines(
        () =>
          new KarpenterControllerRole(stack, 'Controller', { cluster: FAKE_CLUSTER, nodeRoleArn: NODE_ROLE_ARN, additionalStatements: [statement] }),
      ),
    ).toEqual([]);
  });

  test('should create no association when told so', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      identity: ControllerIdentity.podIdentity({ createAssociation: false }),
    });
    expect(Testing.synth(stack)).not.toHaveResource(EksPodIdentityAssociation);
  });

  test('should match the default snapshot', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', { cluster: FAKE_CLUSTER, nodeRoleArn: NODE_ROLE_ARN, interruptionQueueArn: QUEUE_ARN });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the IRSA snapshot', () => {
    const stack = newStack();
    new KarpenterControllerRole(stack, 'Controller', {
      cluster: FAKE_CLUSTER,
      nodeRoleArn: NODE_ROLE_ARN,
      identity: ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN }),
    });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  // The messages are the plan's (test/core/aws/controller-role-plan.test.ts, trust-policies.test.ts); this checks they
  // fail synth under the path.
  test("fails synth with the plan's errors, each once, under its path", () => {
    expect(
      synthErrorLines(
        () =>
          new KarpenterControllerRole(newStack(), 'Controller', {
            cluster: { ...FAKE_CLUSTER, clusterName: 'c'.repeat(45) },
            nodeRoleArn: NODE_ROLE_ARN,
            identity: ControllerIdentity.irsa({ oidcProviderArn: '' }),
          }),
      ),
    ).toEqual([
      expect.stringMatching(/^\[test\/Controller\] roleName: .*\(InvalidIamNameLength\)$/),
      expect.stringMatching(/^\[test\/Controller\] identity\.oidcProviderArn: .*\(MissingOidcProviderArn\)$/),
    ]);
  });

  test('fails synth once, listing every problem', () => {
    expect(
      synthErrorLines(
        () =>
          new KarpenterControllerRole(newStack(), 'Controller', {
            cluster: { ...FAKE_CLUSTER, clusterArn: 'arn:aws:eks:eu-west-1:1234:cluster/demo' },
            nodeRoleArn: 'KarpenterNodeRole-demo',
            identity: ControllerIdentity.podIdentity({ namespace: 'Kube_System' }),
            policyNameSuffix: 'x'.repeat(86),
            additionalStatements: [{ actions: [], resources: ['*'] }],
          }),
      ),
    ).toEqual([
      expect.stringMatching(/policyNameSuffix:/),
      expect.stringMatching(/identity\.namespace:/),
      expect.stringMatching(/nodeRoleArn: must be an IAM role ARN/),
      expect.stringMatching(/cluster\.clusterArn: must be an EKS cluster ARN/),
      expect.stringMatching(/additionalStatements\[0\]\.actions/),
    ]);
  });
});
