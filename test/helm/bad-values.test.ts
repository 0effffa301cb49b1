// additionalValues the chart ignores or mangles, rendered by the real Helm beside the synth verdict on them: a key
// values.yaml lacks changes nothing in the render (SettingNotInChart), and a value of the wrong kind renders into
// something else or something the API server rejects (InvalidHelmValueType).
import * as path from 'path';
import { buildKarpenterHelmValues } from '../../lib/core/controller/helm-values';
import { karpenterAttributes } from '../util/karpenter-attributes';
import { helmTier } from './helm-binary';
import { helmTemplate, K8sObject } from './render';

const tier = helmTier('Helm tier (values the chart ignores or mangles)');
const describeTier = tier.skipped ? describe.skip : describe;

function build(additionalValues?: Record<string, unknown>) {
  const built = buildKarpenterHelmValues({ karpenter: karpenterAttributes(), additionalValues });
  const render = helmTemplate(tier.helm!, path.join(tier.charts!, 'karpenter'), 'karpenter', 'kube-system', built.values);
  const codes = built.issues.filter((i) => i.code !== 'AdditionalValuesOverride').map((i) => `${i.severity}:${i.field}:${i.code}`);
  return { render, codes, deployment: render.only('Deployment', 'karpenter') as K8sObject };
}

describeTier('values the karpenter chart ignores or mangles', () => {
  test('keys values.yaml lacks: the render is the same as without them, and synth warns', () => {
    const typo = build({ controller: { imag: { tag: '0.0.1' } }, replica: 5, settings: { featureGates: { nodeRepaired: true } } });
    expect(typo.render.objects).toEqual(build().render.objects);
    expect(typo.codes).toEqual([
      'warning:additionalValues.controller.imag:SettingNotInChart',
      'warning:additionalValues.replica:SettingNotInChart',
      'warning:additionalValues.settings.featureGates.nodeRepaired:SettingNotInChart',
    ]);
  });

  test('a string where the chart takes a boolean: "false" turns host networking on, and synth fails', () => {
    const bad = build({ hostNetwork: 'false' });
    expect(build().deployment.spec.template.spec.hostNetwork).toBeUndefined();
    expect(bad.deployment.spec.template.spec.hostNetwork).toBe(true);
    expect(bad.codes).toEqual(['error:additionalValues.hostNetwork:InvalidHelmValueType']);
  });

  test('a map where the chart takes a list, a word where it takes a number: objects the API server rejects, and synth fails', () => {
    const bad = build({ tolerations: { key: 'CriticalAddonsOnly', operator: 'Exists' }, replicas: 'two' });
    expect(Array.isArray(bad.deployment.spec.template.spec.tolerations)).toBe(false);
    expect(Number.isInteger(bad.deployment.spec.replicas)).toBe(false);
    expect(bad.codes).toEqual(['error:additionalValues.tolerations:InvalidHelmValueType', 'error:additionalValues.replicas:InvalidHelmValueType']);
  });
});
