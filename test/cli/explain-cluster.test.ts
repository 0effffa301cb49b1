// `explain` with the running cluster: Nodes, NodeClaims and Namespaces are read from the files and simulated.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo } from '../../lib/cli/validate-command';
import { nodePoolCostCeilings, SimulationInput, simulateProvisioning, SimulationRun, runSimulation } from '../../lib/core/sim';

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
