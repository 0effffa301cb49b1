// Bench (i): `drift` as a user runs it (dist/bin) on a running cluster of 100 NodePools, 5,000 NodeClaims (their Nodes)
// and 50,000 pods, as `kubectl get nodepools,ec2nodeclasses,nodeclaims,nodes,pods,pdb -A -o yaml` prints it, against a
// changed synthesized stack; and on half the NodeClaims and pods, for the growth. `npm run bench` runs it as part of the
// report; `npx ts-node --transpile-only scripts/bench-drift.ts [--runs N]` runs it alone (on dist/, built first).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { dump, load } from 'js-yaml';
import { ec2NodeClassHash } from '../lib/core/drift/ec2nodeclass-hash';
import { nodePoolHash } from '../lib/core/drift/nodepool-hash';
import { measureCommand } from './bench/measure';
import { TARGETS } from './bench/targets';

/** The figures of one measured process. */
export interface DriftSample {
  readonly wallMs: number;
  readonly maxRssKb: number;
  readonly cpuMs?: number;
}

export interface DriftTargets {
  /** (i) `drift` on 5,000 NodeClaims and 50,000 pods: wall time of the process, ms. */
  readonly maxDriftMs: number;
  /** (i) wall time of 5,000 over 2,500 NodeClaims (and pods); linear growth is 2, less with the fixed start-up. */
  readonly maxDriftGrowth: number;
}

const POOLS = 100;
const PODS_PER_NODE = 10;
const CATEGORIES = ['c', 'm', 'r'];
const CLASS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };

function pool(i: number, edit?: 'label' | 'narrow' | 'budget'): Record<string, unknown> {
  const name = `pool-${String(i).padStart(3, '0')}`;
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: { name },
    spec: {
      template: {
        metadata: { labels: { team: edit === 'label' ? `t${i}-new` : `t${i}` } },
        spec: {
          nodeClassRef: CLASS_REF,
          expireAfter: '720h',
          requirements: [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
            { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: edit === 'narrow' ? ['c', 'm'] : CATEGORIES },
          ],
        },
      },
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '1m',
        budgets: edit === 'budget' ? [{ nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' }, { nodes: '20%' }] : [{ nodes: '10%' }],
      },
      limits: { cpu: '1000' },
    },
  };
}

const NODE_CLASS = {
  apiVersion: 'karpenter.k8s.aws/v1',
  kind: 'EC2NodeClass',
  metadata: { name: 'default' },
  spec: {
    role: 'KarpenterNodeRole-bench',
    amiSelectorTerms: [{ alias: 'al2023@latest' }],
    subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'bench' } }],
    securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'bench' } }],
  },
};

/** The NodeClaim `n` of the cluster, its Node and its pods. */
function claimItems(n: number, hashes: readonly string[], classHash: string): unknown[] {
  const items: unknown[] = [];
  const i = n % POOLS;
  const name = `pool-${String(i).padStart(3, '0')}-${n.toString(36).padStart(5, '0')}`;
  const category = CATEGORIES[n % 3];
  items.push({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name,
      labels: {
        'karpenter.sh/nodepool': `pool-${String(i).padStart(3, '0')}`,
        'karpenter.sh/capacity-type': n % 4 === 0 ? 'on-demand' : 'spot',
        'karpenter.k8s.aws/instance-category': category,
        'node.kubernetes.io/instance-type': `${category}6i.large`,
        'kubernetes.io/arch': 'amd64',
        team: `t${i}`,
      },
      annotations: {
        'karpenter.sh/nodepool-hash': hashes[i],
        'karpenter.sh/nodepool-hash-version': 'v3',
        'karpenter.k8s.aws/ec2nodeclass-hash': classHash,
        'karpenter.k8s.aws/ec2nodeclass-hash-version': 'v5',
      },
    },
    spec: { nodeClassRef: CLASS_REF },
    status: {
      nodeName: name,
      providerID: `aws:///eu-west-1a/i-${n.toString(16).padStart(17, '0')}`,
      conditions: [
        { type: 'Launched', status: 'True' },
        { type: 'Initialized', status: 'True' },
      ],
    },
  });
  items.push({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'karpenter.sh/nodepool': `pool-${String(i).padStart(3, '0')}`, 'karpenter.sh/initialized': 'true' } },
    status: { conditions: [{ type: 'Ready', status: n % 50 === 0 ? 'False' : 'True' }] },
  });
  for (let k = 0; k < PODS_PER_NODE; k++) {
    const app = `app-${(n * PODS_PER_NODE + k) % 500}`;
    items.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${app}-${n}-${k}`,
        namespace: `ns-${k}`,
        labels: { app },
        ...(k === 0 && n % 100 === 0 ? { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } } : {}),
      },
      spec: { nodeName: name, containers: [{ name: 'app', image: 'registry.example/app:1' }] },
      status: { phase: 'Running' },
    });
  }
  return items;
}

/** The running cluster as one `kind: List` of YAML: pools with their hash annotations, claims, nodes, pods, PDBs. */
export function driftClusterYaml(nodeClaims: number): string {
  const classHash = ec2NodeClassHash(NODE_CLASS, { caBundle: 'YmVuY2gtY2E=' })!;
  const items: unknown[] = [
    {
      ...NODE_CLASS,
      metadata: {
        name: 'default',
        annotations: { 'karpenter.k8s.aws/ec2nodeclass-hash': classHash, 'karpenter.k8s.aws/ec2nodeclass-hash-version': 'v5' },
      },
    },
  ];
  const hashes: string[] = [];
  for (let i = 0; i < POOLS; i++) {
    const p = pool(i);
    hashes.push(nodePoolHash(p)!);
    items.push({
      ...p,
      metadata: {
        name: (p.metadata as { name: string }).name,
        annotations: { 'karpenter.sh/nodepool-hash': hashes[i], 'karpenter.sh/nodepool-hash-version': 'v3' },
      },
    });
  }
  for (let n = 0; n < nodeClaims; n++) items.push(...claimItems(n, hashes, classHash));
  for (let k = 0; k < PODS_PER_NODE; k++) {
    for (let a = 0; a < 50; a++) {
      items.push({
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: `app-${a * 10}`, namespace: `ns-${k}` },
        spec: { selector: { matchLabels: { app: `app-${a * 10}` } }, maxUnavailable: 1 },
        status: { disruptionsAllowed: a % 2 },
      });
    }
  }
  return dump({ apiVersion: 'v1', kind: 'List', items }, { noRefs: true, lineWidth: -1 });
}

/** The changed synth: a quarter of the pools with a new template label, a quarter narrowed, a quarter with new budgets. */
export function driftStackJson(): string {
  const edits = ['label', 'narrow', 'budget', undefined] as const;
  const resources: Record<string, { manifest: unknown }> = { node_class: { manifest: NODE_CLASS } };
  for (let i = 0; i < POOLS; i++) resources[`pool_${i}`] = { manifest: pool(i, edits[Math.floor(i / (POOLS / 4))]) };
  return JSON.stringify({ resource: { kubernetes_manifest: resources } });
}

export interface DriftBenchResult {
  readonly full: DriftSample[];
  readonly half: DriftSample[];
  /** The same cluster as `kubectl get ... -o json` prints it (information). */
  readonly json: DriftSample[];
  readonly outputBytes: number;
  readonly inputMb: number;
}

/**
 * Runs (i): `measure(args)` spawns `node <bin> drift ...args` and returns its sample. One warm-up, then `runs`
 * interleaved runs on 5,000 and 2,500 NodeClaims.
 */
export function runDriftBench(work: string, runs: number, measure: (args: string[], outFile: string) => DriftSample): DriftBenchResult {
  const after = path.join(work, 'drift-after.tf.json');
  fs.writeFileSync(after, driftStackJson());
  const full = path.join(work, 'drift-cluster-5000.yaml');
  const half = path.join(work, 'drift-cluster-2500.yaml');
  const fullYaml = driftClusterYaml(5000);
  fs.writeFileSync(full, fullYaml);
  fs.writeFileSync(half, driftClusterYaml(2500));
  const asJson = path.join(work, 'drift-cluster-5000.json');
  fs.writeFileSync(asJson, JSON.stringify(load(fullYaml)));
  const out = path.join(work, 'drift.json');
  const args = (cluster: string) => ['--from', cluster, after, '--json', '--at', '2026-12-07T10:00:00Z'];
  measure(args(full), out);
  const result: DriftBenchResult = { full: [], half: [], json: [], outputBytes: 0, inputMb: fs.statSync(full).size / 1024 / 1024 };
  for (let i = 0; i < runs; i++) {
    result.full.push(measure(args(full), out));
    result.half.push(measure(args(half), path.join(work, 'drift-half.json')));
    result.json.push(measure(args(asJson), path.join(work, 'drift-from-json.json')));
  }
  return { ...result, outputBytes: fs.statSync(out).size };
}

/** (i) against the targets: the medians' wall time, and its growth from 2,500 to 5,000 NodeClaims. */
export function evaluateDriftTargets(
  full: DriftSample,
  half: DriftSample,
  targets: DriftTargets,
): { name: string; value: number; limit: number; unit: string; ok: boolean }[] {
  const growth = full.wallMs / half.wallMs;
  return [
    {
      name: 'drift 5,000 NodeClaims, 50,000 pods, wall',
      value: full.wallMs,
      limit: targets.maxDriftMs,
      unit: 'ms',
      ok: full.wallMs <= targets.maxDriftMs,
    },
    {
      name: 'drift wall time, 5,000 / 2,500 NodeClaims',
      value: growth,
      limit: targets.maxDriftGrowth,
      unit: 'x',
      ok: growth <= targets.maxDriftGrowth,
    },
  ];
}

function medianOf(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function medianDriftSample(samples: readonly DriftSample[]): DriftSample {
  const cpu = samples.map((s) => s.cpuMs).filter((x): x is number => x !== undefined);
  return {
    wallMs: medianOf(samples.map((s) => s.wallMs)),
    maxRssKb: medianOf(samples.map((s) => s.maxRssKb)),
    ...(cpu.length > 0 ? { cpuMs: medianOf(cpu) } : {}),
  };
}

if (require.main === module) {
  // Alone: on dist/ as it is (run `npm run build` first), with the bench's process measurement.
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
  const bin = path.join(__dirname, '..', 'dist', 'bin', 'karpenter-validate.js');
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-bench-drift-'));
  try {
    const r = runDriftBench(work, runs, (args, outFile) =>
      measureCommand(process.execPath, [bin, 'drift', ...args], { stdoutFile: outFile, okStatuses: [1] }),
    );
    const full = medianDriftSample(r.full);
    const half = medianDriftSample(r.half);
    const line = (label: string, s: DriftSample) =>
      `${label}: ${s.wallMs.toFixed(0)} ms wall, ${s.cpuMs === undefined ? '-' : s.cpuMs.toFixed(0)} ms CPU, ${(s.maxRssKb / 1024).toFixed(0)} MB\n`;
    process.stdout.write(
      `(i) drift on ${r.inputMb.toFixed(1)} MB of cluster YAML, ${runs} runs, medians; JSON output ${(r.outputBytes / 1024).toFixed(0)} KB\n`,
    );
    process.stdout.write(
      line('    5,000 NodeClaims', full) + line('    2,500 NodeClaims', half) + line('    5,000, JSON input', medianDriftSample(r.json)),
    );
    for (const c of evaluateDriftTargets(full, half, TARGETS)) {
      process.stdout.write(`${c.ok ? 'ok  ' : 'MISS'} ${c.name}: ${c.value.toFixed(c.unit === 'x' ? 2 : 0)} ${c.unit} (target <= ${c.limit})\n`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
