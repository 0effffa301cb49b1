// `explain` on real files in a temp directory. A stand-in simulator pins the command's reading, mapping,
// output and exit codes; test/cli/explain-example.test.ts runs the real engine on the full example.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EXPLAIN_USAGE } from '../../lib/cli/explain/explain-args';
import { ExplainDependencies, runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli, TOP_USAGE } from '../../lib/cli/cli';
import { Severity } from '../../lib/core/issues';
import { nodePoolCostCeilings, SimulationInput, SimulationResult, SimulationRun } from '../../lib/core/sim';

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
      nodeClaim: 'general-0',
      instanceTypes: ['c5.large', 'm5.large', 'm5.xlarge'],
      cheapestInstanceType: 'c5.large',
      hourlyPrice: 0.085,
    },
  ],
  nodeClaims: [
    {
      name: 'general-0',
      nodePool: 'general',
      labels: { 'karpenter.sh/nodepool': 'general' },
      instanceTypes: ['c5.large', 'm5.large', 'm5.xlarge'],
      pods: ['default/web-0'],
    },
  ],
  nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large', 'm5.xlarge', 'c5.large', 'm6g.large'] }],
  assumptions: ['prices are not known: every admitted type is an option'],
};

function fake(result: SimulationResult, issues: SimulationRun['issues'] = []): ExplainDependencies {
  // The ceilings the simulator would give with the result, from the input's pools.
  return { simulate: (input) => ({ result, issues, costCeilings: nodePoolCostCeilings(input, result) }) };
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
      `note: skipped a ConfigMap (${path.join(dir, 'manifests.yaml')}#2 ConfigMap/settings): not a kind explain reads (see --help)`,
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
    const r = explain([binary, broken, bomb, path.join(dir, 'missing.yaml'), empty, good], fake(ALL_FINE));

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

describe('output', () => {
  const POOLS_ONLY = () => file('pools.yaml', MANIFESTS.split('---\n').slice(0, 2).join('---\n'));
  // The pool has no limits on purpose (an unbounded ceiling); its one-line NodePoolWithoutLimits finding is not under test here.
  const tables = (out: string) =>
    out
      .split('\n')
      .filter((l) => !l.endsWith('(NodePoolWithoutLimits)'))
      .join('\n');

  test('the pools, the NodeClaims, the total, the ceilings, then the assumptions: in this order', () => {
    const r = explain([POOLS_ONLY()], fake(ALL_FINE));
    expect(tables(r.stdout)).toBe(
      [
        'NODEPOOL  WEIGHT  TYPES  VCPU  MEMORY (GiB)  ARCH          CEILING/H  FAMILIES',
        'general   10      4      2-4   4-16          amd64, arm64  unbounded  c5 m5 m6g',
        '',
        'NODECLAIM  NODEPOOL  ZONE  CAPACITY  CHEAPEST  PRICE/H  TYPES  PODS  CPU     MEMORY (GiB)  POD NAMES',
        // No requests in this result, and no pods in the input to read them from.
        'general-0  general   -     -         c5.large  $0.0850  3      1     ?/1.93  ?/3.04        default/web-0',
        "ZONE and CAPACITY are '-' where the NodeClaim leaves them open (Karpenter picks at launch).",
        "CPU and MEMORY are the pods' requests of the allocatable of the cheapest type.",
        '',
        'Total: $0.0850/h on-demand for 1 new NodeClaim, each at its cheapest type.',
        '',
        'Cost ceilings (on-demand, us-east-1, prices of 2026-07-06; the most the limits allow):',
        '  - general: unbounded: no limit bounds it; set spec.limits (cpu, memory, nodes); typical $0.0385 per vCPU-hour (m6g.large)',
        '      - leaves out: no limit bounds what this pool can launch',
        '',
        'Assumed (not knowable offline):',
        '  - prices are not known: every admitted type is an option',
        '',
      ].join('\n'),
    );
  });

  /** A result in the newer simulator's shape: NodeClaims, requests, existing and bound pods, what is not modelled. */
  const CLUSTER: SimulationResult = {
    pods: [
      ...['web-0', 'web-1', 'web-2'].map((name) => ({
        namespace: 'shop',
        name,
        schedulable: true,
        nodePool: 'general',
        nodeClaim: 'general-0',
        instanceTypes: ['c5.large', 'm5.large'],
        cheapestInstanceType: 'c5.large',
        hourlyPrice: 0.085,
        requests: { cpu: 500, memory: 1024 ** 3, pods: 1 },
        ...(name === 'web-2' ? { notModelled: ['host ports'] } : {}),
      })),
      { namespace: 'shop', name: 'db-0', schedulable: true, node: 'ip-10-0-0-1', zone: 'us-east-1a', capacityType: 'on-demand', instanceTypes: [] },
      { namespace: 'kube-system', name: 'dns', schedulable: true, bound: true, node: 'ip-10-0-0-1', instanceTypes: [] },
      ...Array.from({ length: 5 }, (_, i) => ({
        namespace: 'ml',
        name: `train-${i}`,
        schedulable: false,
        instanceTypes: [],
        reason:
          `NodePool=gpu: all available instance types exceed limits (existing nodes use ${i + 1} of 8 GPUs); ` +
          'NodePool=general: did not tolerate taint',
      })),
      {
        namespace: 'ml',
        name: 'pinned',
        schedulable: false,
        ignored: true,
        instanceTypes: [],
        reason: 'using label kubernetes.io/hostname is not allowed',
      },
    ],
    nodeClaims: [
      {
        name: 'general-0',
        nodePool: 'general',
        labels: { 'topology.kubernetes.io/zone': 'us-east-1b', 'karpenter.sh/capacity-type': 'spot', 'karpenter.sh/nodepool': 'general' },
        instanceTypes: ['c5.large', 'm5.large'],
        pods: ['shop/web-0', 'shop/web-1', 'shop/web-2'],
      },
    ],
    nodePools: ALL_FINE.nodePools,
    assumptions: [
      'Zones are not known: zone requirements are only checked against each other, and zone topology spread is not modelled.',
      'The catalog is the Karpenter 1.14.1 reference.',
    ],
  };

  test('NodeClaims with zone, capacity type, price and requests; pods on existing nodes; pending pods grouped by reason', () => {
    const r = explain([POOLS_ONLY()], fake(CLUSTER));
    expect(r.stdout).toContain(
      [
        'NODECLAIM  NODEPOOL  ZONE        CAPACITY  CHEAPEST  PRICE/H  TYPES  PODS  CPU       MEMORY (GiB)  POD NAMES',
        'general-0  general   us-east-1b  spot      c5.large  $0.0850  2      3     1.5/1.93  3/3.04        shop/web-0 shop/web-1 shop/web-2',
      ].join('\n'),
    );
    expect(r.stdout).toContain('Total: $0.0850/h on-demand for 1 new NodeClaim, each at its cheapest type.\n');
    expect(r.stdout).toContain(
      '1 pod would land on existing nodes:\nNODE         ZONE        CAPACITY   PODS  POD NAMES\n' +
        'ip-10-0-0-1  us-east-1a  on-demand  1     shop/db-0\n',
    );
    // One group for the five: the figures in their reasons differ, and the text says so.
    expect(r.stdout).toContain(
      '5 pods would stay pending, 1 pod ignored, by reason:\n' +
        '[1] 5 pods pending (the figures differ between these pods; --json has each reason): ' +
        'ml/train-0 ml/train-1 ml/train-2 ml/train-3 ml/train-4\n' +
        '  - NodePool=gpu: all available instance types exceed limits (existing nodes use 1 of 8 GPUs)\n' +
        '  - NodePool=general: did not tolerate taint\n' +
        '[2] 1 pod ignored by Karpenter: ml/pinned\n' +
        '  - using label kubernetes.io/hostname is not allowed\n',
    );
    expect(r.stdout).toContain('Not modelled (Karpenter may place these pods differently):\n  - host ports: 1 pod (shop/web-2)\n');
    // The bound pod is cluster state: neither pending nor on a NodeClaim.
    expect(r.stdout).not.toContain('kube-system/dns');
    expect(r.code).toBe(ExitCode.PROBLEMS);
  });

  test('reasons differing in a pool name are two groups, in figures one', () => {
    const pod = (name: string, reason: string) => ({ namespace: 'd', name, schedulable: false, instanceTypes: [], reason });
    const pods = [
      pod('a', 'NodePool=gpu-1: all available instance types exceed limits (uses 3 of 8)'),
      pod('b', 'NodePool=gpu-2: all available instance types exceed limits (uses 3 of 8)'),
      pod('c', 'NodePool=gpu-1: all available instance types exceed limits (uses 4 of 8)'),
    ];
    const out = explain([POOLS_ONLY()], fake({ ...ALL_FINE, pods })).stdout;
    expect(out).toContain('[1] 2 pods pending (the figures differ between these pods; --json has each reason): d/a d/c\n');
    expect(out).toContain('[2] 1 pod pending: d/b\n  - NodePool=gpu-2: all available instance types exceed limits (uses 3 of 8)\n');
  });

  test('-o wide lists every pod, with the reason group of each pending one', () => {
    const r = explain([POOLS_ONLY(), '-o', 'wide'], fake(CLUSTER));
    const rows = r.stdout
      .slice(r.stdout.indexOf('\nPOD ') + 1)
      .split('\n\n')[0]
      .split('\n');
    expect(rows).toEqual([
      'POD              NODEPOOL  NODECLAIM OR NODE  CHEAPEST            WHERE',
      'shop/web-0       general   general-0          c5.large $0.0850/h  new NodeClaim',
      'shop/web-1       general   general-0          c5.large $0.0850/h  new NodeClaim',
      'shop/web-2       general   general-0          c5.large $0.0850/h  new NodeClaim',
      'shop/db-0        -         ip-10-0-0-1        -                   existing node',
      'kube-system/dns  -         ip-10-0-0-1        -                   bound to ip-10-0-0-1 (cluster state)',
      ...[0, 1, 2, 3, 4].map((i) => `ml/train-${i}       -         -                  -                   pending [1]`),
      'ml/pinned        -         -                  -                   ignored [2]',
    ]);
  });

  test('the assumptions that bear on the input only, and none with --quiet', () => {
    const zonal = file('zonal.yaml', WORKLOADS.replace('containers:', 'nodeSelector: { topology.kubernetes.io/zone: us-east-1a }, containers:'));
    const without = explain([POOLS_ONLY()], fake(CLUSTER)).stdout;
    expect(without).toContain('Assumed (not knowable offline):\n  - The catalog is the Karpenter 1.14.1 reference.\n');
    expect(without).not.toContain('Zones are not known');
    expect(explain([POOLS_ONLY(), zonal], fake(CLUSTER)).stdout).toContain('  - Zones are not known');
    expect(explain([POOLS_ONLY(), zonal, '--quiet'], fake(CLUSTER)).stdout).not.toContain('Assumed');
  });

  test('the cost ceilings say what they leave out, with no pods given', () => {
    const r = explain([POOLS_ONLY()], fake({ ...ALL_FINE, pods: [] }));
    expect(r.stdout).toContain('No pending pods given');
    expect(r.stdout).toContain('      - leaves out: no limit bounds what this pool can launch\n');
  });

  test('many pending reasons: the largest groups, then how many more; no line over 150 columns', () => {
    const pods = Array.from({ length: 60 }, (_, i) => ({
      namespace: 'd',
      name: `p${i}`,
      schedulable: false,
      instanceTypes: [],
      reason: `incompatible requirements, key app-${String.fromCharCode(97 + (i % 26))}${'x'.repeat(400)} ${'y '.repeat(800)}`,
    }));
    const r = explain([POOLS_ONLY()], fake({ ...ALL_FINE, pods }));
    expect(r.stdout).toContain('(+6 more reasons for 12 pods; -o wide shows every one)\n');
    expect(
      tables(r.stdout)
        .split('\n')
        .every((l) => l.length <= 150),
    ).toBe(true);
    expect(explain([POOLS_ONLY(), '-o', 'wide'], fake({ ...ALL_FINE, pods })).stdout).toContain('[26] 2 pods pending');
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

  test.each([
    ['a missing file', () => path.join(dir, 'nope.yaml'), /nope\.yaml: error cannot read the file: .*\(FileNotReadable\)\n$/],
    ['YAML that does not parse', () => file('broken2.yaml', 'kind: [unclosed'), /broken2\.yaml:1:\d+: error .*\(YamlSyntaxError\)\n$/],
  ])('exit status 2 with %s: the error only, on standard error, even with --json', (_what, input, message) => {
    for (const extra of [[], ['--json']]) {
      const r = explain([file('m.yaml', MANIFESTS), input(), ...extra], fake(ALL_FINE));
      expect(r).toMatchObject({ code: ExitCode.USAGE, stdout: '', input: undefined });
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(2);
    }
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
