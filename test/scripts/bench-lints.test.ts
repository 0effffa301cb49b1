// Cheap checks of the lints' bench rows (scripts/bench-lints.ts); the bench itself is not run here.
import { parse } from 'yaml';
import { memoryIo } from '../util/cli';
import { runCli } from '../../lib/cli/cli';
import { isKnownCatalogValue } from '../../lib/core/lints/catalog-checks';
import { evaluateLintTargets, unknownInstanceTypesPool } from '../../scripts/bench-lints';

test('(h) pool: n instance types, none in the catalog, and validate lists ten and counts the rest', () => {
  const yaml = unknownInstanceTypesPool(1000);
  const values: string[] = parse(yaml).spec.template.spec.requirements[0].values;
  expect(values).toHaveLength(1000);
  expect(values.filter((v) => isKnownCatalogValue('node.kubernetes.io/instance-type', v))).toEqual([]);
  const { io, out } = memoryIo(() => yaml);
  expect(runCli(['validate', 'pool.yaml'], io)).toBe(0);
  const warnings = out()
    .split('\n')
    .filter((l) => l.endsWith('(UnknownCatalogValue)'));
  expect(warnings).toHaveLength(11);
  expect(warnings[10]).toContain('990 more values (of 1,000)');
});

test('(h) target: wall time against the limit', () => {
  const sample = { wallMs: 900, maxRssKb: 1 };
  expect(evaluateLintTargets(sample, 1000).map((c) => c.ok)).toEqual([true]);
  expect(evaluateLintTargets({ ...sample, wallMs: 1001 }, 1000).map((c) => c.ok)).toEqual([false]);
});
