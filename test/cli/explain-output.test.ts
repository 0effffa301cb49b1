// `explain` output and exit codes on real files with a stand-in simulator, and bad input with the real engine
// (the command line and reading: explain-command.test.ts).
import * as path from 'path';
import { ExitCode } from '../../lib/cli/command-io';
import { SimulationResult } from '../../lib/core/sim';
import { ALL_FINE, explain, fake, MANIFESTS, WORKLOADS } from './explain-harness';
import { useTempDir } from '../util/temp-dirs';

const { file, dir: tempDir } = useTempDir('explain-');

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
    ['a missing file', () => path.join(tempDir(), 'nope.yaml'), /nope\.yaml: error cannot read the file: .*\(FileNotReadable\)\n$/],
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
