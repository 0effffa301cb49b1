// The fast path (js-yaml) on 400 generated and 1,000 mutated documents (seeded): whatever it accepts, `yaml` reads
// the same. Slow: only the full run (`npm test`) runs it, not `npm run test:unit`.
import * as fs from 'fs';
import * as path from 'path';
import { stringify } from 'yaml';
import { agrees, KUBECTL_STYLE } from './fast-yaml-helpers';

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
