// The EC2NodeClass a NodePool manifest names, read from input of any shape (a user's file, a synthesized stack).
import { isPlainObject } from '../json';

/** `spec.template.spec.nodeClassRef` of a NodePool manifest, of any type; undefined where it or a level above is not an object. */
export function nodeClassRefOf(nodePool: unknown): Record<string, unknown> | undefined {
  const spec = isPlainObject(nodePool) ? nodePool.spec : undefined;
  const template = isPlainObject(spec) ? spec.template : undefined;
  const tspec = isPlainObject(template) ? template.spec : undefined;
  return isPlainObject(tspec) && isPlainObject(tspec.nodeClassRef) ? tspec.nodeClassRef : undefined;
}

/** `spec.template.spec.nodeClassRef.name` of a NodePool manifest, of any type; undefined where a level is not an object. */
export function nodeClassRefName(nodePool: unknown): unknown {
  return nodeClassRefOf(nodePool)?.name;
}
