import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { AppAndBatchPools } from '../examples/compose-node-pools/app-and-batch-pools';
import { GeneralAndGpuPools } from '../examples/explain-gpu/gpu-pools';
import { runExplainCommand } from '../lib/cli/explain-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { Budget, Disruption, Ec2NodeClass, KarpenterNodePool, Operator, Quantity, Requirement } from '../lib';
import { SynthesizedStack } from '../lib/testing/synth';
import { readmeBlock } from './readme-blocks';

const root = path.join(__dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

test('the README snippet is the code of examples/compose-node-pools, imports included, which compiles and runs', () => {
  const source = fs.readFileSync(path.join(root, 'examples/compose-node-pools/app-and-batch-pools.ts'), 'utf8');
  const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
  expect(snippet).toMatch(/^import \{ TerraformProvider \} from 'cdktf';\nimport \{ Construct \} from 'constructs';\n/);
  expect(readme).toContain('```ts\n' + snippet.replace("} from '../../lib';", "} from 'cdktf-karpenter-eks';") + '```');

  const stack = new TerraformStack(Testing.app(), 'stack');
  new AppAndBatchPools(stack, 'Pools', 'prod', new KubernetesProvider(stack, 'k8s', {}));
  const synth = SynthesizedStack.of(stack);
  expect(synth.nodePools().map((p) => [p.name, (p.manifest as any).spec.weight])).toEqual([
    ['app', 10],
    ['batch', 90],
  ]);
  expect(synth.ec2NodeClasses().map((c) => (c.manifest as any).spec.role)).toEqual(['KarpenterNodeRole-prod']);
});

describe('the README explain example', () => {
  const exampleFile = (name: string) => path.join(root, 'examples', 'explain-gpu', name);

  test('its snippet is the code of examples/explain-gpu/gpu-pools.ts', () => {
    const source = fs.readFileSync(exampleFile('gpu-pools.ts'), 'utf8');
    const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
    expect(readme).toContain('```ts\n' + snippet.replace("} from '../../lib';", "} from 'cdktf-karpenter-eks';") + '```');
    expect(readme).toContain('```yaml title="workloads.yaml"\n' + fs.readFileSync(exampleFile('workloads.yaml'), 'utf8') + '```');
  });

  test('its output is what explain prints for the synthesized stack and workloads.yaml', () => {
    const stack = new TerraformStack(Testing.app(), 'ml');
    new GeneralAndGpuPools(stack, 'Pools', 'prod', new KubernetesProvider(stack, 'k8s', {}));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-explain-'));
    try {
      const tfJson = path.join(dir, 'cdk.tf.json');
      fs.writeFileSync(tfJson, Testing.synth(stack, true));
      let stdout = '';
      const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } };
      const code = runExplainCommand([tfJson, exampleFile('workloads.yaml')], io);

      const block = readmeBlock(readme, 'explain output');
      const [command, ...output] = block.split('\n');
      expect(command).toBe('$ npx cdktf-karpenter-eks explain cdktf.out/stacks/ml/cdk.tf.json workloads.yaml');
      expect(output.join('\n')).toBe(stdout);
      expect(code).toBe(1); // two pods stay pending
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the README synth error is what synth prints for the mistakes it describes', () => {
  const stack = new TerraformStack(Testing.app(), 'stack');
  const provider = new KubernetesProvider(stack, 'k8s', {});
  const nodeClass = Ec2NodeClass.fromName('default');
  const limits = { cpu: Quantity.cpu(100) };
  new KarpenterNodePool(stack, 'App', { name: 'app', nodeClass, provider, limits, weight: 0 });
  new KarpenterNodePool(stack, 'Batch', {
    name: 'batch',
    nodeClass,
    provider,
    limits,
    requirements: [Requirement.of('example.com/team', Operator.IN, [])],
    disruption: Disruption.whenEmpty({ budgets: [Budget.percent(120)] }),
  });
  expect(() => Testing.synth(stack, true)).toThrow(readmeBlock(readme, 'synth error'));
});

test('the README states the two set-up commands, which are the package scripts CI runs', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  expect(readme).toMatch(/npm ci && npm run main\s+#/);
  expect(readme).toMatch(/\nnpm test\s+#/);
  expect(pkg.scripts.main).toBeDefined();
  expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/npm ci[^\n]*\nnpm run main\nnpm test\n/);
});

test('the README is for users: repository figures live in CONTRIBUTING.md', () => {
  const contributing = fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
  expect(readme).not.toMatch(/## Benchmark|npm run bench|corpus \(\d+ valid/);
  expect(contributing).toMatch(/## Benchmark/);
  expect(readme).toContain('[CONTRIBUTING.md](CONTRIBUTING.md)');
  // The consumer set-up files the consumer test writes into a fresh project.
  for (const title of ['install', 'cdktf.json', 'tsconfig.json', 'main.ts', 'jest.config.js', 'main.test.ts']) {
    expect(readmeBlock(readme, title).length).toBeGreaterThan(0);
  }
  expect(readmeBlock(readme, 'install')).toMatch(/ typescript@5 /);
});
