// Plain manifests for the simulator tests.
export const nodeClass = (name = 'default', spec: Record<string, unknown> = {}) => ({
  apiVersion: 'karpenter.k8s.aws/v1',
  kind: 'EC2NodeClass',
  metadata: { name },
  spec: { amiSelectorTerms: [{ alias: 'al2023@latest' }], role: 'KarpenterNodeRole', ...spec },
});

export interface PoolOptions {
  readonly weight?: number;
  readonly taints?: unknown[];
  readonly labels?: Record<string, string>;
  readonly limits?: Record<string, string | number>;
  readonly nodeClass?: string;
}

export const nodePool = (name: string, requirements: unknown[] = [], o: PoolOptions = {}) => ({
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodePool',
  metadata: { name },
  spec: {
    ...(o.weight === undefined ? {} : { weight: o.weight }),
    ...(o.limits ? { limits: o.limits } : {}),
    template: {
      ...(o.labels ? { metadata: { labels: o.labels } } : {}),
      spec: {
        nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: o.nodeClass ?? 'default' },
        requirements,
        ...(o.taints ? { taints: o.taints } : {}),
      },
    },
  },
});

export const req = (key: string, operator: string, ...values: string[]) => ({ key, operator, ...(values.length ? { values } : {}) });

export const pod = (name: string, requests: Record<string, string> = {}, spec: Record<string, unknown> = {}, labels?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', ...(labels ? { labels } : {}) },
  spec: { containers: [{ name: 'app', image: 'app', resources: { requests } }], ...spec },
});

export const deployment = (
  name: string,
  replicas: number,
  requests: Record<string, string>,
  spec: Record<string, unknown> = {},
  labels = { app: name },
) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'default' },
  spec: { replicas, template: { metadata: { labels }, spec: { containers: [{ name: 'app', resources: { requests } }], ...spec } } },
});
