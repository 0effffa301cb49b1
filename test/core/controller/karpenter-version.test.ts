import { formatIssues, Severity } from '../../../lib/core/issues';
import { KarpenterRegistry, KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../../lib/core/controller/release';

describe('KarpenterVersion', () => {
  // The facts themselves are checked against the chart values in release.test.ts.
  test('should pin 1.14.1 with the chart, image tag and digest of KARPENTER_RELEASE', () => {
    const v = KarpenterVersion.V1_14_1;
    expect({
      chart: v.chartVersion,
      app: v.appVersion,
      repo: v.imageRepository,
      tag: v.imageTag,
      digest: v.imageDigest,
      bundled: v.isBundled,
    }).toEqual({
      chart: '1.14.1',
      app: '1.14.1',
      repo: 'public.ecr.aws/karpenter/controller',
      tag: '1.14.1',
      digest: KARPENTER_RELEASE.imageDigest,
      bundled: true,
    });
    expect(v.issues).toEqual([]);
  });

  test('should default to the bundled 1.14.1', () => {
    expect(KarpenterVersion.DEFAULT).toBe(KarpenterVersion.V1_14_1);
  });

  test('of() should return the bundled version (with its digest) for 1.14.1', () => {
    expect(KarpenterVersion.of('1.14.1')).toBe(KarpenterVersion.V1_14_1);
  });

  test('of() should leave the digest to the chart when none is given', () => {
    const v = KarpenterVersion.of('1.13.1');
    expect([v.chartVersion, v.imageTag, v.imageDigest, v.isBundled]).toEqual(['1.13.1', '1.13.1', undefined, false]);
  });

  test('of() should keep a given digest', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    expect(KarpenterVersion.of('1.14.1', { imageDigest: digest }).imageDigest).toBe(digest);
    expect(KarpenterVersion.of('1.14.1', { imageDigest: digest }).isBundled).toBe(false);
  });

  // Not thrown: the errors are the version's issues, which KarpenterController reports with its construct path.
  const problems = (version: KarpenterVersion) => formatIssues('c', version.issues);

  test('reports a version below 1.0, pointing to the migration guide', () => {
    expect(problems(KarpenterVersion.of('0.37.7'))).toMatch(
      /^\[c\] version: KarpenterVersion.of\('0\.37\.7'\): Karpenter 0\.37\.7 uses the v1beta1\/v1alpha5 API; .*https:\/\/karpenter\.sh\/v1\.0\/upgrading\/v1-migration\/ \(PreV1KarpenterVersion\)$/,
    );
  });

  test.each([['1.14'], ['latest'], ['1.14.1-rc.1'], ['01.2.3'], [' 1.14.1']])('reports a malformed version: %p', (bad) => {
    const version = KarpenterVersion.of(bad);
    expect(problems(version)).toMatch(/must be a literal MAJOR\.MINOR\.PATCH chart version known at synth.*\(InvalidKarpenterVersion\)$/);
    expect(version.chartVersion).toBe(bad);
  });

  test('reports a leading v, saying what to use', () => {
    expect(problems(KarpenterVersion.of('v1.14.1'))).toMatch(/no leading 'v': use '1\.14\.1' instead of 'v1\.14\.1'/);
  });

  test('reports every problem at once', () => {
    const issues = KarpenterVersion.of('0.36.0', { imageDigest: 'sha256:abc' }).issues;
    expect(issues.map((i) => [i.severity, i.field, i.code])).toEqual([
      [Severity.ERROR, 'version', 'PreV1KarpenterVersion'],
      [Severity.ERROR, 'version.imageDigest', 'InvalidImageDigest'],
    ]);
  });

  test('should warn (not fail) for the known-bad 1.8.4', () => {
    expect(KarpenterVersion.of('1.8.4').issues).toEqual([
      expect.objectContaining({
        severity: Severity.WARNING,
        code: 'KnownBadKarpenterVersion',
        message: expect.stringMatching(/TopologySpreadConstraint.*use 1\.8\.5 or later/),
      }),
    ]);
    expect(KarpenterVersion.of('1.8.5').issues).toEqual([]);
  });

  test('should warn for 1.0.x, whose CRDs still need conversion webhooks', () => {
    expect(KarpenterVersion.of('1.0.8').issues.map((i) => i.code)).toEqual(['KarpenterV1_0ConversionWebhooks']);
  });

  test('should warn for an untested major version', () => {
    expect(KarpenterVersion.of('2.0.0').issues.map((i) => i.code)).toEqual(['UntestedKarpenterMajorVersion']);
  });

  test('isAtLeast() should compare major, minor and patch', () => {
    const v = KarpenterVersion.of('1.12.3');
    expect([v.isAtLeast('1.12'), v.isAtLeast('1.12.3'), v.isAtLeast('1.12.4'), v.isAtLeast('1.9.9'), v.isAtLeast('2.0.0')]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('KarpenterRegistry', () => {
  test('publicEcr() should use the official OCI repository and image, without credentials', () => {
    const r = KarpenterRegistry.publicEcr();
    expect([r.chartRepository, r.imageRepository, r.repositoryUsername, r.repositoryPassword, r.keepImageDigest, r.isPublicEcr]).toEqual([
      'oci://public.ecr.aws/karpenter',
      'public.ecr.aws/karpenter/controller',
      undefined,
      undefined,
      true,
      true,
    ]);
    expect(r.validate('registry')).toEqual([]);
  });

  test('custom() should keep the digest by default and accept a pull-through cache', () => {
    const r = KarpenterRegistry.custom({
      chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
      imageRepository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
    });
    expect([r.keepImageDigest, r.isPublicEcr]).toEqual([true, false]);
    expect(r.validate('registry')).toEqual([]);
  });

  test('should reject a chart repository that is not oci://', () => {
    const r = KarpenterRegistry.custom({ chartRepository: 'https://charts.karpenter.sh', imageRepository: 'r.example.com/controller' });
    expect(r.validate('registry')).toEqual([
      expect.objectContaining({
        field: 'registry.chartRepository',
        code: 'InvalidChartRepository',
        message: expect.stringMatching(/starting with 'oci:\/\/'.*got 'https:\/\/charts\.karpenter\.sh'/),
      }),
    ]);
  });

  test('should reject a chart repository that includes the chart name', () => {
    const r = KarpenterRegistry.custom({ chartRepository: 'oci://public.ecr.aws/karpenter/karpenter', imageRepository: 'r.example.com/controller' });
    expect(r.validate('registry')[0].message).toMatch(/without the chart name.*use 'oci:\/\/public\.ecr\.aws\/karpenter'/);
  });

  test('should reject an image repository with a tag, digest or scheme', () => {
    const codes = ['r.example.com/karpenter/controller:1.14.1', 'r.example.com/controller@sha256:abc', 'https://r.example.com/controller'].map(
      (imageRepository) =>
        KarpenterRegistry.custom({ chartRepository: 'oci://r.example.com/karpenter', imageRepository })
          .validate('registry')
          .map((i) => i.message),
    );
    expect(codes[0]).toEqual([expect.stringMatching(/must not include a tag or digest/)]);
    expect(codes[1]).toEqual([expect.stringMatching(/must not include a tag or digest/)]);
    expect(codes[2]).toEqual([expect.stringMatching(/without a URL scheme/)]);
  });

  test('should accept a registry host with a port', () => {
    const r = KarpenterRegistry.custom({
      chartRepository: 'oci://r.example.com:5000/karpenter',
      imageRepository: 'r.example.com:5000/karpenter/controller',
    });
    expect(r.validate('registry')).toEqual([]);
  });

  test('should require username and password together', () => {
    const r = KarpenterRegistry.custom({
      chartRepository: 'oci://r.example.com/karpenter',
      imageRepository: 'r.example.com/c',
      repositoryUsername: 'AWS',
    });
    expect(r.validate('registry')).toEqual([
      expect.objectContaining({
        code: 'IncompleteRepositoryCredentials',
        message: expect.stringMatching(/must be set together; got only repositoryUsername/),
      }),
    ]);
  });

  test('should skip checks on unresolved tokens', () => {
    const r = KarpenterRegistry.custom({ chartRepository: '${TOKEN}', imageRepository: '${TOKEN}' });
    expect(r.validate('registry', { isUnresolved: (v) => v === '${TOKEN}' })).toEqual([]);
  });
});
