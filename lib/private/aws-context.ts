import { Fn, TerraformStack, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { DataAwsPartition } from '@cdktf/provider-aws/lib/data-aws-partition';
import type { DataAwsRegion } from '@cdktf/provider-aws/lib/data-aws-region';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { escapeTemplateSequences } from './terraform-strings';

/** Partition-aware values for ARNs, all known without an AWS API call at plan time. */
export interface AwsContext {
  /** `data.aws_partition.partition`. */
  readonly partition: string;
  /** `data.aws_partition.dns_suffix` (service principals). */
  readonly dnsSuffix: string;
  /** The default AwsProvider's region when it is a plain string, else `data.aws_region`'s region. */
  readonly region: string;
}

const CONTEXT_ID = 'KarpenterAwsContext';

class AwsContextConstruct extends Construct implements AwsContext {
  public readonly partition: string;
  public readonly dnsSuffix: string;
  public readonly region: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Answered by the provider locally, as aws_region is; aws_caller_identity would call STS.
    const partition = new DataAwsPartition(this, 'Partition');
    this.partition = partition.partition;
    this.dnsSuffix = partition.dnsSuffix;
    const providerRegion = defaultAwsProvider(this)?.region;
    this.region =
      providerRegion !== undefined && !Token.isUnresolved(providerRegion)
        ? providerRegion
        : regionOf(new (dataRegion().DataAwsRegion)(this, 'Region'));
  }
}

// Loaded only where the provider's region is not a literal: the package import loads what every app needs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dataRegion = (): typeof import('@cdktf/provider-aws/lib/data-aws-region') => require('@cdktf/provider-aws/lib/data-aws-region');

// hashicorp/aws 6 (@cdktf/provider-aws 21) deprecates `name` for `region`, which aws 5 does not have.
function regionOf(data: DataAwsRegion): string {
  return data.getStringAttribute('region' in Object.getPrototypeOf(data) ? 'region' : 'name');
}

/** The stack's default (not aliased) AwsProvider, when there is exactly one. */
export function defaultAwsProvider(scope: IConstruct): AwsProvider | undefined {
  const providers = TerraformStack.of(scope)
    .node.findAll()
    .filter((c): c is AwsProvider => c instanceof AwsProvider && c.alias === undefined);
  return providers.length === 1 ? providers[0] : undefined;
}

/** The default AwsProvider's `default_tags` known at synth; the provider adds them to `tags`, but not to launch template tag specifications. */
export function providerDefaultTags(scope: IConstruct): Record<string, string> {
  const blocks = defaultAwsProvider(scope)?.defaultTags;
  if (blocks === undefined || Token.isUnresolved(blocks) || !Array.isArray(blocks)) return {};
  const tags: Record<string, string> = {};
  for (const block of blocks) {
    if (block?.tags !== undefined && !Token.isUnresolved(block.tags)) Object.assign(tags, block.tags);
  }
  return tags;
}

/**
 * One `aws_partition` (and, when the default provider's region is not known at synth, one
 * `aws_region`) per stack, shared by every Karpenter construct.
 */
export function awsContext(scope: IConstruct): AwsContext {
  const stack = TerraformStack.of(scope);
  const existing = stack.node.tryFindChild(CONTEXT_ID);
  return (existing as AwsContextConstruct | undefined) ?? new AwsContextConstruct(stack, CONTEXT_ID);
}

/**
 * The cluster name as a reference to the cluster: `IEksCluster.clusterName` is a plain string,
 * so resources keyed by it alone (access entry, pod identity association) would not wait for
 * the cluster. Its ARN (`.../cluster/<name>`) carries the dependency and the same value.
 */
export function clusterNameRef(cluster: { readonly clusterName: string; readonly clusterArn: string }): string {
  if (Token.isUnresolved(cluster.clusterName) || !Token.isUnresolved(cluster.clusterArn)) return cluster.clusterName;
  return Fn.element(Fn.split('/', cluster.clusterArn), 1);
}

/** `https://` stripped from an issuer URL, in Terraform when it is a token. */
export function issuerHostPathOf(issuerUrl: string): string {
  return Token.isUnresolved(issuerUrl) ? Fn.replace(issuerUrl, 'https://', '') : issuerUrl.replace(/^https:\/\//, '');
}

/**
 * Renders a policy document as a JSON string with Terraform references interpolated into it.
 * Unlike `Fn.jsonencode`, this keeps tokens usable in object keys (IAM condition keys hold the
 * OIDC issuer) and leaves plain JSON in cdk.tf.json. The references this library interpolates
 * are ARNs, partitions, regions and account ids, which hold no JSON metacharacter.
 *
 * Terraform reads every `${` and `%{` in a string as a template, so IAM policy variables such as
 * `${aws:username}` would fail to parse; they are escaped (`$${`), cdktf tokens
 * (`${TfToken[...]}`) and already escaped ones are left alone.
 */
export function policyJson(doc: unknown): string {
  return escapeTemplateSequences(JSON.stringify(doc));
}
