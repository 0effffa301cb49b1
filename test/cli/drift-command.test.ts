// `drift` as a user runs it: the full example's synthesized node-pools stack against an edited copy, a running
// cluster as `kubectl get ... -o yaml` prints it, JSON output, exit codes and bad input.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { DRIFT_USAGE, runDriftCommand } from '../../lib/cli/drift/drift-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandRun, runCaptured } from '../util/cli';
import { ExitCode } from '../../lib/cli/command-io';
import { runCli, TOP_USAGE } from '../../lib/cli/cli';
import { nodePoolHash } from '../../lib/core/drift/nodepool-hash';
import type { DriftPreview } from '../../lib/core/drift/drift-types';

let dir: string;
let before: string;
let edited: any;
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drift-command-'));
  const example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  const json = Testing.synth(example.nodePools, true);
  before = file('before.json');
  fs.writeFileSync(before, json);
  edited = JSON.parse(json);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The manifest of the synthesized NodePool `name` in a copy of the stack. */
function manifestOf(stack: any, name: string): any {
  return Object.values<any>(stack.resource.kubernetes_manifest).find((r) => r.manifest.kind === 'NodePool' && r.manifest.metadata.name === name)!
    .manifest;
}

function withEdit(name: string, edit: (m: any) => void): string {
  const stack = JSON.parse(JSON.stringify(edited));
  edit(manifestOf(stack, name));
  const out = file(`${name}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(out, JSON.stringify(stack));
  return out;
}

function drift(args: string[]): CommandRun {
  return runCaptured((io) => runDriftCommand(args, io));
}

const AT = ['--at', '2026-12-07T10:00:00Z'];

test('no change: every pool none, exit 0', () => {
  const r = drift(['--from', before, before, ...AT]);
  expect(r.stdout.split('\n')[0]).toMatch(/^NODEPOOL +DRIFT +NODECLAIMS +AT ONCE +WHY$/);
  for (const pool of ['app', 'batch', 'reserved', 'web-on-demand', 'web-spot'])
    expect(r.stdout).toMatch(new RegExp(`^${pool} +none +- +10% +-$`, 'm'));
  expect(r).toMatchObject({ code: ExitCode.OK, stderr: '' });
});

test('a template label replaces every node of its pool: exit 1, the field path and its values', () => {
  const after = withEdit('app', (m) => (m.spec.template.metadata = { labels: { team: 'payments' } }));
  const r = drift(['--from', before, after, ...AT]);
  expect(r.code).toBe(ExitCode.PROBLEMS);
  expect(r.stdout).toMatch(/^app +all +- +10% +spec\.template\.metadata\.labels\.team$/m);
  expect(r.stdout).toContain(
    '\nWhy:\n  NodePool/app spec.template.metadata.labels.team ((none) -> "payments"): ' +
      'a template label is hashed: every node of the pool is replaced\n',
  );
});

test('a budget replaces nothing (exit 0) and its window shows in the pace', () => {
  const budgets = [{ nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' }, { nodes: '20%' }];
  const after = withEdit('app', (m) => (m.spec.disruption.budgets = budgets));
  const r = drift(['--from', before, after, ...AT]);
  expect(r.code).toBe(ExitCode.OK);
  expect(r.stdout).toMatch(/^app +none +- +min\(0, 20%\) \(blocked\) +-$/m);
  expect(r.stdout).toContain('\nReplaces nothing:\n  NodePool/app spec.disruption.budgets ((none) -> [{"nodes":"0"');
});

test('-o json and --json give the preview; --at sets the time', () => {
  const after = withEdit('app', (m) => (m.spec.template.spec.expireAfter = '336h'));
  for (const flags of [['-o', 'json'], ['--json']]) {
    const r = drift(['--from', before, after, ...AT, ...flags]);
    const p = JSON.parse(r.stdout) as DriftPreview;
    expect(p.at).toBe('2026-12-07T10:00:00.000Z');
    expect(p.nodePools.map((x) => [x.name, x.drift])).toEqual([
      ['app', 'all'],
      ['batch', 'none'],
      ['reserved', 'none'],
      ['web-on-demand', 'none'],
      ['web-spot', 'none'],
    ]);
    expect(p.ec2NodeClasses.map((x) => [x.name, x.drift])).toEqual([
      ['default', 'none'],
      ['reserved', 'none'],
    ]);
    expect(r.code).toBe(ExitCode.PROBLEMS);
  }
});

test('a subnet selector edit may drift (unknown): exit 1', () => {
  const stack = JSON.parse(JSON.stringify(edited));
  const cls = Object.values<any>(stack.resource.kubernetes_manifest).find(
    (x) => x.manifest.kind === 'EC2NodeClass' && x.manifest.metadata.name === 'default',
  )!.manifest;
  cls.spec.subnetSelectorTerms = [{ id: 'subnet-0123' }];
  const after = file('subnets.json');
  fs.writeFileSync(after, JSON.stringify(stack));
  const r = drift(['--from', before, after, '--json', ...AT]);
  const p = JSON.parse(r.stdout) as DriftPreview;
  expect(p.ec2NodeClasses.find((c) => c.name === 'default')!.drift).toBe('unknown');
  expect(r.code).toBe(ExitCode.PROBLEMS);
});

test('a running cluster as kubectl prints it: each NodeClaim counted', () => {
  const pool = manifestOf(edited, 'app');
  const hash = nodePoolHash(pool)!;
  const claim = (name: string) => ({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name,
      labels: {
        'karpenter.sh/nodepool': 'app',
        'karpenter.sh/capacity-type': 'on-demand',
        'kubernetes.io/arch': 'amd64',
        'karpenter.k8s.aws/instance-cpu': '4',
      },
      annotations: { 'karpenter.sh/nodepool-hash': hash, 'karpenter.sh/nodepool-hash-version': 'v3' },
    },
    spec: { nodeClassRef: pool.spec.template.spec.nodeClassRef },
    status: {
      nodeName: name,
      conditions: [
        { type: 'Launched', status: 'True' },
        { type: 'Initialized', status: 'True' },
      ],
    },
  });
  const node = (name: string) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'karpenter.sh/nodepool': 'app' } },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const list = {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { ...pool, metadata: { ...pool.metadata, annotations: { 'karpenter.sh/nodepool-hash': hash } } },
      claim('a'),
      claim('b'),
      node('a'),
      node('b'),
    ],
  };
  const cluster = file('cluster.json');
  fs.writeFileSync(cluster, JSON.stringify(list));
  const after = withEdit('app', (m) => (m.spec.template.metadata = { labels: { team: 'payments' } }));
  const r = drift(['--from', cluster, after, ...AT]);
  expect(r.stdout).toMatch(/^app +all +2\/2 +1 +spec\.template\.metadata\.labels\.team$/m);
  // Pools only on the new side are added, not drifted.
  expect(r.stdout).toMatch(/^batch +none +- +- +added$/m);
  expect(r.code).toBe(ExitCode.PROBLEMS);
});

test('several --from files make one old side: a pool only there is removed', () => {
  const extra = file('extra-pool.yaml');
  fs.writeFileSync(
    extra,
    'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: legacy }\n' +
      'spec: { template: { spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }, requirements: [] } } }\n',
  );
  const r = drift(['--from', before, '--from', extra, before, ...AT]);
  expect(r.stdout).toMatch(/^legacy +all +- +- +removed$/m);
  expect(r.stdout).toContain('warning: NodePool/legacy: only on the old side: deleting a NodePool deletes its NodeClaims');
  expect(r.code).toBe(ExitCode.PROBLEMS);
});

test('thousands of NodeClaims without hashes: 20 warning lines and a count in text, all of them in JSON', () => {
  const pool = manifestOf(edited, 'app');
  const claims = Array.from({ length: 30 }, (_, i) => ({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: { name: `c${i}`, labels: { 'karpenter.sh/nodepool': 'app' } },
    status: { conditions: [{ type: 'Launched', status: 'True' }] },
  }));
  const cluster = file('no-hashes.json');
  fs.writeFileSync(cluster, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pool, ...claims] }));
  const r = drift(['--from', cluster, before, ...AT]);
  expect(r.stdout.split('\n').filter((l) => l.endsWith('(DriftNodeClaimWithoutHash)'))).toHaveLength(20);
  expect(r.stdout).toContain('warning: and 10 more DriftNodeClaimWithoutHash (-o json lists them all)\n');
  const json = JSON.parse(drift(['--from', cluster, before, ...AT, '--json']).stdout) as DriftPreview;
  expect(json.nodePools.find((p) => p.name === 'app')!.issues).toHaveLength(30);
});

describe('bad input and command lines', () => {
  test('a file that does not parse: the error only, exit 2', () => {
    fs.writeFileSync(file('bad.yaml'), 'kind: [unclosed\n');
    const r = drift(['--from', before, file('bad.yaml')]);
    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bad.yaml');
  });

  test('a missing file: exit 2', () => {
    expect(drift(['--from', file('nope.yaml'), before]).code).toBe(ExitCode.USAGE);
  });

  test.each([
    [['OLD'], 'no old side; name its files with --from'],
    [['--from', 'OLD'], 'no input files'],
    [['--from', 'OLD', 'OLD', '--at', 'tomorrow'], "option '--at' takes an RFC 3339 time"],
    [['--from', 'OLD', 'OLD', '--at', '2026-12-07T10:00:00'], "option '--at' takes an RFC 3339 time"],
    [['--from', '-', '-'], "standard input ('-') can be read only once"],
    [['--from', 'OLD', 'OLD', '-o', 'wide'], "option '-o' takes text or json, not 'wide'"],
  ])('%j: %s (exit 2)', (args, message) => {
    // OLD stands for the synthesized stack, written before the tests run.
    const r = drift(args.map((a) => (a === 'OLD' ? before : a)));
    expect(r.code).toBe(ExitCode.USAGE);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain(DRIFT_USAGE);
  });

  test('--help, and the top usage names the command', () => {
    expect(drift(['--help'])).toMatchObject({ code: ExitCode.OK, stdout: DRIFT_USAGE });
    expect(TOP_USAGE).toContain('  drift --from <old> <new...>');
    let out = '';
    const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true } };
    expect(runCli(['drift', '--help'], io)).toBe(ExitCode.OK);
    expect(out).toBe(DRIFT_USAGE);
  });
});
