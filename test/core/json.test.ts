import { cloneJson, isPlainObject, opt } from '../../lib/core/json';

describe('JSON helpers', () => {
  test('isPlainObject: objects, not arrays or null', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isPlainObject)).toEqual([true, true, false, false, false, false]);
  });

  test('cloneJson copies arrays and objects deeply and shares the rest', () => {
    const inner = { b: [1, { c: 2 }] };
    const copy = cloneJson({ a: inner });
    expect(copy).toEqual({ a: inner });
    expect(copy.a).not.toBe(inner);
    expect(copy.a.b[1]).not.toBe(inner.b[1]);
  });

  test('opt: a field only when its value is defined', () => {
    expect({ a: 1, ...opt('b', undefined), ...opt('c', 0) }).toEqual({ a: 1, c: 0 });
    expect(Object.keys({ ...opt('b', undefined) })).toEqual([]);
  });
});
