// Where kube-scheduler could still bind a pod that Karpenter ignores: a simple fit on the existing Nodes, as
// kube-scheduler's filters check it (NodeResourcesFit, NodeAffinity with component-helpers' node selector matching,
// TaintToleration: NoSchedule and NoExecute taints must be tolerated). Pod (anti-)affinity, topology spread,
// host ports and volumes are not checked, so a node listed may still refuse it; a pod that fits no node fits none.
import type { WrittenRequirement } from '../model/requirement-builder';
import type { ClusterNode } from './cluster-state';
import type { PodInput } from './pod-input';
import { taintError } from './pods';
import type { PodResult } from './simulation-types';

/** Said when the result has pods with `existingNodeFit`. */
export const EXISTING_FIT =
  'For a pod Karpenter ignores, the existing nodes it fits are found as kube-scheduler filters them, by requests, node selector and ' +
  'affinity, and taints (NoSchedule, NoExecute), on initialized Nodes with the room before this batch; pod affinity, topology spread, ' +
  'host ports and volumes are not checked.';

/** An existing Node with the room its bound pods (and the DaemonSet pods due on it) leave. */
export interface NodeRoom {
  readonly node: ClusterNode;
  readonly room: Readonly<Record<string, number>>;
}

/** How many node names a result carries at most. */
export const SHOWN_FIT_NODES = 10;
const CHECKED = 'requests, node selector and affinity, and taints';

function integer(v: string): number | undefined {
  return /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

/** One node selector requirement against a value (`undefined`: the label or field is absent), as labels.Selector matches it. */
function matches(r: WrittenRequirement, value: string | undefined): boolean {
  switch (r.operator) {
    case 'In':
      return value !== undefined && r.values.includes(value);
    case 'NotIn':
      return value === undefined || !r.values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      const have = value === undefined ? undefined : integer(value);
      const want = r.values.length === 1 ? integer(r.values[0]) : undefined;
      if (have === undefined || want === undefined) return false;
      return r.operator === 'Gt' ? have > want : have < want;
    }
    default:
      return false;
  }
}

function label(node: ClusterNode, key: string): string | undefined {
  return Object.hasOwn(node.labels, key) ? node.labels[key] : undefined;
}

/** The required node affinity: terms ORed; an empty term matches no node; matchFields know only metadata.name. */
function affinityMatches(pod: PodInput, node: ClusterNode): boolean {
  const { requiredTerms, requiredFields } = pod.affinity;
  if (requiredTerms.length === 0) return true;
  return requiredTerms.some((exprs, i) => {
    const fields = requiredFields?.[i] ?? [];
    if (exprs.length === 0 && fields.length === 0) return false;
    return (
      exprs.every((r) => matches(r, label(node, r.key))) &&
      fields.every((r) => r.key === 'metadata.name' && (r.operator === 'In' || r.operator === 'NotIn') && matches(r, node.name))
    );
  });
}

/** Whether kube-scheduler's filters named above let the pod onto the node. */
export function fitsNode(pod: PodInput, n: NodeRoom): boolean {
  for (const k in pod.requests) if (pod.requests[k] > 0 && pod.requests[k] > (n.room[k] ?? 0)) return false;
  for (const [k, v] of Object.entries(pod.affinity.nodeSelector)) if (label(n.node, k) !== v) return false;
  if (!affinityMatches(pod, n.node)) return false;
  return (
    taintError(
      n.node.taints.filter((t) => t.effect !== 'PreferNoSchedule'),
      pod.tolerations,
      false,
    ) === undefined
  );
}

/** Where pods fit among the existing Nodes; answers are shared by pods alike in what the filters read. */
export class ExistingFit {
  private readonly nodes: readonly NodeRoom[];
  private byLabel?: Map<string, Map<string, NodeRoom[]>>;
  private readonly answers = new Map<string, { readonly count: number; readonly nodes: readonly string[] }>();

  /** Only Nodes (not NodeClaims without one) that are initialized, so their taints are all known. */
  constructor(nodes: readonly NodeRoom[]) {
    this.nodes = nodes.filter((n) => n.node.hasNode && n.node.initialized);
  }

  /** Whether any pod was asked about. */
  public get used(): boolean {
    return this.answers.size > 0;
  }

  /** The pod's result with the count and first names in `existingNodeFit`, and a sentence after its reason. */
  public withFit(result: PodResult, pod: PodInput): PodResult {
    const a = pod.affinity;
    const key = JSON.stringify([pod.requests, a.nodeSelector, a.requiredTerms, a.requiredFields ?? null, pod.tolerations]);
    let fit = this.answers.get(key);
    if (!fit) {
      const nodes: string[] = [];
      let count = 0;
      for (const n of this.candidates(pod)) {
        if (!fitsNode(pod, n)) continue;
        count++;
        if (nodes.length < SHOWN_FIT_NODES) nodes.push(n.node.name);
      }
      this.answers.set(key, (fit = { count, nodes }));
    }
    const more = fit.count > fit.nodes.length ? ` and ${fit.count - fit.nodes.length} more` : '';
    const where =
      fit.count === 0
        ? `it fits no existing node either (by ${CHECKED}), so kube-scheduler cannot place it`
        : `kube-scheduler may still place it: it fits existing node${fit.count === 1 ? '' : 's'} ${fit.nodes.join(', ')}${more} ` +
          `(by ${CHECKED}; pod affinity and topology spread are not checked)`;
    return { ...result, reason: `${result.reason ?? ''}; ${where}`, existingNodeFit: fit };
  }

  /** The nodes that carry the pod's rarest nodeSelector label (a hostname selector names one), else every node. */
  private candidates(pod: PodInput): readonly NodeRoom[] {
    let best: readonly NodeRoom[] = this.nodes;
    for (const [k, v] of Object.entries(pod.affinity.nodeSelector)) {
      const hit = this.index().get(k)?.get(v) ?? [];
      if (hit.length < best.length) best = hit;
    }
    return best;
  }

  private index(): Map<string, Map<string, NodeRoom[]>> {
    if (this.byLabel) return this.byLabel;
    const byLabel = new Map<string, Map<string, NodeRoom[]>>();
    for (const n of this.nodes) {
      for (const [k, v] of Object.entries(n.node.labels)) {
        let values = byLabel.get(k);
        if (!values) byLabel.set(k, (values = new Map()));
        const list = values.get(v);
        if (list) list.push(n);
        else values.set(v, [n]);
      }
    }
    return (this.byLabel = byLabel);
  }
}
