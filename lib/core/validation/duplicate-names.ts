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
  /**
   * The file it is declared in. Objects of one cluster in different files may be meant for different
   * clusters (overlays share names): see `DuplicateNameOptions.sourcesShareCluster`.
   * @default - one source for every object
   */
  readonly source?: string;
}

/** How `duplicateNameIssues` judges objects of different sources. */
export interface DuplicateNameOptions {
  /**
   * The sources are applied to one cluster: a name in two sources is an error, as in one source.
   * @default false - a warning: the sources may be for different clusters
   */
  readonly sourcesShareCluster?: boolean;
}

/**
 * One `DuplicateName` issue for each object that shares kind, name and cluster with another, naming
 * where the others are declared, in input order: an error when one shares its source too (or the sources
 * share a cluster), else a warning naming both sources.
 */
export function duplicateNameIssues<T extends DeclaredObject>(
  objects: readonly T[],
  options: DuplicateNameOptions = {},
): { readonly object: T; readonly issue: ValidationIssue }[] {
  const groups = new Map<string, T[]>();
  for (const o of objects) {
    const key = JSON.stringify([o.kind, o.name, o.cluster]);
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return objects.flatMap((object): { readonly object: T; readonly issue: ValidationIssue }[] => {
    const others = groups.get(JSON.stringify([object.kind, object.name, object.cluster]))!.filter((o) => o !== object);
    if (others.length === 0) return [];
    if (!options.sourcesShareCluster && others.every((o) => o.source !== object.source)) {
      const sources = [...new Set(others.map((o) => o.source))].join(', ');
      const message =
        `${object.kind} name ${JSON.stringify(object.name)} in ${object.source} is also declared at ${others.map((o) => o.where).join(', ')}; ` +
        `if ${object.source} and ${sources} are applied to one cluster, both are the same object and each apply overwrites the other: ` +
        `give each ${object.kind} its own name (files for different clusters may share names)`;
      return [{ object, issue: { severity: Severity.WARNING, field: 'metadata.name', code: 'DuplicateName', message } }];
    }
    const message =
      `${object.kind} name ${JSON.stringify(object.name)} is also declared at ${others.map((o) => o.where).join(', ')}; ` +
      `${object.kind} names are cluster-wide, so both would be the same object and each apply would overwrite the other. ` +
      `Give each ${object.kind} its own name`;
    return [{ object, issue: { severity: Severity.ERROR, field: 'metadata.name', code: 'DuplicateName', message } }];
  });
}
