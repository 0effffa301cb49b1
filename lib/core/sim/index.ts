// The offline provisioning simulator: catalog, allocatable, requirements, admission, simulation.
export * from './simulation-types';
export { loadInstanceTypeCatalog, createInstanceTypeCatalog } from './catalog';
export { allocatableFor, capacityFor, CATALOG_SETTINGS } from './allocatable';
export type { NodeResourceSettings } from './allocatable';
export { SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
export { admitsAnyInstanceType, admittedInstanceTypes, explainAdmission } from './admission';
export type { Admission, EmptiedBy } from './admission';
export { runSimulation, simulateProvisioning, SETTLE_MAX_ROUNDS, SIMULATION_ASSUMPTIONS } from './simulate';
export type { SimulationRun } from './simulate';
// Prices and cost ceilings (on-demand, from the bundled table).
export * from './pricing';
export { assumedNodeClass, nodePoolCostCeiling, nodePoolCostCeilings, UNKNOWN_NODE_CLASS_NOTE, withCosts } from './costs';
export type { CostCeilingOptions } from './costs';
export { readPoolLimits } from './pool-limits';
export type { PoolLimits, UnreadLimit } from './pool-limits';
