// The bench's baseline: an app with the same stacks, providers and Terraform blocks as the full
// example, built from raw provider (L1) classes and literal values, with none of our constructs.
//
// Why this baseline: it is rebuilt from the example's own synthesized `cdk.tf.json`, so it has
// exactly the example's resource types, counts, attribute values, providers and stacks, and
// loads exactly the provider modules those types need. Timing the two apps therefore measures
// only what our layer adds (loading lib/, models, validation, rendering Helm values and
// manifests) and never drifts from the example as the example changes. `reproduce` reports
// whatever could not be rebuilt, and the bench checks that both synthesize the same JSON.
import * as fs from 'fs';
import * as path from 'path';
import {
  App,
  LocalBackend,
  TerraformDataSource,
  TerraformElement,
  TerraformLocal,
  TerraformOutput,
  TerraformProvider,
  TerraformResource,
  TerraformStack,
  TerraformVariable,
} from 'cdktf';

/** Provider packages that ship L1 classes, by provider (type prefix). */
const PROVIDER_PACKAGES: Record<string, string> = {
  aws: '@cdktf/provider-aws',
  helm: '@cdktf/provider-helm',
  kubernetes: '@cdktf/provider-kubernetes',
};

/** What `buildBaselineApp` rebuilt. */
export interface BaselineSummary {
  /** Stack names, in the reference's order. */
  readonly stacks: string[];
  /** Resources and data sources created from provider L1 classes. */
  readonly l1Elements: number;
  /** Resources and data sources created generically (no L1 class installed for the type). */
  readonly genericElements: number;
  /** Top-level blocks that were copied with a raw override instead of an element. */
  readonly rawOverrides: string[];
}

type Json = Record<string, any>;

/**
 * Adds to `app` one stack per stack in the synthesized output directory `referenceOutdir`
 * (`<outdir>/manifest.json` and `stacks/<name>/cdk.tf.json`), each rebuilt from L1 classes.
 */
export function buildBaselineApp(app: App, referenceOutdir: string): BaselineSummary {
  const summary = { stacks: [] as string[], l1Elements: 0, genericElements: 0, rawOverrides: [] as string[] };
  for (const [name, json] of preloadBaseline(referenceOutdir)) {
    reproduce(new TerraformStack(app, name), json, summary);
    summary.stacks.push(name);
  }
  return summary;
}

const references = new Map<string, [string, Json][]>();

/**
 * Reads the reference JSON and loads every L1 module it needs, so the bench counts module
 * loading in the baseline's load phase, as it does for the example (whose imports load them).
 * `buildBaselineApp` calls it too; calling it first only moves the work.
 */
export function preloadBaseline(referenceOutdir: string): [string, Json][] {
  const cached = references.get(referenceOutdir);
  if (cached) return cached;
  const manifest = JSON.parse(fs.readFileSync(path.join(referenceOutdir, 'manifest.json'), 'utf8')) as {
    stacks: Record<string, { synthesizedStackPath: string }>;
  };
  const stacks = Object.entries(manifest.stacks).map(([name, s]): [string, Json] => [
    name,
    JSON.parse(fs.readFileSync(path.join(referenceOutdir, s.synthesizedStackPath), 'utf8')),
  ]);
  for (const [, json] of stacks) {
    for (const type of Object.keys(json.provider ?? {})) l1Class(type, 'provider');
    for (const type of Object.keys(json.resource ?? {})) l1Class(type, 'resource');
    for (const type of Object.keys(json.data ?? {})) l1Class(type, 'data');
  }
  references.set(referenceOutdir, stacks);
  return stacks;
}

/** Rebuilds one stack's Terraform JSON inside `stack`. */
export function reproduce(stack: TerraformStack, json: Json, summary = { l1Elements: 0, genericElements: 0, rawOverrides: [] as string[] }): void {
  const providerSources = (json.terraform?.required_providers ?? {}) as Record<string, { source?: string; version?: string }>;

  for (const [type, configs] of Object.entries((json.provider ?? {}) as Record<string, Json[]>)) {
    const list = Array.isArray(configs) ? configs : [configs];
    list.forEach((config, i) => {
      const Provider = l1Class(type, 'provider');
      const id = `provider_${type}_${i}`;
      const p: TerraformProvider = Provider
        ? new Provider(stack, id, {})
        : new GenericProvider(stack, id, type, providerSources[type]?.source ?? type, providerSources[type]?.version);
      copyBody(p, config);
    });
  }

  for (const [type, blocks] of Object.entries((json.resource ?? {}) as Record<string, Json>)) {
    const Resource = l1Class(type, 'resource');
    for (const [logicalId, body] of Object.entries(blocks)) {
      const r: TerraformResource = Resource
        ? new Resource(stack, logicalId, {})
        : new TerraformResource(stack, logicalId, { terraformResourceType: type, terraformGeneratorMetadata: { providerName: providerOf(type) } });
      if (Resource) summary.l1Elements++;
      else summary.genericElements++;
      r.overrideLogicalId(logicalId);
      copyBody(r, body);
    }
  }

  for (const [type, blocks] of Object.entries((json.data ?? {}) as Record<string, Json>)) {
    const Data = l1Class(type, 'data');
    for (const [logicalId, body] of Object.entries(blocks)) {
      const d: TerraformDataSource = Data
        ? new Data(stack, logicalId, {})
        : new TerraformDataSource(stack, logicalId, { terraformResourceType: type, terraformGeneratorMetadata: { providerName: providerOf(type) } });
      if (Data) summary.l1Elements++;
      else summary.genericElements++;
      d.overrideLogicalId(logicalId);
      copyBody(d, body);
    }
  }

  for (const [name, body] of Object.entries((json.variable ?? {}) as Record<string, Json>)) {
    const v = new TerraformVariable(stack, name, {});
    v.overrideLogicalId(name);
    copyBody(v, body);
  }
  for (const [name, value] of Object.entries((json.locals ?? {}) as Json)) {
    const l = new TerraformLocal(stack, name, value);
    l.overrideLogicalId(name);
  }
  for (const [name, body] of Object.entries((json.output ?? {}) as Record<string, Json>)) {
    const o = new TerraformOutput(stack, name, { value: body.value });
    o.overrideLogicalId(name);
    copyBody(o, body);
  }

  const backend = json.terraform?.backend as Record<string, Json> | undefined;
  if (backend?.local !== undefined && Object.keys(backend).length === 1) {
    new LocalBackend(stack, backend.local);
  } else if (backend !== undefined) {
    stack.addOverride('terraform.backend', backend);
    summary.rawOverrides.push('terraform.backend');
  }

  const handled = new Set(['//', 'terraform', 'provider', 'resource', 'data', 'variable', 'locals', 'output']);
  for (const [key, value] of Object.entries(json)) {
    if (handled.has(key)) continue;
    stack.addOverride(key, value);
    summary.rawOverrides.push(key);
  }
}

function copyBody(element: TerraformElement, body: Json): void {
  for (const [key, value] of Object.entries(body)) {
    if (key === '//') continue;
    element.addOverride(key, value);
  }
}

class GenericProvider extends TerraformProvider {
  constructor(scope: TerraformStack, id: string, type: string, source: string, version?: string) {
    super(scope, id, {
      terraformResourceType: type,
      terraformProviderSource: source,
      terraformGeneratorMetadata: { providerName: type, providerVersion: version },
    });
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return {};
  }
}

function providerOf(type: string): string {
  return type.split('_')[0];
}

type ElementClass = new (scope: TerraformStack, id: string, config: object) => any;

const classes = new Map<string, ElementClass | undefined>();

/** The L1 class for a Terraform type, loaded by deep path as users import it, or undefined. */
function l1Class(type: string, kind: 'provider' | 'resource' | 'data'): ElementClass | undefined {
  const key = `${kind}:${type}`;
  if (!classes.has(key)) classes.set(key, findL1Class(type, kind));
  return classes.get(key);
}

function findL1Class(type: string, kind: 'provider' | 'resource' | 'data'): ElementClass | undefined {
  const provider = kind === 'provider' ? type : providerOf(type);
  const pkg = PROVIDER_PACKAGES[provider];
  if (pkg === undefined) return undefined;
  const rest = kind === 'provider' ? '' : type.slice(provider.length + 1).replace(/_/g, '-');
  const dir = kind === 'provider' ? 'provider' : kind === 'data' ? `data-${provider}-${rest}` : rest;
  let mod: Record<string, any>;
  try {
    mod = require(`${pkg}/lib/${dir}`);
  } catch {
    return undefined;
  }
  return Object.values(mod).find((v) => typeof v === 'function' && (v as { tfResourceType?: string }).tfResourceType === type) as
    ElementClass | undefined;
}
