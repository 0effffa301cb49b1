// The Kubernetes objects of an input document, as both commands read them: a document is an object, unless it is a
// synthesized cdktf stack (cdktf.out/stacks/<stack>/cdk.tf.json), whose objects are its kubernetes_manifest resources.
import { isPlainObject } from '../core/json';

/** One Kubernetes object of a document. */
export interface InputObject {
  /** The object as written. */
  readonly value: unknown;
  /** Inside a synthesized stack: the resource address (`kubernetes_manifest.<id>`). */
  readonly address?: string;
  /** Inside a synthesized stack: the field path of the object in the document, for positions. */
  readonly at?: string;
}

/** The objects of a document: itself, or a synthesized stack's kubernetes_manifest objects (none when it has none). */
export function inputObjects(value: unknown): readonly InputObject[] {
  const stack = stackManifests(value);
  return stack ?? [{ value }];
}

/** The `kubernetes_manifest` objects of a synthesized cdktf stack, or undefined when `value` is not one. */
function stackManifests(value: unknown): InputObject[] | undefined {
  if (!isPlainObject(value) || value.kind !== undefined || !isPlainObject(value.resource)) return undefined;
  const blocks = value.resource.kubernetes_manifest;
  if (!isPlainObject(blocks)) return [];
  // A manifest given as a Terraform expression (`${yamldecode(...)}`) is known only at apply: not an object to read.
  return Object.entries(blocks)
    .filter(([, body]) => isPlainObject(body) && isPlainObject(body.manifest))
    .map(([id, body]) => ({
      value: (body as Record<string, unknown>).manifest,
      address: `kubernetes_manifest.${id}`,
      at: `resource.kubernetes_manifest[${JSON.stringify(id)}].manifest`,
    }));
}

/** A Terraform expression (`${aws_iam_role.node.name}`) in a synthesized stack: its value is known at apply only. */
export function isTerraformExpression(value: unknown): boolean {
  return typeof value === 'string' && value.includes('${');
}

/**
 * True for an object read from a cluster (`kubectl get -o yaml`): the API server sets `metadata.uid` and
 * `resourceVersion` on every object it stores, and a manifest to apply has neither.
 */
export function readFromCluster(value: Record<string, unknown>): boolean {
  const m = value.metadata;
  return isPlainObject(m) && (typeof m.uid === 'string' || typeof m.resourceVersion === 'string');
}

/** The object without its `status`. */
export function withoutStatus(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'status'));
}

/** A synthesized stack's name (`//.metadata.stackName`), when it records one. */
export function stackName(value: unknown): string | undefined {
  const head = isPlainObject(value) ? value['//'] : undefined;
  const meta = isPlainObject(head) ? head.metadata : undefined;
  return isPlainObject(meta) && typeof meta.stackName === 'string' ? meta.stackName : undefined;
}
