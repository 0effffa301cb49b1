// Instance types as the scheduler sees them under one EC2NodeClass (aws pkg/providers/instancetype/types.go
// computeRequirements; offering compatibility in .../compatibility/compatibility.go): requirements per type,
// capacity, allocatable and whether its offerings are usable with the class.
import { AmiFamily } from '../model/ami-family';
import { WellKnownLabel } from '../model/labels';
import { allocatableFor, capacityFor, isWindowsFamily, NodeResourceSettings } from './allocatable';
import { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { CatalogColumns, catalogColumns } from './catalog';
import { InstanceType, InstanceTypeCatalog, ResourceAmounts } from './simulation-types';
import { ownValue } from '../json';

/** Labels a type has only when it applies (GPU, accelerator, NVMe, ...): elsewhere `DoesNotExist`. */
const OPTIONAL_LABELS: readonly string[] = [
  WellKnownLabel.INSTANCE_CPU_MANUFACTURER,
  WellKnownLabel.INSTANCE_CPU_SUSTAINED_CLOCK_SPEED_MHZ,
  WellKnownLabel.INSTANCE_EBS_BANDWIDTH,
  WellKnownLabel.INSTANCE_NETWORK_BANDWIDTH,
  WellKnownLabel.INSTANCE_CATEGORY,
  WellKnownLabel.INSTANCE_CAPABILITY_FLEX,
  WellKnownLabel.INSTANCE_FAMILY,
  WellKnownLabel.INSTANCE_GENERATION,
  WellKnownLabel.INSTANCE_LOCAL_NVME,
  WellKnownLabel.INSTANCE_SIZE,
  WellKnownLabel.INSTANCE_GPU_NAME,
  WellKnownLabel.INSTANCE_GPU_MANUFACTURER,
  WellKnownLabel.INSTANCE_GPU_COUNT,
  WellKnownLabel.INSTANCE_GPU_MEMORY,
  WellKnownLabel.INSTANCE_ACCELERATOR_NAME,
  WellKnownLabel.INSTANCE_ACCELERATOR_MANUFACTURER,
  WellKnownLabel.INSTANCE_ACCELERATOR_COUNT,
  WellKnownLabel.CAPACITY_RESERVATION_ID,
  WellKnownLabel.CAPACITY_RESERVATION_TYPE,
  WellKnownLabel.CAPACITY_RESERVATION_INTERRUPTIBLE,
];

/** Windows builds per AMI family (amifamily/windows.go). */
const WINDOWS_BUILDS: Readonly<Record<string, string>> = {
  [AmiFamily.WINDOWS_2019]: '10.0.17763',
  [AmiFamily.WINDOWS_2022]: '10.0.20348',
  [AmiFamily.WINDOWS_2025]: '10.0.26100',
};

/** Capacity types offered when no capacity reservation is selected: spot support per type is not in the catalog. */
export const OFFERED_CAPACITY_TYPES = ['on-demand', 'spot'];
const TENANCIES = ['default', 'dedicated'];

// The part of a type's requirements no node class changes, built once per type: requirements are immutable,
// so each class's set shares them.
const baseRequirements = new WeakMap<InstanceType, SchedulingRequirements>();

function baseOf(it: InstanceType): SchedulingRequirements {
  let base = baseRequirements.get(it);
  if (base) return base;
  const labels = { ...it.labels };
  delete labels[WellKnownLabel.OS];
  base = SchedulingRequirements.fromLabels(labels);
  for (const k of OPTIONAL_LABELS) if (!(k in it.labels)) base.add(DOES_NOT_EXIST[k]);
  base.add(TENANCY, CAPACITY_TYPES);
  baseRequirements.set(it, base);
  return base;
}

const DOES_NOT_EXIST = Object.fromEntries(OPTIONAL_LABELS.map((k) => [k, SchedulingRequirement.of(k, 'DoesNotExist')]));
const TENANCY = SchedulingRequirement.in(WellKnownLabel.INSTANCE_TENANCY, ...TENANCIES);
const CAPACITY_TYPES = SchedulingRequirement.in(WellKnownLabel.CAPACITY_TYPE, ...OFFERED_CAPACITY_TYPES);
const LINUX_OS = SchedulingRequirement.in(WellKnownLabel.OS, 'linux');
const WINDOWS_OS = SchedulingRequirement.in(WellKnownLabel.OS, 'windows');
const NO_OS = SchedulingRequirement.of(WellKnownLabel.OS, 'In', []);
const NO_WINDOWS_BUILD = SchedulingRequirement.of(WellKnownLabel.WINDOWS_BUILD, 'DoesNotExist');
const WINDOWS_BUILD = Object.fromEntries(
  Object.entries(WINDOWS_BUILDS).map(([f, b]) => [f, SchedulingRequirement.in(WellKnownLabel.WINDOWS_BUILD, b)]),
);

const ZONE_REQUIREMENTS = new Map<string, SchedulingRequirement>();

/** What the AMI family and the zones add to a type's catalog labels. */
function extrasOf(it: InstanceType, amiFamily: string, zones?: readonly string[]): SchedulingRequirement[] {
  const extra = isWindowsFamily(amiFamily)
    ? // Windows AMIs are x86-64 only: an arm64 type has no OS to offer.
      [it.labels[WellKnownLabel.ARCH] === 'amd64' ? WINDOWS_OS : NO_OS, WINDOWS_BUILD[amiFamily]]
    : [LINUX_OS, NO_WINDOWS_BUILD];
  if (zones) {
    const id = zones.join('\u0000');
    let z = ZONE_REQUIREMENTS.get(id);
    if (!z) ZONE_REQUIREMENTS.set(id, (z = SchedulingRequirement.in(WellKnownLabel.ZONE, ...zones)));
    extra.push(z);
  }
  return extra;
}

/** The requirements an instance type brings under an AMI family, optionally in given zones. */
export function instanceTypeRequirements(it: InstanceType, amiFamily: string, zones?: readonly string[]): SchedulingRequirements {
  return SchedulingRequirements.layered(baseOf(it), ...extrasOf(it, amiFamily, zones));
}

/** `instanceTypeRequirements(...).find(key)` without building the set (topology asks every type about one key). */
export function instanceTypeRequirementOn(
  it: InstanceType,
  amiFamily: string,
  zones: readonly string[] | undefined,
  key: string,
): SchedulingRequirement | undefined {
  const extra = extrasOf(it, amiFamily, zones).find((r) => r.key === key);
  if (extra) return extra;
  const own = key === WellKnownLabel.OS ? undefined : ownValue(it.labels, key);
  const label = own === undefined ? undefined : SchedulingRequirement.in(key, own);
  const fixed = key === WellKnownLabel.INSTANCE_TENANCY ? TENANCY : key === WellKnownLabel.CAPACITY_TYPE ? CAPACITY_TYPES : undefined;
  if (fixed) return label ? label.intersection(fixed) : fixed;
  if (label) return label;
  return OPTIONAL.has(key) ? DOES_NOT_EXIST[key] : undefined;
}

/** One instance type under one node class. */
export interface ClassInstanceType {
  readonly type: InstanceType;
  readonly requirements: SchedulingRequirements;
  /** `requirements.find(key)`, without building `requirements` when they are not built yet. */
  requirementOn(key: string): SchedulingRequirement | undefined;
  readonly capacity: ResourceAmounts;
  readonly allocatable: ResourceAmounts;
  /** Some allocatable amount is negative: the type fits no pod. */
  readonly negative: boolean;
  /** Its offerings are usable with the class (a1 and AL2023 do not mix; connectionTracking needs Nitro). */
  readonly available: boolean;
  /** Why it is not available, for explanations. */
  readonly unavailableReason?: string;
}

/** What of a node class decides how instance types look under it. */
export interface NodeClassShape {
  readonly settings: NodeResourceSettings;
  readonly connectionTracking: boolean;
}

/** Every catalog type under one node class; per-type requirements and resources are computed on first use. */
export interface ClassView {
  /** Every type, in catalog order. */
  readonly types: readonly ClassInstanceType[];
  /** `types[i]`, without building the others. */
  type(i: number): ClassInstanceType;
  /** Per type, whether it meets `r` on every key both define (Intersects), from its labels alone. */
  compatibleMask(r: SchedulingRequirements): Uint8Array;
  /** The first type index `accept` takes among those `compatibleMask` would mark, testing no type after it; -1 if none. */
  findCompatible(r: SchedulingRequirements, accept: (i: number) => boolean): number;
}

const views = new WeakMap<InstanceTypeCatalog, Map<string, ClassView>>();

/** Every catalog type under a node class, cached per catalog and class shape. */
export function instanceTypesUnder(catalog: InstanceTypeCatalog, shape: NodeClassShape, zones?: readonly string[]): readonly ClassInstanceType[] {
  return classView(catalog, shape, zones).types;
}

/** The view of the catalog under a node class, cached per catalog and class shape. */
export function classView(catalog: InstanceTypeCatalog, shape: NodeClassShape, zones?: readonly string[]): ClassView {
  let byShape = views.get(catalog);
  if (!byShape) views.set(catalog, (byShape = new Map()));
  const key = JSON.stringify([shape, zones ?? null]);
  const hit = byShape.get(key);
  if (hit) return hit;
  const family = shape.settings.amiFamily;
  const windows = isWindowsFamily(family);
  const n = catalog.instanceTypes.length;
  // Each type under the class is built at its first question: a synth lint asks about the first few that match.
  const made: (ClassInstanceType | undefined)[] = new Array(n);
  const type = (i: number): ClassInstanceType => {
    let t = made[i];
    if (t) return t;
    const it = catalog.instanceTypes[i];
    let unavailableReason: string | undefined;
    if (family === AmiFamily.AL2023 && it.name.startsWith('a1.')) unavailableReason = 'a1 instance types do not run AL2023';
    else if (shape.connectionTracking && it.labels[WellKnownLabel.INSTANCE_HYPERVISOR] !== 'nitro') {
      unavailableReason = 'spec.connectionTracking needs a Nitro instance type';
    }
    return (made[i] = t = new LazyClassInstanceType(it, shape.settings, zones, unavailableReason));
  };
  let types: readonly ClassInstanceType[] | undefined;
  const label = labelReader(catalog);
  const cols = catalogColumns(catalog);
  const verdicts = (r: SchedulingRequirements) => keyTests(windows, family, zones, r)?.map((t) => typeVerdict(t, cols, label, windows));
  const view: ClassView = {
    get types() {
      return (types ??= Array.from({ length: n }, (_, i) => type(i)));
    },
    type,
    compatibleMask: (r) => compatibleMask(n, verdicts(r)),
    findCompatible: (r, accept) => findCompatible(n, verdicts(r), accept),
  };
  byShape.set(key, view);
  return view;
}

/**
 * A type under a class, its requirements and resources computed on first use. A class with prototype
 * getters: the view builds one per catalog type, and object literals with accessors cost far more.
 */
class LazyClassInstanceType implements ClassInstanceType {
  public readonly available: boolean;
  private requirementsValue?: SchedulingRequirements;
  private capacityValue?: ResourceAmounts;
  private allocatableValue?: ResourceAmounts;
  private negativeValue?: boolean;

  constructor(
    public readonly type: InstanceType,
    private readonly settings: NodeResourceSettings,
    private readonly zones: readonly string[] | undefined,
    public readonly unavailableReason: string | undefined,
  ) {
    this.available = unavailableReason === undefined;
  }

  get requirements(): SchedulingRequirements {
    return (this.requirementsValue ??= instanceTypeRequirements(this.type, this.settings.amiFamily, this.zones));
  }

  requirementOn(key: string): SchedulingRequirement | undefined {
    if (this.requirementsValue) return this.requirementsValue.find(key);
    return instanceTypeRequirementOn(this.type, this.settings.amiFamily, this.zones, key);
  }

  get capacity(): ResourceAmounts {
    return (this.capacityValue ??= capacityFor(this.type, this.settings));
  }

  get allocatable(): ResourceAmounts {
    return (this.allocatableValue ??= allocatableFor(this.type, this.settings));
  }

  get negative(): boolean {
    return (this.negativeValue ??= Object.values(this.allocatable).some((v) => v < 0));
  }

  /** The fields of `ClassInstanceType`, as a plain object would serialize. */
  toJSON(): Omit<ClassInstanceType, 'requirements' | 'requirementOn'> {
    const { type, capacity, allocatable, negative, available, unavailableReason } = this;
    return { type, capacity, allocatable, negative, available, unavailableReason };
  }
}

const OPTIONAL = new Set(OPTIONAL_LABELS);

/** Reads type i's label: from the bundled catalog's columns when it is that one (no type is built), else from the type. */
function labelReader(catalog: InstanceTypeCatalog): (i: number, key: string) => string | undefined {
  const cols = catalogColumns(catalog);
  if (!cols) return (i, key) => ownValue(catalog.instanceTypes[i].labels, key);
  return (i, key) => {
    if (key === WellKnownLabel.INSTANCE_TYPE) return cols.names[i];
    const col = cols.column(key);
    if (!col) return undefined;
    const j = col.index[i];
    return j < 0 ? undefined : col.values[j];
  };
}

/** One requirement as a per-type test on labels; `seen` caches its verdict per distinct label value. */
interface KeyTest {
  readonly req: SchedulingRequirement;
  readonly key: string;
  readonly isOs: boolean;
  /** The verdict for a type without the label: DoesNotExist on an optional label (or the OS an arm64 type lacks under Windows). */
  readonly absent: boolean;
  readonly seen: Map<string, boolean>;
}

/**
 * `instanceTypeRequirements(it, family, zones).intersectsQuickly(r)` as per-key tests on the labels, without
 * building the sets; undefined when no type can match (a capacity type, tenancy, build or zone none offers).
 */
function keyTests(windows: boolean, family: string, zones: readonly string[] | undefined, r: SchedulingRequirements): KeyTest[] | undefined {
  const tests: KeyTest[] = [];
  for (const req of r.values()) {
    const neg = req.operator === 'NotIn' || req.operator === 'DoesNotExist';
    const key = req.key;
    // Keys a type holds with more than one value, or that depend on the class.
    let fixed: boolean | undefined;
    if (key === WellKnownLabel.CAPACITY_TYPE) fixed = OFFERED_CAPACITY_TYPES.some((c) => req.has(c));
    else if (key === WellKnownLabel.INSTANCE_TENANCY) fixed = TENANCIES.some((t) => req.has(t));
    else if (key === WellKnownLabel.WINDOWS_BUILD) fixed = windows ? req.has(WINDOWS_BUILDS[family]) : neg;
    else if (key === WellKnownLabel.ZONE) fixed = zones ? zones.some((z) => req.has(z)) : true;
    if (fixed === false) return undefined;
    if (fixed) continue;
    const isOs = key === WellKnownLabel.OS;
    tests.push({ req, key, isOs, absent: isOs || OPTIONAL.has(key) ? neg : true, seen: new Map() });
  }
  return tests;
}

/** Whether type i passes one key test; each distinct label value is tested once. */
function passes(t: KeyTest, i: number, label: (i: number, key: string) => string | undefined, windows: boolean): boolean {
  const v = t.isOs ? (windows ? (label(i, WellKnownLabel.ARCH) === 'amd64' ? 'windows' : undefined) : 'linux') : label(i, t.key);
  if (v === undefined) return t.absent;
  let hit = t.seen.get(v);
  if (hit === undefined) t.seen.set(v, (hit = t.req.has(v)));
  return hit;
}

/**
 * `passes` of one key test as a function of the type index. On the bundled catalog's columns each distinct value
 * is tested once by its index in the column, which spares a synth lint's scan a lookup by string per type and key.
 */
function typeVerdict(
  t: KeyTest,
  cols: CatalogColumns | undefined,
  label: (i: number, key: string) => string | undefined,
  windows: boolean,
): (i: number) => boolean {
  if (!cols || t.isOs || t.key === WellKnownLabel.INSTANCE_TYPE) return (i) => passes(t, i, label, windows);
  const col = cols.column(t.key);
  if (!col) return () => t.absent;
  // -1: not tested yet; 0 or 1: the value's verdict.
  const verdict = new Int8Array(col.values.length).fill(-1);
  return (i) => {
    const j = col.index[i];
    if (j < 0) return t.absent;
    if (verdict[j] < 0) verdict[j] = t.req.has(col.values[j]) ? 1 : 0;
    return verdict[j] === 1;
  };
}

/** Every type's verdict: one key at a time over the types still in. */
function compatibleMask(n: number, tests: ((i: number) => boolean)[] | undefined): Uint8Array {
  const mask = new Uint8Array(n);
  if (!tests) return mask;
  mask.fill(1);
  for (const passes of tests) for (let i = 0; i < n; i++) if (mask[i] === 1 && !passes(i)) mask[i] = 0;
  return mask;
}

/** Whether type i passes every key test. */
function passesAll(tests: readonly ((i: number) => boolean)[], i: number): boolean {
  for (const passes of tests) if (!passes(i)) return false;
  return true;
}

/** The first type that passes every key test and `accept`: one type at a time, testing none after it. */
function findCompatible(n: number, tests: ((i: number) => boolean)[] | undefined, accept: (i: number) => boolean): number {
  if (!tests) return -1;
  for (let i = 0; i < n; i++) if (passesAll(tests, i) && accept(i)) return i;
  return -1;
}

/** Whether requirements leave an offering (capacity type and zone) to launch in. */
export function offeringAllowed(r: SchedulingRequirements, zones?: readonly string[]): boolean {
  const ct = r.find(WellKnownLabel.CAPACITY_TYPE);
  if (ct && !OFFERED_CAPACITY_TYPES.some((c) => ct.has(c))) return false;
  const zone = r.find(WellKnownLabel.ZONE);
  if (!zone) return true;
  return zones ? zones.some((z) => zone.has(z)) : zone.complement || zone.size > 0;
}
