// `explain` with the real simulator on the full example's synthesized node-pools stack, in-process and
// as a process (bin/karpenter-validate.ts).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { CommandRun, runCaptured } from '../util/cli';
import { ExitCode } from '../../lib/cli/command-io';
import { SimulationResult } from '../../lib/core/sim';

let dir: string;
let tfJson: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-example-'));
  const example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  tfJson = path.join(dir, 'cdk.tf.json');
  fs.writeFileSync(tfJson, Testing.synth(example.nodePools, true));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function explain(args: string[]): CommandRun {
  return runCaptured((io) => runExplainCommand(args, io));
}

const POOLS = ['app', 'batch', 'reserved', 'web-on-demand', 'web-spot'];

test('every pool of the full example admits instance types; the table has a row for each', () => {
  const r = explain([tfJson]);
  const rows = r.stdout.split('\n');
  for (const pool of POOLS)
    expect(rows.find((l) => l.startsWith(`${pool} `))).toMatch(new RegExp(`^${pool} +\\d+ +[1-9]\\d* +\\d+-\\d+ +[\\d.]+-[\\d.]+ +amd64`));
  expect(r.stdout).toContain('No pending pods given');
  expect(r).toMatchObject({ code: ExitCode.OK, stderr: '' });
});

test('with pods: the pool each lands on, and exit 1 for the one that stays pending', () => {
  const pods = path.join(dir, 'pods.yaml');
  fs.writeFileSync(
    pods,
    [
      'apiVersion: v1\nkind: Pod\nmetadata: { name: api }\nspec: { containers: [{ name: a, image: x, resources: { requests: { cpu: "1" } } }] }',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: huge }\nspec: { containers: [{ name: a, image: x, resources: { requests: { cpu: "300" } } }] }',
    ].join('\n---\n'),
  );
  const r = explain([tfJson, pods, '--json']);
  const result = JSON.parse(r.stdout) as SimulationResult;

  expect(result.nodePools.map((p) => p.name).sort()).toEqual(POOLS);
  expect(result.pods.map((p) => [p.name, p.schedulable, p.nodePool])).toEqual([
    ['api', true, 'reserved'],
    ['huge', false, undefined],
  ]);
  // reserved, web and app are capped (limits, < 32 vCPUs) below 300 CPUs; batch is tainted
  expect(result.pods[1].reason).toContain('did not tolerate taint (taint=role=batch:NoSchedule)');
  expect(r.code).toBe(ExitCode.PROBLEMS);
});

test('runs as a process on the synthesized stack', () => {
  const bin = path.join(__dirname, '..', '..', 'bin', 'karpenter-validate.ts');
  const r = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', bin, 'explain', '--json', tfJson], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(ExitCode.OK);
  expect((JSON.parse(r.stdout) as SimulationResult).nodePools.every((p) => p.admittedInstanceTypes.length > 0)).toBe(true);
});
