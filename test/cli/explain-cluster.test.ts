// `explain` with the running cluster: Nodes, NodeClaims and Namespaces are read from the files and simulated.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo } from '../../lib/cli/command-io';
import { EXISTING_FIT } from '../../lib/core/sim/kube-scheduler-fit';
import { nodePoolCostCeilings, SimulationInput, simulateProvisioning, SimulationRun, runSimulation } from '../../lib/core/sim';
import { daemonSet, ec2NodeClass, kubectlList, node, nodePool, pod } from './kubectl-dump';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-cluster-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const YAML = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: default }
spec:
  limits: { cpu: "100" }
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }]
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  amiSelectorTerms: [{ alias: al2023@latest }]
---
apiVersion: v1
kind: Node
metadata:
  name: ip-10-0-1-1
  labels: { kubernetes.io/hostname: ip-10-0-1-1, topology.kubernetes.io/zone: us-east-1a }
status:
  allocatable: { cpu: "2", memory: 4Gi, pods: "20" }
---
apiVersion: karpenter.sh/v1
kind: NodeClaim
metadata: { name: default-x1, labels: { karpenter.sh/nodepool: default } }
status:
  providerID: aws:///us-east-1b/i-1
  allocatable: { cpu: "2", memory: 4Gi, pods: "20" }
---
apiVersion: v1
kind: Namespace
metadata: { name: shop, labels: { env: prod } }
---
apiVersion: v1
kind: Pod
metadata: { name: web, namespace: shop }
spec:
  containers: [{ name: app, resources: { requests: { cpu: 500m } } }]
`;

test('Nodes, NodeClaims and Namespaces are simulated; a pod that fits lands on the existing node', () => {
  const file = path.join(dir, 'cluster.yaml');
  fs.writeFileSync(file, YAML);
  let stdout = '';
  let input: SimulationInput | undefined;
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(p),
    readStdin: () => '',
    stat: (p) => ({ size: fs.statSync(p).size, isDirectory: fs.statSync(p).isDirectory() }),
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stdout += s) },
  };
  const simulate = (i: SimulationInput): SimulationRun => {
    input = i;
    return runSimulation(i);
  };
  const code = runExplainCommand([file], io, { simulate });
  expect(input?.nodes).toHaveLength(1);
  expect(input?.nodeClaims).toHaveLength(1);
  expect(input?.namespaces).toHaveLength(1);
  expect(stdout).toMatch(/1 pod would land on existing nodes:\n.*\nip-10-0-1-1 +us-east-1a +- +1 +shop\/web\n/);
  expect(stdout).not.toContain('note: skipped');
  expect(code).toBe(0);
  expect(simulateProvisioning(input!).pods[0].node).toBe('ip-10-0-1-1');
});

test('pods with something not modelled are listed, grouped by what', () => {
  const result = simulateProvisioning({
    nodePools: [{ kind: 'NodePool', metadata: { name: 'p' }, spec: { template: { spec: { nodeClassRef: { name: 'default' } } } } }],
    nodeClasses: [{ kind: 'EC2NodeClass', metadata: { name: 'default' }, spec: { amiSelectorTerms: [{ alias: 'al2023@latest' }] } }],
    pods: [
      {
        kind: 'Deployment',
        metadata: { name: 'web' },
        spec: {
          replicas: 5,
          template: {
            metadata: { labels: { app: 'web' } },
            spec: {
              containers: [{}],
              topologySpreadConstraints: [{ topologyKey: 'topology.kubernetes.io/zone', maxSkew: 1, labelSelector: { matchLabels: { app: 'web' } } }],
            },
          },
        },
      },
    ],
  });
  let text = '';
  const io = { ...nodeCommandIo(), stdout: { write: (t: string) => (text += t) }, stderr: { write: () => undefined } };
  runExplainCommand(
    [path.join(dir, 'none.yaml')],
    { ...io, stat: () => ({ size: 1, isDirectory: false }), readFile: () => Buffer.from('{"apiVersion":"karpenter.sh/v1","kind":"NodePool"}') },
    {
      simulate: (i) => ({ result, issues: [], costCeilings: nodePoolCostCeilings(i, result) }),
    },
  );
  expect(text).toContain('Not modelled (Karpenter may place these pods differently):\n');
  expect(text).toContain('  - topology spread on topology.kubernetes.io/zone (no zones');
  expect(text).toMatch(/: 5 pods \(default\/web-0 default\/web-1/);
});

/** Runs explain on a kubectl dump, with the real simulator; returns what it printed and the run it printed. */
function explainDump(name: string, dump: string, args: string[] = []): { code: number; stdout: string; run: SimulationRun; input: SimulationInput } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, dump);
  let stdout = '';
  let run: SimulationRun | undefined;
  let input: SimulationInput | undefined;
  const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } };
  const code = runExplainCommand([file, ...args], io, {
    simulate: (i) => {
      input = i;
      return (run = runSimulation(i));
    },
  });
  return { code, stdout, run: run!, input: input! };
}

const C6A_LARGE = [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['c6a.large', 'c6a.xlarge'] }];

describe('the running cluster as kubectl prints it', () => {
  test('DaemonSet overhead counts on a pool with a PreferNoSchedule taint (daemon pods tolerate it, scheduler.go:1020-1026)', () => {
    const dump = kubectlList([
      nodePool('batch', { requirements: C6A_LARGE, taints: [{ effect: 'PreferNoSchedule', key: 'batch', value: 'true' }] }),
      ec2NodeClass('default'),
      daemonSet('log-shipper', 'logging', { cpu: '100m' }),
      pod('job-abcde', { namespace: 'etl', owner: { kind: 'Job', name: 'job' }, requests: { cpu: '1850m', memory: '1Gi' } }),
    ]);
    const { run, stdout } = explainDump('prefer-no-schedule.yaml', dump);
    const job = run.result.pods.find((p) => p.name === 'job-abcde')!;
    // 1850m + 100m of the log shipper is more than c6a.large's 1930m: the pod needs c6a.xlarge.
    expect(job).toMatchObject({ schedulable: true, nodeClaim: 'batch-0', instanceTypes: ['c6a.xlarge'] });
    expect(stdout).toMatch(/batch-0 +1 +batch +\S+ +spot +c6a\.xlarge /);
  });
  // A Deployment spread over zones with running replicas in us-east-1a and 1b; the node class's subnets are in 1a, 1b and 1c.
  const spread = {
    labels: { app: 'web', 'pod-template-hash': '7d4b9c6f8' },
    spec: {
      topologySpreadConstraints: [
        {
          labelSelector: { matchLabels: { app: 'web' } },
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
        },
      ],
    },
  };
  const web = { namespace: 'shop', owner: { kind: 'ReplicaSet', name: 'web-7d4b9c6f8' }, requests: { cpu: '1500m', memory: '1Gi' }, ...spread };
  const zonal = (classes: Record<string, unknown>[]) =>
    kubectlList([
      nodePool('general', { requirements: C6A_LARGE }, { limits: { cpu: '100' } }),
      ...classes,
      node('ip-10-0-1-10.ec2.internal', { zone: 'us-east-1a', instanceType: 'c6a.large', nodePool: 'general', cpu: '1930m' }),
      node('ip-10-0-2-20.ec2.internal', { zone: 'us-east-1b', instanceType: 'c6a.large', nodePool: 'general', cpu: '1930m' }),
      pod('web-7d4b9c6f8-m9zq2', { ...web, nodeName: 'ip-10-0-1-10.ec2.internal' }),
      pod('web-7d4b9c6f8-k2x7d', { ...web, nodeName: 'ip-10-0-2-20.ec2.internal' }),
      pod('web-7d4b9c6f8-p4w8t', web),
    ]);

  test("zones come from the EC2NodeClass's status.subnets: the pending replica of a zone spread goes to us-east-1c", () => {
    const { run, stdout, code } = explainDump('subnet-zones.yaml', zonal([ec2NodeClass('default', ['us-east-1a', 'us-east-1b', 'us-east-1c'])]));
    expect(run.result.pods.find((p) => p.name === 'web-7d4b9c6f8-p4w8t')).toMatchObject({ nodeClaim: 'general-0', zone: 'us-east-1c' });
    expect(run.result.nodeClaims).toEqual([
      expect.objectContaining({ name: 'general-0', labels: expect.objectContaining({ 'topology.kubernetes.io/zone': 'us-east-1c' }) }),
    ]);
    expect(stdout).toMatch(/general-0 +1 +general +us-east-1c /);
    const source =
      "Zones come from each EC2NodeClass's status.subnets, as Karpenter takes them for its NodePools: default (us-east-1a, us-east-1b, us-east-1c).";
    expect(run.result.assumptions).toContain(source);
    expect(run.result.assumptions.filter((a) => a.startsWith('Zones are'))).toEqual([]);
    expect(stdout.replace(/\n {4}/g, ' ')).toContain(`  - ${source}\n`);
    expect(code).toBe(0);
  });

  test('--zones overrides the subnets, and the assumptions say so', () => {
    const { run, stdout } = explainDump('subnet-zones.yaml', zonal([ec2NodeClass('default', ['us-east-1a', 'us-east-1b', 'us-east-1c'])]), [
      '--zones',
      'us-east-1a,us-east-1b,us-east-1d',
    ]);
    expect(run.result.pods.find((p) => p.name === 'web-7d4b9c6f8-p4w8t')).toMatchObject({ nodeClaim: 'general-0', zone: 'us-east-1d' });
    const given =
      "Zones are the given ones (us-east-1a, us-east-1b, us-east-1d) for every NodePool; the zones of the EC2NodeClasses' status.subnets " +
      'are not used: default (us-east-1a, us-east-1b, us-east-1c).';
    expect(run.result.assumptions).toContain(given);
    expect(run.result.assumptions.some((a) => a.startsWith('Zones come from'))).toBe(false);
    expect(stdout.replace(/\n {4}/g, ' ')).toContain(`  - ${given}\n`);
  });

  test('a node class without status.subnets: zones are not known for its pools, and the assumptions name it', () => {
    const { run } = explainDump('no-subnets.yaml', zonal([ec2NodeClass('default')]));
    // Only the nodes' zones are domains: the replica goes to the first (skew 2 once it runs, which is what "not known" costs).
    expect(run.result.pods.find((p) => p.name === 'web-7d4b9c6f8-p4w8t')).toMatchObject({ nodeClaim: 'general-0', zone: 'us-east-1a' });
    expect(run.result.assumptions.filter((a) => a.startsWith('Zones'))).toEqual([expect.stringMatching(/^Zones are not known: /)]);
  });

  test('several node classes: each says where its zones come from', () => {
    const other = nodePool('gpu', { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'gpu' } });
    const dump = kubectlList([nodePool('general', {}), other, ec2NodeClass('default', ['us-east-1b', 'us-east-1a']), ec2NodeClass('gpu')]);
    const { run } = explainDump('two-classes.yaml', dump);
    expect(run.result.assumptions.filter((a) => a.startsWith('Zones'))).toEqual([
      "Zones come from each EC2NodeClass's status.subnets, as Karpenter takes them for its NodePools: default (us-east-1a, us-east-1b).",
      'Zones are not known for the NodePools of EC2NodeClass gpu (no status.subnets): their zone requirements are only checked against each other.',
    ]);
  });
  // Two system nodes run aws-node and kube-proxy; the dump has their pods but no DaemonSet objects (the recipe did not ask).
  const system = (name: string, zone: string) =>
    node(name, { zone, instanceType: 'm6i.large', cpu: '1930m', taints: [{ effect: 'NoSchedule', key: 'CriticalAddonsOnly', value: 'true' }] });
  const daemonPod = (name: string, ds: string, cpu: string, nodeName: string, created: string) =>
    pod(name, { namespace: 'kube-system', owner: { kind: 'DaemonSet', name: ds }, requests: { cpu }, nodeName, created, labels: { 'k8s-app': ds } });
  const daemonDump = (pending: string, more: Record<string, unknown>[] = []) =>
    kubectlList([
      nodePool('general', { requirements: C6A_LARGE }, { limits: { cpu: '100' } }),
      ec2NodeClass('default', ['us-east-1a', 'us-east-1b']),
      ...more,
      system('ip-10-0-1-5.ec2.internal', 'us-east-1a'),
      system('ip-10-0-2-5.ec2.internal', 'us-east-1b'),
      // An older aws-node pod (before a rollout raised its request) first: the newest one is the overhead.
      daemonPod('aws-node-7xk2p', 'aws-node', '10m', 'ip-10-0-1-5.ec2.internal', '2026-10-01T08:00:00Z'),
      daemonPod('aws-node-q9d4s', 'aws-node', '50m', 'ip-10-0-2-5.ec2.internal', '2026-11-01T08:00:00Z'),
      daemonPod('kube-proxy-2mfpl', 'kube-proxy', '100m', 'ip-10-0-1-5.ec2.internal', '2026-11-01T08:00:00Z'),
      daemonPod('kube-proxy-8wz5c', 'kube-proxy', '100m', 'ip-10-0-2-5.ec2.internal', '2026-11-01T08:00:00Z'),
      pod('report-5b7f9d8c4-8rj2n', { namespace: 'shop', owner: { kind: 'ReplicaSet', name: 'report-5b7f9d8c4' }, requests: { cpu: pending } }),
    ]);

  test("without DaemonSet objects, each DaemonSet's newest pod is its overhead (provisioner.go:534-544, cluster.go:665-685)", () => {
    const { run, stdout } = explainDump('daemon-pods.yaml', daemonDump('1800m'));
    // 1800m + aws-node 50m + kube-proxy 100m = 1950m, more than c6a.large's 1930m (with the older aws-node pod's 10m it would fit).
    expect(run.result.pods.find((p) => p.name === 'report-5b7f9d8c4-8rj2n')).toMatchObject({ nodeClaim: 'general-0', instanceTypes: ['c6a.xlarge'] });
    expect(run.result.pods.find((p) => p.name === 'aws-node-q9d4s')).toMatchObject({ bound: true, node: 'ip-10-0-2-5.ec2.internal' });
    const note = run.result.assumptions.find((a) => a.startsWith('DaemonSet overhead of '));
    expect(note).toMatch(/^DaemonSet overhead of kube-system\/aws-node, kube-system\/kube-proxy is the requests of its newest pod in the input/);
    expect(note).toContain('add daemonsets to the input');
    expect(stdout.replace(/\n {4}/g, ' ')).toContain(`  - ${note}\n`);
    expect(stdout).toMatch(/general-0 +1 +general +\S+ +\S+ +c6a\.xlarge /);
  });

  test('with the DaemonSet objects, their templates are the overhead and their pods are not counted again', () => {
    const objects = [daemonSet('aws-node', 'kube-system', { cpu: '50m' }), daemonSet('kube-proxy', 'kube-system', { cpu: '100m' })];
    // 1700m + 150m fits c6a.large; counted twice (300m) it would not.
    const { run, input } = explainDump('daemon-sets.yaml', daemonDump('1700m', objects));
    expect(input.daemonSets).toHaveLength(2);
    expect(run.result.pods.find((p) => p.name === 'report-5b7f9d8c4-8rj2n')).toMatchObject({ instanceTypes: ['c6a.large', 'c6a.xlarge'] });
    expect(run.result.assumptions.some((a) => a.startsWith('DaemonSet overhead of '))).toBe(false);
  });
  test('a pod Karpenter ignores: where kube-scheduler could still place it on the existing nodes, or that it fits none', () => {
    const k = (name: string, zone: string) => node(name, { zone, instanceType: 'c6a.large', nodePool: 'general', cpu: '1930m' });
    const ignoredPod = (name: string, cpu: string, nodeSelector: Record<string, string>) =>
      pod(name, {
        namespace: 'shop',
        owner: { kind: 'ReplicaSet', name: name.replace(/-[a-z0-9]+$/, '') },
        requests: { cpu },
        spec: { nodeSelector },
      });
    const dump = kubectlList([
      nodePool('general', { requirements: C6A_LARGE }, { limits: { cpu: '100' } }),
      ec2NodeClass('default', ['us-east-1a', 'us-east-1b']),
      system('ip-10-0-9-9.ec2.internal', 'us-east-1a'),
      k('ip-10-0-1-10.ec2.internal', 'us-east-1a'),
      k('ip-10-0-2-20.ec2.internal', 'us-east-1b'),
      pod('web-7d4b9c6f8-m9zq2', { ...web, nodeName: 'ip-10-0-1-10.ec2.internal' }),
      // Pinned by hostname (a restricted label): Karpenter ignores these pods.
      ignoredPod('pinned-6c9d8-ok4ay', '1000m', { 'kubernetes.io/hostname': 'ip-10-0-2-20.ec2.internal' }),
      ignoredPod('crowded-5f7b6-x2k4q', '1000m', { 'kubernetes.io/hostname': 'ip-10-0-1-10.ec2.internal' }),
      ignoredPod('addon-4d8c7-zz9q1', '100m', { 'kubernetes.io/hostname': 'ip-10-0-9-9.ec2.internal' }),
      ignoredPod('by-class-7b9f5-h8s2d', '300m', { 'karpenter.k8s.aws/ec2nodeclass': 'default' }),
    ]);
    const { run, stdout, code } = explainDump('ignored.yaml', dump);
    const at = (name: string) => run.result.pods.find((p) => p.name === name)!;
    expect(at('pinned-6c9d8-ok4ay')).toMatchObject({ ignored: true, existingNodeFit: { count: 1, nodes: ['ip-10-0-2-20.ec2.internal'] } });
    expect(at('pinned-6c9d8-ok4ay').reason).toMatch(
      /^using label kubernetes\.io\/hostname is not allowed .*; kube-scheduler may still place it: it fits existing node ip-10-0-2-20\.ec2\.internal \(by requests, node selector and affinity, and taints; pod affinity and topology spread are not checked\)$/,
    );
    // 1500m of 1930m taken: no room for 1000m.
    expect(at('crowded-5f7b6-x2k4q')).toMatchObject({ existingNodeFit: { count: 0, nodes: [] } });
    expect(at('crowded-5f7b6-x2k4q').reason).toMatch(
      /; it fits no existing node either \(by requests, node selector and affinity, and taints\), so kube-scheduler cannot place it$/,
    );
    // The system node's CriticalAddonsOnly taint is not tolerated.
    expect(at('addon-4d8c7-zz9q1')).toMatchObject({ existingNodeFit: { count: 0, nodes: [] } });
    expect(at('by-class-7b9f5-h8s2d')).toMatchObject({
      existingNodeFit: { count: 2, nodes: ['ip-10-0-1-10.ec2.internal', 'ip-10-0-2-20.ec2.internal'] },
    });
    const text = stdout.replace(/\n {4}/g, ' ');
    expect(text).toContain(
      'kube-scheduler may still place it: it fits existing nodes ip-10-0-1-10.ec2.internal, ip-10-0-2-20.ec2.internal (by requests',
    );
    expect(text).toContain('[2] 2 pods ignored by Karpenter: shop/crowded-5f7b6-x2k4q shop/addon-4d8c7-zz9q1\n');
    expect(text).toContain(`  - ${EXISTING_FIT}\n`);
    expect(code).toBe(1);
  });
});
