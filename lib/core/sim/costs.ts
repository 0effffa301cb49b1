// Adds the price figures to a simulation result: NodeClaim options cheapest first, each pod's cheapest
// type and price, each pool's cost ceiling. Only optional fields are added; nothing else changes.
import { isPlainObject } from '../json';
import { nodeClassRefName } from '../model/node-class-ref';
import { AdmissionReading } from './admission';
import { loadInstanceTypeCatalog } from './catalog';
import { NodePoolInput } from './inputs';
import { readSafely } from './input-fields';
import { readPoolLimits } from './pool-limits';
import { CostCeiling, costCeiling, loadPriceTable, orderByPrice, priceAssumptions, PriceTable } from './pricing';
import {
  AdmissionOptions,
  InstanceType,
  InstanceTypeCatalog,
  NodePoolResult,
  PodResult,
  SimulationInput,
  SimulationResult,
} from './simulation-types';

/** Options of `nodePoolCostCeiling`. */
export interface CostCeilingOptions extends AdmissionOptions {
  /**
   * The on-demand prices.
   * @default - the bundled table (`loadPriceTable()`)
   */
  readonly prices?: PriceTable;
}

/** The pool's `spec.limits` as written, or undefined when it has none (or the manifest is malformed). */
function specLimits(nodePool: unknown): unknown {
  const spec = isPlainObject(nodePool) ? nodePool.spec : undefined;
  return isPlainObject(spec) ? spec.limits : undefined;
}

/** Says, beside a ceiling computed with `assumedNodeClass`, what that assumed. */
export const UNKNOWN_NODE_CLASS_NOTE = 'its EC2NodeClass is not known here, so every Linux type its requirements allow is counted';

/**
 * A stand-in for a NodePool's EC2NodeClass when only its name is known (`Ec2NodeClass.fromName`): the Custom AMI family,
 * which excludes no Linux type, so a ceiling over it is still an upper bound.
 */
export function assumedNodeClass(nodePool: unknown): unknown {
  const ref = nodeClassRefName(nodePool);
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name: typeof ref === 'string' ? ref : 'unknown' },
    spec: { amiFamily: 'Custom' },
  };
}

/** The most a NodePool's limits let it spend, over the types it admits with its EC2NodeClass (`costCeiling`). */
export function nodePoolCostCeiling(nodePool: unknown, nodeClass: unknown, options: CostCeilingOptions = {}): CostCeiling {
  return readingCostCeiling(new AdmissionReading(nodePool, nodeClass, options), options.prices ?? loadPriceTable());
}

/** The ceiling of a pool read with its class: the types it admits under the limits that reading parsed. */
export function readingCostCeiling(reading: AdmissionReading, table: PriceTable): CostCeiling {
  return costCeiling(reading.explain().instanceTypes, reading.pool.limits, table);
}

/**
 * The cost ceiling of each of `result.nodePools` (same order) from the pools the simulation read (`pools[i]` is
 * `result.nodePools[i]`), its admitted types from the catalog.
 */
export function poolCostCeilings(
  pools: readonly NodePoolInput[],
  result: SimulationResult,
  catalog: InstanceTypeCatalog,
  table: PriceTable,
): CostCeiling[] {
  return result.nodePools.map((pool, i) => costCeiling(admittedTypes(pool, catalog), pools[i].limits, table));
}

/**
 * The cost ceiling of each of `result.nodePools` (same order): its admitted types from the catalog, its limits from
 * the input NodePool of that name. For a result without the pools it was read from; `runSimulation` gives its
 * ceilings in `costCeilings`.
 */
export function nodePoolCostCeilings(input: SimulationInput, result: SimulationResult): CostCeiling[] {
  const table = input.prices ?? loadPriceTable();
  const catalog = input.catalog ?? loadInstanceTypeCatalog();
  const manifests = new Map<string, unknown>();
  for (const np of Array.isArray(input.nodePools) ? input.nodePools : []) {
    const name = readSafely(
      () => (isPlainObject(np) && isPlainObject(np.metadata) ? np.metadata.name : undefined),
      () => undefined,
    );
    if (typeof name === 'string' && !manifests.has(name)) manifests.set(name, np);
  }
  return result.nodePools.map((pool) => {
    const types = admittedTypes(pool, catalog);
    // The engine reports a hostile manifest; here its limits are just unreadable.
    return readSafely(
      () => costCeiling(types, readPoolLimits(specLimits(manifests.get(pool.name))), table),
      () => costCeiling(types, undefined, table),
    );
  });
}

function admittedTypes(pool: NodePoolResult, catalog: InstanceTypeCatalog): InstanceType[] {
  return pool.admittedInstanceTypes.map((n) => catalog.get(n)).filter((t): t is InstanceType => t !== undefined);
}

/**
 * The result with prices: options cheapest first, pods' cheapest types, pools' ceilings, and the price assumptions.
 * `ceilings` are those of `result.nodePools` (same order); by default each pool's is read from the input NodePool of its name.
 */
export function withCosts(input: SimulationInput, result: SimulationResult, ceilings?: readonly CostCeiling[]): SimulationResult {
  const table = input.prices ?? loadPriceTable();
  const unpriced = new Set<string>();
  // Pods on one NodeClaim share its options: order them once per claim.
  const byClaim = new Map<string, string[]>();
  const ordered = (names: readonly string[]) => {
    const out = orderByPrice(
      names.map((name) => ({ name })),
      table,
    ).map((t) => t.name);
    out.filter((n) => table.priceOf(n) === undefined).forEach((n) => unpriced.add(n));
    return out;
  };
  const pods = result.pods.map((pod): PodResult => {
    if (pod.instanceTypes.length === 0) return pod;
    let instanceTypes = pod.nodeClaim === undefined ? undefined : byClaim.get(pod.nodeClaim);
    if (instanceTypes === undefined) {
      instanceTypes = ordered(pod.instanceTypes);
      if (pod.nodeClaim !== undefined) byClaim.set(pod.nodeClaim, instanceTypes);
    }
    const hourlyPrice = table.priceOf(instanceTypes[0]);
    return { ...pod, instanceTypes, ...(hourlyPrice === undefined ? {} : { cheapestInstanceType: instanceTypes[0], hourlyPrice }) };
  });
  const nodeClaims = result.nodeClaims?.map((c) => {
    const instanceTypes = byClaim.get(c.name) ?? ordered(c.instanceTypes);
    return { ...c, instanceTypes };
  });
  const perPool = ceilings ?? nodePoolCostCeilings(input, result);
  const nodePools = result.nodePools.map((pool, i): NodePoolResult => {
    const c = perPool[i];
    return {
      ...pool,
      // A pool that admits nothing keeps its reason alone.
      ...(c.status === 'bounded' ? { costCeilingPerHour: c.perHour } : {}),
      ...(c.typicalPerVcpuHour === undefined ? {} : { typicalPerVcpuHour: c.typicalPerVcpuHour }),
    };
  });
  const names = [...unpriced].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const unpricedNote = names.length > 0 ? [`No price in the table, so ordered last and not in any figure: ${names.join(', ')}`] : [];
  return {
    ...result,
    pods,
    nodePools,
    ...(nodeClaims ? { nodeClaims } : {}),
    assumptions: [...result.assumptions, ...priceAssumptions(table, input.now), ...unpricedNote],
  };
}
