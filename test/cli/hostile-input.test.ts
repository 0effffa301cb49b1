// Unreadable, malformed and hostile inputs: each costs one clear error line for that file, the
// command exits 2 (bad input, apart from findings: 1), and the other files are still checked. Real files, in a temporary directory.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readInputDocuments } from '../../lib/cli/input-reader';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { runSimulation } from '../../lib/core/sim';
import { validateManifest } from '../../lib/core/validation/validate';
import { CommandDependencies, CommandIo, ExitCode } from '../../lib/cli/command-io';
import { MAX_INPUT_BYTES } from '../../lib/cli/input-reader';
import { nestingDepth } from '../../lib/cli/nesting-depth';
import { runCli } from '../../lib/cli/cli';

const VALID = path.join(__dirname, '..', 'fixtures', 'cli', 'valid.yaml');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-validate-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

interface Run {
  readonly code: number;
  readonly lines: string[];
  readonly stderr: string;
  readonly reads: string[];
}

function run(files: string[], deps: CommandDependencies = {}, stdin?: Buffer): Run {
  let stdout = '';
  let stderr = '';
  const reads: string[] = [];
  const real = nodeCommandIo();
  const io: CommandIo = {
    ...real,
    readFile: (p) => {
      reads.push(p);
      return real.readFile(p);
    },
    readStdin: () => stdin ?? Buffer.alloc(0),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  };
  const code = runCli(['validate', ...files, VALID], io, deps);
  return { code, lines: stdout.trimEnd().split('\n'), stderr, reads };
}

/** The run's lines about `f`, and that the valid file after it was still checked. */
function expectOneLineFor(r: Run, f: string, pattern: RegExp): void {
  expect(r.code).toBe(ExitCode.USAGE);
  expect(r.stderr).toBe('');
  expect(r.lines.filter((l) => l.startsWith(f))).toEqual([expect.stringMatching(pattern)]);
  // valid.yaml holds two documents: checked, and clean.
  expect(r.lines[r.lines.length - 1]).toMatch(/^2 files, 2 documents: 1 error, 0 warnings$/);
}

describe('hostile input', () => {
  test('a YAML alias bomb is one YamlAliasLimit error, not a stack trace', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [prev, name] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'g'],
    ]) {
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const f = file('bomb.yaml', `${levels.join('\n')}\n`);
    expectOneLineFor(run([f]), f, /^.*bomb\.yaml:1:1: error YAML aliases expand to too many nodes .*alias bomb.* \(YamlAliasLimit\)$/);
  });

  // The message names the limit that was passed: 256 levels of flow collections, or 2,048 columns of block indentation.
  const FLOW = /error nests flow collections \(\[ and \{\) more than 256 deep \(at line 1\); .* \(NestingTooDeep\)$/;
  test('ordinary anchors are read: 150 pods sharing one resources anchor, a NodePool file with 120 anchors', () => {
    const items = Array.from({ length: 150 }, (_, i) =>
      [
        '- apiVersion: v1',
        '  kind: Pod',
        '  metadata:',
        `    name: p${i}`,
        '  spec:',
        '    containers:',
        '    - name: c',
        i === 0 ? '      resources: &res {requests: {cpu: "1", memory: 1Gi}}' : '      resources: *res',
      ].join('\n'),
    );
    const pods = `apiVersion: v1\nkind: List\nitems:\n${items.join('\n')}\n`;
    const { documents, issues } = readInputDocuments([file('anchored-pods.yaml', pods)], nodeCommandIo());
    expect(issues).toEqual([]);
    expect(documents).toHaveLength(150);
    expect((documents[149].value as any).spec.containers[0].resources).toEqual({ requests: { cpu: '1', memory: '1Gi' } });

    const values = Array.from({ length: 120 }, (_, i) => `    - &v${i} "m${i}.large"`).join('\n');
    const again = Array.from({ length: 120 }, (_, i) => `*v${i}`).join(', ');
    const pool = `${fs.readFileSync(VALID, 'utf8').split('\n---\n')[0]}\n  x-values:\n${values}\n  x-again: [${again}]\n`;
    const r = readInputDocuments([file('anchored-pool.yaml', pool)], nodeCommandIo());
    expect(r.issues).toEqual([]);
    expect((r.documents[0].value as any).spec['x-again']).toHaveLength(120);
  });

  test('an alias inside its own anchor is one YamlAliasLimit error', () => {
    const f = file('circular.yaml', 'a: &a [1, *a]\n');
    expectOneLineFor(run([f]), f, /circular\.yaml:1:1: error YAML aliases expand to too many nodes .*alias bomb.* \(YamlAliasLimit\)$/);
  });

  test.each([
    ['100,000 unclosed [', '['.repeat(100_000), FLOW],
    ['100,000 balanced [ ]', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, FLOW],
    ['deep JSON objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, FLOW],
    [
      'deep block indentation',
      Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'),
      /error indents block collections more than 2048 columns \(at line 2050\); .* \(NestingTooDeep\)$/,
    ],
  ])('%s is one NestingTooDeep error', (name, content, message) => {
    const f = file(`deep-${name.replace(/\W+/g, '-')}.yaml`, content);
    expectOneLineFor(run([f]), f, message);
  });

  test('200,000 copies of one requirement is one TooManyItems error, not a stack overflow (validate and explain check it so)', () => {
    // The core functions the commands call: through the CLI, locating the error in a 14 MB document takes most of a minute.
    const requirement = { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['2'] };
    const pool = {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'many' },
      spec: {
        limits: { cpu: '10' },
        template: {
          spec: {
            nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
            requirements: Array(200_000).fill(requirement),
          },
        },
      },
    };
    expect(validateManifest(pool).filter((i) => i.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'TooManyItems', field: 'spec.template.spec.requirements', message: 'must have at most 100 items, got 200000' }),
    ]);
    const sim = runSimulation({ nodePools: [pool], nodeClasses: [], pods: [] });
    expect(sim.result.nodePools.map((p) => p.name)).toEqual(['many']);
  });

  test("a 10 MB label value is cut in the simulator's requirement message, as validate cuts it", () => {
    const huge = 'x'.repeat(10_000_000);
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a', namespace: 'default' },
      spec: { nodeSelector: { 'karpenter.sh/capacity-type': huge }, containers: [{ name: 'c', image: 'x' }] },
    };
    const [result] = runSimulation({ nodePools: [], nodeClasses: [], pods: [pod] }).result.pods;
    expect(result.reason).toMatch(/^no valid values found in \[x{77}\.\.\.\] for karpenter\.sh\/capacity-type, .* got: \[x{77}\.\.\.\]$/);
  });

  test.each([
    [
      'a negative cpu request',
      { cpu: '-1' },
      /requests\.cpu: "-1" must be greater than or equal to 0; the API server rejects the pod \(SimNegativeQuantity\)/,
    ],
    ['a container pods request', { pods: '2' }, /requests\.pods: must be a standard resource for containers; .*\(SimUnknownResource\)/],
  ])('explain reports %s on the pod as bad input, as the API server rejects it', (_what, requests, message) => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'a', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'x', resources: { requests } }] },
    };
    const f = file('negative-pod.json', JSON.stringify(pod));
    let out = '';
    const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } };
    expect(runCli(['explain', f, VALID], io)).toBe(ExitCode.PROBLEMS);
    expect(out).toMatch(message);
    expect(out).not.toMatch(/-840|CPU -/);
  });

  test('limits.cpu "1e309" is a quantity to validate and explain alike (ParseQuantity caps only binary-suffixed amounts)', () => {
    const pool = fs.readFileSync(VALID, 'utf8').replace('cpu: "1000"', 'cpu: "1e309"');
    expect(pool).toContain('"1e309"');
    const f = file('huge-limit.yaml', pool);
    for (const command of ['validate', 'explain']) {
      let out = '';
      const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } };
      expect({ command, code: runCli([command, f], io) }).toEqual({ command, code: ExitCode.OK });
      expect(out).not.toMatch(/not a Kubernetes quantity|error/);
    }
  });

  test('a binary file (NUL bytes) is one BinaryFile error', () => {
    const f = file('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    expectOneLineFor(run([f]), f, /image\.png: error holds a NUL byte \(at byte offset 8\): a binary file, not YAML or JSON \(BinaryFile\)$/);
  });

  test('invalid UTF-8 is one InvalidUtf8 error naming the byte', () => {
    const f = file('latin1.yaml', Buffer.concat([Buffer.from('metadata:\n  name: caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    expectOneLineFor(run([f]), f, /latin1\.yaml: error is not UTF-8 text: invalid byte 0xe9 at byte offset 21; save it as UTF-8 .*\(InvalidUtf8\)$/);
  });

  test('UTF-16 is named as such', () => {
    const f = file('utf16.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('kind: NodePool\n', 'utf16le')]));
    expectOneLineFor(run([f]), f, /utf16\.yaml: error is not UTF-8 text: it starts with a UTF-16 byte order mark.*\(InvalidUtf8\)$/);
  });

  test('a directory without manifest files is one NoManifestFiles warning (directories are walked: input-files.test.ts)', () => {
    const d = path.join(dir, 'manifests');
    fs.mkdirSync(d, { recursive: true });
    const r = run([d]);
    expect(r.code).toBe(ExitCode.OK);
    expect(r.lines.filter((l) => l.startsWith(d))).toEqual([
      expect.stringMatching(/manifests: warning is a directory without \*\.yaml, .*\(NoManifestFiles\)$/),
    ]);
  });

  // Issue 33 item 11: validate reads the kubectl dumps explain reads, up to the one limit both use.
  test('a file over the limit is refused from its size, before it is read', () => {
    const f = path.join(dir, 'huge.yaml');
    fs.writeFileSync(f, '');
    fs.truncateSync(f, MAX_INPUT_BYTES + 1024 * 1024); // sparse: nothing written or read
    const r = run([f]);
    expectOneLineFor(r, f, /huge\.yaml: error is 65 MiB, more than the 64 MiB the command reads; .*\(FileTooLarge\)$/);
    expect(r.reads).not.toContain(f);
    expect(MAX_INPUT_BYTES).toBe(64 * 1024 * 1024);
  });

  test('a 20 MiB kubectl dump is read, as explain reads it', () => {
    const pod = (i: number) => `- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p${i}\n    uid: u${i}\n  status:\n    phase: Running\n`;
    const chunk = Array.from({ length: 1000 }, (_, i) => pod(i)).join('');
    const copies = Math.ceil((20 * 1024 * 1024) / chunk.length);
    const f = file('dump.yaml', `apiVersion: v1\nkind: List\nitems:\n${chunk.repeat(copies)}`);
    const r = run([f]);
    expect(r.lines.filter((l) => l.includes('FileTooLarge'))).toEqual([]);
    expect(r.lines[r.lines.length - 1]).toBe(`2 files, ${copies * 1000 + 2} documents (${copies * 1000} skipped): no problems`);
  });

  test('the limit applies to the bytes read too: a file or stdin just over a lower limit', () => {
    const f = file('just-over.yaml', `# ${'x'.repeat(1023)}\n`);
    expectOneLineFor(run([f], { maxInputBytes: 1024 }), f, /just-over\.yaml: error is 1 KiB, more than the 1 KiB the command reads/);
    const atLimit = file('at-limit.yaml', `#${'x'.repeat(1022)}\n`);
    expect(fs.statSync(atLimit).size).toBe(1024);
    expect(run([atLimit], { maxInputBytes: 1024 }).lines.join('\n')).not.toMatch(/FileTooLarge/);

    let stdout = '';
    const io: CommandIo = { ...nodeCommandIo(), readStdin: () => Buffer.alloc(2048, 0x20), stdout: { write: (s: string) => (stdout += s) } };
    expect(runCli(['validate', '-'], io, { maxInputBytes: 1024 })).toBe(ExitCode.USAGE);
    expect(stdout).toMatch(/^-: error is 2 KiB, more than the 1 KiB the command reads; .*\(FileTooLarge\)$/m);
  });

  test('an unreadable file is one FileNotReadable error and the next file is still checked', () => {
    const f = path.join(dir, 'missing.yaml');
    expectOneLineFor(run([f]), f, /missing\.yaml: error cannot read the file: ENOENT: no such file or directory.*\(FileNotReadable\)$/);
  });

  test('malformed YAML with many errors is one line for the file', () => {
    const f = file('broken.yaml', 'a: [\nb: {\nc: "x\n: : :\n---\nd: ]\n');
    const r = run([f]);
    expectOneLineFor(r, f, /broken\.yaml:\d+:\d+: error .* \(and \d+ more syntax errors\) \(YamlSyntaxError\)$/);
  });

  test('several hostile files in one run: one line each, every file reported', () => {
    const bin = file('a.bin', Buffer.from([0, 1, 2]));
    const deep = file('b.yaml', '['.repeat(1000));
    const r = run([bin, deep]);
    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.lines.map((l) => l.split(': ')[0])).toEqual([bin, expect.stringMatching(/b\.yaml:1:\d+$/), '3 files, 2 documents']);
  });
});

describe('nestingDepth', () => {
  test('counts flow collections outside quotes and comments', () => {
    expect(nestingDepth('a: [[[', 2)).toEqual({ line: 1, column: 6 });
    expect(nestingDepth('a: "[[[" # [[[\nb: \'[[[\'', 2)).toBeUndefined();
    expect(nestingDepth("note: it's [[ fine ]]", 2)).toBeUndefined();
    expect(nestingDepth('a: [[]]\nb: [[]]', 2)).toBeUndefined();
  });
});
