// The facts the NodePool lints read, computed once for all of them: the written requirements and template labels,
// folded per key with the scheduler's algebra into the values a node may have, or why no node can match.
import { child, IssueCollector, ValidationContext } from '../issues';
import { KARPENTER_KNOWN_VALUES, WellKnownLabel } from '../model/labels';
import { isPlainObject, isString, lookupTable, pushAll } from '../json';
import { Operator, WrittenRequirement } from '../model/requirement-builder';
import { SchedulingRequirement } from '../scheduling/requirements';

/** The operator KeyState records for a template label, which requires its one value. */
const LABEL = 'label';

type Json = Record<string, unknown>;

/** What the requirements and template labels on one key say, folded with the scheduler's algebra. */
export interface KeyState {
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
export interface NodePoolFacts {
  readonly spec: Json;
  /** `spec.template.spec`, or {} when it is not an object. */
  readonly tspec: Json;
  readonly requirements: readonly WrittenRequirement[];
  readonly states: ReadonlyMap<string, KeyState>;
}

/** The values of each key with a known domain. */
export const KNOWN_DOMAINS: { readonly [key: string]: readonly string[] } = lookupTable({
  [WellKnownLabel.ARCH]: ['amd64', 'arm64'],
  [WellKnownLabel.OS]: ['linux', 'windows'],
  ...KARPENTER_KNOWN_VALUES,
});

// Within `factsOnce`, one pool's checks (the lints, the node-class check, the catalog lints) fold its spec once: they
// only read it, with one context. Outside, each call folds it again, as the caller may have changed it in between.
let remembered: WeakMap<object, NodePoolFacts> | undefined;

/** `check()`, with the facts of each spec folded once for all the checks it runs (which must not change the spec). */
export function factsOnce<T>(check: () => T): T {
  const outer = remembered;
  remembered = new WeakMap();
  try {
    return check();
  } finally {
    remembered = outer;
  }
}

/** The requirements of a NodePool manifest whose key, operator and values are all known strings. */
export function nodePoolRequirements(manifest: unknown, ctx: ValidationContext = {}): readonly WrittenRequirement[] {
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return [];
  const known = remembered?.get(manifest.spec);
  if (known) return known.requirements;
  const t = manifest.spec.template;
  return parsedRequirements(isPlainObject(t) && isPlainObject(t.spec) ? t.spec : {}, new IssueCollector(ctx));
}

/** The values of `key` a NodePool's requirements and template labels admit, and where they are constrained. */
export interface AdmittedValues {
  readonly values: ReadonlySet<string>;
  /** Fields constraining the key (`spec.template.spec.requirements[1]`, template labels), in order. */
  readonly where: readonly string[];
}

/**
 * The values of a key a NodePool admits, when its requirements or template labels constrain a key with
 * a known domain (`kubernetes.io/os`, `kubernetes.io/arch`, ...) or an In list; undefined when they do
 * not, or when no node can match (`RequirementsUnsatisfiable` reports that). The pool is folded once, on
 * the first key asked, for every key asked after it.
 */
export function admittedValues(manifest: unknown, ctx: ValidationContext = {}): (key: string) => AdmittedValues | undefined {
  if (!isPlainObject(manifest) || !isPlainObject(manifest.spec)) return () => undefined;
  const spec = manifest.spec;
  let states: ReadonlyMap<string, KeyState> | undefined;
  return (key) => {
    const s = (states ??= nodePoolFacts(spec, new IssueCollector(ctx)).states).get(key);
    return s?.candidates && s.where.length > 0 ? { values: s.candidates, where: s.where } : undefined;
  };
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
export function nodePoolFacts(spec: Json, c: IssueCollector): NodePoolFacts {
  const known = remembered?.get(spec);
  if (known) return known;
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

  for (const [key, s] of states) resolveKey(s, KNOWN_DOMAINS[key]);
  const facts = { spec, tspec, requirements, states };
  remembered?.set(spec, facts);
  return facts;
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
