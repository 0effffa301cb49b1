import { StateBackendConfig, stateBackendFromEnv } from '../shared/backend';

/** The cluster to add Karpenter to, read from the environment in one place. */
export interface ExistingClusterConfig {
  /** `KARPENTER_CLUSTER_NAME`: name of the existing EKS cluster. */
  readonly clusterName: string;
  /** `AWS_REGION`. */
  readonly region: string;
  /** `KARPENTER_VPC_ID`: the cluster's VPC. */
  readonly vpcId: string;
  /** `KARPENTER_SUBNET_IDS` (comma-separated): private subnets for Karpenter nodes and the controller node group. */
  readonly privateSubnetIds: string[];
  /** `KARPENTER_CONTROLLER_NODE_GROUP=false` skips it when the cluster already has capacity Karpenter does not manage. */
  readonly createControllerNodeGroup: boolean;
  /**
   * `KARPENTER_NAMESPACE`: namespace of the controller (as in Karpenter's guide). The Pod Identity
   * association, the Helm releases and, outside `kube-system`, the FlowSchemas all follow it.
   * @default 'kube-system'
   */
  readonly namespace?: string;
  readonly backend?: StateBackendConfig;
}

/** Placeholders so the example synthesizes from a clean clone; `cdktf deploy` needs the real values. */
export const EXAMPLE_VALUES = {
  clusterName: 'my-cluster',
  region: 'eu-west-1',
  vpcId: 'vpc-0123456789abcdef0',
  privateSubnetIds: ['subnet-0123456789abcdef0', 'subnet-0fedcba9876543210'],
};

export function existingClusterConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ExistingClusterConfig {
  const flag = env.KARPENTER_CONTROLLER_NODE_GROUP ?? 'true';
  if (flag !== 'true' && flag !== 'false') {
    throw new Error(`KARPENTER_CONTROLLER_NODE_GROUP must be 'true' or 'false', got '${flag}'.`);
  }
  return {
    clusterName: env.KARPENTER_CLUSTER_NAME ?? EXAMPLE_VALUES.clusterName,
    region: env.AWS_REGION ?? EXAMPLE_VALUES.region,
    vpcId: env.KARPENTER_VPC_ID ?? EXAMPLE_VALUES.vpcId,
    privateSubnetIds: env.KARPENTER_SUBNET_IDS ? env.KARPENTER_SUBNET_IDS.split(',').map((s) => s.trim()) : EXAMPLE_VALUES.privateSubnetIds,
    createControllerNodeGroup: flag === 'true',
    namespace: env.KARPENTER_NAMESPACE || undefined,
    backend: stateBackendFromEnv(env),
  };
}
