// The checks' token test answers as cdktf's Token.isUnresolved does, on tokens of every kind and on generated
// values built from the markers' pieces: its shortcut (no marker text, no token) must never hide a token.
import { Fn, Lazy, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { isUnresolved } from '../../lib/private/tokens';
import { mulberry32 } from '../util/prng';

function variableNumber(): number {
  return new TerraformVariable(new TerraformStack(Testing.app(), 'n'), 'n', { type: 'number' }).numberValue;
}

function tokens(): unknown[] {
  const stack = new TerraformStack(Testing.app(), 'tokens');
  const variable = new TerraformVariable(stack, 'v', { type: 'string' });
  const list = new TerraformVariable(stack, 'l', { type: 'list(string)' });
  const map = new TerraformVariable(stack, 'm', { type: 'map(string)' });
  const str = variable.stringValue;
  return [
    str,
    `prefix-${str}-suffix`,
    Token.asString({ resolve: () => 'x' }),
    Token.asNumber({ resolve: () => 1 }),
    variable.numberValue,
    list.listValue,
    Token.asList({ resolve: () => ['a'] }),
    Token.asNumberList({ resolve: () => [1] }),
    map.value,
    Token.asStringMap({ resolve: () => ({ a: 'b' }) }),
    Token.asAnyMap({ resolve: () => ({ a: 1 }) }),
    Token.asAny('x'),
    Fn.join(',', list.listValue),
    Fn.lookup(map.value, 'a', 'b'),
    Lazy.stringValue({ produce: () => 'lazy' }),
    Lazy.numberValue({ produce: () => 3 }),
    Lazy.listValue({ produce: () => ['a'] }),
    Lazy.anyValue({ produce: () => ({ a: 1 }) }),
    { resolve: () => 'resolvable' },
    { [Object.keys(map.value)[0] ?? 'none']: 'v' },
    [str, 'b'],
    { a: str },
  ];
}

describe('isUnresolved, the checks token test', () => {
  test.each(tokens().map((t, i) => [i, t]))('token %i: the same answer as Token.isUnresolved', (_i, t) => {
    expect(isUnresolved(t)).toBe(Token.isUnresolved(t));
  });

  test('the tokens of each kind are unresolved, so the table tests the shortcut on tokens', () => {
    const kinds = tokens().filter((t) => Token.isUnresolved(t));
    expect(kinds.length).toBeGreaterThanOrEqual(18);
    expect(kinds.every(isUnresolved)).toBe(true);
  });

  test('literal values of every JSON kind are resolved', () => {
    const literals = ['', 'a', '${var.x}', '#{x}', '&{x}', 'TfToken', 0, -1.5, true, false, null, undefined, [], ['a'], [1], {}, { a: 'b' }];
    for (const v of literals) expect([v, isUnresolved(v)]).toEqual([v, Token.isUnresolved(v)]);
  });

  test('numbers around the token range, and generated strings, lists and objects: the same answer as Token.isUnresolved', () => {
    const seed = 20261207;
    const rand = mulberry32(seed);
    const real = tokens().filter((t): t is string => typeof t === 'string');
    const pieces = ['$', '#', '&', '{', '}', '[', ']', 'TfToken', 'TfToken[', 'TOKEN.', '1', '.', 'a', ' ', ...real];
    const text = () => Array.from({ length: Math.floor(rand() * 6) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
    const value = (): unknown => {
      const r = rand();
      if (r < 0.5) return text();
      if (r < 0.7) return Array.from({ length: Math.floor(rand() * 3) }, text);
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 3) }, () => [text(), text()]));
    };
    const numbers = [variableNumber(), Token.asNumber({ resolve: () => 2 }), -1e288, -1e289, -1.8881545897087626e289, -Infinity, NaN, 0, 1e300];
    for (const n of numbers) expect([n, isUnresolved(n), isUnresolved([n])]).toEqual([n, Token.isUnresolved(n), Token.isUnresolved([n])]);
    let tokensSeen = 0;
    for (let i = 0; i < 3000; i++) {
      const v = value();
      const expected = Token.isUnresolved(v);
      tokensSeen += expected ? 1 : 0;
      if (isUnresolved(v) !== expected) throw new Error(`seed ${seed}, value ${i}: ${JSON.stringify(v)} answered ${!expected}`);
    }
    // Both answers occur, so the comparison exercised the delegation and the shortcut.
    expect(tokensSeen).toBeGreaterThan(300);
    expect(tokensSeen).toBeLessThan(2700);
  });
});
