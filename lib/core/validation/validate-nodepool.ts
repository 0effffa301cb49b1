//
// Replicates the Karpenter 1.14 `nodepools.karpenter.sh` CRD (v1): its OpenAPI schema and every
// `x-kubernetes-validations` CEL rule, except the update-only transition rules (those that read
// `oldSelf`), which cannot be checked on a single manifest:
//   - nodeClassRef: "nodeClassRef.group is immutable", "nodeClassRef.kind is immutable"
//   - spec: "Cannot transition NodePool between static (replicas set) and dynamic (replicas unset)
//     provisioning modes"
// Also reports what the Karpenter controller rejects at runtime (see KARPENTER_RUNTIME_CHECK_CODES)
// and, as warnings, the lint findings of `lintNodePool`.
import { child, IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { BUDGET_SCHEDULE_PATTERN, budgetScheduleRule } from './budget-schedule';
import { ConsolidationPolicy, crdEnum, DisruptionReason, TaintEffect } from '../model/crd-enums';
import { Operator } from '../model/requirement-builder';
import { BUDGET_DURATION_PATTERN, DURATION_OR_NEVER_PATTERN, DURATION_PATTERN } from '../model/duration';
import {
  KARPENTER_KNOWN_VALUES,
  LABEL_VALUE_PATTERN,
  QUALIFIED_KEY_PATTERN,
  WellKnownLabel,
  dns1123SubdomainProblems,
  labelRestrictions,
  labelValueProblems,
  nearWellKnownLabel,
  qualifiedNameProblems,
} from '../model/labels';
import { lintNodePool } from '../lints/lint';
import { checkEnvelope } from './meta';
import { checkSilenceCodes } from './silence';
import { QUANTITY_PATTERN } from '../shared/quantity';
import { RENAMED_CONSOLIDATION_POLICIES } from '../model/renamed-values';
import { ArraySchema, ObjectSchema, Rule, Schema, absent, checkSchema, crdRule, has, pruneNulls } from './schema';
import { isPlainObject, lookupTable, show } from '../json';
import { NODEPOOL_API_VERSION } from '../model/types';

const RUNTIME = ' (the API server accepts this, but the Karpenter controller rejects it at runtime and the NodePool never becomes Ready)';

// ------------------------------------------------------------------ CEL rule replicas

/** Template labels and requirement keys: the four label-restriction rules. */
function restrictedKey(key: string, path: string, c: IssueCollector, what: string): void {
  if (c.isUnresolved(key)) return;
  for (const r of labelRestrictions(key)) {
    const near = r.code === 'RestrictedLabelDomain' ? nearWellKnownLabel(key) : undefined;
    const fix =
      r.code === 'RestrictedLabel'
        ? 'Karpenter sets this label itself; remove it'
        : near !== undefined
          ? `did you mean ${show(near)}? Use a well-known key (see WellKnownLabel) or a label in your own domain`
          : 'use a well-known key (see WellKnownLabel) or a label in your own domain, e.g. "example.com/team"';
    c.error(path, r.code, `${what} ${show(key)} is not allowed: ${fix}${crdRule(r.crdMessage)}`);
  }
}

const templateLabelRules: Rule = (labels: Record<string, unknown>, path, c) => {
  for (const key of Object.keys(labels)) restrictedKey(key, child(path, key), c, 'label');
};

const requirementKeyRules: Rule = (key: string, path, c) => restrictedKey(key, path, c, 'requirement key');

const notEmpty =
  (field: string, message: string): Rule =>
  (self: string, path, c) => {
    if (self === '') c.error(path, 'NodeClassRefFieldEmpty', `must not be empty; set nodeClassRef.${field}${crdRule(message)}`);
  };

const NUMERIC_OPERATORS = ['Gt', 'Lt', 'Gte', 'Lte'];
const INT64_MAX = BigInt('9223372036854775807');

/** CEL `int(s) >= 0`: Go `strconv.ParseInt(s, 10, 64)` must succeed and the result be non-negative. */
function celNonNegativeInt(s: unknown): boolean {
  if (typeof s !== 'string' || !/^[+-]?[0-9]+$/.test(s)) return false;
  const n = BigInt(s);
  return n >= 0n && n <= INT64_MAX;
}

const requirementsRules: Rule = (reqs: unknown[], path, c) => {
  reqs.forEach((r, i) => {
    if (!isPlainObject(r) || c.isUnresolved(r)) return;
    const at = `${path}[${i}]`;
    const values = r.values;
    if (c.isUnresolved(values) || c.isUnresolved(r.operator)) return;
    const list = Array.isArray(values) ? values : [];
    if (r.operator === 'In' && list.length === 0) {
      c.error(
        `${at}.values`,
        'RequirementInWithoutValues',
        `operator In needs at least one value for key ${show(r.key)}; add values, or use operator Exists` +
          crdRule("requirements with operator 'In' must have a value defined"),
      );
    }
    if (typeof r.operator === 'string' && NUMERIC_OPERATORS.includes(r.operator)) {
      const v0 = list[0];
      if (list.length !== 1 || (!c.isUnresolved(v0) && !celNonNegativeInt(v0))) {
        c.error(
          `${at}.values`,
          'RequirementNumericValue',
          `operator ${r.operator} needs exactly one non-negative integer value, got ${show(values ?? [])}; e.g. values: ["4"]` +
            crdRule("requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value"),
        );
      }
    }
    if (r.operator === 'In' && has(r, 'minValues') && typeof r.minValues === 'number' && !c.isUnresolved(r.minValues) && list.length < r.minValues) {
      c.error(
        `${at}.minValues`,
        'RequirementMinValuesExceedsValues',
        `minValues ${r.minValues} is more than the ${list.length} value${list.length === 1 ? '' : 's'} ` +
          `listed for key ${show(r.key)}; list at least ${r.minValues} values or lower minValues` +
          crdRule("requirements with 'minValues' must have at least that many values specified in the 'values' field"),
      );
    }
  });
};

const budgetsRules: Rule = (budgets: unknown[], path, c) => {
  budgets.forEach((b, i) => {
    if (!isPlainObject(b)) return;
    if (has(b, 'schedule') !== has(b, 'duration')) {
      const [set, missing] = has(b, 'schedule') ? ['schedule', 'duration'] : ['duration', 'schedule'];
      const problem = `sets ${set} but not ${missing}: a budget with a schedule needs a duration and vice versa; `;
      const rule = crdRule("'schedule' must be set with 'duration'");
      c.error(`${path}[${i}]`, 'BudgetScheduleWithoutDuration', {
        typescript: `${problem}use Budget.nodes(n).during(schedule, duration)${rule}`,
        yaml: `${problem}set both, e.g. schedule: "0 9 * * mon-fri" and duration: 8h${rule}`,
      });
    }
  });
};

const staticPoolRules: Rule = (spec: Record<string, unknown>, path, c) => {
  if (!has(spec, 'replicas')) return;
  const limits = spec.limits;
  if (has(spec, 'limits') && isPlainObject(limits) && !c.isUnresolved(limits)) {
    const keys = Object.keys(limits);
    if (!(keys.length === 0 || (keys.length === 1 && keys[0] === 'nodes'))) {
      c.error(
        child(path, 'limits'),
        'StaticNodePoolLimits',
        `a static NodePool (replicas set) supports only limits.nodes, got ${keys.join(', ')}; ` +
          'remove the other limits or unset replicas' +
          crdRule("only 'limits.nodes' is supported on static NodePools"),
      );
    }
  }
  if (has(spec, 'weight')) {
    c.error(
      child(path, 'weight'),
      'StaticNodePoolWeight',
      'a static NodePool (replicas set) cannot have a weight; remove weight or unset replicas' +
        crdRule("'weight' is not supported on static NodePools"),
    );
  }
};

// ------------------------------------------------------------------ the schema

const DURATION_HINT = 'use whole numbers with s, m or h, e.g. "720h", "30m", "1h30m" (KarpenterDuration)';

const taint: ObjectSchema = {
  type: 'object',
  required: ['effect', 'key'],
  properties: {
    effect: { type: 'string', enum: crdEnum(TaintEffect) },
    key: {
      type: 'string',
      minLength: 1,
      pattern: QUALIFIED_KEY_PATTERN,
      patternCode: 'TaintKeyPattern',
      hint: 'e.g. "example.com/dedicated" or "dedicated"',
    },
    timeAdded: { type: 'string', format: 'date-time' },
    value: {
      type: 'string',
      pattern: QUALIFIED_KEY_PATTERN,
      patternCode: 'TaintValuePattern',
      hint: 'omit value for a key-only taint; an empty string is rejected',
    },
  },
};

const taints: ArraySchema = { type: 'array', items: taint };

const requirement: ObjectSchema = {
  type: 'object',
  required: ['key', 'operator'],
  properties: {
    key: { type: 'string', maxLength: 316, pattern: QUALIFIED_KEY_PATTERN, patternCode: 'RequirementKeyPattern', rules: [requirementKeyRules] },
    minValues: { type: 'integer', minimum: 1, maximum: 50 },
    operator: { type: 'string', enum: crdEnum(Operator) },
    // The CRD puts maxLength/pattern on the array, where the API server ignores them; the
    // controller checks the values (runtime checks below).
    values: { type: 'array', items: { type: 'string' } },
  },
};

const NODEPOOL_SPEC: ObjectSchema = {
  type: 'object',
  required: ['template'],
  rules: [staticPoolRules],
  properties: {
    disruption: {
      type: 'object',
      required: ['consolidateAfter'],
      hint: {
        typescript:
          'the CRD requires consolidateAfter whenever disruption is set; use Disruption.whenEmpty(...) or Disruption.whenEmptyOrUnderutilized(...)',
        yaml: 'the CRD requires consolidateAfter whenever disruption is set; add e.g. consolidateAfter: 0s',
      },
      properties: {
        budgets: {
          type: 'array',
          maxItems: 50,
          rules: [budgetsRules],
          items: {
            // The CRD lists nodes as required but defaults it to "10%" first, so it never is missing.
            type: 'object',
            properties: {
              duration: {
                type: 'string',
                pattern: BUDGET_DURATION_PATTERN,
                patternCode: 'InvalidDuration',
                hint: 'budget durations take hours and minutes only, e.g. "8h", "30m", "1h30m"',
              },
              nodes: {
                type: 'string',
                pattern: /^((100|[0-9]{1,2})%|[0-9]+)$/,
                patternCode: 'InvalidBudgetNodes',
                hint: 'use a count such as "5" or a percentage 0%..100% such as "10%" (Budget.nodes / Budget.percent)',
              },
              reasons: { type: 'array', maxItems: 50, set: true, items: { type: 'string', enum: crdEnum(DisruptionReason) } },
              schedule: {
                type: 'string',
                pattern: BUDGET_SCHEDULE_PATTERN,
                patternCode: 'InvalidBudgetSchedule',
                hint: 'use a five-field cron expression ("0 9 * * mon-fri") or a macro such as "@daily"',
                rules: [budgetScheduleRule],
              },
            },
          },
        },
        consolidateAfter: {
          type: 'string',
          pattern: DURATION_OR_NEVER_PATTERN,
          patternCode: 'InvalidDuration',
          hint: `${DURATION_HINT}, or "Never"`,
        },
        consolidationPolicy: {
          type: 'string',
          enum: crdEnum(ConsolidationPolicy),
          formerly: RENAMED_CONSOLIDATION_POLICIES,
        },
      },
    },
    limits: {
      type: 'map',
      values: {
        type: 'int-or-string',
        pattern: QUANTITY_PATTERN,
        patternCode: 'InvalidQuantity',
        hint: 'use a quantity such as "1000", "500m" or "1000Gi" (Quantity)',
      },
    },
    replicas: { type: 'integer', minimum: 0, format: 'int64' },
    template: {
      type: 'object',
      required: ['spec'],
      properties: {
        metadata: {
          type: 'object',
          properties: {
            annotations: { type: 'map', values: { type: 'string' } },
            labels: {
              type: 'map',
              maxProperties: 100,
              rules: [templateLabelRules],
              values: {
                type: 'string',
                maxLength: 63,
                pattern: LABEL_VALUE_PATTERN,
                patternCode: 'InvalidLabelValue',
                hint: "label values are at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit",
              },
            },
          },
        },
        spec: {
          type: 'object',
          required: ['nodeClassRef', 'requirements'],
          properties: {
            expireAfter: { type: 'string', pattern: DURATION_OR_NEVER_PATTERN, patternCode: 'InvalidDuration', hint: `${DURATION_HINT}, or "Never"` },
            nodeClassRef: {
              type: 'object',
              required: ['group', 'kind', 'name'],
              properties: {
                group: {
                  type: 'string',
                  pattern: /^[^/]*$/,
                  hint: 'the API group without a version, "karpenter.k8s.aws"',
                  rules: [notEmpty('group', 'group may not be empty')],
                },
                kind: { type: 'string', rules: [notEmpty('kind', 'kind may not be empty')] },
                name: { type: 'string', rules: [notEmpty('name', 'name may not be empty')] },
              },
            },
            requirements: { type: 'array', maxItems: 100, items: requirement, rules: [requirementsRules] },
            startupTaints: taints,
            taints,
            terminationGracePeriod: {
              type: 'string',
              pattern: DURATION_PATTERN,
              patternCode: 'InvalidDuration',
              hint: `${DURATION_HINT} ("Never" is not allowed here; omit the field to wait indefinitely)`,
            },
          },
        },
      },
    },
    weight: { type: 'integer', minimum: 1, maximum: 100, format: 'int32' },
  },
};

/** The NodePool spec schema (exported for the conformance harness and tests). */
export const NODEPOOL_SPEC_SCHEMA: Schema = NODEPOOL_SPEC;

// ------------------------------------------------------------------ Karpenter runtime checks

function runtimeChecks(spec: Record<string, unknown>, c: IssueCollector): void {
  const template = isPlainObject(spec.template) ? spec.template : {};
  const meta = isPlainObject(template.metadata) ? template.metadata : {};
  const tspec = isPlainObject(template.spec) ? template.spec : {};
  const base = 'spec.template';

  if (isPlainObject(meta.labels) && !c.isUnresolved(meta.labels)) {
    for (const key of Object.keys(meta.labels)) {
      if (c.isUnresolved(key)) continue;
      for (const p of qualifiedNameProblems(key)) {
        c.error(child(`${base}.metadata.labels`, key), 'InvalidTemplateLabelKey', `label key ${show(key)}: ${p}${RUNTIME}`);
      }
    }
  }

  nodeClassRefNameCheck(isPlainObject(tspec.nodeClassRef) ? tspec.nodeClassRef : {}, `${base}.spec.nodeClassRef.name`, c);

  const reqs = Array.isArray(tspec.requirements) && !c.isUnresolved(tspec.requirements) ? tspec.requirements : [];
  reqs.forEach((r, i) => {
    if (!isPlainObject(r)) return;
    const at = `${base}.spec.requirements[${i}]`;
    if (typeof r.key === 'string' && !c.isUnresolved(r.key) && QUALIFIED_KEY_PATTERN.test(r.key)) {
      for (const p of qualifiedNameProblems(r.key)) c.error(`${at}.key`, 'InvalidRequirementKey', `key ${show(r.key)}: ${p}${RUNTIME}`);
    }
    const values = Array.isArray(r.values) && !c.isUnresolved(r.values) ? r.values : [];
    // Numeric operators already need a non-negative integer, always a valid label value.
    if (!NUMERIC_OPERATORS.includes(r.operator as string))
      values.forEach((v, j) => {
        if (typeof v !== 'string' || c.isUnresolved(v)) return;
        for (const p of labelValueProblems(v))
          c.error(`${at}.values[${j}]`, 'InvalidRequirementValue', `value ${show(v)} for key ${show(r.key)}: ${p}${RUNTIME}`);
      });
    knownValuesCheck(r, values, at, c);
  });

  const seen = new Map<string, string>();
  for (const field of ['taints', 'startupTaints']) {
    const list = Array.isArray(tspec[field]) && !c.isUnresolved(tspec[field]) ? (tspec[field] as unknown[]) : [];
    list.forEach((t, i) => {
      if (!isPlainObject(t) || typeof t.key !== 'string' || c.isUnresolved(t.key)) return;
      const at = `${base}.spec.${field}[${i}]`;
      if (QUALIFIED_KEY_PATTERN.test(t.key)) {
        for (const p of qualifiedNameProblems(t.key)) c.error(`${at}.key`, 'InvalidTaintKey', `taint key ${show(t.key)}: ${p}${RUNTIME}`);
      }
      if (typeof t.value === 'string' && t.value !== '' && !c.isUnresolved(t.value) && QUALIFIED_KEY_PATTERN.test(t.value)) {
        for (const p of qualifiedNameProblems(t.value)) c.error(`${at}.value`, 'InvalidTaintValue', `taint value ${show(t.value)}: ${p}${RUNTIME}`);
      }
      const id = `${t.key}:${String(t.effect)}`;
      const first = seen.get(id);
      if (first) {
        c.error(
          at,
          'DuplicateTaint',
          `taint ${t.key} with effect ${String(t.effect)} is already set at ${first}; ` +
            'taints and startupTaints together may hold each key/effect pair once' +
            RUNTIME,
        );
      } else {
        seen.set(id, at);
      }
    });
  }
}

/** Karpenter labels every NodeClaim `<group>/<kind in lower case>: <nodeClassRef.name>`. */
function nodeClassRefNameCheck(ref: Record<string, unknown>, at: string, c: IssueCollector): void {
  const name = ref.name;
  if (typeof name !== 'string' || name === '' || c.isUnresolved(name)) return;
  const problems = dns1123SubdomainProblems(name);
  if (problems.length > 0) {
    c.error(at, 'InvalidNodeClassRefName', `${show(name)} cannot be the name of a node class: it ${problems.join('; it ')}${RUNTIME}`);
  } else if (name.length > 63) {
    const label =
      typeof ref.group === 'string' && typeof ref.kind === 'string' ? `${ref.group}/${ref.kind.toLowerCase()}` : 'karpenter.k8s.aws/ec2nodeclass';
    c.error(
      at,
      'InvalidNodeClassRefName',
      `${show(name)} is ${name.length} characters; Karpenter labels every node of this pool with ` +
        `${label}=<name> and label values are at most 63 characters, so the API server rejects every NodeClaim it ` +
        'creates. Use a node class with a shorter name',
    );
  }
}

const KNOWN_VALUE_CODES: { readonly [key: string]: readonly [code: string, noun: string, fix: string] } = lookupTable({
  [WellKnownLabel.CAPACITY_TYPE]: ['UnknownCapacityType', 'a capacity type', ' (CapacityType)'],
  [WellKnownLabel.INSTANCE_TENANCY]: ['UnknownInstanceTenancy', 'an instance tenancy', ''],
});

/** Karpenter's `validateWellKnownValues`: an `In` list needs known values, at least `minValues` of them. */
function knownValuesCheck(r: Record<string, unknown>, values: unknown[], at: string, c: IssueCollector): void {
  const allowed = typeof r.key === 'string' ? KARPENTER_KNOWN_VALUES[r.key] : undefined;
  if (!allowed || r.operator !== 'In' || values.length === 0 || !values.every((v) => typeof v === 'string' && !c.isUnresolved(v))) return;
  const known = values.filter((v) => allowed.includes(v as string));
  const [code, noun, fix] = KNOWN_VALUE_CODES[r.key as string];
  if (known.length === 0) {
    c.error(`${at}.values`, code, `none of ${show(values)} is ${noun}; use ${allowed.join(', ')}${fix}${RUNTIME}`);
  } else if (typeof r.minValues === 'number' && !c.isUnresolved(r.minValues) && known.length < r.minValues) {
    c.error(
      `${at}.minValues`,
      'RequirementMinValuesExceedsKnownValues',
      `minValues ${r.minValues} is more than the ${known.length} known value${known.length === 1 ? '' : 's'} ` +
        `(${known.join(', ')}) listed for key ${show(r.key)}; Karpenter ignores the others (${allowed.join(', ')} are known)` +
        RUNTIME,
    );
  }
}

// ------------------------------------------------------------------ entry point

/**
 * Validates a plain `karpenter.sh/v1` NodePool manifest (what `kubectl apply` would send)
 * against the Karpenter 1.14 CRD schema and its CEL rules, plus the controller's runtime checks
 * and lint warnings. Field paths look like `spec.template.spec.requirements[2].values`. The lints that ask
 * the instance-type catalog are `lintNodePoolCatalog`'s (lib/core/sim).
 */
export function validateNodePool(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  checkSilenceCodes(ctx, c);
  if (!checkEnvelope(manifest, NODEPOOL_API_VERSION, 'NodePool', c)) return c.issues;
  const meta = manifest.metadata;
  if (isPlainObject(meta) && typeof meta.name === 'string' && !c.isUnresolved(meta.name) && meta.name.length > 63) {
    c.error(
      'metadata.name',
      'NodePoolNameTooLong',
      `${show(meta.name)} is ${meta.name.length} characters; Karpenter labels every node with ` +
        'karpenter.sh/nodepool=<name> and label values are at most 63 characters' +
        RUNTIME,
    );
  }
  if (absent(manifest.spec)) {
    c.error('spec', 'RequiredField', 'is required');
    return c.issues;
  }
  // The API server prunes null fields before it validates (see pruneNulls); so do the rules here.
  const spec = c.isUnresolved(manifest.spec) ? manifest.spec : pruneNulls(manifest.spec, NODEPOOL_SPEC);
  checkSchema(spec, NODEPOOL_SPEC, 'spec', c);
  if (isPlainObject(spec) && !c.isUnresolved(spec)) {
    runtimeChecks(spec, c);
    c.add(lintNodePool({ ...manifest, spec }, ctx));
  }
  return c.issues;
}
