import { Testing } from 'cdktf';
import { Ec2NodeClassDefinition } from '../../lib/core/api/ec2-node-class-definition';
import { NodePoolDefinition } from '../../lib/core/api/node-pool-definition';
import { Requirement } from '../../lib/core/model/requirement-builder';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { nodeClassStack } from './node-class-stack';

describe('each manifest is rendered once per construct', () => {
  afterEach(() => jest.restoreAllMocks());

  test('constructing, validating and reading a pool and its class render each once', () => {
    const renderPool = jest.spyOn(NodePoolDefinition.prototype as unknown as { render: () => unknown }, 'render');
    const renderClass = jest.spyOn(Ec2NodeClassDefinition.prototype as unknown as { render: () => unknown }, 'render');
    const { stack, nodeClass } = nodeClassStack();
    const pool = new KarpenterNodePool(stack, 'Pool', { name: 'general', nodeClass, requirements: [Requirement.instanceCategories('c', 'm')] });
    pool.toManifest();
    pool.toYaml();
    nodeClass.toManifest();
    Testing.synth(stack);
    expect([renderPool.mock.calls.length, renderClass.mock.calls.length]).toEqual([1, 1]);
  });

  test('toManifest() returns a copy: changing it changes neither the construct nor the resource', () => {
    const { stack, nodeClass } = nodeClassStack();
    const pool = new KarpenterNodePool(stack, 'Pool', { name: 'general', nodeClass, requirements: [Requirement.instanceCategories('c', 'm')] });
    // The manifest types are readonly; JavaScript callers can still write.
    const copy = pool.toManifest() as unknown as { metadata: { name: string }; spec: { template: { spec: { requirements: unknown[] } } } };
    copy.metadata.name = 'changed';
    copy.spec.template.spec.requirements.push({ key: 'x', operator: 'Exists' });
    (nodeClass.toManifest().spec as { role?: string }).role = 'changed';
    expect(pool.toManifest().metadata.name).toBe('general');
    expect(pool.toManifest().spec.template.spec.requirements).toHaveLength(1);
    expect(nodeClass.toManifest().spec.role).toBe('KarpenterNodeRole-demo');
    const manifests = Object.values(JSON.parse(Testing.synth(stack)).resource.kubernetes_manifest) as { manifest: { kind: string } }[];
    expect(manifests.map((m) => m.manifest)).toEqual([nodeClass.toManifest(), pool.toManifest()]);
  });
});
