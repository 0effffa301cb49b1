import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { ControllerPlacement, buildKarpenterHelmValues } from '../../lib/core/controller/helm-values';
import { CRD_FILES, fetchUpstream, upstreamCrdsDir, upstreamFiles, upstreamValuesFile } from '../../scripts/fetch-upstream';
import { missingChartKeys } from './chart-values-keys';
import { KARPENTER_ATTRIBUTES } from '../util/karpenter-attributes';

const ROOT = path.join(__dirname, '..', '..');

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

describe('missingChartKeys', () => {
  const sample = parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'chart-values-sample.yaml'), 'utf8'));

  test('should report key paths the chart does not declare, and only those', () => {
    const ours = {
      replicas: 3,
      serviceAccount: { name: 'karpenter', annotations: { 'eks.amazonaws.com/role-arn': 'arn' } },
      nodeSelector: { 'karpenter.sh/controller': 'true' },
      controller: { image: { repository: 'r', tag: 't' }, resources: { requests: { cpu: '1' } }, typo: 1 },
      settings: { clusterName: 'demo', featureGates: { nodeRepair: true, noSuchGate: true }, isolatedVPC: true },
      unknownTop: {},
    };
    expect(missingChartKeys(ours, sample)).toEqual(['controller.typo', 'settings.featureGates.noSuchGate', 'settings.isolatedVPC', 'unknownTop']);
  });
});

// The real chart values.yaml, from `npm run fetch-upstream`.
const VALUES = upstreamValuesFile(ROOT);
const chartValues = fs.existsSync(VALUES) ? (parse(fs.readFileSync(VALUES, 'utf8')) as unknown) : undefined;
if (chartValues === undefined) console.warn(`SKIPPED: Helm values keys vs the chart: ${VALUES} not found; run \`npm run fetch-upstream\``);

(chartValues === undefined ? describe.skip : describe)('Helm values keys exist in the pinned chart values.yaml', () => {
  test('every key path we set (with every option set) is declared by the chart', () => {
    const { values } = buildKarpenterHelmValues({
      karpenter: { ...KARPENTER_ATTRIBUTES, identityType: 'irsa' }, // IRSA: the service account annotation too
      clusterEndpoint: 'https://example.eks.amazonaws.com',
      isolatedVpc: true,
      enableZonalShift: true,
      featureGates: {
        nodeRepair: true,
        nodeOverlay: true,
        reservedCapacity: true,
        spotToSpotConsolidation: true,
        staticCapacity: true,
        capacityBuffer: true,
      },
      placement: ControllerPlacement.controllerNodes(),
    });
    expect(missingChartKeys(values, chartValues)).toEqual([]);
  });
});
