// Pure core: no cdktf or constructs imports.
// NodePools and EC2NodeClasses are cluster-scoped: a second object of the same kind and name in one
// cluster is the same Kubernetes object, so one apply overwrites (or fights over) the other.
import { Severity, ValidationIssue } from '../issues';

/** A cluster-scoped object and where it is declared. */
export interface DeclaredObject {
  /** `NodePool` or `EC2NodeClass`. */
  readonly kind: string;
  /** `metadata.name`. */
  readonly name: string;
  /** Which cluster it is applied to; objects are compared only within one. */
  readonly cluster: string;
  /** Where it is declared, for messages: a construct path, or `file:line`. */
  readonly where: string;
}

/**
 * One `DuplicateName` error for each object that shares kind, name and cluster with another, naming
 * where the others are declared, in input order.
 */
export function duplicateNameIssues<T extends DeclaredObject>(objects: readonly T[]): { readonly object: T; readonly issue: ValidationIssue }[] {
  const groups = new Map<string, T[]>();
  for (const o of objects) {
    const key = JSON.stringify([o.kind, o.name, o.cluster]);
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return objects.flatMap((object) => {
    const others = groups.get(JSON.stringify([object.kind, object.name, object.cluster]))!.filter((o) => o !== object);
    if (others.length === 0) return [];
    const message =
      `${object.kind} name ${JSON.stringify(object.name)} is also declared at ${others.map((o) => o.where).join(', ')}; ` +
      `${object.kind} names are cluster-wide, so both would be the same object and each apply would overwrite the other. ` +
      `Give each ${object.kind} its own name`;
    return [{ object, issue: { severity: Severity.ERROR, field: 'metadata.name', code: 'DuplicateName', message } }];
  });
}
