// scripts/bundle.ts on a small tsc-like tree: what the build does to dist/ after tsc.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  asciiOnly,
  BIN_FILE,
  BUNDLE_ENTRIES,
  BUNDLE_FILE,
  bundleDist,
  LAZY_BUNDLE_FILE,
  lazyReexports,
  LOADER_FILE,
  TOOLS_BUNDLE_FILE,
} from '../../scripts/bundle';
import { bundleLoaderJs } from '../util/bundle-loader';

function write(root: string, files: Record<string, string>): void {
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), text);
  }
}

describe('the bundle of dist/', () => {
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-test-'));
    write(dist, {
      // One class that two entries export, as NodePoolDefinition is exported by the root and by core.
      'lib/core/shared.js': 'exports.Shared = class Shared {};\nglobalThis.__sharedRuns = (globalThis.__sharedRuns ?? 0) + 1;\n',
      // A module of a lazy room (the simulator's), which takes a module of the main bundle.
      'lib/core/sim/lazy.js':
        'globalThis.__lazyRuns = (globalThis.__lazyRuns ?? 0) + 1;\n' +
        "exports.data = require('./data.json');\nexports.Shared = require('../shared').Shared;\n",
      'lib/core/sim/data.json': '{"answer": 42}',
      'lib/core/index.js': "exports.Shared = require('./shared').Shared;\nexports.lazy = () => require('./sim/lazy');\n",
      'lib/index.js':
        "exports.Shared = require('./core/shared').Shared;\nexports.root = true;\nexports.units = require('./core/units');\n" +
        // A construct module re-exported as tsc writes it.
        'var thing_1 = require("./aws/thing");\n' +
        'Object.defineProperty(exports, "Thing", { enumerable: true, get: function () { return thing_1.Thing; } });\n',
      'lib/aws/thing.js': 'globalThis.__thingRuns = (globalThis.__thingRuns ?? 0) + 1;\nexports.Thing = class Thing {};\n',
      // esbuild keeps comments and regular expressions as written: the bundle escapes them.
      'lib/core/units.js':
        'exports.Units = class Units {\n  /** 1 µs → 1000 ns */\n  m() {}\n};\n' + 'exports.micro = /^(µs|μs)$/;\nexports.sign = "→";\n',
      'lib/index.d.ts': 'export declare const root: boolean;\n',
      'lib/testing/index.js': "exports.testing = require('../core/shared').Shared;\n",
      'lib/testing/jest.js': 'exports.jest = true;\n',
      // The loader, as tsc writes it.
      [LOADER_FILE]: bundleLoaderJs(),
      [BIN_FILE]: "#!/usr/bin/env node\nconsole.log(JSON.stringify(require('../lib/core/index.js').lazy().data));\n",
    });
    await bundleDist(dist);
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  test('leaves the bundle, the entry points, the bin, the declarations and the data, and no loose module', () => {
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.relative(dist, path.join(dir, e.name))]));
    expect(files(dist).sort()).toEqual(
      [
        BUNDLE_FILE,
        LAZY_BUNDLE_FILE,
        TOOLS_BUNDLE_FILE,
        BIN_FILE,
        LOADER_FILE,
        'lib/index.d.ts',
        'lib/core/sim/data.json',
        ...BUNDLE_ENTRIES.map((e) => e.file),
      ].sort(),
    );
  });

  test('every entry returns the bundle’s one copy of a module: a class is the same object from each', () => {
    const script = [
      `const root = require(${JSON.stringify(path.join(dist, 'lib/index.js'))});`,
      `const core = require(${JSON.stringify(path.join(dist, 'lib/core/index.js'))});`,
      `const testing = require(${JSON.stringify(path.join(dist, 'lib/testing/index.js'))});`,
      "const lazyFile = () => Object.keys(require.cache).some((f) => f.endsWith('bundle-lazy.js'));",
      'const before = [globalThis.__lazyRuns ?? 0, lazyFile()];',
      'const lazy = core.lazy();',
      'console.log(JSON.stringify({',
      '  same: root.Shared === core.Shared && core.Shared === testing.testing && lazy.Shared === core.Shared,',
      '  runs: globalThis.__sharedRuns, before, after: [globalThis.__lazyRuns, lazyFile()], data: lazy.data,',
      '}));',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // A module runs once, also when the lazy room's file takes it from the main one; a lazy require still runs
    // at its first call, and only then is the lazy room's file read; the JSON is read from its file.
    expect(JSON.parse(r.stdout)).toEqual({ same: true, runs: 1, before: [0, false], after: [1, true], data: { answer: 42 } });
    expect(fs.readFileSync(path.join(dist, LAZY_BUNDLE_FILE), 'utf8')).toContain('require("./core/sim/data.json")');
  });

  test('the test helpers are a file of their own: read by the testing entry, not by the root or core import', () => {
    const script = [
      'const read = (f) => Object.keys(require.cache).some((k) => k.endsWith(f));',
      `const root = require(${JSON.stringify(path.join(dist, 'lib/index.js'))});`,
      `const core = require(${JSON.stringify(path.join(dist, 'lib/core/index.js'))});`,
      "const before = read('bundle-tools.js');",
      `const testing = require(${JSON.stringify(path.join(dist, 'lib/testing/index.js'))});`,
      'const same = testing.testing === root.Shared && root.Shared === core.Shared;',
      "console.log(JSON.stringify({ before, after: read('bundle-tools.js'), same }));",
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: false, after: true, same: true });
    expect(fs.readFileSync(path.join(dist, TOOLS_BUNDLE_FILE), 'utf8')).toContain('"lib/testing/index.js"');
  });

  test('a construct module the root re-exports runs at the first read of its name, not at the import', () => {
    const script = [
      `const root = require(${JSON.stringify(path.join(dist, 'lib/index.js'))});`,
      'const before = globalThis.__thingRuns ?? 0;',
      'const listed = Object.keys(root).includes("Thing");',
      'const same = root.Thing === root.Thing && typeof root.Thing === "function";',
      'console.log(JSON.stringify({ before, listed, same, after: globalThis.__thingRuns }));',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: 0, listed: true, same: true, after: 1 });
  });

  test('a construct module the root uses beyond its re-exports is refused, not loaded lazily', () => {
    const js =
      'var x_1 = require("./aws/x");\n(0, x_1.setUp)();\n' +
      'Object.defineProperty(exports, "X", { enumerable: true, get: function () { return x_1.X; } });\n';
    expect(() => lazyReexports(js, 'index.js')).toThrow('index.js: x_1 (./aws/x) is used beyond its re-export getters; it cannot load lazily');
    const other = 'var y_1 = require("./core/y");\nObject.defineProperty(exports, "Y", { enumerable: true, get: function () { return y_1.Y; } });\n';
    expect(lazyReexports(other, 'index.js')).toBe(other);
  });

  test('the bin is a node script of its own that runs', () => {
    const bin = path.join(dist, BIN_FILE);
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(fs.statSync(bin).mode & 0o111).not.toBe(0);
    const r = spawnSync(process.execPath, [bin], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('{"answer":42}');
  });

  test('every bundle is ASCII, and an escaped regular expression, comment or string means what it meant', () => {
    for (const f of [BUNDLE_FILE, LAZY_BUNDLE_FILE, TOOLS_BUNDLE_FILE, BIN_FILE])
      expect(fs.readFileSync(path.join(dist, f), 'utf8')).toMatch(/^[\x00-\x7f]*$/);
    const root = require(path.join(dist, 'lib/index.js')) as { units: { micro: RegExp; sign: string } };
    expect(['µs', 'μs', 'us'].map((s) => root.units.micro.test(s))).toEqual([true, true, false]);
    expect(root.units.sign).toBe('→');
    expect(fs.readFileSync(path.join(dist, BUNDLE_FILE), 'utf8')).toContain('/** 1 \\u00b5s \\u2192 1000 ns */');
  });

  test('a character behind a backslash, which no escape can stand for, is refused with its place', () => {
    // An escaped backslash before it is no escape of it.
    expect(asciiOnly('// a \\\\→ b', 'x.js')).toBe('// a \\\\\\u2192 b');
    expect(() => asciiOnly('const a = 1;\nconst b = /\\µ/;\n', 'x.js')).toThrow(
      'x.js:2: "\\µ" cannot be written in ASCII; write the character as \\u00b5 in the source',
    );
  });

  test('the entries and the bundles load each other through the loader, which uses the caches a build run wrote', () => {
    const loader = JSON.stringify(path.join(dist, LOADER_FILE));
    const load = [
      `const cache = require(${loader});`,
      `const core = require(${JSON.stringify(path.join(dist, 'lib/core/index.js'))});`,
      `const root = require(${JSON.stringify(path.join(dist, 'lib/index.js'))});`,
      'const lazy = core.lazy();',
    ];
    const run = (lines: string[]) => {
      const r = spawnSync(process.execPath, ['-e', lines.join('\n')], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout);
    };
    try {
      const written = run([
        'require(' + loader + ').recordCodeCaches();',
        ...load.slice(1),
        'console.log(JSON.stringify(require(' + loader + ').writeCodeCaches()));',
      ]);
      expect(written.map((f: string) => path.relative(dist, f))).toEqual([`${BUNDLE_FILE}.code-cache`, `${LAZY_BUNDLE_FILE}.code-cache`]);
      const out = run([
        ...load,
        'console.log(JSON.stringify({ uses: cache.codeCacheUses().map((u) => [require("path").basename(u.file), u.use]),',
        '  same: lazy.Shared === root.Shared && root.Shared === core.Shared, runs: globalThis.__sharedRuns, data: lazy.data }));',
      ]);
      expect(out).toEqual({
        uses: [
          ['bundle.js', 'accepted'],
          ['bundle-lazy.js', 'accepted'],
        ],
        same: true,
        runs: 1,
        data: { answer: 42 },
      });
    } finally {
      for (const f of [BUNDLE_FILE, LAZY_BUNDLE_FILE]) fs.rmSync(path.join(dist, `${f}.code-cache`), { force: true });
    }
    // What each file writes to load a bundle: the loader, with the plain require of the same file beside it.
    expect(fs.readFileSync(path.join(dist, 'lib/index.js'), 'utf8')).toContain(
      'require("./private/code-cache.js").loadBundle(require("path").join(__dirname, "./bundle.js"), () => require("./bundle.js")).root()',
    );
    expect(fs.readFileSync(path.join(dist, LAZY_BUNDLE_FILE), 'utf8')).toContain('() => require("./bundle.js")).load("lib/core/shared.js")');
  });

  test('a dist/ without what tsc writes is an error, not an empty bundle', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-empty-'));
    try {
      await expect(bundleDist(empty)).rejects.toThrow(/lib\/index\.js is missing; run tsc first/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
