// A NodeClaim the scheduler is filling (kubernetes-sigs/karpenter v1.14.1 scheduling/nodeclaim.go): its
// requirements, instance-type options and pods, CanAdd/Add, and the labels its requirements fix.
import { PodInput } from './pod-input';
import { PodState, taintError } from './pods';
import { mergeAmounts } from '../shared/quantity';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { DaemonOverhead, filterInstanceTypes, Template } from './nodeclaim-template';
import { Topology } from './topology';

export interface Claim {
  readonly template: Template;
  readonly name: string;
  /** The hostname domain of the claim (its name), kept apart from `requirements` so the filter caches hit. */
  readonly host: SchedulingRequirement;
  requirements: SchedulingRequirements;
  options: readonly number[];
  requests: Record<string, number>;
  readonly pods: PodInput[];
}

/** A new NodeClaim from a template (NewNodeClaim), with the options the pool's limits leave. */
export function newClaim(template: Template, name: string, options: readonly number[]): Claim {
  return {
    template,
    name,
    host: SchedulingRequirement.in(HOSTNAME_LABEL, name),
    requirements: template.requirements.copy(),
    options,
    requests: {},
    pods: [],
  };
}

/** NodeClaim.CanAdd, then Add on success (nodeclaim.go:180-260). Undefined on success, else the error. */
export function addToClaim(
  claim: Claim,
  pod: PodInput,
  state: PodState,
  reqs: SchedulingRequirements,
  strict: SchedulingRequirements,
  topology: Topology,
  overhead: DaemonOverhead | undefined,
): string | (() => string) | undefined {
  const t = claim.template;
  const taints = taintError(t.pool.taints, pod.tolerations, state.toleratePreferNoSchedule);
  if (taints) return taints;
  const incompatible = claim.requirements.compatible(reqs, true);
  if (incompatible) return `incompatible requirements, ${incompatible}`;
  const combined = claim.requirements.with(reqs);
  const topo = topology.addRequirements(pod, strict, combined, claim.host);
  if ('error' in topo) return topo.error;
  if (topo.narrowed.length > 0) {
    const err = combined.compatible(new SchedulingRequirements().addAll(topo.narrowed), true);
    if (err) return err;
    combined.addAll(topo.narrowed);
  }
  const total = mergeAmounts(claim.requests, pod.requests);
  const out = filterInstanceTypes(t, claim.options, combined, total, pod.requests, overhead);
  if (out.error !== undefined) return out.error;
  claim.requirements = combined;
  claim.options = out.remaining;
  claim.requests = total;
  claim.pods.push(pod);
  topology.registerHostname(claim.name);
  topology.record(pod, t.pool.taints, combined, claim.host);
  return undefined;
}

/** Labels a NodeClaim's requirements fix to one value (its hostname, and the registered/initialized markers, left out). */
const NOT_LABELS = new Set([HOSTNAME_LABEL, 'karpenter.sh/registered', 'karpenter.sh/initialized']);
export function fixedLabels(r: SchedulingRequirements): Record<string, string> {
  const out: [string, string][] = [];
  for (const x of r.values().sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    if (NOT_LABELS.has(x.key) || x.complement || x.size !== 1) continue;
    out.push([x.key, x.values[0]]);
  }
  // fromEntries: a label key `__proto__` is an own key, not the prototype.
  return Object.fromEntries(out);
}
