// previewDrift on NodePool manifests alone: every row of the drift reference's §5 (changes that replace no node)
// and every hashed field of spec.template (../shared/reference/karpenter-drift-semantics.md §1.1, §2, §5;
// core pkg/apis/v1/nodepool.go:204-269 at v1.14.1).
import { previewDrift } from '../../../lib/core/drift/preview-drift';
import { SchedulingRequirement } from '../../../lib/core/scheduling/requirements';
import { Json, nodeClass, nodePool } from './fixtures';

function preview(edit: (spec: Json) => void, editBefore: (spec: Json) => void = () => {}) {
  const result = previewDrift({
    before: { nodePools: [nodePool('default', editBefore)], ec2NodeClasses: [nodeClass()] },
    after: { nodePools: [nodePool('default', (s) => (editBefore(s), edit(s)))], ec2NodeClasses: [nodeClass()] },
    at: new Date('2026-12-07T12:00:00Z'),
  });
  return result.nodePools[0];
}

const none = () => {};
const tmeta = (s: Json) => s.template.metadata;
const tspec = (s: Json) => s.template.spec;

describe('changes that replace no node (reference §5)', () => {
  test.each<[string, (s: Json) => void, string, (s: Json) => void]>([
    ['budgets', (s) => (s.disruption.budgets = [{ nodes: '20%' }]), 'spec.disruption.budgets', none],
    ['consolidationPolicy', (s) => (s.disruption.consolidationPolicy = 'WhenEmpty'), 'spec.disruption.consolidationPolicy', none],
    ['consolidateAfter', (s) => (s.disruption.consolidateAfter = '10m'), 'spec.disruption.consolidateAfter', none],
    ['limits', (s) => (s.limits = { cpu: '2000' }), 'spec.limits', none],
    ['weight', (s) => (s.weight = 50), 'spec.weight', none],
    ['replicas', (s) => (s.replicas = 3), 'spec.replicas', none],
    ['a widened requirement', (s) => tspec(s).requirements[1].values.push('t'), 'spec.template.spec.requirements', none],
    ['a removed requirement', (s) => tspec(s).requirements.pop(), 'spec.template.spec.requirements', none],
    ['reordered requirements', (s) => tspec(s).requirements.reverse(), 'spec.template.spec.requirements', none],
    ['minValues', (s) => (tspec(s).requirements[1].minValues = 2), 'spec.template.spec.requirements', none],
    [
      'taint order',
      (s) => tspec(s).taints.reverse(),
      'spec.template.spec.taints',
      (s) =>
        (tspec(s).taints = [
          { key: 'a', effect: 'NoSchedule' },
          { key: 'b', value: 'x', effect: 'NoExecute' },
        ]),
    ],
    [
      'a duplicated taint pair (duplicates cancel in the hash)',
      (s) => tspec(s).taints.push({ key: 'b', effect: 'NoSchedule' }, { key: 'b', effect: 'NoSchedule' }),
      'spec.template.spec.taints',
      (s) => (tspec(s).taints = [{ key: 'a', effect: 'NoSchedule' }]),
    ],
    ['duration spelling 720h0m0s', (s) => (tspec(s).expireAfter = '720h0m0s'), 'spec.template.spec.expireAfter', none],
    ['expireAfter absent (the API server defaults 720h)', (s) => delete tspec(s).expireAfter, 'spec.template.spec.expireAfter', none],
    [
      'terminationGracePeriod 1h vs 60m',
      (s) => (tspec(s).terminationGracePeriod = '60m'),
      'spec.template.spec.terminationGracePeriod',
      (s) => (tspec(s).terminationGracePeriod = '1h'),
    ],
  ])('%s', (_title, edit, field, before) => {
    const pool = preview(edit, before);
    expect(pool.drift).toBe('none');
    expect(pool.reasons.map((r) => r.kind)).toEqual(['None']);
    expect(pool.reasons[0].field).toBe(field);
    expect(pool.hash.after).toBe(pool.hash.before);
  });

  test('expireAfter Never hashes like an absent field, but absent is defaulted to 720h: Never drifts', () => {
    expect(preview((s) => (tspec(s).expireAfter = 'Never')).drift).toBe('all');
  });

  test('metadata: {} and absent template metadata hash alike', () => {
    const pool = preview(
      (s) => delete s.template.metadata,
      (s) => (s.template.metadata = {}),
    );
    expect(pool.drift).toBe('none');
  });
});

describe('every hashed field of spec.template replaces every node (Static)', () => {
  test.each<[string, (s: Json) => void, string]>([
    ['a template label', (s) => (tmeta(s).labels.team = 'b'), 'spec.template.metadata.labels.team'],
    ['a new template label', (s) => (tmeta(s).labels.tier = 'gold'), 'spec.template.metadata.labels.tier'],
    ['a template annotation', (s) => (tmeta(s).annotations = { note: 'x' }), 'spec.template.metadata.annotations.note'],
    ['labels {} against absent', (s) => delete tmeta(s).labels, 'spec.template.metadata.labels.team'],
    ['a taint', (s) => (tspec(s).taints = [{ key: 'gpu', effect: 'NoSchedule' }]), 'spec.template.spec.taints'],
    ['taints: [] against absent', (s) => (tspec(s).taints = []), 'spec.template.spec.taints'],
    ['a startup taint', (s) => (tspec(s).startupTaints = [{ key: 'cilium', effect: 'NoExecute' }]), 'spec.template.spec.startupTaints'],
    ['the node class', (s) => (tspec(s).nodeClassRef.name = 'other'), 'spec.template.spec.nodeClassRef'],
    ['terminationGracePeriod', (s) => (tspec(s).terminationGracePeriod = '24h'), 'spec.template.spec.terminationGracePeriod'],
    ['terminationGracePeriod 0s (a non-nil pointer)', (s) => (tspec(s).terminationGracePeriod = '0s'), 'spec.template.spec.terminationGracePeriod'],
    ['expireAfter', (s) => (tspec(s).expireAfter = '336h'), 'spec.template.spec.expireAfter'],
  ])('%s', (_title, edit, field) => {
    const pool = preview(edit);
    expect(pool.drift).toBe('all');
    expect(pool.reasons.filter((r) => r.kind === 'Static').map((r) => r.field)).toEqual([field]);
    expect(pool.hash.after).not.toBe(pool.hash.before);
  });

  test('labels: {} against absent drifts, though no label changed', () => {
    const pool = preview(
      (s) => delete tmeta(s).labels,
      (s) => (tmeta(s).labels = {}),
    );
    expect(pool.drift).toBe('all');
    expect(pool.reasons).toEqual([expect.objectContaining({ kind: 'Static', field: 'spec.template.metadata.labels', before: {} })]);
  });
});

describe('requirements: only narrowing drifts (drift.go:170-180)', () => {
  test('dropping one allowed value drifts the nodes outside it', () => {
    const pool = preview((s) => (tspec(s).requirements[1].values = ['c', 'm']));
    expect(pool.drift).toBe('some');
    expect(pool.reasons).toEqual([
      expect.objectContaining({ kind: 'Requirements', field: 'spec.template.spec.requirements[karpenter.k8s.aws/instance-category]' }),
    ]);
  });

  test('allowing none of the old values drifts every node', () => {
    expect(preview((s) => (tspec(s).requirements[1].values = ['t'])).drift).toBe('all');
  });

  test('a new requirement on a label no node carries drifts every node', () => {
    const pool = preview((s) => tspec(s).requirements.push({ key: 'example.com/rack', operator: 'Exists' }));
    expect(pool.drift).toBe('all');
    expect(pool.reasons[0].message).toContain('no node launched before carries the label "example.com/rack"');
  });

  test('a new requirement on the template label the nodes carry, allowing it, replaces nothing', () => {
    expect(preview((s) => tspec(s).requirements.push({ key: 'team', operator: 'In', values: ['a', 'b'] })).drift).toBe('none');
  });

  test('Exists on a label AWS writes on every node replaces nothing (aws cloudprovider.go:418-437)', () => {
    expect(preview((s) => tspec(s).requirements.push({ key: 'karpenter.k8s.aws/instance-family', operator: 'Exists' })).drift).toBe('none');
  });

  test('NotIn or DoesNotExist on a label no node carries replaces nothing', () => {
    expect(preview((s) => tspec(s).requirements.push({ key: 'example.com/rack', operator: 'DoesNotExist' })).drift).toBe('none');
    expect(preview((s) => tspec(s).requirements.push({ key: 'example.com/rack', operator: 'NotIn', values: ['x'] })).drift).toBe('none');
  });

  test('a tighter Gt bound drifts some nodes', () => {
    const pool = preview(
      (s) => (tspec(s).requirements[2].values = ['5']),
      (s) => tspec(s).requirements.push({ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['3'] }),
    );
    expect(pool.drift).toBe('some');
  });

  test('hostile label keys are labels like any other', () => {
    for (const key of ['constructor', '__proto__', 'hasOwnProperty']) {
      // NORMALIZED_LABELS is a plain object: a lookup of `constructor` on it once returned Object.
      expect(SchedulingRequirement.of(key, 'In', ['x']).key).toBe(key);
      const pool = preview((s) => Object.defineProperty(tmeta(s).labels, key, { value: 'x', enumerable: true }));
      expect(pool.drift).toBe('all');
      const withReq = preview((s) => tspec(s).requirements.push({ key, operator: 'In', values: ['x'] }));
      expect(withReq.drift).toBe('all');
    }
  });
});
