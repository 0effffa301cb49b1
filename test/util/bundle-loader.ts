// The bundles' loader (lib/private/code-cache.ts) as tsc writes it into dist/, for tests that build a small dist or
// run the loader in a plain Node process.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** lib/private/code-cache.ts transpiled to CommonJS JavaScript. */
export function bundleLoaderJs(): string {
  const source = fs.readFileSync(path.join(__dirname, '..', '..', 'lib', 'private', 'code-cache.ts'), 'utf8');
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } })
    .outputText;
}
