// The bench's process measurement: one child process timed by the parent (wall time, GNU time's peak RSS and CPU
// time) and the phases the child reports on a `BENCH_RESULT {json}` line; medians of several runs.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The repository root: children run here, so they resolve node_modules as a user's compiled app would. */
export const REPO = path.resolve(__dirname, '..', '..');
/** The prefix of the line on which a child reports its phases. */
export const RESULT_MARK = 'BENCH_RESULT ';
const GNU_TIME = '/usr/bin/time';

/** One child-process measurement. */
export interface Sample {
  /** Spawn to exit, measured by the parent (includes Node start-up). */
  readonly wallMs: number;
  /** Peak resident set size of the child, KiB (GNU time, else the child's own resourceUsage). */
  readonly maxRssKb: number;
  /** Time to load the modules (require), measured in the child. */
  readonly loadMs?: number;
  /** Time to construct the app, measured in the child. */
  readonly buildMs?: number;
  /** Time of `app.synth()`, measured in the child. */
  readonly synthMs?: number;
  /** User + system CPU time of the child, ms (GNU time only): steadier than wall time on a shared machine. */
  readonly cpuMs?: number;
  /**
   * User + system CPU time of the child's measured part (load, build, synth), every thread, measured in the child
   * (`process.cpuUsage`), ms: to the microsecond, and without Node's start-up.
   */
  readonly childCpuMs?: number;
}

/** The median of each field over several samples. */
export function medianSample(samples: readonly Sample[]): Sample {
  const pick = (f: keyof Sample): number | undefined => {
    const xs = samples.map((s) => s[f]).filter((x): x is number => typeof x === 'number');
    return xs.length === 0 ? undefined : median(xs);
  };
  return {
    wallMs: pick('wallMs') ?? NaN,
    maxRssKb: pick('maxRssKb') ?? NaN,
    loadMs: pick('loadMs'),
    buildMs: pick('buildMs'),
    synthMs: pick('synthMs'),
    cpuMs: pick('cpuMs'),
    childCpuMs: pick('childCpuMs'),
  };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** `Maximum resident set size (kbytes): N` from `/usr/bin/time -v`. */
export function parseGnuTimeMaxRss(text: string): number | undefined {
  const m = /Maximum resident set size \(kbytes\):\s*(\d+)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** User plus system time from `/usr/bin/time -v`, ms. */
export function parseGnuTimeCpuMs(text: string): number | undefined {
  const user = /User time \(seconds\):\s*([\d.]+)/.exec(text);
  const system = /System time \(seconds\):\s*([\d.]+)/.exec(text);
  return user && system ? (Number(user[1]) + Number(system[1])) * 1000 : undefined;
}

/** How `measureCommand` runs a child. */
export interface MeasureOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Standard output goes to this file instead of a pipe (no `BENCH_RESULT` line is read then). */
  readonly stdoutFile?: string;
  /** Exit statuses that count as success (default: 0). */
  readonly okStatuses?: readonly number[];
}

/** `measureCommand`'s signature, for rows that take it as a parameter. */
export type Measure = (command: string, args: readonly string[], options?: MeasureOptions) => Sample;

/**
 * Runs `command args` once in a fresh process and returns its measurements. The child reports
 * its own phases on a `BENCH_RESULT {json}` line of stdout.
 */
export function measureCommand(command: string, args: readonly string[], options: MeasureOptions = {}): Sample {
  const useGnuTime = fs.existsSync(GNU_TIME);
  const timeFile = path.join(os.tmpdir(), `karpenter-bench-time-${process.pid}-${Date.now()}.txt`);
  const [cmd, argv] = useGnuTime ? [GNU_TIME, ['-v', '-o', timeFile, command, ...args]] : [command, [...args]];
  const out = options.stdoutFile === undefined ? undefined : fs.openSync(options.stdoutFile, 'w');
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, {
    cwd: options.cwd ?? REPO,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(out === undefined ? {} : { stdio: ['ignore', out, 'pipe'] }),
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (out !== undefined) fs.closeSync(out);
  let gnuRss: number | undefined;
  let cpuMs: number | undefined;
  if (useGnuTime && fs.existsSync(timeFile)) {
    const text = fs.readFileSync(timeFile, 'utf8');
    gnuRss = parseGnuTimeMaxRss(text);
    cpuMs = parseGnuTimeCpuMs(text);
    fs.rmSync(timeFile, { force: true });
  }
  if (r.error) throw new Error(`could not run ${command}: ${r.error.message}`);
  if (!(options.okStatuses ?? [0]).includes(r.status ?? -1)) {
    throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${(r.stderr || '').trim().split('\n').slice(-30).join('\n')}`);
  }
  const line = (r.stdout || '')
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(RESULT_MARK));
  const reported = line ? (JSON.parse(line.slice(RESULT_MARK.length)) as Partial<Sample>) : {};
  return {
    wallMs,
    maxRssKb: gnuRss ?? reported.maxRssKb ?? NaN,
    cpuMs,
    loadMs: reported.loadMs,
    buildMs: reported.buildMs,
    synthMs: reported.synthMs,
    childCpuMs: reported.childCpuMs,
  };
}
