// The lint of a label key a letter or two off a well-known one: Karpenter takes `kubernetes.io/arc` as a custom
// label, so a requirement on it narrows nothing and the pool admits every architecture. Keys in a restricted
// domain (`karpenter.sh/capacity-typ`) are errors of the CRD's rules, which suggest the key themselves.
import { child } from '../issues';
import { isPlainObject, isString, show } from '../json';
import { labelRestrictions, nearWellKnownLabel } from '../model/labels';
import type { WrittenRequirement } from '../model/requirement-builder';

type Json = Record<string, unknown>;

/** What the key rule reads of a NodePool (a part of the manifest lints' facts). */
export interface KeyFacts {
  readonly spec: Json;
  readonly requirements: readonly WrittenRequirement[];
}

/** How the key rule reports. */
export interface KeyReport {
  warn(field: string, message: string): void;
  isUnresolved(value: unknown): boolean;
}

/** The warning for `key` (a requirement key, or a template label), when it is a near miss of a well-known key. */
function typoMessage(key: string, what: 'requirement key' | 'label'): string | undefined {
  if (labelRestrictions(key).length > 0) return undefined;
  const near = nearWellKnownLabel(key);
  if (near === undefined) return undefined;
  const effect = what === 'label' ? `nodes get it beside their own ${near}` : `it does not narrow ${near}`;
  return (
    `${what} ${show(key)} is not a well-known label; did you mean ${show(near)}? Karpenter takes ${show(key)} as a custom label, ` +
    `so ${effect}; fix the key, or silence WellKnownKeyTypo if the custom label is meant`
  );
}

export const WELL_KNOWN_KEY_TYPO_RULE = {
  code: 'WellKnownKeyTypo',
  appliesTo: 'NodePool',
  summary: 'a requirement key or template label a letter or two off a well-known label key (kubernetes.io/arc), which Karpenter takes as custom',
  check: ({ spec, requirements }: KeyFacts, r: KeyReport): void => {
    for (const q of requirements) {
      const message = typoMessage(q.key, 'requirement key');
      if (message) r.warn(`${q.at}.key`, message);
    }
    const template = isPlainObject(spec.template) ? spec.template : {};
    const labels = isPlainObject(template.metadata) && isPlainObject(template.metadata.labels) ? template.metadata.labels : {};
    if (r.isUnresolved(labels)) return;
    for (const [key, value] of Object.entries(labels)) {
      if (!isString(value) || r.isUnresolved(key)) continue;
      const message = typoMessage(key, 'label');
      if (message) r.warn(child('spec.template.metadata.labels', key), message);
    }
  },
} as const;
