// The simulator rows' inputs: (d)'s 20 NodePools and 1,000 pods, and (g)'s cluster of 200 existing nodes.
// Pure data: the children and the settling rows build them in their own process.

/** The simulator bench's input: 20 NodePools of one EC2NodeClass and 1,000 pods from 10 Deployments. */
export function simulatorWorkload(): { nodePools: unknown[]; nodeClasses: unknown[]; pods: unknown[] } {
  const nodeClasses = [{ kind: 'EC2NodeClass', metadata: { name: 'default' }, spec: { amiSelectorTerms: [{ alias: 'al2023@latest' }] } }];
  const categories = [['c'], ['m'], ['r'], ['c', 'm'], ['m', 'r'], ['c', 'm', 'r'], ['t'], ['g'], ['i'], ['x']];
  const nodePools = Array.from({ length: 20 }, (_, i) => ({
    kind: 'NodePool',
    metadata: { name: `pool-${String(i).padStart(2, '0')}` },
    spec: {
      weight: i % 5,
      limits: { cpu: '2000', memory: '8000Gi' },
      template: {
        metadata: { labels: { team: `team-${i % 4}` } },
        spec: {
          nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
          requirements: [
            { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: categories[i % categories.length] },
            { key: 'kubernetes.io/arch', operator: 'In', values: [i % 3 === 0 ? 'arm64' : 'amd64'] },
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: i % 2 === 0 ? ['spot', 'on-demand'] : ['on-demand'] },
            { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: [String(2 + (i % 4))] },
          ],
          ...(i % 7 === 6 ? { taints: [{ key: 'dedicated', value: `team-${i % 4}`, effect: 'NoSchedule' }] } : {}),
        },
      },
    },
  }));
  const pods = Array.from({ length: 10 }, (_, d) => ({
    kind: 'Deployment',
    metadata: { name: `app-${d}`, namespace: 'default' },
    spec: {
      replicas: 100,
      template: {
        metadata: { labels: { app: `app-${d}` } },
        spec: {
          ...(d % 3 === 0 ? { nodeSelector: { team: `team-${d % 4}` } } : {}),
          ...(d === 9 ? { tolerations: [{ key: 'dedicated', operator: 'Exists' }] } : {}),
          containers: [{ name: 'app', resources: { requests: { cpu: `${250 * (1 + (d % 4))}m`, memory: `${512 * (1 + (d % 3))}Mi` } } }],
        },
      },
    },
  }));
  return { nodePools, nodeClasses, pods };
}

/** The zones of (g)'s cluster. */
export const CLUSTER_ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

/**
 * (g): (d)'s 20 NodePools, 1,000 pending pods (a third spread over zone, maxSkew 1, DoNotSchedule; a tenth
 * with required hostname pod anti-affinity; the rest as in (d)), on a cluster of 200 existing nodes of those
 * pools with 400 bound pods (`spec.nodeName`), a third of them of the zone-spread apps. The simulator of
 * today may ignore `nodes`; it is then extra input.
 */
export function clusterWorkload(): {
  nodePools: unknown[];
  nodeClasses: unknown[];
  pods: unknown[];
  nodes: unknown[];
  zones: string[];
} {
  const { nodePools, nodeClasses } = simulatorWorkload();
  // 200 nodes of the c/m/r pools (pool i has categories[i % 10]; arm64 when i % 3 === 0), 2xlarge.
  const crPools = Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 10 <= 5);
  const nodes: unknown[] = [];
  const bound: unknown[] = [];
  for (let n = 0; n < 200; n++) {
    const i = crPools[n % crPools.length];
    const node = clusterNode(n, i, nodePools[i] as ClusterPool);
    nodes.push(node);
    bound.push(...boundPods(n, node.metadata.name));
  }
  return { nodePools, nodeClasses, pods: [...pendingClusterPods(), ...bound], nodes, zones: CLUSTER_ZONES };
}

type ClusterPool = { metadata: { name: string }; spec: { template: { spec: { taints?: unknown[] } } } };

/** (g)'s 1,000 pending pods: 333 spread over zone, 100 one per node, 567 as in (d). */
function pendingClusterPods(): unknown[] {
  const deployment = (name: string, replicas: number, spec: Record<string, unknown>) => ({
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: { replicas, template: { metadata: { labels: { app: name } }, spec } },
  });
  const requests = (d: number) => ({ cpu: `${250 * (1 + (d % 4))}m`, memory: `${512 * (1 + (d % 3))}Mi` });
  const pods: unknown[] = [];
  // 333 pods spread over zone.
  for (let d = 0; d < 3; d++) {
    const app = `zonal-${d}`;
    pods.push(
      deployment(app, 111, {
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } },
        ],
        containers: [{ name: 'app', resources: { requests: requests(d) } }],
      }),
    );
  }
  // 100 pods, one per node.
  pods.push(
    deployment('exclusive', 100, {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'exclusive' } } },
          ],
        },
      },
      containers: [{ name: 'app', resources: { requests: requests(1) } }],
    }),
  );
  // 567 pods as in (d).
  for (let d = 0; d < 7; d++) {
    pods.push(
      deployment(`app-${d}`, 81, {
        ...(d % 3 === 0 ? { nodeSelector: { team: `team-${d % 4}` } } : {}),
        ...(d === 6 ? { tolerations: [{ key: 'dedicated', operator: 'Exists' }] } : {}),
        containers: [{ name: 'app', resources: { requests: requests(d) } }],
      }),
    );
  }
  return pods;
}

/** Node `n` of (g)'s cluster, of pool `i` (a 2xlarge of the pool's first category). */
function clusterNode(n: number, i: number, pool: ClusterPool) {
  const memoryGi: Record<string, number> = { c: 16, m: 32, r: 64 };
  const category = ['c', 'm', 'r', 'c', 'm', 'c'][i % 10];
  const arm = i % 3 === 0;
  const type = `${category}7${arm ? 'g' : 'i'}.2xlarge`;
  const zone = CLUSTER_ZONES[n % CLUSTER_ZONES.length];
  const name = `ip-10-0-${Math.floor(n / 250)}-${n % 250}.ec2.internal`;
  const mem = memoryGi[category];
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': arm ? 'arm64' : 'amd64',
        'topology.kubernetes.io/zone': zone,
        'topology.kubernetes.io/region': 'us-east-1',
        'node.kubernetes.io/instance-type': type,
        'karpenter.sh/nodepool': pool.metadata.name,
        'karpenter.sh/initialized': 'true',
        'karpenter.sh/registered': 'true',
        'karpenter.sh/capacity-type': i % 2 === 0 && n % 2 === 0 ? 'spot' : 'on-demand',
        'karpenter.k8s.aws/instance-category': category,
        team: `team-${i % 4}`,
      },
    },
    spec: {
      providerID: `aws:///${zone}/i-${(0x1000000 + n).toString(16)}`,
      ...(pool.spec.template.spec.taints ? { taints: pool.spec.template.spec.taints } : {}),
    },
    status: {
      capacity: { cpu: '8', memory: `${mem}Gi`, pods: '58', 'ephemeral-storage': '20Gi' },
      allocatable: { cpu: '7910m', memory: `${mem * 1024 - 1200}Mi`, pods: '58', 'ephemeral-storage': '18Gi' },
    },
  };
}

/** Two bound pods on node `n`: a small system pod, and on every third node one of a zone-spread app. */
function boundPods(n: number, name: string): unknown[] {
  const app = n % 3 === 0 ? `zonal-${n % 9 === 0 ? 0 : n % 9 === 3 ? 1 : 2}` : 'web';
  return [
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `agent-${n}`, namespace: 'kube-system', labels: { app: 'agent' } },
      spec: {
        nodeName: name,
        tolerations: [{ operator: 'Exists' }],
        containers: [{ name: 'agent', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
      },
      status: { phase: 'Running' },
    },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `${app}-bound-${n}`, namespace: 'default', labels: { app } },
      spec: {
        nodeName: name,
        tolerations: [{ key: 'dedicated', operator: 'Exists' }],
        containers: [{ name: 'app', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
      },
      status: { phase: 'Running' },
    },
  ];
}
