// Writes the V8 code cache of each bundle in dist/lib (lib/private/code-cache.ts reads them), after scripts/bundle.ts
// in `npm run build`: a fresh Node process loads the built package with the loader recording, synthesizes the full
// example on it, and writes V8's bytecode of every function that ran. The examples are the workload because they are
// what the package is for: three stacks, the constructs, the NodePool and EC2NodeClass checks.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LOADER_FILE } from './bundle';
import { onPackage, transpileTree } from './bench/transpile';

const REPO = path.join(__dirname, '..');
const TRAINING_APP = { file: 'examples/full-stack/app.ts', exportName: 'buildFullStackApp' };

/**
 * Writes a code cache beside each bundle of `distLib` that the full example loads, from a child process of this Node
 * (a cache serves only the V8 that wrote it). `prelude` runs in the child before the package loads (the bench's
 * copy with the checks off sets its stub there). Returns the files written.
 */
export function writeBundleCodeCaches(distLib: string, prelude = ''): string[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-code-cache-'));
  try {
    transpileTree(['examples'], work);
    const app = onPackage(work, TRAINING_APP.file, path.join(distLib, 'index.js'));
    const script = path.join(work, 'train.js');
    const loader = path.join(distLib, path.relative('lib', LOADER_FILE));
    fs.writeFileSync(
      script,
      [
        `const cache = require(${JSON.stringify(loader)});`,
        'cache.recordCodeCaches();',
        prelude,
        "const { App } = require('cdktf');",
        `const app = new App({ outdir: ${JSON.stringify(path.join(work, 'cdktf.out'))} });`,
        `require(${JSON.stringify(app)}).${TRAINING_APP.exportName}(app);`,
        'app.synth();',
        'process.stdout.write(JSON.stringify(cache.writeCodeCaches()));',
      ].join('\n'),
    );
    const env = trainingEnv(process.env);
    const r = spawnSync(process.execPath, [script], { cwd: work, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`the code cache run exited ${r.status}:\n${(r.stderr || r.stdout).trim().split('\n').slice(-20).join('\n')}`);
    const written = JSON.parse(r.stdout.trim().split('\n').pop() ?? '[]') as string[];
    if (!written.some((f) => path.basename(f) === 'bundle.js.code-cache'))
      throw new Error(`the code cache run wrote no cache of bundle.js: ${written.join(', ')}`);
    return written;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The child's environment: none of the builder's KARPENTER_* or AWS_* settings, so the example runs as written, and
 * no NODE_OPTIONS, whose V8 flags would make a cache that a process without them refuses. The transpiled examples
 * sit outside the repository: they find cdktf and the providers in its node_modules.
 */
export function trainingEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.entries(env).filter(([k]) => !/^(KARPENTER_|AWS_|NODE_OPTIONS$)/i.test(k));
  return { ...Object.fromEntries(kept), NODE_PATH: path.join(REPO, 'node_modules'), CHECKPOINT_DISABLE: '1' };
}

if (require.main === module) {
  try {
    const written = writeBundleCodeCaches(path.resolve(process.argv[2] ?? path.join(REPO, 'dist', 'lib')));
    // On stderr: `npm pack --json` runs the build (prepack) and prints its JSON on stdout.
    process.stderr.write(`code cache: ${written.map((f) => `${path.basename(f)} (${Math.round(fs.statSync(f).size / 1024)} KB)`).join(', ')}\n`);
  } catch (e) {
    process.stderr.write(`code-cache: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
