// The block reader gives exactly the value js-yaml (core schema) and `yaml` give, or declines: on kubectl's and
// helm's style (which it must read), on what it must leave to them, and on generated and mutated documents.
import * as fs from 'fs';
import * as path from 'path';
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import { parseAllDocuments, stringify } from 'yaml';
import { BLOCK_YAML_DECLINED, blockYamlCandidate, readBlockYaml } from '../../lib/cli/block-yaml';
import { mulberry32 } from '../util/prng';

/** The block reader's value of a one-document text, or BLOCK_YAML_DECLINED. */
function block(text: string): unknown {
  return blockYamlCandidate(text) ? readBlockYaml(text, 0, text.length) : BLOCK_YAML_DECLINED;
}

/** js-yaml's and `yaml`'s values, or 'error' from either. */
function parsers(text: string): { jsYaml: unknown; yaml: unknown } {
  let jsYaml: unknown;
  try {
    jsYaml = load(text, { schema: CORE_SCHEMA });
  } catch {
    jsYaml = 'error';
  }
  const docs = parseAllDocuments(text);
  const ok = Array.isArray(docs) && docs.length === 1 && docs[0].errors.length === 0;
  return { jsYaml, yaml: ok ? docs[0].toJS() : 'error' };
}

/** When the block reader reads `text`, both parsers read it without error and give the same value. */
function readsAsParsers(text: string): boolean {
  const value = block(text);
  if (value === BLOCK_YAML_DECLINED) return false;
  expect({ text, value: parsers(text) }).toEqual({ text, value: { jsYaml: value, yaml: value } });
  return true;
}

const KUBECTL = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cli', 'kubectl-cluster.yaml'), 'utf8');

test.each([
  ['a kubectl dump (sequences at their key, literal blocks, quoted values)', KUBECTL],
  ['js-yaml and helm style (indented sequences)', 'items:\n  - a: 1\n    b:\n      - x\n      - "y"\n  - c: []\n'],
  [
    'core schema scalars',
    'a: 1\nb: -2\nc: +3\nd: 0o17\ne: 0x1F\nf: 1.5\ng: .5\nh: 1e3\ni: .inf\nj: -.Inf\nk: true\nl: False\nm: null\nn: ~\no:\np: yes\n',
  ],
  ['strings that look like numbers', 'a: 1_000\nb: 1.2.3\nc: 08:30\nd: 2024-01-01\ne: "1"\nf: \'2\'\nh: 123abc\ni: -x\n'],
  ['comments everywhere', '# head\na: 1 # one\n# mid\nb:\n  # inner\n  - x # ex\n  - "y" # why\nc: "#not" # yes\nd: a#b\n'],
  ['nested compact sequences and mappings', 'a:\n- - 1\n  - 2\n- k: v\n  l:\n  - m: n\n    o: p\n-\n  q: r\n- ""\n'],
  ['literal blocks, clipped and stripped', 'a: |\n  x\n\n  y\n\nb: |-\n  z\n\nc: |\nd: 1\ne: |\n    deep\n     deeper\n'],
  ['escapes', 'a: "tab\\tnew\\nq\\"bs\\\\u\\u00e9"\nb: \'it\'\'s\'\nc: "é😀"\nd: "a\\/b"\n'],
  ['quoted keys', '"a b": 1\n\'c:d\': 2\n"": 3\n'],
  ['keys that are Object.prototype names', '__proto__: 1\nconstructor: 2\ntoString:\n  hasOwnProperty: 3\n'],
  ['empty flow collections and trailing blanks', 'a: {}\nb: []   \nc: {} # x\nd: x\t\n'],
  ['URLs, colons without a space, apostrophes', "a: http://x:80/y\nb: a:b\nc: it's\nd: -1\n"],
])('reads %s as js-yaml and yaml do', (_what, text) => {
  expect(readsAsParsers(text)).toBe(true);
});

test.each([
  ['anchors and aliases', 'a: &x 1\nb: *x\n'],
  ['tags', 'a: !!str 1\n'],
  ['multi-line quoted scalars', 'a: "one\n  two"\n'],
  ['multi-line plain scalars', 'a: one\n  two\n'],
  ['folded scalars', 'a: >\n  x\n'],
  ['kept and indented literal blocks', 'a: |+\n  x\n\nb: |2\n   y\n'],
  ['a literal block at the end without a line break', 'a: |\n  x'],
  ['flow collections', 'a: [1, 2]\nb: { c: d }\n'],
  ['binary integers (js-yaml reads 0b11 as 3, the core schema as a string)', 'a: 0b11\n'],
  ['signed hexadecimal integers (the same)', 'a: -0x1\n'],
  ['a signed fraction without a leading digit (js-yaml: a string; the core schema: -0.5)', 'a: -.5\n'],
  ['keys that are not strings', '1: a\n'],
  ['null and boolean keys', 'true: a\n~: b\n'],
  ['merge keys', '<<: {}\n'],
  ['duplicate keys', 'a: 1\na: 2\n'],
  ['duplicate Object.prototype keys', 'constructor: 1\nconstructor: 2\n'],
  ['tabs in indentation', 'a:\n\t- b\n'],
  ['a mapping value after a key on the same line', 'a: b: c\n'],
  ['a directive', '%YAML 1.2\n---\na: 1\n'],
  ['bad indentation', 'a:\n    b: 1\n  c: 2\n'],
  ['an unknown escape', 'a: "\\q"\n'],
  ['a YAML-only escape', 'a: "\\x41"\n'],
  ['CR line ends', 'a: 1\r\nb: 2\r\n'],
  ['non-printable characters', 'a: "\u0007"\n'],
  ['a top-level scalar', 'just text\n'],
  ['a space before the colon', 'a : 1\n'],
  ['a key longer than 1,024 characters', `${'k'.repeat(1025)}: 1\n`],
  ['nesting past the input limit', `${Array.from({ length: 2100 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')}\n`],
])('declines %s', (_what, text) => {
  expect(block(text)).toBe(BLOCK_YAML_DECLINED);
});

test('a kubectl dump is read to the same value as js-yaml', () => {
  expect(block(KUBECTL)).toEqual(load(KUBECTL, { schema: CORE_SCHEMA }));
});

test('a property key is an own property, not the prototype', () => {
  const value = block('__proto__:\n  polluted: true\n') as Record<string, unknown>;
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

/** Awkward values for the generators: strings that need quoting, look like other types, or hold indicators. */
const STRINGS = ['x', 'a b', ' lead', 'trail ', '#h', 'a #b', 'k: v', 'k:v', '-', '- x', '-1', '', 'null', 'True', '1', '0x1', '1e3'];
const MORE = ['é', "it's", '"q"', 'line\nbreak', 'two\nlines\n', 'tab\there', '{}', '[a]', '*a', '&a', '!t', '%p', '|', '.inf', '~'];
const WORDS = [...STRINGS, ...MORE, 'http://x:80/y', 'a\\b', 'constructor', '__proto__'];

function generated(rnd: () => number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const value = (depth: number): unknown => {
    const k = Math.floor(rnd() * (depth > 3 ? 4 : 7));
    if (k === 0) return pick(WORDS);
    if (k === 1) return Math.floor(rnd() * 2000) - 1000;
    if (k === 2) return pick([true, false, null, 1.5, -0.25]);
    if (k === 3) return pick(WORDS) + pick(WORDS);
    if (k === 4) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = Math.floor(rnd() * 5); i > 0; i--) {
      const key = pick(WORDS) || `k${i}`;
      Object.defineProperty(o, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return o;
  };
  return { kind: 'Thing', spec: value(0) };
}

test('generated documents, as js-yaml, yaml and kubectl-like writers print them, read as both parsers read them', () => {
  const rnd = mulberry32(31);
  let read = 0;
  const total = 600;
  for (let n = 0; n < total; n++) {
    const value = generated(rnd);
    const text = [
      () => dump(value, { noArrayIndent: true, lineWidth: -1 }),
      () => dump(value, { lineWidth: -1, quotingType: '"' }),
      () => stringify(value, { indentSeq: false, lineWidth: 0 }),
      () => stringify(value, { lineWidth: 0 }),
    ][n % 4]();
    if (readsAsParsers(text)) read++;
  }
  // Most are in the subset (the rest hold folded or multi-line scalars the writers chose): declined, not misread.
  expect(read).toBeGreaterThan(total / 2);
});

test('mutated documents: whatever the block reader accepts, js-yaml and yaml read the same, without errors', () => {
  const rnd = mulberry32(47);
  // A base the reader reads (a generated document may hold scalars it declines), so mutations test what it accepts.
  const seed = mulberry32(5);
  let extra = '';
  while (extra === '' || block(extra) === BLOCK_YAML_DECLINED) extra = dump(generated(seed), { noArrayIndent: true, lineWidth: -1 });
  const base = `${KUBECTL}${extra.replace(/^kind:/m, 'kind2:')}`;
  expect(block(base)).not.toBe(BLOCK_YAML_DECLINED);
  const CHARS = [' ', '  ', '-', '- ', ':', ': ', '#', ' #', '"', "'", '\n', 'a', '|', '|-', '|+', '{}', '[]', '\\', '0', '.', '\n  ', '\n- '];
  let read = 0;
  for (let n = 0; n < 1500; n++) {
    let text = base;
    for (let m = 1 + Math.floor(rnd() * 2); m > 0; m--) {
      const at = Math.floor(rnd() * text.length);
      const cut = rnd() < 0.3;
      text = cut
        ? text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 3))
        : text.slice(0, at) + CHARS[Math.floor(rnd() * CHARS.length)] + text.slice(at);
    }
    if (readsAsParsers(text)) read++;
  }
  expect(read).toBeGreaterThan(300);
});

describe('a List item outside the subset is read by the item reader, the rest by the block reader', () => {
  const LIST = (odd: string) =>
    `apiVersion: v1\nitems:\n- kind: Pod\n  metadata:\n    name: a\n${odd}- kind: Pod\n  metadata:\n    name: c\nkind: List\n`;
  /** js-yaml as the item reader (the fast path's), counting the entries it was given. */
  const reader = () => {
    const entries: string[] = [];
    const read = (entry: string): unknown => {
      entries.push(entry);
      return load(entry, { schema: CORE_SCHEMA });
    };
    return { entries, read };
  };

  test.each([
    ['a message wrapped onto the next line', '- kind: Pod\n  status:\n    message: a long message that kubectl\n      wrapped at eighty columns\n'],
    ['a wrapped single-quoted scalar', '- kind: Pod\n  status:\n    message: \'pod: "x", container:\n      y\'\n'],
    ['a flow sequence', '- kind: Pod\n  spec:\n    args: [a, b]\n'],
    ['a folded block', '- kind: Pod\n  data:\n    x: >\n      folded\n      text\n'],
  ])('%s', (_what, odd) => {
    const text = LIST(odd);
    const { entries, read } = reader();
    const value = readBlockYaml(text, 0, text.length, read);
    expect(value).toEqual(parsers(text).jsYaml);
    expect(value).toEqual(parsers(text).yaml);
    expect(entries).toEqual([odd]);
  });

  test('kubectl style and indented items, an item at the end of the text', () => {
    const indented = 'items:\n  - a: 1\n  - b: [1, 2]\n  - c: 3\n';
    const { entries, read } = reader();
    expect(readBlockYaml(indented, 0, indented.length, read)).toEqual({ items: [{ a: 1 }, { b: [1, 2] }, { c: 3 }] });
    expect(entries).toEqual(['  - b: [1, 2]\n']);
    const last = 'items:\n- a: 1\n- b: [1, 2]';
    expect(readBlockYaml(last, 0, last.length, read)).toEqual({ items: [{ a: 1 }, { b: [1, 2] }] });
  });

  test('what the item reader declines, or an error outside an item, declines the document', () => {
    const declines = () => BLOCK_YAML_DECLINED;
    const text = LIST('- kind: Pod\n  spec:\n    args: [a, b]\n');
    expect(readBlockYaml(text, 0, text.length, declines)).toBe(BLOCK_YAML_DECLINED);
    const outside = 'items:\n- a: 1\nother: [1]\n';
    expect(readBlockYaml(outside, 0, outside.length, reader().read)).toBe(BLOCK_YAML_DECLINED);
  });

  test('a nested sequence is not an item: its entries are not read alone', () => {
    const text = 'items:\n- spec:\n    list:\n    - [1]\n';
    const { entries, read } = reader();
    expect(readBlockYaml(text, 0, text.length, read)).toEqual({ items: [{ spec: { list: [[1]] } }] });
    expect(entries).toEqual(['- spec:\n    list:\n    - [1]\n']);
  });
});
