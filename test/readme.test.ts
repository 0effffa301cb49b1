import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack, Testing } from 'cdktf';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { AppAndBatchPools } from '../examples/compose-node-pools/app-and-batch-pools';
import { SynthesizedStack } from '../lib/testing/synth';

const root = path.join(__dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

test('the README snippet is the code of examples/compose-node-pools, which compiles and runs', () => {
  const source = fs.readFileSync(path.join(root, 'examples/compose-node-pools/app-and-batch-pools.ts'), 'utf8');
  const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
  expect(readme).toContain('```ts\n' + snippet + '```');

  const stack = new TerraformStack(Testing.app(), 'stack');
  new AppAndBatchPools(stack, 'Pools', 'prod', new KubernetesProvider(stack, 'k8s', {}));
  const synth = SynthesizedStack.of(stack);
  expect(synth.nodePools().map((p) => [p.name, (p.manifest as any).spec.weight])).toEqual([
    ['app', 10],
    ['batch', 90],
  ]);
  expect(synth.ec2NodeClasses().map((c) => (c.manifest as any).spec.role)).toEqual(['KarpenterNodeRole-prod']);
});

test('the README set-up commands are the package scripts CI runs', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  expect(readme).toMatch(/npm ci && npm run main\s+#/);
  expect(readme).toMatch(/\nnpm test\s+#/);
  expect(pkg.scripts.main).toBeDefined();
  expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/npm ci[^\n]*\nnpm run main\nnpm test\n/);
});
