// Pure core: no cdktf or constructs imports.
//
// `EC2NodeClass.Hash(caBundle)` of the AWS provider v1.14.1 (aws/karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go:597-610).

import { ValidationIssue } from '../issues';

/** `karpenter.k8s.aws/ec2nodeclass-hash-version` this hash matches (ec2nodeclass.go, v5 from provider v1.12). */
export const EC2NODECLASS_HASH_VERSION = 'v5';

/** Options of `ec2NodeClassHash`. */
export interface Ec2NodeClassHashOptions {
  /**
   * The cluster's base64 CA bundle, which Karpenter hashes as a third term.
   * @default - the empty string: the hash is then exact only as a before/after comparison
   */
  readonly caBundle?: string;
}

/** What `readEc2NodeClassHash` found. */
export interface Ec2NodeClassHashResult {
  readonly hash?: string;
  readonly issues: readonly ValidationIssue[];
}

/** Reads an EC2NodeClass manifest and computes its hash, or reports why it cannot. Never throws. */
export function readEc2NodeClassHash(nodeClass: unknown, options: Ec2NodeClassHashOptions = {}): Ec2NodeClassHashResult {
  void nodeClass;
  void options;
  return { issues: [] }; // skeleton: implemented in the next commit
}

/**
 * The `karpenter.k8s.aws/ec2nodeclass-hash` the AWS provider v1.14.1 writes (hash version `v5`).
 * @returns the decimal hash, or `undefined` when the manifest cannot be decoded (`readEc2NodeClassHash` gives the issues). Never throws.
 */
export function ec2NodeClassHash(nodeClass: unknown, options?: { readonly caBundle?: string }): string | undefined {
  return readEc2NodeClassHash(nodeClass, options).hash;
}
