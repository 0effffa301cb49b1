// Which documents `validate` checks: the Karpenter API groups' NodePool and EC2NodeClass; other groups and the
// Karpenter kinds it does not check are skipped (counted on one note line).
import { isPlainObject as isObject } from '../../core/json';
import { NODEPOOL_API_VERSION } from '../../core/model/types';

export const KARPENTER_GROUPS = ['karpenter.sh', 'karpenter.k8s.aws'];

/** True for a Kubernetes object of an API group other than Karpenter's (a ConfigMap, a Deployment). */
export function isOtherApiGroup(obj: Record<string, unknown>): boolean {
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') return false;
  return !KARPENTER_GROUPS.includes(apiGroupOf(apiVersion));
}

/** Karpenter kinds validate does not check: NodeClaims are Karpenter's (kubectl dumps of a cluster hold them). */
const UNCHECKED_KARPENTER_KINDS: Readonly<Record<string, readonly string[]>> = { [NODEPOOL_API_VERSION]: ['NodeClaim'] };

/** A karpenter.sh/v1 NodeClaim: Karpenter creates it, validate does not check it. */
export function isUncheckedKarpenterKind(obj: Record<string, unknown>): boolean {
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !Object.hasOwn(UNCHECKED_KARPENTER_KINDS, apiVersion)) return false;
  return UNCHECKED_KARPENTER_KINDS[apiVersion].includes(kind);
}

/** The group of an `apiVersion` (`karpenter.sh` of `karpenter.sh/v1`); '' for the core group or a non-string. */
export function apiGroupOf(apiVersion: unknown): string {
  return typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
}

/** A karpenter.sh/v1 NodePool: checked with its EC2NodeClass once every file is read. */
export function isV1NodePool(o: unknown): boolean {
  return isObject(o) && o.apiVersion === NODEPOOL_API_VERSION && o.kind === 'NodePool';
}
