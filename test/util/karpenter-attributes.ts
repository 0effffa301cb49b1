import { KarpenterAwsAttributes } from '../../lib/core/aws/karpenter-aws-attributes';

/**
 * What KarpenterAws hands the controller for cluster `demo` in eu-west-1, with Pod Identity, a queue and a controller
 * node group; without its verdicts on the namespace and service account, as if written by hand, so both are checked.
 */
export const KARPENTER_ATTRIBUTES: KarpenterAwsAttributes = {
  clusterName: 'demo',
  region: 'eu-west-1',
  interruptionQueueName: 'Karpenter-demo',
  nodeRoleName: 'KarpenterNodeRole-demo',
  controllerNamespace: 'kube-system',
  controllerServiceAccount: 'karpenter',
  identityType: 'podIdentity',
  controllerRoleArn: 'arn:aws:iam::123456789012:role/KarpenterController-demo',
  controllerNodeGroup: true,
  // The default ControllerNodeGroup's nodes, as KarpenterAws reads them (zones unknown: not a KarpenterNetwork's subnets).
  controllerNodes: [{ desiredSize: 2, labels: { 'karpenter.sh/controller': 'true' }, taints: [] }],
};

/** `KARPENTER_ATTRIBUTES` with some values changed. */
export function karpenterAttributes(changes: Partial<KarpenterAwsAttributes> = {}): KarpenterAwsAttributes {
  return { ...KARPENTER_ATTRIBUTES, ...changes };
}
