// A stack built from raw L1 resources, shaped like what the Karpenter constructs emit,
// so the testing helpers are tested independently of those constructs.
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { Release } from '@cdktf/provider-helm/lib/release';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ec2NodeClass } from '../core/api/fixtures';
import { newStack } from '../util/stacks';

export const NODE_POOL = {
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodePool',
  metadata: { name: 'default' },
  spec: {
    template: {
      spec: {
        nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
        requirements: [
          { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
          { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
        ],
      },
    },
    disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m' },
    limits: { cpu: '1000' },
  },
};

export const NODE_CLASS = ec2NodeClass();

export interface KarpenterStackParts {
  readonly stack: TerraformStack;
  readonly nodePool: Manifest;
  readonly nodeClass: Manifest;
  readonly controller: Release;
  readonly crds: Release;
}

export function karpenterStack(): KarpenterStackParts {
  const stack = newStack('stack');
  new KubernetesProvider(stack, 'kubernetes', {});
  new HelmProvider(stack, 'helm', {});
  const karpenter = new Construct(stack, 'Karpenter');
  const crds = new Release(karpenter, 'Crds', {
    name: 'karpenter-crd',
    chart: 'oci://public.ecr.aws/karpenter/karpenter-crd',
    version: '1.14.1',
    namespace: 'kube-system',
  });
  const controller = new Release(karpenter, 'Controller', {
    name: 'karpenter',
    chart: 'oci://public.ecr.aws/karpenter/karpenter',
    version: '1.14.1',
    namespace: 'kube-system',
    values: [
      'settings:\n  clusterName: demo\n  interruptionQueue: Karpenter-demo\nreplicas: 2\n',
      JSON.stringify({ controller: { resources: { requests: { cpu: '1' } } }, replicas: 1 }),
    ],
  });
  const nodePool = new Manifest(karpenter, 'NodePool', { manifest: NODE_POOL });
  const nodeClass = new Manifest(karpenter, 'NodeClass', { manifest: NODE_CLASS });
  new Manifest(stack, 'Unrelated', {
    manifest: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'NodePool', namespace: 'x' }, data: {} },
  });
  return { stack, nodePool, nodeClass, controller, crds };
}
