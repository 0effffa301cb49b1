// Temporary directories for a test file's inputs and outputs, removed after its tests.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * A temporary directory for the test file's inputs, made before its tests and removed after them; `file(name,
 * content)` writes one there and returns its path.
 */
export function useTempDir(prefix: string): { readonly file: (name: string, content: string | Buffer) => string; readonly dir: () => string } {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    dir: () => dir,
    file: (name, content) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, content);
      return p;
    },
  };
}

/**
 * `tmp()` makes a new temporary directory on each call (in `parent`, made if missing); all are removed after the test
 * file's tests.
 */
export function tempDirs(prefix: string, parent = os.tmpdir()): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  return () => {
    fs.mkdirSync(parent, { recursive: true });
    const d = fs.mkdtempSync(path.join(parent, prefix));
    made.push(d);
    return d;
  };
}
