// The offline provisioning simulator: catalog, allocatable, requirements, admission, simulation.
export * from './types';
export { loadInstanceTypeCatalog, createInstanceTypeCatalog } from './catalog';
export { allocatableFor, capacityFor, CATALOG_SETTINGS } from './allocatable';
export type { NodeResourceSettings } from './allocatable';
export { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
export { admitsAnyInstanceType, admittedInstanceTypes, explainAdmission } from './admission';
export type { Admission, EmptiedBy } from './admission';
export { runSimulation, simulateProvisioning, SIMULATION_ASSUMPTIONS } from './simulate';
export type { SimulationRun } from './simulate';
export { unknownCatalogValue, CATALOG_VALUE_KEYS } from './catalog-checks';
export type { CatalogChecks } from './catalog-checks';
export { lintNodePoolCatalog } from './catalog-lints';
export type { CatalogLintOptions } from './catalog-lints';
// Prices and cost ceilings (on-demand, from the bundled table).
export * from './pricing';
export { assumedNodeClass, nodePoolCostCeiling, nodePoolCostCeilings, nodePoolLimits, UNKNOWN_NODE_CLASS_NOTE, withCosts } from './costs';
export type { CostCeilingOptions } from './costs';
export { checkCostBudget, checkNodePoolBudget, COST_CEILING_OVER_BUDGET, explainBound, INVALID_MAX_HOURLY_COST } from './budget';
export type { BudgetCheckContext, NodePoolBudgetOptions } from './budget';
