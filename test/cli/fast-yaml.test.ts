// The fast path (js-yaml) gives exactly the values the `yaml` library gives, or declines (undefined) so the caller
// uses `yaml`: checked on the repository's YAML files and on tricky cases. Generated and mutated documents:
// fast-yaml-properties.test.ts.
import * as fs from 'fs';
import * as path from 'path';
import { fastYamlDocuments } from '../../lib/cli/fast-yaml';
import { agrees, fast, KUBECTL_STYLE, slow } from './fast-yaml-helpers';

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

test("the repository's YAML files: the same values, or declined", () => {
  const root = path.join(__dirname, '..', '..');
  const files = ['test', 'examples', 'lib'].flatMap((d) => yamlFiles(path.join(root, d)));
  let read = 0;
  for (const f of files) if (agrees(fs.readFileSync(f, 'utf8'))) read++;
  expect(read).toBeGreaterThan(0);
});

test.each([
  ['kubectl style: sequences at their key, literal blocks, quoted keys and values', KUBECTL_STYLE()],
  [
    'core schema scalars',
    'a: 1\nb: -2\nc: +3\nd: 0o17\ne: 0x1F\nf: 1.5\ng: .5\nh: 1e3\ni: .inf\nj: -.Inf\nk: true\nl: False\nm: null\nn: ~\no:\np: yes\n',
  ],
  ['strings that look like numbers', 'a: 1_000\nb: 1.2.3\nc: 08:30\nd: 2024-01-01\ne: "1"\nf: \'2\'\nh: 123abc\n'],
  ['comments everywhere', '# head\na: 1 # one\n# mid\nb:\n  # inner\n  - x # ex\n  - "y" # why\nc: "#not" # yes\nd: a#b\n'],
  ['documents, empty ones too', '# c\n---\na: 1\n---\n---\n# only\n---\nb: 2\n'],
  ['nested compact sequences and mappings', 'a:\n- - 1\n  - 2\n- k: v\n  l:\n  - m: n\n    o: p\n-\n  q: r\n- ""\n'],
  ['literal chomping', 'a: |\n  x\n\n  y\n\nb: |-\n  z\n\nc: |+\n  w\n\n\nd: 1\n'],
  ['escapes', 'a: "tab\\tnew\\nq\\"bs\\\\u\\u00e9"\nb: \'it\'\'s\'\nc: "é😀"\n'],
  ['flow: empty only', 'a: {}\nb: []\nc: {} # x\n'],
  ['CRLF line ends', 'a: 1\r\nb:\r\n- x\r\n'],
  ['empty file', ''],
])('%s', (_what, text) => {
  const f = fast(text);
  if (text === '') expect(f).toBeUndefined();
  else expect(agrees(text)).toBe(true);
});

test.each([
  ['anchors and aliases', 'a: &x 1\nb: *x\n'],
  ['tags', 'a: !!str 1\n'],
  ['multi-line quoted scalars', 'a: "one\n  two"\n'],
  ['binary integers (js-yaml reads 0b11 as 3, the core schema as a string)', 'a: 0b11\n'],
  ['signed hexadecimal integers (js-yaml reads -0x1 as -1, the core schema as a string)', 'a: -0x1\n'],
  ['a signed fraction without a leading digit (js-yaml: a string; the core schema: -0.5)', 'a: [-.5]\n'],
  ['duplicate keys', 'a: 1\na: 2\n'],
  ['tabs in indentation', 'a:\n\t- b\n'],
  ['a mapping value after a key on the same line', 'a: b: c\n'],
  ['a directive', '%YAML 1.2\n---\na: 1\n'],
  ['bad indentation', 'a:\n    b: 1\n  c: 2\n'],
  ['an unknown escape', 'a: "\\q"\n'],
  ['a byte order mark', '\ufeffa: 1\n'],
])('declines %s', (_what, text) => {
  expect(fastYamlDocuments(text)).toBeUndefined();
});

// Beyond kubectl's subset: js-yaml reads these as `yaml` does, or the fast path declines them.
test.each([
  ['flow collections', 'a: [1, 2]\nb: { c: d }\n'],
  ['folded scalars', 'a: >\n  x\n  y\n'],
  ['multi-line plain scalars', 'a: one\n  two\n'],
  ['merge keys', 'a: 1\n<<: {}\n'],
  ['a key that is not a string', '1: a\n'],
  ['a top-level scalar', 'just text\n'],
  ['a plain scalar with an apostrophe', "a: it's\n"],
  ['a literal block at the end without a line break', 'a: |\n  x'],
])('%s: as yaml reads them, or declined', (_what, text) => {
  const f = fast(text);
  if (f !== undefined) expect(f).toEqual(slow(text));
});
