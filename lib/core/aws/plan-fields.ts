import { IssueCollector } from '../issues';
import { validateClusterName } from './cluster-name';

/**
 * How a composed plan names its input fields in issues. A parent (e.g. `planKarpenterAws`) passes
 * its own prop names, so each problem is reported once, under the name the user wrote.
 */
export type FieldNames<K extends string> = { readonly [key in K]?: string };

/** Set by a parent plan that has already checked the cluster name: the child neither checks it again nor derives names from a bad one. */
export interface ComposedPlan<K extends string> {
  /** The parent's names for the child's fields. */
  readonly fields: FieldNames<K>;
  /** Whether the cluster name passed the parent's check. */
  readonly clusterNameOk: boolean;
}

/** The field name to report `key` under. */
export function fieldName<K extends string>(fields: FieldNames<K> | undefined, key: K): string {
  return fields?.[key] ?? key;
}

/**
 * Whether names may be derived from the cluster name: the parent's verdict when composed, the verdict
 * of the construct the name entered by (`clusterNameValid`, which reported its problems) when given,
 * otherwise the result of checking (and reporting) it here.
 */
export function checkClusterNameOnce<K extends string>(
  issues: IssueCollector,
  field: string,
  clusterName: string,
  composed: ComposedPlan<K> | undefined,
  clusterNameValid?: boolean,
): boolean {
  if (composed !== undefined) return composed.clusterNameOk;
  if (clusterNameValid !== undefined) return clusterNameValid;
  const before = issues.issues.length;
  validateClusterName(issues, field, clusterName);
  return issues.issues.length === before;
}

/** Input of a plan whose cluster name may have been checked where it entered. */
export interface CheckedClusterName {
  /**
   * The verdict of the check made where the cluster name entered (`EksCluster`, `EksCluster.fromClusterName`,
   * a network), which reported its problems: this plan uses it and reports nothing of the name.
   * @default - the plan checks the name and reports its problems
   */
  readonly clusterNameValid?: boolean;
}
