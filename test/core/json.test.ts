import * as vm from 'vm';
import { nodePool } from './api/fixtures';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { validateNodePool } from '../../lib/core/validation/validate-nodepool';
import * as json from '../../lib/core/json';
import { cloneJson, isPlainObject, isString, opt, show } from '../../lib/core/json';

describe('JSON helpers', () => {
  test('isPlainObject: objects, not arrays or null', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isPlainObject)).toEqual([true, true, false, false, false, false]);
  });

  test('isPlainObject: object literals of any realm and Object.create(null), no class instance (issue #23 item 5)', () => {
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject(vm.runInNewContext('({ a: 1 })'))).toBe(true);
    class Point {
      public readonly x = 1;
    }
    expect([new Point(), Quantity.cpu(1), new Date(0), new Map(), /x/].map(isPlainObject)).toEqual([false, false, false, false, false]);
  });

  test('cloneJson shares a class instance instead of flattening it into a plain object', () => {
    const q = Quantity.gibibytes(4);
    expect(cloneJson({ q }).q).toBe(q);
  });

  test('cloneJson copies arrays and objects deeply and shares the rest', () => {
    const inner = { b: [1, { c: 2 }] };
    const copy = cloneJson({ a: inner });
    expect(copy).toEqual({ a: inner });
    expect(copy.a).not.toBe(inner);
    expect(copy.a.b[1]).not.toBe(inner.b[1]);
  });

  test('cloneJson keeps user keys as keys: __proto__ and constructor, in order, on a plain object', () => {
    const labels = JSON.parse('{"a": "1", "__proto__": {"x": "p"}, "constructor": "c"}');
    const copy = cloneJson({ labels, nullProto: Object.assign(Object.create(null), { k: 'v' }) });
    expect(Object.keys(copy.labels)).toEqual(['a', '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(copy.labels)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy.labels, '__proto__')?.value).toEqual({ x: 'p' });
    expect(Object.getOwnPropertyDescriptor(copy.labels, '__proto__')?.value).not.toBe(labels['__proto__']);
    expect(Object.getPrototypeOf(copy.nullProto)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ labels, nullProto: { k: 'v' } }));
  });

  test('opt: a field only when its value is defined', () => {
    expect({ a: 1, ...opt('b', undefined), ...opt('c', 0) }).toEqual({ a: 1, c: 0 });
    expect(Object.keys({ ...opt('b', undefined) })).toEqual([]);
  });

  test('show: one renderer of a value for messages, JSON shortened to 80 characters, never throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect([show('m5.large'), show(4), show({ key: 'x' }), show(undefined), show(cyclic), show(BigInt(1))]).toEqual([
      '"m5.large"',
      '4',
      '{"key":"x"}',
      'undefined',
      'object',
      'bigint',
    ]);
    expect(show('x'.repeat(100))).toHaveLength(80);
  });

  test("show(value, 'typed') names what was given, built on the JSON style; isString is the one string guard", () => {
    expect([show(null, 'typed'), show(undefined, 'typed'), show(Object.create(null), 'typed'), show(Quantity.cpu(1), 'typed')]).toEqual([
      'null',
      'undefined',
      'a plain object {}',
      'a Quantity',
    ]);
    expect(['a', 1, null].map(isString)).toEqual([true, false, false]);
    // One renderer, two styles (issue #23): the typed style is no second export.
    expect(Object.keys(json).filter((k) => /^(show|describe|render)/.test(k))).toEqual(['show']);
  });

  test('a class instance where a manifest has an object is an InvalidType error naming its class', () => {
    const pool = { ...nodePool(), spec: { ...nodePool().spec, limits: new Date(0) } };
    expect(validateNodePool(pool).map((i) => `${i.field}: ${i.message} (${i.code})`)).toContainEqual(
      expect.stringMatching(/^spec\.limits: must be an object.*, got a Date/),
    );
  });
});
