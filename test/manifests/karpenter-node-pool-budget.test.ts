// maxHourlyCost: the pool's cost ceiling against a budget, at synth.
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Requirement } from '../../lib/core/model/requirement-builder';
import { KarpenterNodePool, KarpenterNodePoolProps } from '../../lib/manifests/karpenter-node-pool';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { synthErrorLines } from '../private/at-synth';
import { warningsOf } from '../util/warnings';
import { nodeClassStack } from './node-class-stack';

function pool(props: Partial<KarpenterNodePoolProps>): KarpenterNodePool {
  const { stack, nodeClass } = nodeClassStack();
  return new KarpenterNodePool(stack, 'Pool', { name: 'general', nodeClass, ...props });
}

// The message is the core's (test/core/lints/budget.test.ts); this checks it fails synth on the prop, under the path.
test('a bad maxHourlyCost fails synth on the prop, naming the construct', () => {
  expect(synthErrorLines(() => pool({ maxHourlyCost: 0, limits: { cpu: Quantity.cpu(10) } }))).toEqual([
    expect.stringMatching(/^\[test\/Pool\] maxHourlyCost: .*\(InvalidMaxHourlyCost\)$/),
  ]);
});

test('no budget, no check', () => {
  const p = pool({ limits: { cpu: Quantity.cpu(1000) }, requirements: [Requirement.instanceTypes('m5.large')] });
  expect(warningsOf(p)).toEqual([]);
});

// m5.large $0.096/h and m5.xlarge $0.192/h are both $0.048 per vCPU-hour: cpu 100 → $4.80/h.
const M5 = [Requirement.instanceTypes('m5.large', 'm5.xlarge')];

test('a ceiling over maxHourlyCost is a warning on the limit, naming the fix', () => {
  const p = pool({ requirements: M5, limits: { cpu: Quantity.cpu(100) }, maxHourlyCost: 4 });
  expect(warningsOf(p)).toEqual([
    'spec.limits.cpu: lets this NodePool cost up to $4.80/h ($3,504.00/month: 100 vCPU × $0.0480 per vCPU-hour of m5.large), ' +
      'over maxHourlyCost $4.00/h; lower limits.cpu to at most 83 (vCPU), or raise maxHourlyCost (on-demand, us-east-1, prices of 2026-07-06) ' +
      '(CostCeilingOverBudget)',
  ]);
});

test('within budget: no warning', () => {
  expect(warningsOf(pool({ requirements: M5, limits: { cpu: Quantity.cpu(100) }, maxHourlyCost: 4.8 }))).toEqual([]);
});

test("silenceWarnings drops it; catalogChecks 'error' makes it fail synth, 'off' skips it", () => {
  const over = { requirements: M5, limits: { cpu: Quantity.cpu(100) }, maxHourlyCost: 4 };
  expect(warningsOf(pool({ ...over, silenceWarnings: ['CostCeilingOverBudget'] }))).toEqual([]);
  const lines = synthErrorLines(() => pool({ ...over, catalogChecks: 'error' }));
  expect(lines).toEqual([
    expect.stringMatching(/^\[test\/Pool\] spec\.limits\.cpu: lets this NodePool cost up to \$4\.80\/h .*\(CostCeilingOverBudget\)$/),
  ]);
  expect(warningsOf(pool({ ...over, catalogChecks: 'off' })).filter((w) => w.includes('CostCeilingOverBudget'))).toEqual([]);
});

test('a pool without limits cannot keep a budget', () => {
  const p = pool({ requirements: M5, maxHourlyCost: 4, silenceWarnings: ['NodePoolWithoutLimits'] });
  expect(warningsOf(p)).toEqual([expect.stringMatching(/^spec\.limits: .*\(CostCeilingOverBudget\)$/)]);
});

test('a class referred to by name is not known, and the ceiling is still computed', () => {
  const { stack } = nodeClassStack();
  const p = new KarpenterNodePool(stack, 'Pool', {
    name: 'general',
    nodeClass: Ec2NodeClass.fromName('elsewhere'),
    requirements: M5,
    limits: { cpu: Quantity.cpu(100) },
    maxHourlyCost: 4,
  });
  expect(warningsOf(p).filter((w) => w.includes('CostCeilingOverBudget'))).toEqual([
    expect.stringContaining(
      'up to $4.80/h ($3,504.00/month: 100 vCPU × $0.0480 per vCPU-hour of m5.large), over maxHourlyCost $4.00/h; lower limits.cpu to at most 83 ' +
        '(vCPU), or raise maxHourlyCost (its EC2NodeClass is not known here, so every Linux type its requirements allow is counted; on-demand,',
    ),
  ]);
});
