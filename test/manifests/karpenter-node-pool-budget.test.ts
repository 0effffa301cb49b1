// maxHourlyCost: the pool's cost ceiling against a budget, at synth.
import { Quantity } from '../../lib/core/api/quantity';
import { Requirement } from '../../lib/core/api/requirements';
import { KarpenterNodePool, KarpenterNodePoolProps } from '../../lib/manifests/karpenter-node-pool';
import { synthErrorLines } from '../private/at-synth';
import { warningsOf } from '../util/warnings';
import { nodeClassStack } from './node-class-stack';

function pool(props: Partial<KarpenterNodePoolProps>): KarpenterNodePool {
  const { stack, nodeClass } = nodeClassStack();
  return new KarpenterNodePool(stack, 'Pool', { name: 'general', nodeClass, ...props });
}

test.each([0, -1, NaN])('maxHourlyCost %p fails synth on the prop, naming the construct', (bad) => {
  expect(synthErrorLines(() => pool({ maxHourlyCost: bad, limits: { cpu: Quantity.cpu(10) } }))).toEqual([
    `[test/Pool] maxHourlyCost: must be a positive number of USD per hour, got ${bad}; e.g. maxHourlyCost: 50 (InvalidMaxHourlyCost)`,
  ]);
});

test('no budget, no check', () => {
  const p = pool({ limits: { cpu: Quantity.cpu(1000) }, requirements: [Requirement.instanceTypes('m5.large')] });
  expect(warningsOf(p)).toEqual([]);
});
