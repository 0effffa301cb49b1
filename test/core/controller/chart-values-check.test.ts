// additionalValues against the pinned chart's values.yaml: unknown keys warn (Helm ignores them), wrong kinds fail.
// The Helm tier (test/helm/bad-values.test.ts) shows what the real chart makes of each.
import { chartValuesShape } from '../../../lib/core/controller/chart-values-check';
import { KARPENTER_CHART_VALUES_SHAPE } from '../../../lib/core/controller/chart-values-shape';
import { buildKarpenterHelmValues } from '../../../lib/core/controller/helm-values';
import { KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../../lib/core/controller/release';
import { ValidationIssue } from '../../../lib/core/issues';
import { CHART_VALUES_FILE, parseChartValues, readReferenceFixture } from '../../fixtures/reference';
import { karpenterAttributes } from '../../util/karpenter-attributes';

const TOKEN = '${TfToken[TOKEN.1]}';
const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('${TfToken[') };
const lines = (issues: ValidationIssue[]) =>
  issues.filter((i) => i.code !== 'AdditionalValuesOverride').map((i) => `${i.severity}:${i.field}:${i.code}`);
const check = (additionalValues: Record<string, unknown>, version?: KarpenterVersion) =>
  buildKarpenterHelmValues({ karpenter: karpenterAttributes(), additionalValues, version }, ctx).issues;

test("the committed shape is the pinned chart's values.yaml, through chartValuesShape", () => {
  expect(KARPENTER_CHART_VALUES_SHAPE.chartVersion).toBe(KARPENTER_RELEASE.chartVersion);
  expect(KARPENTER_CHART_VALUES_SHAPE.shape).toEqual(chartValuesShape(parseChartValues(readReferenceFixture(CHART_VALUES_FILE))));
});

describe('additionalValues against the chart', () => {
  test('values the chart has, of the right kind, pass; free-form maps and pass-through objects take any key', () => {
    const ok = {
      settings: { batchMaxDuration: '15s', reservedENIs: 1, featureGates: { nodeRepair: true } },
      replicas: '3',
      podAnnotations: { 'prometheus.io/scrape': 'true' },
      affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [] } },
      nodeSelector: { constructor: 'x' },
      controller: { env: [{ name: 'A', value: 'b' }], resources: { requests: { cpu: '1' } } },
      terminationGracePeriodSeconds: 30,
      serviceMonitor: { sampleLimit: 100 },
      tolerations: null,
    };
    expect(lines(check(ok))).toEqual([]);
  });

  test('a key the chart lacks: SettingNotInChart, with the closest key it has', () => {
    const issues = check({ controller: { imag: { tag: '1.14.1' } }, replica: 3, settings: { featureGates: { nodeRepaired: true } } });
    expect(lines(issues)).toEqual([
      'warning:additionalValues.controller.imag:SettingNotInChart',
      'warning:additionalValues.replica:SettingNotInChart',
      'warning:additionalValues.settings.featureGates.nodeRepaired:SettingNotInChart',
    ]);
    expect(issues[0].message).toBe('chart 1.14.1 has no value controller.imag (values.yaml), so Helm ignores it; did you mean controller.image?');
    // Keys of Object.prototype are keys like any other (once taken for a protected value: AdditionalValuesConflict).
    expect(lines(check(JSON.parse('{"constructor": 1, "__proto__": {"a": 1}, "settings": {"toString": "x"}}')))).toEqual([
      'warning:additionalValues.constructor:SettingNotInChart',
      'warning:additionalValues.__proto__:SettingNotInChart',
      'warning:additionalValues.settings.toString:SettingNotInChart',
    ]);
  });

  test('a value of the wrong kind: InvalidHelmValueType, saying what the template would make of it', () => {
    const issues = check({
      hostNetwork: 'false',
      replicas: 'two',
      tolerations: { key: 'CriticalAddonsOnly' },
      serviceMonitor: 'on',
      logLevel: { level: 'debug' },
      nodeSelector: ['a'],
    });
    expect(lines(issues)).toEqual([
      'error:additionalValues.hostNetwork:InvalidHelmValueType',
      'error:additionalValues.replicas:InvalidHelmValueType',
      'error:additionalValues.tolerations:InvalidHelmValueType',
      'error:additionalValues.serviceMonitor:InvalidHelmValueType',
      'error:additionalValues.logLevel:InvalidHelmValueType',
      'error:additionalValues.nodeSelector:InvalidHelmValueType',
    ]);
    expect(issues.find((i) => i.field === 'additionalValues.hostNetwork')!.message).toBe(
      'chart 1.14.1 takes a boolean at hostNetwork, got a string "false" (a template\'s if takes any non-empty string as true); write false',
    );
  });

  test('tokens, nulls, the paths other checks report and other chart versions are not checked here', () => {
    expect(lines(check({ hostNetwork: TOKEN, replicas: null, settings: { clusterName: 'x' } }))).toEqual([
      'error:additionalValues.settings.clusterName:AdditionalValuesConflict',
    ]);
    expect(lines(check({ webhook: { enabled: true } }))).toEqual(['warning:additionalValues.webhook:ObsoleteHelmValue']);
    expect(lines(check({ replica: 3 }, KarpenterVersion.of('1.13.0')))).toEqual([]);
  });
});
