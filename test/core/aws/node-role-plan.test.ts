import { planNodeRole } from '../../../lib/core/aws/node-role-plan';

const messages = (...args: Parameters<typeof planNodeRole>) => planNodeRole(...args).issues.map((i) => `${i.field}: ${i.message}`);

// Moved from the construct test: the plan makes these messages; test/aws/karpenter-node-role.test.ts checks the reporting.
describe('planNodeRole messages', () => {
  test('a default role name longer than 64 characters says to set roleName', () => {
    expect(messages({ clusterName: 'c'.repeat(47) })).toEqual([
      expect.stringMatching(
        new RegExp(
          "^roleName: IAM name 'KarpenterNodeRole-c{47}' is 65 characters; IAM allows 1-64\\. " +
            "The default name is derived from the cluster name; set 'roleName'",
        ),
      ),
    ]);
  });

  test('a role name with characters IAM rejects', () => {
    expect(messages({ clusterName: 'demo', roleName: 'karpenter nodes' })).toEqual([
      expect.stringMatching(/^roleName: IAM name 'karpenter nodes' has characters IAM rejects/),
    ]);
  });
});
