// Bench (i)'s workload and targets (scripts/bench-drift.ts): the cluster is what the issue asks for, and every
// NodeClaim is judged; no timing is asserted.
import { load } from 'js-yaml';
import { previewDrift } from '../../lib/core/drift/preview-drift';
import { TARGETS } from '../../scripts/bench/targets';
import { driftClusterYaml, driftStackJson, evaluateDriftTargets } from '../../scripts/bench-drift';

test('the workload: 100 pools, claims with Nodes and ten pods each, and a stack changing three quarters of the pools', () => {
  const items = (load(driftClusterYaml(300)) as { items: { kind: string }[] }).items;
  const count = (kind: string) => items.filter((i) => i.kind === kind).length;
  expect([count('NodePool'), count('EC2NodeClass'), count('NodeClaim'), count('Node'), count('Pod'), count('PodDisruptionBudget')]).toEqual([
    100, 1, 300, 300, 3000, 500,
  ]);
  const after = Object.values<{ manifest: { kind: string } }>(JSON.parse(driftStackJson()).resource.kubernetes_manifest).map((r) => r.manifest);
  const by = (list: any[], kind: string) => list.filter((i) => i.kind === kind);
  const result = previewDrift({
    before: {
      nodePools: by(items, 'NodePool'),
      ec2NodeClasses: by(items, 'EC2NodeClass'),
      nodeClaims: by(items, 'NodeClaim'),
      nodes: by(items, 'Node'),
      pods: by(items, 'Pod'),
      podDisruptionBudgets: by(items, 'PodDisruptionBudget'),
    },
    after: { nodePools: by(after, 'NodePool'), ec2NodeClasses: by(after, 'EC2NodeClass') },
    at: new Date('2026-12-07T10:00:00Z'),
  });
  const verdicts = result.nodePools.map((p) => p.drift);
  // Labels: all; narrowed to c and m: the r claims; budgets and the rest: none.
  expect([verdicts.slice(0, 25), verdicts.slice(25, 50), verdicts.slice(50)].map((v) => [...new Set(v)])).toEqual([['all'], ['some'], ['none']]);
  expect(result.ec2NodeClasses[0].drift).toBe('none');
  expect(result.issues).toEqual([]);
});

test('the targets: 1 s at 5,000 NodeClaims, growth at most 2.2 from 2,500', () => {
  const at = (wallMs: number) => ({ wallMs, maxRssKb: 0 });
  expect(evaluateDriftTargets(at(1000), at(500), TARGETS).map((c) => c.ok)).toEqual([true, true]);
  expect(evaluateDriftTargets(at(1001), at(400), TARGETS).map((c) => c.ok)).toEqual([false, false]);
});
