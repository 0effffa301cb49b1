// The synth rows: (a) the full example on the built package against (b) its typed baseline, (a) with the checks
// off, the checks per NodePool, (c) the package import against the baseline's module load, and (k) an app of
// 100 NodePools and 20 EC2NodeClasses against a typed baseline of the same JSON.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { generateTypedBaseline, TypedBaselineSummary } from '../bench-baseline-typed';
import { LOADER_FILE } from '../bundle';
import { median, medianSample, Sample } from './measure';
import { compareOutdirs } from './outdirs';
import { ms0, PER_NODE_POOL_MS } from './report';
import { BenchRun, child, interleavedSynth, tmp } from './run';
import { atMost, TargetCheck, TARGETS } from './targets';

/** An app the synth rows measure: on the built package, and on its copy with the checks off (distWithoutChecks). */
export interface MeasuredApp {
  readonly module: string;
  readonly checksOffModule: string;
  readonly exportName: string;
}

/** The app's reference output and its typed baseline, with how the baseline and checks off differ from it. */
export interface CheckedBaselines {
  readonly refdir: string;
  /** The generated typed baseline module (bench-baseline-typed.ts). */
  readonly typedModule: string;
  readonly typed: TypedBaselineSummary;
  readonly typedDifferences: string[];
  readonly checksOffDifferences: string[];
}

/** Runs `args` into a fresh directory and compares its output with `refdir`. */
export function compareSynth(run: BenchRun, refdir: string, args: readonly string[]): string[] {
  const dir = tmp('check');
  try {
    child(run, [...args, dir]);
    return compareOutdirs(refdir, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The reference synth of `app` (also its warm-up), the typed baseline generated from it (written as
 * `scripts/<typedName>.generated.js` of the transpiled tree) and checked against it, and checks off checked
 * against it: a baseline or checks off that synthesizes other JSON measures another app.
 */
export function checkedBaselines(run: BenchRun, app: MeasuredApp, typedName: string): CheckedBaselines {
  const refdir = tmp('reference');
  child(run, ['app', app.module, app.exportName, refdir]);
  const typed = generateTypedBaseline(refdir);
  const typedModule = path.join(run.build, 'scripts', `${typedName}.generated.js`);
  fs.writeFileSync(typedModule, typed.source);
  return {
    refdir,
    typedModule,
    typed: typed.summary,
    typedDifferences: compareSynth(run, refdir, ['typed', typedModule]),
    checksOffDifferences: compareSynth(run, refdir, ['app-nochecks', app.checksOffModule, app.exportName]),
  };
}

/** (a), (b), the raw baseline and (a) with the checks off, interleaved. */
export interface SynthSamples {
  readonly a: Sample[];
  readonly b: Sample[];
  readonly raw: Sample[];
  readonly checksOff: Sample[];
}

export function measureSynth(run: BenchRun, app: MeasuredApp, baselines: CheckedBaselines, rawModule: string): SynthSamples {
  const [a, b, raw, checksOff] = interleavedSynth(run, [
    ['app', app.module, app.exportName],
    ['typed', baselines.typedModule],
    ['baseline', rawModule, baselines.refdir],
    ['app-nochecks', app.checksOffModule, app.exportName],
  ]);
  return { a, b, raw, checksOff };
}

/** (c) and its information rows: the package import, the typed baseline's module load, every dist/lib/*.js, bare node. */
export interface ImportSamples {
  readonly c: Sample[];
  readonly typedLoad: Sample[];
  readonly all: Sample[];
  readonly bare: Sample[];
}

export function measureImport(run: BenchRun, distIndex: string, typedModule: string): ImportSamples {
  const distLib = path.dirname(distIndex);
  child(run, ['import', distIndex]);
  child(run, ['import-all', distLib]);
  child(run, ['typed-load', typedModule]);
  const s: ImportSamples = { c: [], typedLoad: [], all: [], bare: [] };
  for (let i = 0; i < run.runs; i++) {
    s.c.push(child(run, ['import', distIndex]));
    s.typedLoad.push(child(run, ['typed-load', typedModule]));
    s.all.push(child(run, ['import-all', distLib]));
    s.bare.push(child(run, ['node']));
  }
  return s;
}

/** (k): the app of 100 NodePools, its typed baseline and its checks off, interleaved. */
export interface ManyPoolsSamples {
  readonly k: Sample[];
  readonly typed: Sample[];
  readonly checksOff: Sample[];
}

export function measureManyPools(run: BenchRun, app: MeasuredApp, baselines: CheckedBaselines): ManyPoolsSamples {
  const [k, typed, checksOff] = interleavedSynth(run, [
    ['app', app.module, app.exportName],
    ['typed', baselines.typedModule],
    ['app-nochecks', app.checksOffModule, app.exportName],
  ]);
  return { k, typed, checksOff };
}

/**
 * Compares the medians with `TARGETS`: (a) against the typed baseline (b), and the package import (c)
 * against the typed baseline's module load (`baselineLoad.loadMs`).
 */
export function evaluateTargets(example: Sample, baseline: Sample, pkgImport: Sample, baselineLoad: Sample, targets = TARGETS): TargetCheck[] {
  const timeRatio = example.wallMs / baseline.wallMs;
  const memRatio = example.maxRssKb / baseline.maxRssKb;
  const importRatio = (pkgImport.loadMs ?? pkgImport.wallMs) / (baselineLoad.loadMs ?? baselineLoad.wallMs);
  const importMb = pkgImport.maxRssKb / 1024;
  return [
    { name: 'synth time overhead (a)/(b)', value: timeRatio, limit: targets.maxTimeRatio, unit: 'x', ok: timeRatio <= targets.maxTimeRatio },
    { name: 'synth memory overhead (a)/(b)', value: memRatio, limit: targets.maxMemoryRatio, unit: 'x', ok: memRatio <= targets.maxMemoryRatio },
    {
      name: 'package import time / baseline module load',
      value: importRatio,
      limit: targets.maxImportRatio,
      unit: 'x',
      ok: importRatio <= targets.maxImportRatio,
    },
    { name: 'package import memory', value: importMb, limit: targets.maxImportRssMb, unit: 'MB', ok: importMb <= targets.maxImportRssMb },
  ];
}

/**
 * The checks' cost per NodePool in a cold process: (median CPU time of the child with the checks − median without) /
 * `nodePools`, each child's CPU time from the start of its load to the end of its synth (`Sample.childCpuMs`, every
 * thread). CPU time, not wall time: on a shared machine a child waits for a core for as long as the checks take.
 */
export function checksPerNodePoolMs(withChecks: readonly Sample[], checksOff: readonly Sample[], nodePools: number): number {
  const cpu = (xs: readonly Sample[]) => median(xs.map((x) => x.childCpuMs ?? NaN));
  return (cpu(withChecks) - cpu(checksOff)) / nodePools;
}

/**
 * (a) with the checks off against (b), and the checks per NodePool of (a) (`checksPerNodePoolMs`, the example's
 * `nodePools` NodePools, each process cold).
 */
export function evaluateChecksTargets(s: Omit<SynthSamples, 'raw'>, nodePools: number, targets = TARGETS): TargetCheck[] {
  const ratio = medianSample(s.checksOff).wallMs / medianSample(s.b).wallMs;
  const perPool = checksPerNodePoolMs(s.a, s.checksOff, nodePools);
  return [
    atMost('synth time (a) with the checks off / (b)', ratio, targets.maxChecksOffTimeRatio, 'x'),
    atMost(`the checks per NodePool, cold process, CPU ((a) - checks off) / ${nodePools}`, perPool, targets.maxChecksPerNodePoolMs, PER_NODE_POOL_MS),
  ];
}

/** (k) against its typed baseline, wall time. */
export function evaluateManyPoolsTargets(s: Pick<ManyPoolsSamples, 'k' | 'typed'>, targets = TARGETS): TargetCheck[] {
  const ratio = medianSample(s.k).wallMs / medianSample(s.typed).wallMs;
  return [atMost('synth time (k) 100 NodePools, 20 EC2NodeClasses / its typed baseline', ratio, targets.maxManyPoolsTimeRatio, 'x')];
}

/** (a) with the NodePool and EC2NodeClass checks off: what the checks take of (a), and (a)/(b) without them. */
export function checksShare(a: Sample, off: Sample, b: Sample): string {
  return (
    `(a) with the NodePool and EC2NodeClass checks off: ${ms0(off.wallMs)} ms, (a)/(b) ${(off.wallMs / b.wallMs).toFixed(3)}; ` +
    `the checks take ${ms0(a.wallMs - off.wallMs)} ms of (a)`
  );
}

/** (k) with the checks off against its typed baseline, and the checks per NodePool at 100 NodePools (information). */
export function manyPoolsShare(s: ManyPoolsSamples, nodePools: number): string {
  const off = medianSample(s.checksOff).wallMs / medianSample(s.typed).wallMs;
  return (
    `(k) with the checks off: ${ms0(medianSample(s.checksOff).wallMs)} ms, ${off.toFixed(3)}x its typed baseline; the checks per ` +
    `NodePool at ${nodePools} NodePools: ${checksPerNodePoolMs(s.k, s.checksOff, nodePools).toFixed(1)} ms`
  );
}

/** The synth ratios in CPU time (GNU time, the whole process), steadier than wall time on a shared machine (information). */
export function cpuRatios(s: SynthSamples, many: ManyPoolsSamples): string {
  const cpu = (xs: readonly Sample[]) => medianSample(xs).cpuMs ?? NaN;
  const r = (a: readonly Sample[], b: readonly Sample[]) => (cpu(a) / cpu(b)).toFixed(3);
  return `CPU time ratios: (a)/(b) ${r(s.a, s.b)}, (a) checks off/(b) ${r(s.checksOff, s.b)}, (k)/its typed baseline ${r(many.k, many.typed)}`;
}

/**
 * What became of the code caches (lib/private/code-cache.ts) of the package at `index` in a process that loads its
 * root and, with `checks`, its checks' bundle, e.g. `bundle.js accepted, bundle-checks.js accepted` (information: a
 * cache of another Node is left aside, and the row then measures a package that compiles everything). The copy with
 * the checks off never reads the checks' bundle in a synth, so it has no cache of it and is not asked.
 */
export function codeCacheUse(run: BenchRun, index: string, checks: boolean): string {
  const script = [
    `const root = require(${JSON.stringify(index)});`,
    checks ? 'root.loadInstanceTypeCatalog();' : '',
    `const uses = require(${JSON.stringify(path.join(path.dirname(index), path.relative('lib', LOADER_FILE)))}).codeCacheUses();`,
    "console.log(uses.map((u) => `${require('path').basename(u.file)} ${u.use}`).join(', '));",
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], { env: run.env, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : `unknown (${(r.stderr || '').trim().split('\n').pop()})`;
}
