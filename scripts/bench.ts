// Synth benchmark: `npm run bench [-- --runs 5] [--check]`.
//
// Measures, each in fresh child processes (scripts/bench/child.ts), repeated, reporting the median:
//   (a) synth of the full example (`buildFullStackApp`) on the built package (dist/, as an app that installed
//       it loads it): wall time and peak RSS; also with the NodePool and EC2NodeClass checks off
//       (distWithoutChecks): (a) without them against (b), and what the checks take per NodePool;
//   (b) the typed baseline (scripts/bench-baseline-typed.ts): the same stacks written as hand-written
//       cdktf code, L1 classes with typed config and references, so (a)/(b) is the overhead of our
//       constructs; also the raw baseline (scripts/bench-baseline.ts, every attribute a raw override),
//       reported as information;
//   (c) `require('dist/lib/index.js')`: the package's import time and peak RSS, against the typed
//       baseline's own module load (cdktf and the provider modules it imports), interleaved;
//   (d) the provisioning simulator: catalog load, and 20 NodePools x 1,363 types x 1,000 pods;
//   (e) (a) with the catalog lints on versus off (their cost in the full example's synth), on the transpiled
//       sources, where the lints' module can be patched off;
//   (f) `explain` as a process on a 10,000-pod YAML file against the full example's pools
//       (scripts/generate-explain-pods.ts); `--explain-100k` adds a 100,000-pod run;
//   (g) the simulator on an existing cluster: (d)'s pools and pods with zone spreads and hostname
//       anti-affinity, and 200 existing nodes with bound pods;
//   (h) `validate` of 10,000 unknown instance types (scripts/bench-lints.ts); (i) `drift` on a running cluster
//       (scripts/bench-drift.ts);
//   (k) an app of 100 NodePools and 20 EC2NodeClasses (scripts/bench/apps/many-pools.ts) on the built package,
//       against a typed baseline of the same JSON.
// The rows live in scripts/bench/ (measure.ts, targets.ts and report.ts are what every bench script shares).
// Children run plain JavaScript (sources transpiled once up front, like a user's compiled app),
// so the TypeScript compiler is in neither measurement. With --check, exits 1 when a target
// is missed. Never part of `npm test`.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluateDriftTargets, medianDriftSample, runDriftBench } from './bench-drift';
import { evaluateLintTargets, LINT_BENCH_HEADER, measureValidateUnknownTypes } from './bench-lints';
import { printExplainMemory } from './bench-memory';
import { evaluateSettleTargets, measureSettle, settleRows } from './bench-settle';
import { MANY_POOLS } from './bench/apps/many-pools';
import { distWithoutChecks, ensureDist } from './bench/dist';
import { evaluateExplainTargets, measureExplain } from './bench/explain-rows';
import { measureCommand, medianSample, REPO, Sample } from './bench/measure';
import { BenchOptions, parseBenchArgs } from './bench/options';
import { countBlocks, countManifests, nodePoolStackFile, sameOutput } from './bench/outdirs';
import { formatReport, ms0, ReportRow } from './bench/report';
import { BenchRun } from './bench/run';
import { evaluateClusterTargets, evaluateSimulatorTargets, measureSimulator } from './bench/simulator-rows';
import * as synthRows from './bench/synth-rows';
import { TargetCheck, TARGETS } from './bench/targets';
import { onPackage, transpileTree } from './bench/transpile';

const MANY_POOLS_APP = { file: 'scripts/bench/apps/many-pools.ts', exportName: 'buildManyPoolsApp' };

/** The run's tree, the apps it measures and their checked baselines. */
interface Prepared {
  readonly run: BenchRun;
  readonly files: number;
  readonly distIndex: string;
  readonly explainBin: string;
  readonly example: synthRows.MeasuredApp;
  readonly exampleBaselines: synthRows.CheckedBaselines;
  readonly rawModule: string;
  readonly rawDifferences: string[];
  /** The example on the transpiled sources, for (e). */
  readonly treeAppModule: string;
  readonly many: synthRows.MeasuredApp;
  readonly manyBaselines: synthRows.CheckedBaselines;
  /** What became of the code caches of the package and of its copy with the checks off. */
  readonly codeCache: { readonly package: string; readonly checksOff: string };
}

function prepare(options: BenchOptions, work: string): Prepared {
  const { file: appFile, exportName } = options.app;
  // Inside the repo so the children resolve node_modules as a user's compiled app would.
  const build = path.join(work, 'build');
  const files = transpileTree(['lib', 'examples', 'scripts'], build);
  const run: BenchRun = { work, build, env: { ...process.env, CHECKPOINT_DISABLE: '1' }, runs: options.runs };
  // (e) patches the lints' module of this tree; (a) runs the example on dist/, the package a user installs.
  const distIndex = ensureDist(options.build);
  const checksOffIndex = distWithoutChecks(
    path.dirname(distIndex),
    path.join(work, 'dist-checks-off'),
    path.join(build, 'scripts', 'bench', 'checks-off.js'),
  );
  const example = {
    module: onPackage(build, appFile, distIndex),
    checksOffModule: onPackage(build, appFile, checksOffIndex, 'on-package-checks-off'),
    exportName,
  };
  // The reference synth (also the warm-up of (a)), the typed baseline generated from it, the raw baseline and
  // checks off, each checked against it.
  const exampleBaselines = synthRows.checkedBaselines(run, example, 'bench-baseline-typed');
  const rawModule = path.join(build, 'scripts', 'bench-baseline.js');
  const rawDifferences = synthRows.compareSynth(run, exampleBaselines.refdir, ['baseline', rawModule, exampleBaselines.refdir]);
  const appsDir = path.dirname(MANY_POOLS_APP.file);
  const many = {
    module: onPackage(build, MANY_POOLS_APP.file, distIndex, 'on-package-many-pools', appsDir),
    checksOffModule: onPackage(build, MANY_POOLS_APP.file, checksOffIndex, 'on-package-many-pools-checks-off', appsDir),
    exportName: MANY_POOLS_APP.exportName,
  };
  const manyBaselines = synthRows.checkedBaselines(run, many, 'bench-baseline-typed-many-pools');
  const treeAppModule = path.join(build, appFile.replace(/\.ts$/, '.js'));
  const explainBin = path.join(REPO, 'dist', 'bin', 'karpenter-validate.js');
  const codeCache = { package: synthRows.codeCacheUse(run, distIndex, true), checksOff: synthRows.codeCacheUse(run, checksOffIndex, false) };
  return { run, files, distIndex, explainBin, example, exampleBaselines, rawModule, rawDifferences, treeAppModule, many, manyBaselines, codeCache };
}

/** The synth rows' runs: (a), checks off, (b), the raw baseline, (k), and (c). */
function measureSynthRows(p: Prepared) {
  const { run } = p;
  const synth = synthRows.measureSynth(run, p.example, p.exampleBaselines, p.rawModule);
  const many = synthRows.measureManyPools(run, p.many, p.manyBaselines);
  const imports = synthRows.measureImport(run, p.distIndex, p.exampleBaselines.typedModule);
  return { synth, many, imports };
}

/** The other rows' runs: (d) to (i) and the settling rows. */
function measureOtherRows(p: Prepared, options: BenchOptions) {
  const { run } = p;
  // (d) and (e): the simulator, and the catalog lints' share of the example's synth, interleaved.
  const sim = measureSimulator(run, p.treeAppModule, options.app.exportName);
  // (f): the CLI as a user runs it (dist/bin), on the example's synthesized pools and a generated pods file.
  const poolsFile = nodePoolStackFile(p.exampleBaselines.refdir);
  const explain = measureExplain(run, p.explainBin, poolsFile, options.explain100k);
  const unknownTypes = measureValidateUnknownTypes(p.explainBin, run.work, run.runs, measureCommand, run.env);
  // (i): drift on a running cluster (scripts/bench-drift.ts).
  const drift = runDriftBench(run.work, run.runs, (args, outFile) =>
    measureCommand(process.execPath, [p.explainBin, 'drift', ...args], { env: run.env, stdoutFile: outFile, okStatuses: [1] }),
  );
  // Settling: (f) as one batch beside (f) settled (explain's default), and (d)'s workload settled.
  const settle = measureSettle(
    { explainBin: p.explainBin, poolsFile, podsFile: explain.podsFile, simModule: sim.simModule, runs: run.runs, env: run.env, outDir: run.work },
    measureCommand,
  );
  return { sim, poolsFile, explain, unknownTypes, drift, settle };
}

type SynthMeasured = ReturnType<typeof measureSynthRows>;
type OtherMeasured = ReturnType<typeof measureOtherRows>;

function synthChecks(p: Prepared, s: SynthMeasured): TargetCheck[] {
  const { synth, imports } = s;
  const nodePools = countManifests(p.exampleBaselines.refdir, 'NodePool');
  return [
    ...synthRows.evaluateTargets(medianSample(synth.a), medianSample(synth.b), medianSample(imports.c), medianSample(imports.typedLoad)),
    ...synthRows.evaluateChecksTargets(synth, nodePools),
    ...synthRows.evaluateManyPoolsTargets(s.many),
  ];
}

function otherChecks(o: OtherMeasured): TargetCheck[] {
  const { sim } = o;
  return [
    ...evaluateSimulatorTargets({ sim: medianSample(sim.sim), lintOn: medianSample(sim.lintOn), lintOff: medianSample(sim.lintOff) }),
    ...evaluateExplainTargets(o.explain.summary),
    ...evaluateClusterTargets(medianSample(sim.cluster)),
    ...evaluateLintTargets(medianSample(o.unknownTypes), TARGETS.maxValidateUnknownTypesMs),
    ...evaluateDriftTargets(medianDriftSample(o.drift.full), medianDriftSample(o.drift.half), TARGETS),
  ];
}

function synthHeader(p: Prepared, options: BenchOptions): string[] {
  const t = p.exampleBaselines.typed;
  const typedNote =
    `${t.typedElements} L1 elements with typed config, ${t.references} references as tokens, ` +
    `${t.rawAttributes.length} attributes left raw${t.rawAttributes.length > 0 ? ` (${t.rawAttributes.slice(0, 5).join(', ')})` : ''}`;
  const counts = countBlocks(p.exampleBaselines.refdir);
  const manyCounts = countBlocks(p.manyBaselines.refdir);
  return [
    `(a) ${options.app.file}:${options.app.exportName} on the built package (dist/): ${counts.stacks} stacks, ${counts.resources} resources, ` +
      `${counts.data} data sources`,
    `    checks off: the same app with the NodePool and EC2NodeClass checks finding nothing; ${sameOutput(p.exampleBaselines.checksOffDifferences)}`,
    `(b) typed baseline: the same stacks as hand-written L1 code (${typedNote}); ${sameOutput(p.exampleBaselines.typedDifferences)}`,
    `    raw baseline (information): the same JSON from L1 classes with every attribute a raw override; ${sameOutput(p.rawDifferences)}`,
    `(c) require('${path.relative(REPO, p.distIndex)}'), against the typed baseline's module load (cdktf and ${t.modules.length - 1} ` +
      'provider modules)',
    `(k) ${MANY_POOLS_APP.file}:${MANY_POOLS_APP.exportName} on the built package: ${MANY_POOLS.nodePools} NodePools, ` +
      `${MANY_POOLS.nodeClasses} EC2NodeClasses (${manyCounts.resources} resources); its typed baseline ` +
      `${sameOutput(p.manyBaselines.typedDifferences)}; checks off ${sameOutput(p.manyBaselines.checksOffDifferences)}`,
  ];
}

function otherHeader(p: Prepared, o: OtherMeasured): string[] {
  const podsMb = (fs.statSync(o.explain.podsFile).size / 1024 / 1024).toFixed(1);
  const big = o.explain.big ? ', and on 100,000 such pods in one file (one run)' : '';
  return [
    '(d) simulator: load = loadInstanceTypeCatalog(), synth = simulateProvisioning (20 NodePools x 1,363 types x 1,000 pods)',
    '(e) (a) with the catalog lints on, and off',
    `(f) dist/bin explain (settled, its default; one batch: --rounds 1) on ${path.relative(p.exampleBaselines.refdir, o.poolsFile)} and ` +
      `10,000 pods of 50 apps (${podsMb} MB of YAML)${big}`,
    '(g) simulator: (d) on 200 existing nodes with 400 bound pods, 1,000 pending pods (a third zone-spread, a tenth anti-affine)',
    LINT_BENCH_HEADER,
    `(i) dist/bin drift --json: ${o.drift.inputMb.toFixed(1)} MB of cluster YAML (100 NodePools, 5,000 NodeClaims and Nodes, ` +
      '50,000 pods, 500 PDBs) against a changed stack; and 2,500 NodeClaims, 25,000 pods; and the 5,000 as JSON (information)',
  ];
}

function synthReportRows(s: SynthMeasured): { head: ReportRow[]; many: ReportRow[] } {
  const { synth, imports } = s;
  return {
    head: [
      { label: '(a) full example', samples: synth.a },
      { label: '    checks off', samples: synth.checksOff },
      { label: '(b) typed baseline', samples: synth.b },
      { label: '    raw baseline', samples: synth.raw },
      { label: '(c) package import', samples: imports.c },
      { label: '    baseline module load', samples: imports.typedLoad },
      { label: '    every dist/lib/*.js', samples: imports.all },
      { label: '    bare node', samples: imports.bare },
    ],
    many: [
      { label: '(k) 100 NodePools', samples: s.many.k },
      { label: '    checks off', samples: s.many.checksOff },
      { label: '    typed baseline', samples: s.many.typed },
    ],
  };
}

function otherReportRows(o: OtherMeasured): ReportRow[] {
  const { sim, explain, drift } = o;
  return [
    { label: '(d) simulator', samples: sim.sim },
    { label: '(e) lints on', samples: sim.lintOn },
    { label: '    lints off', samples: sim.lintOff },
    { label: '(f) explain, text', samples: explain.text },
    { label: '    explain --json', samples: explain.json },
    ...(explain.big ? [{ label: '    explain 100,000', samples: [explain.big] }] : []),
    ...settleRows(o.settle).rows,
    { label: '(g) simulator, cluster', samples: sim.cluster },
    { label: '(h) validate, unknown types', samples: o.unknownTypes },
    { label: '(i) drift, 5,000 claims', samples: drift.full as Sample[] },
    { label: '    drift, 2,500 claims', samples: drift.half as Sample[] },
    { label: '    drift, JSON input', samples: drift.json as Sample[] },
  ];
}

/** The table, every target line and the information lines; the checks, for --check. */
function printReport(p: Prepared, options: BenchOptions, s: SynthMeasured, o?: OtherMeasured): TargetCheck[] {
  const checks = [...(o ? evaluateSettleTargets(o.settle, medianSample) : []), ...synthChecks(p, s), ...(o ? otherChecks(o) : [])];
  const rows = synthReportRows(s);
  const header = [
    `Synth benchmark: ${options.runs} runs each after a warm-up, medians; node ${process.version}, ` +
      `${os.cpus().length} CPUs, ${p.files} files transpiled${o ? '' : '; the synth rows only (--synth-only)'}`,
    ...synthHeader(p, options),
    ...(o ? otherHeader(p, o) : []),
  ].join('\n');
  process.stdout.write(formatReport([...rows.head, ...(o ? otherReportRows(o) : []), ...rows.many], checks, header));
  process.stdout.write(infoLines(p, s, o));
  return checks;
}

function infoLines(p: Prepared, s: SynthMeasured, o?: OtherMeasured): string {
  const lines: string[] = [`code cache (docs/design.md): the package ${p.codeCache.package}; checks off ${p.codeCache.checksOff}`];
  const { synth } = s;
  if (o?.explain.big?.cpuMs !== undefined && o.explain.summary.text.cpuMs !== undefined) {
    lines.push(`explain CPU time, 100,000 / 10,000 pods: ${(o.explain.big.cpuMs / o.explain.summary.text.cpuMs).toFixed(2)} (linear: 10)`);
  }
  lines.push(synthRows.checksShare(medianSample(synth.a), medianSample(synth.checksOff), medianSample(synth.b)));
  lines.push(synthRows.manyPoolsShare(s.many, MANY_POOLS.nodePools));
  lines.push(synthRows.cpuRatios(synth, s.many));
  if (o) lines.push(settleRows(o.settle).info);
  const rawRatio = medianSample(synth.a).wallMs / medianSample(synth.raw).wallMs;
  lines.push(`synth time (a) / raw baseline: ${rawRatio.toFixed(3)} (not a target: no user writes raw overrides)`);
  const all = medianSample(s.imports.all);
  lines.push(`every dist/lib/*.js (what an index exporting every construct loads): ${ms0(all.loadMs)} ms, ${(all.maxRssKb / 1024).toFixed(1)} MB`);
  return lines.map((l) => `info ${l}\n`).join('');
}

function main(argv: string[]): number {
  if (argv.includes('--explain-memory')) {
    // (j) explain's peak memory per MB of pod YAML, in its own processes (scripts/bench-memory.ts).
    printExplainMemory();
    argv = argv.filter((a) => a !== '--explain-memory');
  }
  const options = parseBenchArgs(argv);
  fs.mkdirSync(path.join(REPO, 'bench-out'), { recursive: true });
  const work = fs.mkdtempSync(path.join(REPO, 'bench-out', 'run-'));
  let refdirs: string[] = [];
  try {
    const p = prepare(options, work);
    refdirs = [p.exampleBaselines.refdir, p.manyBaselines.refdir];
    const synth = measureSynthRows(p);
    const checks = printReport(p, options, synth, options.synthOnly ? undefined : measureOtherRows(p, options));
    if (options.keep) process.stdout.write(`kept ${work} and ${refdirs.join(' and ')}\n`);
    const missed = checks.filter((x) => !x.ok);
    const b = [p.exampleBaselines, p.manyBaselines];
    const mismatch = p.rawDifferences.length > 0 || b.some((x) => x.typedDifferences.length > 0 || x.checksOffDifferences.length > 0);
    if (options.check && (missed.length > 0 || mismatch)) {
      process.stderr.write(
        `bench: ${missed.length} target(s) missed${mismatch ? ', and a baseline or checks off does not match the example' : ''}\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    if (!options.keep) for (const d of [work, ...refdirs]) fs.rmSync(d, { recursive: true, force: true });
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
