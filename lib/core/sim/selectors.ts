// metav1.LabelSelector, parsed once (apimachinery LabelSelectorAsSelector): a nil selector, an invalid one and a
// valid one behave differently in Karpenter's topology (topologygroup.go:101-104, topology.go:576-596).
import { isPlainObject } from '../json';

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;
type SelectorOperator = (typeof OPERATORS)[number];

interface SelectorRequirement {
  readonly key: string;
  readonly operator: SelectorOperator;
  readonly values: readonly string[];
}

/** A parsed label selector. */
export interface LabelSelector {
  /** No selector was given (nil): it selects no pod, but existing pods are counted with Everything. */
  readonly nil: boolean;
  /** The selector does not parse: it selects nothing. */
  readonly invalid: boolean;
  readonly requirements: readonly SelectorRequirement[];
  /** Tells apart selectors of different meaning; repeated expressions count once (hashSelector). */
  readonly signature: string;
}

export const NIL_SELECTOR: LabelSelector = { nil: true, invalid: false, requirements: [], signature: 'nil' };
const INVALID: LabelSelector = { nil: false, invalid: true, requirements: [], signature: 'invalid' };

function build(requirements: SelectorRequirement[]): LabelSelector {
  const sig = [...new Set(requirements.map((r) => `${r.key}\u0001${r.operator}\u0001${[...r.values].sort().join('\u0002')}`))].sort().join('\u0000');
  return { nil: false, invalid: false, requirements, signature: `s:${sig}` };
}

/** Parses a selector; an invalid one becomes a selector of nothing, with why. */
export function parseLabelSelector(raw: unknown): { selector: LabelSelector; error?: string } {
  if (raw === undefined || raw === null) return { selector: NIL_SELECTOR };
  const bad = (error: string) => ({ selector: INVALID, error });
  if (!isPlainObject(raw)) return bad(`must be a label selector object, got ${Array.isArray(raw) ? 'a list' : typeof raw}`);
  const out: SelectorRequirement[] = [];
  const ml = raw.matchLabels;
  if (ml !== undefined && ml !== null) {
    if (!isPlainObject(ml)) return bad('matchLabels must be a map of strings');
    for (const [k, v] of Object.entries(ml)) {
      if (typeof v !== 'string') return bad(`matchLabels.${k} must be a string`);
      out.push({ key: k, operator: 'In', values: [v] });
    }
  }
  const me = raw.matchExpressions;
  if (me !== undefined && me !== null) {
    if (!Array.isArray(me)) return bad('matchExpressions must be a list');
    for (const [i, e] of me.entries()) {
      const at = `matchExpressions[${i}]`;
      if (!isPlainObject(e) || typeof e.key !== 'string' || e.key === '') return bad(`${at} needs a non-empty string key`);
      if (!OPERATORS.includes(e.operator as SelectorOperator)) {
        return bad(`${at}.operator ${JSON.stringify(e.operator)} is not a valid selector operator; use one of ${OPERATORS.join(', ')}`);
      }
      const op = e.operator as SelectorOperator;
      const values = e.values === undefined || e.values === null ? [] : e.values;
      if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) return bad(`${at}.values must be a list of strings`);
      if ((op === 'In' || op === 'NotIn') && values.length === 0) return bad(`${at}: operator ${op} needs at least one value`);
      if ((op === 'Exists' || op === 'DoesNotExist') && values.length > 0) return bad(`${at}: operator ${op} takes no values`);
      out.push({ key: e.key, operator: op, values: values as string[] });
    }
  }
  return { selector: build(out) };
}

/** The selector with `key In [value]` added for each of `keys` the pod's labels have (matchLabelKeys, topology.go:467-475). */
export function withMatchLabelKeys(s: LabelSelector, keys: readonly string[], labels: Readonly<Record<string, string>>): LabelSelector {
  const extra = keys.filter((k) => Object.hasOwn(labels, k)).map((k): SelectorRequirement => ({ key: k, operator: 'In', values: [labels[k]] }));
  if (extra.length === 0 || s.invalid) return s;
  return build([...s.requirements, ...extra]);
}

/** Whether the selector selects a pod with these labels (a nil or invalid selector selects nothing). */
export function selects(s: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  if (s.nil || s.invalid) return false;
  return matchesLabels(s, labels);
}

/** Whether an existing pod is counted (TopologyListOptions: a nil selector lists every pod). */
export function counts(s: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  if (s.invalid) return false;
  return s.nil || matchesLabels(s, labels);
}

function matchesLabels(s: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  for (const r of s.requirements) {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    switch (r.operator) {
      case 'In':
        if (!has || !r.values.includes(labels[r.key])) return false;
        break;
      case 'NotIn':
        if (has && r.values.includes(labels[r.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}
