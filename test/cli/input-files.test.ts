// Issue #16 item 12: `validate DIR` walks directories. Real directories, in a temporary folder.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { expandInputs } from '../../lib/cli/input-files';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';

const VALID = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cli', 'valid.yaml'), 'utf8');
const NODEPOOL_JSON = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cli', 'nodepool.json'), 'utf8');
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-walk-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(rel: string, content: string): string {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}

const real = nodeCommandIo();
const walkIo = { isDirectory: (p: string) => real.stat!(p).isDirectory, readDir: real.readDir!, realpath: real.realpath };
const rel = (entries: ReturnType<typeof expandInputs>) =>
  entries.map((e) =>
    'file' in e
      ? e.file === '-'
        ? '-'
        : path.relative(root, e.file)
      : 'skippedDirectory' in e
        ? `skipped ${path.relative(root, e.skippedDirectory)}`
        : `${e.problem.code} ${path.relative(root, e.problem.path)}`,
  );

function run(args: string[], io: Partial<CommandIo> = {}): { code: number; lines: string[] } {
  let stdout = '';
  const code = runCli(['validate', ...args], { ...real, ...io, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } });
  return { code, lines: stdout.trimEnd().split('\n') };
}

describe('expandInputs', () => {
  test('walks *.yaml, *.yml and *.json files in sorted order, depth first, skipping other and hidden files', () => {
    for (const f of ['b.yaml', 'a.yml', 'c/z.json', 'c/a.yaml', 'B.YAML', 'notes.txt', '.git/config.yaml', 'c/.hidden.yaml', 'ab.yaml'])
      write(f, 'x: 1\n');
    expect(rel(expandInputs([root], walkIo))).toEqual(['B.YAML', 'a.yml', 'ab.yaml', 'b.yaml', 'c/a.yaml', 'c/z.json']);
  });

  test('files given explicitly are kept as given, whatever their extension, and each file is checked once', () => {
    const txt = write('m.txt', 'x: 1\n');
    const a = write('d/a.yaml', 'x: 1\n');
    expect(rel(expandInputs([txt, path.join(root, 'd'), a, '-'], walkIo))).toEqual(['m.txt', 'd/a.yaml', '-']);
  });

  test('symlink loops end: each directory is visited once by real path', () => {
    write('d/a.yaml', 'x: 1\n');
    fs.symlinkSync(root, path.join(root, 'd', 'loop'));
    fs.symlinkSync(path.join(root, 'd'), path.join(root, 'again'));
    // `again` sorts first, so the file is found through it; `d` and `d/loop` are then known.
    expect(rel(expandInputs([root], walkIo))).toEqual(['again/a.yaml']);
  });

  test('an unreadable subfolder is one problem line, and the walk goes on', () => {
    write('a/x.yaml', 'x: 1\n');
    write('b/y.yaml', 'x: 1\n');
    const denied = path.join(root, 'a');
    const io = {
      ...walkIo,
      readDir: (p: string) => {
        // Tests may run as root, where chmod 000 does not stop reading: fail the way readdirSync does.
        if (p === denied) throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: 'EACCES' });
        return walkIo.readDir(p);
      },
    };
    expect(rel(expandInputs([root], io))).toEqual(['DirectoryNotReadable a', 'b/y.yaml']);
  });

  test('a directory without manifest files is a NoManifestFiles warning', () => {
    write('readme.md', '#\n');
    expect(expandInputs([root], walkIo)).toEqual([{ problem: expect.objectContaining({ code: 'NoManifestFiles', warning: true, path: root }) }]);
  });
});

describe('a repository walk (issue 33 item 9)', () => {
  const project = () => {
    write('pools/a.yaml', 'x: 1\n');
    for (const f of ['node_modules/cdktf/package.json', 'sub/node_modules/x/a.yaml', 'cdktf.out/stacks/s/cdk.tf.json']) write(f, '{}');
    for (const f of ['.git/a.yaml', '.hg/a.yaml', '.svn/a.yaml']) write(f, 'x: 1\n');
  };

  test('leaves out node_modules, cdktf.out and VCS folders below a directory, each node_modules or cdktf.out one entry', () => {
    project();
    expect(rel(expandInputs([root], walkIo))).toEqual(['skipped cdktf.out', 'skipped node_modules', 'pools/a.yaml', 'skipped sub/node_modules']);
  });

  test('walks them when named on the command line', () => {
    project();
    const named = ['cdktf.out', 'node_modules', '.git'].map((d) => path.join(root, d));
    expect(rel(expandInputs(named, walkIo))).toEqual(['cdktf.out/stacks/s/cdk.tf.json', 'node_modules/cdktf/package.json', '.git/a.yaml']);
  });

  test('a directory holding only skipped folders is still a NoManifestFiles warning', () => {
    write('node_modules/x/package.json', '{}');
    expect(rel(expandInputs([root], walkIo))).toEqual(['skipped node_modules', 'NoManifestFiles ']);
  });

  test('--ignore-filename-pattern leaves out walked files whose path matches, as in kubeconform', () => {
    write('pools/a.yaml', VALID);
    write('examples/b.yaml', 'kind: [\n');
    const r = run(['--ignore-filename-pattern', '/examples/', '--ignore-filename-pattern=^$', root]);
    expect(r.lines).toEqual(['1 file, 2 documents: no problems']);
    expect(rel(expandInputs([root], walkIo, [/xamples\/b/]))).toEqual(['pools/a.yaml']);
    expect(run(['--ignore-filename-pattern', '(', root]).code).toBe(ExitCode.USAGE);
  });

  test('validate . in a cdktf project checks its manifests only, with one note, and no Node warning', () => {
    project();
    write('pools/a.yaml', VALID);
    // The project's own files: no apiVersion and kind, so no Kubernetes object; skipped in a walk, an error when named.
    const pkg = write('package.json', '{"name": "app", "version": "1.0.0"}');
    write('cdktf.json', '{"language": "typescript", "app": "npx ts-node main.ts"}');
    // A mapping as a key: the yaml library warns about it through process.emitWarning, which Node prints as is.
    write('node_modules/pkg/funding.yml', '? { futureFlags: 1 }\n: x\n');
    const emitted = jest.spyOn(process, 'emitWarning');
    try {
      const r = run([root]);
      expect(r.lines).toEqual([
        `note: skipped 2 documents validate does not check (2 without apiVersion and kind), first ${root}/cdktf.json#0 ?/?; --json lists each`,
        `note: not walked: ${root}/cdktf.out, ${root}/node_modules, ${root}/sub/node_modules (installed packages and synth output; ` +
          'name a directory to check it)',
        '3 files, 4 documents (2 skipped): no problems',
      ]);
      expect(r.code).toBe(ExitCode.OK);
      expect(run([pkg]).lines[0]).toMatch(/package\.json:1:1: error .*\(UnsupportedApiVersion\)$/);
      run([path.join(root, 'node_modules', 'pkg')]);
      expect(emitted).not.toHaveBeenCalled();
    } finally {
      emitted.mockRestore();
    }
  });
});

describe('validate DIR', () => {
  test('checks every manifest file under the directory, in sorted order', () => {
    write('pools/b.yaml', VALID);
    write('pools/a/np.json', NODEPOOL_JSON);
    const r = run([root]);
    // nodepool.json has weight 101: its line comes after nothing from b.yaml, as a/ sorts before b.yaml.
    expect(r.lines).toEqual([
      expect.stringMatching(/pools\/a\/np\.json:6:15: error NodePool\/from-json spec.weight: .* \(OutOfRange\)$/),
      '2 files, 3 documents: 1 error, 0 warnings',
    ]);
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('an unreadable subfolder gives a clear error line and exit 2; the rest is checked', () => {
    write('a/x.yaml', VALID);
    write('b/y.yaml', VALID);
    const denied = path.join(root, 'a');
    const r = run([root], {
      readDir: (p) => {
        if (p === denied) throw Object.assign(new Error(`EACCES: permission denied, scandir '${p}'`), { code: 'EACCES' });
        return real.readDir!(p);
      },
    });
    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.lines).toEqual([
      `${denied}: error cannot read the directory: EACCES: permission denied, scandir '${denied}'; its files are not checked (DirectoryNotReadable)`,
      '1 file, 2 documents: 1 error, 0 warnings',
    ]);
  });

  test('without a directory listing in the I/O, a directory is still refused as NotAFile', () => {
    const r = run([root], { readDir: undefined });
    expect(r.lines[0]).toMatch(/: error is a directory; give the manifest files in it, e\.g\. .*\/\*\.yaml \(NotAFile\)$/);
  });
});
