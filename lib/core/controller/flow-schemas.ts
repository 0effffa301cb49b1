import { DEFAULT_KARPENTER_NAMESPACE } from '../aws/trust-policies';

/** API version of FlowSchema (GA since Kubernetes 1.29, so on every EKS version Karpenter 1.14 supports). */
export const FLOW_SCHEMA_API_VERSION = 'flowcontrol.apiserver.k8s.io/v1';

/**
 * Whether the controller needs Karpenter's own FlowSchemas. In `kube-system` the API server's
 * built-in `system-leader-election` and `kube-system-service-accounts` schemas give it priority;
 * elsewhere its requests share the `workload-low` level with every other workload and are
 * throttled first, so its lease can expire and it loses leadership under load.
 * @see https://karpenter.sh/docs/getting-started/getting-started-with-karpenter/#preventing-apiserver-request-throttling
 */
export function controllerNeedsFlowSchemas(namespace: string): boolean {
  return namespace !== DEFAULT_KARPENTER_NAMESPACE;
}

/** The two FlowSchemas of Karpenter's getting-started guide, for the controller's service account. */
export function karpenterFlowSchemas(namespace: string, serviceAccount: string): { [key: string]: unknown }[] {
  const subjects = [{ kind: 'ServiceAccount', serviceAccount: { name: serviceAccount, namespace } }];
  return [
    {
      apiVersion: FLOW_SCHEMA_API_VERSION,
      kind: 'FlowSchema',
      metadata: { name: 'karpenter-leader-election' },
      spec: {
        distinguisherMethod: { type: 'ByUser' },
        matchingPrecedence: 200,
        priorityLevelConfiguration: { name: 'leader-election' },
        rules: [
          {
            resourceRules: [{ apiGroups: ['coordination.k8s.io'], namespaces: ['*'], resources: ['leases'], verbs: ['get', 'create', 'update'] }],
            subjects,
          },
        ],
      },
    },
    {
      apiVersion: FLOW_SCHEMA_API_VERSION,
      kind: 'FlowSchema',
      metadata: { name: 'karpenter-workload' },
      spec: {
        distinguisherMethod: { type: 'ByUser' },
        matchingPrecedence: 1000,
        priorityLevelConfiguration: { name: 'workload-high' },
        rules: [
          {
            nonResourceRules: [{ nonResourceURLs: ['*'], verbs: ['*'] }],
            resourceRules: [{ apiGroups: ['*'], clusterScope: true, namespaces: ['*'], resources: ['*'], verbs: ['*'] }],
            subjects,
          },
        ],
      },
    },
  ];
}
