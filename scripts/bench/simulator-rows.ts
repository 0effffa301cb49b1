// The simulator rows: (d) the catalog load and 20 NodePools x 1,363 types x 1,000 pods, (e) the full example with
// the catalog lints on against off (on the transpiled sources, where the lints' module can be patched off), and
// (g) (d)'s pools on a running cluster of 200 nodes; inputs in workloads.ts.
import * as path from 'path';
import { Sample } from './measure';
import { BenchRun, child, synthChild } from './run';
import { TargetCheck, TARGETS } from './targets';

/** The simulator's figures: (d) catalog load and simulation, (e) synth with the catalog lints on and off. */
export interface SimulatorSamples {
  readonly sim: Sample;
  readonly lintOn: Sample;
  readonly lintOff: Sample;
}

/** (d) and (e) against `TARGETS`. */
export function evaluateSimulatorTargets(s: SimulatorSamples, targets = TARGETS): TargetCheck[] {
  const load = s.sim.loadMs ?? NaN;
  const run = s.sim.synthMs ?? NaN;
  const cost = (x: Sample) => (x.buildMs ?? NaN) + (x.synthMs ?? NaN);
  const ratio = cost(s.lintOn) / cost(s.lintOff);
  return [
    { name: 'catalog load', value: load, limit: targets.maxCatalogLoadMs, unit: 'ms', ok: load <= targets.maxCatalogLoadMs },
    { name: 'simulation, 20 NodePools x 1,000 pods', value: run, limit: targets.maxSimulationMs, unit: 'ms', ok: run <= targets.maxSimulationMs },
    {
      name: 'full example build+synth, catalog lints on/off',
      value: ratio,
      limit: targets.maxLintRatio,
      unit: 'x',
      ok: ratio <= targets.maxLintRatio,
    },
  ];
}

/** (g) against `TARGETS`: the simulation time measured in the child. */
export function evaluateClusterTargets(g: Sample, targets = TARGETS): TargetCheck[] {
  const run = g.synthMs ?? NaN;
  return [
    {
      name: 'simulation on 200 nodes, 20 NodePools x 1,000 pods (spreads, anti-affinity)',
      value: run,
      limit: targets.maxClusterSimulationMs,
      unit: 'ms',
      ok: run <= targets.maxClusterSimulationMs,
    },
  ];
}

/** (d), (e) and (g)'s runs. */
export interface SimulatorRuns {
  readonly sim: Sample[];
  readonly cluster: Sample[];
  readonly lintOn: Sample[];
  readonly lintOff: Sample[];
  /** The transpiled lib/core/sim the children ran. */
  readonly simModule: string;
}

/** (d), (e) and (g), interleaved; `treeAppModule` is the example on the transpiled sources. */
export function measureSimulator(run: BenchRun, treeAppModule: string, exportName: string): SimulatorRuns {
  const simModule = path.join(run.build, 'lib', 'core', 'sim', 'index.js');
  const r: SimulatorRuns = { sim: [], cluster: [], lintOn: [], lintOff: [], simModule };
  child(run, ['sim', simModule]);
  child(run, ['cluster', simModule]);
  for (let i = 0; i < run.runs; i++) {
    r.sim.push(child(run, ['sim', simModule]));
    r.cluster.push(child(run, ['cluster', simModule]));
    r.lintOn.push(synthChild(run, ['app-lint', treeAppModule, exportName]));
    r.lintOff.push(synthChild(run, ['app-nolint', treeAppModule, exportName]));
  }
  return r;
}
