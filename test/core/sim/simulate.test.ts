import { loadInstanceTypeCatalog, runSimulation, simulateProvisioning } from '../../../lib/core/sim';
import { deployment, nodeClass, nodePool, pod, req } from './fixtures';

const nc = nodeClass();
const catalog = loadInstanceTypeCatalog();

function sim(nodePools: unknown[], pods: unknown[], more: { daemonSets?: unknown[]; zones?: string[]; nodeClasses?: unknown[] } = {}) {
  return runSimulation({ nodePools, nodeClasses: more.nodeClasses ?? [nc], pods, daemonSets: more.daemonSets, zones: more.zones });
}

function podOf(r: ReturnType<typeof sim>, name: string) {
  const p = r.result.pods.find((x) => x.name === name);
  if (!p) throw new Error(`no pod ${name} in ${JSON.stringify(r.result.pods.map((x) => x.name))}`);
  return p;
}

test('the heaviest NodePool wins; equal weights go to the name that sorts last', () => {
  const r = sim([nodePool('a'), nodePool('b', [], { weight: 10 }), nodePool('c', [], { weight: 10 })], [pod('p', { cpu: '1' })]);
  expect(podOf(r, 'p')).toMatchObject({ schedulable: true, nodePool: 'c' });
  const r2 = sim([nodePool('a'), nodePool('b')], [pod('p', { cpu: '1' })]);
  expect(podOf(r2, 'p').nodePool).toBe('b');
});

test('an untolerated taint, in Karpenter words; the tolerating pod lands there', () => {
  const gpu = nodePool('gpu', [req('karpenter.k8s.aws/instance-gpu-manufacturer', 'In', 'nvidia')], {
    taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }],
  });
  const tolerating = pod('tol', { 'nvidia.com/gpu': '1' }, { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] });
  const r = sim([gpu], [pod('plain', { 'nvidia.com/gpu': '1' }), tolerating]);
  expect(podOf(r, 'plain')).toMatchObject({
    schedulable: false,
    reason: 'NodePool=gpu: did not tolerate taint (taint=nvidia.com/gpu=true:NoSchedule)',
  });
  const t = podOf(r, 'tol');
  expect(t).toMatchObject({ schedulable: true, nodePool: 'gpu' });
  expect(t.instanceTypes.length).toBeGreaterThan(10);
  expect(t.instanceTypes.every((n) => (catalog.get(n)!.allocatable['nvidia.com/gpu'] ?? 0) >= 1)).toBe(true);
});

test('a pod that fits no instance type, with the requirements and resources Karpenter prints', () => {
  const r = sim([nodePool('default')], [pod('huge', { cpu: '2000', memory: '1Gi' }), pod('typo', { cpu: '2M' })]);
  expect(podOf(r, 'huge').reason).toBe(
    'NodePool=default: no instance type has enough resources, requirements=karpenter.k8s.aws/ec2nodeclass In [default], ' +
      'karpenter.sh/initialized In [true], karpenter.sh/nodepool In [default], karpenter.sh/registered In [true], ' +
      'resources={"cpu":"2k","memory":"1Gi","pods":"1"}',
  );
  expect(podOf(r, 'typo').reason).toContain('(CPU request >= 1 Million, m vs M typo?)');
});

test('limits: capacity above the limit is dropped, and one batch subtracts the largest option of each new NodeClaim', () => {
  const r = sim([nodePool('small', [], { limits: { cpu: '4' } })], [pod('a', { cpu: '3' }), pod('b', { cpu: '2500m' }), pod('c', { cpu: '8' })]);
  expect(podOf(r, 'a')).toMatchObject({ schedulable: true });
  expect(podOf(r, 'a').instanceTypes.every((n) => Number(catalog.get(n)!.labels['karpenter.k8s.aws/instance-cpu']) <= 4)).toBe(true);
  // The reason says who took the limit: here the batch's first NodeClaim (its largest option, 4 cpu).
  const used =
    'all available instance types exceed limits for nodepool (NodePool=small) (limits cpu 4; ' + 'earlier NodeClaims of this batch take up to cpu 4)';
  expect(podOf(r, 'b').reason).toBe(used);
  expect(podOf(r, 'c').reason).toBe(used);
  const exhausted = sim([nodePool('none', [], { limits: { nodes: 0 } })], [pod('a', { cpu: '1' })]);
  expect(podOf(exhausted, 'a').reason).toMatch(/^node limits have been exhausted for nodepool \(NodePool=none\) \(limits nodes 0\)$/);
});

test('pools stopped by their limits alike share one clause, in weight order, between the other pools’ errors', () => {
  // Issue #24: a batch that uses up every pool gave each pending pod one long clause per pool (9 MB of --json for the
  // bench's 10,000 pods); Karpenter's words stay for one pool, several share one clause with each pool's figures.
  const tainted = nodePool('tainted', [], { weight: 50, taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] });
  const a = nodePool('a', [], { weight: 90, limits: { cpu: '4', memory: '64Gi' } });
  const b = nodePool('b', [], { weight: 10, limits: { cpu: '2' } });
  const r = sim([tainted, a, b], [pod('first', { cpu: '3' }), pod('second', { cpu: '1500m' }), pod('last', { cpu: '1' })]);
  expect(podOf(r, 'first').nodePool).toBe('a');
  expect(podOf(r, 'second').nodePool).toBe('b');
  const reason = podOf(r, 'last').reason!;
  const parts = reason.split('; NodePool=tainted: ');
  expect(parts).toHaveLength(2);
  expect(parts[0]).toMatch(
    /^all available instance types exceed limits for nodepools a and b \(earlier NodeClaims of this batch take up to: a cpu 4 of 4, memory \S+ of 64Gi; b cpu 2 of 2\)$/,
  );
  expect(parts[1]).toMatch(/did not tolerate taint/);
});

test('pods of one batch share an open NodeClaim, even one of a lighter NodePool', () => {
  const heavy = nodePool('heavy', [req('karpenter.k8s.aws/instance-category', 'In', 'c')], { weight: 100 });
  const light = nodePool('light', [req('karpenter.k8s.aws/instance-category', 'In', 'm')]);
  const pinned = pod('pinned', { cpu: '2' }, { nodeSelector: { 'karpenter.k8s.aws/instance-category': 'm' } });
  const r = sim([heavy, light], [pinned, pod('free', { cpu: '1' })]);
  expect(podOf(r, 'pinned').nodePool).toBe('light');
  expect(podOf(r, 'free').nodePool).toBe('light');
  expect(podOf(r, 'free').instanceTypes).toEqual(podOf(r, 'pinned').instanceTypes);
});

test('ORed required terms are tried in order, before a lighter pool; a preference steers and is dropped when it cannot be met', () => {
  const arm = nodePool('arm', [req('kubernetes.io/arch', 'In', 'arm64')], { weight: 10 });
  const x86 = nodePool('x86', [req('kubernetes.io/arch', 'In', 'amd64')]);
  const terms = (...archs: string[]) => ({
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: archs.map((a) => ({ matchExpressions: [req('kubernetes.io/arch', 'In', a)] })),
        },
      },
    },
  });
  const prefer = (arch: string) => ({
    affinity: {
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [req('kubernetes.io/arch', 'In', arch)] } }],
      },
    },
  });
  expect(podOf(sim([arm, x86], [pod('or', {}, terms('amd64', 'arm64'))]), 'or').nodePool).toBe('x86');
  expect(podOf(sim([arm, x86], [pod('pref', {}, prefer('amd64'))]), 'pref').nodePool).toBe('x86');
  expect(podOf(sim([arm, x86], [pod('nope', {}, prefer('s390x'))]), 'nope').nodePool).toBe('arm');
  // A pod without constraints joins the NodeClaim the first pod opened, whatever the weights.
  const r = sim([arm, x86], [pod('pref', { cpu: '64' }, prefer('amd64')), pod('nope', {}, prefer('s390x'))]);
  expect(podOf(r, 'nope').nodePool).toBe('x86');
});

test('pods Karpenter ignores, with its reasons', () => {
  const r = sim(
    [nodePool('default')],
    [
      pod('off', {}, { nodeSelector: { 'karpenter.sh/nodepool': 'x' }, affinity: {} }),
      pod(
        'dne',
        {},
        {
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchExpressions: [req('karpenter.sh/nodepool', 'DoesNotExist')] }],
              },
            },
          },
        },
      ),
      pod('restricted', {}, { nodeSelector: { 'karpenter.sh/custom': 'x' } }),
      pod('badvalue', {}, { nodeSelector: { 'karpenter.sh/capacity-type': 'cheap' } }),
    ],
  );
  expect(podOf(r, 'dne')).toMatchObject({
    ignored: true,
    reason: 'configured to not run on a Karpenter provisioned node (requirement=karpenter.sh/nodepool DoesNotExist)',
  });
  expect(podOf(r, 'restricted').ignored).toBe(true);
  expect(podOf(r, 'restricted').reason).toMatch(
    /^using label karpenter.sh\/custom is not allowed as it might interfere with the internal provisioning logic/,
  );
  expect(podOf(r, 'badvalue').reason).toBe(
    'no valid values found in [cheap] for karpenter.sh/capacity-type, expected one of: [on-demand spot reserved], got: [cheap]',
  );
  // A nodeSelector on the pool's own name is fine.
  expect(podOf(r, 'off')).toMatchObject({ schedulable: false });
  expect(podOf(r, 'off').ignored).toBeUndefined();
});

test('DaemonSet overhead counts on every type it runs on', () => {
  const only = nodePool('m5', [req('node.kubernetes.io/instance-type', 'In', 'm5.large')]);
  // m5.large allocates 1930m; a 1500m pod fits alone, not beside a 500m daemon.
  const ds = {
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: { template: { spec: { containers: [{ resources: { requests: { cpu: '500m' } } }] } } },
  };
  expect(podOf(sim([only], [pod('p', { cpu: '1500m' })]), 'p').schedulable).toBe(true);
  const r = sim([only], [pod('p', { cpu: '1500m' })], { daemonSets: [ds] });
  expect(podOf(r, 'p').reason).toMatch(/^NodePool=m5: no instance type has enough resources, requirements=.*, resources=\{"cpu":"2","pods":"2"\}$/);
});

test('minValues: a pool whose requirements keep fewer families than it asks for admits nothing', () => {
  const r = sim(
    [
      nodePool('flex', [
        { ...req('karpenter.k8s.aws/instance-family', 'In', 'm5', 'c5'), minValues: 2 },
        req('karpenter.k8s.aws/instance-size', 'In', 'metal'),
      ]),
    ],
    [],
  );
  expect(r.result.nodePools[0].admittedInstanceTypes).toEqual(['c5.metal', 'm5.metal']);
  const tight = sim(
    [
      nodePool('flex', [
        { ...req('karpenter.k8s.aws/instance-family', 'In', 'm5', 'c5'), minValues: 2 },
        req('node.kubernetes.io/instance-type', 'In', 'm5.large'),
      ]),
    ],
    [pod('p')],
  );
  expect(tight.result.nodePools[0].reason).toMatch(
    /^NodePool requirements filtered out all compatible available instance types due to minValues incompatibility/,
  );
  expect(podOf(tight, 'p').reason).toBe('nodepool requirements filtered out all available instance types');
});

test('a NodePool that admits nothing says which requirement emptied the set', () => {
  const r = sim(
    [nodePool('win', [req('kubernetes.io/os', 'In', 'windows')]), nodePool('big', [req('karpenter.k8s.aws/instance-cpu', 'Gte', '1024')])],
    [],
  );
  expect(r.result.nodePools).toEqual([
    {
      name: 'win',
      admittedInstanceTypes: [],
      reason:
        'NodePool requirements filtered out all compatible available instance types: spec.template.spec.requirements[0] ' +
        '(kubernetes.io/os In [windows]) left none of 1363',
    },
    {
      name: 'big',
      admittedInstanceTypes: [],
      reason:
        'NodePool requirements filtered out all compatible available instance types: spec.template.spec.requirements[0] ' +
        '(karpenter.k8s.aws/instance-cpu Gte 1024) left none of 1363',
    },
  ]);
});

test('a1 types do not run AL2023; connectionTracking keeps Nitro types only', () => {
  const r = sim([nodePool('a1', [req('karpenter.k8s.aws/instance-family', 'In', 'a1')])], [], { nodeClasses: [nodeClass()] });
  expect(r.result.nodePools[0].admittedInstanceTypes).toEqual([]);
  const al2 = sim([nodePool('a1', [req('karpenter.k8s.aws/instance-family', 'In', 'a1')])], [], {
    nodeClasses: [nodeClass('default', { amiSelectorTerms: [{ alias: 'al2@latest' }] })],
  });
  expect(al2.result.nodePools[0].admittedInstanceTypes.length).toBeGreaterThan(0);
  const ct = sim([nodePool('ct')], [], { nodeClasses: [nodeClass('default', { connectionTracking: { tcpEstablishedTimeout: '1m' } })] });
  expect(ct.result.nodePools[0].admittedInstanceTypes.every((n) => catalog.get(n)!.labels['karpenter.k8s.aws/instance-hypervisor'] === 'nitro')).toBe(
    true,
  );
});

test('required hostname anti-affinity and hostname spread put each replica on its own NodeClaim', () => {
  const anti = {
    affinity: {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } }],
      },
    },
  };
  const spread = {
    topologySpreadConstraints: [
      { topologyKey: 'kubernetes.io/hostname', maxSkew: 2, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'api' } } },
    ],
  };
  const r = sim(
    [nodePool('default')],
    [deployment('web', 3, { cpu: '100m' }, anti), deployment('api', 4, { cpu: '100m' }, spread), deployment('free', 3, { cpu: '100m' })],
  );
  expect(r.result.pods.every((p) => p.schedulable)).toBe(true);
  const claimOf = (prefix: string) => r.result.pods.filter((p) => p.name.startsWith(prefix)).map((p) => p.nodeClaim);
  expect(new Set(claimOf('web-')).size).toBe(3);
  expect(new Set(claimOf('api-')).size).toBeGreaterThanOrEqual(2);
  const alone = sim([nodePool('default')], [deployment('api', 4, { cpu: '100m' }, spread)]);
  expect(alone.result.pods.map((p) => p.nodeClaim)).toEqual(['default-0', 'default-0', 'default-1', 'default-1']);
  // Unconstrained pods join the NodeClaim with the fewest pods.
  expect(claimOf('free-').every((c) => c !== undefined)).toBe(true);
  expect(new Set(r.result.pods.map((p) => p.nodeClaim)).size).toBe(3);
});

test('zone spread, when zones are given, pins NodeClaims to the least used zone', () => {
  const spread = {
    topologySpreadConstraints: [
      { topologyKey: 'topology.kubernetes.io/zone', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } },
    ],
  };
  const r = sim(
    [nodePool('default', [req('topology.kubernetes.io/zone', 'In', 'us-east-1a', 'us-east-1b')])],
    [deployment('web', 4, { cpu: '100m' }, spread)],
    {
      zones: ['us-east-1a', 'us-east-1b', 'us-east-1c'],
    },
  );
  expect(r.result.pods.map((p) => p.nodeClaim)).toEqual(['default-0', 'default-1', 'default-0', 'default-1']);
  expect(r.result.assumptions.some((a) => a.startsWith('Zones are not known'))).toBe(false);
  const pinned = sim([nodePool('default')], [pod('p', {}, { nodeSelector: { 'topology.kubernetes.io/zone': 'eu-west-1a' } })], {
    zones: ['us-east-1a'],
  });
  expect(podOf(pinned, 'p').reason).toMatch(
    /^NodePool=default: no instance type met the scheduling requirements or had enough resources or had a required offering, /,
  );
});

test('workload pods are named <workload>-<ordinal>; a Job runs parallelism pods', () => {
  const job = { kind: 'Job', metadata: { name: 'batch', namespace: 'jobs' }, spec: { parallelism: 2, template: { spec: { containers: [{}] } } } };
  const r = simulateProvisioning({ nodePools: [nodePool('default')], nodeClasses: [nc], pods: [deployment('web', 2, {}), job] });
  expect(r.pods.map((p) => `${p.namespace}/${p.name}`)).toEqual(['default/web-0', 'default/web-1', 'jobs/batch-0', 'jobs/batch-1']);
});

test('no dynamic NodePool: every pod says so', () => {
  const r = sim([], [pod('p')]);
  expect(podOf(r, 'p').reason).toBe('no dynamic nodepools found');
});

test('bad input: each problem is an issue on its object, and the rest is still simulated', () => {
  const r = sim(
    [nodePool('ghost', [], { nodeClass: 'missing' }), nodePool('ok'), nodePool('badlimit', [], { limits: { cpu: 'lots' } })],
    [
      { kind: 'Deployment', metadata: { name: 'notemplate' }, spec: { replicas: 2 } },
      pod('badq', { cpu: 'two' }),
      pod('badres', { gpu: '1' }),
      pod('good', { cpu: '1' }),
    ],
  );
  const codes = r.issues.map((i) => `${i.field}: ${i.code}`);
  expect(codes).toEqual(
    expect.arrayContaining([
      'NodePool/ghost spec.template.spec.nodeClassRef.name: SimUnknownNodeClass',
      'NodePool/badlimit spec.limits.cpu: SimInvalidQuantity',
      'Deployment/notemplate spec.template: SimMissingPodTemplate',
      'Pod/default/badq spec.containers[0].resources.requests.cpu: SimInvalidQuantity',
      'Pod/default/badres spec.containers[].resources.requests.gpu: SimUnknownResource',
    ]),
  );
  expect(r.result.nodePools.find((p) => p.name === 'ghost')!.reason).toMatch(
    /^nodeClassRef names EC2NodeClass "missing", which is not among the inputs/,
  );
  expect(r.result.nodePools.find((p) => p.name === 'badlimit')!.reason).toMatch(/^spec.limits.cpu: "lots" is not a Kubernetes quantity/);
  expect(podOf(r, 'notemplate').reason).toMatch(/^spec.template: a Deployment needs spec.template/);
  expect(podOf(r, 'badq').schedulable).toBe(false);
  expect(podOf(r, 'good')).toMatchObject({ schedulable: true, nodePool: 'ok' });
});

test('hostile input never throws: nulls, numbers, wrong types, deep nesting', () => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 2000; i++) deep = { spec: deep, metadata: deep };
  const cyclic: Record<string, unknown> = { kind: 'Pod', metadata: { name: 'loop' } };
  cyclic.spec = { containers: [{ resources: { requests: { cpu: cyclic } } }] };
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  const hostile: unknown[] = [
    cyclic,
    trap,
    null,
    undefined,
    42,
    'pod',
    [],
    {},
    deep,
    { kind: 'Pod', spec: 7 },
    { kind: 'Pod', metadata: { name: 3 }, spec: { containers: 'x' } },
  ];
  const inputs = [
    { nodePools: hostile, nodeClasses: hostile, pods: hostile, daemonSets: hostile },
    { nodePools: null, nodeClasses: 5, pods: 'x' },
    null,
    42,
    {
      nodePools: [nodePool('p', [null, 5, { key: 1 }, { key: 'k', operator: 'In', values: [1] }] as unknown[], { taints: [null, {}] })],
      nodeClasses: [nc],
      pods: [pod('x')],
    },
  ];
  for (const input of inputs) {
    const r = runSimulation(input as never);
    expect(Array.isArray(r.result.pods)).toBe(true);
    expect(Array.isArray(r.result.nodePools)).toBe(true);
    expect(r.result.assumptions.length).toBeGreaterThan(0);
  }
  const r = runSimulation(inputs[0] as never);
  expect(r.issues.length).toBeGreaterThan(5);
  expect(r.result.pods.every((p) => !p.schedulable)).toBe(true);
});
