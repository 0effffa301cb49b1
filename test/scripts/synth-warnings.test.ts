import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Annotations, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { formatWarnings, stackWarnings } from '../../scripts/synth-warnings';
import { newStack } from '../util/stacks';

const OPEN_ENDPOINT = /^ {2}karpenter-infra\/Cluster \[PublicEndpointOpenToWorld\] publicAccessCidrs: the API server endpoint is public and open/;

describe('stackWarnings', () => {
  test('should list every warning of every stack with its construct path and code', () => {
    const a = newStack('a');
    const b = newStack('b');
    Annotations.of(new Construct(a, 'X')).addWarning('field: something is off (SomeCode)');
    Annotations.of(new Construct(new Construct(b, 'Y'), 'Z')).addWarning('a warning without a code');
    Annotations.of(a).addInfo('not a warning');
    expect(stackWarnings([a, b])).toEqual([
      { path: 'a/X', code: 'SomeCode', message: 'field: something is off' },
      { path: 'b/Y/Z', code: undefined, message: 'a warning without a code' },
    ]);
    expect(formatWarnings(stackWarnings([a, b]))).toEqual([
      'Synth warnings (2):',
      '  a/X [SomeCode] field: something is off',
      '  b/Y/Z a warning without a code',
    ]);
    expect(formatWarnings([])).toEqual(['No synth warnings.']);
  });

  test("should find the full example's open-endpoint warning, and none with publicAccessCidrs", () => {
    const open = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
    expect(formatWarnings(stackWarnings([open.infra, open.controller, open.nodePools]))[1]).toMatch(OPEN_ENDPOINT);
    const closed = buildFullStackApp(Testing.app(), {
      clusterName: 'demo',
      region: 'eu-west-1',
      availabilityZones: ['eu-west-1a', 'eu-west-1b'],
      publicAccessCidrs: ['203.0.113.0/24'],
    });
    expect(stackWarnings([closed.infra, closed.controller, closed.nodePools])).toEqual([]);
  });
});

describe('npm run main', () => {
  test('should print the synth warnings of the stacks', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-out-'));
    try {
      const root = path.join(__dirname, '..', '..');
      const env: NodeJS.ProcessEnv = { ...process.env, KARPENTER_TF_PLUGIN_MIRROR: path.join(outdir, 'no-mirror'), KARPENTER_MAIN_OUTDIR: outdir };
      delete env.KARPENTER_PUBLIC_ACCESS_CIDRS;
      const run = spawnSync(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', 'scripts/main.ts'], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      const lines = run.stdout.split('\n');
      expect(lines).toContain('Synth warnings (1):');
      expect(lines.filter((l) => OPEN_ENDPOINT.test(l))).toHaveLength(1);
      expect(fs.existsSync(path.join(outdir, 'stacks', 'karpenter-infra', 'cdk.tf.json'))).toBe(true);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);
});
