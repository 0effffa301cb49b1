import * as clusterName from '../../../lib/core/aws/cluster-name';
import { ControllerIdentity } from '../../../lib/core/aws/controller-identity';
import { planControllerRole } from '../../../lib/core/aws/controller-role-plan';
import { planInterruptionQueue } from '../../../lib/core/aws/interruption-queue-plan';
import { KarpenterAwsPlanInput, karpenterAwsAttributes, planKarpenterAws } from '../../../lib/core/aws/karpenter-aws-plan';
import { AccessEntryType } from '../../../lib/core/aws/node-role-policies';
import { planNodeRole } from '../../../lib/core/aws/node-role-plan';
import * as trustPolicies from '../../../lib/core/aws/trust-policies';

const CLUSTER = {
  clusterName: 'demo',
  clusterArn: 'arn:aws:eks:eu-west-1:123456789012:cluster/demo',
  clusterSecurityGroupId: 'sg-0123456789abcdef0',
  oidcIssuerUrl: 'https://oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789',
};

const fields = (input: KarpenterAwsPlanInput) => planKarpenterAws(input).issues.map((i) => `${i.field} ${i.code}`);

describe('planKarpenterAws', () => {
  afterEach(() => jest.restoreAllMocks());

  test('should resolve the names of every part from the cluster name', () => {
    const plan = planKarpenterAws({ cluster: CLUSTER });
    expect(plan.issues).toEqual([]);
    expect([plan.queue?.queueName, plan.nodeRole.roleName, plan.controllerRole.roleName, plan.controllerRole.policyNameSuffix]).toEqual([
      'Karpenter-demo',
      'KarpenterNodeRole-demo',
      'KarpenterController-demo',
      'demo',
    ]);
    expect(plan.controllerRole.accountId).toBe('123456789012');
    expect(plan.discoverySecurityGroupIds).toEqual(['sg-0123456789abcdef0']);
  });

  test('should check the cluster name once, and derive no names from a bad one', () => {
    const spy = jest.spyOn(clusterName, 'validateClusterName');
    expect(fields({ cluster: { ...CLUSTER, clusterName: 'bad name' } })).toEqual(['cluster.clusterName InvalidClusterName']);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test("should report the parts' problems once, under its own prop names", () => {
    expect(
      fields({
        cluster: CLUSTER,
        queueName: 'q.fifo',
        queueKmsMasterKeyId: 'alias/aws/sqs',
        ruleNamePrefix: 'p'.repeat(40),
        nodeRoleName: 'n'.repeat(65),
        nodeRoleAdditionalPolicyArns: ['nope'],
        controllerRoleName: 'c c',
        controllerPolicyNameSuffix: 'x'.repeat(86),
        controllerRoleAdditionalPolicyArns: ['nope'],
        controllerRoleAdditionalStatements: [{ actions: [], resources: ['*'] }],
      }),
    ).toEqual([
      'queueName FifoInterruptionQueue',
      'ruleNamePrefix RuleNamePrefixTooLong',
      'queueKmsMasterKeyId AwsManagedKmsKey',
      'nodeRoleName InvalidIamNameLength',
      'nodeRoleAdditionalPolicyArns[0] InvalidPolicyArn',
      'controllerRoleName InvalidIamNameCharacters',
      'controllerPolicyNameSuffix InvalidIamNameLength',
      'controllerRoleAdditionalPolicyArns[0] InvalidPolicyArn',
      'controllerRoleAdditionalStatements[0].actions EmptyStatementActions',
    ]);
  });

  test('should name the prop to set in the hint of a default name that does not fit', () => {
    const issues = planKarpenterAws({ cluster: { ...CLUSTER, clusterName: 'c'.repeat(50) } }).issues;
    expect(issues.map((i) => i.field)).toEqual(['nodeRoleName', 'controllerRoleName']);
    expect(issues[0].message).toMatch(/^IAM name 'KarpenterNodeRole-c{50}' is 68 characters.*set 'nodeRoleName'/);
  });

  test('should plan no queue without spot termination, and reject queue options then', () => {
    const plan = planKarpenterAws({ cluster: CLUSTER, enableSpotTermination: false, queueName: 'q' });
    expect(plan.queue).toBeUndefined();
    expect(plan.issues.map((i) => i.code)).toEqual(['QueueOptionWithoutQueue']);
  });

  test("should check the identity's namespace and service account once, and hand the verdicts to the attributes", () => {
    const spy = jest.spyOn(trustPolicies, 'validateServiceAccountRef');
    const plan = planKarpenterAws({ cluster: CLUSTER, identity: ControllerIdentity.podIdentity({ namespace: 'Bad_NS', serviceAccount: 'Bad_SA' }) });
    expect(plan.issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'identity.namespace InvalidNamespace',
      'identity.serviceAccount InvalidServiceAccount',
    ]);
    expect(spy).toHaveBeenCalledTimes(1);
    const { attributes, issues } = karpenterAwsAttributes(plan, 'arn:aws:iam::123456789012:role/KarpenterController-demo');
    expect(issues).toEqual([]);
    expect(attributes).toMatchObject({
      controllerNamespace: 'Bad_NS',
      controllerServiceAccount: 'Bad_SA',
      checked: { controllerNamespace: { value: 'Bad_NS', valid: false }, controllerServiceAccount: { value: 'Bad_SA', valid: false } },
    });
    expect(karpenterAwsAttributes(planKarpenterAws({ cluster: CLUSTER }), 'arn').attributes.checked).toMatchObject({
      controllerNamespace: { value: 'kube-system', valid: true },
      controllerServiceAccount: { value: 'karpenter', valid: true },
    });
  });

  test('should check IRSA against the cluster issuer', () => {
    const irsa = ControllerIdentity.irsa({ oidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/OTHER' });
    expect(fields({ cluster: CLUSTER, identity: irsa })).toEqual(['identity.oidcProviderArn OidcProviderMismatch']);
  });
});

// Moved from test/aws/karpenter-aws.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('the verdicts the attributes carry', () => {
  test('names derived from a bad cluster name are not valid, and not reported: the cluster name is', () => {
    const plan = planKarpenterAws({ cluster: { ...CLUSTER, clusterName: 'my.cluster' }, clusterNameValid: false });
    expect(plan.issues).toEqual([]);
    expect([plan.clusterNameValid, plan.queue?.queueNameValid, plan.nodeRole.roleNameValid, plan.regionValid]).toEqual([false, false, false, true]);
    const { checked } = karpenterAwsAttributes(plan, 'arn').attributes;
    expect(checked).toMatchObject({
      clusterName: { value: 'my.cluster', valid: false },
      interruptionQueueName: { value: 'Karpenter-my.cluster', valid: false },
      nodeRoleName: { value: 'KarpenterNodeRole-my.cluster', valid: false },
    });
  });

  test('a bad name given outright is reported by its plan and carried as not valid', () => {
    const plan = planKarpenterAws({ cluster: CLUSTER, queueName: 'bad.queue', nodeRoleName: 'bad role', region: 'Ireland' });
    expect(plan.issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'queueName InvalidQueueNameCharacters',
      'nodeRoleName InvalidIamNameCharacters',
      'region InvalidRegion',
    ]);
    expect([plan.clusterNameValid, plan.queue?.queueNameValid, plan.nodeRole.roleNameValid, plan.regionValid]).toEqual([true, false, false, false]);
  });

  test('without a queue the attributes carry no queue verdict', () => {
    const { checked } = karpenterAwsAttributes(planKarpenterAws({ cluster: CLUSTER, enableSpotTermination: false }), 'arn').attributes;
    expect(checked && 'interruptionQueueName' in checked).toBe(false);
  });
});

describe('planKarpenterAws messages', () => {
  const messages = (input: KarpenterAwsPlanInput) => planKarpenterAws(input).issues.map((i) => `${i.field}: ${i.message}`);

  test('queue options without spot termination', () => {
    expect(messages({ cluster: CLUSTER, enableSpotTermination: false, queueName: 'q', ruleNamePrefix: 'K' })).toEqual([
      expect.stringMatching(/^queueName: queueName is set but enableSpotTermination is false/),
      expect.stringMatching(/^ruleNamePrefix: ruleNamePrefix is set but enableSpotTermination is false/),
    ]);
  });

  test('a controller policy name suffix that makes the names too long', () => {
    expect(messages({ cluster: CLUSTER, controllerPolicyNameSuffix: 'x'.repeat(86) })).toEqual([
      expect.stringMatching(/^controllerPolicyNameSuffix: IAM name 'KarpenterControllerResourceDiscoveryPolicy-x{86}' is 129 characters/),
    ]);
  });

  test('an access entry type without an access entry', () => {
    expect(messages({ cluster: CLUSTER, createAccessEntry: false, accessEntryType: AccessEntryType.EC2_WINDOWS })).toEqual([
      expect.stringMatching(/^accessEntryType: accessEntryType is EC2_WINDOWS but createAccessEntry is false/),
    ]);
  });

  test('a region that is not a region code', () => {
    expect(messages({ cluster: CLUSTER, region: 'Ireland' })).toEqual([expect.stringMatching(/^region: must be an AWS region code/)]);
  });

  test('security groups to tag that are not security group ids', () => {
    expect(messages({ cluster: { ...CLUSTER, clusterSecurityGroupId: '' } })).toEqual([
      expect.stringMatching(/^cluster\.clusterSecurityGroupId: '' is not a security group id .* or \[\] to tag none/),
    ]);
    expect(messages({ cluster: CLUSTER, discoverySecurityGroupIds: ['sg-0abc1234def567890', 'subnet-1'] })).toEqual([
      expect.stringMatching(/^discoverySecurityGroupIds\[1\]: 'subnet-1' is not a security group id/),
      expect.stringMatching(/^discoverySecurityGroupIds: 2 security groups/),
    ]);
    // AWS ids have 8 or 17 hex digits, nothing in between.
    expect(messages({ cluster: CLUSTER, discoverySecurityGroupIds: ['sg-0abc1234de'] })).toEqual([
      expect.stringMatching(/^discoverySecurityGroupIds\[0\]: 'sg-0abc1234de' is not a security group id/),
    ]);
  });

  test('the warning about several security groups to tag', () => {
    expect(messages({ cluster: CLUSTER, discoverySecurityGroupIds: ['sg-0aaaaaaaaaaaaaaaa', 'sg-0bbbbbbbbbbbbbbbb'] })).toEqual([
      expect.stringMatching(/^discoverySecurityGroupIds: 2 security groups get karpenter\.sh\/discovery/),
    ]);
  });
});

describe('the part plans on their own', () => {
  test('should check the cluster name and use their own field names', () => {
    expect(planInterruptionQueue({ clusterName: '' }).issues.map((i) => `${i.field} ${i.code}`)).toEqual(['clusterName EmptyClusterName']);
    expect(planNodeRole({ clusterName: 'demo', roleName: 'a b' }).issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'roleName InvalidIamNameCharacters',
    ]);
    expect(planControllerRole({ cluster: CLUSTER, nodeRoleArn: 'KarpenterNodeRole-demo' }).issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'nodeRoleArn InvalidNodeRoleArn',
    ]);
  });

  test("should give the verdicts on the identity's namespace and service account; a token is not checked", () => {
    const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.startsWith('${') };
    const role = (namespace: string, serviceAccount: string) =>
      planControllerRole({ cluster: CLUSTER, identity: ControllerIdentity.podIdentity({ namespace, serviceAccount }) }, ctx);
    expect(role('karpenter', 'Bad_SA')).toMatchObject({ namespaceValid: true, serviceAccountValid: false });
    expect(role('Bad_NS', '${var.sa}')).toMatchObject({ namespaceValid: false, serviceAccountValid: true });
  });

  test('should leave the account id to Terraform when the cluster ARN is a reference', () => {
    const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.startsWith('${') };
    expect(planControllerRole({ cluster: { ...CLUSTER, clusterArn: '${aws_eks_cluster.c.arn}' } }, ctx).accountId).toBeUndefined();
  });

  test('should use SQS-managed encryption unless a KMS key is given', () => {
    expect(planInterruptionQueue({ clusterName: 'demo' })).toMatchObject({ sqsManagedSseEnabled: true, ruleNamePrefix: 'Karpenter' });
    expect(planInterruptionQueue({ clusterName: 'demo', kmsMasterKeyId: 'alias/k' })).toMatchObject({
      sqsManagedSseEnabled: undefined,
      kmsMasterKeyId: 'alias/k',
    });
  });
});
