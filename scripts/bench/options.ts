// `npm run bench`'s arguments.
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from './measure';

export interface BenchOptions {
  readonly runs: number;
  readonly check: boolean;
  readonly keep: boolean;
  readonly build: boolean;
  readonly app: AppSpec;
  readonly explain100k: boolean;
  /** Only the synth rows: (a), checks off, (b), (c) and (k). */
  readonly synthOnly: boolean;
}

/** The app the bench measures: a `.ts` file of the repository and the builder it exports. */
export interface AppSpec {
  readonly file: string;
  readonly exportName: string;
}

const DEFAULT_APP = 'examples/full-stack/app.ts:buildFullStackApp';

/** Parses `--app <file.ts>:<export>`; throws when the export is missing or the file does not exist. */
export function parseAppSpec(spec: string, repo = REPO): AppSpec {
  const colon = spec.lastIndexOf(':');
  const [file, exportName] = colon > 0 ? [spec.slice(0, colon), spec.slice(colon + 1)] : [spec, ''];
  if (exportName === '') throw new Error(`--app needs <file.ts>:<export>, e.g. ${DEFAULT_APP}; got '${spec}'`);
  if (!fs.existsSync(path.join(repo, file))) throw new Error(`--app file '${file}' does not exist in ${repo}`);
  return { file, exportName };
}

const USAGE = `Usage: npm run bench -- [--runs N] [--check] [--keep] [--no-build] [--app <file.ts>:<export>] [--explain-100k] [--synth-only]
  --runs N        measured runs per scenario, after one warm-up (default 5)
  --check         exit 1 when a target is missed
  --keep          keep the transpiled tree and synth outputs under bench-out/
  --no-build      measure the existing dist/ even if it is older than lib/
  --app f.ts:fn   the app to measure (default examples/full-stack/app.ts:buildFullStackApp)
  --explain-100k  also run (f) on 100,000 pods (one run; about 10 times (f)'s time)
  --synth-only    only the synth rows: (a), (a) checks off, (b), (c) and (k)
  --explain-memory  also print (j): explain's peak RSS per MB of pod YAML (scripts/bench-memory.ts)
`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  let runs = 5;
  let check = false;
  let keep = false;
  let build = true;
  let app: string | undefined;
  let explain100k = false;
  let synthOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--check') check = true;
    else if (a === '--keep') keep = true;
    else if (a === '--no-build') build = false;
    else if (a === '--app') app = argv[++i];
    else if (a === '--explain-100k') explain100k = true;
    else if (a === '--synth-only') synthOnly = true;
    else if (a === '-h' || a === '--help') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else {
      process.stderr.write(`bench: unknown argument '${a}'\n${USAGE}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`bench: --runs must be a positive integer, got ${runs}\n`);
    process.exit(2);
  }
  try {
    return { runs, check, keep, build, explain100k, synthOnly, app: parseAppSpec(app ?? DEFAULT_APP) };
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
