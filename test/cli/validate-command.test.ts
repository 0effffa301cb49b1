import { isDocument } from 'yaml';
import * as fs from 'fs';
import * as path from 'path';
import { CommandDependencies, CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import { runValidateCommand } from '../../lib/cli/validate/validate-run';
import { MigrationOptions, MigrationReport, MigrationResult } from '../../lib/core/migrate/migrate-manifests';
import { IssueCollector, ValidationContext, ValidationIssue } from '../../lib/core/issues';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'cli');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly written: Map<string, string>;
  readonly dirs: string[];
}

/** Reads fixtures from disk (paths relative to test/fixtures/cli), keeps writes in memory. */
function run(args: string[], deps: CommandDependencies = FAKES, stdin = ''): Run {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, string>();
  const dirs: string[] = [];
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(path.join(FIXTURES, p), 'utf8'),
    readStdin: () => stdin,
    writeFile: (p, c) => void written.set(p, c),
    mkdirp: (p) => void dirs.push(p),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  };
  const code = runCli(args, io, deps);
  return { code, stdout, stderr, written, dirs };
}

// A small stand-in for the real validator, so these tests pin the command's behaviour and
// not the validator's wording. The real one is exercised at the end.
function fakeValidate(manifest: unknown, ctx: ValidationContext): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  const m = manifest as { apiVersion?: string; kind?: string; spec?: Record<string, any> };
  if (m.kind === 'NodePool' && m.apiVersion === 'karpenter.sh/v1') {
    if (typeof m.spec?.weight === 'number' && m.spec.weight > 100) {
      c.error('spec.weight', 'WeightOutOfRange', `weight must be 1..100, got ${m.spec.weight}`);
    }
    if (m.spec?.limits === undefined) c.warn('spec.limits', 'NoLimits', 'no limits: the pool can grow without bound');
  } else if (m.kind === 'EC2NodeClass' && m.apiVersion === 'karpenter.k8s.aws/v1') {
    for (const key of Object.keys(m.spec?.tags ?? {})) {
      if (key.startsWith('kubernetes.io/cluster/')) c.error(`spec.tags["${key}"]`, 'RestrictedTag', `tag ${key} is set by Karpenter`);
    }
  } else {
    c.error('kind', 'UnsupportedKind', `unsupported manifest: apiVersion ${JSON.stringify(m.apiVersion)}, kind ${JSON.stringify(m.kind)}`);
  }
  return c.issues;
}

function fakeMigrate(docs: unknown[], options: MigrationOptions): MigrationResult {
  const manifests: Record<string, unknown>[] = [];
  const reports: MigrationReport[] = [];
  const errors: MigrationResult['errors'] = [];
  docs.forEach((d, document) => {
    const m = (isDocument(d) ? d.toJS() : d) as { apiVersion: string; kind: string; metadata: { name: string }; spec: Record<string, any> };
    const input = { apiVersion: m.apiVersion, kind: m.kind, name: m.metadata.name };
    if (m.apiVersion === 'karpenter.sh/v1beta1') {
      manifests.push({ ...m, apiVersion: 'karpenter.sh/v1', spec: { ...m.spec, disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized' } } });
      reports.push({
        document,
        ...input,
        output: { ...input, apiVersion: 'karpenter.sh/v1' },
        changes: [
          { field: 'apiVersion', from: 'karpenter.sh/v1beta1', to: 'karpenter.sh/v1', note: 'v1 API' },
          { field: 'spec.disruption.consolidationPolicy', from: 'WhenUnderutilized', to: 'WhenEmptyOrUnderutilized', note: 'renamed in v1' },
        ],
      });
    } else if (m.kind === 'AWSNodeTemplate') {
      if (options.role === undefined) {
        errors.push({
          document,
          kind: m.kind,
          name: m.metadata.name,
          field: 'spec.instanceProfile',
          message: 'no role: pass --role',
          code: 'RoleRequired',
        });
        return;
      }
      manifests.push({ apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: m.metadata, spec: { role: options.role } });
      reports.push({
        document,
        ...input,
        output: { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', name: m.metadata.name },
        changes: [{ field: 'spec.role', source: 'spec.instanceProfile', to: options.role, note: 'from --role' }],
      });
    } else {
      manifests.push(m);
      reports.push({ document, ...input, output: input, changes: [] });
    }
  });
  return { manifests, reports, errors };
}

const FAKES: CommandDependencies = { validate: fakeValidate, migrate: fakeMigrate };

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

describe('validate --migrate', () => {
  test('should print the change report, then validate the converted manifests', () => {
    const r = run(['validate', '--migrate', 'v1beta1.yaml']);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toBe(
      [
        'migrated v1beta1.yaml#0 NodePool/legacy -> NodePool/legacy (karpenter.sh/v1): 2 changes',
        '  apiVersion: "karpenter.sh/v1beta1" -> "karpenter.sh/v1" (v1 API)',
        '  spec.disruption.consolidationPolicy: "WhenUnderutilized" -> "WhenEmptyOrUnderutilized" (renamed in v1)',
        '1 file, 2 documents, 1 document migrated: no problems',
        '',
      ].join('\n'),
    );
  });

  test('should write v1 YAML to standard output with --output -, messages to standard error', () => {
    const r = run(['validate', '--migrate', '--output', '-', 'v1beta1.yaml']);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(/^---\napiVersion: karpenter.sh\/v1\nkind: NodePool\nmetadata:\n {2}name: legacy\n/);
    expect(r.stdout).toMatch(/---\napiVersion: karpenter.sh\/v1\nkind: NodePool\nmetadata:\n {2}name: current\n/);
    expect(r.stdout).not.toMatch(/v1beta1/);
    expect(r.stderr).toMatch(/^migrated v1beta1\.yaml#0 NodePool\/legacy -> NodePool\/legacy \(karpenter\.sh\/v1\): 2 changes/);
  });

  test('should quote strings YAML 1.1 readers (kubectl, Helm) would turn into booleans or numbers', () => {
    const stdin =
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: { name: piped }\n' +
      'spec: { limits: {}, template: { metadata: { labels: { backup: "yes", on: "on" } } } }\n';
    const r = run(['validate', '--migrate', '--output', '-', '-'], FAKES, stdin);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(/\n {8}backup: "yes"\n {8}"on": "on"\n/);
  });

  test('should write one file per input with --write-migrated', () => {
    const r = run(
      ['validate', '--migrate', '--write-migrated', 'out/', 'v1beta1.yaml', '-'],
      FAKES,
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: { name: piped }\nspec: { limits: {} }\n',
    );

    expect(r.code).toBe(ExitCode.OK);
    expect(r.dirs).toContain('out/');
    expect([...r.written.keys()]).toEqual(['out/v1beta1.yaml', 'out/stdin.yaml']);
    expect(r.written.get('out/stdin.yaml')).toMatch(/apiVersion: karpenter.sh\/v1\n/);
  });

  test('should report documents the migrator rejects, and not write that file', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--write-migrated', 'out', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^-#0: error AWSNodeTemplate\/old spec\.instanceProfile: no role: pass --role \(RoleRequired\)$/m);
    expect(r.stdout).toMatch(/not writing -: it has errors that prevented migrating every document/);
    expect(r.written.size).toBe(0);
  });

  test('should keep standard output pure JSON with --json when a file is not written', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--json', '--write-migrated', 'out', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(JSON.parse(r.stdout).issues).toEqual([expect.objectContaining({ code: 'RoleRequired' })]);
    expect(r.stderr).toBe('not writing -: it has errors that prevented migrating every document\n');
  });

  test('should say which input is left out of --output', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--output', 'all.yaml', 'v1beta1.yaml', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^not writing -: it has errors that prevented migrating every document$/m);
    expect([...r.written.keys()]).toEqual(['all.yaml']);
    expect(r.written.get('all.yaml')).toMatch(/name: legacy/);
    expect(r.written.get('all.yaml')).not.toMatch(/AWSNodeTemplate|name: old/);
  });

  test('should pass --role to the migrator and show where a value came from', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--role', 'KarpenterNodeRole-demo', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(
      /^migrated -#0 AWSNodeTemplate\/old -> EC2NodeClass\/old \(karpenter\.k8s\.aws\/v1\): 1 change\n {2}spec\.instanceProfile -> spec\.role: \(none\) -> "KarpenterNodeRole-demo" \(from --role\)$/m,
    );
  });

  test('should include migrations in JSON output', () => {
    const r = run(['validate', '--migrate', '--json', 'v1beta1.yaml']);

    expect(JSON.parse(r.stdout).migrations).toEqual([
      expect.objectContaining({
        file: 'v1beta1.yaml',
        document: 0,
        kind: 'NodePool',
        name: 'legacy',
        changes: expect.arrayContaining([expect.objectContaining({ field: 'apiVersion' })]),
      }),
    ]);
  });
});

describe('validate with the library validator and migrator', () => {
  test('should accept the valid fixtures, skip other API groups and reject an unsupported Karpenter kind', () => {
    const ok = run(['validate', 'valid.yaml'], {});
    const other = run(['validate', '-'], {}, 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: x }\n');
    const bad = run(['validate', '-'], {}, 'apiVersion: karpenter.sh/v1\nkind: Provisioner\nmetadata: { name: x }\n');
    const claim = run(['validate', '-'], {}, 'apiVersion: karpenter.sh/v1\nkind: NodeClaim\nmetadata: { name: x }\nspec: {}\n');

    expect(ok).toMatchObject({ code: ExitCode.OK, stdout: '1 file, 2 documents: no problems\n' });
    expect(other).toMatchObject({
      code: ExitCode.OK,
      stdout: 'note: skipped -#0 Deployment/x (apps/v1): not a Karpenter API group\n1 file, 1 document (1 skipped): no problems\n',
    });
    expect(bad.code).toBe(ExitCode.PROBLEMS);
    expect(bad.stdout).toMatch(/^-:2:7: error Provisioner\/x kind: .*not a kind of karpenter\.sh\/v1.*\(UnsupportedKind\)$/m);
    // Issue 33 item 11: a NodeClaim is a karpenter.sh/v1 kind; validate does not check it, and says so.
    expect(claim).toMatchObject({
      code: ExitCode.OK,
      stdout: 'note: skipped -#0 NodeClaim/x (karpenter.sh/v1): a kind validate does not check\n1 file, 1 document (1 skipped): no problems\n',
    });
  });

  test('an unknown --silence code is one UnknownSilenceCode warning naming the valid codes', () => {
    const r = run(['validate', '--silence', 'NodePoolWithoutLimit,NodePoolWithoutLimits', 'valid.yaml', 'valid.yaml'], {});

    expect(r.stdout.match(/UnknownSilenceCode/g)).toHaveLength(1);
    expect(r.stdout).toMatch(
      /^\(command line\): warning --silence: "NodePoolWithoutLimit" is not a warning code, so it silences nothing \(did you mean "NodePoolWithoutLimits"\?\); codes that can be silenced: NodePoolWithoutLimits, .* \(UnknownSilenceCode\)$/m,
    );
    expect(r.code).toBe(ExitCode.OK);
    expect(run(['validate', '--strict', '--silence', 'Bogus', 'valid.yaml'], {}).code).toBe(ExitCode.PROBLEMS);
  });

  test('should reject v1beta1 and point at --migrate', () => {
    const r = run(['validate', 'v1beta1.yaml'], {});

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^v1beta1\.yaml:1:13: error NodePool\/legacy apiVersion: .*v1beta1/m);
    expect(r.stdout).toMatch(/hint: 1 document uses a pre-v1 Karpenter API; run again with --migrate to convert it\n$/);
  });

  test('--migrate skips documents of other API groups and keeps them, in place, in the output', () => {
    const bundle = [
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: before }\n',
      fs.readFileSync(path.join(FIXTURES, 'v1beta1.yaml'), 'utf8'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: after }\n',
    ].join('---\n');
    const r = run(['validate', '--migrate', '--output', '-', '-'], {}, bundle);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout.match(/^(kind: \w+|  name: \w+)$/gm)).toEqual([
      'kind: ConfigMap',
      '  name: before',
      'kind: NodePool',
      '  name: legacy',
      'kind: NodePool',
      '  name: current',
      'kind: Deployment',
      '  name: after',
    ]);
    expect(r.stderr).toMatch(
      /^note: skipped 2 documents validate does not check \(1 ConfigMap, 1 Deployment\), first -#0 ConfigMap\/before; --json lists each$/m,
    );
  });

  test('should migrate v1beta1 to valid v1', () => {
    const r = run(['validate', '--migrate', '--output', '-', 'v1beta1.yaml'], {});

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stderr).toMatch(/^migrated v1beta1\.yaml#0 NodePool\/legacy -> NodePool\/legacy \(karpenter\.sh\/v1\): \d+ changes/);
    expect(r.stderr).toMatch(/spec\.disruption\.consolidationPolicy: "WhenUnderutilized" -> "WhenEmptyOrUnderutilized"/);
    expect(r.stderr).toMatch(/1 file, 2 documents, 1 document migrated: no problems\n$/);
    expect(r.stdout).not.toMatch(/v1beta1/);
    expect(r.stdout.match(/^apiVersion: karpenter\.sh\/v1$/gm)).toHaveLength(2);
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
