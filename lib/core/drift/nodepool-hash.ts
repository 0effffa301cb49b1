//
// `NodePool.Hash()` of Karpenter v1.14.1 (kubernetes-sigs/karpenter pkg/apis/v1/nodepool.go:336-342): hashstructure
// FormatV2 of `spec.template` (NodeClaimTemplate, nodepool.go:204-269) with SlicesAsSets, IgnoreZeroValue and ZeroNil,
// printed as a decimal uint64.

import { ValidationIssue } from '../issues';
import { GoJsonReader } from './go-json';
import { GoStruct, GoValue, goInt64, goPointer, goSlice, goString, goStruct, hashStructure } from './hashstructure';
import { readMetav1TimePointer } from './metav1-time';

/** `karpenter.sh/nodepool-hash-version` this hash matches (nodepool.go:334; "v3" from v1.0.0 through v1.14.1). */
export const NODEPOOL_HASH_VERSION = 'v3';

/** The CRD default of `spec.template.spec.expireAfter` (../shared/karpenter-crds/karpenter.sh_nodepools.yaml:240, nodepool.go:263), hashed. */
export const EXPIRE_AFTER_DEFAULT = '720h';

const TEMPLATE = 'spec.template';

const NODE_CLASS_REFERENCE_ZERO = goStruct('NodeClassReference', [
  { name: 'Kind', value: goString('') },
  { name: 'Name', value: goString('') },
  { name: 'Group', value: goString('') },
]);

/** core/v1 `Taint` (k8s.io/api core/v1/types.go: Key, Value, Effect, TimeAdded *metav1.Time). */
function taint(r: GoJsonReader, item: unknown, field: string): GoValue {
  const obj = r.object(item, field) ?? {};
  return goStruct('Taint', [
    { name: 'Key', value: r.string(r.get(obj, 'key'), `${field}.key`) },
    { name: 'Value', value: r.string(r.get(obj, 'value'), `${field}.value`) },
    { name: 'Effect', value: r.string(r.get(obj, 'effect'), `${field}.effect`) },
    { name: 'TimeAdded', value: readMetav1TimePointer(r, r.get(obj, 'timeAdded'), `${field}.timeAdded`) },
  ]);
}

/** `NodeClassReference` (core pkg/apis/v1/nodeclaim.go:135-152: Kind, Name, Group). */
function nodeClassRef(r: GoJsonReader, obj: Record<string, unknown>, field: string): GoStruct {
  return goStruct('NodeClassReference', [
    { name: 'Kind', value: r.string(r.get(obj, 'kind'), `${field}.kind`) },
    { name: 'Name', value: r.string(r.get(obj, 'name'), `${field}.name`) },
    { name: 'Group', value: r.string(r.get(obj, 'group'), `${field}.group`) },
  ]);
}

/**
 * `NillableDuration` (core pkg/apis/v1/duration.go:33-65): `{ *time.Duration; Raw []byte hash:"ignore" }`. `Never`
 * leaves both nil (UnmarshalJSON returns early), so the field is zero and skipped. An absent field, or `null` (which
 * the API server prunes before defaulting), takes the CRD default `720h` first.
 */
function expireAfter(r: GoJsonReader, value: unknown, field: string): GoStruct {
  const text = value === undefined || value === null ? EXPIRE_AFTER_DEFAULT : value;
  let ns: bigint | undefined;
  if (text !== 'Never') ns = r.duration(text, field);
  // Raw (hash:"ignore") only counts for the struct's zero check: nil exactly when the duration is.
  const raw = goSlice(ns === undefined ? null : []);
  return goStruct('NillableDuration', [
    { name: 'Duration', value: goPointer(ns === undefined ? null : goInt64(ns), goInt64(0n)) },
    { name: 'Raw', value: raw, tag: 'ignore' },
  ]);
}

/** `spec.template` as the Go `NodeClaimTemplate` Karpenter hashes (nodepool.go:204-269). */
function nodeClaimTemplate(r: GoJsonReader, nodePool: unknown): GoStruct {
  const spec = r.object(r.get(r.root(nodePool, 'NodePool'), 'spec'), 'spec') ?? {};
  const template = r.object(r.get(spec, 'template'), TEMPLATE) ?? {};
  const meta = r.object(r.get(template, 'metadata'), `${TEMPLATE}.metadata`) ?? {};
  const ts = r.object(r.get(template, 'spec'), `${TEMPLATE}.spec`) ?? {};
  const f = `${TEMPLATE}.spec`;
  const objectMeta = goStruct('ObjectMeta', [
    { name: 'Labels', value: r.stringMap(r.get(meta, 'labels'), `${TEMPLATE}.metadata.labels`) },
    { name: 'Annotations', value: r.stringMap(r.get(meta, 'annotations'), `${TEMPLATE}.metadata.annotations`) },
  ]);
  const templateSpec = goStruct('NodeClaimTemplateSpec', [
    { name: 'Taints', value: r.slice(r.get(ts, 'taints'), `${f}.taints`, (x, p) => taint(r, x, p)) },
    { name: 'StartupTaints', value: r.slice(r.get(ts, 'startupTaints'), `${f}.startupTaints`, (x, p) => taint(r, x, p)) },
    // Requirements carry hash:"ignore" (nodepool.go:234): never hashed, but a non-nil list keeps the spec from being
    // zero, so only their presence is modelled.
    { name: 'Requirements', value: goSlice(Array.isArray(r.get(ts, 'requirements')) ? [] : null), tag: 'ignore' },
    {
      name: 'NodeClassRef',
      value: r.structPointer(r.get(ts, 'nodeClassRef'), `${f}.nodeClassRef`, NODE_CLASS_REFERENCE_ZERO, (o) =>
        nodeClassRef(r, o, `${f}.nodeClassRef`),
      ),
    },
    { name: 'TerminationGracePeriod', value: r.metav1DurationPointer(r.get(ts, 'terminationGracePeriod'), `${f}.terminationGracePeriod`) },
    { name: 'ExpireAfter', value: expireAfter(r, r.get(ts, 'expireAfter'), `${f}.expireAfter`) },
  ]);
  return goStruct('NodeClaimTemplate', [
    { name: 'ObjectMeta', value: objectMeta },
    { name: 'Spec', value: templateSpec },
  ]);
}

/** What `readNodePoolHash` found: the hash when the manifest could be decoded, and the issues that prevented it. */
export interface NodePoolHashResult {
  /** The decimal `karpenter.sh/nodepool-hash`, absent when an issue prevents hashing. */
  readonly hash?: string;
  /** Fields Go's JSON decoder (or the API server) would refuse, each with its path (code `UnhashableField`). */
  readonly issues: readonly ValidationIssue[];
}

/**
 * Reads a NodePool manifest (a parsed `karpenter.sh/v1` NodePool object) and computes its hash, or reports why it
 * cannot: a field of the wrong type (a `labels` list, a `taints` object, a non-string label value) or a duration Go
 * does not parse. Never throws.
 */
export function readNodePoolHash(nodePool: unknown): NodePoolHashResult {
  const r = new GoJsonReader();
  const template = nodeClaimTemplate(r, nodePool);
  if (r.issues.length > 0) return { issues: r.issues };
  return { hash: hashStructure(template).toString(), issues: [] };
}

/**
 * The `karpenter.sh/nodepool-hash` Karpenter 1.14.1 writes for this NodePool (hash version `v3`): a decimal uint64
 * of `spec.template`, with the API server's `expireAfter: 720h` default applied when the field is absent.
 * Requirements, `disruption`, `limits`, `weight` and `replicas` do not enter it.
 *
 * @param nodePool a parsed NodePool manifest (`unknown`: read defensively)
 * @returns the decimal hash, or `undefined` when the manifest cannot be decoded as Karpenter's Go types (a field of
 *   the wrong type, a malformed duration); `readNodePoolHash` gives the issues. Never throws.
 */
export function nodePoolHash(nodePool: unknown): string | undefined {
  return readNodePoolHash(nodePool).hash;
}
