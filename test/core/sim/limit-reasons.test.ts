// The words of limit reasons (issue #22 item 7), and pools alike sharing one clause (issue #24's JSON size).
import { joinPoolErrors, limitNote, LimitFigures } from '../../../lib/core/sim/limit-reasons';

const GI = 1024 ** 3;
const figures = (pool: string, limits: Record<string, number>, existing = {}, batch = {}): LimitFigures => ({ pool, limits, existing, batch });

describe('limitNote', () => {
  test('one pool: its limits, then what existing nodes use and what the batch takes, a use of nothing left out', () => {
    expect(limitNote([figures('a', { cpu: 100000 }, { cpu: 2000 }, { cpu: 96000 })])).toBe(
      ' (limits cpu 100; existing nodes use cpu 2; earlier NodeClaims of this batch take up to cpu 96)',
    );
    expect(limitNote([figures('a', { cpu: 4000, memory: 16 * GI }, {}, { cpu: 4000 })])).toBe(
      ' (limits cpu 4, memory 16Gi; earlier NodeClaims of this batch take up to cpu 4)',
    );
    expect(limitNote([figures('a', { nodes: 0 })])).toBe(' (limits nodes 0)');
  });

  test('several pools: each contributor once, with each pool’s use of each of its limits', () => {
    const a = figures('a', { cpu: 100000 }, { cpu: 2000 }, { cpu: 96000 });
    const b = figures('b', { cpu: 8000, memory: 32 * GI }, {}, { cpu: 8000, memory: 16 * GI });
    expect(limitNote([a, b])).toBe(
      ' (existing nodes use: a cpu 2 of 100; and earlier NodeClaims of this batch take up to: a cpu 96 of 100; b cpu 8 of 8, memory 16Gi of 32Gi)',
    );
    expect(limitNote([figures('a', { cpu: 500 }), figures('b', { nodes: 0 })])).toBe(' (limits: a cpu 500m; b nodes 0)');
  });
});

describe('joinPoolErrors', () => {
  test('other errors keep their place; the limit errors alike go where the first was, one clause for each error', () => {
    const reason = joinPoolErrors([
      { limit: 'types', figures: figures('a', { cpu: 4000 }, {}, { cpu: 4000 }) },
      { text: () => 'NodePool=t: did not tolerate taint' },
      { limit: 'nodes', figures: figures('n', { nodes: 0 }) },
      { limit: 'types', figures: figures('b', { cpu: 2000 }, {}, { cpu: 2000 }) },
      { limit: 'types', figures: figures('c', { cpu: 2000 }, {}, { cpu: 1000 }) },
    ]);
    expect(reason.split('; NodePool=t: ')[0]).toBe(
      'all available instance types exceed limits for nodepools a, b and c ' +
        '(earlier NodeClaims of this batch take up to: a cpu 4 of 4; b cpu 2 of 2; c cpu 1 of 2)',
    );
    expect(reason).toMatch(/; NodePool=t: did not tolerate taint; node limits have been exhausted for nodepool \(NodePool=n\) \(limits nodes 0\)$/);
  });

  test('one pool keeps Karpenter’s words', () => {
    expect(joinPoolErrors([{ limit: 'types', figures: figures('a', { cpu: 2000 }, {}, { cpu: 2000 }) }])).toBe(
      'all available instance types exceed limits for nodepool (NodePool=a) (limits cpu 2; earlier NodeClaims of this batch take up to cpu 2)',
    );
  });
});
