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
