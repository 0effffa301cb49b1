// Settling rounds in the bench: (f) as one Karpenter batch (`explain --rounds 1`) beside (f) settled (explain's
// default), and (d)'s workload settled beside one batch. `npm run bench` runs it after (f); alone:
//   npm run build && npx ts-node --transpile-only scripts/bench-settle.ts [--runs N] [--100k]
// (--100k adds one settled run on 100,000 pods; the full bench's --explain-100k row is that run already).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { explainPodsYaml, fullExamplePools } from './generate-explain-pods';
import { Measure, measureCommand, medianSample, Sample } from './bench/measure';
import { formatReport } from './bench/report';
import { TargetCheck } from './bench/targets';
import { simulatorWorkload } from './bench/workloads';

/** Targets of the settling rounds (issue: "where will my pods be once Karpenter settles"). */
export const SETTLE_TARGETS = {
  /** Settled (f) over one-batch (f), wall time of the explain process on 10,000 pods. */
  maxSettledRatio: 1.5,
  /** Settled (f) on 10,000 pods, ms. */
  maxSettledMs: 3000,
  /** Settled explain on 100,000 pods, ms. */
  maxSettled100kMs: 20000,
};

/** What the settling rows measured. */
export interface SettleSamples {
  /** `explain --rounds 1` on (f)'s 10,000 pods, each run. */
  readonly oneBatch: readonly Sample[];
  /** `explain` (settled) on the same input, each run, interleaved with the one-batch runs. */
  readonly settled: readonly Sample[];
  /** `explain` (settled) on 100,000 pods, one run. */
  readonly big?: Sample;
  /** (d)'s workload in-process, ms (median): one batch and settled, and the rounds it took. */
  readonly workload: { readonly oneMs: number; readonly settledMs: number; readonly rounds: number };
}

export interface SettleBenchOptions {
  /** dist/bin/karpenter-validate.js. */
  readonly explainBin: string;
  /** The full example's node-pools stack (cdk.tf.json). */
  readonly poolsFile: string;
  /** (f)'s 10,000 pods. */
  readonly podsFile: string;
  /** 100,000 pods of the same apps, for one settled run. */
  readonly bigPodsFile?: string;
  /** The simulator module to time (d)'s workload with (the bench's transpiled lib/core/sim). */
  readonly simModule: string;
  readonly runs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly outDir: string;
}

/** Runs the settling rows: one-batch and settled (f) interleaved, (d)'s workload, and the 100,000-pod run when given. */
export function measureSettle(o: SettleBenchOptions, measure: Measure): SettleSamples {
  const explain = (pods: string, rounds: string[]) =>
    measure(process.execPath, [o.explainBin, 'explain', ...rounds, o.poolsFile, pods], {
      env: o.env,
      stdoutFile: path.join(o.outDir, `settle-${rounds.length === 0 ? 'settled' : 'one'}.txt`),
      okStatuses: [0, 1],
    });
  explain(o.podsFile, []);
  const oneBatch: Sample[] = [];
  const settled: Sample[] = [];
  for (let i = 0; i < o.runs; i++) {
    oneBatch.push(explain(o.podsFile, ['--rounds', '1']));
    settled.push(explain(o.podsFile, []));
  }
  const big = o.bigPodsFile === undefined ? undefined : explain(o.bigPodsFile, []);
  return { oneBatch, settled, ...(big ? { big } : {}), workload: workloadTimes(o.simModule, o.runs) };
}

/** (d)'s 20 NodePools and 1,000 pods, one batch and settled, timed in this process after a warm-up. */
function workloadTimes(simModule: string, runs: number): SettleSamples['workload'] {
  const sim = require(simModule) as typeof import('../lib/core/sim');
  const input = simulatorWorkload() as Parameters<typeof sim.simulateProvisioning>[0];
  sim.simulateProvisioning(input);
  const one: number[] = [];
  const settledMs: number[] = [];
  let rounds = 0;
  for (let i = 0; i < Math.max(1, runs); i++) {
    let t = performance.now();
    sim.simulateProvisioning(input);
    one.push(performance.now() - t);
    t = performance.now();
    rounds = sim.simulateProvisioning({ ...input, rounds: 'settle' }).rounds ?? 0;
    settledMs.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { oneMs: median(one), settledMs: median(settledMs), rounds };
}

/** The settling rows against `SETTLE_TARGETS`. */
export function evaluateSettleTargets(s: SettleSamples, median: (xs: readonly Sample[]) => Sample, targets = SETTLE_TARGETS): TargetCheck[] {
  const one = median(s.oneBatch).wallMs;
  const settled = median(s.settled).wallMs;
  const checks: TargetCheck[] = [
    {
      name: 'explain 10,000 pods settled / one batch, wall',
      value: settled / one,
      limit: targets.maxSettledRatio,
      unit: 'x',
      ok: settled / one <= targets.maxSettledRatio,
    },
    { name: 'explain 10,000 pods settled, wall', value: settled, limit: targets.maxSettledMs, unit: 'ms', ok: settled <= targets.maxSettledMs },
  ];
  if (s.big) {
    checks.push({
      name: 'explain 100,000 pods settled, wall',
      value: s.big.wallMs,
      limit: targets.maxSettled100kMs,
      unit: 'ms',
      ok: s.big.wallMs <= targets.maxSettled100kMs,
    });
  }
  return checks;
}

/** The report rows, and one information line on (d)'s workload. */
export function settleRows(s: SettleSamples): { rows: { label: string; samples: readonly Sample[] }[]; info: string } {
  const rows = [
    { label: '(f) explain, one batch', samples: s.oneBatch },
    { label: '    explain, settled', samples: s.settled },
    ...(s.big ? [{ label: '    settled 100,000', samples: [s.big] }] : []),
  ];
  const w = s.workload;
  const info =
    `(d)'s workload (20 NodePools x 1,000 pods) in-process: one batch ${w.oneMs.toFixed(0)} ms, settled ${w.settledMs.toFixed(0)} ms ` +
    `(${w.rounds} round(s), ${(w.settledMs / w.oneMs).toFixed(2)}x)`;
  return { rows, info };
}

/** Standalone: the settling rows on the built package (dist/), with (f)'s input generated here. */
function main(argv: string[]): number {
  const repo = path.resolve(__dirname, '..');
  const explainBin = path.join(repo, 'dist', 'bin', 'karpenter-validate.js');
  if (!fs.existsSync(explainBin)) {
    process.stderr.write(`bench-settle: ${path.relative(repo, explainBin)} is missing: run npm run build first\n`);
    return 2;
  }
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-settle-'));
  try {
    const poolsFile = path.join(work, 'cdk.tf.json');
    fs.writeFileSync(poolsFile, fullExamplePools());
    const podsFile = path.join(work, 'pods-10000.yaml');
    fs.writeFileSync(podsFile, explainPodsYaml(10000, 50));
    let bigPodsFile: string | undefined;
    if (argv.includes('--100k')) {
      bigPodsFile = path.join(work, 'pods-100000.yaml');
      fs.writeFileSync(bigPodsFile, explainPodsYaml(100000, 50));
    }
    const env = { ...process.env, CHECKPOINT_DISABLE: '1' };
    // dist/ is bundled: (d)'s workload runs on the sources, as this script does (ts-node, transpile only).
    const simModule = path.join(repo, 'lib', 'core', 'sim');
    const s = measureSettle({ explainBin, poolsFile, podsFile, bigPodsFile, simModule, runs, env, outDir: work }, measureCommand);
    const checks = evaluateSettleTargets(s, medianSample);
    const { rows, info } = settleRows(s);
    const header = `Settling rounds: ${runs} runs each after a warm-up, medians; node ${process.version}, ${os.cpus().length} CPUs`;
    process.stdout.write(formatReport(rows, checks, header));
    process.stdout.write(`info ${info}\n`);
    return checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
