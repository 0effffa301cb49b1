import { duplicateNameIssues } from '../../../lib/core/validation/duplicate-names';

// Moved from test/manifests/duplicate-names.test.ts, which checks the constructs' reporting at synth.
test('duplicateNameIssues compares kind, name and cluster, and names every other place', () => {
  const o = (kind: string, name: string, cluster: string, where: string) => ({ kind, name, cluster, where });
  const found = duplicateNameIssues([
    o('NodePool', 'a', 'c1', 'x.yaml:1'),
    o('EC2NodeClass', 'a', 'c1', 'x.yaml:9'),
    o('NodePool', 'a', 'c2', 'y.yaml:1'),
    o('NodePool', 'a', 'c1', 'y.yaml:5'),
    o('NodePool', 'a', 'c1', 'z.yaml:3'),
  ]);
  expect(found.map((f) => [f.object.where, f.issue.message.split(';')[0]])).toEqual([
    ['x.yaml:1', 'NodePool name "a" is also declared at y.yaml:5, z.yaml:3'],
    ['y.yaml:5', 'NodePool name "a" is also declared at x.yaml:1, z.yaml:3'],
    ['z.yaml:3', 'NodePool name "a" is also declared at x.yaml:1, y.yaml:5'],
  ]);
});

test('of different sources a duplicate is a warning naming both, unless the sources share a cluster; within one, an error', () => {
  const o = (source: string, line: number) => ({ kind: 'NodePool', name: 'a', cluster: 'run', where: `${source}:${line}`, source });
  const objects = [o('x.yaml', 1), o('y.yaml', 5), o('y.yaml', 9)];
  const found = duplicateNameIssues(objects);
  expect(found.map((f) => `${f.object.where} ${f.issue.severity}`)).toEqual(['x.yaml:1 warning', 'y.yaml:5 error', 'y.yaml:9 error']);
  expect(found[0].issue.message).toMatch(
    /^NodePool name "a" in x\.yaml is also declared at y\.yaml:5, y\.yaml:9; if x\.yaml and y\.yaml are applied/,
  );
  expect(duplicateNameIssues(objects, { sourcesShareCluster: true }).map((f) => f.issue.severity)).toEqual(['error', 'error', 'error']);
});
