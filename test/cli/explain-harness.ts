// What the explain command tests share: the command run on real files with a stand-in
// simulator (it records the input it was given), a result and the manifests and workloads they read.
import * as fs from 'fs';
import { ExplainDependencies, runExplainCommand } from '../../lib/cli/explain/explain-command';
import { CommandIo } from '../../lib/cli/command-io';
import { nodePoolCostCeilings, SimulationInput, SimulationResult, SimulationRun } from '../../lib/core/sim';

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** What the simulator was given. */
  readonly input?: SimulationInput;
}

export function explain(args: string[], deps: ExplainDependencies = {}): Run {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(p),
    readStdin: () => '',
    stat: (p) => {
      const st = fs.statSync(p);
      return { size: st.size, isDirectory: st.isDirectory() };
    },
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  };
  let input: SimulationInput | undefined;
  const simulate = deps.simulate;
  const code = runExplainCommand(args, io, {
    ...deps,
    simulate: simulate
      ? (i) => {
          input = i;
          return simulate(i);
        }
      : undefined,
  });
  return { code, stdout, stderr, input };
}

export const ALL_FINE: SimulationResult = {
  pods: [
    {
      namespace: 'default',
      name: 'web-0',
      schedulable: true,
      nodePool: 'general',
      nodeClaim: 'general-0',
      instanceTypes: ['c5.large', 'm5.large', 'm5.xlarge'],
      cheapestInstanceType: 'c5.large',
      hourlyPrice: 0.085,
    },
  ],
  nodeClaims: [
    {
      name: 'general-0',
      nodePool: 'general',
      labels: { 'karpenter.sh/nodepool': 'general' },
      instanceTypes: ['c5.large', 'm5.large', 'm5.xlarge'],
      pods: ['default/web-0'],
    },
  ],
  nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large', 'm5.xlarge', 'c5.large', 'm6g.large'] }],
  assumptions: ['prices are not known: every admitted type is an option'],
};

export function fake(result: SimulationResult, issues: SimulationRun['issues'] = []): ExplainDependencies {
  // The ceilings the simulator would give with the result, from the input's pools.
  return { simulate: (input) => ({ result, issues, costCeilings: nodePoolCostCeilings(input, result) }) };
}

export const MANIFESTS = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  weight: 10
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: []
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  role: KarpenterNodeRole
  amiSelectorTerms: [{ alias: al2023@latest }]
---
apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
`;

export const WORKLOADS = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx, resources: { requests: { cpu: 500m } } }] }
---
apiVersion: apps/v1
kind: DaemonSet
metadata: { name: agent }
spec:
  selector: { matchLabels: { app: agent } }
  template: { metadata: { labels: { app: agent } }, spec: { containers: [{ name: a, image: agent }] } }
`;
