// `validate` with stand-ins for the validator and migrator (validate-harness.ts), and the bin as a process.
// `--migrate` and the library's own validator and migrator: validate-migrate.test.ts.
import * as fs from 'fs';
import * as path from 'path';
import { ExitCode } from '../../lib/cli/command-io';
import { runValidateCommand } from '../../lib/cli/validate/validate-run';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';
import { FAKES, FIXTURES, run } from './validate-harness';

describe('validate', () => {
  test('should exit 0 and report no problems for valid files', () => {
    const r = run(['validate', 'valid.yaml']);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toBe('1 file, 2 documents: no problems\n');
    expect(r.stderr).toBe('');
  });

  test('should print every problem as <file>:<line>:<column>: <severity> <kind>/<name> <field>: <message> (<code>) and exit 1', () => {
    const r = run(['validate', 'invalid.yaml', 'nodepool.json']);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout.split('\n')).toEqual([
      'invalid.yaml:6:11: error NodePool/heavy spec.weight: weight must be 1..100, got 200 (WeightOutOfRange)',
      // spec.limits is missing: located at its parent, spec.
      'invalid.yaml:6:3: warning NodePool/heavy spec.limits: no limits: the pool can grow without bound (NoLimits)',
      'nodepool.json:6:15: error NodePool/from-json spec.weight: weight must be 1..100, got 101 (WeightOutOfRange)',
      '2 files, 2 documents: 2 errors, 1 warning',
      '',
    ]);
  });

  test('should locate problems in a multi-document file, skip empty documents and, with a note, other API groups', () => {
    const r = run(['validate', 'multi-doc.yaml']);

    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stdout.split('\n')).toEqual([
      'multi-doc.yaml:25:33: error EC2NodeClass/tagged spec.tags["kubernetes.io/cluster/demo"]: ' +
        'tag kubernetes.io/cluster/demo is set by Karpenter (RestrictedTag)',
      'multi-doc.yaml:32:1: error the document is a list; expected a Kubernetes object with apiVersion, kind, metadata and spec (NotAnObject)',
      'note: skipped multi-doc.yaml#3 Deployment/inflate (apps/v1): not a Karpenter API group',
      '1 file, 4 documents (1 skipped): 2 errors, 0 warnings',
      '',
    ]);
  });

  test('--fail-on-other-kinds validates documents of other API groups too (and so reports them)', () => {
    const r = run(['validate', '--fail-on-other-kinds', 'multi-doc.yaml']);

    expect(r.stdout).toMatch(/^multi-doc\.yaml:28:7: error Deployment\/inflate kind: unsupported manifest: .*\(UnsupportedKind\)$/m);
    expect(r.stdout).not.toMatch(/note: skipped/);
  });

  test('a Karpenter API group with an unsupported version or kind is not skipped', () => {
    const r = run(
      ['validate', '-'],
      FAKES,
      'apiVersion: karpenter.sh/v1\nkind: Provisioner\nmetadata: { name: x }\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n',
    );

    expect(r.stdout).toMatch(/^-:2:7: error Provisioner\/x kind: .*\(UnsupportedKind\)$/m);
    expect(r.stdout).toMatch(/^note: skipped -#1 ConfigMap\/c \(v1\): not a Karpenter API group$/m);
  });

  test('should report YAML syntax errors with line and column and still check the other documents', () => {
    const r = run(['validate', 'syntax-error.yaml']);

    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stdout).toMatch(/^syntax-error\.yaml:\d+:\d+: error .+ \[[A-Z_]+\]( \(and \d+ more syntax errors?\))? \(YamlSyntaxError\)$/m);
    expect(r.stdout.match(/YamlSyntaxError/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/1 file, 1 document: \d+ errors?, 0 warnings\n$/);
  });

  test('should report an unreadable file and an empty one', () => {
    const r = run(['validate', 'missing.yaml', 'empty.yaml']);

    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stdout).toMatch(/^missing\.yaml: error cannot read the file: ENOENT.* \(FileNotReadable\)$/m);
    expect(r.stdout).toMatch(/^empty\.yaml: warning the file holds no YAML documents; check that it is the file you meant \(NoDocuments\)$/m);
  });

  test('should read standard input for -', () => {
    const r = run(['validate', '-'], FAKES, fs.readFileSync(path.join(FIXTURES, 'invalid.yaml'), 'utf8'));

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^-:6:11: error NodePool\/heavy spec\.weight:/m);
  });

  test('should exit 0 with only warnings, and 1 with --strict', () => {
    const warningsOnly = 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: w }\nspec: {}\n';

    expect(run(['validate', '-'], FAKES, warningsOnly).code).toBe(ExitCode.OK);
    expect(run(['validate', '--strict', '-'], FAKES, warningsOnly).code).toBe(ExitCode.PROBLEMS);
  });

  test('should drop silenced warnings, and say that errors cannot be silenced', () => {
    const r = run(['validate', '--silence', 'NoLimits,Other', '--silence=WeightOutOfRange', 'invalid.yaml']);

    expect(r.stdout).not.toMatch(/NoLimits/);
    expect(r.stdout).toMatch(/WeightOutOfRange/);
    expect(r.stderr).toBe('note: --silence WeightOutOfRange has no effect: WeightOutOfRange is an error, and only warnings can be silenced\n');
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('should print JSON with severity, location and a summary', () => {
    const r = run(['validate', '--json', 'invalid.yaml', 'valid.yaml']);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    const out = JSON.parse(r.stdout);
    expect(out.summary).toEqual({ files: 2, documents: 3, skipped: 0, errors: 1, warnings: 1 });
    expect(out.issues).toEqual([
      {
        file: 'invalid.yaml',
        document: 0,
        kind: 'NodePool',
        name: 'heavy',
        severity: 'error',
        field: 'spec.weight',
        message: 'weight must be 1..100, got 200',
        code: 'WeightOutOfRange',
        line: 6,
        column: 11,
      },
      // spec.limits is missing: located at its parent, spec.
      {
        file: 'invalid.yaml',
        document: 0,
        kind: 'NodePool',
        name: 'heavy',
        severity: 'warning',
        field: 'spec.limits',
        message: 'no limits: the pool can grow without bound',
        code: 'NoLimits',
        line: 6,
        column: 3,
      },
    ]);
    expect(out).not.toHaveProperty('migrations');
  });

  test('should locate quoted field names in JSON output', () => {
    const r = run(['validate', '--json', 'multi-doc.yaml']);

    expect(JSON.parse(r.stdout).issues[0]).toMatchObject({ document: 2, code: 'RestrictedTag', line: 25, column: 33 });
  });

  test('should show help and exit 0', () => {
    expect(run(['validate', '--help']).stdout).toMatch(/^Usage: cdktf-karpenter-eks validate \[options\] <file\|dir\.\.\.>/);
    expect(run(['validate', '--help']).stdout).toContain(
      `against the schema and rules of the Karpenter ${KARPENTER_RELEASE.crdVersion} CRDs, offline`,
    );
    expect(run(['--help']).stdout).toMatch(/^Usage: cdktf-karpenter-eks <command>/);
    expect(run(['validate', '-h']).code).toBe(ExitCode.OK);
  });

  test.each([
    [['validate', '--bogus', 'valid.yaml'], /unknown option '--bogus'/],
    [['validate'], /no input files/],
    [['validate', '--silence'], /option '--silence' needs a value/],
    [
      ['validate', '--silence', ',', 'valid.yaml'],
      /option '--silence' needs one or more codes, e\.g\. --silence NodePoolWithoutLimits \(only warnings can be silenced\)/,
    ],
    [['validate', '--json=yes', 'valid.yaml'], /option '--json' takes no value/],
    [['validate', '-', '-'], /standard input \('-'\) can be read only once/],
    [['validate', '--output', '-', 'v1beta1.yaml'], /--output writes migrated manifests and needs --migrate/],
    [['validate', '--migrate', '--json', '--output', '-', 'v1beta1.yaml'], /--json and '--output -' both write to standard output/],
    [['validate', '--role', 'R', 'v1beta1.yaml'], /--role is used when migrating AWSNodeTemplates and needs --migrate/],
    [
      ['validate', '--migrate', '--write-migrated', 'out', 'valid.yaml', 'sub/valid.yaml'],
      /'valid\.yaml' and 'sub\/valid\.yaml' would both be written to valid\.yaml in out/,
    ],
  ])('should print usage and exit 2 for %j', (args, message) => {
    const r = run(args);

    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Usage: cdktf-karpenter-eks validate/);
    expect(r.stdout).toBe('');
  });

  test('should print usage and exit 2 for an unknown command or none', () => {
    expect(run(['lint', 'x.yaml'])).toMatchObject({
      code: ExitCode.USAGE,
      stderr: expect.stringMatching(/unknown command 'lint'[\s\S]*Usage: cdktf-karpenter-eks <command>/),
    });
    expect(run([]).code).toBe(ExitCode.USAGE);
  });

  test('should take runValidateCommand arguments without the command name', () => {
    let out = '';
    const io = {
      readFile: () => '',
      readStdin: () => '',
      writeFile: () => undefined,
      mkdirp: () => undefined,
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
    };

    expect(runValidateCommand(['--help'], io, FAKES)).toBe(ExitCode.OK);
    expect(out).toMatch(/^Usage/);
  });
});

describe('bin/karpenter-validate.ts', () => {
  const bin = path.join(__dirname, '..', '..', 'bin', 'karpenter-validate.ts');

  test('should start with a node shebang', () => {
    expect(fs.readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  test('should run as a process: real files, stdin and the exit code', () => {
    // One spawn (ts-node start-up is the cost); argument handling is covered in-process above.
    const r = require('child_process').spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', bin, 'validate', path.join(FIXTURES, 'valid.yaml'), '-'],
      { input: 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: x }\nspec: { weight: 0 }\n', encoding: 'utf8' },
    );

    expect(r.stderr).toBe('');
    expect(r.status).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^-:4:\d+: error NodePool\/x spec\.weight: /m);
    expect(r.stdout).toMatch(/2 files, 3 documents: \d+ errors?/);
  });
});
