// The main job: synthesize the full example (all three stacks) into cdktf.out (or $KARPENTER_MAIN_OUTDIR),
// print their synth warnings, then plan its AWS stack offline with terraform when terraform and the
// provider mirror are here.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from 'cdktf';
import { buildFullStackApp } from '../examples/full-stack/app';
import { isTerraformAvailable, planStack, stackDirectory, terraformPluginMirror } from '../lib/testing/terraform-plan';
import { formatWarnings, stackWarnings } from './synth-warnings';

async function main(): Promise<number> {
  const outdir = path.resolve(process.env.KARPENTER_MAIN_OUTDIR || path.join(__dirname, '..', 'cdktf.out'));
  const app = new App({ outdir });
  const stacks = buildFullStackApp(app);
  app.synth();
  console.log(`Synthesized ${Object.keys(stacks).length} stacks into ${outdir}:`);
  const all: TerraformStack[] = [stacks.infra, stacks.controller, stacks.nodePools];
  for (const s of all) {
    const deps = s.dependencies.map((d) => d.node.id);
    console.log(`  ${s.node.id}${deps.length ? ` (after ${deps.join(', ')})` : ''}`);
  }
  console.log(`\n${formatWarnings(stackWarnings(all)).join('\n')}`);

  const infraName = stacks.infra.node.id;
  if (!isTerraformAvailable() || !fs.existsSync(terraformPluginMirror())) {
    console.warn(`\n*** SKIPPED the offline plan of ${infraName}: terraform or the provider mirror ${terraformPluginMirror()} is missing. ***`);
    return 0;
  }
  // Plan a copy: the offline override (fake keys) must never sit next to the real stack.
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-plan-'));
  try {
    fs.cpSync(stackDirectory(outdir, infraName), workdir, { recursive: true });
    const started = Date.now();
    const result = await planStack(workdir, { offlineOverrides: true });
    const byType = new Map<string, number>();
    for (const r of result.resources) byType.set(`${r.action} ${r.type}`, (byType.get(`${r.action} ${r.type}`) ?? 0) + 1);
    console.log(`\nOffline terraform plan of ${infraName} (${((Date.now() - started) / 1000).toFixed(1)} s):`);
    for (const [k, n] of [...byType].sort()) console.log(`  ${String(n).padStart(3)}  ${k}`);
    const creates = result.resources.filter((r) => r.action === 'create').length;
    // planStack throws when terraform validate fails, so reaching here means it passed.
    console.log(`Plan: ${creates} to add; terraform validate passed.`);
    return 0;
  } finally {
    fs.rmSync(workdir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
