// Which input pods are pending, bound or ignored (kubernetes-sigs/karpenter v1.14.1 provisioning/provisioner.go
// GetPendingPods and Validate): the pending ones form the batch, the bound ones fill their nodes and count for topology.
import { Severity, ValidationIssue } from '../issues';
import { WellKnownLabel } from '../model/labels';
import { PodInput } from './pod-input';
import { ignoredReason } from './pods';
import { ClusterNode } from './cluster-state';
import { BoundPod } from './topology';
import { PodResult } from './simulation-types';
import { PodFacts } from './reading';

/** The zone and capacity type a node's labels carry. */
export function domainsOf(labels: Readonly<Record<string, string>>): { zone?: string; capacityType?: string } {
  const zone = labels[WellKnownLabel.ZONE];
  const capacityType = labels[WellKnownLabel.CAPACITY_TYPE];
  return { ...(zone === undefined ? {} : { zone }), ...(capacityType === undefined ? {} : { capacityType }) };
}

/** The input pods sorted: final verdicts (bound, ignored, unreadable), the batch, and the bound pods per node. */
export interface SortedPods {
  readonly verdicts: Map<PodInput, PodResult>;
  readonly queue: PodInput[];
  readonly bound: BoundPod[];
  readonly onNode: Map<ClusterNode, PodInput[]>;
  /** Pods Karpenter ignores but kube-scheduler may still place. */
  readonly unprovisioned: PodInput[];
}

function ignoredBy(pod: PodInput, f: PodFacts): string | undefined {
  if (f.daemon)
    return 'owned by a DaemonSet: Karpenter does not provision for DaemonSet pods ; they count as overhead on the nodes they would run on';
  if (f.mirror) return 'a static (mirror) pod, owned by its Node: Karpenter does not provision for it';
  return ignoredReason(pod);
}

export function sortPods(
  pods: readonly PodInput[],
  facts: ReadonlyMap<PodInput, PodFacts>,
  nodeByName: ReadonlyMap<string, ClusterNode>,
  issues: ValidationIssue[],
): SortedPods {
  const out: SortedPods = { verdicts: new Map(), queue: [], bound: [], onNode: new Map(), unprovisioned: [] };
  for (const pod of pods) {
    const base = { namespace: pod.namespace, name: pod.name };
    const fatal = pod.problems.find((p) => p.fatal);
    if (fatal) {
      out.verdicts.set(pod, { ...base, schedulable: false, instanceTypes: [], reason: `${fatal.field}: ${fatal.message}` });
      continue;
    }
    const f = facts.get(pod)!;
    const extra = { requests: pod.requests, ...(pod.notModelled && pod.notModelled.length > 0 ? { notModelled: pod.notModelled } : {}) };
    if (f.terminal !== undefined) {
      out.verdicts.set(pod, {
        ...base,
        schedulable: false,
        ignored: true,
        instanceTypes: [],
        reason: `the pod has finished (status.phase ${f.terminal}): it counts nowhere`,
        ...(pod.nodeName === undefined ? {} : { bound: true, node: pod.nodeName }),
        ...extra,
      });
      continue;
    }
    if (pod.nodeName !== undefined) {
      const node = nodeByName.get(pod.nodeName);
      if (!node) {
        issues.push({
          severity: Severity.WARNING,
          field: `Pod/${pod.namespace}/${pod.name} spec.nodeName`,
          code: 'SimUnknownNode',
          message:
            `names node "${pod.nodeName}", which is not among the input nodes; the pod is not provisioned for and counts nowhere: ` +
            'add that Node to the input',
        });
      } else {
        out.bound.push({ pod, node, terminating: f.terminating });
        if (node.active) out.onNode.set(node, [...(out.onNode.get(node) ?? []), pod]);
      }
      out.verdicts.set(pod, {
        ...base,
        schedulable: true,
        bound: true,
        node: pod.nodeName,
        instanceTypes: [],
        ...domainsOf(node?.labels ?? {}),
        ...extra,
      });
      continue;
    }
    const ignored = ignoredBy(pod, f);
    if (ignored) {
      out.verdicts.set(pod, { ...base, schedulable: false, ignored: true, instanceTypes: [], reason: ignored, ...extra });
      if (!f.daemon && !f.mirror) out.unprovisioned.push(pod);
      continue;
    }
    out.queue.push(pod);
  }
  return out;
}
