// Pending pods for `explain` at scale (the bench's (f): explain on 10,000 pending pods):
//   npx ts-node --transpile-only scripts/generate-explain-pods.ts [--pods 10000] [--apps 50] [--out pods.yaml] [--pools pools.tf.json]
//
// Writes `--pods` Pod documents (default 10,000; stdout without --out), the replicas of `--apps` apps (default 50):
// a mix of requests, node selectors, tolerations and hostname spreads aimed at the full example's pools
// (examples/full-stack: app, batch, reserved, web-spot, web-on-demand). `--pools FILE` also writes that example's
// synthesized node-pools stack (cdk.tf.json), so `explain FILE pods.yaml` needs no `npm run main`.
// The output is deterministic: the same arguments give the same bytes.
import * as fs from 'fs';
import { stringify } from 'yaml';

const CPU = ['100m', '250m', '500m', '1', '2', '4', '750m'];
const MEMORY = ['128Mi', '512Mi', '1Gi', '2Gi', '4Gi', '8Gi', '3Gi', '256Mi', '6Gi'];

/** What app `i` asks for: every rule is one modulo, so the mix is even and reproducible. */
function appSpec(i: number): Record<string, unknown> {
  const app = `app-${String(i).padStart(2, '0')}`;
  const spec: Record<string, unknown> = {};
  const nodeSelector: Record<string, string> = {};
  // Every 5th app runs on the web pools (their template label), every 7th on-demand only.
  if (i % 5 === 1) nodeSelector['example.com/workload'] = 'web';
  if (i % 7 === 2) nodeSelector['karpenter.sh/capacity-type'] = 'on-demand';
  if (i % 6 === 3) nodeSelector['kubernetes.io/arch'] = 'amd64';
  // Every 4th app is a batch job: it tolerates the batch pool's taint and asks for it.
  if (i % 4 === 0) {
    nodeSelector['karpenter.sh/nodepool'] = 'batch';
    spec.tolerations = [{ key: 'role', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }];
  }
  if (Object.keys(nodeSelector).length > 0) spec.nodeSelector = nodeSelector;
  // Every 3rd app spreads over nodes.
  if (i % 3 === 0) {
    spec.topologySpreadConstraints = [
      { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } },
    ];
  }
  // One app no node can hold: its pods stay pending with the same reason.
  const cpu = i === 49 ? '300' : CPU[i % CPU.length];
  spec.containers = [{ name: 'main', image: `registry.example.com/${app}:1`, resources: { requests: { cpu, memory: MEMORY[i % MEMORY.length] } } }];
  return spec;
}

function podYaml(app: number, replica: number): string {
  const name = `app-${String(app).padStart(2, '0')}`;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `${name}-${replica}`, namespace: `team-${app % 10}`, labels: { app: name } },
    spec: appSpec(app),
    status: { phase: 'Pending' },
  };
  // As kubectl prints YAML: block style, sequences not indented under their key.
  return stringify(pod, { indentSeq: false, lineWidth: 0 });
}

function option(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}

function count(args: string[], flag: string, fallback: number): number {
  const raw = option(args, flag);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} takes a positive whole number, not ${raw}`);
  return n;
}

/** The full example's node-pools stack, synthesized (what `npm run main` writes to cdktf.out/stacks/<pools>/cdk.tf.json). */
export function fullExamplePools(): string {
  const { Testing } = require('cdktf') as typeof import('cdktf');
  const { buildFullStackApp } = require('../examples/full-stack/app') as typeof import('../examples/full-stack/app');
  const example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'us-east-1', availabilityZones: ['us-east-1a', 'us-east-1b'] });
  return Testing.synth(example.nodePools, true);
}

/** The YAML of `pods` Pod documents, the replicas of `apps` apps (round robin), one `---` between documents. */
export function explainPodsYaml(pods: number, apps: number): string {
  const chunks: string[] = [];
  for (let k = 0; k < pods; k++) chunks.push(podYaml(k % apps, Math.floor(k / apps)));
  return `# ${pods} pending pods of ${apps} apps: scripts/generate-explain-pods.ts\n${chunks.join('---\n')}`;
}

function main(args: string[]): void {
  const pods = count(args, '--pods', 10_000);
  const apps = Math.min(count(args, '--apps', 50), pods);
  const out = option(args, '--out');
  const pools = option(args, '--pools');
  const yaml = explainPodsYaml(pods, apps);
  if (out === undefined) process.stdout.write(yaml);
  else fs.writeFileSync(out, yaml);
  if (pools !== undefined) fs.writeFileSync(pools, fullExamplePools());
}

if (require.main === module) main(process.argv.slice(2));
