// Disruption budgets for the Drifted reason at a given time (core pkg/apis/v1/nodepool.go:352-426 and
// pkg/controllers/disruption/helpers.go:262-313 at v1.14.1).
import { driftPaceOf } from '../../../lib/core/drift/budgets';
import type { DriftIssue } from '../../../lib/core/drift/drift-types';

const BUSINESS_HOURS = { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' };

function pace(budgets: unknown, at: string, counts?: { nodes: number; disrupting: number }) {
  const issues: DriftIssue[] = [];
  return { ...driftPaceOf(budgets, new Date(at), counts, issues, 'NodePool/default'), issues };
}

describe('a schedule across a week', () => {
  // 2026-12-07 is a Monday.
  test.each<[string, string, boolean, { opensAt?: string; closesAt?: string }]>([
    ['Monday 08:59', '2026-12-07T08:59:00Z', false, { opensAt: '2026-12-07T09:00:00.000Z' }],
    ['Monday 09:00', '2026-12-07T09:00:00Z', true, { closesAt: '2026-12-07T17:00:00.000Z' }],
    ['Monday 16:59', '2026-12-07T16:59:00Z', true, { closesAt: '2026-12-07T17:00:00.000Z' }],
    ['Monday 17:00', '2026-12-07T17:00:00Z', false, { opensAt: '2026-12-08T09:00:00.000Z' }],
    ['Friday 12:00', '2026-12-11T12:00:00Z', true, { closesAt: '2026-12-11T17:00:00.000Z' }],
    ['Saturday 10:00', '2026-12-12T10:00:00Z', false, { opensAt: '2026-12-14T09:00:00.000Z' }],
    ['Sunday 23:59', '2026-12-13T23:59:00Z', false, { opensAt: '2026-12-14T09:00:00.000Z' }],
  ])('%s', (_title, at, active, when) => {
    const p = pace([{ nodes: '20%' }, BUSINESS_HOURS], at, { nodes: 10, disrupting: 0 });
    expect(p.budgets[1]).toMatchObject({ active, ...when });
    expect(p.atOnce).toBe(active ? 0 : 2);
    if (active) expect(p.blockedBy).toBe(`budgets[1] (nodes "0", schedule "0 9 * * mon-fri" for 8h) until ${when.closesAt}`);
    else expect(p.nextBlock).toBe(`budgets[1] (nodes "0", schedule "0 9 * * mon-fri" for 8h) from ${when.opensAt}`);
  });

  test('windows chained by hits within the duration close at the end of the chain', () => {
    const p = pace([{ nodes: '0', schedule: '0 * * * *', duration: '90m' }], '2026-12-07T10:30:00Z', { nodes: 4, disrupting: 0 });
    expect(p.budgets[0].active).toBe(true);
    // Every hour fires again within 90 minutes: the window never closes within the search.
    expect(p.budgets[0].closesAt).toBeUndefined();
  });
});

describe('the number of nodes at once', () => {
  test.each([
    ['10%', 5, 1],
    ['10%', 11, 2],
    ['10%', 0, 0],
    ['1%', 1, 1],
    ['0%', 40, 0],
    ['100%', 3, 3],
    ['5', 3, 5],
    ['0', 3, 0],
  ])('nodes %s of %d is %d (percentages rounded up)', (nodes, n, expected) => {
    expect(pace([{ nodes }], '2026-12-07T10:00:00Z', { nodes: n, disrupting: 0 }).atOnce).toBe(expected);
  });

  test('the minimum over active budgets, less the nodes NotReady or deleting', () => {
    const budgets = [{ nodes: '50%' }, { nodes: '3' }, { nodes: '1', schedule: '0 0 * * *', duration: '1h' }];
    expect(pace(budgets, '2026-12-07T10:00:00Z', { nodes: 10, disrupting: 1 })).toMatchObject({ atOnce: 2, limit: 'min(50%, 3)' });
    expect(pace(budgets, '2026-12-07T00:30:00Z', { nodes: 10, disrupting: 0 })).toMatchObject({ atOnce: 1, limit: 'min(50%, 3, 1)' });
    expect(pace(budgets, '2026-12-07T10:00:00Z', { nodes: 10, disrupting: 5 }).atOnce).toBe(0);
  });

  test('a budget for other reasons does not limit drift; one naming Drifted does', () => {
    expect(
      pace([{ nodes: '0', reasons: ['Empty', 'Underutilized'] }, { nodes: '2' }], '2026-12-07T10:00:00Z', { nodes: 9, disrupting: 0 }).atOnce,
    ).toBe(2);
    expect(pace([{ nodes: '1', reasons: ['Drifted'] }, { nodes: '2' }], '2026-12-07T10:00:00Z', { nodes: 9, disrupting: 0 }).atOnce).toBe(1);
  });

  test('without budgets the CRD default of 10% applies', () => {
    expect(pace(undefined, '2026-12-07T10:00:00Z', { nodes: 30, disrupting: 0 })).toMatchObject({ atOnce: 3, limit: '10%' });
  });

  test('without a cluster the limit is given as written', () => {
    const p = pace([{ nodes: '10%' }, { nodes: '2' }], '2026-12-07T10:00:00Z');
    expect(p.atOnce).toBeUndefined();
    expect(p.limit).toBe('min(10%, 2)');
  });
});

describe('an invalid schedule fails closed (nodepool.go:352-358)', () => {
  test.each([['0 9 * * 7'], ['61 * * * *'], ['@every 1h']])('%s', (schedule) => {
    const p = pace([{ nodes: '50%' }, { nodes: '5', schedule, duration: '1h', reasons: ['Empty'] }], '2026-12-07T10:00:00Z', {
      nodes: 10,
      disrupting: 0,
    });
    expect(p.atOnce).toBe(0);
    expect(p.limit).toBe('0');
    expect(p.blockedBy).toContain('budgets[1]');
    expect(p.issues).toEqual([expect.objectContaining({ code: 'DriftInvalidBudget', field: 'spec.disruption.budgets[1]' })]);
  });
});
