// The bench's typed baseline: the full example's stacks written as hand-written cdktf code would write them.
//
// `generateTypedBaseline` reads the example's synthesized output and emits a plain JavaScript module
// (like a user's compiled app) that deep-imports each L1 class it needs and creates every resource, data
// source, provider, output and backend with typed config: `new SqsQueue(stack, 'Queue', { name: '...',
// messageRetentionSeconds: 300 })`, meta-arguments as typed config (`dependsOn: [role]`, `provider: aws`),
// and a reference to an earlier element of the same stack as that element's attribute (`role.arn`), which
// makes a token as user code does. It probes each attribute against the L1 class so the emitted config
// synthesizes the reference's JSON; an attribute it cannot express as config (a renamed property, a shape
// the class rejects) stays a raw override and is counted in `TypedBaselineSummary.rawAttributes`.
// The bench checks that the emitted app synthesizes the same JSON as the example.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformElement, TerraformStack } from 'cdktf';

type Json = Record<string, any>;

/** Provider packages that ship L1 classes, by provider (type prefix). */
const PROVIDER_PACKAGES: Record<string, string> = {
  aws: '@cdktf/provider-aws',
  helm: '@cdktf/provider-helm',
  kubernetes: '@cdktf/provider-kubernetes',
};

/** What the emitted module builds. */
export interface TypedBaselineSummary {
  readonly stacks: string[];
  /** Providers, resources and data sources created from L1 classes with typed config. */
  readonly typedElements: number;
  /** References to earlier elements written as their attributes (tokens). */
  readonly references: number;
  /** `type.id.attribute` of every attribute left as a raw override. */
  readonly rawAttributes: string[];
  /** Deep-import paths of the L1 modules, plus cdktf: the baseline's own module load. */
  readonly modules: string[];
}

/** The emitted module's source and what it builds. */
export interface TypedBaseline {
  /** CommonJS source exporting `buildTypedBaselineApp(app)`. */
  readonly source: string;
  readonly summary: TypedBaselineSummary;
}

interface L1 {
  readonly modulePath: string;
  readonly exportName: string;
  readonly cls: new (scope: TerraformStack, id: string, config: object) => TerraformElement;
}

interface ElementPlan {
  readonly kind: 'provider' | 'resource' | 'data';
  readonly type: string;
  /** The logical id (resources, data) or the provider's construct id. */
  readonly id: string;
  /** `aws_iam_role.Role_1234` / `data.aws_partition.P` / `aws.alias`: how other elements name it. */
  readonly address: string;
  readonly body: Json;
  readonly l1?: L1;
  variable: string;
}

const SIMPLE_REF = /\$\{((?:data\.)?[a-z0-9]+_[a-z0-9_]+\.[A-Za-z0-9_-]+)\.([a-z0-9_]+)\}/g;
const META = new Set(['depends_on', 'provider', 'lifecycle', 'count', 'for_each']);

/** Reads `<refdir>/manifest.json` and its stacks and emits the typed baseline module. */
export function generateTypedBaseline(referenceOutdir: string): TypedBaseline {
  const manifest = JSON.parse(fs.readFileSync(path.join(referenceOutdir, 'manifest.json'), 'utf8')) as {
    stacks: Record<string, { synthesizedStackPath: string }>;
  };
  const summary = { stacks: [] as string[], typedElements: 0, references: 0, rawAttributes: [] as string[], modules: ['cdktf'] };
  const imports = new Map<string, string>(); // module path -> local name
  const importName = (modulePath: string): string => {
    if (!imports.has(modulePath)) imports.set(modulePath, `m${imports.size}`);
    return imports.get(modulePath)!;
  };
  importName('cdktf');
  const probeApp = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'typed-baseline-probe-')) });
  const body: string[] = [];
  let n = 0;
  for (const [stackName, s] of Object.entries(manifest.stacks)) {
    const json = JSON.parse(fs.readFileSync(path.join(referenceOutdir, s.synthesizedStackPath), 'utf8')) as Json;
    summary.stacks.push(stackName);
    const probe = new TerraformStack(probeApp, stackName);
    const probeElements = new Map<string, TerraformElement>();
    const plans = orderByDependencies(elementPlans(json));
    body.push('  {', `    const stack = new ${importName('cdktf')}.TerraformStack(app, ${q(stackName)});`);
    for (const plan of plans) {
      plan.variable = `e${n++}`;
      if (!plan.l1) throw new Error(`no L1 class for ${plan.kind} ${plan.type}: add its provider package to PROVIDER_PACKAGES`);
      const { config, raw, references } = typedConfig(plan, probe, probeElements);
      summary.typedElements++;
      summary.references += references;
      const cls = `${importName(plan.l1.modulePath)}.${plan.l1.exportName}`;
      body.push(`    const ${plan.variable} = new ${cls}(stack, ${q(plan.id)}, ${config});`);
      if (plan.kind !== 'provider') body.push(`    ${plan.variable}.overrideLogicalId(${q(plan.id)});`);
      for (const [key, value] of Object.entries(raw)) {
        body.push(`    ${plan.variable}.addOverride(${q(key)}, ${JSON.stringify(value)});`);
        summary.rawAttributes.push(`${plan.type}.${plan.id}.${key}`);
      }
    }
    const cdktf = importName('cdktf');
    for (const [name, o] of Object.entries((json.output ?? {}) as Record<string, Json>)) {
      const config = Object.fromEntries(Object.entries(o).filter(([k]) => k !== '//'));
      body.push(`    new ${cdktf}.TerraformOutput(stack, ${q(name)}, ${JSON.stringify(config)}).overrideLogicalId(${q(name)});`);
    }
    for (const [name, v] of Object.entries((json.variable ?? {}) as Record<string, Json>)) {
      body.push(`    new ${cdktf}.TerraformVariable(stack, ${q(name)}, ${JSON.stringify(camelize(v))}).overrideLogicalId(${q(name)});`);
    }
    for (const [name, value] of Object.entries((json.locals ?? {}) as Json)) {
      body.push(`    new ${cdktf}.TerraformLocal(stack, ${q(name)}, ${JSON.stringify(value)}).overrideLogicalId(${q(name)});`);
    }
    const backend = json.terraform?.backend as Record<string, Json> | undefined;
    if (backend?.local !== undefined && Object.keys(backend).length === 1) {
      body.push(`    new ${cdktf}.LocalBackend(stack, ${JSON.stringify(backend.local)});`);
    } else if (backend !== undefined) {
      body.push(`    stack.addOverride('terraform.backend', ${JSON.stringify(backend)});`);
      summary.rawAttributes.push(`${stackName}.terraform.backend`);
    }
    body.push('  }');
  }
  fs.rmSync(probeApp.outdir, { recursive: true, force: true });
  summary.modules.push(...[...imports.keys()].filter((m) => m !== 'cdktf'));
  const header = [
    '"use strict";',
    "// Generated by scripts/bench-baseline-typed.ts from the example's synthesized output; see that file.",
    'Object.defineProperty(exports, "__esModule", { value: true });',
    ...[...imports].map(([m, local]) => `const ${local} = require(${q(m)});`),
    'function buildTypedBaselineApp(app) {',
  ];
  const footer = ['}', 'exports.buildTypedBaselineApp = buildTypedBaselineApp;', ''];
  return { source: [...header, ...body, ...footer].join('\n'), summary };
}

function elementPlans(json: Json): ElementPlan[] {
  const plans: ElementPlan[] = [];
  for (const [type, configs] of Object.entries((json.provider ?? {}) as Record<string, Json[]>)) {
    (Array.isArray(configs) ? configs : [configs]).forEach((body, i) => {
      const alias = typeof body.alias === 'string' ? body.alias : undefined;
      plans.push({
        kind: 'provider',
        type,
        id: `provider_${type}_${i}`,
        address: alias ? `${type}.${alias}` : type,
        body,
        l1: l1Class(type, 'provider'),
        variable: '',
      });
    });
  }
  for (const kind of ['resource', 'data'] as const) {
    for (const [type, blocks] of Object.entries((json[kind] ?? {}) as Record<string, Json>)) {
      const l1 = l1Class(type, kind);
      for (const [id, body] of Object.entries(blocks as Record<string, Json>)) {
        plans.push({ kind, type, id, address: `${kind === 'data' ? 'data.' : ''}${type}.${id}`, body, l1, variable: '' });
      }
    }
  }
  return plans;
}

/** Every plan after the ones it references (attributes, depends_on, provider), else in the reference's order. */
function orderByDependencies(plans: ElementPlan[]): ElementPlan[] {
  const byAddress = new Map(plans.map((p) => [p.address, p]));
  const out: ElementPlan[] = [];
  const state = new Map<ElementPlan, 'visiting' | 'done'>();
  const visit = (p: ElementPlan): void => {
    if (state.has(p)) return;
    state.set(p, 'visiting');
    for (const address of dependencies(p)) {
      const d = byAddress.get(address);
      if (d && d !== p && state.get(d) !== 'visiting') visit(d);
    }
    state.set(p, 'done');
    out.push(p);
  };
  plans.forEach(visit);
  return out;
}

function dependencies(p: ElementPlan): string[] {
  const found: string[] = [];
  const text = JSON.stringify(p.body);
  for (const m of text.matchAll(SIMPLE_REF)) found.push(m[1]);
  for (const d of (p.body.depends_on ?? []) as string[]) found.push(d);
  if (typeof p.body.provider === 'string') found.push(p.body.provider);
  return found;
}

/**
 * The config literal for one element, and the attributes it could not express. Each attribute's value is
 * tried with its keys camelCased (blocks), then kept as written below the first object whose keys the
 * class does not rename (maps such as `tags`); the probe element must synthesize exactly the reference's value.
 */
function typedConfig(
  plan: ElementPlan,
  probe: TerraformStack,
  probeElements: Map<string, TerraformElement>,
): { config: string; raw: Json; references: number } {
  const raw: Json = {};
  const attributes: Array<[string, unknown]> = [];
  const meta: string[] = [];
  let references = 0;
  const expected: Json = {};
  for (const [key, value] of Object.entries(plan.body)) {
    if (key === '//') continue;
    if (key === 'depends_on' && Array.isArray(value) && value.every((d) => probeElements.has(d as string))) {
      meta.push(`dependsOn: [${value.map((d) => variableOf(probeElements.get(d as string)!)).join(', ')}]`);
    } else if (key === 'provider' && typeof value === 'string' && probeElements.has(value)) {
      meta.push(`provider: ${variableOf(probeElements.get(value)!)}`);
    } else if (key === 'lifecycle') {
      meta.push(`lifecycle: ${JSON.stringify(camelize(value))}`);
    } else if (META.has(key)) {
      raw[key] = value;
    } else {
      attributes.push([key, value]);
      expected[key] = value;
    }
  }

  const rawPaths = new Set<string>();
  const chosen = new Map<string, unknown>();
  for (const [key, value] of attributes) {
    let ok = false;
    for (let attempt = 0; attempt < 20 && !ok; attempt++) {
      const candidate = shape(value, [key], rawPaths);
      const got = probeAttribute(plan, probe, probeElements, camel(key), candidate, key);
      const where = got === PROBE_FAILED ? [key] : firstDifference(value, got, [key]);
      if (where === undefined) {
        ok = true;
        chosen.set(key, candidate);
      } else {
        const p = where.join('.');
        if (rawPaths.has(p)) break;
        rawPaths.add(p);
      }
    }
    if (!ok) raw[key] = value;
  }

  const parts: string[] = [];
  for (const [key, value] of chosen) {
    const written = writeValue(value, probeElements, () => references++);
    parts.push(`${/^[A-Za-z_$][\w$]*$/.test(camel(key)) ? camel(key) : q(camel(key))}: ${written}`);
  }
  parts.push(...meta);

  // The probe element stays in the probe stack so later elements can reference it.
  const element = new plan.l1!.cls(probe, plan.id, Object.fromEntries([...chosen].map(([k, v]) => [camel(k), v])));
  if (plan.kind !== 'provider') (element as unknown as { overrideLogicalId(id: string): void }).overrideLogicalId(plan.id);
  (element as unknown as { __variable: string }).__variable = plan.variable;
  probeElements.set(plan.address, element);
  return { config: `{ ${parts.join(', ')} }`, raw, references };
}

const PROBE_FAILED = Symbol('probe failed');

/** cdktf's own `resolve(scope, obj)` (not exported from the package root). */
function resolveIn(scope: TerraformElement, obj: unknown): unknown {
  return (require('cdktf/lib/_tokens') as { resolve(scope: unknown, obj: unknown): unknown }).resolve(scope, obj);
}

function probeAttribute(
  plan: ElementPlan,
  probe: TerraformStack,
  probeElements: Map<string, TerraformElement>,
  configKey: string,
  candidate: unknown,
  key: string,
): unknown {
  const id = `__probe_${plan.id}`;
  try {
    const config = { [configKey]: withProbeReferences(candidate, probeElements) };
    const el = new plan.l1!.cls(probe, id, config);
    const attrs = resolveIn(el, (el as unknown as { synthesizeAttributes(): Json }).synthesizeAttributes()) as Json;
    return stripEmpty(attrs[key]);
  } catch (e) {
    // TYPED_BASELINE_DEBUG=1 shows why an attribute stays raw.
    if (process.env.TYPED_BASELINE_DEBUG) console.error(plan.address, key, e);
    return PROBE_FAILED;
  } finally {
    probe.node.tryRemoveChild(id);
  }
}

/** Keys camelCased, except at and below the paths in `rawPaths`. */
function shape(value: unknown, at: string[], rawPaths: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v, i) => shape(v, [...at, String(i)], rawPaths));
  if (typeof value === 'object' && value !== null) {
    if (rawPaths.has(at.join('.'))) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), shape(v, [...at, k], rawPaths)]));
  }
  return value;
}

/** The path of the object whose keys or value differ first, or undefined when equal. */
function firstDifference(expected: unknown, actual: unknown, at: string[]): string[] | undefined {
  if (typeof expected === 'object' && expected !== null && typeof actual === 'object' && actual !== null) {
    if (Array.isArray(expected) !== Array.isArray(actual)) return at.slice(0, -1);
    const ek = Object.keys(expected);
    const ak = Object.keys(actual);
    if (ek.length !== ak.length || ek.some((k) => !(k in (actual as Json)))) return at;
    for (const k of ek) {
      const d = firstDifference((expected as Json)[k], (actual as Json)[k], [...at, k]);
      if (d) return d;
    }
    return undefined;
  }
  return JSON.stringify(expected) === JSON.stringify(actual) ? undefined : at.slice(0, Math.max(1, at.length - 1));
}

function stripEmpty(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(stripEmpty);
  if (typeof x === 'object' && x !== null) {
    return Object.fromEntries(
      Object.entries(x)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, stripEmpty(v)]),
    );
  }
  return x;
}

function variableOf(el: TerraformElement): string {
  return (el as unknown as { __variable: string }).__variable;
}

/** References to earlier elements replaced by their attribute tokens, for the probe. */
function withProbeReferences(value: unknown, probeElements: Map<string, TerraformElement>): unknown {
  if (typeof value === 'string') {
    return value.replace(SIMPLE_REF, (whole, address: string, attr: string) => {
      const el = probeElements.get(address);
      return el ? attributeToken(el, attr) : whole;
    });
  }
  if (Array.isArray(value)) return value.map((v) => withProbeReferences(v, probeElements));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProbeReferences(v, probeElements)]));
  }
  return value;
}

/** `el.arn` when the class has a string getter for the attribute, else `el.getStringAttribute('arn')`. */
function attributeAccess(el: TerraformElement, attr: string): string {
  const getter = camel(attr);
  const v = hasGetter(el, getter) ? (el as unknown as Json)[getter] : undefined;
  return typeof v === 'string' ? `.${getter}` : `.getStringAttribute(${q(attr)})`;
}

function attributeToken(el: TerraformElement, attr: string): string {
  const getter = camel(attr);
  const v = hasGetter(el, getter) ? (el as unknown as Json)[getter] : undefined;
  return typeof v === 'string' ? v : (el as unknown as { getStringAttribute(a: string): string }).getStringAttribute(attr);
}

function hasGetter(el: object, name: string): boolean {
  for (let p = Object.getPrototypeOf(el); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return typeof d.get === 'function';
  }
  return false;
}

/** A JavaScript expression for `value`; strings with references become template literals. */
function writeValue(value: unknown, probeElements: Map<string, TerraformElement>, counted: () => void): string {
  if (typeof value === 'string') {
    const pieces: string[] = [];
    let last = 0;
    let refs = 0;
    for (const m of value.matchAll(SIMPLE_REF)) {
      const el = probeElements.get(m[1]);
      if (!el) continue;
      pieces.push(escapeTemplate(value.slice(last, m.index)), `\${${variableOf(el)}${attributeAccess(el, m[2])}}`);
      last = m.index! + m[0].length;
      refs++;
    }
    if (refs === 0) return JSON.stringify(value);
    for (let i = 0; i < refs; i++) counted();
    pieces.push(escapeTemplate(value.slice(last)));
    const whole = pieces.join('');
    const single = /^\$\{([^}]+)\}$/.exec(whole);
    return single && refs === 1 ? single[1] : `\`${whole}\``;
  }
  if (Array.isArray(value)) return `[${value.map((v) => writeValue(v, probeElements, counted)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k)}: ${writeValue(v, probeElements, counted)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

function escapeTemplate(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function camelize(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(camelize);
  if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, v]) => [camel(k), camelize(v)]));
  return x;
}

function q(s: string): string {
  return JSON.stringify(s);
}

const classes = new Map<string, L1 | undefined>();

/** The L1 class for a Terraform type, by the deep path users import it from, or undefined. */
function l1Class(type: string, kind: 'provider' | 'resource' | 'data'): L1 | undefined {
  const key = `${kind}:${type}`;
  if (!classes.has(key)) classes.set(key, findL1Class(type, kind));
  return classes.get(key);
}

function findL1Class(type: string, kind: 'provider' | 'resource' | 'data'): L1 | undefined {
  const provider = kind === 'provider' ? type : type.split('_')[0];
  const pkg = PROVIDER_PACKAGES[provider];
  if (pkg === undefined) return undefined;
  const rest = kind === 'provider' ? '' : type.slice(provider.length + 1).replace(/_/g, '-');
  const dir = kind === 'provider' ? 'provider' : kind === 'data' ? `data-${provider}-${rest}` : rest;
  const modulePath = `${pkg}/lib/${dir}`;
  let mod: Record<string, unknown>;
  try {
    mod = require(modulePath);
  } catch {
    return undefined;
  }
  const found = Object.entries(mod).find(([, v]) => typeof v === 'function' && (v as { tfResourceType?: string }).tfResourceType === type);
  return found ? { modulePath, exportName: found[0], cls: found[1] as L1['cls'] } : undefined;
}
