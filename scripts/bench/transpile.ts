// The tree the bench's children run: the repository's sources transpiled once to plain JavaScript (like a user's
// compiled app, so the TypeScript compiler is in no measurement), and copies of its apps that load the built package.
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from './measure';

/** Transpiles every .ts under `dirs` (and copies other files) into `outRoot`, same layout. */
export function transpileTree(dirs: readonly string[], outRoot: string): number {
  const ts = require('typescript') as typeof import('typescript');
  let count = 0;
  const walk = (rel: string): void => {
    const abs = path.join(REPO, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const childRel = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'cdktf.out') walk(childRel);
        continue;
      }
      const out = path.join(outRoot, childRel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const js = ts.transpileModule(fs.readFileSync(path.join(REPO, childRel), 'utf8'), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, resolveJsonModule: true },
          fileName: childRel,
        });
        fs.writeFileSync(out.replace(/\.ts$/, '.js'), js.outputText);
        count++;
      } else {
        fs.copyFileSync(path.join(REPO, childRel), out);
      }
    }
  };
  for (const d of dirs) walk(d);
  return count;
}

/**
 * A copy of the transpiled `sourceDir` (default: the examples) whose imports of the library (`'../../lib'`, which
 * an app writes as `'cdktf-karpenter-eks'`) load the built package instead; returns its `appFile` module.
 */
export function onPackage(build: string, appFile: string, distIndex: string, dir = 'on-package', sourceDir = 'examples'): string {
  build = path.resolve(build);
  const root = path.join(build, dir);
  let rewritten = 0;
  const copy = (rel: string): void => {
    const from = path.join(build, rel);
    if (fs.statSync(from).isDirectory()) {
      fs.mkdirSync(path.join(root, rel), { recursive: true });
      for (const n of fs.readdirSync(from)) copy(path.join(rel, n));
      return;
    }
    if (!rel.endsWith('.js')) return;
    const js = fs.readFileSync(from, 'utf8').replace(/require\("((?:\.\.\/)+lib)"\)/g, (whole, spec: string) => {
      if (path.resolve(path.dirname(from), spec) !== path.join(build, 'lib')) return whole;
      rewritten++;
      return `require(${JSON.stringify(distIndex)})`;
    });
    // A deep import would load the transpiled sources beside the package.
    const deep = /require\("(?:\.\.\/)+lib\/[^"]*"\)/.exec(js);
    if (deep) throw new Error(`${from}: ${deep[0]} is not the package entry; (a) measures the package as users import it`);
    fs.writeFileSync(path.join(root, rel), js);
  };
  copy(sourceDir);
  if (rewritten === 0) throw new Error(`${path.join(build, sourceDir)}: no import of the library to point at the package`);
  return path.join(root, appFile.replace(/\.ts$/, '.js'));
}
