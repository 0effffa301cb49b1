// Every check of one NodePool, in one place: the construct, `validate`, `explain` and the tests call it, so
// they give the same verdict on the same manifest. It lives in api/, above lints/
// and validation/, because it runs the catalog lints and the budget.
import { holdsToken, ValidationContext, ValidationIssue } from '../issues';
import { isPlainObject } from '../json';
import { Ec2NodeClassDefinition } from './ec2-node-class-definition';
import { poolNodeClassIssues } from '../lints/node-class-compatibility';
import { NodePoolDefinition } from './node-pool-definition';
import { NODEPOOL_API_VERSION, V1NodePool } from '../model/types';
import { validateManifest } from '../validation/validate';
import { nodePoolBudgetIssues } from '../lints/budget';
import { CatalogChecks } from '../lints/catalog-checks';
import { catalogLintIssues } from '../lints/catalog-lints';
import { factsOnce } from '../lints/nodepool-facts';
import { AdmissionRead, AdmissionReading } from '../sim/admission';
import { readNodeClass } from '../sim/inputs';

/** What `planNodePool` checks a NodePool with besides the pool itself. */
export interface NodePoolPlanContext extends ValidationContext {
  /**
   * The pool's EC2NodeClass: its manifest or an `Ec2NodeClassDefinition`.
   * @default - unknown (only its name is known, as with `Ec2NodeClass.fromName`): the checks that need it are skipped,
   * and a budget is checked on an assumed class, which the message says
   */
  readonly nodeClass?: unknown;
  /**
   * How messages name the node class, e.g. `"default" (stack/NodeClass)` or `"default" (classes.yaml:4)`.
   * @default - its `metadata.name`, quoted
   */
  readonly nodeClassName?: string;
  /**
   * How the catalog lints and the budget check report: `warn`, `error` (strict) or `off`.
   * @default 'warn'
   */
  readonly catalogChecks?: CatalogChecks;
  /**
   * Budget in USD per hour, on-demand (`CostCeilingOverBudget`).
   * @default - no budget check
   */
  readonly maxHourlyCost?: unknown;
  /**
   * The pool and its class as the simulation already read them (`explain`): the checks take these instead of
   * reading the manifests again.
   * @internal
   */
  readonly read?: AdmissionRead;
}

/** A checked NodePool: its manifest and every issue found. */
export interface PlannedNodePool<M = V1NodePool> {
  /** The manifest: the definition's rendering, or the manifest given, as given. */
  readonly manifest: M;
  /** Schema and CEL errors, runtime checks, lints, node-class compatibility, catalog lints and the budget, in that order. */
  readonly issues: ValidationIssue[];
}

/** Catalog verdicts a `NodePoolNodeClassMismatch` already explains: one cause, one report. */
const EXPLAINED_BY_MISMATCH: readonly string[] = ['NoCompatibleInstanceTypes', 'AmiFamilyExcludesInstanceTypes'];

/**
 * Checks a NodePool (a `NodePoolDefinition`, or a manifest of any shape) with its node class: what the CRD and the
 * controller reject, the lints, the node-class compatibility, the catalog lints and the budget. Never throws on input.
 */
export function planNodePool(nodePool: NodePoolDefinition, ctx?: NodePoolPlanContext): PlannedNodePool;
export function planNodePool(nodePool: unknown, ctx?: NodePoolPlanContext): PlannedNodePool<unknown>;
export function planNodePool(nodePool: unknown, ctx: NodePoolPlanContext = {}): PlannedNodePool<unknown> {
  // The checks below only read the manifests: each folds the pool's requirements once for all.
  return factsOnce(() => planOnce(nodePool, ctx));
}

function planOnce(nodePool: unknown, ctx: NodePoolPlanContext): PlannedNodePool<unknown> {
  const { nodeClass: classInput, nodeClassName, catalogChecks, maxHourlyCost, read, ...given } = ctx;
  const definition = nodePool instanceof NodePoolDefinition;
  const manifest = definition ? nodePool.toManifest() : nodePool;
  const nodeClass = classInput instanceof Ec2NodeClassDefinition ? classInput.toManifest() : classInput;
  // The checks test only values of these three for tokens: when none holds one (most pools), no check needs to.
  const tokens = given.isUnresolved !== undefined && holdsToken([manifest, nodeClass, maxHourlyCost], given.isUnresolved);
  const validation = tokens ? given : { ...given, isUnresolved: undefined };
  // The definition's issues include those carried by builder values in its props.
  const own = definition ? nodePool.validateRendering(manifest as V1NodePool, validation) : validateManifest(manifest, validation);
  if (!isV1NodePool(manifest)) return { manifest, issues: own };
  // One reading of the pool with its class for the catalog lints and the budget: both ask what it admits.
  const reading = nodeClass === undefined ? undefined : new AdmissionReading(manifest, nodeClass, {}, read);
  const catalog = catalogLintIssues(manifest, validation, { nodeClass, catalogChecks }, own, reading);
  const budget = nodePoolBudgetIssues(manifest, reading, maxHourlyCost, { ...validation, catalogChecks });
  const mismatch = nodeClass === undefined ? [] : poolNodeClassIssues(manifest, nodeClass, nodeClassName ?? quotedName(nodeClass), validation);
  const issues = [...own, ...catalog, ...budget];
  return { manifest, issues: mismatch.length === 0 ? issues : [...issues.filter((i) => !EXPLAINED_BY_MISMATCH.includes(i.code)), ...mismatch] };
}

/**
 * An EC2NodeClass manifest as the checks of a NodePool read it, for `read` in the plan of each of its pools: read once
 * for all of them. The manifest must not change after.
 * @internal
 */
export function readNodeClassForPlans(nodeClass: unknown): AdmissionRead {
  return { nodeClass: readNodeClass(nodeClass, 0) };
}

function isV1NodePool(o: unknown): boolean {
  return isPlainObject(o) && o.apiVersion === NODEPOOL_API_VERSION && o.kind === 'NodePool';
}

function quotedName(nodeClass: unknown): string {
  const name = isPlainObject(nodeClass) && isPlainObject(nodeClass.metadata) ? nodeClass.metadata.name : undefined;
  return typeof name === 'string' ? JSON.stringify(name) : '(unnamed)';
}
