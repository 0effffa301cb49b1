import { carriedIssues, formatIssues, IssueCollector } from '../../../lib/core/issues';
import {
  KARPENTER_MAX_KUBERNETES_MINOR,
  KARPENTER_MIN_KUBERNETES_MINOR,
  KubernetesVersion,
  validateKubernetesVersion,
} from '../../../lib/core/aws/kubernetes-version';

describe('KubernetesVersion', () => {
  test('should expose 1.30 to 1.36 as static members', () => {
    // THEN
    expect(
      [
        KubernetesVersion.V1_30,
        KubernetesVersion.V1_31,
        KubernetesVersion.V1_32,
        KubernetesVersion.V1_33,
        KubernetesVersion.V1_34,
        KubernetesVersion.V1_35,
        KubernetesVersion.V1_36,
      ].map((v) => v.version),
    ).toEqual(['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36']);
    expect(KubernetesVersion.V1_33.minor).toBe(33);
    expect(`${KubernetesVersion.V1_34}`).toBe('1.34');
  });

  test('should default to 1.36, the newest Karpenter 1.14 supports', () => {
    expect(KubernetesVersion.DEFAULT).toBe(KubernetesVersion.V1_36);
    expect(KubernetesVersion.DEFAULT.minor).toBe(KARPENTER_MAX_KUBERNETES_MINOR);
  });

  test('should accept every supported version through of()', () => {
    for (let minor = KARPENTER_MIN_KUBERNETES_MINOR; minor <= KARPENTER_MAX_KUBERNETES_MINOR; minor++) {
      expect(KubernetesVersion.of(`1.${minor}`).minor).toBe(minor);
    }
  });

  // Not thrown: the value carries the problem; EksCluster reports it with its construct path.
  const problemsOf = (v: string) => formatIssues('c', carriedIssues({ version: KubernetesVersion.of(v) }));

  test('reports a version older than 1.30', () => {
    expect(problemsOf('1.29')).toMatch(
      /^\[c\] version: KubernetesVersion.of: Kubernetes 1\.29 is outside the range Karpenter 1\.14 supports \(1\.30-1\.36.*\(UnsupportedKubernetesVersion\)$/,
    );
  });

  test('reports a version newer than 1.36', () => {
    expect(problemsOf('1.37')).toMatch(/Kubernetes 1\.37 is outside the range/);
  });

  test('reports a version with a patch number', () => {
    expect(problemsOf('1.33.2')).toMatch(
      /^\[c\] version: KubernetesVersion.of: Kubernetes version must be 'major\.minor' like '1\.33'.*got '1\.33\.2'.*\(InvalidKubernetesVersion\)$/,
    );
  });

  test.each(['', 'v1.33', '1', '2.30', '1.x', '1.030'])('reports the version %j', (v) => {
    expect(problemsOf(v)).toMatch(/\(InvalidKubernetesVersion\)$/);
  });

  test('should skip the check for tokens', () => {
    const issues = new IssueCollector({ isUnresolved: (v) => v === '${TOKEN}' });
    validateKubernetesVersion(issues, 'version', '${TOKEN}');
    expect(issues.issues).toEqual([]);
  });
});
