// Karpenter's requirement algebra (kubernetes-sigs/karpenter v1.14.1 pkg/scheduling/requirement.go and
// requirements.go): a requirement is a set of label values (possibly a complement) with integer bounds,
// requirement sets intersect key by key, and `compatible` is the scheduler's test of a pod (or an
// instance type) against a NodeClaim template.
import { WellKnownLabel } from '../model/labels';
import { Operator } from '../model/requirement-builder';
import { lookupTable } from '../json';

/** The node's hostname label: one value per node, so it is the topology key of "one per node". */
export const HOSTNAME_LABEL = 'kubernetes.io/hostname';

/** Deprecated label keys Karpenter reads as their stable names (core pkg/apis/v1/labels.go NormalizedLabels). */
export const NORMALIZED_LABELS: Readonly<Record<string, string>> = lookupTable({
  'failure-domain.beta.kubernetes.io/zone': WellKnownLabel.ZONE,
  'failure-domain.beta.kubernetes.io/region': WellKnownLabel.REGION,
  'beta.kubernetes.io/arch': WellKnownLabel.ARCH,
  'beta.kubernetes.io/os': WellKnownLabel.OS,
  'beta.kubernetes.io/instance-type': WellKnownLabel.INSTANCE_TYPE,
});

/**
 * Labels the scheduler allows undefined on a NodeClaim template (core and AWS `WellKnownLabels`): every
 * well-known label but `karpenter.k8s.aws/ec2nodeclass`, in a fixed order so typo hints are deterministic.
 */
export const SCHEDULING_WELL_KNOWN_LABELS: readonly string[] = Object.values(WellKnownLabel).filter((k) => k !== WellKnownLabel.EC2NODECLASS);
const WELL_KNOWN = new Set(SCHEDULING_WELL_KNOWN_LABELS);

/** Go's `strconv.Atoi` on a value: an integer, or undefined. */
function atoi(v: string): number | undefined {
  return /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

function withinBounds(v: string, gte: number | undefined, lte: number | undefined): boolean {
  if (gte === undefined && lte === undefined) return true;
  const n = atoi(v);
  if (n === undefined) return false;
  return (gte === undefined || n >= gte) && (lte === undefined || n <= lte);
}

function maxOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}
function minOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** One label requirement as the scheduler holds it. Immutable. */
export class SchedulingRequirement {
  /**
   * A requirement from a manifest's key, operator and values. Values of Gt/Lt/Gte/Lte must be integers
   * (validation checks that first); a non-integer bound counts as 0, as Go's Atoi leaves it.
   */
  public static of(key: string, operator: string, values: readonly string[] = [], minValues?: number): SchedulingRequirement {
    key = Object.hasOwn(NORMALIZED_LABELS, key) ? NORMALIZED_LABELS[key] : key;
    const bound = atoi(values[0] ?? '') ?? 0;
    switch (operator) {
      case Operator.IN:
        return new SchedulingRequirement(key, false, new Set(values), undefined, undefined, minValues);
      case Operator.NOT_IN:
        return new SchedulingRequirement(key, true, new Set(values), undefined, undefined, minValues);
      case Operator.EXISTS:
        return new SchedulingRequirement(key, true, new Set(), undefined, undefined, minValues);
      case Operator.GT:
        if (bound >= Number.MAX_SAFE_INTEGER) return new SchedulingRequirement(key, false, new Set());
        return new SchedulingRequirement(key, true, new Set(), bound + 1, undefined, minValues);
      case Operator.LT:
        return new SchedulingRequirement(key, true, new Set(), undefined, bound - 1, minValues);
      case Operator.GTE:
        return new SchedulingRequirement(key, true, new Set(), bound, undefined, minValues);
      case Operator.LTE:
        return new SchedulingRequirement(key, true, new Set(), undefined, bound, minValues);
      default: // DoesNotExist (validation rejects unknown operators before)
        return new SchedulingRequirement(key, false, new Set(), undefined, undefined, minValues);
    }
  }

  /** `key In [values]`. */
  public static in(key: string, ...values: string[]): SchedulingRequirement {
    return SchedulingRequirement.of(key, Operator.IN, values);
  }

  private constructor(
    public readonly key: string,
    /** True when `values` are the excluded ones (NotIn, Exists, bounds). */
    public readonly complement: boolean,
    private readonly set: ReadonlySet<string>,
    /** Inclusive lower bound. */
    public readonly gte?: number,
    /** Inclusive upper bound. */
    public readonly lte?: number,
    public readonly minValues?: number,
  ) {}

  /** The listed values, sorted (the allowed ones, or the excluded ones of a complement). */
  public get values(): string[] {
    return [...this.set].sort();
  }

  /** The number of values allowed (a complement counts as unbounded). */
  public get size(): number {
    return this.complement ? Number.POSITIVE_INFINITY : this.set.size;
  }

  /** The operator the requirement reports: NotIn/Exists for complements, In/DoesNotExist otherwise. */
  public get operator(): Operator {
    if (this.complement) return this.set.size > 0 ? Operator.NOT_IN : Operator.EXISTS;
    return this.set.size > 0 ? Operator.IN : Operator.DOES_NOT_EXIST;
  }

  /** True when the requirement allows `value`. */
  public has(value: string): boolean {
    return (this.complement ? !this.set.has(value) : this.set.has(value)) && withinBounds(value, this.gte, this.lte);
  }

  /** The values both allow. */
  public intersection(other: SchedulingRequirement): SchedulingRequirement {
    const complement = this.complement && other.complement;
    let gte = maxOf(this.gte, other.gte);
    let lte = minOf(this.lte, other.lte);
    const minValues = maxOf(this.minValues, other.minValues);
    if (gte !== undefined && lte !== undefined && gte > lte)
      return new SchedulingRequirement(this.key, false, new Set(), undefined, undefined, minValues);
    let values: Set<string>;
    if (this.complement && other.complement) values = new Set([...this.set, ...other.set]);
    else if (this.complement) values = new Set([...other.set].filter((v) => !this.set.has(v)));
    else if (other.complement) values = new Set([...this.set].filter((v) => !other.set.has(v)));
    else values = new Set([...this.set].filter((v) => other.set.has(v)));
    for (const v of values) if (!withinBounds(v, gte, lte)) values.delete(v);
    if (!complement) gte = lte = undefined;
    return new SchedulingRequirement(this.key, complement, values, gte, lte, minValues);
  }

  /** True when some value satisfies both (without building the intersection). */
  public hasIntersection(other: SchedulingRequirement): boolean {
    const gte = maxOf(this.gte, other.gte);
    const lte = minOf(this.lte, other.lte);
    if (gte !== undefined && lte !== undefined && gte > lte) return false;
    if (this.complement && other.complement) return true;
    if (this.complement || other.complement) {
      const [excluding, concrete] = this.complement ? [this, other] : [other, this];
      for (const v of concrete.set) if (!excluding.set.has(v) && withinBounds(v, gte, lte)) return true;
      return false;
    }
    const [small, large] = this.set.size <= other.set.size ? [this.set, other.set] : [other.set, this.set];
    for (const v of small) if (large.has(v) && withinBounds(v, gte, lte)) return true;
    return false;
  }

  /** As Karpenter prints it: `key In [a b]`, `key Exists >=9`, more than five values elided. */
  public toString(): string {
    const op = this.operator;
    let s: string;
    if (op === Operator.EXISTS || op === Operator.DOES_NOT_EXIST) s = `${this.key} ${op}`;
    else {
      const vs = this.values;
      const shown = vs.length > 5 ? [...vs.slice(0, 5), `and ${vs.length - 5} others`] : vs;
      s = `${this.key} ${op} [${shown.join(' ')}]`;
    }
    if (this.gte !== undefined) s += ` >=${this.gte}`;
    if (this.lte !== undefined) s += ` <=${this.lte}`;
    if (this.minValues !== undefined) s += ` minValues ${this.minValues}`;
    return s;
  }
}

const LABEL_REQUIREMENTS = new Map<string, SchedulingRequirement>();

function negative(op: Operator): boolean {
  return op === Operator.NOT_IN || op === Operator.DOES_NOT_EXIST;
}

/** Requirements by key; adding a requirement on a key already present intersects the two. */
export class SchedulingRequirements {
  private readonly byKey = new Map<string, SchedulingRequirement>();
  /** Requirements shared with other sets, under this set's own (instance types share most of theirs). */
  private base?: SchedulingRequirements;
  private merged?: Map<string, SchedulingRequirement>;

  constructor(...requirements: SchedulingRequirement[]) {
    this.addAll(requirements);
  }

  /** `base` with `requirements` added, sharing `base` rather than copying it; `base` must not change afterwards. */
  public static layered(base: SchedulingRequirements, ...requirements: SchedulingRequirement[]): SchedulingRequirements {
    const r = new SchedulingRequirements();
    r.base = base.base ? base.copy() : base;
    return r.addAll(requirements);
  }

  /** `In [value]` per label; the requirements are shared between sets (they are immutable). */
  public static fromLabels(labels: Readonly<Record<string, string>>): SchedulingRequirements {
    const out = new SchedulingRequirements();
    for (const k in labels) {
      const id = `${k}\u0000${labels[k]}`;
      let r = LABEL_REQUIREMENTS.get(id);
      if (!r) {
        r = SchedulingRequirement.in(k, labels[k]);
        if (LABEL_REQUIREMENTS.size < 100_000) LABEL_REQUIREMENTS.set(id, r);
      }
      out.add(r);
    }
    return out;
  }

  private lookup(key: string): SchedulingRequirement | undefined {
    return this.byKey.get(key) ?? this.base?.byKey.get(key);
  }

  private map(): ReadonlyMap<string, SchedulingRequirement> {
    if (!this.base) return this.byKey;
    return (this.merged ??= new Map([...this.base.byKey, ...this.byKey]));
  }

  /** Intersects each requirement into the set (mutates). */
  public add(...requirements: SchedulingRequirement[]): this {
    return this.addAll(requirements);
  }

  /** `add` of a list of any length (a spread of 100,000 requirements would overflow the call stack). */
  public addAll(requirements: Iterable<SchedulingRequirement>): this {
    for (const r of requirements) {
      const existing = this.lookup(r.key);
      this.byKey.set(r.key, existing ? r.intersection(existing) : r);
    }
    this.merged = undefined;
    return this;
  }

  /** A copy with `other`'s requirements added. */
  public with(other: SchedulingRequirements): SchedulingRequirements {
    return new SchedulingRequirements().addAll(this.map().values()).addAll(other.map().values());
  }

  public copy(): SchedulingRequirements {
    return new SchedulingRequirements().addAll(this.map().values());
  }

  public has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  /** The requirement on `key`; `Exists` when the set has none. */
  public get(key: string): SchedulingRequirement {
    return this.lookup(key) ?? SchedulingRequirement.of(key, Operator.EXISTS);
  }

  /** The requirement on `key`, or undefined. */
  public find(key: string): SchedulingRequirement | undefined {
    return this.lookup(key);
  }

  public keys(): string[] {
    return [...this.map().keys()];
  }

  public values(): SchedulingRequirement[] {
    return [...this.map().values()];
  }

  public get size(): number {
    return this.map().size;
  }

  /**
   * Why `incoming` cannot be met by this set (`existing.Compatible(incoming)`), or undefined when it can.
   * Undefined labels of `incoming` fail unless well-known (with `allowUndefinedWellKnownLabels`) or NotIn/DoesNotExist.
   */
  public compatible(incoming: SchedulingRequirements, allowUndefinedWellKnownLabels = false): string | undefined {
    for (const [key, r] of incoming.map()) {
      if (allowUndefinedWellKnownLabels && WELL_KNOWN.has(key)) continue;
      if (this.has(key) || negative(r.operator)) continue;
      return `label ${JSON.stringify(key)} does not have known values${this.labelHint(key, allowUndefinedWellKnownLabels)}`;
    }
    return this.intersects(incoming);
  }

  /** Why keys both sets define have no common value, or undefined when every such key intersects. */
  public intersects(incoming: SchedulingRequirements): string | undefined {
    const mine = this.map();
    const theirs = incoming.map();
    const [small, large] = mine.size <= theirs.size ? [mine, theirs] : [theirs, mine];
    const errors: string[] = [];
    for (const key of small.keys()) {
      if (!large.has(key)) continue;
      const existing = mine.get(key)!;
      const inc = theirs.get(key)!;
      if (existing.hasIntersection(inc)) continue;
      if (negative(inc.operator) && negative(existing.operator)) continue;
      errors.push(`key ${key}, ${inc} not in ${existing}`);
    }
    return errors.length > 0 ? errors.join('; ') : undefined;
  }

  /** True when every key both define intersects (`intersects` without the message). */
  public intersectsQuickly(incoming: SchedulingRequirements): boolean {
    for (const [key, inc] of incoming.map()) {
      const existing = this.lookup(key);
      if (!existing || existing.hasIntersection(inc)) continue;
      if (negative(inc.operator) && negative(existing.operator)) continue;
      return false;
    }
    return true;
  }

  private labelHint(key: string, allowUndefinedWellKnownLabels: boolean): string {
    const suffix = key.includes('/') ? key.slice(key.indexOf('/') + 1) : key;
    const candidates = [...(allowUndefinedWellKnownLabels ? SCHEDULING_WELL_KNOWN_LABELS : []), ...this.map().keys()];
    const hit = candidates.find((k) => k.includes(key) || k.endsWith(suffix));
    return hit === undefined ? '' : ` (typo of ${JSON.stringify(hit)}?)`;
  }

  /** As Karpenter prints a set: each requirement, sorted, joined by `, `, restricted labels left out. */
  public toString(): string {
    return this.values()
      .filter((r) => !RESTRICTED_LABELS.has(r.key))
      .map(String)
      .sort()
      .join(', ');
  }
}

/** Labels left out of printed requirement sets (core labels.go RestrictedLabels). */
const RESTRICTED_LABELS = new Set([HOSTNAME_LABEL]);
