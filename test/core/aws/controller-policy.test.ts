import {
  ControllerPolicyInput,
  ControllerPolicyKind,
  controllerManagedPolicies,
  controllerPolicyStatements,
  validateControllerPolicyNameSuffix,
} from '../../../lib/core/aws/controller-policy';
import { IssueCollector } from '../../../lib/core/issues';
import { MANAGED_POLICY_MAX_CHARS, PolicyStatementJson, policySize } from '../../../lib/core/aws/policy-document';
import { readReferenceFixture, readSharedReference } from '../../fixtures/reference';

const INPUT: ControllerPolicyInput = {
  partition: 'aws',
  region: 'eu-west-1',
  accountId: '123456789012',
  clusterName: 'demo',
  nodeRoleArn: 'arn:aws:iam::123456789012:role/KarpenterNodeRole-demo',
  interruptionQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:Karpenter-demo',
};

const REFERENCE_FILE = 'karpenter-controller-policy.json';

interface ReferenceStatement {
  sid: string;
  policy: string;
  effect: string;
  actions: string[];
  resources: string[];
  conditions: Record<string, Record<string, string | string[]>>;
}
interface ReferencePolicy {
  managedPolicies: { logicalId: string; managedPolicyName: string; sids: string[] }[];
  counts: { managedPolicies: number; statements: number; actionEntriesTotal: number; distinctActions: number };
  distinctActions: string[];
  statements: ReferenceStatement[];
}

/** Replaces the reference's CloudFormation placeholders with INPUT. */
function substitute<T>(value: T): T {
  const text = JSON.stringify(value)
    .split('${Partition}')
    .join(INPUT.partition)
    .split('${Region}')
    .join(INPUT.region)
    .split('${AccountId}')
    .join(INPUT.accountId)
    .split('${ClusterName}')
    .join(INPUT.clusterName)
    .split('${NodeRoleArn}')
    .join(INPUT.nodeRoleArn)
    .split('${InterruptionQueueArn}')
    .join(INPUT.interruptionQueueArn!);
  return JSON.parse(text) as T;
}

/** The reference's statement as IAM JSON (no Condition key when it has none). */
function asIamJson(s: ReferenceStatement): PolicyStatementJson {
  return {
    Sid: s.sid,
    Effect: s.effect,
    Action: s.actions,
    Resource: s.resources,
    ...(Object.keys(s.conditions).length > 0 ? { Condition: s.conditions } : {}),
  };
}

// The fixture is a copy of ../shared/reference/karpenter-controller-policy.json, so a lone clone compares too.
const reference: ReferencePolicy = substitute(JSON.parse(readReferenceFixture(REFERENCE_FILE)) as ReferencePolicy);

describe('controller policy vs upstream reference (karpenter-controller-policy.json)', () => {
  const ref = reference;

  const shared = readSharedReference(REFERENCE_FILE);
  if (shared === undefined) console.warn(`SKIPPED: ../shared/reference/${REFERENCE_FILE} not found; the fixture copy is not cross-checked`);
  (shared === undefined ? test.skip : test)('the fixture equals ../shared/reference when present', () => {
    expect(JSON.parse(readReferenceFixture(REFERENCE_FILE))).toEqual(JSON.parse(shared!));
  });
  const statements = controllerPolicyStatements(INPUT);

  test('should have the reference Sids in the reference order', () => {
    expect(statements.map((s) => s.Sid)).toEqual(ref.statements.map((s) => s.sid));
  });

  // The table is built even when the describe is skipped, so it must not read a missing reference.
  test.each((reference ? ref.statements : [{} as ReferencePolicy['statements'][number]]).map((s) => [s.sid, s] as const))(
    'statement %s should equal the reference',
    (sid, refStatement) => {
      expect(statements.find((s) => s.Sid === sid)).toEqual(asIamJson(refStatement));
    },
  );

  test('should put each Sid in the reference managed policy', () => {
    const policies = controllerManagedPolicies(INPUT);
    expect(policies.map((p) => ({ name: p.name, sids: p.document.Statement.map((s) => s.Sid) }))).toEqual(
      ref.managedPolicies.map((p) => ({ name: p.managedPolicyName, sids: p.sids })),
    );
  });

  test('should have the reference action counts', () => {
    const actions = statements.flatMap((s) => s.Action as string[]);
    expect(statements).toHaveLength(ref.counts.statements);
    expect(actions).toHaveLength(ref.counts.actionEntriesTotal);
    expect([...new Set(actions)].sort()).toEqual([...ref.distinctActions].sort());
  });
});

describe('controller policy (hard-coded upstream facts)', () => {
  test('should have 18 statements in 6 managed policies with a queue', () => {
    const policies = controllerManagedPolicies(INPUT);
    expect(controllerPolicyStatements(INPUT)).toHaveLength(18);
    expect(policies.map((p) => p.name)).toEqual([
      'KarpenterControllerNodeLifecyclePolicy-demo',
      'KarpenterControllerIAMIntegrationPolicy-demo',
      'KarpenterControllerEKSIntegrationPolicy-demo',
      'KarpenterControllerInterruptionPolicy-demo',
      'KarpenterControllerZonalShiftPolicy-demo',
      'KarpenterControllerResourceDiscoveryPolicy-demo',
    ]);
    expect(policies.map((p) => p.document.Statement.length)).toEqual([6, 4, 1, 1, 1, 5]);
  });

  test('should limit iam:PassRole to the node role, passed to EC2 only', () => {
    const passRole = controllerPolicyStatements(INPUT).find((s) => s.Sid === 'AllowPassingInstanceRole');
    expect(passRole).toEqual({
      Sid: 'AllowPassingInstanceRole',
      Effect: 'Allow',
      Action: ['iam:PassRole'],
      Resource: [INPUT.nodeRoleArn],
      Condition: { StringEquals: { 'iam:PassedToService': ['ec2.amazonaws.com', 'ec2.amazonaws.com.cn'] } },
    });
  });

  test('should limit the SQS actions to the queue', () => {
    const sqs = controllerPolicyStatements(INPUT).find((s) => s.Sid === 'AllowInterruptionQueueActions');
    expect(sqs).toEqual({
      Sid: 'AllowInterruptionQueueActions',
      Effect: 'Allow',
      Action: ['sqs:DeleteMessage', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'],
      Resource: [INPUT.interruptionQueueArn],
    });
  });

  test('should scope deletion to instances tagged for this cluster and a node pool', () => {
    const del = controllerPolicyStatements(INPUT).find((s) => s.Sid === 'AllowScopedDeletion');
    expect(del?.Condition).toEqual({
      StringEquals: { 'aws:ResourceTag/kubernetes.io/cluster/demo': 'owned' },
      StringLike: { 'aws:ResourceTag/karpenter.sh/nodepool': '*' },
    });
  });

  test('should leave out the Interruption policy without a queue', () => {
    const input = { ...INPUT, interruptionQueueArn: undefined };
    expect(controllerPolicyStatements(input)).toHaveLength(17);
    expect(controllerManagedPolicies(input).map((p) => p.kind)).toEqual([
      ControllerPolicyKind.NODE_LIFECYCLE,
      ControllerPolicyKind.IAM_INTEGRATION,
      ControllerPolicyKind.EKS_INTEGRATION,
      ControllerPolicyKind.ZONAL_SHIFT,
      ControllerPolicyKind.RESOURCE_DISCOVERY,
    ]);
  });

  test('should use the partition in every ARN (aws-cn)', () => {
    const cn = {
      ...INPUT,
      partition: 'aws-cn',
      region: 'cn-north-1',
      nodeRoleArn: 'arn:aws-cn:iam::123456789012:role/n',
      interruptionQueueArn: 'arn:aws-cn:sqs:cn-north-1:123456789012:q',
    };
    const statements = controllerPolicyStatements(cn);
    const arns = statements.flatMap((s) => s.Resource as string[]).filter((r) => r.startsWith('arn:'));
    expect(arns.length).toBeGreaterThan(10);
    for (const arn of arns) expect(arn).toMatch(/^arn:aws-cn:/);
    expect(statements.find((s) => s.Sid === 'AllowAPIServerEndpointDiscovery')?.Resource).toEqual([
      'arn:aws-cn:eks:cn-north-1:123456789012:cluster/demo',
    ]);
    expect(statements.find((s) => s.Sid === 'AllowPassingInstanceRole')?.Condition).toEqual({
      StringEquals: { 'iam:PassedToService': ['ec2.amazonaws.com', 'ec2.amazonaws.com.cn'] },
    });
  });

  test('should name policies after a given suffix', () => {
    expect(controllerManagedPolicies(INPUT, 'demo-euw1')[0].name).toBe('KarpenterControllerNodeLifecyclePolicy-demo-euw1');
  });

  test('should keep every managed policy under the 6,144-character quota with the longest values', () => {
    const worst: ControllerPolicyInput = {
      partition: 'aws-us-gov',
      region: 'ap-southeast-5',
      accountId: '123456789012',
      clusterName: 'c'.repeat(100),
      nodeRoleArn: `arn:aws-us-gov:iam::123456789012:role/${'r'.repeat(64)}`,
      interruptionQueueArn: `arn:aws-us-gov:sqs:ap-southeast-5:123456789012:${'q'.repeat(80)}`,
    };
    for (const p of controllerManagedPolicies(worst)) {
      expect(policySize(p.document)).toBeLessThan(MANAGED_POLICY_MAX_CHARS);
    }
  });

  test('throws when the policy names exceed 128 characters', () => {
    const issues = new IssueCollector();
    validateControllerPolicyNameSuffix(issues, 'policyNameSuffix', 'x'.repeat(90));
    expect(issues.issues).toEqual([
      expect.objectContaining({
        field: 'policyNameSuffix',
        code: 'InvalidIamNameLength',
        message: expect.stringMatching(/133 characters; IAM allows 1-128.*at most 85/),
      }),
    ]);
  });

  test('should skip name checks on tokens', () => {
    const issues = new IssueCollector({ isUnresolved: (v) => String(v).includes('${') });
    validateControllerPolicyNameSuffix(issues, 'policyNameSuffix', '${TfToken[TOKEN.1]}');
    expect(issues.issues).toEqual([]);
  });
});
