// What the CRD validator reports (rules, violations, evaluations, a check's result) and the JSON it reads.

/** One `x-kubernetes-validations` rule of a CRD. */
export interface CrdRule {
  /** Stable id: `<Kind>:<schema path>:<index>`; lists are `[*]`, map values `{*}`, the root is `<root>`. */
  readonly id: string;
  readonly kind: string;
  readonly schemaPath: string;
  readonly index: number;
  readonly rule: string;
  readonly message: string;
  /** References `oldSelf`: only meaningful on update. */
  readonly transition: boolean;
}

/** Why the CRD rejects a manifest. */
export interface Violation {
  /** A CEL rule id (see CrdRule.id), or `schema:<keyword>:<field path>`. */
  readonly ruleId: string;
  /** Field path of the offending value, e.g. `spec.template.spec.requirements[2].key`. */
  readonly path: string;
  /** The CEL expression, or the schema keyword. */
  readonly rule: string;
  readonly message: string;
  readonly source: 'cel' | 'schema';
  /** A blocking schema error stops CEL evaluation. */
  readonly blocking?: boolean;
}

/** One evaluation of a CEL rule at one location. */
export interface RuleEvaluation {
  readonly ruleId: string;
  readonly path: string;
  readonly passed: boolean;
  /** Set when evaluation failed with an error, which the API server treats as a rejection. */
  readonly error?: string;
}

/** A rule that applies at a location but was not evaluated. */
export interface SkippedRule {
  readonly ruleId: string;
  readonly path: string;
  readonly rule: string;
  readonly reason: string;
}

export interface CrdCheckResult {
  readonly accepted: boolean;
  /** CEL violations and schema errors. */
  readonly violations: readonly Violation[];
  readonly evaluations: readonly RuleEvaluation[];
  readonly skipped: readonly SkippedRule[];
  /** True when a blocking schema error kept CEL from running. */
  readonly celBlocked: boolean;
  /** The object after pruning and defaulting, as the rules saw it. */
  readonly object: unknown;
}

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };
export type Schema = { [k: string]: any };
