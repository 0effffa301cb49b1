// The lints' bench rows, run by `npm run bench` (scripts/bench.ts) or alone:
// `npx ts-node --transpile-only scripts/bench-lints.ts [--runs N]` (on the built package: `npm run build` first).
//   (h) `validate` as a user runs it (dist/bin) on one NodePool listing 10,000 instance types the catalog lacks:
//       each unknown value once cost an edit-distance search over the 1,363 names.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Measure, measureCommand, medianSample, Sample } from './bench/measure';
import { formatReport } from './bench/report';
import { TargetCheck, TARGETS } from './bench/targets';

/** Instance types in (h)'s pool. */
export const UNKNOWN_TYPES = 10000;

/** (h)'s label in the report's header. */
export const LINT_BENCH_HEADER = `(h) dist/bin validate, a NodePool of ${UNKNOWN_TYPES.toLocaleString('en')} instance types the catalog lacks`;

/** A NodePool whose one requirement lists `n` instance types no catalog has (`zz<i>.large`), as a block list. */
export function unknownInstanceTypesPool(n: number): string {
  const values = Array.from({ length: n }, (_, i) => `            - zz${i}.large\n`).join('');
  return (
    'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: unknown-types\nspec:\n  limits:\n    cpu: "1000"\n' +
    '  template:\n    spec:\n      nodeClassRef:\n        group: karpenter.k8s.aws\n        kind: EC2NodeClass\n        name: default\n' +
    `      requirements:\n        - key: node.kubernetes.io/instance-type\n          operator: In\n          values:\n${values}`
  );
}

/** (h): one warm-up, then `runs` runs of `validate` on the pool (exit 0: its findings are warnings). */
export function measureValidateUnknownTypes(bin: string, work: string, runs: number, measure: Measure, env?: NodeJS.ProcessEnv): Sample[] {
  const file = path.join(work, `pool-${UNKNOWN_TYPES}-unknown-types.yaml`);
  fs.writeFileSync(file, unknownInstanceTypesPool(UNKNOWN_TYPES));
  const run = () => measure(process.execPath, [bin, 'validate', file], { env, okStatuses: [0, 1] });
  run();
  return Array.from({ length: runs }, run);
}

/** (h) against its target (`TARGETS.maxValidateUnknownTypesMs`). */
export function evaluateLintTargets(h: Sample, maxMs: number): TargetCheck[] {
  return [
    {
      name: `validate, ${UNKNOWN_TYPES.toLocaleString('en')} unknown instance types, wall`,
      value: h.wallMs,
      limit: maxMs,
      unit: 'ms',
      ok: h.wallMs <= maxMs,
    },
  ];
}

function main(argv: string[]): number {
  const i = argv.indexOf('--runs');
  const runs = i >= 0 ? Number(argv[i + 1]) : 5;
  const bin = path.resolve(__dirname, '..', 'dist', 'bin', 'karpenter-validate.js');
  if (!fs.existsSync(bin)) {
    process.stderr.write(`bench-lints: ${bin} is missing: run npm run build\n`);
    return 2;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-bench-lints-'));
  try {
    const samples = measureValidateUnknownTypes(bin, work, runs, measureCommand);
    const checks = evaluateLintTargets(medianSample(samples), TARGETS.maxValidateUnknownTypesMs);
    process.stdout.write(formatReport([{ label: '(h) validate, unknown types', samples }], checks, `${LINT_BENCH_HEADER}; ${runs} runs, medians`));
    return checks.every((c) => c.ok) || !argv.includes('--check') ? 0 : 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
