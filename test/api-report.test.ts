// The committed API report (api/*.api.md) must equal the sources' public surface; the root stays small.
import * as fs from 'fs';
import * as path from 'path';
import { API_ENTRIES, apiNames, apiReports, distinctNames, MAX_CORE_NAMES, MAX_ROOT_NAMES } from '../scripts/api-report';

const names = apiNames();
// One TypeScript program for both (building one takes seconds).
const reports = apiReports(undefined, names);

describe('API report', () => {
  test.each([...reports.keys()].map((f) => [path.relative(path.resolve(__dirname, '..'), f), f]))('%s is current', (_rel, file) => {
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (committed !== reports.get(file)) {
      throw new Error(
        `${path.basename(file)} differs from the exported API of the sources (or is missing): ` +
          'run npm run api:update and review the diff (every change to the public surface shows there).',
      );
    }
  });

  test(`the root entry exports at most ${MAX_ROOT_NAMES} names`, () => {
    expect(distinctNames(names.get('root')!)).toBeLessThanOrEqual(MAX_ROOT_NAMES);
  });

  test(`the core entry exports at most ${MAX_CORE_NAMES} names`, () => {
    expect(distinctNames(names.get('core')!)).toBeLessThanOrEqual(MAX_CORE_NAMES);
  });

  test('the core exports no display helper (prices and rates are formatted inside the CLI and the messages)', () => {
    const display = ['formatUsd', 'formatRate', 'priceLabel', 'roundUsd', 'roundRate', 'describeCostCeiling', 'staleTableNote', 'show'];
    expect(
      names
        .get('core')!
        .filter((n) => display.includes(n.name))
        .map((n) => n.name),
    ).toEqual([]);
  });

  test('the root exports no plan, no IssueCollector helper, no CIDR/ARN helper', () => {
    const root = names.get('root')!;
    const offending = root.filter(
      (n) =>
        /^(Plan|Planned|plan)[A-Z]/.test(n.name) ||
        /Plan(Input)?$/.test(n.name) ||
        /[Cc]idr|Arns?(?![a-z])/.test(n.name) ||
        n.lines.some((l) => /\bIssueCollector\b/.test(l)),
    );
    expect(offending.map((n) => n.name)).toEqual([]);
  });

  test('the app-author surface is in the root: every construct of lib/aws, lib/controller, lib/manifests', () => {
    const root = new Set(names.get('root')!.map((n) => n.name));
    for (const name of ['EksCluster', 'KarpenterAws', 'KarpenterController', 'KarpenterNodePool', 'Ec2NodeClass', 'SpotOnDemandSplit']) {
      expect(root).toContain(name);
    }
    for (const name of ['Requirement', 'Quantity', 'KarpenterDuration', 'Budget', 'Disruption', 'KarpenterValidationError']) {
      expect(root).toContain(name);
    }
    for (const name of ['availabilityZonesOf', 'admittedInstanceTypes', 'simulateProvisioning', 'SimulationResult']) {
      expect(root).toContain(name);
    }
  });

  test('the core entry names each export (no export *), so every public name is chosen there', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '..', 'lib/core/index.ts'), 'utf8');
    expect(source).not.toMatch(/^export \*/m);
  });

  test('builderIssues is @internal: in no report (stripInternal drops it from the declarations)', () => {
    const listed = [...names.values()].flat().filter((n) => n.lines.some((l) => /\bbuilderIssues\b/.test(l)));
    expect(listed.map((n) => n.name)).toEqual([]);
  });

  test('every entry point of package.json exports has a report', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const importPaths = Object.keys(pkg.exports)
      .filter((k) => k !== './package.json')
      .map((k) => (k === '.' ? 'cdktf-karpenter-eks' : `cdktf-karpenter-eks/${k.slice(2)}`));
    expect(API_ENTRIES.map((e) => e.importPath).sort()).toEqual(importPaths.sort());
  });
});
