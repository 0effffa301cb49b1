// Every lint code, derived from the tables that hold each code with its check.
import { BUDGET_RULE } from './budget';
import { CATALOG_RULES } from './catalog-lints';
import { NODECLASS_RULES } from './ec2nodeclass-lints';
import { NODEPOOL_RULES } from './nodepool-lints';

type Codes<T extends readonly { readonly code: string }[]> = T[number]['code'];

/** A lint code: what `ValidationContext.silence` takes to silence a lint warning. */
export type LintCode = Codes<typeof NODEPOOL_RULES> | Codes<typeof NODECLASS_RULES> | Codes<typeof CATALOG_RULES> | typeof BUDGET_RULE.code;

/** Every lint rule, NodePool rules first; issues come out in this order. */
const LINT_RULES: readonly { readonly code: LintCode; readonly summary: string }[] = [
  ...NODEPOOL_RULES,
  ...NODECLASS_RULES,
  ...CATALOG_RULES,
  BUDGET_RULE,
];

/** Every lint code, with what it flags. */
export const LINT_CODES: { readonly [C in LintCode]: string } = Object.fromEntries(LINT_RULES.map((r) => [r.code, r.summary])) as {
  readonly [C in LintCode]: string;
};
