// The input of the bench's (f): pending pods for `explain` against the full example's pools.
//
// `explainBenchPods(n)` makes n Pod manifests from 50 apps (n / 50 replicas each, the remainder on the
// first apps), in five kinds matching the example's pools (examples/full-stack/node-pools-stack.ts):
//   0 plain requests (the app, reserved and web pools take them);
//   1 nodeSelector `example.com/workload: web` (the web spot / on-demand split);
//   2 tolerates `role=batch:NoSchedule` and selects spot (the batch pool);
//   3 a hostname topology spread (maxSkew 1, DoNotSchedule) over its own pods;
//   4 nodeSelector `kubernetes.io/arch: amd64` with a toleration it does not need.
// Requests cycle over five sizes. `explainBenchYaml` writes them as one multi-document YAML file, as
// `kubectl get pods -o yaml` split per document would; the pools come from the example's synthesized stack.

const CPU = ['100m', '250m', '500m', '1', '2'];
const MEMORY = ['128Mi', '512Mi', '1Gi', '2Gi', '4Gi'];
const NAMESPACES = ['shop', 'payments', 'search', 'batch', 'platform'];

/** The number of apps the pods come from. */
export const EXPLAIN_BENCH_APPS = 50;

/**
 * `count` pending Pod manifests from `EXPLAIN_BENCH_APPS` apps; deterministic. Each app's replicas are
 * numbered from `firstReplica`, so parts of a larger set can hold distinct pods.
 */
export function explainBenchPods(count: number, firstReplica = 0): Record<string, unknown>[] {
  const pods: Record<string, unknown>[] = [];
  const perApp = Math.floor(count / EXPLAIN_BENCH_APPS);
  const extra = count % EXPLAIN_BENCH_APPS;
  for (let a = 0; a < EXPLAIN_BENCH_APPS; a++) {
    const replicas = perApp + (a < extra ? 1 : 0);
    const app = `app-${String(a).padStart(2, '0')}`;
    const namespace = NAMESPACES[a % NAMESPACES.length];
    const spec = podSpec(a, app);
    for (let r = firstReplica; r < firstReplica + replicas; r++) {
      pods.push({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `${app}-${hash(a)}-${suffix(r)}`, namespace, labels: { app, 'pod-template-hash': hash(a) } },
        spec,
        status: { phase: 'Pending' },
      });
    }
  }
  return pods;
}

function podSpec(a: number, app: string): Record<string, unknown> {
  const container = {
    name: 'main',
    image: `registry.example.com/${app}:1.0.${a}`,
    resources: { requests: { cpu: CPU[a % CPU.length], memory: MEMORY[Math.floor(a / 5) % MEMORY.length] } },
  };
  const spec: Record<string, unknown> = { containers: [container] };
  switch (a % 5) {
    case 1:
      spec.nodeSelector = { 'example.com/workload': 'web' };
      break;
    case 2:
      spec.nodeSelector = { 'karpenter.sh/capacity-type': 'spot' };
      spec.tolerations = [{ key: 'role', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }];
      break;
    case 3:
      spec.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } },
      ];
      break;
    case 4:
      spec.nodeSelector = { 'kubernetes.io/arch': 'amd64' };
      spec.tolerations = [{ key: 'example.com/maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }];
      break;
  }
  return spec;
}

function hash(a: number): string {
  return ((a * 2654435761) >>> 0).toString(36).slice(0, 9).padStart(9, 'x');
}

function suffix(r: number): string {
  return r.toString(36).padStart(5, 'b');
}

/** The pods as multi-document YAML (block style, as kubectl prints it). */
export function explainBenchYaml(count: number, firstReplica = 0): string {
  return explainBenchPods(count, firstReplica)
    .map((p) => toBlockYaml(p, 0))
    .join('---\n');
}

/**
 * `count` pods as YAML files of at most `perFile` pods each (the CLI reads files of up to 16 MiB; 10,000 of
 * these pods are 4.3 MB), all pods distinct.
 */
export function explainBenchYamlFiles(count: number, perFile = 10000): string[] {
  const files: string[] = [];
  const replicasPerFile = Math.ceil(perFile / EXPLAIN_BENCH_APPS);
  for (let part = 0; part * perFile < count; part++) {
    files.push(explainBenchYaml(Math.min(perFile, count - part * perFile), part * replicasPerFile));
  }
  return files;
}

function toBlockYaml(value: unknown, indent: number): string {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value
      .map((v) => {
        const body = toBlockYaml(v, indent + 2);
        return `${pad}- ${body.slice(indent + 2)}`;
      })
      .join('');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([k, v]) => {
        const key = scalar(k);
        if (typeof v === 'object' && v !== null && Object.keys(v).length > 0) return `${pad}${key}:\n${toBlockYaml(v, indent + 2)}`;
        return `${pad}${key}: ${typeof v === 'object' && v !== null ? (Array.isArray(v) ? '[]' : '{}') : scalar(v)}\n`;
      })
      .join('');
  }
  return `${pad}${scalar(value)}\n`;
}

/** Plain when YAML 1.1 and 1.2 both read it back as the same string, else double-quoted. */
function scalar(v: unknown): string {
  if (typeof v !== 'string') return String(v);
  return /^[A-Za-z][A-Za-z0-9./_-]*$/.test(v) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(v) ? v : JSON.stringify(v);
}
