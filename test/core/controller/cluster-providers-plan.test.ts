import { ClusterAuth, ClusterAuthMode, planClusterProviders } from '../../../lib/core/controller/cluster-providers-plan';

describe('planClusterProviders', () => {
  test('should plan exec auth with aws eks get-token by default', () => {
    const plan = planClusterProviders({ clusterName: 'demo', region: 'eu-west-1' });
    expect(plan).toEqual({
      authMode: ClusterAuthMode.EXEC,
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'aws',
        args: ['eks', 'get-token', '--cluster-name', 'demo', '--region', 'eu-west-1', '--output', 'json'],
      },
      createHelmProvider: true,
      createKubernetesProvider: true,
      issues: [],
    });
  });

  test('should plan no exec block in token mode', () => {
    expect(planClusterProviders({ clusterName: 'demo', region: 'eu-west-1', auth: ClusterAuth.token() }).exec).toBeUndefined();
  });

  test('should use the core rules for the cluster name, region and role ARN', () => {
    const plan = planClusterProviders({ clusterName: '-x', region: 'eu', auth: ClusterAuth.exec({ roleArn: 'arn:aws:iam::1:role/x' }) });
    expect(plan.issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'clusterName InvalidClusterName',
      'region InvalidRegion',
      'auth.roleArn InvalidRoleArn',
    ]);
  });
});

// Moved from test/controller/cluster-providers.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('planClusterProviders messages', () => {
  test('no provider to create, and an alias for a provider that is not created', () => {
    const plan = planClusterProviders({
      clusterName: 'demo',
      region: 'eu-west-1',
      createHelmProvider: false,
      createKubernetesProvider: false,
      helmProviderAlias: 'demo',
    });
    expect(plan.issues.map((i) => `${i.field}: ${i.message} (${i.code})`)).toEqual([
      expect.stringMatching(
        /^helmProviderAlias: is 'demo' but createHelmProvider is false, so no provider gets it; remove one of them \(AliasWithoutProvider\)$/,
      ),
      expect.stringMatching(
        /^createHelmProvider: createHelmProvider and createKubernetesProvider are both false, so this construct creates nothing; .* \(NoProviderToCreate\)$/,
      ),
    ]);
  });
});
