import { ControllerIdentity } from '../../../lib/core/aws/controller-identity';
import { ControllerRolePlanInput, planControllerRole } from '../../../lib/core/aws/controller-role-plan';

const CLUSTER = {
  clusterName: 'demo',
  clusterArn: 'arn:aws:eks:eu-west-1:123456789012:cluster/demo',
  oidcIssuerUrl: 'https://oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789',
};
const NODE_ROLE_ARN = 'arn:aws:iam::123456789012:role/KarpenterNodeRole-demo';

const messages = (input: Partial<ControllerRolePlanInput>) =>
  planControllerRole({ cluster: CLUSTER, nodeRoleArn: NODE_ROLE_ARN, ...input }).issues.map((i) => `${i.field}: ${i.message}`);

// Moved from the construct test: the plan makes these messages; test/aws/karpenter-controller-role.test.ts checks the reporting.
describe('planControllerRole messages', () => {
  test('additional statements past the inline policy quota, IAM policy variables included', () => {
    const statement = { actions: ['s3:GetObject'], resources: Array.from({ length: 250 }, (_, i) => `arn:aws:s3:::bucket-${i}/\${aws:username}/*`) };
    expect(messages({ additionalStatements: [statement] })).toEqual([
      expect.stringMatching(/^additionalStatements: the additional statements are \d+ characters; an inline role policy may hold 10240/),
    ]);
  });

  test('a default role name longer than 64 characters', () => {
    expect(messages({ cluster: { ...CLUSTER, clusterName: 'c'.repeat(45) } })).toEqual([
      expect.stringMatching(/^roleName: IAM name 'KarpenterController-c{45}' is 65 characters; IAM allows 1-64/),
    ]);
  });

  test('IRSA with a cluster whose issuer is empty', () => {
    const irsa = ControllerIdentity.irsa({
      oidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789',
    });
    expect(messages({ cluster: { ...CLUSTER, oidcIssuerUrl: '' }, identity: irsa })).toEqual([
      expect.stringMatching(/^cluster\.oidcIssuerUrl: IRSA needs the cluster's OIDC issuer URL, but the cluster has an empty one/),
    ]);
  });
});
