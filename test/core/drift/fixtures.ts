// Manifests and cluster objects for the drift tests: a NodePool and its EC2NodeClass as a user writes them, and the
// NodeClaims, Nodes and pods of a running cluster as `kubectl get -o yaml` prints them.
import { nodePoolHash } from '../../../lib/core/drift/nodepool-hash';

export type Json = Record<string, any>;

export function nodePool(name = 'default', edit: (spec: Json) => void = () => {}): Json {
  const spec: Json = {
    template: {
      metadata: { labels: { team: 'a' } },
      spec: {
        nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
        requirements: [
          { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
          { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] },
        ],
        expireAfter: '720h',
      },
    },
    disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m', budgets: [{ nodes: '10%' }] },
    limits: { cpu: '1000' },
  };
  edit(spec);
  return { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name }, spec };
}

export function nodeClass(name = 'default', edit: (spec: Json) => void = () => {}): Json {
  const spec: Json = {
    role: 'KarpenterNodeRole-demo',
    amiSelectorTerms: [{ alias: 'al2023@latest' }],
    subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
    securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
    blockDeviceMappings: [{ deviceName: '/dev/xvda', ebs: { volumeSize: '50Gi', volumeType: 'gp3', encrypted: true } }],
    metadataOptions: { httpTokens: 'required', httpPutResponseHopLimit: 1 },
  };
  edit(spec);
  return { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: { name }, spec };
}

/** A live NodePool: the manifest with the annotations the hash controller writes. */
export function live(pool: Json): Json {
  return {
    ...pool,
    metadata: { ...pool.metadata, annotations: { 'karpenter.sh/nodepool-hash': nodePoolHash(pool), 'karpenter.sh/nodepool-hash-version': 'v3' } },
  };
}

export interface ClaimOptions {
  readonly pool?: Json;
  readonly hash?: string | null;
  readonly version?: string;
  readonly classHash?: string | null;
  readonly labels?: Record<string, string>;
  readonly conditions?: Json[];
  readonly tgp?: string;
}

/** A launched, initialized NodeClaim of `pool` on a Node of the same name, with the hash it was created with. */
export function nodeClaim(name: string, o: ClaimOptions = {}): Json {
  const pool = o.pool ?? nodePool();
  const annotations: Json = {};
  const hash = o.hash === undefined ? nodePoolHash(pool) : o.hash;
  if (hash !== null) {
    annotations['karpenter.sh/nodepool-hash'] = hash;
    annotations['karpenter.sh/nodepool-hash-version'] = o.version ?? 'v3';
  }
  if (o.classHash !== null) {
    annotations['karpenter.k8s.aws/ec2nodeclass-hash'] = o.classHash ?? '1234';
    annotations['karpenter.k8s.aws/ec2nodeclass-hash-version'] = 'v5';
  }
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name,
      annotations,
      labels: {
        'karpenter.sh/nodepool': pool.metadata.name,
        'karpenter.sh/capacity-type': 'spot',
        'karpenter.k8s.aws/instance-category': 'c',
        'node.kubernetes.io/instance-type': 'c6i.large',
        team: 'a',
        ...o.labels,
      },
    },
    spec: {
      nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
      ...(o.tgp ? { terminationGracePeriod: o.tgp } : {}),
    },
    status: {
      nodeName: name,
      providerID: `aws:///us-east-1a/i-${name}`,
      conditions: [{ type: 'Launched', status: 'True' }, { type: 'Initialized', status: 'True' }, ...(o.conditions ?? [])],
    },
  };
}

export function node(name: string, o: { ready?: boolean; annotations?: Record<string, string>; pool?: string } = {}): Json {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: o.annotations ?? {},
      labels: { 'karpenter.sh/nodepool': o.pool ?? 'default', 'karpenter.sh/initialized': 'true' },
    },
    status: { conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True' }] },
  };
}

export function pod(name: string, nodeName: string, o: { labels?: Record<string, string>; annotations?: Record<string, string> } = {}): Json {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'apps', labels: o.labels ?? {}, annotations: o.annotations ?? {} },
    spec: { nodeName, containers: [{ name: 'c', image: 'x' }] },
    status: { phase: 'Running' },
  };
}

export function pdb(name: string, matchLabels: Record<string, string>, disruptionsAllowed: number): Json {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'apps' },
    spec: { selector: { matchLabels }, maxUnavailable: 1 },
    status: { disruptionsAllowed },
  };
}
