// Requirements drift (kubernetes-sigs/karpenter v1.14.1 pkg/controllers/nodeclaim/disruption/drift.go:170-180):
// a NodeClaim drifts when its labels, read as `In [value]` each, are not Compatible with the NodePool's requirements
// (pkg/scheduling/requirements.go:181-197, no AllowUndefined). minValues is never read there, and requirements are
// outside the hash, so only narrowing drifts. Uses the project's requirement algebra (lib/core/scheduling).
import { isPlainObject, isString } from '../json';
import { WellKnownLabel } from '../model/labels';
import { Operator } from '../model/requirement-builder';
import { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import type { DriftIssue, DriftReason } from './drift-types';

/** The requirements of a NodePool manifest's template; malformed entries become issues and are left out. */
export function poolRequirements(raw: unknown, object: string, issues?: DriftIssue[]): SchedulingRequirements {
  const out = new SchedulingRequirements();
  if (!Array.isArray(raw)) return out;
  raw.forEach((r, i) => {
    const values = isPlainObject(r) ? (r.values ?? []) : undefined;
    if (!isPlainObject(r) || !isString(r.key) || !isString(r.operator) || !Array.isArray(values) || !values.every(isString)) {
      issues?.push({
        object,
        field: `spec.template.spec.requirements[${i}]`,
        code: 'DriftInvalidRequirement',
        message: 'needs a string key and operator and a list of string values; it is left out of the drift check',
      });
      return;
    }
    out.add(SchedulingRequirement.of(r.key, r.operator, values as string[]));
  });
  return out;
}

/** A NodeClaim's labels as Karpenter's NewLabelRequirements reads them. */
export function labelRequirements(labels: ReadonlyMap<string, string>): SchedulingRequirements {
  return new SchedulingRequirements(...[...labels].map(([k, v]) => SchedulingRequirement.in(k, v)));
}

/** Why a NodeClaim with these labels is RequirementsDrifted under `pool`, or undefined when it is not. */
export function claimRequirementsDrift(labels: ReadonlyMap<string, string>, pool: SchedulingRequirements): string | undefined {
  return labelRequirements(labels).compatible(pool);
}

/**
 * Labels the AWS provider writes on every NodeClaim from its instance type and offering (aws cloudprovider.go:418-437):
 * a requirement on one of them that a pool did not have before constrains values, not presence. Labels only some
 * instance types carry (GPUs, accelerators, reservations, placement groups, Windows builds) are left out.
 */
const ALWAYS_WRITTEN = new Set<string>(
  Object.values(WellKnownLabel).filter(
    (k) =>
      !/gpu|accelerator|capacity-reservation|placement-group|windows-build|local-nvme|capability-flex/.test(k) && k !== WellKnownLabel.EC2NODECLASS,
  ),
);

function negative(r: SchedulingRequirement): boolean {
  return r.operator === Operator.NOT_IN || r.operator === Operator.DOES_NOT_EXIST;
}

/** The values the nodes of a pool can carry on `key`: its requirement and its template label together. */
function carried(key: string, reqs: SchedulingRequirements, labels: ReadonlyMap<string, string>): SchedulingRequirement | undefined {
  const label = labels.get(key);
  const req = reqs.find(key);
  if (label !== undefined) return req ? req.intersection(SchedulingRequirement.in(key, label)) : SchedulingRequirement.in(key, label);
  if (req && !negative(req)) return req;
  if (ALWAYS_WRITTEN.has(key)) return req ?? SchedulingRequirement.of(key, Operator.EXISTS);
  return undefined;
}

/** 'all' when no carried value is allowed any more, 'some' when some are not, undefined when every one still is. */
function narrowing(old: SchedulingRequirement, now: SchedulingRequirement): 'all' | 'some' | undefined {
  if (!old.complement) {
    const values = old.values;
    const kept = values.filter((v) => now.has(v)).length;
    return kept === values.length ? undefined : kept === 0 ? 'all' : 'some';
  }
  if (!now.complement) return now.hasIntersection(old) ? 'some' : 'all';
  const moreExcluded = now.values.some((v) => old.has(v));
  const tighter =
    (now.gte !== undefined && (old.gte === undefined || now.gte > old.gte)) ||
    (now.lte !== undefined && (old.lte === undefined || now.lte < old.lte));
  if (!moreExcluded && !tighter) return undefined;
  return now.hasIntersection(old) ? 'some' : 'all';
}

/**
 * Requirement changes of a NodePool, judged from the manifests alone: what the nodes launched under `before` can
 * carry against what `after` requires. Narrowing drifts the nodes outside the new set; anything else is listed as None.
 */
export function requirementChanges(
  before: { readonly requirements: unknown; readonly labels: ReadonlyMap<string, string> },
  after: { readonly requirements: unknown },
  object: string,
): DriftReason[] {
  const field = 'spec.template.spec.requirements';
  const old = poolRequirements(before.requirements, object);
  const now = poolRequirements(after.requirements, object);
  const out: DriftReason[] = [];
  for (const key of now.keys().sort()) {
    const r = now.get(key);
    const was = carried(key, old, before.labels);
    const at = `${field}[${key}]`;
    const shown = { before: old.find(key)?.toString(), after: r.toString() };
    if (was === undefined) {
      if (negative(r)) continue;
      out.push({
        kind: 'Requirements',
        field: at,
        ...shown,
        message: `no node launched before carries the label ${JSON.stringify(key)}: every node drifts`,
      });
      continue;
    }
    if (r.operator === Operator.DOES_NOT_EXIST) {
      out.push({
        kind: 'Requirements',
        field: at,
        ...shown,
        message: `the nodes carry ${JSON.stringify(key)}, which is now required absent: every node drifts`,
      });
      continue;
    }
    const n = narrowing(was, r);
    if (n === 'all')
      out.push({ kind: 'Requirements', field: at, ...shown, message: `no value the nodes carry is allowed any more: every node drifts` });
    else if (n === 'some')
      out.push({ kind: 'Requirements', field: at, ...shown, message: `narrowed: the nodes whose label is outside the new values drift` });
  }
  if (out.length === 0 && canonicalRequirements(before.requirements) !== canonicalRequirements(after.requirements)) {
    out.push({
      kind: 'None',
      field,
      before: old.toString(),
      after: now.toString(),
      message: 'widened, reordered or minValues only: requirements are not hashed and only narrowing drifts',
    });
  }
  return out;
}

function canonicalRequirements(raw: unknown): string {
  return JSON.stringify(raw ?? []);
}
