// NodePool pieces shared by the v1beta1 NodePool and v1alpha5 Provisioner migrations.
import { NODEPOOL_API_VERSION } from '../model/types';
import { Severity } from '../issues';
import { UNKNOWN_FIELD_NOTE, shaped } from './converter-common';
import { Obj, Rec, Source } from './migration-types';
import { isObject } from './util';
import { lookupTable } from '../json';

/** Node annotations replaced by `karpenter.sh/do-not-disrupt`. */
const DO_NOT_DISRUPT_ALIASES = ['karpenter.sh/do-not-consolidate', 'karpenter.sh/do-not-evict'];
/** Requirement keys earlier versions used that v1 does not know. */
const DROPPED_REQUIREMENT_KEYS: Record<string, string> = lookupTable({
  'karpenter.k8s.aws/instance-pods': 'label dropped in v1beta1; use kubelet maxPods on the EC2NodeClass',
  'karpenter.sh/provisioner-name': 'label replaced by karpenter.sh/nodepool, which v1 sets itself and does not allow in requirements',
});

export function nodePoolShell(doc: Obj): Obj {
  return { apiVersion: NODEPOOL_API_VERSION, kind: 'NodePool', metadata: { name: doc.metadata.name }, spec: {} };
}

/** Labels and annotations of the NodeClaim template; of any other type they are an error and carried over as they were. */
export function templateMetadata(src: Source, tmeta: Obj, rec: Rec, at: string, target = at): Obj | undefined {
  const out: Obj = {};
  shaped(src, `${at}.labels`, tmeta.labels, 'object');
  const annotationsOk = shaped(src, `${at}.annotations`, tmeta.annotations, 'object') !== undefined;
  if (tmeta.labels !== undefined) {
    out.labels = tmeta.labels;
    if (at !== target) rec(`${target}.labels`, tmeta.labels, tmeta.labels, 'moved under the NodeClaim template', `${at}.labels`);
  }
  if (tmeta.annotations !== undefined) {
    const annotations: Obj = annotationsOk ? { ...tmeta.annotations } : tmeta.annotations;
    for (const old of DO_NOT_DISRUPT_ALIASES) {
      if (annotationsOk && annotations[old] !== undefined) {
        rec(
          `${target}.annotations[karpenter.sh/do-not-disrupt]`,
          annotations[old],
          annotations[old],
          `${old} was replaced by karpenter.sh/do-not-disrupt`,
          `${at}.annotations[${old}]`,
        );
        annotations['karpenter.sh/do-not-disrupt'] = annotations[old];
        delete annotations[old];
      }
    }
    out.annotations = annotations;
    if (at !== target) rec(`${target}.annotations`, tmeta.annotations, annotations, 'moved under the NodeClaim template', `${at}.annotations`);
  }
  for (const k of Object.keys(tmeta).filter((x) => x !== 'labels' && x !== 'annotations' && tmeta[x] !== undefined)) {
    out[k] = tmeta[k];
    rec(`${target}.${k}`, tmeta[k], tmeta[k], UNKNOWN_FIELD_NOTE, `${at}.${k}`, Severity.WARNING);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The v1 requirements; a value that is not a list is carried over as it was (the caller reports it as an error). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function requirements(reqs: unknown, rec: Rec, at = 'spec.template.spec.requirements'): any {
  if (reqs === undefined) {
    rec('spec.template.spec.requirements', undefined, [], 'v1 requires requirements; an empty list allows any instance type');
    return [];
  }
  if (!Array.isArray(reqs)) return reqs;
  const out: Obj[] = [];
  reqs.forEach((r: Obj, i) => {
    const why = isObject(r) ? DROPPED_REQUIREMENT_KEYS[r.key] : undefined;
    if (why) rec(`${at}[${i}]`, r, undefined, `dropped: ${why}`);
    else out.push(r);
  });
  if (at !== 'spec.template.spec.requirements') rec('spec.template.spec.requirements', reqs, out, 'moved under the NodeClaim template', at);
  return out;
}

/** v1 expires nodes forcefully (v1-migration guide, "Forceful Expiration"). */
export function forcefulExpiry(expireAfter: unknown): string {
  return expireAfter === 'Never' ? '' : '; v1 expiry is forceful: an expired node is drained at once, without waiting for a replacement node';
}
