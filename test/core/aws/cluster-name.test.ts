import { validateClusterName } from '../../../lib/core/aws/cluster-name';
import { IssueCollector } from '../../../lib/core/issues';

function check(name: string, isToken = false) {
  const issues = new IssueCollector({ isUnresolved: () => isToken });
  validateClusterName(issues, 'clusterName', name);
  return issues.issues;
}

describe('validateClusterName', () => {
  test.each(['a', 'demo', 'Prod_01-eu', '9lives', 'x'.repeat(100)])('should accept %j', (name) => {
    expect(check(name)).toEqual([]);
  });

  test('throws when the name is empty', () => {
    expect(check('')).toEqual([expect.objectContaining({ code: 'EmptyClusterName', message: expect.stringMatching(/cluster name is empty/) })]);
  });

  test('reports a name longer than 100 characters with its length', () => {
    expect(check('a'.repeat(101))).toEqual([
      expect.objectContaining({ code: 'ClusterNameTooLong', message: expect.stringMatching(/is 101 characters; EKS allows 1-100/) }),
    ]);
  });

  test.each(['-demo', '_demo', 'my.cluster', 'my cluster', 'démo'])('reports the invalid name %j', (name) => {
    expect(check(name)).toEqual([
      expect.objectContaining({
        field: 'clusterName',
        code: 'InvalidClusterName',
        message: expect.stringContaining(`cluster name '${name}' is invalid`),
      }),
    ]);
  });

  test('reports a token, since names are derived from it', () => {
    expect(check('${aws_eks_cluster.x.name}', true)).toEqual([expect.objectContaining({ code: 'ClusterNameIsToken' })]);
  });
});
