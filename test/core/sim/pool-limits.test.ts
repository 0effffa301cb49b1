// A NodePool's limits are read once: the reader gives the amounts and the unread entries, and reports each on the pool.
import { readNodePool } from '../../../lib/core/sim/inputs';
import { Problems } from '../../../lib/core/sim/input-fields';
import { readPoolLimits } from '../../../lib/core/sim/pool-limits';
import { nodePool } from './fixtures';

test('each entry that is no quantity is unread, with its value as written, and a fatal problem on the pool', () => {
  const p = new Problems('NodePool/gpu');
  expect(readPoolLimits({ cpu: '1500m', memory: 'lots', 'nvidia.com/gpu': 2, pods: true }, p)).toEqual({
    amounts: { cpu: 1500, 'nvidia.com/gpu': 2 },
    unread: [
      { resource: 'memory', value: 'lots' },
      { resource: 'pods', value: true },
    ],
  });
  expect(p.list.map((x) => [x.field, x.code, x.fatal])).toEqual([
    ['spec.limits.memory', 'SimInvalidQuantity', true],
    ['spec.limits.pods', 'SimInvalidQuantity', true],
  ]);
});

test('no limits read as none; a value that is no map bounds nothing and is a problem', () => {
  expect(readPoolLimits(undefined)).toEqual({});
  expect(readPoolLimits(null)).toEqual({});
  const p = new Problems('NodePool/x');
  expect(readPoolLimits('lots', p)).toEqual({ amounts: {} });
  expect(p.list.map((x) => `${x.field}: ${x.message}`)).toEqual(['spec.limits: must be a map of quantities, got string']);
});

test('a read NodePool carries its limits as the reader reads them, its problems among the pool problems', () => {
  const pool = readNodePool(nodePool('gpu', [], { limits: { cpu: '10', memory: 'lots' } }), 0);
  expect(pool.limits).toEqual(readPoolLimits({ cpu: '10', memory: 'lots' }));
  expect(pool.limits.unread).toEqual([{ resource: 'memory', value: 'lots' }]);
  expect(pool.problems.map((x) => `${x.object} ${x.field}`)).toEqual(['NodePool/gpu spec.limits.memory']);
  expect(readNodePool(nodePool('open'), 1).limits).toEqual({});
});
