// Relaxing a pod's soft constraints, one at a time, after it fails everywhere (kubernetes-sigs/karpenter
// v1.14.1 scheduling/preferences.go, with the default preference policy Respect).
import { PodInput } from './pod-input';
import { PodState } from './pods';

/** Removes one soft constraint, in Karpenter's order; false when nothing is left to relax. */
export function relax(pod: PodInput, s: PodState, anyPreferNoScheduleTaint: boolean): boolean {
  if (pod.affinity.requiredTerms.length - s.requiredStart > 1) {
    s.requiredStart++;
    return true;
  }
  if (s.preferredPodAffinity > 0) {
    s.preferredPodAffinity--;
    return true;
  }
  if (s.preferredPodAntiAffinity > 0) {
    s.preferredPodAntiAffinity--;
    return true;
  }
  if (s.preferredStart < pod.affinity.preferredTerms.length) {
    s.preferredStart++;
    return true;
  }
  if (s.scheduleAnywaySpreads > 0) {
    s.scheduleAnywaySpreads--;
    return true;
  }
  if (
    anyPreferNoScheduleTaint &&
    !s.toleratePreferNoSchedule &&
    !pod.tolerations.some((t) => t.operator === 'Exists' && t.key === '' && t.effect === 'PreferNoSchedule')
  ) {
    s.toleratePreferNoSchedule = true;
    return true;
  }
  return false;
}
