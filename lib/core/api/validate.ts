// Pure core: no cdktf or constructs imports.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { validateEc2NodeClass } from './validate-ec2nodeclass';
import { validateNodePool } from './validate-nodepool';

/** Validates any supported Karpenter manifest, dispatching on `apiVersion` and `kind`. */
export function validateManifest(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const m = manifest as { apiVersion?: unknown; kind?: unknown } | undefined;
  if (m?.apiVersion === 'karpenter.sh/v1' && m.kind === 'NodePool') return validateNodePool(manifest, ctx);
  if (m?.apiVersion === 'karpenter.k8s.aws/v1' && m.kind === 'EC2NodeClass') return validateEc2NodeClass(manifest, ctx);
  const c = new IssueCollector(ctx);
  c.error('kind', 'UnsupportedKind', `unsupported manifest: apiVersion ${JSON.stringify(m?.apiVersion)}, kind ${JSON.stringify(m?.kind)}`);
  return c.issues;
}
