// A NodePool's change, from its manifests: which hashed fields of `spec.template` changed the hash Karpenter writes
// (static drift, core pkg/apis/v1/nodepool.go:336-342), which requirements narrowed, and what changed without
// replacing anything (disruption, limits, weight, replicas: outside the template; taint order, duration spelling:
// same hash). Each field is attributed by hashing `before` with that one field taken from `after`.
import { readNodePoolHash } from './nodepool-hash';
import { field, Json, obj, pathOf, sameJson, stringEntries, unionKeys, withField } from './read';
import { requirementChanges } from './requirements-drift';
import type { DriftIssue, DriftReason } from './drift-types';

/** The hashed fields of `spec.template`, in Go order (nodepool.go:204-269); requirements carry `hash:"ignore"`. */
const HASHED_METADATA = ['labels', 'annotations'] as const;
const HASHED_SPEC = ['taints', 'startupTaints', 'nodeClassRef', 'terminationGracePeriod', 'expireAfter'] as const;

/** What each hashed field does, said once for the reasons. */
const WHAT: Readonly<Record<string, string>> = {
  labels: 'a template label is hashed: every node of the pool is replaced',
  annotations: 'a template annotation is hashed: every node of the pool is replaced',
  taints: 'taints are hashed: every node of the pool is replaced',
  startupTaints: 'startup taints are hashed: every node of the pool is replaced',
  nodeClassRef: 'the node class reference is hashed: every node of the pool is replaced',
  terminationGracePeriod: 'terminationGracePeriod is hashed: every node of the pool is replaced',
  expireAfter: 'expireAfter is hashed (absent means the default 720h): every node of the pool is replaced',
};

/** The NodePool's hash, or undefined with the reasons it cannot be computed pushed to `issues`. */
export function hashOf(nodePool: unknown, object: string, issues: DriftIssue[], side: string): string | undefined {
  const r = readNodePoolHash(nodePool);
  for (const i of r.issues) issues.push({ object, field: i.field, code: i.code, message: `${side}: ${i.message}; its hash cannot be computed` });
  return r.hash;
}

function quiet(nodePool: unknown): string | undefined {
  return readNodePoolHash(nodePool).hash;
}

/** `np` with `spec.template.<part>.<key>` replaced by `value`. */
function withTemplateField(np: unknown, part: 'metadata' | 'spec', key: string, value: unknown): Json {
  const spec = obj(np, 'spec');
  const template = obj(spec, 'template');
  const inner = withField(obj(template, part), key, value);
  return withField(np as Json, 'spec', withField(spec, 'template', withField(template, part, inner)));
}

/** Static reasons: a changed hashed field that changes the hash, or a changed one that does not (None). */
function staticChanges(before: unknown, after: unknown, beforeHash: string | undefined): DriftReason[] {
  const out: DriftReason[] = [];
  const parts: ['metadata' | 'spec', readonly string[]][] = [
    ['metadata', HASHED_METADATA],
    ['spec', HASHED_SPEC],
  ];
  for (const [part, keys] of parts) {
    const b = obj(obj(obj(before, 'spec'), 'template'), part);
    const a = obj(obj(obj(after, 'spec'), 'template'), part);
    for (const key of keys) {
      const bv = field(b, key);
      const av = field(a, key);
      if (sameJson(bv, av)) continue;
      const at = `spec.template.${part}.${key}`;
      const mixed = quiet(withTemplateField(before, part, key, av));
      const changes = beforeHash === undefined || mixed === undefined || mixed !== beforeHash;
      if (!changes) {
        out.push({ kind: 'None', field: at, before: bv, after: av, message: 'same hash (order, duplicates or spelling only): no node is replaced' });
      } else if (key === 'labels' || key === 'annotations') {
        out.push(...mapChanges(at, bv, av, WHAT[key]));
      } else {
        out.push({ kind: 'Static', field: at, before: bv, after: av, message: WHAT[key] });
      }
    }
  }
  return out;
}

/** One reason per changed key of a hashed map; the map itself when only its presence changed (`{}` against absent). */
function mapChanges(at: string, before: unknown, after: unknown, message: string): DriftReason[] {
  const b = stringEntries(before);
  const a = stringEntries(after);
  const out: DriftReason[] = [];
  for (const key of [...new Set([...b.keys(), ...a.keys()])].sort()) {
    if (b.get(key) === a.get(key)) continue;
    out.push({ kind: 'Static', field: pathOf(at, key), ...optional('before', b.get(key)), ...optional('after', a.get(key)), message });
  }
  return out.length > 0 ? out : [{ kind: 'Static', field: at, before, after, message }];
}

function optional(key: 'before' | 'after', v: unknown): Partial<Record<'before' | 'after', unknown>> {
  return v === undefined ? {} : { [key]: v };
}

/** Fields outside `spec.template`: never hashed, never drift. */
function outsideTemplate(before: unknown, after: unknown): DriftReason[] {
  const out: DriftReason[] = [];
  const bs = obj(before, 'spec');
  const as = obj(after, 'spec');
  for (const key of unionKeys(bs, as)) {
    if (key === 'template') continue;
    const bv = field(bs, key);
    const av = field(as, key);
    if (sameJson(bv, av)) continue;
    if (key === 'disruption') {
      for (const k of unionKeys(bv, av)) {
        if (sameJson(field(bv, k), field(av, k))) continue;
        out.push({
          kind: 'None',
          field: `spec.disruption.${k}`,
          before: field(bv, k),
          after: field(av, k),
          message: 'outside spec.template: no node is replaced',
        });
      }
      continue;
    }
    out.push({ kind: 'None', field: `spec.${key}`, before: bv, after: av, message: 'outside spec.template: no node is replaced' });
  }
  return out;
}

/** Every change of one NodePool present on both sides, drifting or not, judged from the manifests. */
export function nodePoolChanges(
  before: unknown,
  after: unknown,
  hashes: { readonly before?: string; readonly after?: string },
  object: string,
): DriftReason[] {
  const reasons = staticChanges(before, after, hashes.before);
  // A field the attribution did not catch (a hashed field we do not list): the hashes still differ.
  if (hashes.before !== undefined && hashes.after !== undefined && hashes.before !== hashes.after && !reasons.some((r) => r.kind === 'Static')) {
    reasons.push({ kind: 'Static', field: 'spec.template', message: 'the template hash changed: every node of the pool is replaced' });
  }
  const tb = obj(obj(before, 'spec'), 'template');
  const ta = obj(obj(after, 'spec'), 'template');
  reasons.push(
    ...requirementChanges(
      { requirements: field(obj(tb, 'spec'), 'requirements'), labels: stringEntries(field(obj(tb, 'metadata'), 'labels')) },
      { requirements: field(obj(ta, 'spec'), 'requirements') },
      object,
    ),
  );
  reasons.push(...outsideTemplate(before, after));
  return reasons;
}
