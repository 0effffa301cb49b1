// Golden outputs of `explain` with the real simulator: docs/simulator.md's example (examples/explain-gpu, with and without
// pods) and the kubectl recipe (test/fixtures/cli/kubectl-cluster.yaml). After a deliberate change of the output
// (or of the simulator), rewrite them with `UPDATE_GOLDEN=1 npx jest test/cli/explain-golden.test.ts` and read the diff.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { GeneralAndGpuPools } from '../../examples/explain-gpu/gpu-pools';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { CommandRun, runCaptured } from '../util/cli';
import { ExitCode } from '../../lib/cli/command-io';
import { docBlock } from '../doc-blocks';

const GOLDEN = path.join(__dirname, 'golden');
const WORKLOADS = path.join(__dirname, '..', '..', 'examples', 'explain-gpu', 'workloads.yaml');
const KUBECTL = path.join(__dirname, '..', 'fixtures', 'cli', 'kubectl-cluster.yaml');

let dir: string;
let stack: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-golden-'));
  const ml = new TerraformStack(Testing.app(), 'ml');
  new GeneralAndGpuPools(ml, 'Pools', 'prod', new KubernetesProvider(ml, 'k8s', {}));
  stack = path.join(dir, 'cdk.tf.json');
  fs.writeFileSync(stack, Testing.synth(ml, true));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs explain and returns its output with the temporary and repository paths written as docs/simulator.md writes them. */
function explain(args: string[]): CommandRun {
  const { code, stdout, stderr } = runCaptured((io) => runExplainCommand(args, io));
  const shown = (s: string) => s.split(stack).join('cdktf.out/stacks/ml/cdk.tf.json').split(KUBECTL).join('cluster.yaml');
  return { code, stdout: shown(stdout), stderr: shown(stderr) };
}

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN) {
    fs.mkdirSync(GOLDEN, { recursive: true });
    fs.writeFileSync(file, actual);
  }
  expect(actual).toBe(fs.readFileSync(file, 'utf8'));
}

test("docs/simulator.md's example: two pods placed, two pending, exit 1", () => {
  const r = explain([stack, WORKLOADS]);
  golden('explain-gpu.txt', `$ npx cdktf-karpenter-eks explain cdktf.out/stacks/ml/cdk.tf.json workloads.yaml\n${r.stdout}`);
  expect(r).toMatchObject({ code: ExitCode.PROBLEMS, stderr: '' });
});

test('the pools alone: the GPU ceiling says it leaves out the unpriced g7 types', () => {
  const r = explain([stack]);
  golden('explain-gpu-pools.txt', `$ npx cdktf-karpenter-eks explain cdktf.out/stacks/ml/cdk.tf.json\n${r.stdout}`);
  expect(r.stdout).toMatch(/leaves out: 6 admitted instance type\(s\) have no price in the table and are not counted: g7\.2xlarge/);
  expect(r).toMatchObject({ code: ExitCode.OK, stderr: '' });
});

test('the kubectl recipe: the running cluster from kubectl get -o yaml', () => {
  const r = explain([KUBECTL]);
  golden(
    'explain-kubectl.txt',
    '$ kubectl get nodepools,ec2nodeclasses,daemonsets,nodes,pods -A -o yaml > cluster.yaml\n' +
      `$ npx cdktf-karpenter-eks explain cluster.yaml\n${r.stdout}`,
  );
  expect(r.stderr).toBe('');
  expect([ExitCode.OK, ExitCode.PROBLEMS]).toContain(r.code);
});

test("docs/simulator.md shows the golden outputs verbatim: the example's and the kubectl recipe's", () => {
  expect(docBlock('docs/simulator.md', 'explain output')).toBe(fs.readFileSync(path.join(GOLDEN, 'explain-gpu.txt'), 'utf8'));
  expect(docBlock('docs/simulator.md', 'explain on kubectl output')).toBe(fs.readFileSync(path.join(GOLDEN, 'explain-kubectl.txt'), 'utf8'));
});
