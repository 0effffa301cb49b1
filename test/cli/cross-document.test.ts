// Checks across the documents of one run (issue #16 items 1 and 3): duplicate names, and pools their class cannot serve.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { ExitCode } from '../../lib/cli/command-io';
import { memoryIo } from '../util/cli';
import { runCli } from '../../lib/cli/cli';

const pool = (name: string, nodeClass = 'default', extra = '') =>
  `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      nodeClassRef:\n` +
  `        group: karpenter.k8s.aws\n        kind: EC2NodeClass\n        name: ${nodeClass}\n` +
  `      requirements:${extra || ' []'}\n  limits:\n    cpu: "100"\n`;
const nodeClass = (name: string, alias = 'al2023@latest') =>
  `apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: ${name}\nspec:\n  role: KarpenterNodeRole-demo\n` +
  `  amiSelectorTerms:\n    - alias: ${alias}\n  subnetSelectorTerms:\n    - tags: { karpenter.sh/discovery: demo }\n` +
  `  securityGroupSelectorTerms:\n    - tags: { karpenter.sh/discovery: demo }\n`;

function run(files: Record<string, string>, args: string[] = []): { code: number; lines: string[] } {
  const { io, out } = memoryIo((p) => files[p]);
  const code = runCli(['validate', ...args, ...Object.keys(files)], io);
  return { code, lines: out().trimEnd().split('\n') };
}

describe('validate: names are cluster-wide (issue #23 item 7)', () => {
  const twoFiles = { 'a.yaml': pool('general'), 'b.yaml': `# the GPU pool\n${pool('general')}`, 'c.yaml': nodeClass('default') };

  test('a name in two files is a warning on each, naming both files: they may be overlays for different clusters', () => {
    const r = run(twoFiles);
    expect(r.code).toBe(ExitCode.OK);
    expect(r.lines).toEqual([
      'a.yaml:4:9: warning NodePool/general metadata.name: NodePool name "general" in a.yaml is also declared at b.yaml:5; if a.yaml and b.yaml ' +
        'are applied to one cluster, both are the same object and each apply overwrites the other: give each NodePool its own name ' +
        '(files for different clusters may share names); pass --same-cluster when the files are for one cluster ' +
        '(then this is an error) (DuplicateName)',
      expect.stringMatching(
        /^b\.yaml:5:9: warning NodePool\/general metadata\.name: NodePool name "general" in b\.yaml is also declared at a\.yaml:4; /,
      ),
      '3 files, 3 documents: 0 errors, 2 warnings',
    ]);
  });

  test('with --same-cluster it is an error on each, naming the other file:line', () => {
    const r = run(twoFiles, ['--same-cluster']);
    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.lines).toEqual([
      'a.yaml:4:9: error NodePool/general metadata.name: NodePool name "general" is also declared at b.yaml:5; NodePool names are cluster-wide, ' +
        'so both would be the same object and each apply would overwrite the other. Give each NodePool its own name (DuplicateName)',
      expect.stringMatching(
        /^b\.yaml:5:9: error NodePool\/general metadata\.name: NodePool name "general" is also declared at a\.yaml:4; .*\(DuplicateName\)$/,
      ),
      '3 files, 3 documents: 2 errors, 0 warnings',
    ]);
  });

  test('a class name declared in several files: each pool is checked with the class of its own file', () => {
    const windows = '\n        - key: kubernetes.io/os\n          operator: In\n          values: [windows]';
    const r = run({
      'linux.yaml': `${nodeClass('default')}---\n${pool('win', 'default', windows)}`,
      'windows.yaml': `${nodeClass('default', 'windows2022@latest')}---\n${pool('ok', 'default', windows)}`,
    });
    expect(r.lines.filter((l) => l.includes('NodePoolNodeClassMismatch'))).toEqual([
      expect.stringMatching(/^linux\.yaml:\d+:\d+: error NodePool\/win .* node class "default" \(linux\.yaml:4\) uses AMI family AL2023/),
    ]);
  });

  test('a directory of example files that each declare EC2NodeClass and NodePool "default": warnings, exit 0', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-examples-'));
    try {
      for (const f of ['spot.yaml', 'gpu.yaml', 'windows.yaml'])
        fs.writeFileSync(path.join(dir, f), `${nodeClass('default')}---\n${pool('default')}`);
      const io = nodeCommandIo();
      const validate = (...args: string[]) => {
        let stdout = '';
        const code = runCli(['validate', ...args, dir], { ...io, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } });
        return { code, lines: stdout.trimEnd().split('\n') };
      };
      const r = validate();
      expect(r.code).toBe(ExitCode.OK);
      expect(r.lines[r.lines.length - 1]).toBe('3 files, 6 documents: 0 errors, 6 warnings');
      expect(r.lines.filter((l) => / warning (EC2NodeClass|NodePool)\/default metadata\.name: .*\(DuplicateName\)$/.test(l))).toHaveLength(6);
      const strict = validate('--same-cluster');
      expect(strict.code).toBe(ExitCode.PROBLEMS);
      expect(strict.lines[strict.lines.length - 1]).toBe('3 files, 6 documents: 6 errors, 0 warnings');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('two documents of one file, EC2NodeClass default; a NodePool and an EC2NodeClass may share a name', () => {
    const r = run({ 'classes.yaml': `${nodeClass('default')}---\n${nodeClass('default', 'bottlerocket@latest')}`, 'pool.yaml': pool('default') });
    expect(r.lines.filter((l) => l.includes('DuplicateName'))).toEqual([
      expect.stringMatching(
        /^classes\.yaml:4:9: error EC2NodeClass\/default metadata\.name: EC2NodeClass name "default" is also declared at classes\.yaml:17;/,
      ),
      expect.stringMatching(/^classes\.yaml:17:9: error EC2NodeClass\/default .* also declared at classes\.yaml:4;/),
    ]);
  });
});

describe('validate: a NodePool its EC2NodeClass (in the same run) cannot serve', () => {
  test('a pool requiring os=windows on an AL2023 class is an error at the requirement, naming the class and where it is', () => {
    const windows = '\n        - key: kubernetes.io/os\n          operator: In\n          values: [windows]';
    const r = run({ 'pool.yaml': pool('win', 'default', windows), 'class.yaml': nodeClass('default') });
    expect(r.lines).toEqual([
      expect.stringMatching(
        /^pool\.yaml:13:11: error NodePool\/win spec\.template\.spec\.requirements\[0\]: admits kubernetes\.io\/os windows only, but node class "default" \(class\.yaml:4\) uses AMI family AL2023.*\(NodePoolNodeClassMismatch\)$/,
      ),
      '2 files, 2 documents: 1 error, 0 warnings',
    ]);
    expect(run({ 'pool.yaml': pool('win', 'default', windows), 'class.yaml': nodeClass('default', 'windows2022@latest') }).code).toBe(ExitCode.OK);
  });
});

describe('one NodePool verdict: validate and explain run planNodePool, as synth does (issue #23 item 1)', () => {
  // The reproduction: an AL2023 class "default" and a pool "huge" requiring more than 1024 vCPUs, without limits.
  const huge =
    'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: huge }\nspec:\n  template:\n    spec:\n' +
    '      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n' +
    '      requirements:\n        - { key: karpenter.k8s.aws/instance-cpu, operator: Gt, values: ["1024"] }\n';
  const files = { 'class.yaml': nodeClass('default'), 'huge.yaml': huge };

  test('validate warns NoCompatibleInstanceTypes with its EC2NodeClass, naming the requirement as written', () => {
    const r = run(files);
    expect(r.lines).toEqual([
      expect.stringMatching(/^huge\.yaml:5:3: warning NodePool\/huge spec\.limits: is not set, .*\(NodePoolWithoutLimits\)$/),
      expect.stringMatching(
        /^huge\.yaml:9:11: warning NodePool\/huge spec\.template\.spec\.requirements\[0\]: no instance type of the catalog is left after karpenter\.k8s\.aws\/instance-cpu Gt 1024 \(1363 were before it\).*\(NoCompatibleInstanceTypes\)$/,
      ),
      '2 files, 2 documents: 0 errors, 2 warnings',
    ]);
    // Without its class in the run, the checks that need it are skipped (as with Ec2NodeClass.fromName).
    expect(run({ 'huge.yaml': huge }).lines.filter((l) => l.includes('NoCompatibleInstanceTypes'))).toEqual([]);
  });

  test('explain prints the same two findings', () => {
    const { io, out } = memoryIo((p) => (files as Record<string, string>)[p]);
    runExplainCommand(Object.keys(files), io);
    const findings = out()
      .split('\n')
      .filter((l) => /^huge\.yaml:\d+:\d+: /.test(l));
    expect(findings.map((l) => /\((\w+)\)$/.exec(l)?.[1])).toEqual(['NodePoolWithoutLimits', 'NoCompatibleInstanceTypes']);
    expect(findings[1]).toContain('instance-cpu Gt 1024');
    expect(out()).not.toContain('Exists >=1025');
  });
  /** explain on bad.yaml beside an EC2NodeClass "default": its exit status and standard output. */
  function explainWithClass(bad: string): { status: number; stdout: string } {
    const { io, out } = memoryIo((p) => (p === 'bad.yaml' ? bad : nodeClass('default')));
    const status = runExplainCommand(['bad.yaml', 'class.yaml'], io);
    return { status, stdout: out() };
  }

  test('explain: a field the NodePool checks reject is reported once, not again by the simulator', () => {
    const bad =
      'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: bad }\nspec:\n  limits: { cpu: "100" }\n  template:\n    spec:\n' +
      '      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements: oops\n';
    const { status, stdout } = explainWithClass(bad);
    // A NodePool error fails the run, as in validate.
    expect(status).toBe(ExitCode.PROBLEMS);
    const onRequirements = stdout.split('\n').filter((l) => l.includes(' spec.template.spec.requirements: '));
    expect(onRequirements).toEqual([
      expect.stringMatching(/^bad\.yaml:9:21: error NodePool\/bad .*must be a list, got string "oops" \(InvalidType\)$/),
    ]);
  });

  test('explain: a taint the NodePool checks reject within (its effect) is not reported again by the simulator', () => {
    const bad =
      'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: bad }\nspec:\n  limits: { cpu: "100" }\n  template:\n    spec:\n' +
      '      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements: []\n' +
      '      taints: [{ key: a }]\n      startupTaints: [{ key: b }]\n';
    const { stdout } = explainWithClass(bad);
    const onTaints = stdout.split('\n').filter((l) => /spec\.template\.spec\.(startupT|t)aints/.test(l));
    expect(onTaints).toEqual([
      expect.stringMatching(/^bad\.yaml:10:16: error NodePool\/bad spec\.template\.spec\.taints\[0\]\.effect: is required \(RequiredField\)$/),
      expect.stringMatching(/^bad\.yaml:11:23: error NodePool\/bad spec\.template\.spec\.startupTaints\[0\]\.effect: is required \(RequiredField\)$/),
    ]);
  });
});
