// Synth benchmark: `npm run bench [-- --runs 5] [--check]`.
//
// Measures, each in fresh child processes, repeated, reporting the median:
//   (a) synth of the full example (`buildFullStackApp`) on the built package (dist/, as an app that installed
//       it loads it): wall time and peak RSS; also, as information, with the NodePool and EC2NodeClass checks
//       off (distWithoutChecks): what the checks take of (a);
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
//       (scripts/bench-drift.ts).
// Children run plain JavaScript (sources transpiled once up front, like a user's compiled app),
// so the TypeScript compiler is in neither measurement. With --check, exits 1 when a target
// is missed. Never part of `npm test`.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const REPO = path.resolve(__dirname, '..');
const RESULT_MARK = 'BENCH_RESULT ';
const GNU_TIME = '/usr/bin/time';

/** Targets of each row; CONTRIBUTING.md's bench section says what each measures and why. */
export const TARGETS = {
  /** (a)/(b) wall time, (b) the typed baseline. */
  maxTimeRatio: 1.1,
  /** (a)/(b) peak RSS. */
  maxMemoryRatio: 1.15,
  /** (c) require time over the typed baseline's own module load, both measured in the child. */
  maxImportRatio: 1.15,
  /** (c) peak RSS, MB. */
  maxImportRssMb: 80,
  /** (d) `loadInstanceTypeCatalog()` in a fresh process, ms: the catalog loads on the first simulator call. */
  maxCatalogLoadMs: 50,
  /** (d) `simulateProvisioning` of 20 NodePools and 1,000 pods, ms. */
  maxSimulationMs: 2000,
  /** (e) synth (build + synth) with the catalog lints on / off. */
  maxLintRatio: 1.1,
  /** (f) `explain` on 10,000 pods, text and `--json`: wall time of the process, ms. */
  maxExplainMs: 2000,
  /** (f) its peak RSS, MB. */
  maxExplainRssMb: 300,
  /** (f) the text output, bytes. */
  maxExplainTextBytes: 200 * 1024,
  /** (f) the `--json` output, bytes. */
  maxExplainJsonBytes: 6 * 1024 * 1024,
  /** (f) with `--explain-100k`: 100,000 pods, text, ms. */
  maxExplain100kMs: 20000,
  /** (f) with `--explain-100k`: its peak RSS, MB. */
  maxExplain100kRssMb: 1024,
  /** (f) with `--explain-100k`: wall time of 100,000 over 10,000 pods; linear growth is 10 (less with start-up). */
  maxExplainGrowth: 12,
  /** (g) `simulateProvisioning` of (d)'s pools with spreads and anti-affinity on 200 existing nodes, ms. */
  maxClusterSimulationMs: 2000,
  /** (h) `validate` of a NodePool listing 10,000 unknown instance types (scripts/bench-lints.ts): wall time, ms. */
  maxValidateUnknownTypesMs: 1000,
  /** (i) `drift` on 100 NodePools, 5,000 NodeClaims and 50,000 pods (YAML) against a changed synth, ms. */
  maxDriftMs: 1000,
  /** (i) wall time of 5,000 over 2,500 NodeClaims; linear growth is 2, less with the fixed start-up. */
  maxDriftGrowth: 2.2,
};

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

/**
 * Runs `command args` once in a fresh process and returns its measurements. The child reports
 * its own phases on a `BENCH_RESULT {json}` line of stdout.
 */
export function measureCommand(
  command: string,
  args: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    /** Standard output goes to this file instead of a pipe (no `BENCH_RESULT` line is read then). */
    stdoutFile?: string;
    /** Exit statuses that count as success (default: 0). */
    okStatuses?: readonly number[];
  } = {},
): Sample {
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
  };
}

/** A target and whether it was met. */
export interface TargetCheck {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: string;
  readonly ok: boolean;
}

/** The simulator's figures: (d) catalog load and simulation, (e) synth with the catalog lints on and off. */
export interface SimulatorSamples {
  readonly sim: Sample;
  readonly lintOn: Sample;
  readonly lintOff: Sample;
}

/** (d) and (e) against `TARGETS`. */
export function evaluateSimulatorTargets(s: SimulatorSamples, targets = TARGETS): TargetCheck[] {
  const load = s.sim.loadMs ?? NaN;
  const run = s.sim.synthMs ?? NaN;
  const cost = (x: Sample) => (x.buildMs ?? NaN) + (x.synthMs ?? NaN);
  const ratio = cost(s.lintOn) / cost(s.lintOff);
  return [
    { name: 'catalog load', value: load, limit: targets.maxCatalogLoadMs, unit: 'ms', ok: load <= targets.maxCatalogLoadMs },
    { name: 'simulation, 20 NodePools x 1,000 pods', value: run, limit: targets.maxSimulationMs, unit: 'ms', ok: run <= targets.maxSimulationMs },
    {
      name: 'full example build+synth, catalog lints on/off',
      value: ratio,
      limit: targets.maxLintRatio,
      unit: 'x',
      ok: ratio <= targets.maxLintRatio,
    },
  ];
}

/** The global through which the `app-nochecks` child hands distWithoutChecks' copy its stub of `planNodePool`. */
const CHECKS_OFF = '__benchNodePoolChecksOff';

/**
 * A copy of dist/lib for (a) with the NodePool and EC2NodeClass checks off: the node-pool-plan module takes its
 * `planNodePool` from the child (CHECKS_OFF) instead of running, so neither the checks nor the simulator's
 * modules they read load, and `validateEc2NodeClass` finds nothing. Returns the copy's index.js. Throws when
 * the bundle no longer holds the module headers it patches, so a changed layout is not measured as "off".
 */
export function distWithoutChecks(distLib: string, out: string): string {
  fs.cpSync(distLib, out, { recursive: true });
  const file = path.join(out, 'bundle.js');
  let src = fs.readFileSync(file, 'utf8');
  const patch = (module: string, body: string) => {
    const header = `"dist/lib/${module}"(exports2) {`;
    if (src.split(header).length !== 2) throw new Error(`${file}: no single module ${module} (${header}); the bundle's layout changed`);
    src = src.replace(header, `${header}\n${body}`);
  };
  patch('core/api/node-pool-plan.js', `if (globalThis.${CHECKS_OFF}) return void (exports2.planNodePool = globalThis.${CHECKS_OFF});`);
  // The module's own assignments of the export go to the setter, which keeps the stub.
  patch(
    'core/validation/validate-ec2nodeclass.js',
    `Object.defineProperty(exports2, "validateEc2NodeClass", { enumerable: true, get: () => () => [], set() {} });`,
  );
  fs.writeFileSync(file, src);
  return path.join(out, 'index.js');
}

/** (a) with the NodePool and EC2NodeClass checks off: what the checks take of (a), and (a)/(b) without them. */
export function checksShare(a: Sample, off: Sample, b: Sample): string {
  return (
    `(a) with the NodePool and EC2NodeClass checks off: ${ms0(off.wallMs)} ms, (a)/(b) ${(off.wallMs / b.wallMs).toFixed(3)}; ` +
    `the checks take ${ms0(a.wallMs - off.wallMs)} ms of (a)`
  );
}

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

/** (g) against `TARGETS`: the simulation time measured in the child. */
export function evaluateClusterTargets(g: Sample, targets = TARGETS): TargetCheck[] {
  const run = g.synthMs ?? NaN;
  return [
    {
      name: 'simulation on 200 nodes, 20 NodePools x 1,000 pods (spreads, anti-affinity)',
      value: run,
      limit: targets.maxClusterSimulationMs,
      unit: 'ms',
      ok: run <= targets.maxClusterSimulationMs,
    },
  ];
}

/** The simulator bench's input: 20 NodePools of one EC2NodeClass and 1,000 pods from 10 Deployments. */
export function simulatorWorkload(): { nodePools: unknown[]; nodeClasses: unknown[]; pods: unknown[] } {
  const nodeClasses = [{ kind: 'EC2NodeClass', metadata: { name: 'default' }, spec: { amiSelectorTerms: [{ alias: 'al2023@latest' }] } }];
  const categories = [['c'], ['m'], ['r'], ['c', 'm'], ['m', 'r'], ['c', 'm', 'r'], ['t'], ['g'], ['i'], ['x']];
  const nodePools = Array.from({ length: 20 }, (_, i) => ({
    kind: 'NodePool',
    metadata: { name: `pool-${String(i).padStart(2, '0')}` },
    spec: {
      weight: i % 5,
      limits: { cpu: '2000', memory: '8000Gi' },
      template: {
        metadata: { labels: { team: `team-${i % 4}` } },
        spec: {
          nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
          requirements: [
            { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: categories[i % categories.length] },
            { key: 'kubernetes.io/arch', operator: 'In', values: [i % 3 === 0 ? 'arm64' : 'amd64'] },
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: i % 2 === 0 ? ['spot', 'on-demand'] : ['on-demand'] },
            { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: [String(2 + (i % 4))] },
          ],
          ...(i % 7 === 6 ? { taints: [{ key: 'dedicated', value: `team-${i % 4}`, effect: 'NoSchedule' }] } : {}),
        },
      },
    },
  }));
  const pods = Array.from({ length: 10 }, (_, d) => ({
    kind: 'Deployment',
    metadata: { name: `app-${d}`, namespace: 'default' },
    spec: {
      replicas: 100,
      template: {
        metadata: { labels: { app: `app-${d}` } },
        spec: {
          ...(d % 3 === 0 ? { nodeSelector: { team: `team-${d % 4}` } } : {}),
          ...(d === 9 ? { tolerations: [{ key: 'dedicated', operator: 'Exists' }] } : {}),
          containers: [{ name: 'app', resources: { requests: { cpu: `${250 * (1 + (d % 4))}m`, memory: `${512 * (1 + (d % 3))}Mi` } } }],
        },
      },
    },
  }));
  return { nodePools, nodeClasses, pods };
}

/** The zones of (g)'s cluster. */
export const CLUSTER_ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

/**
 * (g): (d)'s 20 NodePools, 1,000 pending pods (a third spread over zone, maxSkew 1, DoNotSchedule; a tenth
 * with required hostname pod anti-affinity; the rest as in (d)), on a cluster of 200 existing nodes of those
 * pools with 400 bound pods (`spec.nodeName`), a third of them of the zone-spread apps. The simulator of
 * today may ignore `nodes`; it is then extra input.
 */
export function clusterWorkload(): {
  nodePools: unknown[];
  nodeClasses: unknown[];
  pods: unknown[];
  nodes: unknown[];
  zones: string[];
} {
  const { nodePools, nodeClasses } = simulatorWorkload();
  const deployment = (name: string, replicas: number, spec: Record<string, unknown>) => ({
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: { replicas, template: { metadata: { labels: { app: name } }, spec } },
  });
  const requests = (d: number) => ({ cpu: `${250 * (1 + (d % 4))}m`, memory: `${512 * (1 + (d % 3))}Mi` });
  const pods: unknown[] = [];
  // 333 pods spread over zone.
  for (let d = 0; d < 3; d++) {
    const app = `zonal-${d}`;
    pods.push(
      deployment(app, 111, {
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } },
        ],
        containers: [{ name: 'app', resources: { requests: requests(d) } }],
      }),
    );
  }
  // 100 pods, one per node.
  pods.push(
    deployment('exclusive', 100, {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'exclusive' } } },
          ],
        },
      },
      containers: [{ name: 'app', resources: { requests: requests(1) } }],
    }),
  );
  // 567 pods as in (d).
  for (let d = 0; d < 7; d++) {
    pods.push(
      deployment(`app-${d}`, 81, {
        ...(d % 3 === 0 ? { nodeSelector: { team: `team-${d % 4}` } } : {}),
        ...(d === 6 ? { tolerations: [{ key: 'dedicated', operator: 'Exists' }] } : {}),
        containers: [{ name: 'app', resources: { requests: requests(d) } }],
      }),
    );
  }

  // 200 nodes of the c/m/r pools (pool i has categories[i % 10]; arm64 when i % 3 === 0), 2xlarge.
  const memoryGi: Record<string, number> = { c: 16, m: 32, r: 64 };
  const crPools = Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 10 <= 5);
  const nodes: unknown[] = [];
  const bound: unknown[] = [];
  for (let n = 0; n < 200; n++) {
    const i = crPools[n % crPools.length];
    const pool = nodePools[i] as { metadata: { name: string }; spec: { template: { spec: { taints?: unknown[] } } } };
    const category = ['c', 'm', 'r', 'c', 'm', 'c'][i % 10];
    const arm = i % 3 === 0;
    const type = `${category}7${arm ? 'g' : 'i'}.2xlarge`;
    const zone = CLUSTER_ZONES[n % CLUSTER_ZONES.length];
    const name = `ip-10-0-${Math.floor(n / 250)}-${n % 250}.ec2.internal`;
    const mem = memoryGi[category];
    nodes.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        labels: {
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'kubernetes.io/arch': arm ? 'arm64' : 'amd64',
          'topology.kubernetes.io/zone': zone,
          'topology.kubernetes.io/region': 'us-east-1',
          'node.kubernetes.io/instance-type': type,
          'karpenter.sh/nodepool': pool.metadata.name,
          'karpenter.sh/initialized': 'true',
          'karpenter.sh/registered': 'true',
          'karpenter.sh/capacity-type': i % 2 === 0 && n % 2 === 0 ? 'spot' : 'on-demand',
          'karpenter.k8s.aws/instance-category': category,
          team: `team-${i % 4}`,
        },
      },
      spec: {
        providerID: `aws:///${zone}/i-${(0x1000000 + n).toString(16)}`,
        ...(pool.spec.template.spec.taints ? { taints: pool.spec.template.spec.taints } : {}),
      },
      status: {
        capacity: { cpu: '8', memory: `${mem}Gi`, pods: '58', 'ephemeral-storage': '20Gi' },
        allocatable: { cpu: '7910m', memory: `${mem * 1024 - 1200}Mi`, pods: '58', 'ephemeral-storage': '18Gi' },
      },
    });
    // Two bound pods a node: a small system pod, and on every third node one of a zone-spread app.
    bound.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `agent-${n}`, namespace: 'kube-system', labels: { app: 'agent' } },
      spec: {
        nodeName: name,
        tolerations: [{ operator: 'Exists' }],
        containers: [{ name: 'agent', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
      },
      status: { phase: 'Running' },
    });
    const app = n % 3 === 0 ? `zonal-${n % 9 === 0 ? 0 : n % 9 === 3 ? 1 : 2}` : 'web';
    bound.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `${app}-bound-${n}`, namespace: 'default', labels: { app } },
      spec: {
        nodeName: name,
        tolerations: [{ key: 'dedicated', operator: 'Exists' }],
        containers: [{ name: 'app', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
      },
      status: { phase: 'Running' },
    });
  }
  return { nodePools, nodeClasses, pods: [...pods, ...bound], nodes, zones: CLUSTER_ZONES };
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

/** The printed table. */
export function formatReport(rows: readonly { label: string; samples: readonly Sample[] }[], checks: readonly TargetCheck[], header: string): string {
  const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(0));
  const cols = ['', 'wall ms (min-max)', 'cpu ms', 'load ms', 'build ms', 'synth ms', 'max RSS MB'];
  const body = rows.map(({ label, samples }) => {
    const m = medianSample(samples);
    const walls = samples.map((s) => s.wallMs);
    return [
      label,
      `${ms(m.wallMs)} (${ms(Math.min(...walls))}-${ms(Math.max(...walls))})`,
      ms(m.cpuMs),
      ms(m.loadMs),
      ms(m.buildMs),
      ms(m.synthMs),
      (m.maxRssKb / 1024).toFixed(1),
    ];
  });
  const widths = cols.map((c, i) => Math.max(c.length, ...body.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const lines = [header, '', fmt(cols), ...body.map(fmt), ''];
  for (const c of checks) {
    const value = c.unit === 'x' ? c.value.toFixed(3) : c.value.toFixed(c.unit === 'MB' ? 1 : 0);
    const op = '<=';
    lines.push(
      `${c.ok ? 'ok  ' : 'MISS'} ${c.name}: ${value}${c.unit === 'x' ? '' : ` ${c.unit}`} (target ${op} ` +
        `${c.limit}${c.unit === 'x' ? '' : ` ${c.unit}`})`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Compares two synthesized output directories stack by stack, ignoring cdktf's `//` metadata. */
export function compareOutdirs(expectedDir: string, actualDir: string): string[] {
  const read = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { stacks: Record<string, { synthesizedStackPath: string }> };
  const expected = read(expectedDir);
  const actual = read(actualDir);
  const problems: string[] = [];
  for (const [name, s] of Object.entries(expected.stacks)) {
    const a = actual.stacks[name];
    if (!a) {
      problems.push(`stack ${name} is missing`);
      continue;
    }
    const e = stripMeta(JSON.parse(fs.readFileSync(path.join(expectedDir, s.synthesizedStackPath), 'utf8')));
    const b = stripMeta(JSON.parse(fs.readFileSync(path.join(actualDir, a.synthesizedStackPath), 'utf8')));
    diff(e, b, name, problems);
  }
  for (const name of Object.keys(actual.stacks)) if (!expected.stacks[name]) problems.push(`extra stack ${name}`);
  return problems;
}

function stripMeta(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(stripMeta);
  if (typeof x === 'object' && x !== null) {
    return Object.fromEntries(
      Object.entries(x)
        .filter(([k]) => k !== '//')
        .map(([k, v]) => [k, stripMeta(v)]),
    );
  }
  return x;
}

function diff(e: unknown, a: unknown, at: string, out: string[]): void {
  if (out.length > 20) return;
  if (typeof e === 'object' && e !== null && typeof a === 'object' && a !== null && Array.isArray(e) === Array.isArray(a)) {
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    for (const k of keys) diff((e as any)[k], (a as any)[k], `${at}.${k}`, out);
  } else if (JSON.stringify(e) !== JSON.stringify(a)) {
    out.push(`${at}: example ${JSON.stringify(e)?.slice(0, 80)}, baseline ${JSON.stringify(a)?.slice(0, 80)}`);
  }
}

// ------------------------------------------------------------------------------- child side

function report(sample: Omit<Sample, 'wallMs' | 'maxRssKb'>): void {
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify({ ...sample, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * `--child app|app-lint|app-nolint|app-nochecks <module> <export> <outdir>` | `--child typed <module> <outdir>` |
 * `--child baseline <module> <refdir> <outdir>` | `--child import|typed-load <module>` | `--child sim|cluster <module>` | `--child node`.
 */
function runChild(args: string[]): void {
  const [mode, ...rest] = args;
  const t0 = now();
  if (mode === 'node') {
    report({ loadMs: 0 });
    return;
  }
  if (mode === 'import') {
    require(rest[0]);
    report({ loadMs: now() - t0 });
    return;
  }
  if (mode === 'import-all') {
    // Every top-level module of dist/lib: what an index exporting all constructs would load.
    for (const f of fs
      .readdirSync(rest[0])
      .filter((n) => n.endsWith('.js'))
      .sort()) {
      require(path.join(rest[0], f));
    }
    report({ loadMs: now() - t0 });
    return;
  }

  if (mode === 'sim') {
    // rest[0]: the transpiled lib/core/sim; the catalog load is timed apart from the module load.
    const sim = require(rest[0]) as typeof import('../lib/core/sim');
    const t1 = now();
    sim.loadInstanceTypeCatalog();
    const t2 = now();
    const result = sim.simulateProvisioning(simulatorWorkload());
    const t3 = now();
    if (result.pods.length !== 1000) throw new Error(`the simulation returned ${result.pods.length} pods, expected 1000`);
    report({ loadMs: t2 - t1, buildMs: t1 - t0, synthMs: t3 - t2 });
    return;
  }

  if (mode === 'cluster') {
    const sim = require(rest[0]) as typeof import('../lib/core/sim');
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
    report({ loadMs: t2 - t1, buildMs: t1 - t0, synthMs: t3 - t2 });
    return;
  }

  const { App } = require('cdktf') as typeof import('cdktf');
  if (mode === 'app' || mode === 'app-lint' || mode === 'app-nolint' || mode === 'app-nochecks') {
    const [modulePath, exportName, outdir] = rest;
    // On distWithoutChecks' copy: the NodePool checks render the manifest and find nothing.
    if (mode === 'app-nochecks')
      (globalThis as Record<string, unknown>)[CHECKS_OFF] = (p: { toManifest(): unknown }) => ({ manifest: p.toManifest(), issues: [] });
    else if (mode !== 'app') {
      // (e): the catalog lints' module loaded before the build in both, as the nolint patch needs it loaded
      // (KarpenterNodePool requires it at its first pool, with catalogChecks 'off' too), so the ratio is
      // the lints' work. Off: planNodePool reads this export at call time (catalogChecks: 'off' returns as early).
      const root = modulePath.slice(0, modulePath.lastIndexOf(`${path.sep}examples${path.sep}`));
      const lints = require(path.join(root, 'lib', 'core', 'lints', 'catalog-lints.js'));
      if (mode === 'app-nolint') lints.catalogLintIssues = () => [];
    }

    const build = require(modulePath)[exportName] as (app: InstanceType<typeof App>) => void;
    if (typeof build !== 'function') throw new Error(`${modulePath} does not export a function ${exportName}`);
    const t1 = now();
    const app = new App({ outdir });
    build(app);
    const t2 = now();
    app.synth();
    report({ loadMs: t1 - t0, buildMs: t2 - t1, synthMs: now() - t2 });
    return;
  }
  if (mode === 'typed-load') {
    // The typed baseline's own module load: cdktf and the provider modules it imports.
    require(rest[0]);
    report({ loadMs: now() - t0 });
    return;
  }
  if (mode === 'typed') {
    const [modulePath, outdir] = rest;
    const { buildTypedBaselineApp } = require(modulePath) as { buildTypedBaselineApp(app: InstanceType<typeof App>): void };
    const t1 = now();
    const app = new App({ outdir });
    buildTypedBaselineApp(app);
    const t2 = now();
    app.synth();
    report({ loadMs: t1 - t0, buildMs: t2 - t1, synthMs: now() - t2 });
    return;
  }
  if (mode === 'baseline') {
    const [modulePath, refdir, outdir] = rest;

    const { buildBaselineApp, preloadBaseline } = require(modulePath) as typeof import('./bench-baseline');
    preloadBaseline(refdir);
    const t1 = now();
    const app = new App({ outdir });
    buildBaselineApp(app, refdir);
    const t2 = now();
    app.synth();
    report({ loadMs: t1 - t0, buildMs: t2 - t1, synthMs: now() - t2 });
    return;
  }
  throw new Error(`unknown child mode ${mode}`);
}

// ------------------------------------------------------------------------------ parent side

interface BenchOptions {
  readonly runs: number;
  readonly check: boolean;
  readonly keep: boolean;
  readonly build: boolean;
  readonly app: AppSpec;
  readonly explain100k: boolean;
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

const USAGE = `Usage: npm run bench -- [--runs N] [--check] [--keep] [--no-build] [--app <file.ts>:<export>] [--explain-100k]
  --runs N        measured runs per scenario, after one warm-up (default 5)
  --check         exit 1 when a target is missed
  --keep          keep the transpiled tree and synth outputs under bench-out/
  --no-build      measure the existing dist/ even if it is older than lib/
  --app f.ts:fn   the app to measure (default examples/full-stack/app.ts:buildFullStackApp)
  --explain-100k  also run (f) on 100,000 pods (one run; about 10 times (f)'s time)
  --explain-memory  also print (j): explain's peak RSS per MB of pod YAML (scripts/bench-memory.ts)
`;

function parseBenchArgs(argv: string[]): BenchOptions {
  let runs = 5;
  let check = false;
  let keep = false;
  let build = true;
  let app: string | undefined;
  let explain100k = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--check') check = true;
    else if (a === '--keep') keep = true;
    else if (a === '--no-build') build = false;
    else if (a === '--app') app = argv[++i];
    else if (a === '--explain-100k') explain100k = true;
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
    return { runs, check, keep, build, explain100k, app: parseAppSpec(app ?? DEFAULT_APP) };
  } catch (e) {
    process.stderr.write(`bench: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

/** Transpiles every .ts under `dirs` (and copies other files) into `outRoot`, same layout. */
export function transpileTree(dirs: readonly string[], outRoot: string): number {
  const ts = require('typescript') as typeof import('typescript');
  let count = 0;
  const walk = (rel: string): void => {
    const abs = path.join(REPO, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const childRel = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'cdktf.out') walk(childRel);
        continue;
      }
      const out = path.join(outRoot, childRel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const js = ts.transpileModule(fs.readFileSync(path.join(REPO, childRel), 'utf8'), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, resolveJsonModule: true },
          fileName: childRel,
        });
        fs.writeFileSync(out.replace(/\.ts$/, '.js'), js.outputText);
        count++;
      } else {
        fs.copyFileSync(path.join(REPO, childRel), out);
      }
    }
  };
  for (const d of dirs) walk(d);
  return count;
}

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

/**
 * A copy of the transpiled examples whose imports of the library (`'../../lib'`, which an app writes as
 * `'cdktf-karpenter-eks'`) load the built package instead; returns its `appFile` module.
 */
export function onPackage(build: string, appFile: string, distIndex: string, dir = 'on-package'): string {
  build = path.resolve(build);
  const root = path.join(build, dir);
  let rewritten = 0;
  const copy = (rel: string): void => {
    const from = path.join(build, rel);
    if (fs.statSync(from).isDirectory()) {
      fs.mkdirSync(path.join(root, rel), { recursive: true });
      for (const n of fs.readdirSync(from)) copy(path.join(rel, n));
      return;
    }
    if (!rel.endsWith('.js')) return;
    const js = fs.readFileSync(from, 'utf8').replace(/require\("((?:\.\.\/)+lib)"\)/g, (whole, spec: string) => {
      if (path.resolve(path.dirname(from), spec) !== path.join(build, 'lib')) return whole;
      rewritten++;
      return `require(${JSON.stringify(distIndex)})`;
    });
    // A deep import would load the transpiled sources beside the package.
    const deep = /require\("(?:\.\.\/)+lib\/[^"]*"\)/.exec(js);
    if (deep) throw new Error(`${from}: ${deep[0]} is not the package entry; (a) measures the package as users import it`);
    fs.writeFileSync(path.join(root, rel), js);
  };
  copy('examples');
  if (rewritten === 0) throw new Error(`${path.join(build, 'examples')}: no import of the library to point at the package`);
  return path.join(root, appFile.replace(/\.ts$/, '.js'));
}

function ensureDist(build: boolean): string {
  const index = path.join(REPO, 'dist', 'lib', 'index.js');
  // (f) runs dist/bin, so bin/ counts too.
  const bin = path.join(REPO, 'dist', 'bin', 'karpenter-validate.js');
  const built = fs.existsSync(index) && fs.existsSync(bin) ? Math.min(fs.statSync(index).mtimeMs, fs.statSync(bin).mtimeMs) : 0;
  const stale = built < Math.max(newestMtime(path.join(REPO, 'lib')), newestMtime(path.join(REPO, 'bin')));
  if (stale && build) {
    process.stderr.write(`bench: ${built > 0 ? 'dist/ is older than lib/ or bin/' : 'dist/ is missing'}; running npm run build\n`);
    // The whole build: tsc, then the bundle (scripts/bundle.ts), which is what the package ships.
    const r = spawnSync('npm', ['run', 'build'], { cwd: REPO, encoding: 'utf8' });
    if (r.status !== 0) {
      // tsc still emits on type errors; measure what was emitted, but say so.
      process.stderr.write(
        'bench: warning: the build reported errors (measuring the emitted JavaScript anyway):\n' +
          `${(r.stdout || '').split('\n').slice(0, 10).join('\n')}\n`,
      );
    }
  } else if (stale) {
    process.stderr.write('bench: warning: dist/ is older than lib/ or bin/ and --no-build was given\n');
  }
  if (!fs.existsSync(index)) throw new Error(`${index} does not exist after building`);
  if (!fs.existsSync(path.join(REPO, 'dist', 'lib', 'bundle.js'))) {
    throw new Error('dist/ is not bundled (scripts/bundle.ts did not run): run npm run build');
  }
  return index;
}

function main(argv: string[]): number {
  if (argv.includes('--explain-memory')) {
    // (j) explain's peak memory per MB of pod YAML, in its own processes (scripts/bench-memory.ts).
    (require('./bench-memory') as typeof import('./bench-memory')).printExplainMemory();
    argv = argv.filter((a) => a !== '--explain-memory');
  }
  const options = parseBenchArgs(argv);
  const { file: appFile, exportName } = options.app;

  fs.mkdirSync(path.join(REPO, 'bench-out'), { recursive: true });
  const work = fs.mkdtempSync(path.join(REPO, 'bench-out', 'run-'));
  try {
    // Inside the repo so the children resolve node_modules as a user's compiled app would.
    const build = path.join(work, 'build');
    const files = transpileTree(['lib', 'examples', 'scripts'], build);
    const benchJs = path.join(build, 'scripts', 'bench.js');
    // (e) patches the lints' module of this tree; (a) runs the example on dist/, the package a user installs.
    const treeAppModule = path.join(build, appFile.replace(/\.ts$/, '.js'));
    const baselineModule = path.join(build, 'scripts', 'bench-baseline.js');
    const distIndex = ensureDist(options.build);
    const appModule = onPackage(build, appFile, distIndex);
    const checksOffModule = onPackage(
      build,
      appFile,
      distWithoutChecks(path.dirname(distIndex), path.join(work, 'dist-checks-off')),
      'on-package-checks-off',
    );
    const env = { ...process.env, CHECKPOINT_DISABLE: '1' };
    const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `karpenter-bench-${name}-`));
    const child = (args: string[]) => measureCommand(process.execPath, [benchJs, '--child', ...args], { env });

    // Reference synth (also the warm-up of (a)), then the baseline once, checked against it.
    const refdir = tmp('reference');
    child(['app', appModule, exportName, refdir]);
    const checkDir = tmp('baseline-check');
    child(['baseline', baselineModule, refdir, checkDir]);
    const rawDifferences = compareOutdirs(refdir, checkDir);
    const counts = countBlocks(refdir);
    fs.rmSync(checkDir, { recursive: true, force: true });
    // The typed baseline: generated from the reference, then checked against it the same way.
    // Required here, not at the top: children run this file too, and must not load cdktf for it.
    const { generateTypedBaseline } = require('./bench-baseline-typed') as typeof import('./bench-baseline-typed');
    const typed = generateTypedBaseline(refdir);
    const typedModule = path.join(build, 'scripts', 'bench-baseline-typed.generated.js');
    fs.writeFileSync(typedModule, typed.source);
    const typedCheckDir = tmp('typed-check');
    child(['typed', typedModule, typedCheckDir]);
    const differences = compareOutdirs(refdir, typedCheckDir);
    fs.rmSync(typedCheckDir, { recursive: true, force: true });
    // (a) checks off must synthesize what (a) does, or it measures another app.
    const checksOffDir = tmp('checks-off-check');
    child(['app-nochecks', checksOffModule, exportName, checksOffDir]);
    const checksOffDifferences = compareOutdirs(refdir, checksOffDir);
    fs.rmSync(checksOffDir, { recursive: true, force: true });

    const a: Sample[] = [];
    const b: Sample[] = [];
    const raw: Sample[] = [];
    const checksOff: Sample[] = [];
    for (let i = 0; i < options.runs; i++) {
      // Interleaved, so drift in machine load hits all alike.
      for (const [samples, args] of [
        [a, ['app', appModule, exportName]],
        [b, ['typed', typedModule]],
        [raw, ['baseline', baselineModule, refdir]],
        [checksOff, ['app-nochecks', checksOffModule, exportName]],
      ] as const) {
        const out = tmp('synth');
        try {
          samples.push(child([...args, out]));
        } finally {
          fs.rmSync(out, { recursive: true, force: true });
        }
      }
    }
    const c: Sample[] = [];
    const typedLoad: Sample[] = [];
    const all: Sample[] = [];
    const bare: Sample[] = [];
    const distLib = path.dirname(distIndex);
    child(['import', distIndex]);
    child(['import-all', distLib]);
    child(['typed-load', typedModule]);
    for (let i = 0; i < options.runs; i++) {
      c.push(child(['import', distIndex]));
      typedLoad.push(child(['typed-load', typedModule]));
      all.push(child(['import-all', distLib]));
      bare.push(child(['node']));
    }
    // (d) and (e): the simulator, and the catalog lints' share of the example's synth, interleaved.
    const simModule = path.join(build, 'lib', 'core', 'sim', 'index.js');
    const simSamples: Sample[] = [];
    const clusterSamples: Sample[] = [];
    const lintOn: Sample[] = [];
    const lintOff: Sample[] = [];
    child(['sim', simModule]);
    child(['cluster', simModule]);
    for (let i = 0; i < options.runs; i++) {
      simSamples.push(child(['sim', simModule]));
      clusterSamples.push(child(['cluster', simModule]));
      for (const [samples, m] of [
        [lintOn, 'app-lint'],
        [lintOff, 'app-nolint'],
      ] as const) {
        const out = tmp('synth');
        try {
          samples.push(child([m, treeAppModule, exportName, out]));
        } finally {
          fs.rmSync(out, { recursive: true, force: true });
        }
      }
    }
    // (f): the CLI as a user runs it (dist/bin), on the example's synthesized pools and a generated pods file.
    const { explainPodsYaml } = require('./generate-explain-pods') as typeof import('./generate-explain-pods');
    const explainBin = path.join(REPO, 'dist', 'bin', 'karpenter-validate.js');
    const poolsFile = nodePoolStackFile(refdir);
    const podsFile = path.join(work, 'pods-10000.yaml');
    fs.writeFileSync(podsFile, explainPodsYaml(10000, 50));
    const explain = (pods: string | string[], json: boolean, outFile: string) =>
      measureCommand(process.execPath, [explainBin, 'explain', ...(json ? ['--json'] : []), poolsFile, ...[pods].flat()], {
        env,
        stdoutFile: outFile,
        okStatuses: [0, 1],
      });
    const textOut = path.join(work, 'explain.txt');
    const jsonOut = path.join(work, 'explain.json');
    const explainText: Sample[] = [];
    const explainJson: Sample[] = [];
    explain(podsFile, false, textOut);
    for (let i = 0; i < options.runs; i++) {
      explainText.push(explain(podsFile, false, textOut));
      explainJson.push(explain(podsFile, true, jsonOut));
    }
    let big: Sample | undefined;
    if (options.explain100k) {
      // One file of 43 MB: explain reads files of up to 64 MiB.
      const bigPods = path.join(work, 'pods-100000.yaml');
      fs.writeFileSync(bigPods, explainPodsYaml(100000, 50));
      big = explain(bigPods, false, path.join(work, 'explain-100000.txt'));
    }
    const lints = require('./bench-lints') as typeof import('./bench-lints');
    const unknownTypes = lints.measureValidateUnknownTypes(explainBin, work, options.runs, measureCommand, env);
    const explainSamples: ExplainSamples = {
      text: medianSample(explainText),
      json: medianSample(explainJson),
      textBytes: fs.statSync(textOut).size,
      jsonBytes: fs.statSync(jsonOut).size,
      big,
    };
    // (i): drift on a running cluster (scripts/bench-drift.ts).
    const { runDriftBench, evaluateDriftTargets, medianDriftSample } = require('./bench-drift') as typeof import('./bench-drift');
    const drift = runDriftBench(work, options.runs, (args, outFile) =>
      measureCommand(process.execPath, [explainBin, 'drift', ...args], { env, stdoutFile: outFile, okStatuses: [1] }),
    );
    // Settling: (f) as one batch beside (f) settled (explain's default), and (d)'s workload settled.
    const settleBench = require('./bench-settle') as typeof import('./bench-settle');
    const settle = settleBench.measureSettle({ explainBin, poolsFile, podsFile, simModule, runs: options.runs, env, outDir: work }, measureCommand);
    const settleReport = settleBench.settleRows(settle);
    if (!options.keep) fs.rmSync(refdir, { recursive: true, force: true });

    const checks = [
      ...settleBench.evaluateSettleTargets(settle, medianSample),
      ...evaluateTargets(medianSample(a), medianSample(b), medianSample(c), medianSample(typedLoad)),
      ...evaluateSimulatorTargets({ sim: medianSample(simSamples), lintOn: medianSample(lintOn), lintOff: medianSample(lintOff) }),
      ...evaluateExplainTargets(explainSamples),
      ...evaluateClusterTargets(medianSample(clusterSamples)),
      ...lints.evaluateLintTargets(medianSample(unknownTypes), TARGETS.maxValidateUnknownTypesMs),
      ...evaluateDriftTargets(medianDriftSample(drift.full), medianDriftSample(drift.half), TARGETS),
    ];
    const same = (d: string[]) =>
      d.length === 0 ? 'synthesizes identical Terraform JSON' : `DIFFERS in ${d.length} places:\n    ${d.join('\n    ')}`;
    const t = typed.summary;
    const typedNote =
      `${t.typedElements} L1 elements with typed config, ${t.references} references as tokens, ` +
      `${t.rawAttributes.length} attributes left raw${t.rawAttributes.length > 0 ? ` (${t.rawAttributes.slice(0, 5).join(', ')})` : ''}`;
    const header = [
      `Synth benchmark: ${options.runs} runs each after a warm-up, medians; node ${process.version}, ` +
        `${os.cpus().length} CPUs, ${files} files transpiled`,
      `(a) ${appFile}:${exportName} on the built package (dist/): ${counts.stacks} stacks, ${counts.resources} resources, ` +
        `${counts.data} data sources`,
      `    checks off (information): the same app with the NodePool and EC2NodeClass checks finding nothing; ${same(checksOffDifferences)}`,
      `(b) typed baseline: the same stacks as hand-written L1 code (${typedNote}); ${same(differences)}`,
      `    raw baseline (information): the same JSON from L1 classes with every attribute a raw override; ${same(rawDifferences)}`,
      `(c) require('${path.relative(REPO, distIndex)}'), against the typed baseline's module load (cdktf and ${t.modules.length - 1} ` +
        'provider modules)',
      '(d) simulator: load = loadInstanceTypeCatalog(), synth = simulateProvisioning (20 NodePools x 1,363 types x 1,000 pods)',
      '(e) (a) with the catalog lints on, and off',
      `(f) dist/bin explain (settled, its default; one batch: --rounds 1) on ${path.relative(refdir, poolsFile)} and 10,000 pods of 50 apps ` +
        `(${(fs.statSync(podsFile).size / 1024 / 1024).toFixed(1)} MB of YAML)${big ? ', and on 100,000 such pods in one file (one run)' : ''}`,
      '(g) simulator: (d) on 200 existing nodes with 400 bound pods, 1,000 pending pods (a third zone-spread, a tenth anti-affine)',
      lints.LINT_BENCH_HEADER,
      `(i) dist/bin drift --json: ${drift.inputMb.toFixed(1)} MB of cluster YAML (100 NodePools, 5,000 NodeClaims and Nodes, ` +
        '50,000 pods, 500 PDBs) against a changed stack; and 2,500 NodeClaims, 25,000 pods; and the 5,000 as JSON (information)',
    ].join('\n');
    process.stdout.write(
      formatReport(
        [
          { label: '(a) full example', samples: a },
          { label: '    checks off', samples: checksOff },
          { label: '(b) typed baseline', samples: b },
          { label: '    raw baseline', samples: raw },
          { label: '(c) package import', samples: c },
          { label: '    baseline module load', samples: typedLoad },
          { label: '    every dist/lib/*.js', samples: all },
          { label: '    bare node', samples: bare },
          { label: '(d) simulator', samples: simSamples },
          { label: '(e) lints on', samples: lintOn },
          { label: '    lints off', samples: lintOff },
          { label: '(f) explain, text', samples: explainText },
          { label: '    explain --json', samples: explainJson },
          ...(big ? [{ label: '    explain 100,000', samples: [big] }] : []),
          ...settleReport.rows,
          { label: '(g) simulator, cluster', samples: clusterSamples },
          { label: '(h) validate, unknown types', samples: unknownTypes },
          { label: '(i) drift, 5,000 claims', samples: drift.full as Sample[] },
          { label: '    drift, 2,500 claims', samples: drift.half as Sample[] },
          { label: '    drift, JSON input', samples: drift.json as Sample[] },
        ],
        checks,
        header,
      ),
    );
    if (big?.cpuMs !== undefined && explainSamples.text.cpuMs !== undefined) {
      const cpu = big.cpuMs / explainSamples.text.cpuMs;
      process.stdout.write(`info explain CPU time, 100,000 / 10,000 pods: ${cpu.toFixed(2)} (linear: 10)\n`);
    }
    process.stdout.write(`info ${checksShare(medianSample(a), medianSample(checksOff), medianSample(b))}\n`);
    process.stdout.write(`info ${settleReport.info}\n`);
    const rawRatio = medianSample(a).wallMs / medianSample(raw).wallMs;
    process.stdout.write(`info synth time (a) / raw baseline: ${rawRatio.toFixed(3)} (not a target: no user writes raw overrides)\n`);
    const m = medianSample(all);
    process.stdout.write(
      `info every dist/lib/*.js (what an index exporting every construct loads): ${ms0(m.loadMs)} ms, ${(m.maxRssKb / 1024).toFixed(1)} MB\n`,
    );
    if (options.keep) process.stdout.write(`kept ${work} and ${refdir}\n`);
    const missed = checks.filter((x) => !x.ok);
    const mismatch = differences.length > 0 || rawDifferences.length > 0 || checksOffDifferences.length > 0;
    if (options.check && (missed.length > 0 || mismatch)) {
      process.stderr.write(
        `bench: ${missed.length} target(s) missed${mismatch ? ', and a baseline or checks off does not match the example' : ''}\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    if (!options.keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The synthesized stack that holds the NodePools (kubernetes_manifest resources of kind NodePool). */
function nodePoolStackFile(outdir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as {
    stacks: Record<string, { synthesizedStackPath: string }>;
  };
  for (const s of Object.values(manifest.stacks)) {
    const file = path.join(outdir, s.synthesizedStackPath);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const manifests = Object.values((json.resource?.kubernetes_manifest ?? {}) as Record<string, { manifest?: { kind?: string } }>);
    if (manifests.some((m) => m.manifest?.kind === 'NodePool')) return file;
  }
  throw new Error(`no stack in ${outdir} holds a NodePool`);
}

function ms0(x: number | undefined): string {
  return x === undefined ? '-' : x.toFixed(0);
}

function countBlocks(outdir: string): { stacks: number; resources: number; data: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as {
    stacks: Record<string, { synthesizedStackPath: string }>;
  };
  let resources = 0;
  let data = 0;
  for (const s of Object.values(manifest.stacks)) {
    const json = JSON.parse(fs.readFileSync(path.join(outdir, s.synthesizedStackPath), 'utf8'));
    for (const blocks of Object.values((json.resource ?? {}) as Record<string, object>)) resources += Object.keys(blocks).length;
    for (const blocks of Object.values((json.data ?? {}) as Record<string, object>)) data += Object.keys(blocks).length;
  }
  return { stacks: Object.keys(manifest.stacks).length, resources, data };
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') runChild(argv.slice(1));
  else process.exitCode = main(argv);
}
