// Reading synthesized output directories (cdktf's manifest.json and its stacks): the bench compares a baseline's
// output with the app's, counts what the app made, and finds the stack the CLI rows read.
import * as fs from 'fs';
import * as path from 'path';

type StacksManifest = { stacks: Record<string, { synthesizedStackPath: string }> };

function readManifest(outdir: string): StacksManifest {
  return JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as StacksManifest;
}

/** Each stack's synthesized JSON, in the manifest's order. */
function stackJsons(outdir: string): any[] {
  return Object.values(readManifest(outdir).stacks).map((s) => JSON.parse(fs.readFileSync(path.join(outdir, s.synthesizedStackPath), 'utf8')));
}

/** Compares two synthesized output directories stack by stack, ignoring cdktf's `//` metadata. */
export function compareOutdirs(expectedDir: string, actualDir: string): string[] {
  const expected = readManifest(expectedDir);
  const actual = readManifest(actualDir);
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

/** One line on whether a baseline's output matched the app's (`compareOutdirs`' problems). */
export function sameOutput(differences: readonly string[]): string {
  return differences.length === 0
    ? 'synthesizes identical Terraform JSON'
    : `DIFFERS in ${differences.length} places:\n    ${differences.join('\n    ')}`;
}

/** The synthesized stack that holds the NodePools (kubernetes_manifest resources of kind NodePool). */
export function nodePoolStackFile(outdir: string): string {
  for (const s of Object.values(readManifest(outdir).stacks)) {
    const file = path.join(outdir, s.synthesizedStackPath);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const manifests = Object.values((json.resource?.kubernetes_manifest ?? {}) as Record<string, { manifest?: { kind?: string } }>);
    if (manifests.some((m) => m.manifest?.kind === 'NodePool')) return file;
  }
  throw new Error(`no stack in ${outdir} holds a NodePool`);
}

/** Stacks, resources and data sources of a synthesized output directory. */
export function countBlocks(outdir: string): { stacks: number; resources: number; data: number } {
  let resources = 0;
  let data = 0;
  const stacks = stackJsons(outdir);
  for (const json of stacks) {
    for (const blocks of Object.values((json.resource ?? {}) as Record<string, object>)) resources += Object.keys(blocks).length;
    for (const blocks of Object.values((json.data ?? {}) as Record<string, object>)) data += Object.keys(blocks).length;
  }
  return { stacks: stacks.length, resources, data };
}

/** The `kubernetes_manifest` resources of `kind` in every stack of a synthesized output directory. */
export function countManifests(outdir: string, kind: string): number {
  let n = 0;
  for (const json of stackJsons(outdir)) {
    for (const m of Object.values((json.resource?.kubernetes_manifest ?? {}) as Record<string, { manifest?: { kind?: string } }>)) {
      if (m.manifest?.kind === kind) n++;
    }
  }
  return n;
}
