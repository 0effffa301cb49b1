import { S3Backend, TerraformStack } from 'cdktf';

/** Remote state for teams: one S3 bucket, one state file per stack, with locking. */
export interface StateBackendConfig {
  /** S3 bucket that holds the state files (versioning on, recommended). */
  readonly bucket: string;
  /** Region of the bucket. */
  readonly region: string;
  /**
   * Prefix of the state keys; each stack writes `<keyPrefix>/<stack>.tfstate`.
   * @default 'karpenter'
   */
  readonly keyPrefix?: string;
  /**
   * DynamoDB table for locking, for teams still on it.
   * @default - S3 native locking (`use_lockfile`, Terraform >= 1.10)
   */
  readonly dynamodbTable?: string;
}

/**
 * Reads the backend from the environment, the one place the examples configure it:
 * `KARPENTER_STATE_BUCKET` (unset means local state), `KARPENTER_STATE_REGION`
 * (default: `AWS_REGION`), `KARPENTER_STATE_KEY_PREFIX`, `KARPENTER_STATE_LOCK_TABLE`.
 */
export function stateBackendFromEnv(env: NodeJS.ProcessEnv = process.env): StateBackendConfig | undefined {
  const bucket = env.KARPENTER_STATE_BUCKET;
  if (!bucket) return undefined;
  const region = env.KARPENTER_STATE_REGION ?? env.AWS_REGION;
  if (!region) {
    throw new Error('KARPENTER_STATE_BUCKET is set but the bucket region is not: set KARPENTER_STATE_REGION (or AWS_REGION).');
  }
  return {
    bucket,
    region,
    keyPrefix: env.KARPENTER_STATE_KEY_PREFIX,
    dynamodbTable: env.KARPENTER_STATE_LOCK_TABLE,
  };
}

/** Gives `stack` an S3 backend when `config` is set; local state otherwise. */
export function configureStateBackend(stack: TerraformStack, stackName: string, config?: StateBackendConfig): void {
  if (!config) return;
  const backend = new S3Backend(stack, {
    bucket: config.bucket,
    key: `${config.keyPrefix ?? 'karpenter'}/${stackName}.tfstate`,
    region: config.region,
    encrypt: true,
    dynamodbTable: config.dynamodbTable,
  });
  // cdktf 0.21 predates S3 native locking, so the attribute goes in as an override.
  if (!config.dynamodbTable) backend.addOverride('use_lockfile', true);
}
