// `explain` on real files in a temp directory. A stand-in simulator pins the command's reading, mapping,
// output and exit codes; test/cli/explain-example.test.ts runs the real engine on the full example. The
// command line and reading here, the output in explain-output.test.ts.
import * as path from 'path';
import { EXPLAIN_USAGE } from '../../lib/cli/explain/explain-args';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli, TOP_USAGE } from '../../lib/cli/cli';
import { Severity } from '../../lib/core/issues';
import { SimulationInput } from '../../lib/core/sim';
import { ALL_FINE, explain, fake, MANIFESTS, WORKLOADS } from './explain-harness';
import { useTempDir } from '../util/temp-dirs';

const { file, dir: tempDir } = useTempDir('explain-');

describe('command line', () => {
  test('--help prints the usage and exits 0', () => {
    expect(explain(['--help'])).toMatchObject({ code: ExitCode.OK, stdout: EXPLAIN_USAGE });
  });

  test('runCli dispatches explain, as its usage lists it', () => {
    let stdout = '';
    const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } };
    expect(TOP_USAGE).toContain('  explain <file...>');
    expect(runCli(['explain', '--help'], io)).toBe(ExitCode.OK);
    expect(stdout).toBe(EXPLAIN_USAGE);
    stdout = '';
    expect(runCli(['explain', file('cli.yaml', MANIFESTS)], io, fake(ALL_FINE))).toBe(ExitCode.OK);
    expect(stdout).toMatch(/^NODEPOOL +WEIGHT/m);
  });

  test('the usage says what each exit status means', () => {
    expect(EXPLAIN_USAGE).toContain(
      'Exit status: 0 every pod schedulable and every NodePool admits an instance type; 1 a pod\n' +
        'would stay pending, a NodePool admits nothing or has an error, or the simulator found an\n' +
        'error in an input object; 2 bad command line or input explain cannot use (e.g. a missing\n' +
        'file, YAML or JSON that does not parse, a document that is not an object, no NodePools and\n' +
        'no Nodes given)',
    );
  });

  test.each([
    [[], 'no input files'],
    [['--frobnicate', 'x.yaml'], "unknown option '--frobnicate'"],
    [['--zones'], "option '--zones' needs one or more zones"],
    [['--zones', ',', 'x.yaml'], "option '--zones' needs one or more zones"],
    [['--json=yes', 'x.yaml'], "option '--json' takes no value"],
    [['-', '-'], "standard input ('-') can be read only once"],
    [['-o', 'yaml', 'x.yaml'], "option '-o' takes text, wide, json, not 'yaml'"],
    [['-o', 'wide', '--json', 'x.yaml'], "'-o wide' is a text format; it does not go with --json"],
  ])('%j is a usage error (exit 2) saying %s', (args, message) => {
    const r = explain(args);
    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stderr).toContain(`cdktf-karpenter-eks explain: ${message}`);
  });
});

describe('reading', () => {
  test('NodePools, EC2NodeClasses, workloads and DaemonSets from several files go to the simulator; other kinds are skipped', () => {
    const r = explain([file('manifests.yaml', MANIFESTS), file('workloads.yaml', WORKLOADS), '--zones', 'us-east-1a,us-east-1b'], fake(ALL_FINE));

    expect(r.input?.nodePools.map((p: any) => p.metadata.name)).toEqual(['general']);
    expect(r.input?.nodeClasses.map((p: any) => p.metadata.name)).toEqual(['default']);
    expect(r.input?.pods.map((p: any) => `${p.kind}/${p.metadata.name}`)).toEqual(['Deployment/web']);
    expect(r.input?.daemonSets?.map((p: any) => p.metadata.name)).toEqual(['agent']);
    expect(r.input?.zones).toEqual(['us-east-1a', 'us-east-1b']);
    expect(r.stdout).toContain(
      `note: skipped a ConfigMap (${path.join(tempDir(), 'manifests.yaml')}#2 ConfigMap/settings): not a kind explain reads (see --help)`,
    );
    expect(r.code).toBe(ExitCode.OK);
  });

  test('explain and validate read files up to 64 MiB (a running cluster; what fits a 2 GB heap)', () => {
    const f = file('big.yaml', MANIFESTS);
    const huge = (size: number): CommandIo => ({
      ...nodeCommandIo(),
      stat: () => ({ size, isDirectory: false }),
      stdout: { write: () => true },
      stderr: { write: () => true },
    });
    expect(runCli(['explain', f], huge(60 * 1024 * 1024), fake(ALL_FINE))).toBe(ExitCode.OK);
    let stderr = '';
    const io = { ...huge(250 * 1024 * 1024), stderr: { write: (s: string) => (stderr += s) } };
    expect(runCli(['explain', f], io, fake(ALL_FINE))).toBe(ExitCode.USAGE);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/error is 250 MiB, more than the 64 MiB the command reads; .*\(FileTooLarge\)$/),
    ]);
    expect(runCli(['validate', f], huge(250 * 1024 * 1024))).toBe(ExitCode.USAGE);
  });

  test('kinds go by their API group: a look-alike of another group is skipped; a Pod without apiVersion counts', () => {
    const r = explain(
      [
        file(
          'groups.yaml',
          [
            'apiVersion: example.com/v1\nkind: Node\nmetadata: { name: lookalike }',
            'apiVersion: v1\nkind: Node\nmetadata: { name: real }',
            'kind: NodePool\nmetadata: { name: nogroup }',
            'kind: Pod\nmetadata: { name: bare }\nspec: { containers: [{ name: a, image: x }] }',
          ].join('\n---\n'),
        ),
      ],
      fake(ALL_FINE),
    );
    const input = r.input as SimulationInput & { nodes?: unknown[] };
    expect(input.nodes?.map((n: any) => n.metadata.name)).toEqual(['real']);
    expect(input.nodePools).toEqual([]);
    expect(input.pods.map((p: any) => p.metadata.name)).toEqual(['bare']);
    expect(r.stdout).toContain('note: skipped a Node (');
    expect(r.stdout).toContain('note: skipped a NodePool (');
  });

  test('a synthesized cdktf stack contributes its kubernetes_manifest objects', () => {
    const tf = {
      '//': { metadata: { stackName: 'pools' } },
      resource: {
        kubernetes_manifest: {
          pool_1: { manifest: { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'general' }, spec: {} } },
          class_2: { manifest: { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: { name: 'default' }, spec: {} } },
          token_3: { manifest: '${yamldecode(file("x.yaml"))}' },
        },
        aws_sqs_queue: { q: { name: 'queue' } },
      },
    };
    const r = explain([file('cdk.tf.json', JSON.stringify(tf))], fake(ALL_FINE));

    expect(r.input?.nodePools).toEqual([tf.resource.kubernetes_manifest.pool_1.manifest]);
    expect(r.input?.nodeClasses).toEqual([tf.resource.kubernetes_manifest.class_2.manifest]);
    expect(r.stdout).not.toContain('skipped');
  });

  // Exit 2 with the errors alone: a result of part of the input would look complete (issue #24).
  test('hostile or broken files cost one line each, on standard error, with no tables: exit 2', () => {
    const binary = file('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0]));
    const broken = file('broken.yaml', 'kind: [unclosed');
    // A billion laughs: 8 levels of 10 aliases each (120 aliases of a short list are ordinary YAML, and read).
    const levels = Array.from(
      { length: 8 },
      (_, i) =>
        `l${i}: &l${i} [${
          i === 0
            ? 'x, '.repeat(9) + 'x'
            : Array(10)
                .fill(`*l${i - 1}`)
                .join(', ')
        }]`,
    );
    const bomb = file('bomb.yaml', `${levels.join('\n')}\n`);
    const good = file('good.yaml', MANIFESTS);
    const empty = file('empty.yaml', '# nothing here\n');
    const r = explain([binary, broken, bomb, path.join(tempDir(), 'missing.yaml'), empty, good], fake(ALL_FINE));

    const errors = r.stderr.split('\n').filter((l) => l.includes(': error '));
    expect(errors).toEqual([
      expect.stringMatching(/image\.png: error .*\(BinaryFile\)$/),
      expect.stringMatching(/broken\.yaml:1:\d+: error .*\(YamlSyntaxError\)$/),
      expect.stringMatching(/bomb\.yaml.*: error .*\(YamlAliasLimit\)$/),
      expect.stringMatching(/missing\.yaml: error cannot read the file: .*\(FileNotReadable\)$/),
    ]);
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(4);
    expect(r.input).toBeUndefined();
    expect(r).toMatchObject({ code: ExitCode.USAGE, stdout: '' });
  });

  test('a document that is not an object is an error on that document, exit 2', () => {
    const r = explain([file('list.yaml', `- a\n- b\n---\n${MANIFESTS}`)], fake(ALL_FINE));
    expect(r.stderr).toMatch(/^\S*list\.yaml:1:1: error .*not a Kubernetes object.*\(NotAnObject\)\n$/);
    expect(r).toMatchObject({ code: ExitCode.USAGE, stdout: '', input: undefined });
  });

  test("the engine's issues name the file, document, object and position they came from", () => {
    const issues = [
      {
        severity: Severity.ERROR,
        field: 'Deployment/web spec.template',
        message: 'the Deployment has no pod template',
        code: 'WorkloadWithoutTemplate',
      },
      { severity: Severity.WARNING, field: 'daemonSets[0] spec', message: 'an unnamed DaemonSet', code: 'Unnamed' },
      { severity: Severity.ERROR, field: 'somewhere', message: 'not tied to an object', code: 'Other' },
    ];
    const workloads = file('w.yaml', WORKLOADS);
    const pool = file('pool.yaml', 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: general }\n');
    const r = explain([workloads, pool], fake(ALL_FINE, issues));

    expect(r.stdout).toContain(`${workloads}:8:5: error Deployment/web spec.template: the Deployment has no pod template (WorkloadWithoutTemplate)`);
    expect(r.stdout).toContain(`${workloads}:15:3: warning DaemonSet/agent spec: an unnamed DaemonSet (Unnamed)`);
    expect(r.stdout).toContain('(simulation): error somewhere: not tied to an object (Other)');
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('a simulator that throws costs one line and exit 1, never a stack trace', () => {
    const r = explain([file('m.yaml', MANIFESTS)], {
      simulate: () => {
        throw new Error('boom\n    at somewhere.js:1');
      },
    });
    expect(r).toMatchObject({ code: ExitCode.PROBLEMS, stderr: 'cdktf-karpenter-eks explain: cannot simulate the input: boom\n' });
  });
});
