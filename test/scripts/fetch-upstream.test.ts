import * as path from 'path';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';
import { CRD_FILES, FetchDependencies, fetchUpstream, upstreamCrdsDir, upstreamFiles, upstreamValuesFile } from '../../scripts/fetch-upstream';
import { CHART_VALUES_FILE, readReferenceFixture } from '../fixtures/reference';

const RELEASE_BRANCH = 'https://raw.githubusercontent.com/aws/karpenter-provider-aws/release-v1.14.1';
const CHART_VALUES = readReferenceFixture(CHART_VALUES_FILE);
const OLD_DIGEST = 'sha256:723130949e4cab989461ff07d1be4cd781d63515432494641b33c235f300ae23';

/** An injected fetch that serves `values` for the chart values.yaml and a stub for the CRDs, recording every URL. */
function fakeUpstream(values: string = CHART_VALUES): { deps: FetchDependencies; urls: string[]; written: Map<string, string>; log: string[] } {
  const urls: string[] = [];
  const written = new Map<string, string>();
  const log: string[] = [];
  const deps: FetchDependencies = {
    fetch: async (url) => {
      urls.push(url);
      return { ok: true, status: 200, text: async () => (url.endsWith('/values.yaml') ? values : `body of ${url}`) };
    },
    writeFile: (f, c) => written.set(f, c),
    log: (line) => log.push(line),
  };
  return { deps, urls, written, log };
}

describe('fetch-upstream', () => {
  test('should download the four CRDs and the chart values.yaml from the release branch', () => {
    expect(upstreamFiles('1.14.1')).toEqual([
      ...CRD_FILES.map((f) => ({ url: `${RELEASE_BRANCH}/pkg/apis/crds/${f}`, target: path.join('.upstream', '1.14.1', 'crds', f) })),
      { url: `${RELEASE_BRANCH}/charts/karpenter/values.yaml`, target: path.join('.upstream', '1.14.1', 'chart', 'values.yaml') },
    ]);
    expect(CRD_FILES).toHaveLength(4);
  });

  test('should request only release-branch URLs, never the default branch or the tag', async () => {
    const { deps, urls } = fakeUpstream();
    await fetchUpstream('/repo', '1.14.1', deps);
    expect(urls).toHaveLength(CRD_FILES.length + 1);
    for (const url of urls) {
      expect(url.startsWith(`${RELEASE_BRANCH}/`)).toBe(true);
      // The tag carries the 1.13.0 chart values, the default branch the 1.14.0 digest.
      expect(url).not.toMatch(/\/(main|master|HEAD|v1\.14\.1|refs\/tags\/[^/]+)\//);
    }
  });

  test('should write each file where the tests look for it, and confirm the image of the pinned release', async () => {
    const { deps, urls, written, log } = fakeUpstream();
    const files = await fetchUpstream('/repo', '1.14.1', deps);
    expect(files).toEqual([...CRD_FILES.map((f) => path.join(upstreamCrdsDir('/repo', '1.14.1'), f)), upstreamValuesFile('/repo', '1.14.1')]);
    expect(written.get(path.join('/repo', '.upstream', '1.14.1', 'crds', 'karpenter.sh_nodepools.yaml'))).toBe(`body of ${urls[0]}`);
    expect(written.get(upstreamValuesFile('/repo', '1.14.1'))).toBe(CHART_VALUES);
    expect(log[log.length - 1]).toBe(
      `${RELEASE_BRANCH}/charts/karpenter/values.yaml pins public.ecr.aws/karpenter/controller:1.14.1@${KARPENTER_RELEASE.imageDigest}, ` +
        'as KARPENTER_RELEASE does',
    );
  });

  test('throws when the chart values of the pinned release pin another image, naming both', async () => {
    const { deps } = fakeUpstream(CHART_VALUES.replace(KARPENTER_RELEASE.imageDigest, OLD_DIGEST));
    await expect(fetchUpstream('/repo', '1.14.1', deps)).rejects.toThrow(
      `${RELEASE_BRANCH}/charts/karpenter/values.yaml pins the controller image public.ecr.aws/karpenter/controller:1.14.1@${OLD_DIGEST}, ` +
        `but lib/core/controller/release.ts (KARPENTER_RELEASE) says public.ecr.aws/karpenter/controller:1.14.1@${KARPENTER_RELEASE.imageDigest}`,
    );
  });

  test('throws on chart values that are not YAML, naming the URL', async () => {
    const { deps } = fakeUpstream('controller: [unclosed');
    await expect(fetchUpstream('/repo', '1.14.1', deps)).rejects.toThrow(`${RELEASE_BRANCH}/charts/karpenter/values.yaml is not YAML: `);
  });

  test('for another version, should say which digest to pass to KarpenterVersion.of', async () => {
    const digest = `sha256:${'b'.repeat(64)}`;
    const { deps, urls, log } = fakeUpstream(
      `controller:\n  image:\n    repository: public.ecr.aws/karpenter/controller\n    tag: 1.15.0\n    digest: ${digest}\n`,
    );
    await fetchUpstream('/repo', '1.15.0', deps);
    expect(urls.every((u) => u.startsWith('https://raw.githubusercontent.com/aws/karpenter-provider-aws/release-v1.15.0/'))).toBe(true);
    expect(log[log.length - 1]).toMatch(
      `pins public.ecr.aws/karpenter/controller:1.15.0@${digest}; use KarpenterVersion.of('1.15.0', { imageDigest: '${digest}' })`,
    );
  });

  test('should default to the pinned Karpenter release', () => {
    expect(upstreamCrdsDir('/repo')).toBe(path.join('/repo', '.upstream', KARPENTER_RELEASE.crdVersion, 'crds'));
    expect(upstreamValuesFile('/repo')).toBe(path.join('/repo', '.upstream', KARPENTER_RELEASE.chartVersion, 'chart', 'values.yaml'));
  });

  test('throws on a failed download, naming the URL and status', async () => {
    await expect(
      fetchUpstream('/repo', '1.14.1', {
        fetch: async () => ({ ok: false, status: 404, text: async () => '' }),
        writeFile: () => undefined,
        log: () => undefined,
      }),
    ).rejects.toThrow(`GET ${RELEASE_BRANCH}/pkg/apis/crds/karpenter.sh_nodepools.yaml failed with HTTP 404`);
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
