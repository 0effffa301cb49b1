import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { Release } from '@cdktf/provider-helm/lib/release';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { Testing } from 'cdktf';
import { ec2NodeClassesOf, helmReleasesOf, nodePoolsOf, SynthesizedStack } from '../../lib/testing/synth';
import { addressOf, newStack } from '../util/stacks';
import { karpenterStack, NODE_CLASS, NODE_POOL } from './karpenter-stack';

describe('SynthesizedStack', () => {
  test('should return NodePools with address, construct path, name and manifest', () => {
    // GIVEN
    const { stack, nodePool } = karpenterStack();

    // WHEN
    const pools = SynthesizedStack.of(stack).nodePools();

    // THEN
    expect(pools).toEqual([
      {
        address: addressOf(nodePool),
        constructPath: 'stack/Karpenter/NodePool',
        apiVersion: 'karpenter.sh/v1',
        kind: 'NodePool',
        name: 'default',
        manifest: NODE_POOL,
      },
    ]);
  });

  test('should return EC2NodeClasses and leave other kinds out', () => {
    const { stack } = karpenterStack();

    const synth = SynthesizedStack.of(stack);

    expect(synth.ec2NodeClasses().map((c) => [c.kind, c.name, c.manifest])).toEqual([['EC2NodeClass', 'default', NODE_CLASS]]);
    expect(
      synth
        .manifests()
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['ConfigMap', 'EC2NodeClass', 'NodePool']);
    expect(synth.manifests('ConfigMap', '')).toHaveLength(1);
  });

  test('should see what an escape hatch changed', () => {
    // GIVEN
    const { stack, nodePool } = karpenterStack();

    // WHEN
    nodePool.addOverride('manifest.spec.weight', 50);
    nodePool.addOverride('manifest.metadata.name', 'renamed');

    // THEN
    const [pool] = nodePoolsOf(stack);
    expect(pool.name).toBe('renamed');
    expect(pool.manifest.spec).toMatchObject({ weight: 50, limits: { cpu: '1000' } });
  });

  test('should keep Terraform references as strings', () => {
    // GIVEN
    const stack = newStack('stack');
    new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
    new (require('@cdktf/provider-kubernetes/lib/provider').KubernetesProvider)(stack, 'kubernetes', {});
    const role = new IamRole(stack, 'NodeRole', { assumeRolePolicy: '{}' });

    // WHEN
    new Manifest(stack, 'NodeClass', { manifest: { ...NODE_CLASS, spec: { ...NODE_CLASS.spec, role: role.name } } });

    // THEN
    expect(ec2NodeClassesOf(stack)[0].manifest.spec).toMatchObject({ role: '${aws_iam_role.NodeRole.name}' });
  });

  test('should read the Testing.synth string, without construct paths', () => {
    const { stack, nodePool } = karpenterStack();

    const pools = SynthesizedStack.fromJson(Testing.synth(stack)).nodePools();

    expect(pools).toHaveLength(1);
    expect(pools[0].address).toBe(addressOf(nodePool));
    expect(pools[0].constructPath).toBeUndefined();
  });

  test('should take construct paths from cdktf metadata in a cdk.tf.json', () => {
    const json = {
      resource: {
        kubernetes_manifest: {
          pool: { '//': { metadata: { path: 'app/stack/Pool', uniqueId: 'pool' } }, manifest: NODE_POOL },
        },
      },
    };

    const [pool] = SynthesizedStack.fromJson(json).nodePools();

    expect(pool.constructPath).toBe('app/stack/Pool');
    expect(SynthesizedStack.fromJson(json).resources('kubernetes_manifest')[0].attributes).not.toHaveProperty('//');
  });

  test('should run validations by default, as cdktf synth does', () => {
    // GIVEN
    const { stack } = karpenterStack();
    stack.node.addValidation({ validate: () => ['the NodePool has no limits'] });

    // THEN
    expect(() => SynthesizedStack.of(stack)).toThrow(/the NodePool has no limits/);
    expect(SynthesizedStack.of(stack, { runValidations: false }).nodePools()).toHaveLength(1);
  });

  test('throws when given something that is not a stack or synthesized JSON', () => {
    expect(() => SynthesizedStack.from(42)).toThrow(
      /expected a TerraformStack, the string returned by Testing.synth\(stack\) or its parsed JSON, got a number/,
    );
    expect(() => SynthesizedStack.from('not json')).toThrow(/the string is not synthesized Terraform JSON/);
    expect(() => SynthesizedStack.from([])).toThrow(/got an array/);
  });

  test('should list resources sorted by address', () => {
    const { stack, controller } = karpenterStack();

    const addresses = SynthesizedStack.of(stack)
      .resources()
      .map((r) => r.address);

    expect(addresses).toEqual([...addresses].sort());
    expect(addresses).toContain(addressOf(controller));
  });
});

describe('helm releases', () => {
  test('should merge values documents in order, YAML and JSON alike', () => {
    const { stack } = karpenterStack();

    const release = SynthesizedStack.of(stack).helmRelease('karpenter');

    expect(release).toMatchObject({
      releaseName: 'karpenter',
      chart: 'oci://public.ecr.aws/karpenter/karpenter',
      version: '1.14.1',
      namespace: 'kube-system',
      constructPath: 'stack/Karpenter/Controller',
      unparsedValues: [],
    });
    expect(release?.values).toEqual({
      settings: { clusterName: 'demo', interruptionQueue: 'Karpenter-demo' },
      replicas: 1,
      controller: { resources: { requests: { cpu: '1' } } },
    });
  });

  test('should apply set, set_list and set_sensitive after values, typed like Helm', () => {
    // GIVEN
    const { stack, controller } = karpenterStack();

    // WHEN
    controller.putSet([
      { name: 'replicas', value: '3' },
      { name: 'settings.clusterName', value: 'true', type: 'string' },
      { name: 'podAnnotations.prometheus\\.io/scrape', value: 'true' },
      { name: 'tolerations[0].key', value: 'CriticalAddonsOnly' },
    ]);
    controller.putSetList([{ name: 'extraArgs', value: ['--a', '--b'] }]);
    controller.putSetSensitive([{ name: 'settings.token', value: 's3cr3t' }]);

    // THEN
    expect(helmReleasesOf(stack).find((r) => r.releaseName === 'karpenter')?.values).toEqual({
      settings: { clusterName: 'true', interruptionQueue: 'Karpenter-demo', token: 's3cr3t' },
      replicas: 3,
      controller: { resources: { requests: { cpu: '1' } } },
      podAnnotations: { 'prometheus.io/scrape': true },
      tolerations: [{ key: 'CriticalAddonsOnly' }],
      extraArgs: ['--a', '--b'],
    });
  });

  test('should apply set_sensitive after set_list, and type values as Helm strvals does', () => {
    // GIVEN
    const { stack, controller } = karpenterStack();

    // WHEN
    controller.putSetSensitive([{ name: 'settings.token', value: 's3cr3t' }]);
    controller.putSetList([
      { name: 'settings.token', value: ['listed'] },
      { name: 'ports', value: ['80', 'TRUE', '0x1', '-3'] },
    ]);
    controller.putSet([
      { name: 'flag', value: 'True' },
      { name: 'plus', value: '+5' },
      { name: 'zip', value: '012' },
      { name: 'zero', value: '0' },
      { name: 'replicas', value: 'null' },
    ]);

    // THEN
    expect(SynthesizedStack.of(stack).helmRelease('karpenter')?.values).toEqual({
      settings: { clusterName: 'demo', interruptionQueue: 'Karpenter-demo', token: 's3cr3t' },
      controller: { resources: { requests: { cpu: '1' } } },
      ports: [80, true, '0x1', -3],
      flag: true,
      plus: 5,
      zip: '012',
      zero: 0,
    });
  });

  test('should delete a key set to null by a later values document', () => {
    const stack = newStack('stack');
    new Release(stack, 'R', { name: 'r', chart: 'c', values: ['a: 1\nb: {c: 2, d: 3}\n', 'b: {c: null}\n'] });

    expect(SynthesizedStack.of(stack, { runValidations: false }).helmReleases()[0].values).toEqual({ a: 1, b: { d: 3 } });
  });

  test('should keep a values entry that is a Terraform expression aside', () => {
    const stack = newStack('stack');
    new Release(stack, 'R', { name: 'r', chart: 'c', values: ['${yamlencode(local.values)}', 'a: 1'] });

    const [release] = SynthesizedStack.of(stack, { runValidations: false }).helmReleases();

    expect(release.values).toEqual({ a: 1 });
    expect(release.unparsedValues).toEqual(['${yamlencode(local.values)}']);
  });
});
