// The offline provisioning simulator: catalog, admission, simulation.
export * from './types';
export { loadInstanceTypeCatalog } from './catalog';
export { admittedInstanceTypes } from './admission';
export { runSimulation, simulateProvisioning } from './simulate';
export type { SimulationRun } from './simulate';
// Prices and cost ceilings (on-demand, from the bundled table).
export * from './pricing';
export { nodePoolCostCeiling, nodePoolCostCeilings, nodePoolLimits, withCosts } from './costs';
export type { CostCeilingOptions } from './costs';
export { checkCostBudget, checkNodePoolBudget, COST_CEILING_OVER_BUDGET, explainBound, INVALID_MAX_HOURLY_COST } from './budget';
export type { BudgetCheckContext, NodePoolBudgetOptions } from './budget';
