// toCostAtMostPerHour and nodePoolCostsOf on the full example's pools, and on hand-made stacks.
import '../../lib/testing/jest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Testing } from 'cdktf';
import { buildFullStackApp, FullStackApp } from '../../examples/full-stack/app';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Requirement } from '../../lib/core/model/requirement-builder';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { nodePoolCostsOf, toCostAtMostPerHour } from '../../lib/testing/cost-matchers';
import { nodeClassStack as baseStack } from '../manifests/node-class-stack';

/** A node-class stack with a kubernetes provider, so it synthesizes with validations. */
function nodeClassStack(): ReturnType<typeof baseStack> {
  const parts = baseStack();
  new KubernetesProvider(parts.stack, 'Kubernetes', {});
  return parts;
}

let example: FullStackApp;
beforeAll(() => {
  example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
});

test('every pool of the full example has a ceiling, bound by its tightest limit', () => {
  const costs = nodePoolCostsOf(example.nodePools).map((c) => [
    c.name,
    c.nodeClassFound,
    c.ceiling.status,
    c.ceiling.bindingResource,
    c.ceiling.perHour,
  ]);
  expect(costs).toEqual(
    expect.arrayContaining([
      // cpu 1000 and memory 4000Gi: memory binds (4000 GiB × the dearest per-GiB type it admits)
      ['app', true, 'bounded', 'memory', expect.any(Number)],
      ['batch', true, 'bounded', 'cpu', expect.any(Number)],
      ['reserved', true, 'bounded', 'cpu', expect.any(Number)],
    ]),
  );
  const reserved = nodePoolCostsOf(example.nodePools).find((c) => c.name === 'reserved')!.ceiling;
  // cpu 64 × m7i.12xlarge's 2.4192/48 = 0.0504 per vCPU-hour = 3.2256; memory 256Gi binds less
  expect(reserved.bounds.map((b) => [b.resource, b.mostExpensiveType, b.perUnitHour, b.perHour])).toEqual([
    ['cpu', 'm7i.12xlarge', 0.0504, 3.2256],
    ['memory', expect.any(String), expect.any(Number), expect.any(Number)],
  ]);
  expect(reserved.bounds[1].perHour).toBeGreaterThan(3.2256);
});

test('the matcher passes within budget and fails past it, on the full example', () => {
  expect(example.nodePools).toCostAtMostPerHour('reserved', 3.23);
  expect(example.nodePools).not.toCostAtMostPerHour('reserved', 3.2);
  for (const c of nodePoolCostsOf(example.nodePools)) expect(example.nodePools).toCostAtMostPerHour(c.name!, c.ceiling.perHour!);
});

test('a failure gives the ceiling with its arithmetic and where the prices come from', () => {
  expect(() => expect(example.nodePools).toCostAtMostPerHour('reserved', 3)).toThrow(
    'Expected NodePool "reserved" to cost at most $3.00/h, and its cost ceiling is at most $3.23/h ($2,354.69/month), bound by limits.cpu\n' +
      '  limits.cpu: $3.23/h = 64 vCPU × $0.0504 per vCPU-hour of m7i.12xlarge\n',
  );
  expect(() => expect(example.nodePools).toCostAtMostPerHour('reserved', 3)).toThrow(
    '(on-demand, us-east-1, prices of 2026-07-06; spot is usually cheaper; no Savings Plans or reservations)',
  );
});

test('a change that raises a limit past the budget fails the test', () => {
  const within = nodeClassStack();
  new KarpenterNodePool(within.stack, 'Pool', {
    name: 'general',
    nodeClass: within.nodeClass,
    requirements: [Requirement.instanceTypes('m5.large', 'm5.xlarge')],
    limits: { cpu: Quantity.cpu(100) },
  });
  // 100 vCPU × $0.048 = $4.80/h
  expect(within.stack).toCostAtMostPerHour('general', 5);
  const raised = nodeClassStack();
  new KarpenterNodePool(raised.stack, 'Pool', {
    name: 'general',
    nodeClass: raised.nodeClass,
    requirements: [Requirement.instanceTypes('m5.large', 'm5.xlarge')],
    limits: { cpu: Quantity.cpu(200) },
  });
  expect(() => expect(raised.stack).toCostAtMostPerHour('general', 5)).toThrow(/cost ceiling is at most \$9\.60\/h/);
});

test('an unbounded pool, a missing pool, a class not in the stack, a bad budget', () => {
  const { stack, nodeClass } = nodeClassStack();
  new KarpenterNodePool(stack, 'Open', { name: 'open', nodeClass, silenceWarnings: ['NodePoolWithoutLimits'] });
  new KarpenterNodePool(stack, 'Elsewhere', {
    name: 'elsewhere',
    nodeClass: Ec2NodeClass.fromName('other'),
    requirements: [Requirement.instanceTypes('m5.large')],
    limits: { cpu: Quantity.cpu(10) },
  });
  expect(() => expect(stack).toCostAtMostPerHour('open', 1000)).toThrow(/unbounded: no limit bounds it; set spec\.limits/);
  expect(() => expect(stack).toCostAtMostPerHour('gpu', 10)).toThrow('Expected a NodePool "gpu", but NodePools found: "elsewhere", "open".');
  // 10 vCPU × 0.048 = 0.48
  expect(stack).toCostAtMostPerHour('elsewhere', 0.48);
  expect(toCostAtMostPerHour(stack, 'elsewhere', 0.1).message()).toContain(
    'note: its EC2NodeClass is not known here, so every Linux type its requirements allow is counted',
  );
  expect(toCostAtMostPerHour(stack, 'open', NaN)).toMatchObject({ pass: false });
  expect(toCostAtMostPerHour(stack, 'open', NaN).message()).toContain('maxUsdPerHour must be a non-negative number of USD, got NaN');
});
