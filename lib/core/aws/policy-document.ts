import { IssueCollector } from '../issues';

/** IAM policy language version used by every document this library writes. */
export const POLICY_VERSION = '2012-10-17';

/** A condition value as IAM JSON carries it. */
export type PolicyConditionValue = string | readonly string[] | boolean;

/** `{ operator: { key: value } }`, e.g. `{ StringEquals: { 'aws:RequestedRegion': 'eu-west-1' } }`. */
export type PolicyConditions = Readonly<Record<string, Readonly<Record<string, PolicyConditionValue>>>>;

/** One IAM statement in the JSON form AWS stores (PascalCase keys). */
export interface PolicyStatementJson {
  readonly Sid?: string;
  readonly Effect: string;
  readonly Principal?: string | Readonly<Record<string, string | readonly string[]>>;
  readonly Action: string | readonly string[];
  readonly Resource?: string | readonly string[];
  readonly Condition?: PolicyConditions;
}

/** An IAM policy document as plain JSON. Values may be Terraform tokens. */
export interface PolicyDocumentJson {
  readonly Version: string;
  readonly Id?: string;
  readonly Statement: readonly PolicyStatementJson[];
}

/** Whether a statement allows or denies. */
export enum PolicyEffect {
  /** The statement grants the actions. */
  ALLOW = 'Allow',
  /** The statement refuses the actions, overriding any allow. */
  DENY = 'Deny',
}

/** An extra identity-policy statement supplied by a user (camelCase, arrays only). */
export interface PolicyStatementOptions {
  /**
   * Statement id; letters and digits only.
   * @default - no Sid
   */
  readonly sid?: string;
  /**
   * Allow or deny.
   * @default PolicyEffect.ALLOW
   */
  readonly effect?: PolicyEffect;
  /** Actions, e.g. `['ec2:DescribeImages']`. At least one. */
  readonly actions: string[];
  /** Resource ARNs or `*`. At least one. */
  readonly resources: string[];
  /**
   * Conditions as `{ operator: { key: [values] } }`.
   * @default - no condition
   */
  readonly conditions?: Record<string, Record<string, string[]>>;
}

/** Managed policies may hold 6,144 characters, whitespace excluded (IAM quota). */
export const MANAGED_POLICY_MAX_CHARS = 6144;
/** Inline role policies may hold 10,240 characters in total per role, whitespace excluded (IAM quota). */
export const INLINE_ROLE_POLICY_MAX_CHARS = 10240;

/** The length IAM charges a document: its JSON without whitespace. */
export function policySize(doc: PolicyDocumentJson): number {
  return JSON.stringify(doc).length;
}

/** Builds a document from statements. */
export function policyDocument(statements: readonly PolicyStatementJson[], id?: string): PolicyDocumentJson {
  return id === undefined ? { Version: POLICY_VERSION, Statement: statements } : { Version: POLICY_VERSION, Id: id, Statement: statements };
}

/** Converts a user statement to IAM JSON, validating what can be checked without AWS. */
export function statementFromOptions(issues: IssueCollector, field: string, s: PolicyStatementOptions): PolicyStatementJson {
  if (!s.actions || s.actions.length === 0) {
    issues.error(`${field}.actions`, 'EmptyStatementActions', 'a statement needs at least one action, got none. Add e.g. "ec2:DescribeImages".');
  }
  if (!s.resources || s.resources.length === 0) {
    issues.error(
      `${field}.resources`,
      'EmptyStatementResources',
      'a statement needs at least one resource, got none. Use "*" for actions that take no resource.',
    );
  }
  if (s.sid !== undefined && !issues.isUnresolved(s.sid) && !/^[A-Za-z0-9]+$/.test(s.sid)) {
    issues.error(`${field}.sid`, 'InvalidStatementSid', `Sid '${s.sid}' is invalid; IAM allows letters and digits only.`);
  }
  const hasConditions = s.conditions !== undefined && Object.keys(s.conditions).length > 0;
  return {
    ...(s.sid !== undefined ? { Sid: s.sid } : {}),
    Effect: s.effect ?? PolicyEffect.ALLOW,
    Action: [...(s.actions ?? [])],
    Resource: [...(s.resources ?? [])],
    ...(hasConditions ? { Condition: s.conditions } : {}),
  };
}
