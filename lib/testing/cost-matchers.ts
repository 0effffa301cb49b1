// The cost matcher: a NodePool's cost ceiling (its limits at on-demand prices) within a budget, so a CI test
// fails on a change that raises a pool's limits past it. Plain functions, like ./matchers.
import { assumedNodeClass, nodePoolCostCeiling, UNKNOWN_NODE_CLASS_NOTE } from '../core/sim/costs';
import { explainBound } from '../core/lints/budget';
import { CostCeiling, describeCostCeiling, formatUsd, priceLabel } from '../core/sim/pricing';
import { nodeClassRefName } from '../core/model/node-class-ref';
import { SynthesizedStack } from './synth';

/** A synthesized NodePool's cost ceiling, with the EC2NodeClass its `nodeClassRef` names when the stack has it. */
export interface SynthesizedNodePoolCost {
  /** NodePool name (`metadata.name`), undefined when it is not a string. */
  readonly name: string | undefined;
  readonly ceiling: CostCeiling;
  /** False when the stack has no EC2NodeClass of the referenced name: the ceiling is then over `assumedNodeClass`. */
  readonly nodeClassFound: boolean;
}

/** The cost ceiling of every NodePool of a stack (a `TerraformStack`, `Testing.synth` output or `SynthesizedStack`). */
export function nodePoolCostsOf(received: unknown): SynthesizedNodePoolCost[] {
  const synth = SynthesizedStack.from(received);
  const classes = synth.ec2NodeClasses();
  return synth.nodePools().map((np) => {
    const nodeClass = classes.find((c) => c.name === nodeClassRefName(np.manifest));
    const ceiling = nodePoolCostCeiling(np.manifest, nodeClass ? nodeClass.manifest : assumedNodeClass(np.manifest));
    return { name: np.name, ceiling, nodeClassFound: nodeClass !== undefined };
  });
}

/**
 * `expect(stack).toCostAtMostPerHour('general', 50)`: the NodePool's cost ceiling, the most its limits let it
 * spend per hour on-demand at the bundled prices (us-east-1, the table's date), is at most `maxUsdPerHour`.
 * A pool whose limits bound nothing (unbounded) or that admits no priced type fails.
 */
export function toCostAtMostPerHour(received: unknown, nodePool: string, maxUsdPerHour: number): { pass: boolean; message: () => string } {
  const name = 'toCostAtMostPerHour';
  const head = (isNot: boolean) => `expect(received).${isNot ? 'not.' : ''}${name}(nodePool, maxUsdPerHour)\n\n`;
  if (typeof maxUsdPerHour !== 'number' || !Number.isFinite(maxUsdPerHour) || maxUsdPerHour < 0) {
    return { pass: false, message: () => `${head(false)}maxUsdPerHour must be a non-negative number of USD, got ${String(maxUsdPerHour)}` };
  }
  const costs = nodePoolCostsOf(received);
  const pool = costs.find((c) => c.name === nodePool);
  if (pool === undefined) {
    const found = costs.length === 0 ? 'the stack has no NodePool' : `NodePools found: ${costs.map((c) => JSON.stringify(c.name)).join(', ')}`;
    return { pass: false, message: () => `${head(false)}Expected a NodePool ${JSON.stringify(nodePool)}, but ${found}.` };
  }
  const c = pool.ceiling;
  const pass = (c.status === 'bounded' || c.status === 'empty') && c.perHour! <= maxUsdPerHour;
  const budget = `${formatUsd(maxUsdPerHour)}/h`;
  const detail = [
    `its cost ceiling is ${describeCostCeiling(c)}`,
    ...c.bounds.map((b) => `  limits.${b.resource}: ${formatUsd(b.perHour)}/h = ${explainBound(b)}`),
    ...c.notes.map((n) => `  note: ${n}`),
    ...(pool.nodeClassFound ? [] : [`  note: ${UNKNOWN_NODE_CLASS_NOTE}`]),
    `(${priceLabel()}; spot is usually cheaper; no Savings Plans or reservations)`,
  ].join('\n');
  return {
    pass,
    message: () => `${head(pass)}Expected NodePool ${JSON.stringify(nodePool)} ${pass ? 'not ' : ''}to cost at most ${budget}, and ${detail}`,
  };
}

/** The cost matchers, keyed by name, for `expect.extend`. */
export const costMatchers = { toCostAtMostPerHour };
