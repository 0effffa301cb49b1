// Findings the API server accepts but that are most likely mistakes. All are warnings, silenced
// by code through `ValidationContext.silence`. Each rule is one entry of a table: the NodePool's in
// nodepool-lints.ts, the EC2NodeClass's in ec2nodeclass-lints.ts (the catalog's in catalog-lints.ts, the budget's
// in budget.ts); lint-codes.ts derives the code list from them. Here, the two entry points that run the tables.
// Inputs may be malformed: every access is defensive.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { isPlainObject } from '../json';
import { NODECLASS_RULES } from './ec2nodeclass-lints';
import { lintReport, NodeClassFacts } from './lint-rule';
import { nodePoolFacts } from './nodepool-facts';
import { NODEPOOL_RULES } from './nodepool-lints';

/** Lint findings for a NodePool manifest (warnings); the catalog's are `lintNodePoolCatalog`'s (lib/core/sim). */
export function lintNodePool(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const facts = nodePoolFacts(manifest.spec, c);
  for (const rule of NODEPOOL_RULES) rule.check(facts, lintReport(c, rule.code));
  return c.issues;
}

/** Lint findings for an EC2NodeClass manifest (warnings only). */
export function lintEc2NodeClass(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const facts: NodeClassFacts = { spec: manifest.spec, meta: isPlainObject(manifest.metadata) ? manifest.metadata : {} };
  for (const rule of NODECLASS_RULES) rule.check(facts, lintReport(c, rule.code));
  return c.issues;
}
