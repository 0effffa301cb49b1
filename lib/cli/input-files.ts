// Expands the command's inputs: a directory stands for the manifest files under it. No fs access here:
// the caller passes the I/O, so every path is testable in-process.

/** What the walk reads: the type of a path (following symlinks), a directory's entries and a path's real path. */
export interface DirectoryIo {
  /** Whether `path` (after symlinks) is a directory; throws when it cannot be looked up. */
  isDirectory(path: string): boolean;
  /** The names in a directory; throws when it cannot be read. */
  readDir(path: string): string[];
  /**
   * The canonical path (symlinks resolved), to visit each directory and file once.
   * @default - the path itself: symlink loops are then cut only by the depth limit
   */
  realpath?(path: string): string;
}

/** One input to check, or a problem found while walking. */
export type InputEntry =
  /** `walked`: found by a directory walk, not named on the command line. */
  | { readonly file: string; readonly walked?: boolean }
  /** A directory the walk left out (dependencies, synth output): named on the command line, it is walked. */
  | { readonly skippedDirectory: string }
  | { readonly problem: { readonly path: string; readonly code: string; readonly message: string; readonly warning?: boolean } };

/** Files a directory walk picks up. */
export const MANIFEST_FILE_PATTERN = /\.(ya?ml|json)$/i;
/**
 * Directories a walk leaves out unless named on the command line: installed packages and cdktf's synth output hold
 * JSON and YAML that are not manifests (a cdktf project's node_modules: about 2,000 files). Hidden entries (`.git`, `.hg`,
 * `.svn`) are left out too. kubeconform walks everything and leaves exclusions to `-ignore-filename-pattern`
 * (yannh/kubeconform pkg/resource/files.go:51-72); these two are never what `validate .` means in a cdktf project.
 */
export const SKIPPED_DIRECTORIES: readonly string[] = ['node_modules', 'cdktf.out'];
/** Deepest directory nesting walked; manifests trees are a few levels deep, and it also stops loops a realpath cannot see. */
const MAX_DEPTH = 32;

/**
 * The files to check for `inputs`, in order: a file as given (`-` too), and for a directory every
 * `*.yaml`, `*.yml` and `*.json` file under it, walked in sorted order (by name, code point order), skipping
 * hidden entries (`.git`, `.hg`, `.svn`) and SKIPPED_DIRECTORIES below it (each one entry), and files whose path matches one of
 * `ignore` (kubeconform's `-ignore-filename-pattern`: a regular expression searched in the path). Each directory and
 * file is visited once by real path, so symlink loops end; an unreadable directory is one problem entry, and the walk
 * goes on.
 */
export function expandInputs(inputs: readonly string[], io: DirectoryIo, ignore: readonly RegExp[] = []): InputEntry[] {
  const out: InputEntry[] = [];
  const seenFiles = new Set<string>();
  const seenDirs = new Set<string>();
  const real = (p: string): string => realPath(io, p);
  const addFile = (file: string, walked = false) => {
    const r = real(file);
    if (seenFiles.has(r)) return;
    seenFiles.add(r);
    out.push(walked ? { file, walked } : { file });
  };
  const walk = (dir: string, depth: number): number => {
    const r = real(dir);
    if (seenDirs.has(r) || depth > MAX_DEPTH) return 0; // a symlink loop, or a directory reached twice
    seenDirs.add(r);
    let names: string[];
    try {
      names = io.readDir(dir);
    } catch (e) {
      out.push({
        problem: { path: dir, code: 'DirectoryNotReadable', message: `cannot read the directory: ${firstLine(e)}; its files are not checked` },
      });
      return 0;
    }
    let found = 0;
    for (const name of [...names].sort(byCodePoint)) {
      if (name.startsWith('.')) continue;
      const path = joinPath(dir, name);
      let isDir: boolean;
      try {
        isDir = io.isDirectory(path);
      } catch {
        // A dangling symlink or an entry gone since the listing: report it only if it looked like a manifest.
        if (MANIFEST_FILE_PATTERN.test(name)) {
          out.push({ file: path, walked: true });
          found++;
        }
        continue;
      }
      if (isDir && SKIPPED_DIRECTORIES.includes(name)) out.push({ skippedDirectory: path });
      else if (isDir) found += walk(path, depth + 1);
      else if (MANIFEST_FILE_PATTERN.test(name) && !ignore.some((re) => re.test(path))) {
        addFile(path, true);
        found++;
      }
    }
    return found;
  };

  for (const input of inputs) {
    let isDir = false;
    try {
      isDir = input !== '-' && io.isDirectory(input);
    } catch {
      // Not found or not readable: reading it reports why.
    }
    if (!isDir) {
      if (input === '-') out.push({ file: input });
      else addFile(input);
      continue;
    }
    if (seenDirs.has(real(input))) continue;
    const before = out.length;
    // Only skipped directories under it: still no manifest file to check.
    if (walk(input, 0) === 0 && out.slice(before).every((e) => 'skippedDirectory' in e)) {
      out.push(noManifestFiles(input));
    }
  }
  return out;
}

/** The real path of `p` (symlinks resolved), or `p` when it cannot be resolved. */
function realPath(io: DirectoryIo, p: string): string {
  try {
    return io.realpath ? io.realpath(p) : p;
  } catch {
    return p;
  }
}

/** The warning for a directory that holds no manifest file (only skipped directories, or nothing). */
function noManifestFiles(path: string): InputEntry {
  return {
    problem: {
      path,
      code: 'NoManifestFiles',
      message: 'is a directory without *.yaml, *.yml or *.json files; check that it is the directory you meant',
      warning: true,
    },
  };
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `dir/name`, without doubling a trailing slash. */
export function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function firstLine(e: unknown): string {
  const m = (e as { message?: unknown } | null)?.message;
  return (typeof m === 'string' ? m : String(e)).split('\n')[0];
}
