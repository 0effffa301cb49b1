// The DaemonSet pods each instance type of a NodeClaim template would run (kubernetes-sigs/karpenter v1.14.1
// scheduling/scheduler.go buildDaemonOverheadGroups), and whether a daemon runs on a node.
import { NodeTaint } from './inputs';
import { PodInput } from './pod-input';
import { strictPodRequirements, taintError } from './pods';
import { mergeAmounts } from '../shared/quantity';
import { SchedulingRequirements } from '../scheduling/requirements';
import { DaemonOverhead, Template } from './nodeclaim-template';

/**
 * Whether a daemon pod would run on a node with these taints and requirements (strict: first required term, no relaxation).
 * On a NodePool's template it tolerates PreferNoSchedule (scheduler.go:1020-1026), on an existing node not (scheduler.go:824-832).
 */
export function daemonRuns(d: PodInput, taints: readonly NodeTaint[], fits: (r: SchedulingRequirements) => boolean, template = false): boolean {
  if (taintError(taints, d.tolerations, template) !== undefined) return false;
  for (let term = 0; term < Math.max(1, d.affinity.requiredTerms.length); term++) if (fits(strictPodRequirements(d, term))) return true;
  return false;
}

/** DaemonSet pods that would run on each type of a template (scheduler.go buildDaemonOverheadGroups). */
export function daemonOverhead(t: Template, daemons: readonly PodInput[]): DaemonOverhead {
  const out: (Record<string, number> | undefined)[] = new Array(t.all.length);
  if (daemons.length === 0) return out;
  const byKey = new Map<string, Record<string, number> | undefined>();
  for (const i of t.options) {
    const it = t.all[i];
    const running = daemons.filter((d) =>
      daemonRuns(d, t.pool.taints, (r) => t.requirements.compatible(r, true) === undefined && it.requirements.intersects(r) === undefined, true),
    );
    const key = running.map((d) => d.index).join(',');
    if (!byKey.has(key))
      byKey.set(key, running.length === 0 ? undefined : running.reduce((acc, d) => mergeAmounts(acc, d.requests), {} as Record<string, number>));
    out[i] = byKey.get(key);
  }
  return out;
}
