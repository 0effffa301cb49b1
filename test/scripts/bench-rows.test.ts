// The bench's rows on their own: the simulator figures, (a) with the checks off and on the built package, (k), (f) and (g).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App } from 'cdktf';
import { distWithoutChecks } from '../../scripts/bench/dist';
import { evaluateExplainTargets } from '../../scripts/bench/explain-rows';
import { Sample } from '../../scripts/bench/measure';
import { MANY_POOLS, buildManyPoolsApp } from '../../scripts/bench/apps/many-pools';
import { countBlocks, countManifests } from '../../scripts/bench/outdirs';
import { formatReport } from '../../scripts/bench/report';
import { evaluateClusterTargets, evaluateSimulatorTargets } from '../../scripts/bench/simulator-rows';
import { checksPerNodePoolMs, checksShare, codeCacheUse, evaluateChecksTargets, evaluateManyPoolsTargets } from '../../scripts/bench/synth-rows';
import { interleavedSynth } from '../../scripts/bench/run';
import { onPackage } from '../../scripts/bench/transpile';
import { clusterWorkload, simulatorWorkload } from '../../scripts/bench/workloads';
import { bundleLoaderJs } from '../util/bundle-loader';
import { tempDirs } from '../util/temp-dirs';

const tmp = tempDirs('bench-test-');

test('interleaved rows take turns at running first, and each keeps its own samples', () => {
  const order: string[] = [];
  const run = { work: '', build: '', env: {}, runs: 6 };
  const measure = (_run: unknown, args: readonly string[]): Sample => (order.push(args[0]), { wallMs: order.length, maxRssKb: 0 });
  const samples = interleavedSynth(run, [['a'], ['b'], ['c']], measure);
  // Rounds abc, bca, cab, then again.
  expect(order.join('')).toBe('abcbcacababcbcacab');
  // Each row's samples are its own runs, one per round.
  expect(samples.map((xs) => xs.map((x) => order[x.wallMs - 1]))).toEqual([Array(6).fill('a'), Array(6).fill('b'), Array(6).fill('c')]);
  // Each row runs first, second and third twice in six rounds.
  const positions = (row: string) => [0, 1, 2].map((p) => order.filter((r, i) => r === row && i % 3 === p).length);
  expect([positions('a'), positions('b'), positions('c')]).toEqual([
    [2, 2, 2],
    [2, 2, 2],
    [2, 2, 2],
  ]);
});

describe('simulator figures', () => {
  test('the workload is 20 NodePools and 1,000 pods, and every pod gets a verdict', () => {
    const { simulateProvisioning } = require('../../lib/core/sim');
    const w = simulatorWorkload();
    expect(w.nodePools).toHaveLength(20);
    const result = simulateProvisioning(w);
    expect(result.pods).toHaveLength(1000);
    expect(result.nodePools.filter((p: { admittedInstanceTypes: string[] }) => p.admittedInstanceTypes.length > 0).length).toBeGreaterThan(15);
  });

  test('targets: catalog load, simulation time and the lint on/off ratio', () => {
    const s = (x: Partial<Sample>): Sample => ({ wallMs: 0, maxRssKb: 0, ...x });
    const checks = evaluateSimulatorTargets({
      sim: s({ loadMs: 30, synthMs: 2500 }),
      lintOn: s({ buildMs: 105, synthMs: 110 }),
      lintOff: s({ buildMs: 100, synthMs: 100 }),
    });
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['catalog load', true],
      ['simulation, 20 NodePools x 1,000 pods', false],
      ['full example build+synth, catalog lints on/off', true],
    ]);
    expect(checks[2].value).toBeCloseTo(1.075);
  });
});

describe('(a) with the NodePool and EC2NodeClass checks off', () => {
  // Two modules as esbuild writes them, each a method named by its path in dist.
  const BUNDLE = [
    'const modules = {',
    '  "dist/lib/core/api/node-pool-plan.js"(exports2) {',
    "    globalThis.__planRan = true; require('./sim');",
    '    exports2.planNodePool = () => "checked";',
    '  },',
    '  "dist/lib/core/validation/validate-ec2nodeclass.js"(exports2) {',
    '    exports2.validateEc2NodeClass = validateEc2NodeClass;',
    '    function validateEc2NodeClass() { return ["issue"]; }',
    '    exports2.validateEc2NodeClass = validateEc2NodeClass;',
    '  },',
    '};',
    'module.exports = Object.fromEntries(Object.entries(modules).map(([k, f]) => { const e = {}; f(e); return [k, e]; }));',
    '',
  ].join('\n');

  test('the copy takes planNodePool from the child without running the checks, and validateEc2NodeClass finds nothing', () => {
    const dist = path.join(tmp(), 'lib');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'bundle.js'), BUNDLE);
    fs.writeFileSync(path.join(dist, 'index.js'), "module.exports = require('./bundle.js');\n");
    fs.writeFileSync(path.join(dist, 'bundle.js.code-cache'), 'the package bundle’s cache');
    const index = distWithoutChecks(dist, path.join(tmp(), 'lib'));
    // The package's cache is for another text: the copy does not keep it (a caller with the stub writes its own).
    expect(fs.existsSync(path.join(path.dirname(index), 'bundle.js.code-cache'))).toBe(false);
    const script = [
      'globalThis.__benchNodePoolChecksOff = () => "stub";',
      `const m = require(${JSON.stringify(index)});`,
      'console.log(JSON.stringify([m["dist/lib/core/api/node-pool-plan.js"].planNodePool(), globalThis.__planRan ?? false,',
      '  m["dist/lib/core/validation/validate-ec2nodeclass.js"].validateEc2NodeClass()]));',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(JSON.parse(r.stdout)).toEqual(['stub', false, []]);
    // The original is untouched.
    expect(fs.readFileSync(path.join(dist, 'bundle.js'), 'utf8')).toBe(BUNDLE);
  });

  test('the code cache line says what became of each bundle’s cache, the checks’ bundle only where a synth reads it', () => {
    const lib = tmp();
    const loader = bundleLoaderJs();
    const load = (f: string) => `require("./private/code-cache.js").loadBundle(require("path").join(__dirname, "${f}"), () => require("./${f}"))`;
    fs.mkdirSync(path.join(lib, 'private'));
    fs.writeFileSync(path.join(lib, 'private', 'code-cache.js'), loader);
    fs.writeFileSync(path.join(lib, 'index.js'), `module.exports = ${load('bundle.js')}.root();\n`);
    fs.writeFileSync(path.join(lib, 'bundle.js'), `exports.root = () => ({ loadInstanceTypeCatalog: () => ${load('bundle-checks.js')} });\n`);
    fs.writeFileSync(path.join(lib, 'bundle-checks.js'), 'exports.checks = true;\n');
    const run = { work: lib, build: lib, env: process.env, runs: 1 };
    expect(codeCacheUse(run, path.join(lib, 'index.js'), true)).toBe('bundle.js absent, bundle-checks.js absent');
    expect(codeCacheUse(run, path.join(lib, 'index.js'), false)).toBe('bundle.js absent');
  });

  test('a bundle without the module it patches is an error, not a run with the checks on', () => {
    const dist = path.join(tmp(), 'lib');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'bundle.js'), BUNDLE.replace('node-pool-plan.js', 'plan.js'));
    expect(() => distWithoutChecks(dist, path.join(tmp(), 'lib'))).toThrow(/no single module core\/api\/node-pool-plan\.js/);
  });

  test('targets: (a) checks off within 1.10x (b), and the checks within 8 ms of CPU per NodePool, limits included', () => {
    const s = (wallMs: number, childCpuMs: number): Sample => ({ wallMs, maxRssKb: 0, childCpuMs });
    // Medians: checks off 1100 / 1000 wall; CPU (440 - 400) / 5 = 8 ms per NodePool.
    const met = { a: [s(1300, 430), s(1200, 440), s(1250, 450)], checksOff: [s(1100, 400), s(1000, 390), s(1150, 410)], b: [s(1000, 0)] };
    expect(evaluateChecksTargets(met, 5).map((c) => [c.name, c.value, c.ok])).toEqual([
      ['synth time (a) with the checks off / (b)', 1.1, true],
      ['the checks per NodePool, cold process, CPU ((a) - checks off) / 5', 8, true],
    ]);
    const missed = evaluateChecksTargets({ ...met, a: [s(1200, 441)], checksOff: [s(1101, 400)] }, 5);
    expect(missed.map((c) => c.ok)).toEqual([false, false]);
    expect(formatReport([], missed, 'h')).toMatch(
      /MISS the checks per NodePool, cold process, CPU \(\(a\) - checks off\) \/ 5: 8\.2 ms per NodePool/,
    );
  });

  test('the checks per NodePool: the difference of the medians of CPU time, not of wall time', () => {
    const s = (wallMs: number, childCpuMs?: number): Sample => ({ wallMs, maxRssKb: 0, childCpuMs });
    expect(checksPerNodePoolMs([s(900, 300), s(100, 310), s(500, 320)], [s(100, 200), s(900, 210)], 10)).toBe(10.5);
    // A child that reported no CPU time gives no figure, which misses.
    expect(checksPerNodePoolMs([s(900)], [s(100, 200)], 10)).toBeNaN();
  });

  test('the share: its time, (a)/(b) without the checks, and what they take of (a)', () => {
    const s = (wallMs: number): Sample => ({ wallMs, maxRssKb: 0 });
    expect(checksShare(s(567), s(532), s(484))).toBe(
      '(a) with the NodePool and EC2NodeClass checks off: 532 ms, (a)/(b) 1.099; the checks take 35 ms of (a)',
    );
  });
});

describe('(k) 100 NodePools and 20 EC2NodeClasses', () => {
  test('target: at most 1.25x its typed baseline, wall time of the medians', () => {
    const s = (wallMs: number): Sample => ({ wallMs, maxRssKb: 0 });
    expect(evaluateManyPoolsTargets({ k: [s(1250), s(1300), s(1200)], typed: [s(1000)] })).toEqual([
      { name: 'synth time (k) 100 NodePools, 20 EC2NodeClasses / its typed baseline', value: 1.25, limit: 1.25, unit: 'x', ok: true },
    ]);
    expect(evaluateManyPoolsTargets({ k: [s(1251)], typed: [s(1000)] })[0].ok).toBe(false);
  });

  test('the app makes 100 NodePools over 20 EC2NodeClasses, as manifests of one stack', () => {
    const outdir = tmp();
    const app = new App({ outdir });
    buildManyPoolsApp(app);
    app.synth();
    expect([countManifests(outdir, 'NodePool'), countManifests(outdir, 'EC2NodeClass')]).toEqual([MANY_POOLS.nodePools, MANY_POOLS.nodeClasses]);
    expect(countBlocks(outdir).stacks).toBe(1);
  });
});

describe('explain figures (f)', () => {
  test('targets: wall and memory of both runs, output sizes, and 100,000 pods when measured', () => {
    const x = (wallMs: number, mb: number): Sample => ({ wallMs, maxRssKb: mb * 1024 });
    const checks = evaluateExplainTargets({
      text: x(1500, 200),
      json: x(2100, 250),
      textBytes: 200 * 1024,
      jsonBytes: 7 * 1024 * 1024,
      big: x(19000, 900),
    });

    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['explain 10,000 pods (text), wall', true],
      ['explain 10,000 pods (text), peak RSS', true],
      ['explain 10,000 pods (--json), wall', false],
      ['explain 10,000 pods (--json), peak RSS', true],
      ['explain 10,000 pods, text output', true],
      ['explain 10,000 pods, JSON output', false],
      ['explain 100,000 pods (text), wall', true],
      ['explain 100,000 pods (text), peak RSS', true],
      ['explain wall time, 100,000 / 10,000 pods', false],
    ]);
    expect(checks[8].value).toBeCloseTo(12.667);
    expect(evaluateExplainTargets({ text: x(1, 1), json: x(1, 1), textBytes: 1, jsonBytes: 1 })).toHaveLength(6);
  });
});

describe('existing-cluster figures (g)', () => {
  const w = clusterWorkload();

  test('200 initialized nodes of the pools with their labels and resources, and 400 bound pods on them', () => {
    const nodes = w.nodes as any[];
    expect(nodes).toHaveLength(200);
    const pools = new Set((w.nodePools as any[]).map((p) => p.metadata.name));
    for (const n of nodes) {
      expect(Object.keys(n.metadata.labels)).toEqual(
        expect.arrayContaining([
          'kubernetes.io/hostname',
          'topology.kubernetes.io/zone',
          'karpenter.sh/nodepool',
          'karpenter.sh/initialized',
          'node.kubernetes.io/instance-type',
          'karpenter.sh/capacity-type',
        ]),
      );
      expect(pools).toContain(n.metadata.labels['karpenter.sh/nodepool']);
      expect(n.metadata.labels['karpenter.sh/initialized']).toBe('true');
      expect(w.zones).toContain(n.metadata.labels['topology.kubernetes.io/zone']);
      expect(n.status.allocatable.cpu).toBeDefined();
      expect(n.status.capacity.memory).toBeDefined();
    }
    const names = new Set(nodes.map((n) => n.metadata.name));
    const bound = (w.pods as any[]).filter((p) => p.spec?.nodeName !== undefined);
    expect(bound).toHaveLength(400);
    expect(bound.every((p) => names.has(p.spec.nodeName))).toBe(true);
  });

  test('1,000 pending pods: a third spread over zone, a tenth with hostname anti-affinity', () => {
    const workloads = (w.pods as any[]).filter((p) => p.kind === 'Deployment');
    const replicas = (f: (spec: any) => boolean) => workloads.filter((d) => f(d.spec.template.spec)).reduce((n, d) => n + d.spec.replicas, 0);

    expect(replicas(() => true)).toBe(1000);
    expect(
      replicas((s) =>
        s.topologySpreadConstraints?.some(
          (t: any) => t.topologyKey === 'topology.kubernetes.io/zone' && t.maxSkew === 1 && t.whenUnsatisfiable === 'DoNotSchedule',
        ),
      ),
    ).toBe(333);
    expect(
      replicas((s) => s.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0]?.topologyKey === 'kubernetes.io/hostname'),
    ).toBe(100);
    expect(w.zones).toHaveLength(3);
  });

  test('the simulator takes the input and gives every pending pod a verdict', () => {
    const { simulateProvisioning } = require('../../lib/core/sim');
    expect(simulateProvisioning(w).pods.length).toBeGreaterThanOrEqual(1000);
  });

  test('target: the simulation time', () => {
    expect(evaluateClusterTargets({ wallMs: 0, maxRssKb: 0, synthMs: 2000 })[0].ok).toBe(true);
    expect(evaluateClusterTargets({ wallMs: 0, maxRssKb: 0, synthMs: 2001 })[0].ok).toBe(false);
  });
});

describe('(a) on the built package', () => {
  const tree = (files: Record<string, string>): string => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'on-package-'));
    fs.mkdirSync(path.join(build, 'lib'));
    for (const [f, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(build, f)), { recursive: true });
      fs.writeFileSync(path.join(build, f), text);
    }
    return build;
  };

  test('the examples’ imports of the library load the package entry; their own imports stay', () => {
    const build = tree({
      'examples/full-stack/app.js': 'const lib = require("../../lib");\nconst shared = require("../shared/backend");\n',
      'examples/shared/backend.js': 'const lib_1 = require("../../lib");\n',
    });
    try {
      const app = onPackage(build, 'examples/full-stack/app.ts', '/pkg/dist/lib/index.js');
      expect(app).toBe(path.join(build, 'on-package', 'examples', 'full-stack', 'app.js'));
      expect(fs.readFileSync(app, 'utf8')).toBe('const lib = require("/pkg/dist/lib/index.js");\nconst shared = require("../shared/backend");\n');
      expect(fs.readFileSync(path.join(build, 'on-package', 'examples', 'shared', 'backend.js'), 'utf8')).toContain(
        'require("/pkg/dist/lib/index.js")',
      );
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  test('a deep import of the sources is refused: it would load them beside the package', () => {
    const build = tree({ 'examples/full-stack/app.js': 'const x = require("../../lib/core/sim");\n' });
    try {
      expect(() => onPackage(build, 'examples/full-stack/app.ts', '/pkg/dist/lib/index.js')).toThrow(/is not the package entry/);
    } finally {
      fs.rmSync(build, { recursive: true, force: true });
    }
  });
});
