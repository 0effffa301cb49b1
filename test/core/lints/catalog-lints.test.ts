import { CatalogLintOptions, lintNodePool, lintNodePoolCatalog, Severity, validateNodePool } from '../../../lib/core';
import { unknownCatalogValue } from '../../../lib/core/lints/catalog-checks';
import { loadInstanceTypeCatalog } from '../../../lib/core/sim/catalog';
import { nodeClass, nodePool, req } from '../sim/fixtures';

const nc = nodeClass();
// As the constructs call it: after the catalog-free lints, whose findings it reads.
const lint = (np: unknown, options: CatalogLintOptions = { nodeClass: nc }, silence?: string[]) =>
  lintNodePoolCatalog(np, { silence }, options, lintNodePool(np, { silence }));

test('an instance type under instance-family: did you mean, and the pool admits nothing', () => {
  const issues = lint(nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm5.large')]));
  expect(issues.map((i) => [i.field, i.code, i.severity])).toEqual([
    ['spec.template.spec.requirements[0].values[0]', 'UnknownCatalogValue', Severity.WARNING],
    ['spec.template.spec.requirements[0]', 'NoCompatibleInstanceTypes', Severity.WARNING],
  ]);
  expect(issues[0].message).toMatch(
    /^"m5.large" is an instance type, not a family; use node.kubernetes.io\/instance-type \(checked against Karpenter 1.14.1/,
  );
  expect(issues[1].message).toMatch(
    /^no instance type of the catalog is left after karpenter.k8s.aws\/instance-family In \[m5.large\] \(1363 were before it\), so Karpenter skips this NodePool with NoCompatibleInstanceTypes/,
  );
});

test('a family under instance-category, an unknown family with its nearest, a cpu no type has', () => {
  const [cat] = lint(nodePool('p', [req('karpenter.k8s.aws/instance-category', 'In', 'm5')]), {});
  expect(cat.message).toMatch(/^"m5" is a family, not a category; use karpenter.k8s.aws\/instance-family/);
  const [fam] = lint(nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm7x', 'm5')]), {});
  expect(fam.field).toBe('spec.template.spec.requirements[0].values[0]');
  expect(fam.message).toMatch(/^no instance type of the catalog has karpenter.k8s.aws\/instance-family="m7x"; did you mean "m7a", "m7g" or "m7i"\?/);
  const cpu = lint(nodePool('p', [req('karpenter.k8s.aws/instance-cpu', 'Gte', '1024')]));
  expect(cpu.map((i) => i.code)).toEqual(['NoCompatibleInstanceTypes']);
});

test('os=windows on an AL2023 class, arm64 with Windows, a1 with AL2023', () => {
  expect(lint(nodePool('p', [req('kubernetes.io/os', 'In', 'windows')])).map((i) => [i.code, i.field])).toEqual([
    ['NoCompatibleInstanceTypes', 'spec.template.spec.requirements[0]'],
  ]);
  const win = nodeClass('default', { amiSelectorTerms: [{ alias: 'windows2022@latest' }] });
  const arm = lint(nodePool('p', [req('kubernetes.io/arch', 'In', 'arm64')]), { nodeClass: win });
  expect(arm.map((i) => [i.code, i.field])).toEqual([['AmiFamilyExcludesInstanceTypes', 'spec.template.spec.requirements[0]']]);
  expect(arm[0].message).toMatch(/^Windows2022 AMIs run only on amd64/);
  const a1 = lint(nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'a1')]));
  expect(a1.map((i) => i.code)).toEqual(['AmiFamilyExcludesInstanceTypes']);
  expect(a1[0].message).toContain('a1 instance types do not run AL2023');
});

test('limits smaller than every type', () => {
  const issues = lint(nodePool('p', [req('karpenter.k8s.aws/instance-cpu', 'Gte', '16')], { limits: { cpu: '8' } }));
  expect(issues.map((i) => [i.code, i.field])).toEqual([['NoCompatibleInstanceTypes', 'spec.limits.cpu']]);
});

test('catalogChecks: error makes them errors, off drops them; silencing still works; no class, no admission lint', () => {
  const np = nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm5.large')]);
  expect(lint(np, { nodeClass: nc, catalogChecks: 'error' }).every((i) => i.severity === Severity.ERROR)).toBe(true);
  expect(lint(np, { nodeClass: nc, catalogChecks: 'error' })).toHaveLength(2);
  expect(lint(np, { nodeClass: nc, catalogChecks: 'off' })).toEqual([]);
  expect(lint(np, { nodeClass: nc, catalogChecks: 'error' }, ['UnknownCatalogValue']).map((i) => i.code)).toEqual(['NoCompatibleInstanceTypes']);
  expect(lint(np, {}).map((i) => i.code)).toEqual(['UnknownCatalogValue']);
  // The codes are manifest warning codes, so silenceWarnings accepts them.
  expect(
    validateNodePool(np, { silence: ['UnknownCatalogValue', 'NoCompatibleInstanceTypes'] }).filter((i) => i.code === 'UnknownSilenceCode'),
  ).toEqual([]);
});

test('a valid pool, or one with a token in its node class, gets no catalog lint', () => {
  const ok = nodePool('p', [
    req('karpenter.k8s.aws/instance-category', 'In', 'c', 'm', 'r'),
    req('karpenter.k8s.aws/instance-generation', 'Gt', '2'),
  ]);
  expect(lint(ok)).toEqual([]);
  const token = '${TfToken[TOKEN.1]}';
  const tokenClass = nodeClass('default', { amiSelectorTerms: [{ alias: token }] });
  const isUnresolved = (v: unknown) => typeof v === 'string' && v.includes('${TfToken');
  const np = nodePool('p', [req('kubernetes.io/os', 'In', 'windows')]);
  expect(lintNodePoolCatalog(np, { isUnresolved }, { nodeClass: tokenClass }).filter((i) => i.code === 'NoCompatibleInstanceTypes')).toEqual([]);
});

test('a pool the catalog-free lints already show can never launch gets no NoCompatibleInstanceTypes on top', () => {
  const np = nodePool('p', [req('kubernetes.io/arch', 'In', 'arm64'), req('kubernetes.io/arch', 'In', 'amd64')]);
  const found = lintNodePool(np);
  expect(found.map((i) => i.code)).toContain('RequirementsUnsatisfiable');
  expect(lintNodePoolCatalog(np, {}, { nodeClass: nc }, found)).toEqual([]);
  // Without them, the catalog says it too.
  expect(lintNodePoolCatalog(np, {}, { nodeClass: nc }).map((i) => i.code)).toEqual(['NoCompatibleInstanceTypes']);
});

test('lintNodePool and validateNodePool ask no catalog: the catalog codes come from lintNodePoolCatalog alone', () => {
  const np = nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm5.large')]);
  const codes = [...lintNodePool(np), ...validateNodePool(np)].map((i) => i.code);
  expect(codes).not.toContain('UnknownCatalogValue');
  expect(lint(np).map((i) => i.code)).toEqual(['UnknownCatalogValue', 'NoCompatibleInstanceTypes']);
});

test('unknown values: the first ten one by one with their suggestion, the rest in one warning with their count', () => {
  const values = ['m5.large', ...Array.from({ length: 25 }, (_, i) => `zz${i}.large`), 'c5.large'];
  const issues = lint(nodePool('p', [req('node.kubernetes.io/instance-type', 'In', ...values)]), {});
  expect(issues.map((i) => [i.code, i.field])).toEqual([
    ...Array.from({ length: 10 }, (_, i) => ['UnknownCatalogValue', `spec.template.spec.requirements[0].values[${i + 1}]`]),
    ['UnknownCatalogValue', 'spec.template.spec.requirements[0].values'],
  ]);
  expect(issues[10].message).toMatch(
    /^15 more values \(of 27\) that no instance type of the catalog has under node.kubernetes.io\/instance-type are not listed one by one, only the first 10: values\[11\] "zz10.large", values\[12\] "zz11.large", values\[13\] "zz12.large", \.\.\.; /,
  );
  // Ten unknown values are all listed; no summary.
  const ten = lint(nodePool('p', [req('node.kubernetes.io/instance-type', 'In', ...values.slice(0, 11))]), {});
  expect(ten.map((i) => i.field)).not.toContain('spec.template.spec.requirements[0].values');
  expect(ten).toHaveLength(10);
});

test('family m6 suggests the families that extend it before g6', () => {
  const [fam] = lint(nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm6')]), {});
  expect(fam.message).toMatch(/karpenter.k8s.aws\/instance-family="m6"; did you mean "m6a", "m6g" or "m6i"\?/);
});

test('a catalog of its own: label keys named like object properties are no catalog values', () => {
  const catalog = { ...loadInstanceTypeCatalog() };
  expect(unknownCatalogValue('constructor', 'x', catalog)).toBeUndefined();
  expect(unknownCatalogValue('toString', 'x', catalog)).toBeUndefined();
  expect(unknownCatalogValue('karpenter.k8s.aws/instance-family', 'm7x', catalog)).toMatch(/did you mean "m7a", "m7g" or "m7i"\?$/);
});
