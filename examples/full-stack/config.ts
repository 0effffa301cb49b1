import { availabilityZonesOf } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { StateBackendConfig, stateBackendFromEnv } from '../shared/backend';

/** Everything the full-stack example can be told, read from the environment in one place. */
export interface FullStackConfig {
  /** `KARPENTER_CLUSTER_NAME`, default `karpenter-demo`. */
  readonly clusterName: string;
  /** `AWS_REGION`, default `eu-west-1`. */
  readonly region: string;
  /** `KARPENTER_AZS` (comma-separated), default `<region>a,b,c`. */
  readonly availabilityZones: string[];
  /** S3 state backend, see `examples/shared/backend.ts`; unset means local state. */
  readonly backend?: StateBackendConfig;
}

export function fullStackConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FullStackConfig {
  const region = env.AWS_REGION ?? 'eu-west-1';
  return {
    clusterName: env.KARPENTER_CLUSTER_NAME ?? 'karpenter-demo',
    region,
    availabilityZones: env.KARPENTER_AZS ? env.KARPENTER_AZS.split(',').map((z) => z.trim()) : availabilityZonesOf(region),
    backend: stateBackendFromEnv(env),
  };
}
