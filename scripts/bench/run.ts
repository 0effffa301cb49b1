// What the rows of one bench run share: the work directory, the transpiled tree, and the child that measures.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { measureCommand, Sample } from './measure';

/** One run of the bench. */
export interface BenchRun {
  /** bench-out/run-*: inside the repository, so the children resolve node_modules as a user's compiled app would. */
  readonly work: string;
  /** The transpiled tree (transpileTree) under `work`. */
  readonly build: string;
  readonly env: NodeJS.ProcessEnv;
  /** Measured runs of each row, after one warm-up. */
  readonly runs: number;
}

/** Runs one child of the transpiled tree (scripts/bench/child.ts) and returns its measurements. */
export function child(run: BenchRun, args: readonly string[]): Sample {
  return measureCommand(process.execPath, [path.join(run.build, 'scripts', 'bench', 'child.js'), ...args], { env: run.env });
}

/** A fresh directory under the system's temporary directory. */
export function tmp(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `karpenter-bench-${name}-`));
}

/** Runs a child that synthesizes into a fresh directory given as its last argument, then removes that directory. */
export function synthChild(run: BenchRun, args: readonly string[]): Sample {
  const out = tmp('synth');
  try {
    return child(run, [...args, out]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/**
 * `run.runs` rounds of every row's child (each synthesizing into a fresh directory), interleaved, so drift in machine
 * load hits all alike; round i starts at row i (mod the rows), so no row always runs first or after the same one.
 */
export function interleavedSynth(run: BenchRun, rows: readonly (readonly string[])[], measure = synthChild): Sample[][] {
  const samples = rows.map((): Sample[] => []);
  for (let i = 0; i < run.runs; i++) {
    for (let k = 0; k < rows.length; k++) {
      const r = (i + k) % rows.length;
      samples[r].push(measure(run, rows[r]));
    }
  }
  return samples;
}
