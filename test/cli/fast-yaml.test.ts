// The fast path (js-yaml) gives exactly the values the `yaml` library gives, or declines (undefined) so the caller
// uses `yaml`: checked on the repository's YAML files, on tricky cases, and on generated and mutated documents.
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments, stringify } from 'yaml';
import { fastYamlDocuments } from '../../lib/cli/fast-yaml';

/** What `yaml` reads: each non-empty document's index and value; undefined when it reports an error. */
function slow(text: string): [number, unknown][] | undefined {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return undefined;
  return docs.map((d, i): [number, unknown] => [i, d.toJS()]).filter(([, v]) => v !== null && v !== undefined);
}

function fast(text: string): [number, unknown][] | undefined {
  return fastYamlDocuments(text)
    ?.filter((d) => d.value !== null)
    .map((d): [number, unknown] => [d.index, d.value]);
}

/** Fast agrees with `yaml`, or declines; returns whether it read the text. */
function agrees(text: string): boolean {
  const f = fast(text);
  if (f === undefined) return false;
  expect({ text, value: f }).toEqual({ text, value: slow(text) });
  return true;
}

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

test('generated documents: what yaml.stringify writes is read the same', () => {
  // A small deterministic generator of awkward values.
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const STRINGS = [
    'x',
    'a b',
    ' lead',
    'trail ',
    '#hash',
    'a #b',
    'k: v',
    'k:v',
    '-',
    '- x',
    '?',
    '',
    'null',
    'True',
    '1',
    '0x1',
    '1e3',
    'é',
    "it's",
    '"q"',
    'line\nbreak',
    'tab\there',
    '{}',
    '[a]',
    '*a',
    '&a',
    '!t',
    '%p',
    '@a',
    '`b',
    '|',
    '>',
    'http://x:80/y',
    'a\\b',
    '.inf',
    '~',
    'on',
  ];
  const value = (depth: number): unknown => {
    const k = rnd(depth > 3 ? 4 : 7);
    if (k === 0) return STRINGS[rnd(STRINGS.length)];
    if (k === 1) return rnd(2000) - 1000;
    if (k === 2) return [true, false, null, 1.5, -0.25][rnd(5)];
    if (k === 3) return STRINGS[rnd(STRINGS.length)] + STRINGS[rnd(STRINGS.length)];
    if (k === 4) return Array.from({ length: rnd(4) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = rnd(5); i > 0; i--) o[STRINGS[rnd(STRINGS.length)] || `k${i}`] = value(depth + 1);
    return o;
  };
  let read = 0;
  for (let n = 0; n < 400; n++) {
    const docs = Array.from({ length: 1 + rnd(3) }, () => ({ kind: 'Thing', spec: value(0) }));
    const text = docs.map((d) => stringify(d, { indentSeq: n % 2 === 0, lineWidth: 0 })).join('---\n');
    if (agrees(text)) read++;
  }
  // Most generated files are in the subset; the rest were declined, not misread.
  expect(read).toBeGreaterThan(200);
});

function KUBECTL_STYLE(): string {
  return `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"}}
    creationTimestamp: "2026-01-01T00:00:00Z"
    labels:
      app.kubernetes.io/name: web
    name: web
    namespace: default
  spec:
    containers:
    - image: nginx:1.27
      name: web
      ports:
      - containerPort: 80
        protocol: TCP
      resources:
        requests:
          cpu: 500m
          memory: 1Gi
    nodeName: ip-10-0-0-1.ec2.internal
    tolerations:
    - effect: NoExecute
      key: node.kubernetes.io/not-ready
      operator: Exists
      tolerationSeconds: 300
  status:
    phase: Running
    podIP: 10.0.0.12
kind: List
metadata:
  resourceVersion: ""
`;
}

test('mutated documents: whatever the fast reader accepts, yaml reads the same, without errors', () => {
  let seed = 11;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const fixture = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cli', 'kubectl-cluster.yaml'), 'utf8');
  const small = stringify({ a: { b: ['x', { c: 'd', e: [1, 2] }], f: 'g: h', i: '' } }, { indentSeq: false });
  const base = `${KUBECTL_STYLE()}---\n${small}---\n${fixture}`;
  const CHARS = [
    ' ',
    '  ',
    '-',
    '- ',
    ':',
    ': ',
    '#',
    ' #',
    '"',
    "'",
    '\n',
    'a',
    '|',
    '|-',
    '|+',
    '{}',
    '[]',
    '\\',
    '---\n',
    '0',
    '.',
    '\n  ',
    '\n- ',
    '~',
    '\r\n',
    '\t',
  ];
  let read = 0;
  for (let n = 0; n < 1000; n++) {
    let text = base;
    for (let m = 1 + rnd(2); m > 0; m--) {
      const at = rnd(text.length);
      text = rnd(3) === 0 ? text.slice(0, at) + text.slice(at + 1 + rnd(3)) : text.slice(0, at) + CHARS[rnd(CHARS.length)] + text.slice(at);
    }
    if (agrees(text)) read++;
  }
  expect(read).toBeGreaterThan(200);
});
