// previewDrift with a running cluster on the before side: each NodeClaim judged as the drift controller judges it
// (core pkg/controllers/nodeclaim/disruption/drift.go:53-180 at v1.14.1), candidates as the disruption controller
// takes them (pkg/controllers/state/statenode.go:212-263, pkg/controllers/disruption/types.go:160-211).
import { nodePoolHash } from '../../../lib/core/drift/nodepool-hash';
import { previewDrift } from '../../../lib/core/drift/preview-drift';
import { DriftSide } from '../../../lib/core/drift/drift-types';
import { Json, live, node, nodeClaim, nodeClass, nodePool, pdb, pod } from './fixtures';

const AT = new Date('2026-12-07T12:00:00Z');

function cluster(claims: Json[], extra: Partial<DriftSide> = {}, pool = nodePool()): DriftSide {
  return {
    nodePools: [live(pool)],
    ec2NodeClasses: [nodeClass()],
    nodeClaims: claims,
    nodes: claims.map((c) => node(c.metadata.name)),
    ...extra,
  };
}

function preview(before: DriftSide, after: Json = nodePool()) {
  return previewDrift({ before, after: { nodePools: [after], ec2NodeClasses: [nodeClass()] }, at: AT });
}

const relabelled = nodePool('default', (s) => (s.template.metadata.labels.team = 'b'));

describe('static drift from the stored hash', () => {
  test('a template change drifts every claim created with the old hash', () => {
    const result = preview(cluster([nodeClaim('a'), nodeClaim('b')]), relabelled);
    const [pool] = result.nodePools;
    expect(pool.drift).toBe('all');
    expect(pool.nodeClaims).toEqual([
      expect.objectContaining({ name: 'a', drifted: true, reason: 'NodePoolDrifted' }),
      expect.objectContaining({ name: 'b', drifted: true, reason: 'NodePoolDrifted' }),
    ]);
    expect(pool.hash).toEqual({ before: nodePoolHash(nodePool()), after: nodePoolHash(relabelled) });
  });

  test('claims created after the change (already the new hash) stay', () => {
    const result = preview(cluster([nodeClaim('old'), nodeClaim('new', { hash: nodePoolHash(relabelled) })]), relabelled);
    expect(result.nodePools[0].drift).toBe('some');
    expect(result.nodePools[0].nodeClaims!.map((c) => [c.name, c.drifted])).toEqual([
      ['old', true],
      ['new', false],
    ]);
  });

  test('an old hash version skips static drift (drift.go:160-166): a Karpenter upgrade drifts nothing', () => {
    const result = preview(cluster([nodeClaim('a', { version: 'v2', hash: '1' })]), relabelled);
    expect(result.nodePools[0].nodeClaims![0]).toMatchObject({ drifted: false });
    expect(result.nodePools[0].drift).toBe('none');
  });

  test('an unknown hash version makes its static drift unknown, with one issue', () => {
    const result = preview(cluster([nodeClaim('a', { version: 'v9' })]), relabelled);
    const [pool] = result.nodePools;
    expect(pool.nodeClaims![0].drifted).toBe('unknown');
    expect(pool.drift).toBe('unknown');
    expect(pool.issues.filter((i) => i.code === 'DriftUnknownHashVersion')).toHaveLength(1);
  });

  test('an unknown EC2NodeClass hash version makes the claim unknown, with one issue', () => {
    const claim = nodeClaim('a');
    claim.metadata.annotations['karpenter.k8s.aws/ec2nodeclass-hash-version'] = 'v6';
    const [pool] = preview(cluster([claim])).nodePools;
    expect(pool.nodeClaims![0].drifted).toBe('unknown');
    expect(pool.issues.map((i) => [i.code, i.field])).toEqual([
      ['DriftUnknownHashVersion', 'metadata.annotations.karpenter.k8s.aws/ec2nodeclass-hash-version'],
    ]);
  });

  test('a NodeClaim without hash annotations: one issue, and only the other checks apply', () => {
    const result = preview(cluster([nodeClaim('a', { hash: null, classHash: null }), nodeClaim('b')]), relabelled);
    const [pool] = result.nodePools;
    expect(pool.nodeClaims!.map((c) => c.drifted)).toEqual([false, true]);
    expect(pool.issues).toEqual([expect.objectContaining({ object: 'NodeClaim/a', code: 'DriftNodeClaimWithoutHash' })]);
  });

  test('a claim not launched yet is not judged', () => {
    const claim = nodeClaim('a');
    claim.status.conditions = [];
    expect(preview(cluster([claim]), relabelled).nodePools[0].nodeClaims![0]).toMatchObject({ drifted: false });
  });
});

describe('requirements drift from the claim labels', () => {
  const narrowed = nodePool('default', (s) => (s.template.spec.requirements[1].values = ['m', 'r']));

  test('labels outside narrowed requirements drift; the rest stay', () => {
    const claims = [nodeClaim('c1'), nodeClaim('m1', { labels: { 'karpenter.k8s.aws/instance-category': 'm' } })];
    const [pool] = preview(cluster(claims), narrowed).nodePools;
    expect(pool.drift).toBe('some');
    expect(pool.nodeClaims).toEqual([
      expect.objectContaining({ name: 'c1', drifted: true, reason: 'RequirementsDrifted' }),
      expect.objectContaining({ name: 'm1', drifted: false }),
    ]);
    expect(pool.nodeClaims![0].detail).toContain('karpenter.k8s.aws/instance-category');
  });

  test('a requirement on a label no claim carries drifts them all', () => {
    const rack = nodePool('default', (s) => s.template.spec.requirements.push({ key: 'example.com/rack', operator: 'Exists' }));
    expect(preview(cluster([nodeClaim('a'), nodeClaim('b')]), rack).nodePools[0].drift).toBe('all');
  });
});

describe('an existing Drifted condition', () => {
  const drifted = (reason: string) => [{ type: 'Drifted', status: 'True', reason, lastTransitionTime: '2026-12-01T00:00:00Z' }];

  test('a cause only AWS can clear (AMIDrift) stays drifted', () => {
    const [pool] = preview(cluster([nodeClaim('a', { conditions: drifted('AMIDrift') }), nodeClaim('b')])).nodePools;
    expect(pool.nodeClaims!.map((c) => [c.drifted, c.reason])).toEqual([
      [true, 'AMIDrift'],
      [false, undefined],
    ]);
    expect(pool.drift).toBe('some');
  });

  test('NodePoolDrifted is cleared when the change is reverted to the claim hash (drift.go:69-75)', () => {
    const [pool] = preview(cluster([nodeClaim('a', { conditions: drifted('NodePoolDrifted') })])).nodePools;
    expect(pool.nodeClaims![0].drifted).toBe(false);
  });

  test('an old hash version freezes an existing drift (core nodepool/hash/controller.go:97-129)', () => {
    const [pool] = preview(cluster([nodeClaim('a', { version: 'v2', hash: '1', conditions: drifted('NodePoolDrifted') })])).nodePools;
    expect(pool.nodeClaims![0]).toMatchObject({ drifted: true, reason: 'NodePoolDrifted' });
  });
});

describe('candidates and pace', () => {
  test('a do-not-disrupt pod blocks its node; a terminationGracePeriod lets drift go ahead', () => {
    const claims = [nodeClaim('a'), nodeClaim('b', { tgp: '1h' }), nodeClaim('c')];
    const pods = [
      pod('keep', 'a', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } }),
      pod('keep2', 'b', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } }),
    ];
    const [pool] = preview(cluster(claims, { pods }), relabelled).nodePools;
    expect(pool.nodeClaims!.map((c) => c.blocked)).toEqual(['pod apps/keep has karpenter.sh/do-not-disrupt', undefined, undefined]);
  });

  test('a do-not-disrupt Node blocks even with terminationGracePeriod', () => {
    const claims = [nodeClaim('a', { tgp: '1h' })];
    const nodes = [node('a', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } })];
    const [pool] = preview(cluster(claims, { nodes }), relabelled).nodePools;
    expect(pool.nodeClaims![0].blocked).toBe('Node a has karpenter.sh/do-not-disrupt: "true"');
  });

  test('a PodDisruptionBudget that allows 0 blocks; one that allows 1 does not; two on one pod block', () => {
    const claims = [nodeClaim('a'), nodeClaim('b'), nodeClaim('c')];
    const pods = [
      pod('db', 'a', { labels: { app: 'db' } }),
      pod('web', 'b', { labels: { app: 'web' } }),
      pod('api', 'c', { labels: { app: 'api', tier: 'x' } }),
    ];
    const pdbs = [pdb('db', { app: 'db' }, 0), pdb('web', { app: 'web' }, 1), pdb('api', { app: 'api' }, 1), pdb('tier', { tier: 'x' }, 1)];
    const [pool] = preview(cluster(claims, { pods, podDisruptionBudgets: pdbs }), relabelled).nodePools;
    expect(pool.nodeClaims!.map((c) => c.blocked)).toEqual([
      'PodDisruptionBudget apps/db allows 0 disruptions of pod apps/db',
      undefined,
      expect.stringContaining('is selected by 2 PodDisruptionBudgets'),
    ]);
  });

  test('the pace counts initialized nodes and subtracts those NotReady', () => {
    const claims = Array.from({ length: 12 }, (_, i) => nodeClaim(`n${i}`));
    const nodes = claims.map((c, i) => node(c.metadata.name, { ready: i !== 0 }));
    const pool = nodePool('default', (s) => (s.disruption.budgets = [{ nodes: '20%' }]));
    const after = nodePool('default', (s) => ((s.disruption.budgets = [{ nodes: '20%' }]), (s.template.metadata.labels.team = 'b')));
    const [result] = preview(cluster(claims, { nodes }, pool), after).nodePools;
    // ceil(20% of 12) = 3, less the NotReady node.
    expect(result.pace).toMatchObject({ nodes: 12, disrupting: 1, atOnce: 2, limit: '20%' });
  });
});

describe('bad input', () => {
  test('a NodePool only on one side is one issue on it; the rest is judged', () => {
    const result = previewDrift({
      before: { nodePools: [nodePool('gone'), nodePool()], ec2NodeClasses: [nodeClass()] },
      after: { nodePools: [nodePool(), nodePool('new')], ec2NodeClasses: [nodeClass()] },
      at: AT,
    });
    expect(result.nodePools.map((p) => [p.name, p.change, p.drift, p.issues.map((i) => i.code)])).toEqual([
      ['default', 'changed', 'none', []],
      ['gone', 'removed', 'all', ['DriftNodePoolRemoved']],
      ['new', 'added', 'none', ['DriftNodePoolAdded']],
    ]);
  });

  test('a NodePool whose EC2NodeClass is missing is one issue; its own template is still judged', () => {
    const result = previewDrift({ before: { nodePools: [nodePool()] }, after: { nodePools: [relabelled] }, at: AT });
    expect(result.nodePools[0].drift).toBe('all');
    expect(result.nodePools[0].issues).toEqual([expect.objectContaining({ code: 'DriftMissingNodeClass' })]);
  });

  test('NodeClaims of a NodePool neither side has: one issue, not judged', () => {
    const stray = nodeClaim('x', { pool: nodePool('gone') });
    const result = preview(cluster([nodeClaim('a'), stray]));
    expect(result.issues).toEqual([expect.objectContaining({ object: 'NodePool/gone', code: 'DriftNodeClaimsWithoutNodePool' })]);
    expect(result.nodePools.map((p) => p.name)).toEqual(['default']);
  });

  test('objects of no shape, unnamed or repeated, never throw', () => {
    const junk = [null, 7, 'x', [], {}, { metadata: { name: 5 } }, nodePool(), nodePool()];
    const result = previewDrift({
      before: {
        nodePools: junk,
        ec2NodeClasses: junk,
        nodeClaims: [...junk, { metadata: { name: 'x' } }],
        nodes: junk,
        pods: junk,
        podDisruptionBudgets: junk,
      },
      after: { nodePools: junk, ec2NodeClasses: junk },
      at: AT,
    });
    expect(result.nodePools.map((p) => p.name)).toEqual(['default']);
    expect(result.issues.map((i) => i.code)).toContain('DriftDuplicateName');
    expect(result.issues.map((i) => i.code)).toContain('DriftInvalidObject');
  });

  test('hostile keys in NodeClaim labels and annotations, pod labels and PDB selectors are plain keys', () => {
    const hostile = (o: Record<string, string>) => {
      for (const key of ['__proto__', 'constructor', 'toString']) Object.defineProperty(o, key, { value: 'x', enumerable: true });
      return o;
    };
    const claim = nodeClaim('a');
    hostile(claim.metadata.labels);
    hostile(claim.metadata.annotations);
    const p = pod('p', 'a', { labels: hostile({}) });
    const budget = pdb('proto', {}, 0);
    budget.spec.selector = { matchLabels: hostile({}) };
    const narrowed = nodePool('default', (s) => s.template.spec.requirements.push({ key: 'constructor', operator: 'In', values: ['y'] }));
    const [result] = preview(cluster([claim], { pods: [p], podDisruptionBudgets: [budget] }), narrowed).nodePools;
    expect(result.nodeClaims![0]).toMatchObject({ drifted: true, reason: 'RequirementsDrifted' });
    expect(result.nodeClaims![0].blocked).toBe('PodDisruptionBudget apps/proto allows 0 disruptions of pod apps/p');
  });

  test('an unhashable template (a labels list) makes the pool unknown with the hash issue', () => {
    const bad = nodePool('default', (s) => (s.template.metadata.labels = ['x']));
    const [pool] = previewDrift({
      before: { nodePools: [nodePool()], ec2NodeClasses: [nodeClass()] },
      after: { nodePools: [bad], ec2NodeClasses: [nodeClass()] },
      at: AT,
    }).nodePools;
    expect(pool.hash.after).toBeUndefined();
    expect(pool.issues.length).toBeGreaterThan(0);
    expect(['all', 'unknown']).toContain(pool.drift);
  });
});
