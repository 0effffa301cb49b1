// DaemonSet overhead from the DaemonSets' running pods, for a dump without the DaemonSet objects (kubernetes-sigs/karpenter
// v1.14.1): the provisioner takes each DaemonSet's pod from the cluster state's cache and falls back to the template only
// when it has none (provisioning/provisioner.go:534-544); the cache keeps the newest pod the DaemonSet controls
// (state/cluster.go:665-685).
import { isPlainObject, isString } from '../json';
import { kindOf, metaOf } from './input-fields';
import { PodInput } from './pod-input';

/** The DaemonSets' pods standing in for them, and the assumption that says so. */
export interface DaemonPods {
  readonly daemons: readonly PodInput[];
  readonly assumptions: readonly string[];
}

interface Owner {
  readonly key: string;
  readonly uid?: string;
  /** `namespace/name` of the DaemonSet. */
  readonly name: string;
}

function namespaceOf(meta: Record<string, unknown>): string {
  return isString(meta.namespace) && meta.namespace !== '' ? meta.namespace : 'default';
}

/** The DaemonSet that controls a pod (its controller ownerReference, else any DaemonSet one). */
function daemonOwner(o: unknown): Owner | undefined {
  const meta = metaOf(o);
  const all: unknown[] = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
  const refs = all.filter((r): r is Record<string, unknown> => isPlainObject(r) && r.kind === 'DaemonSet');
  const ref = refs.find((r) => r.controller === true) ?? refs[0];
  if (!ref || !isString(ref.name)) return undefined;
  const name = `${namespaceOf(meta)}/${ref.name}`;
  const uid = isString(ref.uid) && ref.uid !== '' ? ref.uid : undefined;
  return { key: uid ?? name, name, ...(uid === undefined ? {} : { uid }) };
}

function createdAt(o: unknown): number {
  const t = metaOf(o).creationTimestamp;
  const ms = isString(t) ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * One pod per DaemonSet the input has pods of but no DaemonSet object for (matched by uid, else namespace/name): its
 * newest pod, first in input order on a tie. `indexFrom` numbers them after the given DaemonSets.
 */
export function daemonsFromPods(
  pods: readonly PodInput[],
  sources: readonly unknown[],
  daemonSets: readonly unknown[],
  indexFrom: number,
): DaemonPods {
  const given = new Set<string>();
  for (const d of daemonSets) {
    try {
      if (kindOf(d) !== 'DaemonSet') continue;
      const meta = metaOf(d);
      if (isString(meta.uid) && meta.uid !== '') given.add(meta.uid);
      if (isString(meta.name)) given.add(`${namespaceOf(meta)}/${meta.name}`);
    } catch {
      // An object that throws when read is reported where it is read as a DaemonSet.
    }
  }
  const newest = new Map<string, { pod: PodInput; at: number; name: string }>();
  pods.forEach((pod, i) => {
    try {
      const source = sources[i];
      if (kindOf(source) !== 'Pod') return;
      const owner = daemonOwner(source);
      if (!owner || given.has(owner.name) || (owner.uid !== undefined && given.has(owner.uid))) return;
      if (pod.problems.some((p) => p.fatal)) return;
      const at = createdAt(source);
      const seen = newest.get(owner.key);
      if (!seen || at > seen.at) newest.set(owner.key, { pod, at, name: owner.name });
    } catch {
      // Its verdict says what could not be read.
    }
  });
  if (newest.size === 0) return { daemons: [], assumptions: [] };
  const chosen = [...newest.values()];
  const names = [...new Set(chosen.map((c) => c.name))].sort();
  const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return {
    daemons: chosen.map((c, k) => ({ ...c.pod, index: indexFrom + k })),
    assumptions: [
      `DaemonSet overhead of ${shown} is the requests of its newest pod in the input, as Karpenter prefers a DaemonSet's pod to ` +
        'its template; the DaemonSet objects were not given, so the node affinity their controller replaces on each pod is not known ' +
        'and each counts on every node and NodePool its pod tolerates and selects: add daemonsets to the input.',
    ],
  };
}
