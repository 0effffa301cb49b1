// `explain` on real files in a temp directory. A stand-in simulator pins the command's reading, mapping,
// output and exit codes; test/cli/explain-example.test.ts runs the real engine on the full example.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EXPLAIN_USAGE, ExplainDependencies, runExplainCommand } from '../../lib/cli/explain-command';
import { CommandIo, ExitCode } from '../../lib/cli/validate-command';
import { Severity } from '../../lib/core/issues';
import { SimulationInput, SimulationResult, SimulationRun } from '../../lib/core/sim';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** What the simulator was given. */
  readonly input?: SimulationInput;
}

function explain(args: string[], deps: ExplainDependencies = {}): Run {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(p),
    readStdin: () => '',
    stat: (p) => {
      const st = fs.statSync(p);
      return { size: st.size, isDirectory: st.isDirectory() };
    },
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  };
  let input: SimulationInput | undefined;
  const simulate = deps.simulate;
  const code = runExplainCommand(args, io, {
    ...deps,
    simulate: simulate
      ? (i) => {
          input = i;
          return simulate(i);
        }
      : undefined,
  });
  return { code, stdout, stderr, input };
}

const ALL_FINE: SimulationResult = {
  pods: [
    {
      namespace: 'default',
      name: 'web-0',
      schedulable: true,
      nodePool: 'general',
      instanceTypes: ['c5.large', 'm5.large', 'm5.xlarge'],
      cheapestInstanceType: 'c5.large',
      hourlyPrice: 0.085,
    },
  ],
  nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large', 'm5.xlarge', 'c5.large', 'm6g.large'] }],
  assumptions: ['prices are not known: every admitted type is an option'],
};

function fake(result: SimulationResult, issues: SimulationRun['issues'] = []): ExplainDependencies {
  return { simulate: () => ({ result, issues }) };
}

const MANIFESTS = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  weight: 10
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: []
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  role: KarpenterNodeRole
  amiSelectorTerms: [{ alias: al2023@latest }]
---
apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
`;

const WORKLOADS = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx, resources: { requests: { cpu: 500m } } }] }
---
apiVersion: apps/v1
kind: DaemonSet
metadata: { name: agent }
spec:
  selector: { matchLabels: { app: agent } }
  template: { metadata: { labels: { app: agent } }, spec: { containers: [{ name: a, image: agent }] } }
`;

describe('command line', () => {
  test('--help prints the usage and exits 0', () => {
    expect(explain(['--help'])).toMatchObject({ code: ExitCode.OK, stdout: EXPLAIN_USAGE });
  });

  test.each([
    [[], 'no input files'],
    [['--frobnicate', 'x.yaml'], "unknown option '--frobnicate'"],
    [['--zones'], "option '--zones' needs one or more zones"],
    [['--zones', ',', 'x.yaml'], "option '--zones' needs one or more zones"],
    [['--json=yes', 'x.yaml'], "option '--json' takes no value"],
    [['-', '-'], "standard input ('-') can be read only once"],
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
      `note: skipped ${path.join(dir, 'manifests.yaml')}#2 ConfigMap/settings: not a NodePool, EC2NodeClass, workload, DaemonSet, Node, NodeClaim or Namespace`,
    );
    expect(r.code).toBe(ExitCode.OK);
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

  test('hostile or broken files cost one line each; the other files are still read and simulated', () => {
    const binary = file('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0]));
    const broken = file('broken.yaml', 'kind: [unclosed');
    const bomb = file('bomb.yaml', `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 120 }, (_, i) => `k${i}: *a`).join('\n')}\n`);
    const good = file('good.yaml', MANIFESTS);
    const r = explain([binary, broken, bomb, path.join(dir, 'missing.yaml'), good], fake(ALL_FINE));

    const errors = r.stdout.split('\n').filter((l) => l.includes(': error '));
    expect(errors).toEqual([
      expect.stringMatching(/image\.png: error .*\(BinaryFile\)$/),
      expect.stringMatching(/broken\.yaml:1:\d+: error .*\(YamlSyntaxError\)$/),
      expect.stringMatching(/bomb\.yaml.*: error .*\(YamlAliasLimit\)$/),
      expect.stringMatching(/missing\.yaml: error cannot read the file: .*\(FileNotReadable\)$/),
    ]);
    expect(r.input?.nodePools).toHaveLength(1);
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('a document that is not an object is an error on that document', () => {
    const r = explain([file('list.yaml', `- a\n- b\n---\n${MANIFESTS}`)], fake(ALL_FINE));
    expect(r.stdout).toMatch(/list\.yaml:1:1: error .*not a Kubernetes object.*\(NotAnObject\)/);
    expect(r.input?.nodePools).toHaveLength(1);
    expect(r.code).toBe(ExitCode.PROBLEMS);
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
    const r = explain([workloads], fake(ALL_FINE, issues));

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

describe('output', () => {
  test('a table of NodePools (count, vCPU, memory, arch, families) and one of pods, then the assumptions', () => {
    const r = explain([file('pools.yaml', MANIFESTS.split('---\n').slice(0, 2).join('---\n'))], fake(ALL_FINE));
    // First the NodePool checks validate runs (planNodePool), one line each.
    expect(r.stdout).toMatch(/^\S+pools\.yaml:5:3: warning NodePool\/general spec\.limits: is not set, .*\(NodePoolWithoutLimits\)\n/);
    expect(r.stdout.slice(r.stdout.indexOf('\n') + 1)).toBe(
      [
        'NODEPOOL  WEIGHT  TYPES  VCPU  MEMORY (GiB)  ARCH          CEILING/H  FAMILIES',
        'general   10      4      2-4   4-16          amd64, arm64  unbounded  c5 m5 m6g',
        '',
        'Cost ceilings (on-demand, us-east-1, prices of 2026-07-06; the most the limits allow):',
        '  - general: unbounded: no limit bounds it; set spec.limits (cpu, memory, nodes); typical $0.0385 per vCPU-hour (m6g.large)',
        '',
        'POD            NODEPOOL  TYPES  CHEAPEST            INSTANCE TYPES (CHEAPEST FIRST)',
        'default/web-0  general   3      c5.large $0.0850/h  c5.large m5.large m5.xlarge',
        '',
        'Assumed (not knowable offline):',
        '  - prices are not known: every admitted type is an option',
        '',
      ].join('\n'),
    );
  });

  test('long lists are abbreviated; pending and ignored pods show the reason; a pool that admits nothing says why', () => {
    const many = ['m5.large', 'm5.xlarge', 'm5.2xlarge', 'm5.4xlarge', 'm5.8xlarge', 'm5.12xlarge', 'm5.16xlarge', 'm5.24xlarge'];
    const result: SimulationResult = {
      pods: [
        { namespace: 'ml', name: 'train-0', schedulable: true, nodePool: 'general', instanceTypes: many },
        {
          namespace: 'ml',
          name: 'huge',
          schedulable: false,
          instanceTypes: [],
          reason: 'did not tolerate taint (taint=a:NoSchedule); no instance type has enough resources',
        },
        {
          namespace: 'ml',
          name: 'pinned',
          schedulable: false,
          ignored: true,
          instanceTypes: [],
          reason: 'using label kubernetes.io/hostname is not allowed',
        },
      ],
      nodePools: [
        { name: 'general', admittedInstanceTypes: many },
        { name: 'empty', admittedInstanceTypes: [], reason: 'NodePool requirements filtered out all compatible available instance types' },
      ],
      assumptions: [],
    };
    const r = explain([file('m.yaml', MANIFESTS)], fake(result));
    // Not priced by this stand-in simulator: the options keep its order, and the cheapest is unknown.
    expect(r.stdout).toContain('ml/train-0  general   8      no price  m5.large m5.xlarge m5.2xlarge m5.4xlarge m5.8xlarge m5.12xlarge (+2 more)\n');
    expect(r.stdout).toContain('ml/huge     -         -      -         pending (below)\n');
    expect(r.stdout).toContain('ml/pinned   -         -      -         ignored (below)\n');
    // Karpenter's "; "-joined errors (one per NodePool tried), one per line.
    expect(r.stdout).toContain(
      'ml/huge stays pending:\n  - did not tolerate taint (taint=a:NoSchedule)\n  - no instance type has enough resources\n' +
        'ml/pinned is ignored by Karpenter:\n  - using label kubernetes.io/hostname is not allowed\n',
    );
    expect(r.stdout).toMatch(
      /empty +0 +0 +- +- +- +\$0\.00 +admits nothing: NodePool requirements filtered out all compatible available instance types/,
    );
    expect(r.stdout).toContain('  - empty: $0/h: the pool admits no instance type\n');
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('a long reason or assumption wraps at 150 columns at spaces, indented under its first line', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
    const result: SimulationResult = {
      pods: [
        { namespace: 'd', name: 'p', schedulable: false, instanceTypes: [], reason: `no instance type has enough resources, ${words.join(' ')}` },
      ],
      nodePools: ALL_FINE.nodePools,
      assumptions: [words.join(' ')],
    };
    // Problem lines (file:line: severity ...) are one line each, as validate prints them.
    const lines = explain([file('m.yaml', MANIFESTS)], fake(result))
      .stdout.split('\n')
      .filter((l) => !/^\S+:\d+:\d+: (warning|error) /.test(l));
    const wrapped = lines.slice(lines.indexOf('d/p stays pending:') + 1, lines.indexOf('') === -1 ? undefined : lines.length);
    expect(lines.every((l) => l.length <= 150)).toBe(true);
    expect(wrapped[0]).toMatch(/^ {2}- no instance type has enough resources, word0 /);
    expect(wrapped[1]).toMatch(/^ {4}word\d+ /);
    // Nothing lost: the words come back when the lines are joined.
    const assumed = lines
      .slice(lines.indexOf('Assumed (not knowable offline):') + 1)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    expect(assumed).toBe(`- ${words.join(' ')}`);
  });

  test('--json prints exactly the SimulationResult; problems go to standard error', () => {
    const r = explain([file('m.yaml', MANIFESTS), path.join(dir, 'nope.yaml'), '--json'], fake(ALL_FINE));
    expect(JSON.parse(r.stdout)).toEqual(ALL_FINE);
    expect(r.stderr).toMatch(/nope\.yaml: error cannot read the file/);
    expect(r.stderr).toContain('note: skipped');
  });

  test.each([
    ['every pod placed and every pool admitting types', ALL_FINE, ExitCode.OK],
    ['a pending pod', { ...ALL_FINE, pods: [{ namespace: 'd', name: 'p', schedulable: false, instanceTypes: [], reason: 'x' }] }, ExitCode.PROBLEMS],
    [
      'an ignored pod',
      { ...ALL_FINE, pods: [{ namespace: 'd', name: 'p', schedulable: false, ignored: true, instanceTypes: [] }] },
      ExitCode.PROBLEMS,
    ],
    ['a pool admitting nothing', { ...ALL_FINE, nodePools: [{ name: 'x', admittedInstanceTypes: [] }] }, ExitCode.PROBLEMS],
  ])('exit status with %s', (_what, result, code) => {
    expect(explain([file('m.yaml', MANIFESTS)], fake(result as SimulationResult)).code).toBe(code);
  });
});

test('bad input with the real engine: each problem is an issue on its object, and the rest is still simulated', () => {
  const bad = file(
    'bad.yaml',
    [
      'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: orphan }\nspec:\n  template:\n    spec:\n' +
        '      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: missing }',
      MANIFESTS.split('---\n').slice(0, 2).join('---\n'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: notemplate }\nspec: { replicas: 2 }\n',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: badqty }\nspec:\n  containers: [{ name: a, image: x, resources: { requests: { cpu: lots } } }]\n',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: fine }\nspec: { containers: [{ name: a, image: x }] }\n',
    ].join('\n---\n'),
  );
  const r = explain([bad, '--json']);
  const result = JSON.parse(r.stdout) as SimulationResult;

  const lines = r.stderr.split('\n');
  expect(lines.find((l) => l.includes('NodePool/orphan'))).toMatch(
    /^.*bad\.yaml:7:\d+: error NodePool\/orphan spec\.template\.spec\.nodeClassRef\.name: .*"missing"/,
  );
  expect(lines.find((l) => l.includes('Deployment/notemplate'))).toMatch(/bad\.yaml:\d+:\d+: error Deployment\/notemplate spec\.template: /);
  expect(lines.find((l) => l.includes('Pod/badqty'))).toMatch(
    /bad\.yaml:\d+:\d+: error Pod\/badqty spec\.containers\[0\]\.resources\.requests\.cpu: "lots"/,
  );
  expect(result.pods.find((p) => p.name === 'fine')).toMatchObject({ schedulable: true, nodePool: 'general' });
  expect(result.nodePools.find((p) => p.name === 'orphan')?.admittedInstanceTypes).toEqual([]);
  expect(r.code).toBe(ExitCode.PROBLEMS);
});
