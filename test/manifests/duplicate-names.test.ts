// Issue #16 item 1: NodePool and EC2NodeClass names are cluster-wide, so a second one of the same name fails synth.
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { App, TerraformStack, Testing } from 'cdktf';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { ClusterProviders } from '../../lib/controller/cluster-providers';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { SpotOnDemandSplit } from '../../lib/manifests/spot-on-demand-split';
import { stackErrorLines } from '../private/at-synth';
import { NODE_CLASS_PROPS } from './node-class-stack';

const LIMITS = { cpu: Quantity.cpu(100) };
const DUPLICATE = (kind: string, name: string, other: string) =>
  `metadata.name: ${kind} name "${name}" is also declared at ${other}; ${kind} names are cluster-wide, so both would be the same object ` +
  `and each apply would overwrite the other. Give each ${kind} its own name (DuplicateName)`;

/** A stack with a kubernetes provider: one of its own, or one of ClusterProviders for `cluster`. */
function stackIn(app: App, id: string, cluster?: string): { stack: TerraformStack; provider: KubernetesProvider } {
  const stack = new TerraformStack(app, id);
  new AwsProvider(stack, 'Aws', { region: 'eu-west-1' });
  const provider =
    cluster === undefined
      ? new KubernetesProvider(stack, 'Kubernetes', {})
      : new ClusterProviders(stack, 'Providers', { clusterName: cluster, region: 'eu-west-1' }).kubernetesProvider;
  return { stack, provider };
}

// How duplicates are found: test/core/validation/duplicate-names.test.ts; these check the constructs, stacks and clusters compared.
describe('duplicate NodePool and EC2NodeClass names', () => {
  test('two pools named general in one stack: an error on each, naming the other', () => {
    const { stack } = stackIn(Testing.app(), 'test');
    const nodeClass = new Ec2NodeClass(stack, 'NodeClass', NODE_CLASS_PROPS);
    new KarpenterNodePool(stack, 'General', { name: 'general', nodeClass, limits: LIMITS });
    new KarpenterNodePool(stack, 'Gpu', { name: 'general', nodeClass, limits: LIMITS });
    expect(stackErrorLines(stack)).toEqual([
      `[test/General] ${DUPLICATE('NodePool', 'general', 'test/Gpu')}`,
      `[test/Gpu] ${DUPLICATE('NodePool', 'general', 'test/General')}`,
    ]);
  });

  test('two node classes named default in one stack, and a split pool clashing with a pool', () => {
    const { stack } = stackIn(Testing.app(), 'test');
    const nodeClass = new Ec2NodeClass(stack, 'A', NODE_CLASS_PROPS);
    new Ec2NodeClass(stack, 'B', NODE_CLASS_PROPS);
    new SpotOnDemandSplit(stack, 'Split', { namePrefix: 'web', nodeClass, ratio: { spot: 1, onDemand: 1 }, limits: LIMITS });
    new KarpenterNodePool(stack, 'Web', { name: 'web-spot', nodeClass, limits: LIMITS });
    expect(stackErrorLines(stack)).toEqual([
      `[test/A] ${DUPLICATE('EC2NodeClass', 'default', 'test/B')}`,
      `[test/B] ${DUPLICATE('EC2NodeClass', 'default', 'test/A')}`,
      `[test/Split/Spot] ${DUPLICATE('NodePool', 'web-spot', 'test/Web')}`,
      `[test/Web] ${DUPLICATE('NodePool', 'web-spot', 'test/Split/Spot')}`,
    ]);
  });

  test('across stacks of one app whose ClusterProviders name the same cluster; each stack reports its own construct once', () => {
    const app = Testing.app();
    const a = stackIn(app, 'a', 'prod');
    const b = stackIn(app, 'b', 'prod');
    for (const s of [a, b]) {
      const nodeClass = new Ec2NodeClass(s.stack, 'NodeClass', { ...NODE_CLASS_PROPS, name: `class-${s.stack.node.id}`, provider: s.provider });
      new KarpenterNodePool(s.stack, 'Pool', { name: 'general', nodeClass, limits: LIMITS, provider: s.provider });
    }
    expect(stackErrorLines(a.stack)).toEqual([`[a/Pool] ${DUPLICATE('NodePool', 'general', 'b/Pool')}`]);
    expect(stackErrorLines(b.stack)).toEqual([`[b/Pool] ${DUPLICATE('NodePool', 'general', 'a/Pool')}`]);
  });

  test('no error for different clusters, different providers of one stack, or stacks whose cluster is unknown', () => {
    const app = Testing.app();
    const prod = stackIn(app, 'prod', 'prod');
    const dev = stackIn(app, 'dev', 'dev');
    const unknown1 = stackIn(app, 'unknown1');
    const unknown2 = stackIn(app, 'unknown2');
    const other = new KubernetesProvider(unknown2.stack, 'Other', { alias: 'other' });
    for (const [s, provider] of [
      [prod.stack, prod.provider],
      [dev.stack, dev.provider],
      [unknown1.stack, undefined],
      [unknown2.stack, undefined],
      [unknown2.stack, other],
    ] as const) {
      const id = `${provider?.alias ?? 'default'}`;
      const nodeClass = new Ec2NodeClass(s, `NodeClass-${id}`, { ...NODE_CLASS_PROPS, provider });
      new KarpenterNodePool(s, `Pool-${id}`, { name: 'general', nodeClass, limits: LIMITS, provider });
    }
    for (const s of [prod.stack, dev.stack, unknown1.stack, unknown2.stack]) expect(stackErrorLines(s)).toEqual([]);
  });
});
