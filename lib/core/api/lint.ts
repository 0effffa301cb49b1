// Pure core: no cdktf or constructs imports.
// Findings the API server accepts but that are most likely mistakes. All are warnings, silenced
// by code through `ValidationContext.silence`. Inputs may be malformed: every access is defensive.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { KARPENTER_KNOWN_VALUES, WellKnownLabel } from './labels';
import { child, isPlainObject, show } from './schema';

/** Every lint code, with what it flags. */
export const LINT_CODES = {
  NodePoolWithoutLimits: 'a dynamic NodePool without spec.limits can scale without bound',
  RequirementsUnsatisfiable: 'requirements (and template labels) on one key that no node can satisfy',
  MinValuesUnsatisfiable: 'minValues larger than the number of values the other requirements leave',
  ArchFamilyMismatch: 'an architecture requirement that excludes every listed instance family or type',
  UnknownWellKnownValue: 'a value a well-known label never takes (e.g. arch "x86_64")',
  RequirementNoOp: 'NotIn with no values: matches everything',
  RequirementValuesIgnored: 'values on Exists or DoesNotExist, which ignore them',
  BudgetScheduleInvalid: 'a budget schedule the CRD pattern accepts but cron cannot parse',
  SelectorWithoutDiscovery: 'subnet or security group selectors with no id, no name and no discovery tag',
  SelectorTermIdCombined: "a selector term combining 'id' with other fields (the CRD rejects it only when every term does)",
  SelectorIdMalformed: 'a subnet, security group or AMI id that the (unanchored) CRD pattern accepts but AWS does not',
  ImdsTokensOptional: 'metadataOptions.httpTokens "optional" allows IMDSv1',
  RoleIsArn: 'spec.role given as an ARN; it takes the role name',
  Ec2NodeClassNameTooLong: 'an EC2NodeClass name longer than 63 characters (it becomes a node label value)',
} as const satisfies { readonly [code: string]: string };

/** A lint code: a warning that `ValidationContext.silence` (and `silenceWarnings`) can silence. */
export type LintCode = keyof typeof LINT_CODES;

const DOMAINS: { readonly [key: string]: readonly string[] } = {
  [WellKnownLabel.ARCH]: ['amd64', 'arm64'],
  [WellKnownLabel.OS]: ['linux', 'windows'],
  ...KARPENTER_KNOWN_VALUES,
};

/**
 * Arm64 families: `a1`, a generation digit followed by `g` (Graviton: c7g, m6gd, c6gn, im4gn,
 * x2gd), or an NVIDIA Grace superchip (p6e-gb200).
 */
export function isArm64Family(family: string): boolean {
  return family === 'a1' || /^[a-z]+[0-9]+g/.test(family) || /-gb[0-9]/.test(family);
}

interface KeyState {
  inSet?: Set<string>;
  notIn: Set<string>;
  lower?: number; // values must be > lower
  upper?: number; // values must be < upper
  exists: boolean;
  doesNotExist: boolean;
  where: string[];
}

function str(v: unknown): v is string {
  return typeof v === 'string';
}

/** Lint findings for a NodePool manifest (warnings only). */
export function lintNodePool(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const spec = manifest.spec;
  const template = isPlainObject(spec.template) ? spec.template : {};
  const tspec = isPlainObject(template.spec) ? template.spec : {};
  const labels = isPlainObject(template.metadata) && isPlainObject(template.metadata.labels) ? template.metadata.labels : {};

  const limits = spec.limits;
  if (spec.replicas === undefined && !c.isUnresolved(limits) && (!isPlainObject(limits) || Object.keys(limits).length === 0)) {
    c.warn(
      'spec.limits',
      'NodePoolWithoutLimits',
      'is not set, so this NodePool can launch nodes without bound (a bad deployment or a pod spike scales the bill with it); set limits such as { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(1000) }',
    );
  }

  const states = new Map<string, KeyState>();
  const state = (key: string): KeyState => {
    let s = states.get(key);
    if (!s) states.set(key, (s = { notIn: new Set(), exists: false, doesNotExist: false, where: [] }));
    return s;
  };
  const reqs = Array.isArray(tspec.requirements) && !c.isUnresolved(tspec.requirements) ? tspec.requirements : [];
  const minValues: { key: string; n: number; path: string }[] = [];
  const base = 'spec.template.spec.requirements';

  for (const [key, value] of Object.entries(labels)) {
    if (!str(value) || c.isUnresolved(key) || c.isUnresolved(value)) continue;
    const s = state(key);
    s.inSet = s.inSet ? new Set([...s.inSet].filter((v) => v === value)) : new Set([value]);
    s.exists = true;
    s.where.push(child('spec.template.metadata.labels', key));
  }

  reqs.forEach((r, i) => {
    if (!isPlainObject(r) || !str(r.key) || !str(r.operator) || c.isUnresolved(r) || c.isUnresolved(r.key) || c.isUnresolved(r.values)) return;
    const values = Array.isArray(r.values) ? r.values : [];
    if (values.some((v) => !str(v) || c.isUnresolved(v))) return;
    const vals = values as string[];
    const at = `${base}[${i}]`;
    const s = state(r.key);
    s.where.push(at);
    const num = vals.length === 1 && /^[0-9]+$/.test(vals[0]) ? Number(vals[0]) : undefined;
    switch (r.operator) {
      case 'In':
        if (vals.length === 0) return; // an API error already
        s.inSet = s.inSet ? new Set([...s.inSet].filter((v) => vals.includes(v))) : new Set(vals);
        s.exists = true;
        break;
      case 'NotIn':
        if (vals.length === 0)
          c.warn(
            `${at}.values`,
            'RequirementNoOp',
            `NotIn with no values excludes nothing for key ${show(r.key)}; list the values to exclude or remove the requirement`,
          );
        vals.forEach((v) => s.notIn.add(v));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (vals.length > 0)
          c.warn(`${at}.values`, 'RequirementValuesIgnored', `${r.operator} ignores values, got ${show(vals)}; remove them, or use In/NotIn`);
        if (r.operator === 'Exists') s.exists = true;
        else s.doesNotExist = true;
        break;
      case 'Gt':
      case 'Gte':
        if (num !== undefined) s.lower = Math.max(s.lower ?? -Infinity, r.operator === 'Gt' ? num : num - 1);
        s.exists = true;
        break;
      case 'Lt':
      case 'Lte':
        if (num !== undefined) s.upper = Math.min(s.upper ?? Infinity, r.operator === 'Lt' ? num : num + 1);
        s.exists = true;
        break;
    }
    const domain = DOMAINS[r.key];
    // An In list with no known value of a KARPENTER_KNOWN_VALUES key is a validation error already.
    const rejected = r.operator === 'In' && KARPENTER_KNOWN_VALUES[r.key] !== undefined && !vals.some((x) => domain.includes(x));
    if (domain && (r.operator === 'In' || r.operator === 'NotIn') && !rejected) {
      vals.forEach((v, j) => {
        if (!domain.includes(v)) {
          c.warn(`${at}.values[${j}]`, 'UnknownWellKnownValue', `${show(v)} is never a value of ${r.key}; use one of ${domain.join(', ')}`);
        }
      });
    }
    // An In list shorter than its own minValues is a CRD error already.
    const ownShortfall = r.operator === 'In' && typeof r.minValues === 'number' && vals.length < r.minValues;
    if (typeof r.minValues === 'number' && !c.isUnresolved(r.minValues) && !ownShortfall)
      minValues.push({ key: r.key, n: r.minValues, path: `${at}.minValues` });
  });

  const candidates = new Map<string, Set<string> | undefined>();
  for (const [key, s] of states) {
    const where = s.where.join(', ');
    const fail = (why: string) =>
      c.warn(
        s.where[s.where.length - 1],
        'RequirementsUnsatisfiable',
        `no node can match key ${show(key)}: ${why} (from ${where}); this NodePool will never launch a node`,
      );
    if (s.doesNotExist && s.exists) {
      fail('DoesNotExist conflicts with In, Exists, Gt or Lt (or a template label) on the same key');
      continue;
    }
    if (s.lower !== undefined && s.upper !== undefined && s.upper - s.lower <= 1) {
      fail(`no integer is greater than ${s.lower} and less than ${s.upper}`);
      continue;
    }
    const domain = DOMAINS[key];
    let cand: Set<string> | undefined = s.inSet ?? (domain ? new Set(domain) : undefined);
    if (cand) {
      if (s.inSet && s.inSet.size === 0) {
        fail('the In lists and template labels on it have no value in common');
        continue;
      }
      cand = new Set([...cand].filter((v) => !s.notIn.has(v)));
      if (s.lower !== undefined || s.upper !== undefined) {
        cand = new Set([...cand].filter((v) => /^[0-9]+$/.test(v) && Number(v) > (s.lower ?? -Infinity) && Number(v) < (s.upper ?? Infinity)));
      }
      if (cand.size === 0 && (s.inSet || !s.doesNotExist)) {
        fail(
          s.inSet ? 'every value it allows is excluded by NotIn or outside the Gt/Lt bounds' : `NotIn excludes every value (${domain!.join(', ')})`,
        );
        continue;
      }
    }
    candidates.set(key, cand);
  }

  for (const m of minValues) {
    const cand = candidates.get(m.key);
    if (cand && cand.size < m.n) {
      c.warn(
        m.path,
        'MinValuesUnsatisfiable',
        `minValues ${m.n} for key ${show(m.key)} can never be met: the requirements leave only ${cand.size} value${cand.size === 1 ? '' : 's'} (${[...cand].join(', ') || 'none'}); lower minValues or widen the requirements`,
      );
    }
  }

  const arch = candidates.get(WellKnownLabel.ARCH);
  if (arch && arch.size === 1) {
    const wantArm = arch.has('arm64');
    const fam = candidates.get(WellKnownLabel.INSTANCE_FAMILY);
    const types = candidates.get(WellKnownLabel.INSTANCE_TYPE);
    const check = (items: Set<string> | undefined, key: string, family: (x: string) => string) => {
      if (!items || items.size === 0) return;
      if ([...items].every((x) => isArm64Family(family(x)) !== wantArm)) {
        const s = states.get(key)!;
        c.warn(
          s.where[s.where.length - 1],
          'ArchFamilyMismatch',
          `kubernetes.io/arch allows only ${[...arch][0]}, but every ${key === WellKnownLabel.INSTANCE_FAMILY ? 'instance family' : 'instance type'} allowed (${[...items].join(', ')}) is ${wantArm ? 'x86-64 (amd64)' : 'Graviton (arm64)'}; this NodePool will never launch a node. ${wantArm ? 'Add Graviton families such as c7g, m7g, r7g' : 'Add x86 families such as c7i, m7i, r7i'}, or change the architecture`,
        );
      }
    };
    check(fam, WellKnownLabel.INSTANCE_FAMILY, (x) => x);
    check(types, WellKnownLabel.INSTANCE_TYPE, (x) => x.split('.')[0]);
  }

  const disruption = isPlainObject(spec.disruption) ? spec.disruption : {};
  const budgets = Array.isArray(disruption.budgets) ? disruption.budgets : [];
  budgets.forEach((b, i) => {
    if (!isPlainObject(b) || !str(b.schedule) || c.isUnresolved(b.schedule)) return;
    const problem = cronProblem(b.schedule);
    if (problem) {
      c.warn(
        `spec.disruption.budgets[${i}].schedule`,
        'BudgetScheduleInvalid',
        `${show(b.schedule)} passes the CRD pattern but is not a valid cron schedule: ${problem}; Karpenter fails closed on it (0 nodes), so it blocks every disruption the budget covers, at all times. Use five fields "minute hour day-of-month month day-of-week" (e.g. "0 9 * * mon-fri") or @daily, @weekly, ...`,
      );
    }
  });

  return c.issues;
}

const CRON_MACROS = ['@annually', '@yearly', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const CRON_FIELDS: { name: string; min: number; max: number; names?: string[] }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of week', min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

/** What is wrong with a cron schedule (robfig/cron `ParseStandard` semantics), or undefined. */
export function cronProblem(schedule: string): string | undefined {
  const s = schedule.trim();
  if (s.startsWith('@')) return CRON_MACROS.includes(s) ? undefined : `unknown macro ${show(s)}`;
  const fields = s.split(/[\t\n\f\r ]+/);
  if (fields.length !== 5) return `expected 5 fields, got ${fields.length}`;
  for (let i = 0; i < 5; i++) {
    const f = CRON_FIELDS[i];
    for (const part of fields[i].split(',')) {
      const m = /^(\*|\?|([0-9A-Za-z]+)(-([0-9A-Za-z]+))?)(\/([0-9]+))?$/.exec(part);
      if (!m) return `${f.name} field ${show(fields[i])} is malformed`;
      const bounds: number[] = [];
      for (const v of [m[2], m[4]]) {
        if (v === undefined) continue;
        const n = /^[0-9]+$/.test(v) ? Number(v) : (f.names?.indexOf(v.toLowerCase()) ?? -1);
        const value = f.names && !/^[0-9]+$/.test(v) ? n + (f.min === 1 ? 1 : 0) : n;
        if (n < 0 || value < f.min || value > f.max) return `${f.name} value ${show(v)} is outside ${f.min}-${f.max}`;
        bounds.push(value);
      }
      if (bounds.length === 2 && bounds[0] > bounds[1]) return `${f.name} range ${show(part)} starts after it ends`;
      if (m[6] !== undefined && Number(m[6]) === 0) return `${f.name} step must be positive`;
    }
  }
  return undefined;
}

/** Tags that name one cluster: the guides' discovery tag, and the one EKS puts on the cluster security group. */
const DISCOVERY_TAG_KEYS = ['karpenter.sh/discovery', 'aws:eks:cluster-name'];

/** Lint findings for an EC2NodeClass manifest (warnings only). */
export function lintEc2NodeClass(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const spec = manifest.spec;
  const meta = isPlainObject(manifest.metadata) ? manifest.metadata : {};
  if (str(meta.name) && !c.isUnresolved(meta.name) && meta.name.length > 63) {
    c.warn(
      'metadata.name',
      'Ec2NodeClassNameTooLong',
      `${show(meta.name)} is ${meta.name.length} characters; Karpenter labels nodes with karpenter.k8s.aws/ec2nodeclass=<name> and label values are at most 63 characters. Use a shorter name`,
    );
  }

  for (const [field, noun, idPattern] of [
    ['subnetSelectorTerms', 'subnets', /^subnet-[0-9a-z]+$/],
    ['securityGroupSelectorTerms', 'security groups', /^sg-[0-9a-z]+$/],
  ] as const) {
    const terms = spec[field];
    if (!Array.isArray(terms) || terms.length === 0 || c.isUnresolved(terms)) continue;
    const specific = terms.some((t) => {
      if (!isPlainObject(t) || c.isUnresolved(t)) return true;
      if (t.id !== undefined || t.name !== undefined || c.isUnresolved(t.tags)) return true;
      const tags = isPlainObject(t.tags) ? t.tags : {};
      return Object.entries(tags).some(
        ([k, v]) => c.isUnresolved(k) || ((DISCOVERY_TAG_KEYS.includes(k) || k.startsWith('kubernetes.io/cluster/')) && v !== '*'),
      );
    });
    if (!specific) {
      const helper = field === 'subnetSelectorTerms' ? 'SubnetSelectorTerm' : 'SecurityGroupSelectorTerm';
      c.warn(
        `spec.${field}`,
        'SelectorWithoutDiscovery',
        `selects ${noun} by tags alone, with no id, no name and no cluster discovery tag, so it may match ${noun} of other clusters or VPCs; select by id, or tag your ${noun} with karpenter.sh/discovery=<cluster name> and use ${helper}.discovery(clusterName)`,
      );
    }
    terms.forEach((t, i) => {
      if (!isPlainObject(t)) return;
      const others = field === 'subnetSelectorTerms' ? ['tags'] : ['tags', 'name'];
      if (t.id !== undefined && others.some((o) => t[o] !== undefined)) {
        c.warn(
          `spec.${field}[${i}]`,
          'SelectorTermIdCombined',
          `combines id with ${others.filter((o) => t[o] !== undefined).join(' and ')}; the CRD documents id as mutually exclusive (it rejects this only when every term does it). Put the id in a term of its own`,
        );
      }
      if (str(t.id) && !c.isUnresolved(t.id) && !idPattern.test(t.id)) {
        c.warn(
          `spec.${field}[${i}].id`,
          'SelectorIdMalformed',
          `${show(t.id)} is not a ${noun.slice(0, -1)} id (${idPattern.source}); the CRD's unanchored pattern lets it through, but no ${noun.slice(0, -1)} will match`,
        );
      }
    });
  }
  const amis = Array.isArray(spec.amiSelectorTerms) ? spec.amiSelectorTerms : [];
  amis.forEach((t, i) => {
    if (isPlainObject(t) && str(t.id) && !c.isUnresolved(t.id) && !/^ami-[0-9a-z]+$/.test(t.id)) {
      c.warn(
        `spec.amiSelectorTerms[${i}].id`,
        'SelectorIdMalformed',
        `${show(t.id)} is not an AMI id (^ami-[0-9a-z]+$); the CRD's unanchored pattern lets it through, but no AMI will match`,
      );
    }
  });
  const caps = Array.isArray(spec.capacityReservationSelectorTerms) ? spec.capacityReservationSelectorTerms : [];
  caps.forEach((t, i) => {
    if (isPlainObject(t) && t.id !== undefined && ['tags', 'ownerID', 'instanceMatchCriteria'].some((o) => t[o] !== undefined)) {
      c.warn(
        `spec.capacityReservationSelectorTerms[${i}]`,
        'SelectorTermIdCombined',
        'combines id with other fields; the CRD documents id as mutually exclusive (it rejects this only when every term does it). Put the id in a term of its own',
      );
    }
  });

  const mo = isPlainObject(spec.metadataOptions) ? spec.metadataOptions : {};
  if (mo.httpTokens === 'optional') {
    c.warn(
      'spec.metadataOptions.httpTokens',
      'ImdsTokensOptional',
      '"optional" lets pods use IMDSv1 and read the node role\'s credentials without a session token; use HttpTokens.REQUIRED unless a workload really needs IMDSv1',
    );
  }
  if (str(spec.role) && !c.isUnresolved(spec.role) && spec.role.startsWith('arn:')) {
    c.warn('spec.role', 'RoleIsArn', `takes the IAM role name, got the ARN ${show(spec.role)}; pass the name (the part after "role/")`);
  }
  return c.issues;
}
