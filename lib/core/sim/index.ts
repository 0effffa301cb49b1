// The offline provisioning simulator: catalog, admission, simulation.
export * from './types';
export { loadInstanceTypeCatalog } from './catalog';
export { admittedInstanceTypes } from './admission';
export { runSimulation, simulateProvisioning } from './simulate';
export type { SimulationRun } from './simulate';
