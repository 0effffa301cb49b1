import {
  accountIdOfClusterArn,
  awsManagedPolicyArn,
  isAwsResourceId,
  parseArn,
  validateIamName,
  validatePolicyArns,
} from '../../../lib/core/aws/aws-partition';
import { IssueCollector } from '../../../lib/core/issues';
import { nodeRoleManagedPolicyArns, validateRoleName } from '../../../lib/core/aws/node-role-policies';
import { policyDocument, PolicyEffect, statementFromOptions } from '../../../lib/core/aws/policy-document';

describe('ARNs', () => {
  test('should read the account id from a cluster ARN', () => {
    const issues = new IssueCollector();
    expect(accountIdOfClusterArn(issues, 'cluster.clusterArn', 'arn:aws-us-gov:eks:us-gov-west-1:123456789012:cluster/demo')).toBe('123456789012');
    expect(issues.issues).toEqual([]);
  });

  test('throws when the cluster ARN is not an EKS cluster ARN', () => {
    const issues = new IssueCollector();
    expect(accountIdOfClusterArn(issues, 'cluster.clusterArn', 'arn:aws:iam::123456789012:role/demo')).toBeUndefined();
    expect(issues.issues[0].message).toMatch(/must be an EKS cluster ARN .* got 'arn:aws:iam::123456789012:role\/demo'/);
  });

  test('should split an ARN whose resource holds colons', () => {
    expect(parseArn('arn:aws:logs:eu-west-1:123456789012:log-group:a:*')).toEqual({
      partition: 'aws',
      service: 'logs',
      region: 'eu-west-1',
      account: '123456789012',
      resource: 'log-group:a:*',
    });
    expect(parseArn('not-an-arn')).toBeUndefined();
  });

  test('should build partition-aware managed policy ARNs for the node role', () => {
    expect(awsManagedPolicyArn('aws-cn', 'AmazonEKS_CNI_Policy')).toBe('arn:aws-cn:iam::aws:policy/AmazonEKS_CNI_Policy');
    expect(nodeRoleManagedPolicyArns('aws')).toEqual([
      'arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy',
      'arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy',
      'arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly',
      'arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore',
    ]);
  });

  test.each([
    ['sg', 'sg-12345678', true],
    ['sg', 'sg-0123456789abcdef0', true],
    ['subnet', 'subnet-0aaaaaaaaaaaaaaa1', true],
    ['sg', 'sg-0123456789', false],
    ['sg', 'sg-0123456789ABCDEF0', false],
    ['sg', 'vpc-12345678', false],
  ])('should tell whether %s id %s is an EC2 resource id (8 or 17 hex digits)', (kind, id, expected) => {
    expect(isAwsResourceId(kind, id)).toBe(expected);
  });

  test('throws when a policy ARN is not one', () => {
    const issues = new IssueCollector();
    validatePolicyArns(issues, 'additionalPolicyArns', ['arn:aws:iam::aws:policy/ReadOnlyAccess', 'ReadOnlyAccess']);
    expect(issues.issues).toEqual([expect.objectContaining({ field: 'additionalPolicyArns[1]', code: 'InvalidPolicyArn' })]);
  });
});

describe('IAM names', () => {
  test('should accept 64 valid characters for a role', () => {
    const issues = new IssueCollector();
    validateRoleName(issues, 'roleName', `a+=,.@_-${'b'.repeat(56)}`, false);
    expect(issues.issues).toEqual([]);
  });

  test('throws when a default role name is too long', () => {
    const issues = new IssueCollector();
    validateRoleName(issues, 'roleName', `KarpenterNodeRole-${'c'.repeat(47)}`, true);
    expect(issues.issues[0].message).toMatch(/is 65 characters; IAM allows 1-64\. The default name is derived from the cluster name; set 'roleName'/);
  });

  test('throws when a name has characters IAM rejects', () => {
    const issues = new IssueCollector();
    validateIamName(issues, 'roleName', 'my role', 64, 'Choose another.');
    expect(issues.issues[0].code).toBe('InvalidIamNameCharacters');
  });
});

describe('user statements', () => {
  test('should convert options to IAM JSON', () => {
    const issues = new IssueCollector();
    const s = statementFromOptions(issues, 's', {
      sid: 'Extra',
      effect: PolicyEffect.DENY,
      actions: ['ec2:TerminateInstances'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:RequestedRegion': ['eu-west-1'] } },
    });
    expect(policyDocument([s])).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'Extra',
          Effect: 'Deny',
          Action: ['ec2:TerminateInstances'],
          Resource: ['*'],
          Condition: { StringEquals: { 'aws:RequestedRegion': ['eu-west-1'] } },
        },
      ],
    });
    expect(issues.issues).toEqual([]);
  });

  test('throws when a statement has no actions, no resources or a bad Sid', () => {
    const issues = new IssueCollector();
    statementFromOptions(issues, 'additionalStatements[0]', { sid: 'bad-sid', actions: [], resources: [] });
    expect(issues.issues.map((i) => i.code)).toEqual(['EmptyStatementActions', 'EmptyStatementResources', 'InvalidStatementSid']);
  });
});
