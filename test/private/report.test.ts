// How problems reach the user: every construct's errors together at synth, builder problems with the
// construct path, a concise printed error, and a clear failure from a foreign framework's stack.
import { spawnSync } from 'child_process';
import * as path from 'path';
import { inspect } from 'util';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { App, TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { EksCluster } from '../../lib/aws/eks-cluster';
import { KarpenterController } from '../../lib/controller/karpenter-controller';
import { KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { Budget, Disruption } from '../../lib/core/api/node-pool-definition';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { KubernetesVersion } from '../../lib/core/aws/kubernetes-version';
import { KarpenterValidationError, Severity } from '../../lib/core/issues';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { KARPENTER_ATTRIBUTES } from '../util/karpenter-attributes';
import { atSynth } from './at-synth';

function poolStack() {
  const stack = new TerraformStack(Testing.app(), 'test');
  const provider = new KubernetesProvider(stack, 'k8s', {});
  return { stack, provider, nodeClass: Ec2NodeClass.fromName('default') };
}

describe('errors of every construct, together at synth', () => {
  test('two bad pools in one stack fail synth once, listing both with their construct paths', () => {
    const { stack, provider, nodeClass } = poolStack();
    new KarpenterNodePool(stack, 'App', { name: 'app', nodeClass, provider, weight: 0, limits: { cpu: Quantity.cpu(10) } });
    new KarpenterNodePool(stack, 'Batch', { name: 'batch', nodeClass, provider, weight: 900, limits: { cpu: Quantity.cpu(10) } });
    expect(() => Testing.synth(stack, true)).toThrow(
      new RegExp(
        '^Validation failed with the following errors:\\n {2}\\[test/App\\] spec\\.weight: must be between 1 and ' +
          '100, got 0 \\(OutOfRange\\)\\n {2}\\[test/Batch\\] spec\\.weight: must be between 1 and 100, got 900 ' +
          '\\(OutOfRange\\)\\n',
      ),
    );
  });

  test('app.synth() (what cdktf synth runs) reports the errors of every construct', () => {
    const app = new App({ outdir: path.join(require('os').tmpdir(), `karpenter-report-${process.pid}`) });
    const stack = new TerraformStack(app, 'pools');
    const provider = new KubernetesProvider(stack, 'k8s', {});
    const nodeClass = Ec2NodeClass.fromName('default');
    new KarpenterNodePool(stack, 'A', { name: 'Bad_Name', nodeClass, provider, limits: { cpu: Quantity.cpu(1) } });
    new KarpenterNodePool(stack, 'B', { name: 'b', nodeClass, provider, weight: 101, limits: { cpu: Quantity.cpu(1) } });
    expect(() => app.synth()).toThrow(/\[pools\/A\] metadata\.name: [^\n]*\n {2}\[pools\/B\] spec\.weight: /);
  });

  test('a bad builder value is reported by the pool using it, with its path and field, with the other problems', () => {
    const { stack, provider, nodeClass } = poolStack();
    const disruption = Disruption.whenEmpty({ budgets: [Budget.percent(120)] });
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, provider, disruption, weight: 0, limits: { cpu: Quantity.cpu(-1) } });
    let message = '';
    try {
      Testing.synth(stack, true);
    } catch (e) {
      message = (e as Error).message;
    }
    const lines = message.split('\n').filter((l) => l.startsWith('  [test/Pool]'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^ {2}\[test\/Pool\] disruption\.budgets\[0\]: Budget\.percent: must be a whole number from 0 to 100, got 120 \(InvalidBudgetNodes\)$/,
      ),
      expect.stringMatching(/^ {2}\[test\/Pool\] limits\.cpu: Quantity\.cpu: must be a finite, non-negative number, got -1 \(InvalidQuantity\)$/),
      '  [test/Pool] spec.weight: must be between 1 and 100, got 0 (OutOfRange)',
    ]);
  });

  test('KubernetesVersion.of does not throw; EksCluster reports the version with its construct path', () => {
    const version = KubernetesVersion.of('1.29');
    const stack = new TerraformStack(Testing.app(), 'test');
    const network = {
      vpcId: 'vpc-0123456789abcdef0',
      privateSubnetIds: ['subnet-0aaaaaaaaaaaaaaa1', 'subnet-0aaaaaaaaaaaaaaa2'],
      publicSubnetIds: [],
      securityGroupIds: [],
    };
    expect(atSynth(() => new EksCluster(stack, 'Cluster', { clusterName: 'demo', network, version }))).toThrow(
      new RegExp(
        '\\n {2}\\[test/Cluster\\] version: KubernetesVersion\\.of: Kubernetes 1\\.29 is outside the range ' +
          'Karpenter 1\\.14 supports.*\\(UnsupportedKubernetesVersion\\)',
      ),
    );
  });
});

test('KarpenterVersion.of does not throw; KarpenterController reports the version with its construct path', () => {
  const version = KarpenterVersion.of('0.37.7', { imageDigest: 'sha256:abc' });
  const stack = new TerraformStack(Testing.app(), 'test');
  expect(atSynth(() => new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER_ATTRIBUTES, version }))).toThrow(
    new RegExp(
      "\\[test/Karpenter\\] version: KarpenterVersion\\.of\\('0\\.37\\.7'\\): Karpenter 0\\.37\\.7 uses the v1beta1/v1alpha5 API.*\\n {2}" +
        "\\[test/Karpenter\\] version\\.imageDigest: KarpenterVersion\\.of\\('0\\.37\\.7'\\): must be 'sha256:'",
    ),
  );
});

describe('KarpenterValidationError as printed', () => {
  const error = new KarpenterValidationError('stack/Pool', [
    { severity: Severity.ERROR, field: 'spec.weight', code: 'OutOfRange', message: 'must be between 1 and 100, got 0' },
    { severity: Severity.ERROR, field: 'metadata.name', code: 'InvalidName', message: 'must be a DNS-1123 subdomain' },
  ]);

  test('inspect (console.log, an uncaught error) shows the issue list once and no object dump after the stack', () => {
    const printed = inspect(error);
    expect(printed).toMatch(
      new RegExp(
        '^KarpenterValidationError: 2 validation errors:\\n\\[stack/Pool\\] spec\\.weight: must be between 1 and ' +
          '100, got 0 \\(OutOfRange\\)\\n\\[stack/Pool\\] metadata\\.name: must be a DNS-1123 subdomain ' +
          '\\(InvalidName\\)\\n {4}at ',
      ),
    );
    expect(printed.match(/OutOfRange/g)).toHaveLength(1);
    expect(printed).not.toMatch(/issues:|where:|\{\s*$/m);
    expect(Object.keys(error)).toEqual([]);
    expect(error.issues).toHaveLength(2);
    expect(error.where).toBe('stack/Pool');
  });

  test('an uncaught error prints the issue list once, then the stack frames', () => {
    const script = [
      "require('ts-node').register({ transpileOnly: true });",
      "const { KarpenterValidationError } = require('./lib/core/issues');",
      "const issue = { severity: 'error', field: 'spec.weight', code: 'OutOfRange', message: 'must be between 1 and 100, got 0' };",
      "throw new KarpenterValidationError('stack/Pool', [issue]);",
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { cwd: path.join(__dirname, '../..'), encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.match(/OutOfRange/g)).toHaveLength(1);
    expect(run.stderr).not.toMatch(/issues:|where:/);
    expect(run.stderr.trim().split('\n').length).toBeLessThan(20);
  });
});

describe('framework check', () => {
  test('a construct in a stack of another framework copy (e.g. CDK Terrain) fails with a clear message', () => {
    // CDK Terrain marks its stacks with the same symbol as cdktf, so cdktf's TerraformStack.of finds them.
    class ForeignStack extends Construct {
      constructor() {
        super(undefined as unknown as Construct, '');
        Object.defineProperty(this, Symbol.for('cdktf/TerraformStack'), { value: true });
      }
    }
    const foreign = new ForeignStack();
    expect(() => new KarpenterNodePool(foreign, 'Pool', { name: 'p', nodeClass: Ec2NodeClass.fromName('default') })).toThrow(
      new RegExp(
        'Pool: the stack is not a TerraformStack of the cdktf package this library uses\\. ' +
          'cdktf-karpenter-eks constructs support CDK for Terraform \\(cdktf\\) 0\\.21 only; a CDK Terrain ' +
          "\\(cdktn\\) app.*use the pure core \\('cdktf-karpenter-eks/core'",
      ),
    );
  });
});
