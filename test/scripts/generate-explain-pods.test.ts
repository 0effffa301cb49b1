// The explain benchmark's input (scripts/generate-explain-pods.ts): deterministic, the pods asked for, plain
// block YAML as kubectl prints it (read by the CLI's fast reader), and the mix of constraints it promises.
import { explainPodsYaml } from '../../scripts/generate-explain-pods';
import { fastYamlDocuments } from '../../lib/cli/fast-yaml';

test('500 pods of 50 apps: the same bytes each time, read by the fast reader, with the promised mix', () => {
  const yaml = explainPodsYaml(500, 50);
  expect(explainPodsYaml(500, 50)).toBe(yaml);
  const pods = fastYamlDocuments(yaml)!.map((d) => d.value as any);
  expect(pods).toHaveLength(500);
  expect(new Set(pods.map((p) => p.metadata.labels.app)).size).toBe(50);
  expect(new Set(pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).size).toBe(500);
  const some = (f: (p: any) => unknown) => pods.filter(f).length;
  expect(some((p) => p.spec.nodeSelector)).toBeGreaterThan(100);
  expect(some((p) => p.spec.tolerations)).toBeGreaterThan(100);
  expect(some((p) => p.spec.topologySpreadConstraints?.[0].topologyKey === 'kubernetes.io/hostname')).toBeGreaterThan(100);
  expect(new Set(pods.map((p) => JSON.stringify(p.spec.containers[0].resources.requests))).size).toBeGreaterThan(10);
});
