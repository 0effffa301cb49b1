// toDriftNodes: the CI assertion "this change replaces no node" on stacks built with the constructs.
import '../../lib/testing/jest';
import { Testing } from 'cdktf';
import { Budget, Disruption } from '../../lib/core/api/node-pool-definition';
import { KarpenterDuration } from '../../lib/core/model/duration';
import { KarpenterNodePool, KarpenterNodePoolProps } from '../../lib/manifests/karpenter-node-pool';
import { toDriftNodes } from '../../lib/testing/drift-matchers';
import { nodePoolsOf } from '../../lib/testing/synth';
import { nodeClassStack } from '../manifests/node-class-stack';

function synth(props: Partial<KarpenterNodePoolProps> = {}): string {
  const { stack, nodeClass } = nodeClassStack();
  new KarpenterNodePool(stack, 'Pool', { name: 'general', nodeClass, labels: { team: 'a' }, ...props });
  new KarpenterNodePool(stack, 'Other', { name: 'other', nodeClass });
  return Testing.synth(stack);
}

const AT = new Date('2026-12-07T10:00:00Z');
let deployed: string;
beforeAll(() => {
  deployed = synth();
});

test('a budget change replaces no node', () => {
  const changed = synth({
    disruption: Disruption.whenEmptyOrUnderutilized({ budgets: [Budget.nodes(0).during('0 9 * * mon-fri', KarpenterDuration.hours(8))] }),
  });
  expect(changed).not.toDriftNodes({ from: deployed, at: AT });
});

test('a template label replaces every node of its pool; the .not message gives the reason', () => {
  const changed = synth({ labels: { team: 'b' } });
  expect(changed).toDriftNodes({ from: deployed });
  expect(changed).toDriftNodes({ from: deployed, nodePool: 'general' });
  expect(changed).not.toDriftNodes({ from: deployed, nodePool: 'other' });
  const r = toDriftNodes(changed, { from: deployed });
  expect(r.pass).toBe(true);
  expect(r.message()).toBe(
    'expect(received).not.toDriftNodes({ from })\n\nExpected the change to replace no node, but:\n' +
      '  NodePool general: all\n    Static spec.template.metadata.labels.team: a template label is hashed: every node of the pool is replaced',
  );
  expect(() => expect(changed).not.toDriftNodes({ from: deployed })).toThrow('spec.template.metadata.labels.team');
});

test('without a drift, toDriftNodes fails listing each pool', () => {
  const r = toDriftNodes(deployed, { from: deployed });
  expect(r.pass).toBe(false);
  expect(r.message()).toContain('no NodePool drifts:\n  NodePool general: none\n  NodePool other: none');
});

test('a pool name on neither side fails and names the pools', () => {
  const r = toDriftNodes(deployed, { from: deployed, nodePool: 'gpu' });
  expect(r).toMatchObject({ pass: false });
  expect(r.message()).toContain('No NodePool "gpu" on either side (NodePools: general, other)');
});

test('from a running cluster: the NodeClaims decide', () => {
  const changed = synth({ labels: { team: 'b' } });
  // The deployed pools, but no NodeClaims of them: nothing to replace.
  const cluster = { nodePools: nodePoolsOf(deployed).map((m) => m.manifest), ec2NodeClasses: [], nodeClaims: [] };
  expect(changed).not.toDriftNodes({ from: cluster, nodePool: 'general' });
  expect(changed).toDriftNodes({ from: { ...cluster, nodeClaims: undefined }, nodePool: 'general' });
});
