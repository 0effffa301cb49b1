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
  /**
   * `KARPENTER_PUBLIC_ACCESS_CIDRS` (comma-separated, e.g. `203.0.113.0/24,198.51.100.7/32`): who may
   * reach the cluster's public API endpoint. Unset means any address, with the
   * `PublicEndpointOpenToWorld` warning at synth.
   */
  readonly publicAccessCidrs?: string[];
  /**
   * `KARPENTER_CREATE_SPOT_SERVICE_LINKED_ROLE=true` in a fresh account, so spot pools work from the first
   * deploy. Default false: the role exists once per account, and creating it again fails.
   */
  readonly createSpotServiceLinkedRole?: boolean;
  /** `KARPENTER_ZONAL_SHIFT=true` turns on EKS zonal shift for the cluster. Default false (EKS's default). */
  readonly zonalShift?: boolean;
  /** S3 state backend, see `examples/shared/backend.ts`; unset means local state. */
  readonly backend?: StateBackendConfig;
}

export function fullStackConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FullStackConfig {
  const region = env.AWS_REGION ?? 'eu-west-1';
  return {
    clusterName: env.KARPENTER_CLUSTER_NAME ?? 'karpenter-demo',
    region,
    availabilityZones: env.KARPENTER_AZS ? listOf(env.KARPENTER_AZS) : availabilityZonesOf(region),
    publicAccessCidrs: env.KARPENTER_PUBLIC_ACCESS_CIDRS ? listOf(env.KARPENTER_PUBLIC_ACCESS_CIDRS) : undefined,
    createSpotServiceLinkedRole: flag(env, 'KARPENTER_CREATE_SPOT_SERVICE_LINKED_ROLE'),
    zonalShift: flag(env, 'KARPENTER_ZONAL_SHIFT'),
    backend: stateBackendFromEnv(env),
  };
}

// A typo such as `ture` must not silently mean false.
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be 'true' or 'false', got '${env[name]}'.`);
}

function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
