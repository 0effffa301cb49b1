// Pure core: no cdktf or constructs imports in lib/core.
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
 * Whether names may be derived from the cluster name: the parent's verdict when composed,
 * otherwise the result of checking it here. When the cluster's own construct reports problems of
 * its name (`reportedByCluster`), they are checked but not reported again.
 */
export function checkClusterNameOnce<K extends string>(
  issues: IssueCollector,
  field: string,
  clusterName: string,
  composed: ComposedPlan<K> | undefined,
  reportedByCluster = false,
): boolean {
  if (composed !== undefined) return composed.clusterNameOk;
  const target = reportedByCluster ? issues.fork() : issues;
  const before = target.issues.length;
  validateClusterName(target, field, clusterName);
  return target.issues.length === before;
}

/** Input of a plan whose cluster may be a construct that reports problems of its own name. */
export interface ClusterNameReporting {
  /**
   * The cluster's own construct (`EksCluster`, `EksCluster.fromClusterName`) reports problems of its
   * name, so this plan only uses the verdict (to derive no names from a bad one).
   * @default false
   */
  readonly clusterNameReportedByCluster?: boolean;
}
