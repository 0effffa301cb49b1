import { loadInstanceTypeCatalog, runSimulation, simulateProvisioning, SimulationInput } from '../../../lib/core/sim';
import { MI } from '../../../lib/core/shared/quantity';
import { NOT_MODELLED, readWorkloads } from '../../../lib/core/sim/workloads';
import { deployment, nodeClass, nodePool, pod } from './fixtures';

const template = (requests: Record<string, string> = {}, spec: Record<string, unknown> = {}) => ({
  metadata: { labels: { app: 'x' } },
  spec: { containers: [{ name: 'app', resources: { requests } }], ...spec },
});
const job = (name: string, spec: Record<string, unknown>, status?: Record<string, unknown>) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace: 'jobs' },
  spec: { template: template(), ...spec },
  ...(status ? { status } : {}),
});
const hpa = (name: string, target: { kind: string; name: string }, spec: Record<string, unknown> = {}, namespace = 'default') => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, namespace },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', ...target }, maxReplicas: 10, ...spec },
});

function read(more: Partial<SimulationInput>) {
  return readWorkloads({ nodePools: [], nodeClasses: [], pods: [], ...more });
}
const catalog = loadInstanceTypeCatalog();
const names = (more: Partial<SimulationInput>) => read(more).pods.map((p) => p.name);
const sim = (more: Partial<SimulationInput>) => runSimulation({ nodePools: [nodePool('default')], nodeClasses: [nodeClass()], pods: [], ...more });

describe('a Job runs what job controller manageJob wants active', () => {
  test('issue #22: completions 2 with parallelism 4 gives 2 pods', () => {
    const r = simulateProvisioning({
      nodePools: [nodePool('default')],
      nodeClasses: [nodeClass()],
      pods: [job('batch', { completions: 2, parallelism: 4 })],
    });
    expect(r.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['jobs/batch-0', 'jobs/batch-1']);
  });

  test.each([
    ['parallelism defaults to 1', {}, undefined, 1],
    ['without completions, parallelism pods', { parallelism: 3 }, undefined, 3],
    ['completions bound parallelism', { parallelism: 3, completions: 1 }, undefined, 1],
    ['succeeded pods are done', { parallelism: 3, completions: 5 }, { succeeded: 3 }, 2],
    ['all completions succeeded: none', { parallelism: 3, completions: 2 }, { succeeded: 2 }, 0],
    ['without completions, after a success only the active pods run', { parallelism: 4 }, { succeeded: 1, active: 2 }, 2],
    ['neither field set: one completion, so one success ends it (SetDefaults_Job)', {}, { succeeded: 1, active: 1 }, 0],
    ['parallelism 0: none', { parallelism: 0, completions: 3 }, undefined, 0],
    ['suspended: none', { parallelism: 2, suspend: true }, undefined, 0],
    ['finished: none', { parallelism: 2 }, { conditions: [{ type: 'Complete', status: 'True' }] }, 0],
  ])('%s', (_title, spec, status, n) => {
    expect(read({ pods: [job('j', spec, status)] }).pods).toHaveLength(n);
  });

  test('a bad count is an issue on the Job, and the default is used', () => {
    const r = read({ pods: [job('j', { parallelism: -1, completions: 'two' })] });
    expect(r.pods).toHaveLength(1);
    expect(r.problems.map((p) => `${p.object} ${p.field} ${p.code}`)).toEqual([
      'Job/jobs/j spec.parallelism SimInvalidField',
      'Job/jobs/j spec.completions SimInvalidField',
    ]);
  });
});

test('a CronJob runs one Job of its jobTemplate; none while suspended', () => {
  const cron = (suspend: boolean) => ({
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'nightly', namespace: 'ops' },
    spec: { schedule: '0 3 * * *', suspend, jobTemplate: { spec: { parallelism: 3, completions: 2, template: template({ cpu: '1' }) } } },
  });
  const r = read({ pods: [cron(false)] });
  expect(r.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['ops/nightly-0', 'ops/nightly-1']);
  expect(r.pods[0]).toMatchObject({ labels: { app: 'x' }, requests: { cpu: 1000, pods: 1 } });
  expect(read({ pods: [cron(true)] }).pods).toEqual([]);
  const broken = read({ pods: [{ kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: {} } }] });
  expect(broken.problems.map((p) => `${p.field} ${p.code} ${p.fatal}`)).toEqual(['spec.jobTemplate.spec.template SimMissingPodTemplate true']);
});

test('a ReplicaSet runs its replicas (default 1); a StatefulSet names pods from spec.ordinals.start', () => {
  const rs = (replicas?: number) => ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'rs' },
    spec: { replicas, template: template() },
  });
  expect(names({ pods: [rs(3)] })).toEqual(['rs-0', 'rs-1', 'rs-2']);
  expect(names({ pods: [rs()] })).toEqual(['rs-0']);
  const sts = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db' },
    spec: { replicas: 2, ordinals: { start: 5 }, template: template() },
  };
  expect(names({ pods: [sts] })).toEqual(['db-5', 'db-6']);
  expect(names({ pods: [deployment('web', 0, {})] })).toEqual([]);
});

test('a DaemonSet among the pods is an issue that says where it goes', () => {
  const r = read({ pods: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { template: template() } }] });
  expect(r.problems).toEqual([expect.objectContaining({ object: 'DaemonSet/agent', code: 'SimInvalidObject', fatal: true })]);
  expect(r.problems[0].message).toMatch(/pass it in daemonSets/);
});

describe('a HorizontalPodAutoscaler sets its target to minReplicas..maxReplicas', () => {
  test('issue #22: minReplicas raises the replicas, and the pods say that metrics are not modelled', () => {
    const r = sim({
      pods: [deployment('web', 1, { cpu: '1' })],
      horizontalPodAutoscalers: [hpa('web', { kind: 'Deployment', name: 'web' }, { minReplicas: 3 })],
    });
    expect(r.result.pods.map((p) => p.name)).toEqual(['web-0', 'web-1', 'web-2']);
    expect(r.result.pods.every((p) => p.schedulable)).toBe(true);
    expect(r.result.pods[2].notModelled).toEqual([NOT_MODELLED.hpaMetrics('HorizontalPodAutoscaler/default/web', 3, 10)]);
    expect(r.issues).toEqual([]);
  });

  test('minReplicas defaults to 1; replicas above maxReplicas come down; 0 replicas means autoscaling is disabled (v1 too)', () => {
    const v1 = (spec: Record<string, unknown>) => ({ ...hpa('h', { kind: 'Deployment', name: 'web' }, spec), apiVersion: 'autoscaling/v1' });
    expect(names({ pods: [{ ...deployment('web', 1, {}), spec: { template: template() } }], horizontalPodAutoscalers: [v1({})] })).toEqual(['web-0']);
    expect(names({ pods: [deployment('web', 8, {})], horizontalPodAutoscalers: [v1({ maxReplicas: 2 })] })).toEqual(['web-0', 'web-1']);
    expect(names({ pods: [deployment('web', 0, {})], horizontalPodAutoscalers: [v1({ minReplicas: 2 })] })).toEqual([]);
    expect(names({ pods: [deployment('web', 5, {})], horizontalPodAutoscalers: [v1({ minReplicas: 2 })] })).toHaveLength(5);
  });

  test('an HPA whose target is not in the input gets one issue, and nothing else changes', () => {
    const input = { pods: [deployment('web', 2, { cpu: '1' })] };
    const without = sim(input);
    const r = sim({
      ...input,
      horizontalPodAutoscalers: [
        hpa('api', { kind: 'Deployment', name: 'api' }, { minReplicas: 5 }),
        hpa('web', { kind: 'Deployment', name: 'web' }, {}, 'other'),
      ],
    });
    expect(r.issues.map((i) => `${i.field}: ${i.code}`)).toEqual([
      'HorizontalPodAutoscaler/default/api spec.scaleTargetRef: SimHpaTargetMissing',
      'HorizontalPodAutoscaler/other/web spec.scaleTargetRef: SimHpaTargetMissing',
    ]);
    expect(r.issues[0].message).toBe(
      'targets Deployment/api in namespace default, which is not among the pods inputs; this HorizontalPodAutoscaler changes nothing: ' +
        'add that workload or fix spec.scaleTargetRef',
    );
    expect(r.result).toEqual(without.result);
  });

  test('a target without replicas, two HPAs on one target, and a malformed HPA change nothing and say why', () => {
    const r = read({
      pods: [job('j', {}), deployment('web', 1, {})],
      horizontalPodAutoscalers: [
        hpa('j', { kind: 'Job', name: 'j' }, {}, 'jobs'),
        hpa('a', { kind: 'Deployment', name: 'web' }, { minReplicas: 3 }),
        hpa('b', { kind: 'Deployment', name: 'web' }, { minReplicas: 4 }),
        { kind: 'HorizontalPodAutoscaler', metadata: { name: 'bad' }, spec: {} },
        null,
      ],
    });
    expect(r.pods.map((p) => p.name)).toEqual(['j-0', 'web-0']);
    expect(r.problems.map((p) => `${p.object}: ${p.code}`)).toEqual([
      'HorizontalPodAutoscaler/jobs/j: SimHpaTargetNotScalable',
      'HorizontalPodAutoscaler/default/a: SimHpaAmbiguous',
      'HorizontalPodAutoscaler/default/b: SimHpaAmbiguous',
      'HorizontalPodAutoscaler/bad: SimInvalidField',
      'horizontalPodAutoscalers[4]: SimInvalidObject',
    ]);
  });
});

describe('LimitRange container defaults (LimitRanger admission)', () => {
  const limitRange = (namespace: string, item: Record<string, unknown>) => ({
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'defaults', namespace },
    spec: {
      limits: [
        { type: 'Pod', max: { cpu: '64' } },
        { type: 'Container', ...item },
      ],
    },
  });

  test('issue #22: a container without requests gets defaultRequest, and the NodeClaim is sized for it', () => {
    const bare = pod('bare');
    const lr = limitRange('default', { defaultRequest: { cpu: '3', memory: '1Gi' } });
    const r = sim({ pods: [bare], limitRanges: [lr] });
    expect(read({ pods: [bare], limitRanges: [lr] }).pods[0].requests).toEqual({ cpu: 3000, memory: 1024 * MI, pods: 1 });
    const types = r.result.pods[0].instanceTypes;
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => catalog.get(t)!.allocatable.cpu >= 3000)).toBe(true);
    expect(sim({ pods: [bare] }).result.pods[0].instanceTypes.some((t) => catalog.get(t)!.allocatable.cpu < 3000)).toBe(true);
  });

  test('default stands in for defaultRequest, then max, then min; only missing requests are filled; other namespaces are untouched', () => {
    const lr = limitRange('default', { default: { cpu: '500m' }, max: { memory: '2Gi' }, min: { 'ephemeral-storage': '1Gi' } });
    const mixed = pod('mixed', { cpu: '100m' });
    const elsewhere = { ...pod('elsewhere'), metadata: { name: 'elsewhere', namespace: 'team' } };
    const [a, b] = read({ pods: [mixed, elsewhere], limitRanges: [lr] }).pods;
    expect(a.requests).toEqual({ cpu: 100, memory: 2048 * MI, 'ephemeral-storage': 1024 * MI, pods: 1 });
    expect(b.requests).toEqual({ pods: 1 });
  });

  test('two LimitRanges in one namespace: the first in the input wins per resource; a bad quantity is an issue on the LimitRange', () => {
    const first = limitRange('default', { defaultRequest: { cpu: '1' } });
    const second = { ...limitRange('default', { defaultRequest: { cpu: '2', memory: 'lots' } }), metadata: { name: 'second', namespace: 'default' } };
    const r = read({ pods: [pod('p')], limitRanges: [first, second] });
    expect(r.pods[0].requests).toEqual({ cpu: 1000, pods: 1 });
    expect(r.problems.map((p) => `${p.object} ${p.field}: ${p.code}`)).toEqual([
      'LimitRange/default/second spec.limits[1].defaultRequest.memory: SimInvalidQuantity',
    ]);
  });
});

describe('RuntimeClass admission', () => {
  const runtimeClass = (more: Record<string, unknown>) => ({
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass',
    metadata: { name: 'kata' },
    handler: 'kata',
    ...more,
  });
  const kataPod = (spec: Record<string, unknown> = {}) => pod('vm', { cpu: '1' }, { runtimeClassName: 'kata', ...spec });

  test('issue #22: overhead.podFixed is added to the pod requests when the RuntimeClass is in the input', () => {
    const r = read({ pods: [kataPod()], runtimeClasses: [runtimeClass({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } })] });
    expect(r.pods[0].requests).toEqual({ cpu: 1250, memory: 120 * MI, pods: 1 });
    expect(r.pods[0].notModelled).toBeUndefined();
  });

  test('a RuntimeClass not in the input: the pod says its overhead is not known', () => {
    const r = sim({ pods: [kataPod()] });
    expect(r.result.pods[0]).toMatchObject({ schedulable: true, notModelled: ['overhead and scheduling of RuntimeClass "kata" (not in the input)'] });
  });

  test('scheduling merges node selector and tolerations; a conflicting selector or a different overhead rejects the pod', () => {
    const rc = runtimeClass({
      overhead: { podFixed: { cpu: '100m' } },
      scheduling: { nodeSelector: { 'kubernetes.io/arch': 'amd64' }, tolerations: [{ key: 'vm', operator: 'Exists' }] },
    });
    const [ok] = read({ pods: [kataPod({ nodeSelector: { team: 'a' } })], runtimeClasses: [rc] }).pods;
    expect(ok.affinity.nodeSelector).toEqual({ team: 'a', 'kubernetes.io/arch': 'amd64' });
    expect(ok.tolerations).toEqual([{ key: 'vm', operator: 'Exists', value: '', effect: '' }]);
    const r = read({
      pods: [
        kataPod({ nodeSelector: { 'kubernetes.io/arch': 'arm64' } }),
        { ...kataPod({ overhead: { cpu: '1' } }), metadata: { name: 'vm2', namespace: 'default' } },
      ],
      runtimeClasses: [rc],
    });
    expect(r.problems.map((p) => `${p.object} ${p.field}: ${p.code} ${p.fatal}`)).toEqual([
      'Pod/default/vm spec.nodeSelector.kubernetes.io/arch: SimRuntimeClassRejected true',
      'Pod/default/vm2 spec.overhead: SimRuntimeClassRejected true',
    ]);
  });
});

describe('notModelled: what a pod uses that the simulator ignores', () => {
  test.each([
    ['a persistentVolumeClaim volume', { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }, NOT_MODELLED.pvcVolumes],
    ['an ephemeral volume', { volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } }] }, NOT_MODELLED.ephemeralVolumes],
    ['a host port', { containers: [{ name: 'app', ports: [{ containerPort: 80, hostPort: 8080 }] }] }, NOT_MODELLED.hostPorts],
    ['a port with host networking', { hostNetwork: true, containers: [{ name: 'app', ports: [{ containerPort: 80 }] }] }, NOT_MODELLED.hostPorts],
    ['resource claims (DRA)', { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] }, NOT_MODELLED.resourceClaims],
    ['scheduling gates', { schedulingGates: [{ name: 'example.com/wait' }] }, NOT_MODELLED.schedulingGates],
  ])('%s is on the PodResult', (_title, spec, phrase) => {
    const r = sim({ pods: [pod('p', {}, spec)] });
    expect(r.result.pods[0].notModelled).toEqual([phrase]);
  });

  test("a StatefulSet's volumeClaimTemplates are PVC volumes; a plain pod has no notModelled", () => {
    const sts = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: { volumeClaimTemplates: [{ metadata: { name: 'd' } }], template: template() },
    };
    const r = sim({ pods: [sts, pod('plain')] });
    expect(r.result.pods[0].notModelled).toEqual([NOT_MODELLED.pvcVolumes]);
    expect('notModelled' in r.result.pods[1]).toBe(false);
  });
});

test('replicas share one read of the pod spec: 10,000 pods of 50 workloads read fast, and a bad one is one issue', () => {
  const apps = Array.from({ length: 50 }, (_, i) =>
    deployment(`app-${i}`, 200, { cpu: '100m', memory: '128Mi' }, { nodeSelector: { team: `t${i}` } }),
  );
  const start = Date.now();
  const r = read({ pods: apps });
  expect(Date.now() - start).toBeLessThan(500);
  expect(r.pods).toHaveLength(10_000);
  expect(r.pods[9_999]).toMatchObject({ index: 9_999, name: 'app-49-199', requests: { cpu: 100, memory: 128 * MI, pods: 1 } });
  expect(r.pods[1].affinity).toBe(r.pods[0].affinity);
  const bad = sim({ pods: [deployment('bad', 3, { cpu: 'two' })] });
  expect(bad.issues.map((i) => i.code)).toEqual(['SimInvalidQuantity']);
  expect(bad.result.pods.map((p) => `${p.name} ${p.schedulable}`)).toEqual(['bad-0 false', 'bad-1 false', 'bad-2 false']);
});

test('hostile HPAs, LimitRanges and RuntimeClasses never throw', () => {
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
    },
  );
  const hostile = [trap, null, 5, 'x', [], {}, { kind: 'LimitRange', spec: { limits: [null, { type: 'Container', defaultRequest: 7 }] } }];
  const r = sim({
    pods: [pod('p', {}, { runtimeClassName: 'kata' }), trap],
    horizontalPodAutoscalers: hostile,
    limitRanges: hostile,
    runtimeClasses: hostile,
  });
  expect(r.result.pods.map((p) => p.name)).toEqual(['p', 'pods[1]']);
  expect(r.issues.length).toBeGreaterThan(0);
});

test('DaemonSet pods are admitted as the pods are: LimitRange defaults and RuntimeClass overhead count in the daemon overhead', () => {
  const ds = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'kube-system' },
    spec: { template: { metadata: { labels: { app: 'agent' } }, spec: { runtimeClassName: 'gvisor', containers: [{ name: 'a' }] } } },
  };
  const lr = {
    kind: 'LimitRange',
    metadata: { name: 'd', namespace: 'kube-system' },
    spec: { limits: [{ type: 'Container', defaultRequest: { cpu: '200m' } }] },
  };
  const rc = { kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { memory: '64Mi' } } };
  const r = read({ daemonSets: [ds, { kind: 'Deployment', metadata: { name: 'nope' } }], limitRanges: [lr], runtimeClasses: [rc] });
  expect(r.daemons[0]).toMatchObject({ name: 'agent', labels: { app: 'agent' }, requests: { cpu: 200, memory: 64 * MI, pods: 1 } });
  expect(r.problems.map((p) => `${p.object} ${p.field}: ${p.code}`)).toEqual(['Deployment/nope kind: SimMissingPodTemplate']);
});
