import { IssueCollector } from '../issues';

/** EKS cluster names are at most 100 characters (CreateCluster API). */
export const CLUSTER_NAME_MAX_LENGTH = 100;

/** EKS cluster names: start with a letter or digit, then letters, digits, `-` and `_`. */
export const CLUSTER_NAME_PATTERN = /^[0-9A-Za-z][A-Za-z0-9\-_]*$/;

/**
 * Checks an EKS cluster name. The name feeds IAM names, tags and Helm values, so it must be a
 * plain string; a token is reported instead of skipped.
 * @param whyPlain why the caller needs a plain string, for the token error
 */
export function validateClusterName(
  issues: IssueCollector,
  field: string,
  name: string,
  whyPlain = 'it is used in IAM names, tags and Helm values',
): void {
  if (issues.isUnresolved(name)) {
    issues.error(
      field,
      'ClusterNameIsToken',
      `cluster name must be a plain string known at synth (${whyPlain}), got a Terraform token. Pass the literal name.`,
    );
    return;
  }
  if (name.length === 0) {
    issues.error(field, 'EmptyClusterName', "cluster name is empty. Give a name such as 'demo' (1-100 characters).");
    return;
  }
  if (name.length > CLUSTER_NAME_MAX_LENGTH) {
    issues.error(
      field,
      'ClusterNameTooLong',
      `cluster name '${name}' is ${name.length} characters; EKS allows 1-${CLUSTER_NAME_MAX_LENGTH}. Use a shorter name.`,
    );
  }
  if (!CLUSTER_NAME_PATTERN.test(name)) {
    issues.error(
      field,
      'InvalidClusterName',
      `cluster name '${name}' is invalid; EKS requires ${CLUSTER_NAME_PATTERN.source} ` +
        "(start with a letter or digit, then only letters, digits, '-' and '_'). Rename it, e.g. 'my-cluster'.",
    );
  }
}
