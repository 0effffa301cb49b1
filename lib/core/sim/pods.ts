// Pods as the provisioner sees them: validation (pods it ignores, provisioner.go:561-653), requirements
// with OR-terms and preferences, tolerations (k8s toleration.go).
import { WellKnownLabel, KARPENTER_KNOWN_VALUES } from '../model/labels';
import { Operator } from '../model/requirement-builder';
import { NodeTaint } from './inputs';
import { PodInput, Toleration } from './pod-input';
import type { WrittenRequirement } from '../model/requirement-builder';
import { excerpt } from '../json';
import {
  HOSTNAME_LABEL,
  NORMALIZED_LABELS,
  SCHEDULING_WELL_KNOWN_LABELS,
  SchedulingRequirement,
  SchedulingRequirements,
} from '../scheduling/requirements';

const RESTRICTED_DOMAINS = ['karpenter.k8s.aws', 'karpenter.sh'];
const POD_OPERATORS: readonly string[] = [Operator.IN, Operator.NOT_IN, Operator.EXISTS, Operator.DOES_NOT_EXIST, Operator.GT, Operator.LT];
const WELL_KNOWN = new Set(SCHEDULING_WELL_KNOWN_LABELS);

function restrictedLabelError(key: string, shown = key): string | undefined {
  if (WELL_KNOWN.has(key)) return undefined;
  const domain = key.includes('/') ? key.slice(0, key.indexOf('/')) : '';
  const restricted = RESTRICTED_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`)) || key === HOSTNAME_LABEL;
  if (!restricted) return undefined;
  return (
    `using label ${shown} is not allowed as it might interfere with the internal provisioning logic; ` +
    `specify a well known label: [${[...SCHEDULING_WELL_KNOWN_LABELS].sort().join(' ')}], ` +
    `or a custom label that does not use a restricted domain: [${RESTRICTED_DOMAINS.join(' ')}]`
  );
}

/** nodeclaim_validation.go ValidateRequirement, for a pod's node selector terms. */
function requirementErrors(w: WrittenRequirement): string[] {
  // Karpenter's words, with each user value cut as validate cuts it (a 10 MB label value is not echoed whole).
  const fullKey = NORMALIZED_LABELS[w.key] ?? w.key;
  const key = excerpt(fullKey);
  const errs: string[] = [];
  if (!POD_OPERATORS.includes(w.operator))
    errs.push(`key ${key} has an unsupported operator ${excerpt(w.operator)} not in [${POD_OPERATORS.join(' ')}]`);
  const restricted = restrictedLabelError(fullKey, key);
  if (restricted) errs.push(restricted);
  const known = KARPENTER_KNOWN_VALUES[fullKey];
  if (known && w.operator === Operator.IN && !w.values.some((v) => known.includes(v))) {
    const invalid = w.values.filter((v) => !known.includes(v));
    errs.push(
      `no valid values found in [${excerpt(w.values.join(' '))}] for ${key}, expected one of: [${known.join(' ')}], ` +
        `got: [${excerpt(invalid.join(' '))}]`,
    );
  }
  if (w.operator === Operator.IN && w.values.length === 0) errs.push(`key ${key} with operator ${w.operator} must have a value defined`);
  if (w.operator === Operator.GT || w.operator === Operator.LT) {
    if (w.values.length !== 1 || !/^[+-]?\d+$/.test(w.values[0]) || Number(w.values[0]) < 0) {
      errs.push(`key ${key} with operator ${w.operator} must have a single positive integer value`);
    }
  }
  return errs;
}

/** Why Karpenter ignores the pod, or undefined when it provisions for it. */
export function ignoredReason(pod: PodInput): string | undefined {
  const a = pod.affinity;
  const reqs = podRequirements(pod, initialState(pod));
  if (reqs.find(WellKnownLabel.NODEPOOL)?.operator === Operator.DOES_NOT_EXIST) {
    return `configured to not run on a Karpenter provisioned node (requirement=${WellKnownLabel.NODEPOOL} DoesNotExist)`;
  }
  const errs: string[] = [];
  for (const [k, v] of Object.entries(a.nodeSelector)) errs.push(...requirementErrors({ at: '', key: k, operator: Operator.IN, values: [v] }));
  if (a.matchFields) errs.push('node selector term with matchFields is not supported');
  for (const term of a.requiredTerms) for (const w of term) errs.push(...requirementErrors(w));
  return errs.length > 0 ? errs.join('; ') : undefined;
}

/** What relaxation has removed so far from one pod's soft constraints. */
export interface PodState {
  requiredStart: number;
  preferredStart: number;
  preferredPodAffinity: number;
  preferredPodAntiAffinity: number;
  scheduleAnywaySpreads: number;
  toleratePreferNoSchedule: boolean;
}

export function initialState(pod: PodInput): PodState {
  return {
    requiredStart: 0,
    preferredStart: 0,
    preferredPodAffinity: pod.preferredPodAffinity,
    preferredPodAntiAffinity: pod.preferredPodAntiAffinity,
    scheduleAnywaySpreads: pod.topologySpread.filter((t) => t.whenUnsatisfiable === 'ScheduleAnyway').length,
    toleratePreferNoSchedule: false,
  };
}

function toRequirements(ws: readonly WrittenRequirement[]): SchedulingRequirement[] {
  return ws.map((w) => SchedulingRequirement.of(w.key, w.operator, w.values));
}

/** nodeSelector ∧ the heaviest remaining preferred term ∧ the first remaining required term. */
export function podRequirements(pod: PodInput, s: PodState): SchedulingRequirements {
  const r = SchedulingRequirements.fromLabels(pod.affinity.nodeSelector);
  const pref = pod.affinity.preferredTerms[s.preferredStart];
  if (pref) r.addAll(toRequirements(pref));
  const req = pod.affinity.requiredTerms[s.requiredStart];
  if (req) r.addAll(toRequirements(req));
  return r;
}

/** The same without preferences (daemon pods and topology use these). */
export function strictPodRequirements(pod: PodInput, requiredStart = 0): SchedulingRequirements {
  const r = SchedulingRequirements.fromLabels(pod.affinity.nodeSelector);
  const req = pod.affinity.requiredTerms[requiredStart];
  if (req) r.addAll(toRequirements(req));
  return r;
}

const PREFER_NO_SCHEDULE: Toleration = { key: '', operator: 'Exists', value: '', effect: 'PreferNoSchedule' };

function tolerates(t: Toleration, taint: NodeTaint): boolean {
  if (t.effect !== '' && t.effect !== taint.effect) return false;
  if (t.key !== '' && t.key !== taint.key) return false;
  switch (t.operator) {
    case 'Exists':
      return true;
    case '':
    case 'Equal':
      return t.value === taint.value;
    case 'Lt':
    case 'Gt': {
      if (!/^-?\d+$/.test(t.value) || !/^-?\d+$/.test(taint.value)) return false;
      return t.operator === 'Lt' ? Number(taint.value) < Number(t.value) : Number(taint.value) > Number(t.value);
    }
    default:
      return false;
  }
}

/** `did not tolerate taint (taint=k=v:Effect)` per untolerated taint, joined; undefined when all are tolerated. */
export function taintError(taints: readonly NodeTaint[], tolerations: readonly Toleration[], toleratePreferNoSchedule: boolean): string | undefined {
  const all = toleratePreferNoSchedule ? [...tolerations, PREFER_NO_SCHEDULE] : tolerations;
  const errs = taints
    .filter((taint) => !all.some((t) => tolerates(t, taint)))
    .map((taint) => `did not tolerate taint (taint=${taint.key}${taint.value === '' ? '' : `=${taint.value}`}:${taint.effect})`);
  return errs.length > 0 ? errs.join('; ') : undefined;
}
