// The simulation matchers and simulateStack, on the README's GPU example and on the full example.
import '../../lib/testing/jest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { buildFullStackApp, FullStackApp } from '../../examples/full-stack/app';
import { GeneralAndGpuPools } from '../../examples/explain-gpu/gpu-pools';
import { simulateStack, simulationInputOf, toAdmitInstanceTypes, toAdmitOnly, toSchedulePod, toSchedulePodOn } from '../../lib/testing';

const CATEGORY = 'karpenter.k8s.aws/instance-category';
const GPU_TOLERATION = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };

function pod(name: string, spec: { requests?: Record<string, string>; tolerations?: object[]; nodeSelector?: Record<string, string> } = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ml' },
    spec: {
      containers: [{ name: 'main', image: 'busybox', resources: spec.requests ? { requests: spec.requests } : {} }],
      ...(spec.tolerations ? { tolerations: spec.tolerations } : {}),
      ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
    },
  };
}

const trainer = pod('trainer', { requests: { 'nvidia.com/gpu': '1' }, tolerations: [GPU_TOLERATION] });
const notebook = pod('notebook', { requests: { 'nvidia.com/gpu': '1' } });
const web = pod('web', { requests: { cpu: '1' } });

let stack: TerraformStack;
beforeAll(() => {
  stack = new TerraformStack(Testing.app(), 'ml');
  new GeneralAndGpuPools(stack, 'Pools', 'demo', new KubernetesProvider(stack, 'k8s', {}));
});

describe('admitted instance types', () => {
  test('toAdmitInstanceTypes passes when the pool admits every type listed, and .not when one is missing', () => {
    expect(stack).toAdmitInstanceTypes('gpu', ['g5.xlarge', 'g6.xlarge']);
    expect(stack).not.toAdmitInstanceTypes('gpu', ['g5.xlarge', 'm5.large']);
    expect(stack).toAdmitInstanceTypes('general', ['m6i.large', 'c7g.xlarge']);
  });

  test('toAdmitInstanceTypes says which types are missing and what the pool admits', () => {
    expect(() => expect(stack).toAdmitInstanceTypes('gpu', ['g5.xlarge', 'm5.large'])).toThrow(
      /Expected NodePool "gpu" to admit \[g5\.xlarge, m5\.large\], but it does not admit \[m5\.large\]; it admits \d+ types: \[g/,
    );
  });

  test('toAdmitOnly checks names or labels, and names the types outside them', () => {
    expect(stack).toAdmitOnly('gpu', { [CATEGORY]: 'g' });
    expect(stack).toAdmitOnly('general', { [CATEGORY]: ['c', 'm', 'r'] });
    expect(stack).not.toAdmitOnly('general', { [CATEGORY]: ['c', 'm'] });
    expect(() => expect(stack).toAdmitOnly('general', { [CATEGORY]: ['c', 'm'] })).toThrow(
      /Expected NodePool "general" to admit only types with \{"karpenter\.k8s\.aws\/instance-category":\["c","m"\]\}, but it also admits \[r/,
    );
    expect(() => expect(stack).toAdmitOnly('gpu', ['g5.xlarge'])).toThrow(/but it also admits \[g/);
  });

  test('an unknown pool name fails with the names there are', () => {
    expect(() => expect(stack).toAdmitInstanceTypes('gpus', ['g5.xlarge'])).toThrow(
      'The stack has no NodePool named "gpus"; its NodePools: "general", "gpu".',
    );
    expect(toAdmitOnly(stack, 'gpus', []).pass).toBe(false);
  });
});

describe('where pods go', () => {
  test('toSchedulePodOn passes for the pool the pod lands on, and says where it went otherwise', () => {
    expect(stack).toSchedulePodOn(trainer, 'gpu');
    expect(stack).toSchedulePodOn(web, 'general');
    expect(stack).not.toSchedulePodOn(web, 'gpu');
    expect(() => expect(stack).toSchedulePodOn(web, 'gpu')).toThrow(
      /Expected pod ml\/web to land on NodePool "gpu", but:\n {2}ml\/web: lands on NodePool "general" \(\[/,
    );
  });

  test('a pending pod: .not.toSchedulePod passes, and toSchedulePod fails with Karpenter’s reason and the pools', () => {
    expect(stack).not.toSchedulePod(notebook);
    expect(() => expect(stack).toSchedulePod(notebook)).toThrow(
      /ml\/notebook: stays pending: .*did not tolerate taint \(taint=nvidia\.com\/gpu=true:NoSchedule\)/,
    );
    expect(() => expect(stack).toSchedulePod(notebook)).toThrow(/NodePools: "general" admits \d+ types, "gpu" admits \d+ types\./);
    expect(() => expect(stack).toSchedulePodOn(pod('huge', { requests: { 'nvidia.com/gpu': '16' }, tolerations: [GPU_TOLERATION] }), 'gpu')).toThrow(
      /stays pending: .*no instance type has enough resources/,
    );
  });

  test('every pod of a Deployment must land on the pool', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'inference', namespace: 'ml' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'inference' } },
        template: { metadata: { labels: { app: 'inference' } }, spec: trainer.spec },
      },
    };
    expect(stack).toSchedulePodOn(deployment, 'gpu');
    expect(() => expect(stack).not.toSchedulePodOn(deployment, 'gpu')).toThrow(/the pods of Deployment ml\/inference not to land on NodePool "gpu"/);
  });

  test('other pods of the batch are simulated with it (options.pods)', () => {
    const result = toSchedulePodOn(stack, web, 'general', { pods: [trainer, notebook] });
    expect(result.pass).toBe(true);
  });

  test('the plain functions work without jest: simulateStack, simulationInputOf, the matcher functions', () => {
    const input = simulationInputOf(stack, { pods: [trainer] });
    expect(input.nodePools.map((p: any) => p.metadata.name)).toEqual(['general', 'gpu']);
    expect(input.nodeClasses.map((c: any) => c.metadata.name)).toEqual(['default']);

    const result = simulateStack(stack, { pods: [trainer, notebook] });
    expect(result.pods.map((p) => [p.name, p.schedulable, p.nodePool])).toEqual([
      ['trainer', true, 'gpu'],
      ['notebook', false, undefined],
    ]);
    expect(toSchedulePod(stack, notebook).pass).toBe(false);
    expect(toAdmitInstanceTypes(stack, 'gpu', ['g5.xlarge']).pass).toBe(true);
  });
});

describe('on the full example', () => {
  let example: FullStackApp;
  beforeAll(() => {
    example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  });

  test('its pools admit what their requirements say', () => {
    expect(example.nodePools).toAdmitOnly('reserved', { 'karpenter.k8s.aws/instance-family': ['m7i', 'c7i'] });
    expect(example.nodePools).toAdmitOnly('app', { 'kubernetes.io/arch': 'amd64' });
    expect(example.nodePools).toAdmitInstanceTypes('web-spot', ['m6i.large', 'c7i.xlarge']);
  });

  test('a plain pod goes to the heaviest pool; batch pods that tolerate its taint and outgrow reserved go to batch', () => {
    expect(example.nodePools).toSchedulePodOn(pod('api', { requests: { cpu: '1' } }), 'reserved');
    const batch = pod('etl', { requests: { cpu: '100' }, tolerations: [{ key: 'role', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }] });
    expect(example.nodePools).toSchedulePodOn(batch, 'batch');
    const site = simulateStack(example.nodePools, { pods: [pod('site', { nodeSelector: { 'example.com/workload': 'web' } })] }).pods[0];
    expect(site).toMatchObject({ schedulable: true, nodePool: expect.stringMatching(/^web-(spot|on-demand)$/) });
  });
});
