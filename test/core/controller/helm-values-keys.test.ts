// Every key the library sets in the `karpenter` chart's values must exist in the pinned chart's
// values.yaml: Helm ignores an unknown key silently, so a typo or a renamed value would be lost.
import * as fs from 'fs';
import * as path from 'path';
import { HelmValues, buildKarpenterHelmValues } from '../../../lib/core/controller/helm-values';
import { ControllerPlacement, DnsPolicy, LogLevel } from '../../../lib/core/controller/controller-settings';
import { upstreamValuesFile } from '../../../scripts/fetch-upstream';
import { CHART_VALUES_FILE, parseChartValues, readReferenceFixture, readSharedReference } from '../../fixtures/reference';
import { keyPaths, missingChartKeys } from '../../util/chart-values-keys';
import { CONTROLLER_CONFIGURATIONS } from '../../util/controller-configurations';
import { karpenterAttributes } from '../../util/karpenter-attributes';

const ROOT = path.join(__dirname, '..', '..', '..');
const FIXTURE = parseChartValues(readReferenceFixture(CHART_VALUES_FILE));

/** The chart values to check against: the committed copy always, the shared copy and a `npm run fetch-upstream` download when present. */
const CHARTS: [string, Record<string, unknown>][] = [[`test/fixtures/reference/${CHART_VALUES_FILE}`, FIXTURE]];
const shared = readSharedReference(CHART_VALUES_FILE);
if (shared === undefined)
  console.warn(`SKIPPED: Helm values keys vs ../shared/reference/${CHART_VALUES_FILE}: not found (the fixture copy is checked)`);
else CHARTS.push([`../shared/reference/${CHART_VALUES_FILE}`, parseChartValues(shared)]);
const downloaded = upstreamValuesFile(ROOT);
if (fs.existsSync(downloaded)) CHARTS.push([path.relative(ROOT, downloaded), parseChartValues(fs.readFileSync(downloaded, 'utf8'))]);

const valuesOf = (options: Partial<Parameters<typeof buildKarpenterHelmValues>[0]>): HelmValues =>
  buildKarpenterHelmValues({ karpenter: karpenterAttributes(), ...options }).values;

/** The values the library builds: the configurations the Helm tier renders, and every option that adds keys. */
const CASES: [string, () => HelmValues][] = [
  ...CONTROLLER_CONFIGURATIONS.map((c): [string, () => HelmValues] => [c.name, c.values]),
  [
    'every typed setting',
    () =>
      valuesOf({
        clusterEndpoint: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
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
        replicas: 3,
        resources: { requests: { cpu: '500m', memory: '768Mi' }, limits: { cpu: '1', memory: '768Mi' } },
        dnsPolicy: DnsPolicy.DEFAULT,
        logLevel: LogLevel.DEBUG,
        placement: ControllerPlacement.controllerNodes({ key: 'node-role/karpenter', value: 'yes' }),
        podDisruptionBudgetMaxUnavailable: 1,
      }),
  ],
  [
    'extra settings in additionalValues',
    () =>
      valuesOf({
        additionalValues: {
          settings: { batchMaxDuration: '15s', batchIdleDuration: '2s', reservedENIs: '1', featureGates: { nodeRepair: true } },
          serviceMonitor: { enabled: true },
          podAnnotations: { 'prometheus.io/scrape': 'true' },
          controller: { env: [{ name: 'AWS_REGION', value: 'eu-west-1' }], metrics: { port: 8080 } },
        },
      }),
  ],
];

describe.each(CHARTS)('Helm values keys exist in %s', (_name, chart) => {
  test.each(CASES)('%s', (_case, build) => {
    expect(missingChartKeys(build(), chart)).toEqual([]);
  });
});

describe('the key walk', () => {
  test('should cover what the library sets, down to the image digest and the feature gates', () => {
    const paths = CASES.flatMap(([, build]) => keyPaths(build()));
    expect(paths).toEqual(
      expect.arrayContaining([
        'controller.image.digest',
        'controller.resources.requests.cpu',
        'settings.featureGates.capacityBuffer',
        'settings.isolatedVPC',
        'settings.clusterEndpoint',
        'serviceAccount.annotations.eks.amazonaws.com/role-arn',
        'podDisruptionBudget.maxUnavailable',
        'serviceMonitor.enabled',
      ]),
    );
  });

  test('should report the key paths the chart does not declare, and objects set where it has a list or scalar', () => {
    const ours = {
      replicas: 3,
      serviceAccount: { name: 'karpenter', annotations: { 'eks.amazonaws.com/role-arn': 'arn' } },
      nodeSelector: { 'karpenter.sh/controller': 'true' },
      controller: { image: { repository: 'r', tag: 't' }, resources: { requests: { cpu: '1' } }, typo: 1 },
      settings: { clusterName: 'demo', featureGates: { nodeRepair: true, noSuchGate: true }, isolatedVpc: true },
      tolerations: { key: 'CriticalAddonsOnly' },
      logLevel: { level: 'debug' },
      unknownTop: {},
    };
    expect(missingChartKeys(ours, FIXTURE)).toEqual([
      'controller.typo',
      'settings.featureGates.noSuchGate',
      'settings.isolatedVpc',
      'tolerations (an object, where the chart has a list)',
      'logLevel (an object, where the chart has the scalar "info")',
      'unknownTop',
    ]);
  });
});
