import * as path from 'path';
import { KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { CRD_FILES, fetchUpstream, upstreamCrdsDir, upstreamFiles, upstreamValuesFile } from '../../scripts/fetch-upstream';

describe('fetch-upstream', () => {
  test('should download the four CRDs and the chart values.yaml of the pinned release tag', () => {
    expect(upstreamFiles('1.14.1')).toEqual([
      ...CRD_FILES.map((f) => ({
        url: `https://raw.githubusercontent.com/aws/karpenter-provider-aws/v1.14.1/pkg/apis/crds/${f}`,
        target: path.join('.upstream', '1.14.1', 'crds', f),
      })),
      {
        url: 'https://raw.githubusercontent.com/aws/karpenter-provider-aws/v1.14.1/charts/karpenter/values.yaml',
        target: path.join('.upstream', '1.14.1', 'chart', 'values.yaml'),
      },
    ]);
    expect(CRD_FILES).toHaveLength(4);
  });

  test('should write each file where the tests look for it', async () => {
    const written = new Map<string, string>();
    const urls: string[] = [];
    const files = await fetchUpstream('/repo', '1.14.1', {
      fetch: async (url) => {
        urls.push(url);
        return { ok: true, status: 200, text: async () => `body of ${url}` };
      },
      writeFile: (f, c) => written.set(f, c),
      log: () => undefined,
    });
    expect(files).toEqual([...CRD_FILES.map((f) => path.join(upstreamCrdsDir('/repo', '1.14.1'), f)), upstreamValuesFile('/repo', '1.14.1')]);
    expect(written.get(path.join('/repo', '.upstream', '1.14.1', 'crds', 'karpenter.sh_nodepools.yaml'))).toBe(`body of ${urls[0]}`);
  });

  test('should default to the pinned Karpenter version', () => {
    expect(upstreamCrdsDir('/repo')).toBe(path.join('/repo', '.upstream', KarpenterVersion.DEFAULT.chartVersion, 'crds'));
  });

  test('throws on a failed download, naming the URL and status', async () => {
    await expect(
      fetchUpstream('/repo', '1.14.1', {
        fetch: async () => ({ ok: false, status: 404, text: async () => '' }),
        writeFile: () => undefined,
        log: () => undefined,
      }),
    ).rejects.toThrow(
      'GET https://raw.githubusercontent.com/aws/karpenter-provider-aws/v1.14.1/pkg/apis/crds/karpenter.sh_nodepools.yaml failed with HTTP 404',
    );
  });

  test('throws on a network failure, naming the URL and the cause', async () => {
    await expect(
      fetchUpstream('/repo', '1.14.1', {
        fetch: async () => {
          throw Object.assign(new Error('fetch failed'), { cause: new Error('getaddrinfo ENOTFOUND raw.githubusercontent.com') });
        },
        writeFile: () => undefined,
        log: () => undefined,
      }),
    ).rejects.toThrow(
      /^GET https:\/\/raw\.githubusercontent\.com\/.*karpenter\.sh_nodepools\.yaml failed: fetch failed \(getaddrinfo ENOTFOUND raw\.githubusercontent\.com\); this script needs network access/,
    );
  });

  test('throws on a version that is not MAJOR.MINOR.PATCH', () => {
    expect(() => upstreamFiles('v1.14.1')).toThrow(/MAJOR\.MINOR\.PATCH/);
  });
});
