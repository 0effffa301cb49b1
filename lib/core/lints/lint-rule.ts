// What a manifest lint rule is: its code, what it flags (its LINT_CODES entry), and a check that reports through
// a LintReport, whose warnings carry the rule's code.
import { IssueCollector, PhrasedMessage } from '../issues';
import type { NodePoolFacts } from './nodepool-facts';

type Json = Record<string, unknown>;

/** What a rule's `check` reports through: its warnings carry the rule's code. */
export interface LintReport {
  warn(field: string, message: string | PhrasedMessage): void;
  isUnresolved(value: unknown): boolean;
}

/** The parts of an EC2NodeClass the rules read. */
export interface NodeClassFacts {
  readonly spec: Json;
  readonly meta: Json;
}

/** A NodePool rule: one entry of NODEPOOL_RULES. */
export interface NodePoolRule {
  readonly code: string;
  readonly appliesTo: 'NodePool';
  /** What the rule flags (its LINT_CODES entry). */
  readonly summary: string;
  check(np: NodePoolFacts, r: LintReport): void;
}

/** An EC2NodeClass rule: one entry of NODECLASS_RULES. */
export interface NodeClassRule {
  readonly code: string;
  readonly appliesTo: 'EC2NodeClass';
  /** What the rule flags (its LINT_CODES entry). */
  readonly summary: string;
  check(nc: NodeClassFacts, r: LintReport): void;
}

/** The report of the rule `code`, warning through `c`. */
export function lintReport(c: IssueCollector, code: string): LintReport {
  return { warn: (field, message) => c.warn(field, code, message), isUnresolved: (v) => c.isUnresolved(v) };
}
