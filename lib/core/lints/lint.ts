// Findings the API server accepts but that are most likely mistakes. All are warnings, silenced
// by code through `ValidationContext.silence`. Each rule is one entry of a table here (the catalog's
// in catalog-lints.ts, the budget's in budget.ts); lint-codes.ts derives the code list from them.
// Inputs may be malformed: every access is defensive.
import { child, IssueCollector, PhrasedMessage, ValidationContext, ValidationIssue } from '../issues';
import { KARPENTER_KNOWN_VALUES, WellKnownLabel } from '../model/labels';
import { KARPENTER_DISCOVERY_TAG_KEY } from '../shared/discovery';
import { isPlainObject, isString, lookupTable, pushAll, show } from '../json';
import { nodeClassAmiFamily } from '../model/ami-family';
import { durationSeconds } from '../model/duration';
import { userDataProblem } from '../model/user-data';
import { Operator, WrittenRequirement } from '../model/requirement-builder';
import { SchedulingRequirement } from '../scheduling/requirements';
import { WELL_KNOWN_KEY_TYPO_RULE } from './label-keys';

/** The operator KeyState records for a template label, which requires its one value. */
const LABEL = 'label';

/** The CRD default of `spec.template.spec.expireAfter`. */
const DEFAULT_EXPIRE_AFTER = '720h';

type Json = Record<string, unknown>;

/** What a rule's `check` reports through: its warnings carry the rule's code. */
interface LintReport {
  warn(field: string, message: string | PhrasedMessage): void;
  isUnresolved(value: unknown): boolean;
}

/** What the requirements and template labels on one key say, folded with the scheduler's algebra. */
interface KeyState {
  /** Fields constraining the key, in order. */
  readonly where: string[];
  /** The operators written on the key, `label` for a template label. */
  readonly operators: Set<string>;
  readonly requirements: SchedulingRequirement[];
  /** The values of its In lists and template labels, as written. */
  readonly written: string[];
  /** Why no node can match the key, when none can. */
  unsatisfiable?: string;
  /** The values a node may have for the key, when the key has a known domain or an In list. */
  candidates?: Set<string>;
}

/** The parts of a NodePool the rules read, its requirements and template labels analysed once for all of them. */
interface NodePoolFacts {
  readonly spec: Json;
  /** `spec.template.spec`, or {} when it is not an object. */
  readonly tspec: Json;
  readonly requirements: readonly WrittenRequirement[];
  readonly states: ReadonlyMap<string, KeyState>;
}

/** The parts of an EC2NodeClass the rules read. */
interface NodeClassFacts {
  readonly spec: Json;
  readonly meta: Json;
}

interface NodePoolRule {
  readonly code: string;
  readonly appliesTo: 'NodePool';
  /** What the rule flags (its LINT_CODES entry). */
  readonly summary: string;
  check(np: NodePoolFacts, r: LintReport): void;
}

interface NodeClassRule {
  readonly code: string;
  readonly appliesTo: 'EC2NodeClass';
  /** What the rule flags (its LINT_CODES entry). */
  readonly summary: string;
  check(nc: NodeClassFacts, r: LintReport): void;
}

const DOMAINS: { readonly [key: string]: readonly string[] } = lookupTable({
  [WellKnownLabel.ARCH]: ['amd64', 'arm64'],
  [WellKnownLabel.OS]: ['linux', 'windows'],
  ...KARPENTER_KNOWN_VALUES,
});

/** Tags that name one cluster: the guides' discovery tag, and the one EKS puts on the cluster security group. */
const DISCOVERY_TAG_KEYS = [KARPENTER_DISCOVERY_TAG_KEY, 'aws:eks:cluster-name'];

// ------------------------------------------------------------------ NodePool rules

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
        const domain = DOMAINS[q.key];
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

// ------------------------------------------------------------------ EC2NodeClass rules

/**
 * Selector ids: the CRD's pattern (unanchored, so `xami-1` passes it; the schema checks it) and the form AWS
 * gives them, which `SelectorIdMalformed` checks for a value the CRD's pattern lets through.
 */
export const SELECTOR_ID_PATTERNS = {
  subnetSelectorTerms: { crd: /subnet-[0-9a-z]+/, aws: /^subnet-[0-9a-z]+$/ },
  securityGroupSelectorTerms: { crd: /sg-[0-9a-z]+/, aws: /^sg-[0-9a-z]+$/ },
  amiSelectorTerms: { crd: /ami-[0-9a-z]+/, aws: /^ami-[0-9a-z]+$/ },
} as const;

const SELECTOR_FIELDS = [
  ['subnetSelectorTerms', 'subnets', SELECTOR_ID_PATTERNS.subnetSelectorTerms],
  ['securityGroupSelectorTerms', 'security groups', SELECTOR_ID_PATTERNS.securityGroupSelectorTerms],
] as const;

/** A string id the CRD's pattern accepts but AWS never gives. */
function malformedId(id: unknown, patterns: { readonly crd: RegExp; readonly aws: RegExp }): id is string {
  return typeof id === 'string' && patterns.crd.test(id) && !patterns.aws.test(id);
}

export const NODECLASS_RULES = [
  {
    code: 'Ec2NodeClassNameTooLong',
    appliesTo: 'EC2NodeClass',
    summary: 'an EC2NodeClass name longer than 63 characters (it becomes a node label value)',
    check: ({ meta }, r) => {
      if (isString(meta.name) && !r.isUnresolved(meta.name) && meta.name.length > 63) {
        r.warn(
          'metadata.name',
          `${show(meta.name)} is ${meta.name.length} characters; Karpenter labels nodes with ` +
            'karpenter.k8s.aws/ec2nodeclass=<name> and label values are at most 63 characters. Use a shorter name',
        );
      }
    },
  },
  {
    code: 'SelectorWithoutDiscovery',
    appliesTo: 'EC2NodeClass',
    summary: 'subnet or security group selectors with no id, no name and no discovery tag',
    check: ({ spec }, r) => {
      for (const [field, noun] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        const specific = terms.some((t) => {
          if (!isPlainObject(t) || r.isUnresolved(t)) return true;
          if (t.id !== undefined || t.name !== undefined || r.isUnresolved(t.tags)) return true;
          const tags = isPlainObject(t.tags) ? t.tags : {};
          return Object.entries(tags).some(
            ([k, v]) => r.isUnresolved(k) || ((DISCOVERY_TAG_KEYS.includes(k) || k.startsWith('kubernetes.io/cluster/')) && v !== '*'),
          );
        });
        if (!specific) {
          const helper = field === 'subnetSelectorTerms' ? 'SubnetSelectorTerm' : 'SecurityGroupSelectorTerm';
          const problem =
            `selects ${noun} by tags alone, with no id, no name and no cluster discovery tag, so it may match ${noun} ` +
            `of other clusters or VPCs; select by id, or tag your ${noun} with ${KARPENTER_DISCOVERY_TAG_KEY}=<cluster name> and `;
          r.warn(`spec.${field}`, {
            typescript: `${problem}use ${helper}.discovery(clusterName)`,
            yaml: `${problem}select them with - tags: { ${KARPENTER_DISCOVERY_TAG_KEY}: <cluster name> }`,
          });
        }
      }
    },
  },
  {
    code: 'SelectorTermIdCombined',
    appliesTo: 'EC2NodeClass',
    summary: "a selector term combining 'id' with other fields (the CRD rejects it only when every term does)",
    check: ({ spec }, r) => {
      for (const [field] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        const others = field === 'subnetSelectorTerms' ? ['tags'] : ['tags', 'name'];
        terms.forEach((t, i) => {
          if (isPlainObject(t) && t.id !== undefined && others.some((o) => t[o] !== undefined)) {
            r.warn(
              `spec.${field}[${i}]`,
              `combines id with ${others.filter((o) => t[o] !== undefined).join(' and ')}; ` +
                'the CRD documents id as mutually exclusive (it rejects this only when every term does it). ' +
                'Put the id in a term of its own',
            );
          }
        });
      }
      const caps = Array.isArray(spec.capacityReservationSelectorTerms) ? spec.capacityReservationSelectorTerms : [];
      caps.forEach((t, i) => {
        if (isPlainObject(t) && t.id !== undefined && ['tags', 'ownerID', 'instanceMatchCriteria'].some((o) => t[o] !== undefined)) {
          r.warn(
            `spec.capacityReservationSelectorTerms[${i}]`,
            'combines id with other fields; the CRD documents id as mutually exclusive (it rejects this only when ' +
              'every term does it). Put the id in a term of its own',
          );
        }
      });
    },
  },
  {
    code: 'SelectorIdMalformed',
    appliesTo: 'EC2NodeClass',
    summary: 'a subnet, security group or AMI id that the (unanchored) CRD pattern accepts but AWS does not',
    check: ({ spec }, r) => {
      for (const [field, noun, patterns] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        terms.forEach((t, i) => {
          if (isPlainObject(t) && !r.isUnresolved(t.id) && malformedId(t.id, patterns)) {
            r.warn(
              `spec.${field}[${i}].id`,
              `${show(t.id)} is not a ${noun.slice(0, -1)} id (${patterns.aws.source}); ` +
                `the CRD's unanchored pattern lets it through, but no ${noun.slice(0, -1)} will match`,
            );
          }
        });
      }
      const amis = Array.isArray(spec.amiSelectorTerms) ? spec.amiSelectorTerms : [];
      amis.forEach((t, i) => {
        if (isPlainObject(t) && !r.isUnresolved(t.id) && malformedId(t.id, SELECTOR_ID_PATTERNS.amiSelectorTerms)) {
          r.warn(
            `spec.amiSelectorTerms[${i}].id`,
            `${show(t.id)} is not an AMI id (${SELECTOR_ID_PATTERNS.amiSelectorTerms.aws.source}); ` +
              "the CRD's unanchored pattern lets it through, but no AMI will match",
          );
        }
      });
    },
  },
  {
    code: 'ImdsTokensOptional',
    appliesTo: 'EC2NodeClass',
    summary: 'metadataOptions.httpTokens "optional" allows IMDSv1',
    check: ({ spec }, r) => {
      const mo = isPlainObject(spec.metadataOptions) ? spec.metadataOptions : {};
      if (mo.httpTokens === 'optional') {
        const problem = '"optional" lets pods use IMDSv1 and read the node role\'s credentials without a session token; ';
        r.warn('spec.metadataOptions.httpTokens', {
          typescript: `${problem}use HttpTokens.REQUIRED unless a workload really needs IMDSv1`,
          yaml: `${problem}use httpTokens: required unless a workload really needs IMDSv1`,
        });
      }
    },
  },
  {
    code: 'RoleIsArn',
    appliesTo: 'EC2NodeClass',
    summary: 'spec.role given as an ARN; it takes the role name',
    check: ({ spec }, r) => {
      if (isString(spec.role) && !r.isUnresolved(spec.role) && spec.role.startsWith('arn:')) {
        r.warn('spec.role', `takes the IAM role name, got the ARN ${show(spec.role)}; pass the name (the part after "role/")`);
      }
    },
  },
  {
    code: 'UserDataFormatMismatch',
    appliesTo: 'EC2NodeClass',
    summary: 'spec.userData in a format its AMI family does not run (the controller accepts it; an error where it rejects it)',
    check: ({ spec }, r) => {
      const userData = spec.userData;
      if (!isString(userData) || r.isUnresolved(userData) || r.isUnresolved(spec.amiFamily) || r.isUnresolved(spec.amiSelectorTerms)) return;
      const problem = userDataProblem(nodeClassAmiFamily(spec), userData);
      if (problem && !problem.rejectedByController) r.warn('spec.userData', problem.message);
    },
  },
] as const satisfies readonly NodeClassRule[];

function report(c: IssueCollector, code: string): LintReport {
  return { warn: (field, message) => c.warn(field, code, message), isUnresolved: (v) => c.isUnresolved(v) };
}

/** Lint findings for a NodePool manifest (warnings); the catalog's are `lintNodePoolCatalog`'s (lib/core/sim). */
export function lintNodePool(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const facts = nodePoolFacts(manifest.spec, c);
  for (const rule of NODEPOOL_RULES) rule.check(facts, report(c, rule.code));
  return c.issues;
}

/** The requirements of a NodePool manifest whose key, operator and values are all known strings. */
export function nodePoolRequirements(manifest: unknown, ctx: ValidationContext = {}): readonly WrittenRequirement[] {
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return [];
  const t = manifest.spec.template;
  return parsedRequirements(isPlainObject(t) && isPlainObject(t.spec) ? t.spec : {}, new IssueCollector(ctx));
}

/** Lint findings for an EC2NodeClass manifest (warnings only). */
export function lintEc2NodeClass(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const facts: NodeClassFacts = { spec: manifest.spec, meta: isPlainObject(manifest.metadata) ? manifest.metadata : {} };
  for (const rule of NODECLASS_RULES) rule.check(facts, report(c, rule.code));
  return c.issues;
}

/** The values of `key` a NodePool's requirements and template labels admit, and where they are constrained. */
export interface AdmittedValues {
  readonly values: ReadonlySet<string>;
  /** Fields constraining the key (`spec.template.spec.requirements[1]`, template labels), in order. */
  readonly where: readonly string[];
}

/**
 * The values of `key` a NodePool admits, when its requirements or template labels constrain a key with
 * a known domain (`kubernetes.io/os`, `kubernetes.io/arch`, ...) or an In list; undefined when they do
 * not, or when no node can match (`RequirementsUnsatisfiable` reports that).
 */
export function admittedValues(manifest: unknown, key: string, ctx: ValidationContext = {}): AdmittedValues | undefined {
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return undefined;
  const s = nodePoolFacts(manifest.spec, new IssueCollector(ctx)).states.get(key);
  return s?.candidates && s.where.length > 0 ? { values: s.candidates, where: s.where } : undefined;
}

// ------------------------------------------------------------------ requirement analysis

/**
 * Arm64 families: `a1`, a generation digit followed by `g` (Graviton: c7g, m6gd, c6gn, im4gn,
 * x2gd), or an NVIDIA Grace superchip (p6e-gb200).
 */
export function isArm64Family(family: string): boolean {
  return family === 'a1' || /^[a-z]+[0-9]+g/.test(family) || /-gb[0-9]/.test(family);
}

/** The requirements whose key, operator and values are all known strings; the others are the schema's to report. */
function parsedRequirements(tspec: Json, c: IssueCollector): WrittenRequirement[] {
  const reqs = Array.isArray(tspec.requirements) && !c.isUnresolved(tspec.requirements) ? tspec.requirements : [];
  return reqs.flatMap((r, i): WrittenRequirement[] => {
    if (!isPlainObject(r) || !isString(r.key) || !isString(r.operator) || c.isUnresolved(r) || c.isUnresolved(r.key) || c.isUnresolved(r.values))
      return [];
    const values = Array.isArray(r.values) ? r.values : [];
    if (values.some((v) => !isString(v) || c.isUnresolved(v))) return [];
    const minValues = typeof r.minValues === 'number' && !c.isUnresolved(r.minValues) ? r.minValues : undefined;
    return [{ at: `spec.template.spec.requirements[${i}]`, key: r.key, operator: r.operator, values: values as string[], minValues }];
  });
}

/** Folds template labels and requirements into one state per key with the scheduler's algebra: the values a node may have. */
function nodePoolFacts(spec: Json, c: IssueCollector): NodePoolFacts {
  const template = isPlainObject(spec.template) ? spec.template : {};
  const tspec = isPlainObject(template.spec) ? template.spec : {};
  const labels = isPlainObject(template.metadata) && isPlainObject(template.metadata.labels) ? template.metadata.labels : {};
  const states = new Map<string, KeyState>();
  const state = (key: string): KeyState => {
    let s = states.get(key);
    if (!s) states.set(key, (s = { where: [], operators: new Set(), requirements: [], written: [] }));
    return s;
  };
  const add = (key: string, where: string, operator: string, requirement: SchedulingRequirement, values: readonly string[]) => {
    const s = state(key);
    s.where.push(where);
    s.operators.add(operator);
    s.requirements.push(requirement);
    if (operator === LABEL || operator === Operator.IN) pushAll(s.written, values);
  };

  for (const [key, value] of Object.entries(labels)) {
    if (!isString(value) || c.isUnresolved(key) || c.isUnresolved(value)) continue;
    add(key, child('spec.template.metadata.labels', key), LABEL, SchedulingRequirement.in(key, value), [value]);
  }
  const requirements = parsedRequirements(tspec, c);
  for (const { at, key, operator, values } of requirements) {
    // In without values is an API error already; it constrains nothing here.
    if (operator === Operator.IN && values.length === 0) state(key).where.push(at);
    else add(key, at, operator, SchedulingRequirement.of(key, operator, values), values);
  }

  for (const [key, s] of states) resolveKey(s, DOMAINS[key]);
  return { spec, tspec, requirements, states };
}

/** The intersection of `requirements`, undefined when there are none. */
function intersectAll(requirements: readonly SchedulingRequirement[]): SchedulingRequirement | undefined {
  return requirements.length === 0 ? undefined : requirements.reduce((a, b) => a.intersection(b));
}

/** Operators that require the label to be present (a template label does too). */
const PRESENT = new Set<string>([Operator.IN, Operator.EXISTS, Operator.GT, Operator.GTE, Operator.LT, Operator.LTE]);

/** Sets `unsatisfiable` or `candidates` of one key. */
function resolveKey(s: KeyState, domain: readonly string[] | undefined): void {
  const all = intersectAll(s.requirements);
  if (all === undefined) return;
  const present = [...s.operators].some((op) => op === LABEL || PRESENT.has(op));
  if (s.operators.has(Operator.DOES_NOT_EXIST) && present) {
    s.unsatisfiable = 'DoesNotExist conflicts with In, Exists, Gt or Lt (or a template label) on the same key';
    return;
  }
  // reduce, not Math.max(...): a pool may list 100,000 requirements (TooManyItems), beyond a spread's reach.
  const gte = s.requirements.reduce((m, r) => Math.max(m, r.gte ?? -Infinity), -Infinity);
  const lte = s.requirements.reduce((m, r) => Math.min(m, r.lte ?? Infinity), Infinity);
  if (gte > lte) {
    s.unsatisfiable = `no integer is greater than ${gte - 1} and less than ${lte + 1}`;
    return;
  }
  if (!all.complement) {
    if (!present) return; // DoesNotExist (with NotIn): nodes without the label
    if (all.size === 0) {
      const listed = intersectAll(s.requirements.filter((r) => !r.complement));
      s.unsatisfiable =
        listed !== undefined && listed.size === 0
          ? 'the In lists and template labels on it have no value in common'
          : 'every value it allows is excluded by NotIn or outside the Gt/Lt bounds';
      return;
    }
    s.candidates = new Set(s.written.filter((v) => all.has(v))); // in the order written
    return;
  }
  if (!domain) return;
  s.candidates = new Set(domain.filter((v) => all.has(v)));
  if (s.candidates.size === 0) {
    s.unsatisfiable = `NotIn excludes every value (${domain.join(', ')})`;
    s.candidates = undefined;
  }
}
