// What one NodePool can launch with its EC2NodeClass on an empty cluster: the scheduler's empty-pod
// pre-filter (scheduler.go:156-171), then the pool's limits (filterByRemainingResources). When nothing is
// left, which requirement emptied the set.
import { loadInstanceTypeCatalog } from './catalog';
import { buildTemplate, fitsLimits, Template, templateRequirements, withinLimits } from './nodeclaim-template';
import { NodeClassInput, NodePoolInput, readNodeClass, readNodePool } from './inputs';
import type { WrittenRequirement } from '../model/requirement-builder';
import { ClassInstanceType, classView, offeringAllowed } from './instance-types';
import { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { AdmissionOptions, InstanceType } from './simulation-types';
import { LIMIT_ERRORS } from './limit-reasons';
import { offeredZones } from './subnet-zones';
import { ownValue } from '../json';

/** The step after which no instance type was left. */
export interface EmptiedBy {
  /** Path in the NodePool (`spec.template.spec.requirements[2]`), or of what else removed the last types. */
  readonly field: string;
  /** What it is, e.g. `karpenter.k8s.aws/instance-family In [m5.large]`. */
  readonly what: string;
  /** How many types were left just before it. */
  readonly before: number;
}

/** Admission with its explanation. */
export interface Admission {
  readonly instanceTypes: readonly InstanceType[];
  /** Why nothing is admitted (Karpenter's words), when nothing is. */
  readonly reason?: string;
  /** The requirement (or limit, or node-class rule) that emptied the set. */
  readonly emptiedBy?: EmptiedBy;
  /** Problems reading the inputs (malformed fields); admission then says nothing is admitted. */
  readonly problems: readonly string[];
}

/** The instance types a NodePool can launch with its EC2NodeClass on an empty cluster, after limits. Never throws on input. */
export function admittedInstanceTypes(nodePool: unknown, nodeClass: unknown, options: AdmissionOptions = {}): readonly InstanceType[] {
  return explainAdmission(nodePool, nodeClass, options).instanceTypes;
}

/**
 * Whether the pool admits at least one instance type, stopping at the first: what a synth lint needs when
 * the answer is yes, without computing every type's resources. Undefined when the inputs cannot be read.
 */
export function admitsAnyInstanceType(nodePool: unknown, nodeClass: unknown, options: AdmissionOptions = {}): boolean | undefined {
  return new AdmissionReading(nodePool, nodeClass, options).admitsAny();
}

/** `admittedInstanceTypes` with the reason and the requirement that emptied the set, for lints and the CLI. */
export function explainAdmission(nodePool: unknown, nodeClass: unknown, options: AdmissionOptions = {}): Admission {
  return new AdmissionReading(nodePool, nodeClass, options).explain();
}

/** A NodePool and its EC2NodeClass as `readNodePool` and `readNodeClass` read them, either one optional. */
export interface AdmissionRead {
  readonly pool?: NodePoolInput;
  readonly nodeClass?: NodeClassInput;
}

/**
 * One NodePool and its EC2NodeClass, read once for every check that asks what the pool admits (the catalog lints,
 * the budget): each is read on first use, and each answer is computed once.
 */
export class AdmissionReading {
  private readPool?: NodePoolInput;
  private readClass?: NodeClassInput;
  private any?: { readonly answer: boolean | undefined };
  private explained?: Admission;

  /** `read`: the pool and its class as the caller already read them (the simulation's reading), taken as they are. */
  constructor(
    private readonly nodePool: unknown,
    private readonly nodeClassManifest: unknown,
    private readonly options: AdmissionOptions = {},
    read: AdmissionRead = {},
  ) {
    this.readPool = read.pool;
    this.readClass = read.nodeClass;
  }

  /** The pool as the scheduler reads it. */
  public get pool(): NodePoolInput {
    return (this.readPool ??= readNodePool(this.nodePool, 0));
  }

  /** The node class as the scheduler reads it. */
  public get nodeClass(): NodeClassInput {
    return (this.readClass ??= readNodeClass(this.nodeClassManifest, 0));
  }

  /** The zones the pool launches into: the given ones, else its node class's status.subnets. */
  private get zones(): readonly string[] | undefined {
    return offeredZones(this.options.zones, this.nodeClass);
  }

  /** `admitsAnyInstanceType`. */
  public admitsAny(): boolean | undefined {
    if (this.explained) return this.explained.problems.length > 0 ? undefined : this.explained.instanceTypes.length > 0;
    return (this.any ??= { answer: this.quickAdmitsAny() }).answer;
  }

  /** `explainAdmission`. */
  public explain(): Admission {
    return (this.explained ??= this.explainOnce());
  }

  private quickAdmitsAny(): boolean | undefined {
    const { pool, nodeClass: nc } = this;
    if ([...pool.problems, ...nc.problems].some((p) => p.fatal)) return undefined;
    const r = templateRequirements(pool);
    if (r.values().some((x) => x.minValues !== undefined) || !offeringAllowed(r, this.zones)) return this.explain().instanceTypes.length > 0;
    const view = classView(this.options.catalog ?? loadInstanceTypeCatalog(), nc, this.zones);
    const limits = pool.limits.amounts;
    const admits = (it: ClassInstanceType) => it.available && !it.negative && (!limits || fitsLimits(it, limits));
    return view.findCompatible(r, (i) => admits(view.type(i))) >= 0;
  }

  private explainOnce(): Admission {
    const { pool, nodeClass: nc } = this;
    const fatal = [...pool.problems, ...nc.problems].filter((p) => p.fatal).map((p) => `${p.object} ${p.field}: ${p.message}`);
    if (fatal.length > 0) return { instanceTypes: [], reason: fatal[0], problems: fatal };
    const t = buildTemplate(pool, nc, this.options.catalog ?? loadInstanceTypeCatalog(), this.zones);
    const limits = pool.limits.amounts;
    const limited = t.filterError ? [] : limits ? withinLimits(t, t.options, limits) : t.options;
    if (limited.length > 0) return { instanceTypes: limited.map((i) => t.all[i].type), problems: [] };
    const reason = t.filterError ?? `${LIMIT_ERRORS.types} (NodePool=${pool.name})`;
    return { instanceTypes: [], reason, emptiedBy: emptiedBy(pool, t), problems: [] };
  }
}

/** A requirement as the user wrote it (`karpenter.k8s.aws/instance-cpu Gt 1024`), not in its internal form (`Exists >=1025`). */
export function writtenRequirement(w: WrittenRequirement): string {
  const values = w.operator === 'In' || w.operator === 'NotIn' ? ` [${w.values.join(' ')}]` : w.values.length > 0 ? ` ${w.values.join(' ')}` : '';
  return `${w.key} ${w.operator}${values}${w.minValues !== undefined ? ` minValues ${w.minValues}` : ''}`;
}

/** Replays the pre-filter one requirement at a time to name the one after which no type was left. */
export function emptiedBy(pool: NodePoolInput, t: Template): EmptiedBy | undefined {
  let alive = t.all.map((_, i) => i);
  const r = new SchedulingRequirements();
  const steps: { field: string; req: SchedulingRequirement; written: string }[] = pool.requirements.map((w) => ({
    field: w.at,
    req: SchedulingRequirement.of(w.key, w.operator, w.values, w.minValues),
    written: writtenRequirement(w),
  }));
  for (const [k, v] of Object.entries(pool.labels))
    steps.push({
      field: `spec.template.metadata.labels[${JSON.stringify(k)}]`,
      req: SchedulingRequirement.in(k, v),
      written: String(SchedulingRequirement.in(k, v)),
    });
  for (const step of steps) {
    r.add(step.req);
    const before = alive.length;
    const mask = t.view.compatibleMask(r);
    alive = alive.filter((i) => mask[i] === 1);
    if (alive.length === 0 || !offeringAllowed(r, t.zones)) return { field: step.field, what: step.written, before };
  }
  const before = alive.length;
  alive = alive.filter((i) => t.all[i].available && !t.all[i].negative);
  if (alive.length === 0) {
    const why = [...new Set(t.all.map((x) => x.unavailableReason).filter((x) => x !== undefined))].join('; ');
    return { field: 'spec.template.spec.nodeClassRef', what: `EC2NodeClass ${pool.nodeClassName}${why ? ` (${why})` : ''}`, before };
  }
  const minValues = pool.requirements.find((w) => w.minValues !== undefined);
  if (t.filterError && minValues) {
    return {
      field: minValues.at,
      what: writtenRequirement(minValues),
      before: alive.length,
    };
  }
  const limits = pool.limits.amounts;
  if (!t.filterError && limits) {
    const keys = Object.keys(limits);
    const key = keys.find((k) => alive.every((i) => (ownValue(t.all[i].capacity, k) ?? 0) > limits[k])) ?? keys[0];
    return { field: `spec.limits.${key}`, what: `limits.${key}`, before: alive.length };
  }

  return undefined;
}
