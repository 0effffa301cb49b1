// Bundles tsc's CommonJS output of lib/ into one file, after `tsc` in `npm run build`.
//
// Why: a Node process pays each module it loads (path resolution, a package.json lookup, a file read and a
// compile wrapper), and the package root loads about 90 of ours. One file of the same CommonJS modules keeps
// their semantics (each still runs at its first require, so the lazy loads stay lazy) without that cost:
// issue #23's import target. esbuild does it; it is the bundler most libraries use, and it bundles CommonJS
// as Node runs it.
//
// Layout after it runs:
// - dist/lib/bundle.js: every module of lib/; the package's entry points (package.json `exports`) are
//   two-line files that return the bundle's copy, so all of them share one copy of each class
//   (`instanceof` holds across `cdktf-karpenter-eks` and `cdktf-karpenter-eks/core`).
// - dist/bin/karpenter-validate.js: the CLI in a file of its own (it runs in its own process).
// - the .d.ts files and the JSON data as tsc wrote them. Packages (cdktf, the providers, yaml) stay external.
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
export const BIN_FILE = 'bin/karpenter-validate.js';

const OPTIONS = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'warning' } as const;

/**
 * The data files (the catalog, the price table) stay JSON files, required from the bundle's place: JSON.parse
 * reads them faster than V8 parses the same data as code, and every process would parse it as code.
 */
function jsonBeside(outfile: string): Plugin {
  return {
    name: 'json-beside',
    setup(build) {
      build.onResolve({ filter: /\.json$/ }, (args) => {
        const rel = path.relative(path.dirname(outfile), path.resolve(args.resolveDir, args.path));
        return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
      });
    },
  };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Bundles `dist` in place (tsc must have written it). */
export async function bundleDist(dist = path.join(REPO, 'dist')): Promise<void> {
  for (const f of [...BUNDLE_ENTRIES.map((e) => e.file), BIN_FILE]) {
    if (!fs.existsSync(path.join(dist, f))) throw new Error(`bundle: ${path.join(dist, f)} is missing; run tsc first`);
  }
  // Each entry is required inside a function: the bundle runs an entry's modules only when it is asked for.
  const entry = path.join(dist, 'bundle-entry.js');
  fs.writeFileSync(entry, BUNDLE_ENTRIES.map((e) => `exports.${e.name} = () => require('./${e.file}');\n`).join(''));
  const bin = path.join(dist, 'bin', 'karpenter-validate.bundle.js');
  try {
    const outfile = path.join(dist, BUNDLE_FILE);
    // Plugins need esbuild's asynchronous API.
    await build({ ...OPTIONS, entryPoints: [entry], outfile, plugins: [jsonBeside(outfile)] });
    await build({ ...OPTIONS, entryPoints: [path.join(dist, BIN_FILE)], outfile: bin, plugins: [jsonBeside(bin)] });
  } finally {
    fs.rmSync(entry, { force: true });
  }
  // What the bundles hold goes: a second, loose copy of a module would be a second copy of its classes.
  for (const f of walk(path.join(dist, 'lib'))) {
    if (f !== path.join(dist, BUNDLE_FILE) && f.endsWith('.js')) fs.rmSync(f);
  }
  fs.renameSync(bin, path.join(dist, BIN_FILE));
  fs.chmodSync(path.join(dist, BIN_FILE), 0o755);
  for (const e of BUNDLE_ENTRIES) {
    const rel = path.relative(path.dirname(path.join(dist, e.file)), path.join(dist, BUNDLE_FILE));
    fs.writeFileSync(path.join(dist, e.file), `'use strict';\nmodule.exports = require('${rel.startsWith('.') ? rel : `./${rel}`}').${e.name}();\n`);
  }
}

if (require.main === module) {
  bundleDist(process.argv[2] ? path.resolve(process.argv[2]) : undefined).catch((e: unknown) => {
    process.stderr.write(`bundle: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
