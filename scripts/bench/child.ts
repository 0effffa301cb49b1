// The bench's child process: each measured run is a fresh `node child.js <mode> ...` of the transpiled tree, which
// times its own phases and reports them on a `BENCH_RESULT {json}` line (measure.ts reads it).
//   <mode> app|app-lint|app-nolint|app-nochecks <module> <export> <outdir> | typed <module> <outdir> |
//   baseline <module> <refdir> <outdir> | import|import-all|typed-load <module> | sim|cluster <module> | node
// Nothing but Node's own modules loads before the mode's: cdktf loads only in the modes that synthesize.
import * as fs from 'fs';
import * as path from 'path';
import type { App } from 'cdktf';
import { installChecksOff } from './checks-off';
import { RESULT_MARK, Sample } from './measure';
import { clusterWorkload, simulatorWorkload } from './workloads';

type Phases = Omit<Sample, 'wallMs' | 'maxRssKb' | 'childCpuMs'>;

/** The CPU time at the start of the measured mode. */
let cpuStart: NodeJS.CpuUsage | undefined;

function report(sample: Phases): void {
  const cpu = process.cpuUsage(cpuStart);
  const childCpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify({ ...sample, childCpuMs, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs one mode; `t0` is the child's start, before any of the mode's modules load. */
export function runChild(args: string[]): void {
  const [mode, ...rest] = args;
  cpuStart = process.cpuUsage();
  const t0 = now();
  if (mode === 'node') return report({ loadMs: 0 });
  if (mode === 'import' || mode === 'typed-load') {
    // The package's import, or the typed baseline's own module load: cdktf and the provider modules it imports.
    require(rest[0]);
    return report({ loadMs: now() - t0 });
  }
  if (mode === 'import-all') return report(importAll(rest[0], t0));
  if (mode === 'sim') return report(simulate(rest[0], t0));
  if (mode === 'cluster') return report(simulateCluster(rest[0], t0));
  if (mode === 'app' || mode === 'app-lint' || mode === 'app-nolint' || mode === 'app-nochecks') return report(synthApp(mode, rest, t0));
  if (mode === 'typed') return report(synthTyped(rest, t0));
  if (mode === 'baseline') return report(synthBaseline(rest, t0));
  throw new Error(`unknown child mode ${mode}`);
}

/** Every top-level module of dist/lib: what an index exporting all constructs would load. */
function importAll(distLib: string, t0: number): Phases {
  for (const f of fs
    .readdirSync(distLib)
    .filter((n) => n.endsWith('.js'))
    .sort()) {
    require(path.join(distLib, f));
  }
  return { loadMs: now() - t0 };
}

/** (d): `simModule` is the transpiled lib/core/sim; the catalog load is timed apart from the module load. */
function simulate(simModule: string, t0: number): Phases {
  const sim = require(simModule) as typeof import('../../lib/core/sim');
  const t1 = now();
  sim.loadInstanceTypeCatalog();
  const t2 = now();
  const result = sim.simulateProvisioning(simulatorWorkload());
  const t3 = now();
  if (result.pods.length !== 1000) throw new Error(`the simulation returned ${result.pods.length} pods, expected 1000`);
  return { loadMs: t2 - t1, buildMs: t1 - t0, synthMs: t3 - t2 };
}

/** (g): (d) on a cluster of existing nodes. */
function simulateCluster(simModule: string, t0: number): Phases {
  const sim = require(simModule) as typeof import('../../lib/core/sim');
  const input = clusterWorkload();
  const t1 = now();
  sim.loadInstanceTypeCatalog();
  const t2 = now();
  const result = sim.simulateProvisioning(input as unknown as Parameters<typeof sim.simulateProvisioning>[0]);
  const t3 = now();
  // The bound pods count on their nodes and are never provisioned for: a run that simulated them is no (g).
  const bound = result.pods.filter((p) => p.bound).length;
  if (result.pods.length - bound !== 1000 || bound !== 400)
    throw new Error(`the simulation returned ${bound} bound pods of ${result.pods.length}, expected 400 of 1400`);
  return { loadMs: t2 - t1, buildMs: t1 - t0, synthMs: t3 - t2 };
}

/** (a), (e), (k) and checks off: the app `exportName` of `modulePath`, built and synthesized into `outdir`. */
function synthApp(mode: string, [modulePath, exportName, outdir]: string[], t0: number): Phases {
  // cdktf first, as the app's own imports would load it.
  require('cdktf');
  // On distWithoutChecks' copy: the NodePool checks render the manifest and find nothing.
  if (mode === 'app-nochecks') installChecksOff();
  else if (mode !== 'app') {
    // (e): the catalog lints' module loaded before the build in both, as the nolint patch needs it loaded
    // (KarpenterNodePool requires it at its first pool, with catalogChecks 'off' too), so the ratio is
    // the lints' work. Off: planNodePool reads this export at call time (catalogChecks: 'off' returns as early).
    const root = modulePath.slice(0, modulePath.lastIndexOf(`${path.sep}examples${path.sep}`));
    const lints = require(path.join(root, 'lib', 'core', 'lints', 'catalog-lints.js'));
    if (mode === 'app-nolint') lints.catalogLintIssues = () => [];
  }
  const build = require(modulePath)[exportName] as (app: App) => void;
  if (typeof build !== 'function') throw new Error(`${modulePath} does not export a function ${exportName}`);
  return buildAndSynth(outdir, build, t0);
}

/** (b): the typed baseline module generated by bench-baseline-typed.ts. */
function synthTyped([modulePath, outdir]: string[], t0: number): Phases {
  const { buildTypedBaselineApp } = require(modulePath) as { buildTypedBaselineApp(app: App): void };
  return buildAndSynth(outdir, buildTypedBaselineApp, t0);
}

/** The raw baseline (information): bench-baseline.ts on the reference output `refdir`. */
function synthBaseline([modulePath, refdir, outdir]: string[], t0: number): Phases {
  const { buildBaselineApp, preloadBaseline } = require(modulePath) as typeof import('../bench-baseline');
  preloadBaseline(refdir);
  return buildAndSynth(outdir, (app) => buildBaselineApp(app, refdir), t0);
}

function buildAndSynth(outdir: string, build: (app: App) => void, t0: number): Phases {
  const { App: AppClass } = require('cdktf') as typeof import('cdktf');
  const t1 = now();
  const app = new AppClass({ outdir });
  build(app);
  const t2 = now();
  app.synth();
  return { loadMs: t1 - t0, buildMs: t2 - t1, synthMs: now() - t2 };
}

if (require.main === module) runChild(process.argv.slice(2));
