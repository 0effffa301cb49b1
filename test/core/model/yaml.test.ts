import { parseAllDocuments } from 'yaml';
import { toYaml, unresolvedPath } from '../../../lib/core/model/yaml';

describe('toYaml', () => {
  test('one document per manifest, keys in order, no folding', () => {
    const long = 'x'.repeat(200);
    const out = toYaml({ kind: 'A', spec: { userData: long, n: '10' } }, { kind: 'B' });
    expect(out).toBe(`kind: A\nspec:\n  userData: ${long}\n  "n": "10"\n---\nkind: B\n`);
    expect(parseAllDocuments(out).map((d) => d.toJS())).toEqual([{ kind: 'A', spec: { userData: long, n: '10' } }, { kind: 'B' }]);
  });

  test('quotes strings that YAML 1.1 (kubectl, Helm) would read as booleans, numbers or dates', () => {
    const values = { a: 'yes', b: 'on', c: 'N', d: '1_000', e: '1:20', f: '2025-01-31', g: 'plain' };
    const out = toYaml({ tags: values });
    expect(out).toBe('tags:\n  a: "yes"\n  b: "on"\n  c: "N"\n  d: "1_000"\n  e: "1:20"\n  f: "2025-01-31"\n  g: plain\n');
    expect(parseAllDocuments(out, { version: '1.1' })[0].toJS()).toEqual({ tags: values });
  });

  test('unresolvedPath finds the first flagged value', () => {
    const isTok = (v: unknown) => v === 'TOKEN';
    expect(unresolvedPath({ a: { b: ['x', 'TOKEN'] } }, isTok)).toBe('a.b[1]');
    expect(unresolvedPath({ a: { TOKEN: 1 } }, isTok)).toBe('a.TOKEN');
    expect(unresolvedPath({ TOKEN: 1 }, isTok)).toBe('TOKEN');
    expect(unresolvedPath({ a: 1 }, isTok)).toBeUndefined();
  });
});
