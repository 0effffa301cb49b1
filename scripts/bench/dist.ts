// The built package the bench measures (dist/, built first when lib/ or bin/ is newer), and its copy with the
// NodePool and EC2NodeClass checks off.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { CODE_CACHE_SUFFIX } from '../../lib/private/code-cache';
import { writeBundleCodeCaches } from '../code-cache';
import { CHECKS_OFF } from './checks-off';
import { REPO } from './measure';

/**
 * A copy of dist/lib for (a) with the NodePool and EC2NodeClass checks off: the node-pool-plan module takes its
 * `planNodePool` from the child (CHECKS_OFF) instead of running (and reads no node class), so neither the checks nor
 * the simulator's modules they read load, and `validateEc2NodeClass` finds nothing. Returns the copy's index.js. Throws when
 * the bundle no longer holds the module headers it patches, so a changed layout is not measured as "off". The
 * copy gets code caches of its own, as the build writes the package's (scripts/code-cache.ts), made with the stub on
 * by `transpiledStub` (checks-off.ts transpiled); without it, the copy has none (the package's are for another text).
 */
export function distWithoutChecks(distLib: string, out: string, transpiledStub?: string): string {
  fs.cpSync(distLib, out, { recursive: true });
  const file = path.join(out, 'bundle.js');
  let src = fs.readFileSync(file, 'utf8');
  const patch = (module: string, body: string) => {
    const header = `"dist/lib/${module}"(exports2) {`;
    if (src.split(header).length !== 2) throw new Error(`${file}: no single module ${module} (${header}); the bundle's layout changed`);
    src = src.replace(header, `${header}\n${body}`);
  };
  // The construct reads each EC2NodeClass once for its pools' checks (readNodeClassForPlans): off, it reads nothing.
  patch(
    'core/api/node-pool-plan.js',
    `if (globalThis.${CHECKS_OFF}) ` +
      `return void Object.assign(exports2, { planNodePool: globalThis.${CHECKS_OFF}, readNodeClassForPlans: () => ({}) });`,
  );
  // The module's own assignments of the export go to the setter, which keeps the stub.
  patch(
    'core/validation/validate-ec2nodeclass.js',
    `Object.defineProperty(exports2, "validateEc2NodeClass", { enumerable: true, get: () => () => [], set() {} });`,
  );
  fs.writeFileSync(file, src);
  for (const f of fs.readdirSync(out)) if (f.endsWith(CODE_CACHE_SUFFIX)) fs.rmSync(path.join(out, f));
  if (transpiledStub !== undefined) writeBundleCodeCaches(out, `require(${JSON.stringify(transpiledStub)}).installChecksOff();`);
  return path.join(out, 'index.js');
}

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

/** dist/lib/index.js, after `npm run build` when `build` and dist/ is older than lib/ or bin/. */
export function ensureDist(build: boolean): string {
  const index = path.join(REPO, 'dist', 'lib', 'index.js');
  // (f) runs dist/bin, so bin/ counts too.
  const bin = path.join(REPO, 'dist', 'bin', 'karpenter-validate.js');
  const built = fs.existsSync(index) && fs.existsSync(bin) ? Math.min(fs.statSync(index).mtimeMs, fs.statSync(bin).mtimeMs) : 0;
  const stale = built < Math.max(newestMtime(path.join(REPO, 'lib')), newestMtime(path.join(REPO, 'bin')));
  if (stale && build) {
    process.stderr.write(`bench: ${built > 0 ? 'dist/ is older than lib/ or bin/' : 'dist/ is missing'}; running npm run build\n`);
    // The whole build: tsc, then the bundle (scripts/bundle.ts), which is what the package ships.
    const r = spawnSync('npm', ['run', 'build'], { cwd: REPO, encoding: 'utf8' });
    if (r.status !== 0) {
      // tsc still emits on type errors; measure what was emitted, but say so.
      process.stderr.write(
        'bench: warning: the build reported errors (measuring the emitted JavaScript anyway):\n' +
          `${(r.stdout || '').split('\n').slice(0, 10).join('\n')}\n`,
      );
    }
  } else if (stale) {
    process.stderr.write('bench: warning: dist/ is older than lib/ or bin/ and --no-build was given\n');
  }
  if (!fs.existsSync(index)) throw new Error(`${index} does not exist after building`);
  if (!fs.existsSync(path.join(REPO, 'dist', 'lib', 'bundle.js'))) {
    throw new Error('dist/ is not bundled (scripts/bundle.ts did not run): run npm run build');
  }
  return index;
}
