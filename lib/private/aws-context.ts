import { Fn, TerraformStack, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { DataAwsPartition } from '@cdktf/provider-aws/lib/data-aws-partition';
import { DataAwsRegion } from '@cdktf/provider-aws/lib/data-aws-region';
import { escapeTemplateSequences } from './terraform-strings';

/** Partition-aware values for ARNs, all known without an AWS API call at plan time. */
export interface AwsContext {
  /** `data.aws_partition.partition`. */
  readonly partition: string;
  /** `data.aws_partition.dns_suffix` (service principals). */
  readonly dnsSuffix: string;
  /** `data.aws_region.name`. */
  readonly region: string;
}

const CONTEXT_ID = 'KarpenterAwsContext';

class AwsContextConstruct extends Construct implements AwsContext {
  public readonly partition: string;
  public readonly dnsSuffix: string;
  public readonly region: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Both data sources are answered by the provider locally; aws_caller_identity would call STS.
    const partition = new DataAwsPartition(this, 'Partition');
    const region = new DataAwsRegion(this, 'Region');
    this.partition = partition.partition;
    this.dnsSuffix = partition.dnsSuffix;
    this.region = region.name;
  }
}

/** One `aws_partition` + `aws_region` pair per stack, shared by every Karpenter construct. */
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
