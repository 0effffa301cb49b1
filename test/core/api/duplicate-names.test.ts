import { duplicateNameIssues } from '../../../lib/core/api/duplicate-names';

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
