// Bundles tsc's CommonJS output of lib/ into two files, after `tsc` in `npm run build`.
//
// Why: a Node process pays each module it loads (path resolution, a package.json lookup, a file read and a
// compile wrapper), and the package root loads about 90 of ours. A bundle of the same CommonJS modules keeps
// their semantics (each still runs at its first require, so the lazy loads stay lazy) without that cost:
// the package import target (a module load at most 1.15x the baseline's, `npm run bench`). esbuild does it;
// it is the bundler most libraries use, and it bundles CommonJS as Node runs it.
//
// Layout after it runs:
// - dist/lib/bundle.js: the modules of lib/, but those of the LAZY_BUNDLES' rooms, each in its own file; each
//   bundle takes the others' modules from them, so every module has one copy. The package's entry points (package.json
//   `exports`) are two-line files that return the bundle's copy: a class is one object from each
//   (`instanceof` holds across `cdktf-karpenter-eks` and `cdktf-karpenter-eks/core`).
// - the root entry's construct modules (LAZY_EXPORT_ROOMS) run at the first read of one of their names, not at the
//   import: an app that uses a few constructs does not load the others and their provider modules (lazyReexports).
// - dist/lib/private/code-cache.js: the loader every entry and bundle loads a bundle through (with the code cache
//   scripts/code-cache.ts writes next), a file of its own.
// - dist/bin/karpenter-validate.js: the CLI in a file of its own (it runs in its own process).
// - the .d.ts files and the JSON data as tsc wrote them. Packages (cdktf, the providers, yaml) stay external.
// - every bundle in ASCII (`asciiOnly`).
import * as fs from 'fs';
import * as path from 'path';
import { build, Plugin } from 'esbuild';

const REPO = path.join(__dirname, '..');

/** The package's entry points under dist/, and their names in the bundle. */
export const BUNDLE_ENTRIES: readonly { readonly name: string; readonly file: string }[] = [
  { name: 'root', file: 'lib/index.js' },
  { name: 'core', file: 'lib/core/index.js' },
  { name: 'testing', file: 'lib/testing/index.js' },
  { name: 'jest', file: 'lib/testing/jest.js' },
];

export const BUNDLE_FILE = 'lib/bundle.js';
export const CHECKS_BUNDLE_FILE = 'lib/bundle-checks.js';
export const LAZY_BUNDLE_FILE = 'lib/bundle-lazy.js';
export const TOOLS_BUNDLE_FILE = 'lib/bundle-tools.js';
/**
 * Modules the package root reaches only through lazy requires, in files each read at the first of its modules, so
 * an app that never asks does not parse them. A module goes to the first bundle with a room (a path prefix) that
 * holds it:
 * - the simulator's modules the NodePool checks run (the catalog, and what a pool admits with its class), at an
 *   app's first NodePool (about 70 KB);
 * - the rest of the simulator, and migration;
 * - the drift preview and the test helpers, which only `./core` and `./testing` reach (about 160 KB).
 */
export const LAZY_BUNDLES: readonly { readonly file: string; readonly rooms: readonly string[] }[] = [
  {
    file: CHECKS_BUNDLE_FILE,
    rooms: [
      'admission',
      'allocatable',
      'catalog',
      'catalog-format',
      'input-fields',
      'inputs',
      'instance-types',
      'limit-reasons',
      'nodeclaim-template',
      'pool-limits',
      'subnet-zones',
    ].map((m) => `lib/core/sim/${m}.js`),
  },
  { file: LAZY_BUNDLE_FILE, rooms: ['lib/core/sim/', 'lib/core/migrate/'] },
  { file: TOOLS_BUNDLE_FILE, rooms: ['lib/core/drift/', 'lib/testing/'] },
];
export const BIN_FILE = 'bin/karpenter-validate.js';
/** The loader of the bundles (lib/private/code-cache.ts): a file of its own, as it reads them. */
export const LOADER_FILE = 'lib/private/code-cache.js';

const OPTIONS = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'warning' } as const;

/** A require path from one file to another: `./x` or `../x`. */
const relRequire = (fromFile: string, toFile: string) => {
  const rel = path.relative(path.dirname(fromFile), toFile);
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/**
 * The expression a file at `fromFile` loads the bundle `bundleFile` by: through the loader, which uses the bundle's
 * code cache, with a plain require of the same file beside it (jest, a bundler).
 */
export function bundleRequire(dist: string, fromFile: string, bundleFile: string): string {
  const loader = JSON.stringify(relRequire(fromFile, path.join(dist, LOADER_FILE)));
  const spec = JSON.stringify(relRequire(fromFile, bundleFile));
  return `require(${loader}).loadBundle(require("path").join(__dirname, ${spec}), () => require(${spec}))`;
}

/**
 * The data files (the catalog, the price table) stay JSON files, required from the bundle's place: JSON.parse
 * reads them faster than V8 parses the same data as code, and every process would parse it as code.
 */
function jsonBeside(outfile: string): Plugin {
  return {
    name: 'json-beside',
    setup(build) {
      build.onResolve({ filter: /\.json$/ }, (args) => ({ path: relRequire(outfile, path.resolve(args.resolveDir, args.path)), external: true }));
    },
  };
}

/** A path in dist with forward slashes, as LAZY_ROOMS and the entry maps write them on every platform. */
const distPath = (dist: string, file: string) => path.relative(dist, file).split(path.sep).join('/');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The file a relative require names, as Node finds it: as given, with `.js`, or a folder's index.js. */
function resolveFile(from: string, spec: string): string | undefined {
  const base = path.resolve(from, spec);
  return [base, `${base}.js`, path.join(base, 'index.js')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/** The bundle file that holds the module at `rel` (a path in dist): the first lazy one with a room for it, or the main one. */
function bundleOf(rel: string): string {
  return LAZY_BUNDLES.find((b) => b.rooms.some((room) => rel.startsWith(room)))?.file ?? BUNDLE_FILE;
}

/**
 * The modules of `outfile` that another bundle holds are loaded from it, through its `load(<path in dist>)`: each
 * module has one copy. `fromMain` collects what this bundle takes from the main one.
 */
function across(dist: string, outfile: string, fromMain: Set<string>): Plugin {
  const own = distPath(dist, outfile);
  return {
    name: 'across',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.namespace === 'across') return { path: args.path, external: true };
        if (args.kind === 'entry-point' || args.path.endsWith('.json')) return undefined;
        const file = resolveFile(args.resolveDir, args.path);
        const rel = file && distPath(dist, file);
        const holder = rel && bundleOf(rel);
        if (!rel || !holder || holder === own) return undefined;
        if (holder === BUNDLE_FILE) fromMain.add(rel);
        return { path: `${holder}|${rel}`, namespace: 'across' };
      });
      build.onLoad({ filter: /.*/, namespace: 'across' }, (args) => {
        const [holder, rel] = args.path.split('|');
        return {
          contents: `module.exports = ${bundleRequire(dist, outfile, path.join(dist, holder))}.load(${JSON.stringify(rel)});\n`,
          resolveDir: path.dirname(outfile),
          loader: 'js',
        };
      });
    },
  };
}

/** An entry file: `exports.load(path)` returns the module at that path in dist, and each entry point by name. */
function entryFile(file: string, modules: Iterable<string>, entries: readonly { readonly name: string; readonly file: string }[] = []): void {
  const map = [...modules].sort().map((m) => `  ${JSON.stringify(m)}: () => require(${JSON.stringify(`./${m}`)}),`);
  fs.writeFileSync(
    file,
    [
      ...entries.map((e) => `exports.${e.name} = () => require('./${e.file}');`),
      `const modules = {\n${map.join('\n')}\n};`,
      'exports.load = (p) => modules[p]();',
      '',
    ].join('\n'),
  );
}

/** The rooms of construct modules: each imports its provider modules (cdktf L1 classes) at its top. */
export const LAZY_EXPORT_ROOMS: readonly string[] = ['./aws/', './controller/', './manifests/'];

/**
 * The package root's re-exports of construct modules, each loaded at the first read of one of its names. tsc writes
 * `var m_1 = require("./aws/x");` and a getter `return m_1.X;` per name, so the import ran every construct module
 * and the 38 provider modules they import (about 45 ms of CPU), where an app of NodePools needs three constructs
 * and four providers. Names, getters and `instanceof` stay as they were. Refuses a module the entry uses otherwise.
 */
export function lazyReexports(js: string, file: string): string {
  const locals: string[] = [];
  const out = js.replace(/^var (\w+) = require\("(\.\/[^"]+)"\);$/gm, (line, local: string, spec: string) => {
    if (!LAZY_EXPORT_ROOMS.some((room) => spec.startsWith(room))) return line;
    const uses = js.match(new RegExp(`\\b${local}\\b`, 'g'))?.length ?? 0;
    const getters = js.match(new RegExp(`return ${local}\\.\\w+; \\}`, 'g'))?.length ?? 0;
    if (uses !== getters + 1) throw new Error(`${file}: ${local} (${spec}) is used beyond its re-export getters; it cannot load lazily`);
    locals.push(local);
    return `var ${local} = () => require(${JSON.stringify(spec)});`;
  });
  return locals.reduce((text, local) => text.replace(new RegExp(`return ${local}\\.`, 'g'), `return ${local}().`), out);
}

const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');

/**
 * The bundle in ASCII: esbuild escapes strings, but keeps comments and regular expressions as written, and one
 * non-ASCII character makes V8 hold the whole file as UTF-16 (twice the memory, and slower to read and parse).
 * Every other character becomes its `\uXXXX` escape, which means the same in a comment, a regular expression and
 * an identifier; one behind a backslash would not, and is refused with its place.
 */
export function asciiOnly(code: string, file: string): string {
  return code.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes: string, c: string, at: number) => {
    if (slashes.length % 2 === 1) {
      const line = code.slice(0, at).split('\n').length;
      throw new Error(`${file}:${line}: "\\${c}" cannot be written in ASCII; write the character as \\u${hex(c)} in the source`);
    }
    return `${slashes}\\u${hex(c)}`;
  });
}

/** esbuild, then `asciiOnly` on what it wrote. */
async function buildAscii(options: Parameters<typeof build>[0] & { outfile: string }): Promise<void> {
  await build(options);
  fs.writeFileSync(options.outfile, asciiOnly(fs.readFileSync(options.outfile, 'utf8'), options.outfile));
}

/** Bundles `dist` in place (tsc must have written it). */
export async function bundleDist(dist = path.join(REPO, 'dist')): Promise<void> {
  for (const f of [...BUNDLE_ENTRIES.map((e) => e.file), BIN_FILE, LOADER_FILE]) {
    if (!fs.existsSync(path.join(dist, f))) throw new Error(`bundle: ${path.join(dist, f)} is missing; run tsc first`);
  }
  const modules = walk(path.join(dist, 'lib'))
    .map((f) => distPath(dist, f))
    .filter((rel) => rel.endsWith('.js'));
  const mainFile = path.join(dist, BUNDLE_FILE);
  const mainEntry = path.join(dist, 'bundle-entry.js');
  const lazyEntry = path.join(dist, 'bundle-lazy-entry.js');
  const bin = path.join(dist, 'bin', 'karpenter-validate.bundle.js');
  try {
    // The lazy bundles first: what they take from the main bundle is what the main one must offer by path.
    const fromMain = new Set<string>();
    for (const lazy of LAZY_BUNDLES) {
      const outfile = path.join(dist, lazy.file);
      const held = modules.filter((rel) => bundleOf(rel) === lazy.file);
      // No module, no file: nothing would read it.
      if (held.length === 0) continue;
      entryFile(lazyEntry, held);
      // Plugins need esbuild's asynchronous API.
      await buildAscii({ ...OPTIONS, entryPoints: [lazyEntry], outfile, plugins: [jsonBeside(outfile), across(dist, outfile, fromMain)] });
    }
    // Each entry is required inside a function: the bundle runs an entry's modules only when it is asked for.
    entryFile(mainEntry, fromMain, BUNDLE_ENTRIES);
    const root = path.join(dist, 'lib', 'index.js');
    fs.writeFileSync(root, lazyReexports(fs.readFileSync(root, 'utf8'), root));
    await buildAscii({ ...OPTIONS, entryPoints: [mainEntry], outfile: mainFile, plugins: [jsonBeside(mainFile), across(dist, mainFile, new Set())] });
    await buildAscii({ ...OPTIONS, entryPoints: [path.join(dist, BIN_FILE)], outfile: bin, plugins: [jsonBeside(bin)] });
  } finally {
    fs.rmSync(mainEntry, { force: true });
    fs.rmSync(lazyEntry, { force: true });
  }
  const bundles = new Set([mainFile, ...LAZY_BUNDLES.map((b) => path.join(dist, b.file))]);
  // What the bundles hold goes: a second, loose copy of a module would be a second copy of its classes.
  for (const f of walk(path.join(dist, 'lib'))) {
    if (!bundles.has(f) && f.endsWith('.js') && distPath(dist, f) !== LOADER_FILE) fs.rmSync(f);
  }
  fs.renameSync(bin, path.join(dist, BIN_FILE));
  fs.chmodSync(path.join(dist, BIN_FILE), 0o755);
  for (const e of BUNDLE_ENTRIES) {
    const shim = path.join(dist, e.file);
    fs.writeFileSync(shim, `'use strict';\nmodule.exports = ${bundleRequire(dist, shim, mainFile)}.${e.name}();\n`);
  }
}

if (require.main === module) {
  bundleDist(process.argv[2] ? path.resolve(process.argv[2]) : undefined).catch((e: unknown) => {
    process.stderr.write(`bundle: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
