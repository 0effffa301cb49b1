// `explain` peak memory per MB of pod YAML (issue 33): the CLI on the full example's NodePools and two sizes of
// generated pending pods (scripts/generate-explain-pods.ts), each in a fresh process with a 2 GB heap; the figure is the
// slope of peak RSS between the two sizes, so the process's fixed start-up does not count.
//   npx ts-node --transpile-only scripts/bench-memory.ts [--pods 5000,20000]   (or npm run bench -- --explain-memory)
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseGnuTimeMaxRss, REPO } from './bench/measure';
import { explainPodsYaml, fullExamplePools } from './generate-explain-pods';

const GNU_TIME = '/usr/bin/time';

/** One `explain` run: the YAML's size and the process's peak RSS, MB. */
export interface MemorySample {
  readonly pods: number;
  readonly yamlMb: number;
  readonly peakRssMb: number;
}

/** Runs `explain` on `pods` generated pods with a 2 GB heap (the documented input limit must fit in it). */
export function explainMemory(pods: number, dir: string, pools: string): MemorySample {
  const file = path.join(dir, `pods-${pods}.yaml`);
  fs.writeFileSync(file, explainPodsYaml(pods, 50));
  const bin = fs.existsSync(path.join(REPO, 'dist', 'bin', 'karpenter-validate.js'))
    ? [path.join(REPO, 'dist', 'bin', 'karpenter-validate.js')]
    : ['-r', 'ts-node/register/transpile-only', path.join(REPO, 'bin', 'karpenter-validate.ts')];
  const r = spawnSync(GNU_TIME, ['-v', process.execPath, '--max-old-space-size=2048', ...bin, 'explain', '-q', pools, file], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, TS_NODE_PROJECT: path.join(REPO, 'tsconfig.dev.json') },
  });
  const rss = parseGnuTimeMaxRss(r.stderr ?? '');
  if (r.status !== 0 && r.status !== 1) throw new Error(`explain on ${pods} pods exited ${r.status}: ${(r.stderr ?? '').slice(0, 500)}`);
  if (rss === undefined) throw new Error(`no peak RSS from ${GNU_TIME}`);
  return { pods, yamlMb: fs.statSync(file).size / 1024 / 1024, peakRssMb: rss / 1024 };
}

/** The samples and their slope: MB of peak RSS per MB of pod YAML. */
export function explainMemoryPerMb(sizes: readonly number[] = [5_000, 20_000]): { samples: MemorySample[]; perMb: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  try {
    const pools = path.join(dir, 'pools.tf.json');
    fs.writeFileSync(pools, fullExamplePools());
    const samples = sizes.map((n) => explainMemory(n, dir, pools));
    const [a, b] = [samples[0], samples[samples.length - 1]];
    return { samples, perMb: (b.peakRssMb - a.peakRssMb) / (b.yamlMb - a.yamlMb) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the (f) memory row. */
export function printExplainMemory(sizes?: readonly number[]): void {
  const { samples, perMb } = explainMemoryPerMb(sizes);
  for (const s of samples) console.log(`explain ${s.pods} pods: ${s.yamlMb.toFixed(1)} MB of YAML, peak RSS ${s.peakRssMb.toFixed(0)} MB`);
  console.log(`explain peak memory per MB of pod YAML: ${perMb.toFixed(1)} MB`);
}

if (require.main === module) {
  const i = process.argv.indexOf('--pods');
  printExplainMemory(i > 0 ? process.argv[i + 1].split(',').map(Number) : undefined);
}
