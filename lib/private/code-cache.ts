// Loads the package's bundles with the V8 code cache `npm run build` writes beside each (scripts/code-cache.ts).
//
// Why: V8 compiles a function the first time it runs, and a cold `cdktf synth` runs most of the 540 KB bundle once;
// compiling is about a third of what the package adds to a synth (docs/design.md, "The code cache"). A code cache
// is V8's own bytecode of those functions, written after the examples ran; a process that reads it skips the
// compiling. It is the mechanism of Node 22's `module.enableCompileCache()`, kept to our own files, with no write
// at run time, on the Node versions we support.
//
// When it is not used: a cache made by another V8 version, or for another text of the bundle (checked by its
// SHA-256, as V8 checks only the length), or with other V8 flags (V8 rejects it) is left aside; a process whose
// `module` is not Node's (jest, a bundler) loads the bundle as before, by the `plain` require each caller passes.
import { createHash } from 'crypto';
import * as fs from 'fs';
import Module from 'module';
import * as path from 'path';
import * as vm from 'vm';

/** The cache of `bundle.js` is `bundle.js.code-cache`. */
export const CODE_CACHE_SUFFIX = '.code-cache';

/**
 * What became of a bundle's cache: `accepted` (V8 used it), `rejected` (V8 refused it: other flags),
 * `stale` (made for another text of the bundle or another V8), `absent` (no cache file), `recording` (the build's
 * run that writes the caches), `plain` (not Node's module loader: loaded by its plain require).
 */
export type CodeCacheUse = 'accepted' | 'rejected' | 'stale' | 'absent' | 'recording' | 'plain';

interface LoadedBundle {
  readonly file: string;
  readonly use: CodeCacheUse;
  readonly script?: vm.Script;
  readonly sha256?: string;
}

const loaded: LoadedBundle[] = [];
let recording = false;

/** The first line of a cache file: what it was made from, so a process asks V8 only with a cache for its text. */
interface CacheHeader {
  readonly sha256: string;
  readonly v8: string;
}

// Of the file's bytes: hashing the text would copy it to UTF-8 first (about 1.5 MB more peak memory in a synth).
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Node's own CommonJS loader runs this module (not jest's registry, not a bundler's copy). */
function underNodeLoader(): boolean {
  return module instanceof Module && require.cache === (Module as unknown as { _cache: unknown })._cache;
}

/** The cache data for `source`, or why there is none. */
function readCodeCache(file: string, source: Buffer): { data?: Buffer; use: CodeCacheUse } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file + CODE_CACHE_SUFFIX);
  } catch {
    return { use: 'absent' };
  }
  const newline = bytes.indexOf(10);
  if (newline < 0 || newline > 1024) return { use: 'stale' };
  let header: Partial<CacheHeader>;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Partial<CacheHeader>;
  } catch {
    return { use: 'stale' };
  }
  if (header.v8 !== process.versions.v8 || header.sha256 !== sha256(source)) return { use: 'stale' };
  return { data: bytes.subarray(newline + 1), use: 'accepted' };
}

/**
 * The exports of the bundle at `file` (an absolute path), run once per process: with its code cache when Node's
 * loader runs this module and a cache made for this text and this V8 is beside it, else by `plain`, the caller's own
 * `require` of the same file (which a bundler or jest can follow). Either way the module is Node's `require.cache`
 * entry for `file`, so a later `require(file)` returns the same exports.
 */
export function loadBundle(file: string, plain: () => unknown): unknown {
  if (!underNodeLoader()) return note(file, 'plain', plain);
  const known = require.cache[file];
  if (known) return known.exports;
  const bytes = fs.readFileSync(file);
  const cache: { data?: Buffer; use: CodeCacheUse } = recording ? { use: 'recording' } : readCodeCache(file, bytes);
  if (cache.use !== 'accepted' && cache.use !== 'recording') return note(file, cache.use, plain);
  const script = new vm.Script(Module.wrap(bytes.toString('utf8')), { filename: file, cachedData: cache.data });
  const use: CodeCacheUse = cache.use === 'accepted' && script.cachedDataRejected === true ? 'rejected' : cache.use;
  // Only the recording run keeps the script (to write its cache): a kept script would keep its cache data alive.
  loaded.push(recording ? { file, use, script, sha256: sha256(bytes) } : { file, use });
  // The bundle requires through the wrapper's `require` (createRequire: Node's resolution from its folder, one cache);
  // the module's own fields are what Node would set, for code that reads them.
  const bundleRequire = Module.createRequire(file);
  const m = new Module(file, module);
  m.filename = file;
  m.paths = bundleRequire.resolve.paths('cdktf') ?? [];
  require.cache[file] = m;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(m.exports, m.exports, bundleRequire, m, file, path.dirname(file));
  } catch (e) {
    // As Node does: a module that threw is not cached, so the next require runs it again.
    delete require.cache[file];
    throw e;
  }
  m.loaded = true;
  return m.exports;
}

function note(file: string, use: CodeCacheUse, plain: () => unknown): unknown {
  // Once per bundle: under jest every module a bundle takes from another asks again.
  if (!loaded.some((b) => b.file === file)) loaded.push({ file, use });
  return plain();
}

/** Each bundle this process loaded through `loadBundle`, and what became of its code cache. */
export function codeCacheUses(): readonly { readonly file: string; readonly use: CodeCacheUse }[] {
  return loaded.map(({ file, use }) => ({ file, use }));
}

/** From now on bundles compile without a cache and keep their scripts, for `writeCodeCaches`. The build's only. */
export function recordCodeCaches(): void {
  recording = true;
}

/**
 * Writes each bundle's cache beside it: V8's bytecode of every function compiled so far, so the caller runs its
 * workload first. Returns the files written. The build's only.
 */
export function writeCodeCaches(): string[] {
  const written: string[] = [];
  for (const b of loaded) {
    if (b.use !== 'recording' || !b.script || !b.sha256) continue;
    const header: CacheHeader = { sha256: b.sha256, v8: process.versions.v8 };
    fs.writeFileSync(b.file + CODE_CACHE_SUFFIX, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), b.script.createCachedData()]));
    written.push(b.file + CODE_CACHE_SUFFIX);
  }
  return written;
}
