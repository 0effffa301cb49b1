// lib/private/code-cache.ts, the loader of the bundles, in real Node processes (jest's own module registry is not
// Node's loader, so in here it takes the plain require, which the last test shows).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CODE_CACHE_SUFFIX, codeCacheUses, loadBundle } from '../../lib/private/code-cache';
import { bundleLoaderJs } from '../util/bundle-loader';

const BUNDLE = [
  'globalThis.__runs = (globalThis.__runs ?? 0) + 1;',
  'exports.answer = function answer() { return 41 + 1; };',
  'exports.twice = function twice(x) { return [x, x].join(","); };',
  'exports.dir = __dirname;',
  'exports.sibling = require("./sibling").value;',
  '',
].join('\n');

let dir: string;
let bundle: string;

/** Runs `lines` in a fresh Node process with `loader` and `bundle` defined; returns what it printed as JSON. */
function node(lines: string[], env: NodeJS.ProcessEnv = {}): any {
  const script = [
    `const loader = require(${JSON.stringify(path.join(dir, 'code-cache.js'))});`,
    `const bundle = ${JSON.stringify(bundle)};`,
    'const load = () => loader.loadBundle(bundle, () => require(bundle));',
    ...lines,
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], {
    cwd: path.join(__dirname, '..', '..'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const record = () =>
  node(['loader.recordCodeCaches();', 'const m = load();', 'm.answer(); m.twice(1);', 'console.log(JSON.stringify(loader.writeCodeCaches()));']);
const uses = () => 'loader.codeCacheUses().map((u) => u.use)';

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-test-'));
  fs.writeFileSync(path.join(dir, 'code-cache.js'), bundleLoaderJs());
  bundle = path.join(dir, 'bundle.js');
  fs.writeFileSync(bundle, BUNDLE);
  fs.writeFileSync(path.join(dir, 'sibling.js'), 'exports.value = "beside";\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the build run writes a cache beside the bundle, headed by the text’s SHA-256 and the V8 version', () => {
  expect(record()).toEqual([bundle + CODE_CACHE_SUFFIX]);
  const bytes = fs.readFileSync(bundle + CODE_CACHE_SUFFIX);
  const header = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString('utf8'));
  expect(header).toEqual({ sha256: require('crypto').createHash('sha256').update(BUNDLE).digest('hex'), v8: process.versions.v8 });
  expect(bytes.length - bytes.indexOf(10)).toBeGreaterThan(100);
});

test('a process with the cache uses it, runs the module once, and require() returns the same exports', () => {
  record();
  const out = node([
    'const a = load(); const b = load(); const c = require(bundle);',
    'const m = require.cache[bundle]; const own = require("path").join(require("path").dirname(bundle), "node_modules");',
    'if (m.filename !== bundle || !m.loaded || m.paths[0] !== own) throw new Error("the module fields are not Node\'s");',
    'console.log(JSON.stringify({ same: a === b && b === c, runs: globalThis.__runs, answer: a.answer(), twice: a.twice(3),',
    `  dir: a.dir, sibling: a.sibling, uses: ${uses()} }));`,
  ]);
  expect(out).toEqual({ same: true, runs: 1, answer: 42, twice: '3,3', dir, sibling: 'beside', uses: ['accepted'] });
});

test('a bundle changed after its cache, at the same length, runs its new text: the cache is stale', () => {
  record();
  fs.writeFileSync(bundle, BUNDLE.replace('41 + 1', '40 + 2').replace('[x, x]', '[x, 7]'));
  expect(fs.statSync(bundle).size).toBe(BUNDLE.length);
  expect(node([`const m = load(); console.log(JSON.stringify({ twice: m.twice(3), uses: ${uses()} }));`])).toEqual({
    twice: '3,7',
    uses: ['stale'],
  });
});

test('a cache of another V8, or without its header, is left aside; a damaged one is refused by V8; both still load', () => {
  record();
  const bytes = fs.readFileSync(bundle + CODE_CACHE_SUFFIX);
  const newline = bytes.indexOf(10);
  const header = JSON.parse(bytes.subarray(0, newline).toString('utf8'));
  const check = `const m = load(); console.log(JSON.stringify({ answer: m.answer(), uses: ${uses()} }));`;
  fs.writeFileSync(
    bundle + CODE_CACHE_SUFFIX,
    Buffer.concat([Buffer.from(JSON.stringify({ ...header, v8: '1.0.0' }) + '\n'), bytes.subarray(newline + 1)]),
  );
  expect(node([check])).toEqual({ answer: 42, uses: ['stale'] });
  fs.writeFileSync(bundle + CODE_CACHE_SUFFIX, bytes.subarray(newline + 1));
  expect(node([check])).toEqual({ answer: 42, uses: ['stale'] });
  const damaged = Buffer.from(bytes);
  for (let i = newline + 1; i < damaged.length; i += 7) damaged[i] ^= 0xff;
  fs.writeFileSync(bundle + CODE_CACHE_SUFFIX, damaged);
  expect(node([check])).toEqual({ answer: 42, uses: ['rejected'] });
});

test('without a cache the bundle loads by its plain require', () => {
  expect(
    node([`const m = load(); console.log(JSON.stringify({ answer: m.answer(), cached: require.cache[bundle].exports === m, uses: ${uses()} }));`]),
  ).toEqual({
    answer: 42,
    cached: true,
    uses: ['absent'],
  });
});

test('a bundle that throws while loading is not kept: the next load runs it again', () => {
  fs.writeFileSync(bundle, `${BUNDLE}if (process.env.THROW_FIRST && globalThis.__runs === 1) throw new Error("first");\n`);
  record();
  const out = node(
    [
      'let first; try { load(); } catch (e) { first = e.message; }',
      `console.log(JSON.stringify({ first, answer: load().answer(), runs: globalThis.__runs, uses: ${uses()} }));`,
    ],
    { THROW_FIRST: '1' },
  );
  expect(out).toEqual({ first: 'first', answer: 42, runs: 2, uses: ['accepted', 'accepted'] });
});

test('under a module registry that is not Node’s (jest here), the plain require loads the bundle', () => {
  const plain = { fromPlain: true };
  const file = path.join(os.tmpdir(), 'no-such-bundle.js');
  expect([loadBundle(file, () => plain), loadBundle(file, () => plain)]).toEqual([plain, plain]);
  expect(codeCacheUses().filter((u) => u.file === file)).toEqual([{ file, use: 'plain' }]);
});
