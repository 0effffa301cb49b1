import { IssueCollector } from '../issues';

/**
 * DNS suffix of each AWS partition. Service principals and `AWS::URLSuffix` use it;
 * constructs read it from `data "aws_partition"` instead, this table serves plain strings.
 */
const PARTITION_DNS_SUFFIX: Readonly<Record<string, string>> = {
  aws: 'amazonaws.com',
  'aws-cn': 'amazonaws.com.cn',
  'aws-us-gov': 'amazonaws.com',
  'aws-iso': 'c2s.ic.gov',
  'aws-iso-b': 'sc2s.sgov.gov',
  'aws-iso-e': 'cloud.adc-e.uk',
  'aws-iso-f': 'csp.hci.ic.gov',
};

/** Partitions this library is tested against. */
export const SUPPORTED_PARTITIONS: readonly string[] = ['aws', 'aws-cn', 'aws-us-gov'];

/**
 * DNS suffix of a known partition (`aws-cn` -> `amazonaws.com.cn`).
 * Throws on an unknown partition: a wrong suffix would give a trust policy nobody can assume.
 */
export function dnsSuffixOf(partition: string): string {
  const suffix = PARTITION_DNS_SUFFIX[partition];
  if (suffix === undefined) {
    throw new Error(`Unknown AWS partition '${partition}'; known partitions: ${Object.keys(PARTITION_DNS_SUFFIX).join(', ')}`);
  }
  return suffix;
}

/** Service principal of an AWS service in a partition, e.g. `ec2.amazonaws.com.cn`. */
export function servicePrincipal(service: string, dnsSuffix: string): string {
  return `${service}.${dnsSuffix}`;
}

/** ARN of an AWS managed IAM policy: `arn:<partition>:iam::aws:policy/<name>`. */
export function awsManagedPolicyArn(partition: string, policyName: string): string {
  return `arn:${partition}:iam::aws:policy/${policyName}`;
}

/** The parts of an ARN: `arn:partition:service:region:account:resource`. */
export interface ArnParts {
  readonly partition: string;
  readonly service: string;
  readonly region: string;
  readonly account: string;
  readonly resource: string;
}

/** Splits a plain (non-token) ARN; returns undefined when it is not an ARN. */
export function parseArn(arn: string): ArnParts | undefined {
  const parts = arn.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return undefined;
  const [, partition, service, region, account, ...rest] = parts;
  if (!partition || !service) return undefined;
  return { partition, service, region, account, resource: rest.join(':') };
}

/**
 * Validates an EKS cluster ARN and returns its account id. The account comes from the ARN
 * so that no `aws_caller_identity` (an STS call at plan time) is needed.
 */
export function accountIdOfClusterArn(issues: IssueCollector, field: string, clusterArn: string): string | undefined {
  const parts = parseArn(clusterArn);
  if (!parts || parts.service !== 'eks' || !/^\d{12}$/.test(parts.account) || !parts.resource.startsWith('cluster/')) {
    issues.error(
      field,
      'InvalidClusterArn',
      `must be an EKS cluster ARN 'arn:<partition>:eks:<region>:<12-digit account>:cluster/<name>', got '${clusterArn}'. ` +
        'Pass the cluster ARN (e.g. the aws_eks_cluster arn attribute).',
    );
    return undefined;
  }
  return parts.account;
}

/** Whether `id` is an EC2-style resource id: `<kind>-` and 8 or 17 hex digits (`sg-0123456789abcdef0`). */
export function isAwsResourceId(kind: string, id: string): boolean {
  return new RegExp(`^${kind}-([0-9a-f]{8}|[0-9a-f]{17})$`).test(id);
}

/** IAM role and policy names: `[\w+=,.@-]`, 1-64 (roles) or 1-128 (policies) characters. */
const IAM_NAME_PATTERN = /^[\w+=,.@-]+$/;

/** Role names are at most 64 characters (IAM quota). */
export const IAM_ROLE_NAME_MAX_LENGTH = 64;
/** Managed policy names are at most 128 characters (IAM quota). */
export const IAM_POLICY_NAME_MAX_LENGTH = 128;

/**
 * Checks an IAM role or policy name. Tokens are skipped.
 * @param hint how to fix it, e.g. which prop to set
 */
export function validateIamName(issues: IssueCollector, field: string, name: string, maxLength: number, hint: string): void {
  if (issues.isUnresolved(name)) return;
  if (name.length === 0 || name.length > maxLength) {
    issues.error(field, 'InvalidIamNameLength', `IAM name '${name}' is ${name.length} characters; IAM allows 1-${maxLength}. ${hint}`);
  }
  if (name.length > 0 && !IAM_NAME_PATTERN.test(name)) {
    issues.error(
      field,
      'InvalidIamNameCharacters',
      `IAM name '${name}' has characters IAM rejects; allowed are letters, digits and '+=,.@_-'. ${hint}`,
    );
  }
}

/** Checks a list of IAM policy ARNs (`arn:<partition>:iam::<account|aws>:policy/<path/name>`). Tokens are skipped. */
export function validatePolicyArns(issues: IssueCollector, field: string, arns: readonly string[] | undefined): void {
  (arns ?? []).forEach((arn, i) => {
    if (issues.isUnresolved(arn)) return;
    if (!/^arn:[a-z-]+:iam::(aws|\d{12}):policy\/.+/.test(arn)) {
      issues.error(
        `${field}[${i}]`,
        'InvalidPolicyArn',
        `'${arn}' is not an IAM policy ARN; expected 'arn:<partition>:iam::<account id or aws>:policy/<name>'.`,
      );
    }
  });
}

/** IAM role ARNs: `arn:<partition>:iam::<12-digit account>:role/<path/name>`. */
const IAM_ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;

/** Whether `arn` is a plain IAM role ARN. */
export function isIamRoleArn(arn: string): boolean {
  return IAM_ROLE_ARN_PATTERN.test(arn);
}

/**
 * Checks an IAM role ARN. Tokens are skipped.
 * @param code the issue code, so callers keep their documented codes
 */
export function validateRoleArn(issues: IssueCollector, field: string, arn: string, code = 'InvalidRoleArn'): void {
  if (issues.isUnresolved(arn) || isIamRoleArn(arn)) return;
  issues.error(
    field,
    code,
    `must be an IAM role ARN 'arn:<partition>:iam::<account>:role/<name>', e.g. 'arn:aws:iam::123456789012:role/KarpenterController'; got '${arn}'`,
  );
}
