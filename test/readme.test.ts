import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { stackErrorLines } from './private/at-synth';
import { AppAndBatchPools } from '../examples/compose-node-pools/app-and-batch-pools';
import { addKarpenterToCluster } from '../examples/existing-cluster/readme-stacks';
import { GeneralAndGpuPools } from '../examples/explain-gpu/gpu-pools';
import { runExplainCommand } from '../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { Budget, Disruption, Ec2NodeClass, KarpenterNodePool, Operator, Quantity, Requirement } from '../lib';
import { KARPENTER_RELEASE } from '../lib/core/controller/release';
import { SynthesizedStack } from '../lib/testing/synth';
import { docBlock, readDoc, readmeInstalls } from './doc-blocks';

const root = path.join(__dirname, '..');
const DOC_FILES = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)];
const readme = readDoc('README.md');
const constructsDoc = readDoc('docs/constructs.md');
const simulatorDoc = readDoc('docs/simulator.md');

test('the docs/constructs.md snippet is the code of examples/compose-node-pools, imports included, which compiles and runs', () => {
  const source = fs.readFileSync(path.join(root, 'examples/compose-node-pools/app-and-batch-pools.ts'), 'utf8');
  const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
  expect(snippet).toMatch(/^import \{ TerraformProvider \} from 'cdktf';\nimport \{ Construct \} from 'constructs';\n/);
  expect(constructsDoc).toContain('```ts\n' + snippet.replace("} from '../../lib';", "} from 'cdktf-karpenter-eks';") + '```');

  const stack = new TerraformStack(Testing.app(), 'stack');
  new AppAndBatchPools(stack, 'Pools', 'prod', new KubernetesProvider(stack, 'k8s', {}));
  const synth = SynthesizedStack.of(stack);
  expect(synth.nodePools().map((p) => [p.name, (p.manifest as any).spec.weight])).toEqual([
    ['app', 10],
    ['batch', 90],
  ]);
  expect(synth.ec2NodeClasses().map((c) => (c.manifest as any).spec.role)).toEqual(['KarpenterNodeRole-prod']);
});

describe('the docs/simulator.md explain example', () => {
  const exampleFile = (name: string) => path.join(root, 'examples', 'explain-gpu', name);

  test('its snippet is the code of examples/explain-gpu/gpu-pools.ts', () => {
    const source = fs.readFileSync(exampleFile('gpu-pools.ts'), 'utf8');
    const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
    expect(simulatorDoc).toContain('```ts\n' + snippet.replace("} from '../../lib';", "} from 'cdktf-karpenter-eks';") + '```');
    expect(docBlock('docs/simulator.md', 'workloads.yaml')).toBe(fs.readFileSync(exampleFile('workloads.yaml'), 'utf8'));
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

      const block = docBlock('docs/simulator.md', 'explain output');
      const [command, ...output] = block.split('\n');
      expect(command).toBe('$ npx cdktf-karpenter-eks explain cdktf.out/stacks/ml/cdk.tf.json workloads.yaml');
      expect(output.join('\n')).toBe(stdout);
      expect(code).toBe(1); // two pods stay pending
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the docs/constructs.md synth error is what synth prints for the mistakes it describes', () => {
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
  expect(() => Testing.synth(stack, true)).toThrow(docBlock('docs/constructs.md', 'synth error'));
});

test('the README and docs name the pinned release and CRD versions of KARPENTER_RELEASE, and no digest', () => {
  const minor = KARPENTER_RELEASE.version.split('.').slice(0, 2).join('.');
  expect(readme).toContain(`production [Karpenter](https://karpenter.sh) **${minor}** install`);
  expect(readme).toContain(`pinned to\n  ${KARPENTER_RELEASE.chartVersion} and its image digest`);
  expect(constructsDoc).toContain(`Errors replicate the official Karpenter ${KARPENTER_RELEASE.crdVersion} CRDs`);
  // The digest lives in lib/core/controller/release.ts only; a copy here would go stale.
  for (const doc of DOC_FILES) expect(readDoc(doc)).not.toMatch(/sha256:[0-9a-f]{8}/);
  expect(constructsDoc).toContain('lib/core/controller/release.ts');
});

test('the README states the two set-up commands, which are the package scripts CI runs', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  expect(readme).toMatch(/npm ci && npm run main\s+#/);
  expect(readme).toMatch(/\nnpm test\s+#/);
  expect(pkg.scripts.main).toBeDefined();
  expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/npm ci[^\n]*\nnpm run main\nnpm test\n/);
});

test('the README is for users: repository figures live in CONTRIBUTING.md and the benchmark log', () => {
  const contributing = readDoc('CONTRIBUTING.md');
  expect(readme).not.toMatch(/## Benchmark|npm run bench|corpus \(\d+ valid/);
  expect(contributing).toMatch(/## Benchmark/);
  expect(contributing).toContain('[docs/benchmark.md](docs/benchmark.md)');
  expect(readme).toContain('[CONTRIBUTING.md](CONTRIBUTING.md)');
  // The consumer set-up files the consumer test writes into a fresh project.
  for (const title of ['install', 'cdktf.json', 'tsconfig.json', 'main.ts', 'jest.config.js', 'main.test.ts']) {
    expect(docBlock('README.md', title).length).toBeGreaterThan(0);
  }
  expect(docBlock('docs/testing.md', 'plan.test.ts').length).toBeGreaterThan(0);
  expect(docBlock('README.md', 'install')).toMatch(/ typescript@5 /);
});

// Issue 33: the package is not published; the README's first install route is the tarball `npm pack` writes.
test("the README installs the tarball 'npm pack' writes (the package is not on npm), with the peers", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; peerDependencies: object };
  const tarball = `${pkg.name}-${pkg.version}.tgz`;
  expect(docBlock('README.md', 'pack')).toMatch(/\bnpm ci && npm pack\b/);
  const [first, ...peers] = readmeInstalls().dependencies;
  expect(first).toBe(`../${pkg.name}/${tarball}`);
  expect(peers.map((d) => d.slice(0, d.lastIndexOf('@'))).sort()).toEqual(Object.keys(pkg.peerDependencies).sort());
  expect(readme).toContain(`writes \`${tarball}\``);
  expect(readme).toContain('Once it is published, `npm install cdktf-karpenter-eks` replaces the tarball path');
});

test('the docs/constructs.md existing-cluster code is examples/existing-cluster/readme-stacks.ts, which synthesizes cleanly', () => {
  const source = fs.readFileSync(path.join(root, 'examples/existing-cluster/readme-stacks.ts'), 'utf8');
  const snippet = source.split('// README:begin\n')[1].split('// README:end')[0];
  const section = constructsDoc.split('## Karpenter for a cluster you already have')[1].split('\n## ')[0];
  expect(section).toContain('```ts\n' + snippet.replace("} from '../../lib';", "} from 'cdktf-karpenter-eks';") + '```');
  expect(section).not.toMatch(/cd examples\//); // the npm package has no examples/

  const app = Testing.app();
  addKarpenterToCluster(app, {
    clusterName: 'legacy',
    region: 'eu-west-1',
    vpcId: 'vpc-0123456789abcdef0',
    privateSubnetIds: ['subnet-0123456789abcdef0', 'subnet-0fedcba9876543210'],
  });
  const stacks = app.node.children as TerraformStack[];
  expect(stacks.map((st) => st.node.id)).toEqual(['karpenter-aws', 'karpenter-controller', 'karpenter-node-pools']);
  for (const st of stacks) expect(stackErrorLines(st)).toEqual([]);
  const values = SynthesizedStack.of(stacks[1]).helmRelease('karpenter')!.values as { nodeSelector: object };
  expect(values.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' }); // no controller node group: any node
  const nodeClass = SynthesizedStack.of(stacks[2]).ec2NodeClasses()[0].manifest as any;
  expect(nodeClass.spec.securityGroupSelectorTerms).toEqual([{ tags: { 'karpenter.sh/discovery': 'legacy' } }]);
});

test('the README app exports its stacks and synthesizes only as the main module; its test imports them', () => {
  const main = docBlock('README.md', 'main.ts');
  for (const cls of ['InfraStack', 'ControllerStack', 'NodePoolsStack'])
    expect(main).toMatch(new RegExp(`^export class ${cls} extends TerraformStack`, 'm'));
  expect(main).toMatch(/\nif \(require\.main === module\) \{\n  const app = new App\(\);\n  buildApp\(app\);\n  app\.synth\(\);\n\}\n$/);
  expect(main.match(/app\.synth\(\)/g)).toHaveLength(1);
  expect(docBlock('README.md', 'main.test.ts')).toMatch(/^import \{ ControllerStack, InfraStack, NodePoolsStack \} from '\.\/main';$/m);
  expect(docBlock('docs/testing.md', 'plan.test.ts')).toMatch(/^import \{ InfraStack \} from '\.\/main';$/m);
});

test('the docs/testing.md offline-plan recipe names what planStackOffline sets', () => {
  const recipe = readDoc('docs/testing.md').split('## Planning a stack offline, without AWS credentials')[1].split('\n## ')[0];
  const harness = fs.readFileSync(path.join(root, 'lib/testing/terraform-plan.ts'), 'utf8');
  for (const flag of ['skip_credentials_validation', 'skip_requesting_account_id', 'skip_metadata_api_check', 'skip_region_validation']) {
    expect(harness).toContain(`${flag}:`);
    expect(recipe).toContain(`\`${flag}\``);
  }
  for (const fact of ['KARPENTER_TF_PLUGIN_MIRROR', '/opt/tf-plugins', 'TF_CLI_CONFIG_FILE', 'AWS_PROFILE']) {
    expect(harness).toContain(fact);
    expect(recipe).toContain(fact);
  }
});
