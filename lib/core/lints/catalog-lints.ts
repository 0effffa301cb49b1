// The NodePool lints that ask the instance-type catalog: values no type has, a pool that admits no type,
// types its EC2NodeClass's AMI family cannot run. Each code stands with its check; LINT_CODES (lint-codes.ts)
// lists them with the others, and they silence like them; `catalogChecks` turns them off or into errors.
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { isPlainObject, show } from '../json';
import { WellKnownLabel } from '../model/labels';
import type { WrittenRequirement } from '../model/requirement-builder';
import { nodePoolRequirements } from './nodepool-facts';
import type { Admission, AdmissionReading } from '../sim/admission';
import { CATALOG_VALUE_KEYS, CatalogChecks, isKnownCatalogValue, reportCatalogFinding, unknownCatalogValue } from './catalog-checks';

// The checks ask the simulator, which loads at the first check: the codes (LINT_CODES, silence lists) load no engine.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const admissionModule = (): typeof import('../sim/admission') => require('../sim/admission');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const allocatableModule = (): typeof import('../sim/allocatable') => require('../sim/allocatable');

type Json = Record<string, unknown>;

/** What the catalog lints read besides the NodePool. */
export interface CatalogLintOptions {
  /**
   * The NodePool's EC2NodeClass manifest, for the lints that need it (what the pool admits, AMI family).
   * @default - unknown (as with `Ec2NodeClass.fromName`): those lints are skipped
   */
  readonly nodeClass?: unknown;
  /**
   * How the lints report: `warn`, `error` (strict) or `off`.
   * @default 'warn'
   */
  readonly catalogChecks?: CatalogChecks;
}

/** The catalog lints' view of a NodePool: admission with its class, computed once for all of them. */
interface CatalogFacts {
  readonly manifest: Json;
  readonly requirements: readonly WrittenRequirement[];
  /** The EC2NodeClass manifest; undefined when only its name is known, or a field that matters is a token. */
  readonly nodeClass?: Json;
  /** False when a requirement or limit is a token, so what the pool admits is not known. */
  readonly resolved: boolean;
  /** The pool and its class as the scheduler reads them, with what they admit; read once, on first use. */
  readonly reading?: AdmissionReading;
}

interface Report {
  warn(field: string, message: string): void;
}

interface CatalogRule {
  readonly code: string;
  readonly appliesTo: 'NodePool';
  /** What the rule flags (its LINT_CODES entry). */
  readonly summary: string;
  check(f: CatalogFacts, r: Report): void;
}

const NODE_CLASS_REF = 'spec.template.spec.nodeClassRef';
const CATALOG_NOTE =
  " (checked against Karpenter 1.14.1's instance-type catalog; a newer type may be missing from it: silence the code, or set catalogChecks: 'off')";

/** Unknown values of one requirement reported one by one (each with its suggestion); the rest get one summary warning. */
export const MAX_LISTED_UNKNOWN_VALUES = 10;

/** Catalog-free findings that already say the pool can never launch a node: no catalog verdict repeats them. */
const NEVER_LAUNCHES = ['RequirementsUnsatisfiable', 'ArchFamilyMismatch', 'MinValuesUnsatisfiable'];

/** The EC2NodeClass fields that shape instance types; a token in any of them makes the class unknown. */
const NODE_CLASS_FIELDS = ['amiFamily', 'amiSelectorTerms', 'kubelet', 'blockDeviceMappings', 'instanceStorePolicy', 'connectionTracking'];

/** What the pool admits with its class, once per NodePool; undefined when that cannot be known. */
function admission(f: CatalogFacts): Admission | undefined {
  if (!f.resolved || !f.nodeClass) return undefined;
  const a = f.reading!.explain();
  return a.problems.length > 0 ? undefined : a;
}

/** True when the pool surely admits some type (the quick check); the full admission is then not needed. */
function admitsSome(f: CatalogFacts): boolean {
  if (!f.resolved || !f.nodeClass) return false;
  return f.reading!.admitsAny() === true;
}

export const CATALOG_RULES = [
  {
    code: 'UnknownCatalogValue',
    appliesTo: 'NodePool',
    summary: 'a requirement value no instance type of the catalog has (e.g. m5.large as an instance-family)',
    check: ({ requirements }, r) => {
      for (const q of requirements) {
        if (!CATALOG_VALUE_KEYS.includes(q.key) || (q.operator !== 'In' && q.operator !== 'NotIn')) continue;
        // A set lookup per value; the message (with its suggestion search) only for the first few.
        const unknown = q.values.flatMap((v, j) => (isKnownCatalogValue(q.key, v) ? [] : [j]));
        for (const j of unknown.slice(0, MAX_LISTED_UNKNOWN_VALUES))
          r.warn(`${q.at}.values[${j}]`, unknownCatalogValue(q.key, q.values[j])! + CATALOG_NOTE);
        const rest = unknown.slice(MAX_LISTED_UNKNOWN_VALUES);
        if (rest.length > 0) {
          const shown = rest.slice(0, 3).map((j) => `values[${j}] ${show(q.values[j])}`);
          r.warn(
            `${q.at}.values`,
            `${rest.length.toLocaleString('en')} more values (of ${q.values.length.toLocaleString('en')}) that no instance type of the ` +
              `catalog has under ${q.key} are not listed one by one, only the first ${MAX_LISTED_UNKNOWN_VALUES}: ` +
              `${shown.join(', ')}${rest.length > shown.length ? ', ...' : ''}; ` +
              `check the list against the catalog${CATALOG_NOTE}`,
          );
        }
      }
    },
  },
  {
    code: 'NoCompatibleInstanceTypes',
    appliesTo: 'NodePool',
    summary: 'a NodePool that admits no instance type of the catalog with its EC2NodeClass',
    check: (f, r) => {
      if (admitsSome(f)) return;
      const a = admission(f);
      if (!a || a.instanceTypes.length > 0 || !a.emptiedBy || a.emptiedBy.field === NODE_CLASS_REF) return;
      const { field, what, before } = a.emptiedBy;
      const limit = field.startsWith('spec.limits');
      r.warn(
        field,
        limit
          ? `every instance type the requirements allow (${before}) has more capacity than ${field}, so Karpenter can launch no node ` +
              `("${a.reason}"); raise the limit or allow smaller types`
          : `no instance type of the catalog is left after ${what} (${before} were before it), so Karpenter skips this NodePool ` +
              `with NoCompatibleInstanceTypes ("${a.reason}"); widen or remove this requirement${CATALOG_NOTE}`,
      );
    },
  },
  {
    code: 'AmiFamilyExcludesInstanceTypes',
    appliesTo: 'NodePool',
    summary: "instance types the EC2NodeClass's AMI family cannot run: arm64 with Windows, a1 with AL2023, non-Nitro with connectionTracking",
    check: (f, r) => {
      if (!f.nodeClass) return;
      const { requirements } = f;
      const nc = f.reading!.nodeClass;
      // Only a Windows class can admit types it cannot run; elsewhere a pool that admits some type is fine.
      if (!allocatableModule().isWindowsFamily(nc.settings.amiFamily) && admitsSome(f)) return;
      const a = admission(f);
      if (!a) return;
      if (a.instanceTypes.length === 0 && a.emptiedBy?.field === NODE_CLASS_REF) {
        r.warn(
          requirements[requirements.length - 1]?.at ?? 'spec.template.spec.requirements',
          `${a.emptiedBy.what} cannot launch any of the ${a.emptiedBy.before} instance types these requirements allow, so Karpenter ` +
            'skips this NodePool with NoCompatibleInstanceTypes; allow other types or change the EC2NodeClass',
        );
        return;
      }
      if (
        allocatableModule().isWindowsFamily(nc.settings.amiFamily) &&
        a.instanceTypes.length > 0 &&
        a.instanceTypes.every((t) => t.labels[WellKnownLabel.ARCH] !== 'amd64')
      ) {
        const at =
          requirements.find((q) => q.key === WellKnownLabel.ARCH)?.at ??
          requirements[requirements.length - 1]?.at ??
          'spec.template.spec.requirements';
        r.warn(
          at,
          `${nc.settings.amiFamily} AMIs run only on amd64 (x86-64) instance types, and every type this NodePool allows is arm64; ` +
            'no node can launch. Allow amd64, or use a Linux AMI family',
        );
      }
    },
  },
] as const satisfies readonly CatalogRule[];

/**
 * The catalog lints of a NodePool manifest: warnings, or errors when `catalogChecks` is `error`. `found` are
 * the pool's other issues (`validateNodePool`'s): a pool they already show can never launch gets no
 * `NoCompatibleInstanceTypes` on top.
 */
export function lintNodePoolCatalog(
  manifest: unknown,
  ctx: ValidationContext = {},
  options: CatalogLintOptions = {},
  found: readonly ValidationIssue[] = [],
): ValidationIssue[] {
  return catalogLintIssues(manifest, ctx, options, found);
}

/** `lintNodePoolCatalog` over a reading of the pool with `options.nodeClass` that other checks share (`planNodePool`). */
export function catalogLintIssues(
  manifest: unknown,
  ctx: ValidationContext,
  options: CatalogLintOptions,
  found: readonly ValidationIssue[],
  reading?: AdmissionReading,
): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  const mode = options.catalogChecks ?? 'warn';
  if (mode === 'off' || !isPlainObject(manifest) || !isPlainObject(manifest.spec)) return c.issues;
  const spec = manifest.spec;
  const tspec = isPlainObject(spec.template) && isPlainObject(spec.template.spec) ? spec.template.spec : {};
  const nc = options.nodeClass;
  const ncSpec = isPlainObject(nc) && isPlainObject(nc.spec) ? nc.spec : undefined;
  const ncKnown = ncSpec !== undefined && !NODE_CLASS_FIELDS.some((k) => c.holdsToken(ncSpec[k]));
  const facts: CatalogFacts = {
    manifest,
    requirements: nodePoolRequirements(manifest, ctx),
    nodeClass: ncKnown ? (nc as Json) : undefined,
    resolved: !c.holdsToken(tspec.requirements) && !c.holdsToken(spec.limits) && !c.holdsToken(manifest.metadata),
    reading: ncKnown ? (reading ?? new (admissionModule().AdmissionReading)(manifest, nc)) : undefined,
  };
  const neverLaunches = found.some((i) => NEVER_LAUNCHES.includes(i.code));
  const how = { ...ctx, catalogChecks: mode };
  for (const rule of CATALOG_RULES) {
    if (rule.code === 'NoCompatibleInstanceTypes' && neverLaunches) continue;
    rule.check(facts, { warn: (field, message) => reportCatalogFinding(c, how, field, rule.code, message) });
  }
  return c.issues;
}
