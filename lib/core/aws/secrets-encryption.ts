import { policyDocument, PolicyDocumentJson, PolicyEffect } from './policy-document';
import { BuilderKind } from '../builder-value';
import { IssueCollector } from '../issues';

const KMS_KEY_ARN_PATTERN = /^arn:[a-z-]+:kms:[a-z0-9-]+:\d{12}:key\/.+$/;

/** KMS accepts a deletion window of 7 to 30 days. */
export const KMS_DELETION_WINDOW_MIN_DAYS = 7;
/** KMS accepts a deletion window of 7 to 30 days; the longest leaves the most time to cancel a mistaken destroy. */
export const KMS_DELETION_WINDOW_MAX_DAYS = 30;

/** Options of `SecretsEncryption.createKey`. */
export interface SecretsEncryptionKeyOptions {
  /**
   * Days KMS waits before deleting the key once the stack is destroyed (7-30); the deletion can be
   * cancelled in that time.
   * @default 30
   */
  readonly deletionWindowInDays?: number;
}

/**
 * Envelope encryption of Kubernetes secrets with a customer managed KMS key. EKS already encrypts
 * all Kubernetes API data with an AWS owned key (Kubernetes 1.28+); a customer managed key adds
 * control: its key policy, CloudTrail records of each use, and revoking it.
 */
export class SecretsEncryption {
  /**
   * A key created with the cluster: symmetric, yearly automatic rotation, alias
   * `alias/eks/<clusterName>`, and the cluster role allowed to use it. The key costs about
   * 1 USD a month. Disabling or deleting it makes the cluster's secrets unreadable.
   */
  public static createKey(options: SecretsEncryptionKeyOptions = {}): SecretsEncryption {
    return new SecretsEncryption('create', undefined, options.deletionWindowInDays ?? KMS_DELETION_WINDOW_MAX_DAYS);
  }

  /**
   * An existing symmetric key, by ARN (not an alias). The cluster role gets
   * `kms:Encrypt/Decrypt/ListGrants/DescribeKey` on it; its key policy must allow IAM policies of
   * the account (the default key policy does).
   */
  public static withKey(keyArn: string): SecretsEncryption {
    return new SecretsEncryption('existing', keyArn, undefined);
  }

  /**
   * No customer managed key: EKS's default envelope encryption with an AWS owned key only. Once a
   * cluster has a key, EKS cannot remove it, so this does not undo `createKey` on a live cluster.
   */
  public static readonly AWS_OWNED_KEY = new SecretsEncryption('none', undefined, undefined);

  private constructor(
    /** @internal */
    public readonly _mode: 'create' | 'existing' | 'none',
    /** @internal */
    public readonly _keyArn: string | undefined,
    /** @internal */
    public readonly _deletionWindowInDays: number | undefined,
  ) {}
}

/** Props typed `SecretsEncryption` take only the builder. */
export const SECRETS_ENCRYPTION_BUILDER: BuilderKind<SecretsEncryption> = {
  name: 'SecretsEncryption',
  type: SecretsEncryption,
  example: 'SecretsEncryption.createKey(), SecretsEncryption.withKey(keyArn) or SecretsEncryption.AWS_OWNED_KEY',
};

/** The customer managed key `EksCluster` creates for secrets. */
export interface PlannedSecretsKey {
  /** `alias/eks/<clusterName>`, as terraform-aws-eks. */
  readonly aliasName: string;
  readonly description: string;
  readonly deletionWindowInDays: number;
  readonly enableKeyRotation: boolean;
}

/** How the cluster's secrets are encrypted. */
export interface PlannedSecretsEncryption {
  /** The key to create; undefined when an existing key is used. */
  readonly createKey?: PlannedSecretsKey;
  /** The existing key's ARN; undefined when the key is created. */
  readonly keyArn?: string;
}

/**
 * Production default, as terraform-aws-eks (`create_kms_key = true`): a key the account controls
 * and audits, for about 1 USD a month.
 */
export const DEFAULT_SECRETS_ENCRYPTION = SecretsEncryption.createKey();

export function planSecretsEncryption(issues: IssueCollector, clusterName: string, choice: SecretsEncryption): PlannedSecretsEncryption | undefined {
  if (choice._mode === 'none') return undefined;
  if (choice._mode === 'existing') {
    const key = choice._keyArn!;
    if (!issues.isUnresolved(key) && !KMS_KEY_ARN_PATTERN.test(key)) {
      issues.error(
        'secretsEncryption',
        'InvalidKmsKeyArn',
        `'${key}' is not a KMS key ARN ('arn:<partition>:kms:<region>:<account>:key/<key id>'); EKS needs the key ARN, not an alias or a key id.`,
      );
    }
    return { keyArn: key };
  }
  const days = choice._deletionWindowInDays!;
  if (!issues.isUnresolved(days) && (!Number.isInteger(days) || days < KMS_DELETION_WINDOW_MIN_DAYS || days > KMS_DELETION_WINDOW_MAX_DAYS)) {
    issues.error(
      'secretsEncryption.deletionWindowInDays',
      'InvalidKmsDeletionWindow',
      `KMS takes a deletion window of ${KMS_DELETION_WINDOW_MIN_DAYS} to ${KMS_DELETION_WINDOW_MAX_DAYS} whole days, got ${days}.`,
    );
  }
  return {
    createKey: {
      aliasName: `alias/eks/${clusterName}`,
      description: `Envelope encryption of Kubernetes secrets of EKS cluster ${clusterName}`,
      deletionWindowInDays: days,
      enableKeyRotation: true,
    },
  };
}

/**
 * What the cluster role needs to use a customer managed key for secrets: EKS acts with the
 * cluster role's permissions (terraform-aws-eks's cluster encryption policy).
 */
export function clusterEncryptionPolicy(keyArn: string): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'ClusterEncryption',
      Effect: PolicyEffect.ALLOW,
      Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ListGrants', 'kms:DescribeKey'],
      Resource: keyArn,
    },
  ]);
}
