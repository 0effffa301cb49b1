// `npx cdktf synth` of each example, as the README tells users to run it (the CLI, its cdktf.json
// and ts-node), not only the in-process builds of the other example tests.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const root = path.join(__dirname, '..', '..');

describe.each([
  ['.', ['karpenter-controller', 'karpenter-infra', 'karpenter-node-pools']],
  ['examples/full-stack', ['karpenter-controller', 'karpenter-infra', 'karpenter-node-pools']],
  ['examples/existing-cluster', ['karpenter-aws', 'karpenter-controller', 'karpenter-node-pools']],
])('npx cdktf synth in %s', (dir, stacks) => {
  let outdir: string;
  beforeAll(() => {
    outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-cdktf-synth-'));
  });
  afterAll(() => {
    if (outdir?.startsWith(path.join(os.tmpdir(), 'karpenter-cdktf-synth-'))) fs.rmSync(outdir, { recursive: true, force: true });
  });

  test('should write every stack', () => {
    execFileSync('npx', ['cdktf', 'synth', '--output', outdir], {
      cwd: path.join(root, dir),
      env: { ...process.env, CHECKPOINT_DISABLE: '1', CI: '1' },
      stdio: 'pipe',
      timeout: 120_000,
    });
    expect(fs.readdirSync(path.join(outdir, 'stacks')).sort()).toEqual(stacks);
    for (const s of stacks) expect(fs.existsSync(path.join(outdir, 'stacks', s, 'cdk.tf.json'))).toBe(true);
  }, 120_000);
});
