// The NodePool manifest lints: one entry of NODEPOOL_RULES per code, each with its check on the NodePool's facts
// (nodepool-facts.ts). The catalog's are in catalog-lints.ts, the budget's in budget.ts.
import { isPlainObject, isString, show } from '../json';
import { KARPENTER_KNOWN_VALUES, WellKnownLabel } from '../model/labels';
import { durationSeconds } from '../model/duration';
import { WELL_KNOWN_KEY_TYPO_RULE } from './label-keys';
import type { NodePoolRule } from './lint-rule';
import { KNOWN_DOMAINS } from './nodepool-facts';

/** The CRD default of `spec.template.spec.expireAfter`. */
const DEFAULT_EXPIRE_AFTER = '720h';

export const NODEPOOL_RULES = [
  {
    code: 'NodePoolWithoutLimits',
    appliesTo: 'NodePool',
    summary: 'a dynamic NodePool without spec.limits can scale without bound',
    check: ({ spec }, r) => {
      const limits = spec.limits;
      if (spec.replicas === undefined && !r.isUnresolved(limits) && (!isPlainObject(limits) || Object.keys(limits).length === 0)) {
        const problem = 'is not set, so this NodePool can launch nodes without bound (a bad deployment or a pod spike scales the bill with it); ';
        r.warn('spec.limits', {
          typescript: `${problem}set limits such as { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(1000) }`,
          yaml: `${problem}set limits such as cpu: "1000" and memory: 1000Gi under spec.limits`,
        });
      }
    },
  },
  {
    code: 'RequirementNoOp',
    appliesTo: 'NodePool',
    summary: 'NotIn with no values: matches everything',
    check: ({ requirements }, r) => {
      for (const q of requirements) {
        if (q.operator === 'NotIn' && q.values.length === 0)
          r.warn(
            `${q.at}.values`,
            `NotIn with no values excludes nothing for key ${show(q.key)}; list the values to exclude or remove the requirement`,
          );
      }
    },
  },
  {
    code: 'RequirementValuesIgnored',
    appliesTo: 'NodePool',
    summary: 'values on Exists or DoesNotExist, which ignore them',
    check: ({ requirements }, r) => {
      for (const q of requirements) {
        if ((q.operator === 'Exists' || q.operator === 'DoesNotExist') && q.values.length > 0)
          r.warn(`${q.at}.values`, `${q.operator} ignores values, got ${show(q.values)}; remove them, or use In/NotIn`);
      }
    },
  },
  {
    code: 'UnknownWellKnownValue',
    appliesTo: 'NodePool',
    summary: 'a value a well-known label never takes (e.g. arch "x86_64")',
    check: ({ requirements }, r) => {
      for (const q of requirements) {
        const domain = KNOWN_DOMAINS[q.key];
        if (!domain || (q.operator !== 'In' && q.operator !== 'NotIn')) continue;
        // An In list with no known value of a KARPENTER_KNOWN_VALUES key is a validation error already.
        if (q.operator === 'In' && KARPENTER_KNOWN_VALUES[q.key] !== undefined && !q.values.some((x) => domain.includes(x))) continue;
        q.values.forEach((v, j) => {
          if (!domain.includes(v)) r.warn(`${q.at}.values[${j}]`, `${show(v)} is never a value of ${q.key}; use one of ${domain.join(', ')}`);
        });
      }
    },
  },
  {
    code: 'RequirementsUnsatisfiable',
    appliesTo: 'NodePool',
    summary: 'requirements (and template labels) on one key that no node can satisfy',
    check: ({ states }, r) => {
      for (const [key, s] of states) {
        if (s.unsatisfiable === undefined) continue;
        r.warn(
          s.where[s.where.length - 1],
          `no node can match key ${show(key)}: ${s.unsatisfiable} (from ${s.where.join(', ')}); this NodePool will never launch a node`,
        );
      }
    },
  },
  {
    code: 'MinValuesUnsatisfiable',
    appliesTo: 'NodePool',
    summary: 'minValues larger than the number of values the other requirements leave',
    check: ({ requirements, states }, r) => {
      for (const q of requirements) {
        const n = q.minValues;
        // An In list shorter than its own minValues is a CRD error already.
        if (n === undefined || (q.operator === 'In' && q.values.length < n)) continue;
        const cand = states.get(q.key)?.candidates;
        if (cand && cand.size < n) {
          r.warn(
            `${q.at}.minValues`,
            `minValues ${n} for key ${show(q.key)} can never be met: the requirements leave only ${cand.size} ` +
              `value${cand.size === 1 ? '' : 's'} (${[...cand].join(', ') || 'none'}); lower minValues or widen the requirements`,
          );
        }
      }
    },
  },
  {
    code: 'ArchFamilyMismatch',
    appliesTo: 'NodePool',
    summary: 'an architecture requirement that excludes every listed instance family or type',
    check: ({ states }, r) => {
      const arch = states.get(WellKnownLabel.ARCH)?.candidates;
      if (!arch || arch.size !== 1) return;
      const wantArm = arch.has('arm64');
      const check = (key: string, family: (x: string) => string) => {
        const s = states.get(key);
        const items = s?.candidates;
        if (!s || !items || items.size === 0) return;
        if ([...items].every((x) => isArm64Family(family(x)) !== wantArm)) {
          r.warn(
            s.where[s.where.length - 1],
            `kubernetes.io/arch allows only ${[...arch][0]}, but every ` +
              `${key === WellKnownLabel.INSTANCE_FAMILY ? 'instance family' : 'instance type'} ` +
              `allowed (${[...items].join(', ')}) is ${wantArm ? 'x86-64 (amd64)' : 'Graviton (arm64)'}; ` +
              'this NodePool will never launch a node. ' +
              `${wantArm ? 'Add Graviton families such as c7g, m7g, r7g' : 'Add x86 families such as c7i, m7i, r7i'}, ` +
              'or change the architecture',
          );
        }
      };
      check(WellKnownLabel.INSTANCE_FAMILY, (x) => x);
      check(WellKnownLabel.INSTANCE_TYPE, (x) => x.split('.')[0]);
    },
  },
  {
    code: 'ExpireAfterBeforeConsolidateAfter',
    appliesTo: 'NodePool',
    summary: 'expireAfter shorter than disruption.consolidateAfter: nodes expire before consolidation can act',
    check: ({ spec, tspec }, r) => {
      const disruption = isPlainObject(spec.disruption) ? spec.disruption : {};
      const expire = tspec.expireAfter ?? DEFAULT_EXPIRE_AFTER;
      const consolidate = disruption.consolidateAfter;
      if (spec.replicas !== undefined || !isString(expire) || !isString(consolidate) || r.isUnresolved(expire) || r.isUnresolved(consolidate)) return;
      const [e, c] = [durationSeconds(expire), durationSeconds(consolidate)];
      if (e === undefined || c === undefined || e >= c) return;
      r.warn(
        tspec.expireAfter === undefined ? 'spec.disruption.consolidateAfter' : 'spec.template.spec.expireAfter',
        `expireAfter ${show(expire)}${tspec.expireAfter === undefined ? ' (the default)' : ''} is shorter than consolidateAfter ` +
          `${show(consolidate)}: every node expires and is replaced before consolidation may act on it, so the pool churns ` +
          'nodes instead of consolidating them; make expireAfter longer than consolidateAfter (e.g. "720h" against "5m")',
      );
    },
  },
  WELL_KNOWN_KEY_TYPO_RULE,
] as const satisfies readonly NodePoolRule[];

/**
 * Arm64 families: `a1`, a generation digit followed by `g` (Graviton: c7g, m6gd, c6gn, im4gn,
 * x2gd), or an NVIDIA Grace superchip (p6e-gb200).
 */
export function isArm64Family(family: string): boolean {
  return family === 'a1' || /^[a-z]+[0-9]+g/.test(family) || /-gb[0-9]/.test(family);
}
