// The explain rows, (f): `explain` as a user runs it (dist/bin, text and `--json`) on the example's synthesized
// NodePool stack and 10,000 pending pods in one YAML file; with `--explain-100k`, one run on 100,000 such pods.
import * as fs from 'fs';
import * as path from 'path';
import { explainPodsYaml } from '../generate-explain-pods';
import { measureCommand, medianSample, Sample } from './measure';
import { BenchRun } from './run';
import { TargetCheck, TARGETS } from './targets';

/** (f)'s measurements: `explain` on 10,000 pods (text and JSON), and optionally on 100,000 (text). */
export interface ExplainSamples {
  readonly text: Sample;
  readonly json: Sample;
  readonly textBytes: number;
  readonly jsonBytes: number;
  readonly big?: Sample;
}

/** (f) against `TARGETS`. */
export function evaluateExplainTargets(f: ExplainSamples, targets = TARGETS): TargetCheck[] {
  const mb = (x: Sample) => x.maxRssKb / 1024;
  const checks: TargetCheck[] = [];
  for (const [what, x] of [
    ['text', f.text],
    ['--json', f.json],
  ] as const) {
    checks.push(
      { name: `explain 10,000 pods (${what}), wall`, value: x.wallMs, limit: targets.maxExplainMs, unit: 'ms', ok: x.wallMs <= targets.maxExplainMs },
      {
        name: `explain 10,000 pods (${what}), peak RSS`,
        value: mb(x),
        limit: targets.maxExplainRssMb,
        unit: 'MB',
        ok: mb(x) <= targets.maxExplainRssMb,
      },
    );
  }
  checks.push(
    {
      name: 'explain 10,000 pods, text output',
      value: f.textBytes / 1024,
      limit: targets.maxExplainTextBytes / 1024,
      unit: 'KB',
      ok: f.textBytes <= targets.maxExplainTextBytes,
    },
    {
      name: 'explain 10,000 pods, JSON output',
      value: f.jsonBytes / 1024,
      limit: targets.maxExplainJsonBytes / 1024,
      unit: 'KB',
      ok: f.jsonBytes <= targets.maxExplainJsonBytes,
    },
  );
  if (f.big) {
    const growth = f.big.wallMs / f.text.wallMs;
    checks.push(
      {
        name: 'explain 100,000 pods (text), wall',
        value: f.big.wallMs,
        limit: targets.maxExplain100kMs,
        unit: 'ms',
        ok: f.big.wallMs <= targets.maxExplain100kMs,
      },
      {
        name: 'explain 100,000 pods (text), peak RSS',
        value: mb(f.big),
        limit: targets.maxExplain100kRssMb,
        unit: 'MB',
        ok: mb(f.big) <= targets.maxExplain100kRssMb,
      },
      {
        name: 'explain wall time, 100,000 / 10,000 pods',
        value: growth,
        limit: targets.maxExplainGrowth,
        unit: 'x',
        ok: growth <= targets.maxExplainGrowth,
      },
    );
  }
  return checks;
}

/** (f)'s runs: each run's samples, and the files it read. */
export interface ExplainRuns {
  readonly text: Sample[];
  readonly json: Sample[];
  readonly big?: Sample;
  /** The 10,000 pods' YAML. */
  readonly podsFile: string;
  readonly summary: ExplainSamples;
}

/** (f): one warm-up, then `run.runs` interleaved runs of text and `--json`, and the 100,000-pod run when asked. */
export function measureExplain(run: BenchRun, explainBin: string, poolsFile: string, explain100k: boolean): ExplainRuns {
  const podsFile = path.join(run.work, 'pods-10000.yaml');
  fs.writeFileSync(podsFile, explainPodsYaml(10000, 50));
  const explain = (pods: string | string[], json: boolean, outFile: string) =>
    measureCommand(process.execPath, [explainBin, 'explain', ...(json ? ['--json'] : []), poolsFile, ...[pods].flat()], {
      env: run.env,
      stdoutFile: outFile,
      okStatuses: [0, 1],
    });
  const textOut = path.join(run.work, 'explain.txt');
  const jsonOut = path.join(run.work, 'explain.json');
  const text: Sample[] = [];
  const json: Sample[] = [];
  explain(podsFile, false, textOut);
  for (let i = 0; i < run.runs; i++) {
    text.push(explain(podsFile, false, textOut));
    json.push(explain(podsFile, true, jsonOut));
  }
  let big: Sample | undefined;
  if (explain100k) {
    // One file of 43 MB: explain reads files of up to 64 MiB.
    const bigPods = path.join(run.work, 'pods-100000.yaml');
    fs.writeFileSync(bigPods, explainPodsYaml(100000, 50));
    big = explain(bigPods, false, path.join(run.work, 'explain-100000.txt'));
  }
  const summary = {
    text: medianSample(text),
    json: medianSample(json),
    textBytes: fs.statSync(textOut).size,
    jsonBytes: fs.statSync(jsonOut).size,
    big,
  };
  return { text, json, big, podsFile, summary };
}
