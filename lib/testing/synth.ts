import { TerraformResource, TerraformStack, Testing } from 'cdktf';
import { IConstruct } from 'constructs';
import { parse as parseYaml } from 'yaml';
import { isPlainObject } from '../core/json';

// Everything here reads the synthesized Terraform JSON rather than construct internals,
// so what a user's escape hatch (addOverride, overrides on the L1) changed is seen too.

/** API group of NodePool (and NodeClaim) manifests. */
export const KARPENTER_SH_GROUP = 'karpenter.sh';
/** API group of EC2NodeClass manifests. */
export const KARPENTER_AWS_GROUP = 'karpenter.k8s.aws';

const MANIFEST_RESOURCE_TYPE = 'kubernetes_manifest';
const HELM_RELEASE_RESOURCE_TYPE = 'helm_release';

/** One `resource` block of a synthesized stack. */
export interface SynthesizedResource {
  /** Terraform resource type, e.g. `kubernetes_manifest`. */
  readonly type: string;
  /** The block label (logical id), e.g. `karpenter_default_node_pool_1a2b3c4d`. */
  readonly logicalId: string;
  /** Terraform address, `<type>.<logicalId>`. */
  readonly address: string;
  /**
   * Path of the construct that produced the block.
   * @default - undefined when inspecting JSON rather than a stack
   */
  readonly constructPath?: string;
  /** The synthesized attributes, keyed by their snake_case Terraform names. */
  readonly attributes: Record<string, unknown>;
}

/** A Kubernetes object emitted by a `kubernetes_manifest` resource. */
export interface SynthesizedManifest {
  /** Terraform address of the `kubernetes_manifest` resource. */
  readonly address: string;
  /**
   * Path of the construct that produced it.
   * @default - undefined when inspecting JSON rather than a stack
   */
  readonly constructPath?: string;
  /** `apiVersion` of the object, e.g. `karpenter.sh/v1`. */
  readonly apiVersion: string;
  /** `kind` of the object, e.g. `NodePool`. */
  readonly kind: string;
  /**
   * `metadata.name` (may be a token string).
   * @default - undefined when the object has no name
   */
  readonly name?: string;
  /** The whole object, as it will be applied (tokens stay `${...}` strings). */
  readonly manifest: Record<string, unknown>;
}

/** A `helm_release` resource with its values merged the way Helm merges them. */
export interface SynthesizedHelmRelease {
  /** Terraform address of the `helm_release` resource. */
  readonly address: string;
  /**
   * Path of the construct that produced it.
   * @default - undefined when inspecting JSON rather than a stack
   */
  readonly constructPath?: string;
  /** Release name (`name`), e.g. `karpenter`. */
  readonly releaseName: string;
  /** Chart (`chart`), e.g. `karpenter` or `oci://public.ecr.aws/karpenter/karpenter`. */
  readonly chart: string;
  /**
   * Chart repository (`repository`).
   * @default - undefined when the chart reference carries it
   */
  readonly repository?: string;
  /**
   * Chart version (`version`).
   * @default - undefined when not pinned
   */
  readonly version?: string;
  /**
   * Namespace (`namespace`).
   * @default - undefined, which Helm treats as `default`
   */
  readonly namespace?: string;
  /**
   * Every `values` document merged in order, then `set`, `set_list` and `set_sensitive`
   * applied, as Helm does. Tokens stay `${...}` strings.
   */
  readonly values: Record<string, unknown>;
  /**
   * `values` entries that are not a YAML/JSON mapping (typically a whole-value Terraform
   * expression such as `${yamlencode(...)}`); they cannot be inspected before apply.
   */
  readonly unparsedValues: string[];
  /** The synthesized attributes of the release. */
  readonly attributes: Record<string, unknown>;
}

/** Options for `SynthesizedStack.of`. */
export interface SynthesizeOptions {
  /**
   * Run the stack's `node.addValidation` checks, as `cdktf synth` does.
   * @default true
   */
  readonly runValidations?: boolean;
}

/**
 * The synthesized Terraform JSON of one stack, with accessors for the Karpenter objects in it.
 * Get one with `SynthesizedStack.of(stack)` or `SynthesizedStack.fromJson(Testing.synth(stack))`.
 * Strings are as Terraform will read them: references stay `${aws_x.y.attr}`, and a literal
 * `${` written by a construct shows escaped as `$${`.
 */
export class SynthesizedStack {
  /**
   * Synthesizes `stack` (aspects and, by default, validations run, as in `cdktf synth`).
   */
  public static of(stack: TerraformStack, options: SynthesizeOptions = {}): SynthesizedStack {
    const json = Testing.synth(stack, options.runValidations ?? true);
    return new SynthesizedStack(JSON.parse(json), constructPathsByAddress(stack));
  }

  /**
   * Wraps synthesized JSON: the string `Testing.synth(stack)` returns, or a `cdk.tf.json` parsed.
   * Construct paths are only known when the JSON still carries cdktf's `//` metadata.
   */
  public static fromJson(json: string | Record<string, unknown>): SynthesizedStack {
    let parsed: unknown = json;
    if (typeof json === 'string') {
      try {
        parsed = JSON.parse(json);
      } catch (e) {
        throw new Error(
          `SynthesizedStack.fromJson: the string is not synthesized Terraform JSON (${(e as Error).message}); ` +
            'pass Testing.synth(stack) or the stack itself',
        );
      }
    }
    if (!isPlainObject(parsed)) {
      throw new Error(`SynthesizedStack.fromJson: expected a JSON object, got ${describeType(parsed)}`);
    }
    return new SynthesizedStack(parsed, new Map());
  }

  /**
   * Accepts whatever a test has at hand: a `TerraformStack`, the `Testing.synth` string,
   * parsed JSON, or a `SynthesizedStack`.
   */
  public static from(received: unknown): SynthesizedStack {
    if (received instanceof SynthesizedStack) return received;
    if (isStack(received)) return SynthesizedStack.of(received);
    if (typeof received === 'string' || isPlainObject(received)) {
      return SynthesizedStack.fromJson(received as string | Record<string, unknown>);
    }
    throw new Error(`expected a TerraformStack, the string returned by Testing.synth(stack) or its parsed JSON, got ${describeType(received)}`);
  }

  private constructor(
    /** The synthesized Terraform JSON. */
    public readonly json: Record<string, unknown>,
    private readonly paths: ReadonlyMap<string, string>,
  ) {}

  /** Every `resource` block of `type` (all blocks when `type` is omitted), sorted by address. */
  public resources(type?: string): SynthesizedResource[] {
    const byType = isPlainObject(this.json.resource) ? this.json.resource : {};
    const out: SynthesizedResource[] = [];
    for (const [t, blocks] of Object.entries(byType)) {
      if (type !== undefined && t !== type) continue;
      if (!isPlainObject(blocks)) continue;
      for (const [logicalId, body] of Object.entries(blocks)) {
        const attributes = isPlainObject(body) ? body : {};
        const address = `${t}.${logicalId}`;
        out.push({
          type: t,
          logicalId,
          address,
          constructPath: this.paths.get(address) ?? metadataPath(attributes),
          attributes: withoutMetadata(attributes),
        });
      }
    }
    return out.sort((a, b) => compare(a.address, b.address));
  }

  /**
   * Objects of every `kubernetes_manifest`, optionally filtered by `kind` and API group
   * (the part of `apiVersion` before the `/`; `''` for the core group).
   */
  public manifests(kind?: string, group?: string): SynthesizedManifest[] {
    const out: SynthesizedManifest[] = [];
    for (const r of this.resources(MANIFEST_RESOURCE_TYPE)) {
      const manifest = r.attributes.manifest;
      // A manifest that is one whole token (e.g. `${yamldecode(...)}`) cannot be inspected.
      if (!isPlainObject(manifest)) continue;
      const apiVersion = typeof manifest.apiVersion === 'string' ? manifest.apiVersion : '';
      const k = typeof manifest.kind === 'string' ? manifest.kind : '';
      if (kind !== undefined && k !== kind) continue;
      // The core group ('v1') is the empty string, as in Kubernetes.
      const g = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
      if (group !== undefined && g !== group) continue;
      const metadata = isPlainObject(manifest.metadata) ? manifest.metadata : {};
      out.push({
        address: r.address,
        constructPath: r.constructPath,
        apiVersion,
        kind: k,
        name: typeof metadata.name === 'string' ? metadata.name : undefined,
        manifest,
      });
    }
    return out;
  }

  /** The NodePools (`karpenter.sh`, any version) in the stack. */
  public nodePools(): SynthesizedManifest[] {
    return this.manifests('NodePool', KARPENTER_SH_GROUP);
  }

  /** The EC2NodeClasses (`karpenter.k8s.aws`, any version) in the stack. */
  public ec2NodeClasses(): SynthesizedManifest[] {
    return this.manifests('EC2NodeClass', KARPENTER_AWS_GROUP);
  }

  /** Every `helm_release`, with values parsed and merged. */
  public helmReleases(): SynthesizedHelmRelease[] {
    return this.resources(HELM_RELEASE_RESOURCE_TYPE).map((r) => {
      const a = r.attributes;
      const { values, unparsed } = mergeHelmValues(a);
      return {
        address: r.address,
        constructPath: r.constructPath,
        releaseName: String(a.name ?? ''),
        chart: String(a.chart ?? ''),
        repository: optionalString(a.repository),
        version: optionalString(a.version),
        namespace: optionalString(a.namespace),
        values,
        unparsedValues: unparsed,
        attributes: a,
      };
    });
  }

  /** The release named `releaseName`, or undefined. */
  public helmRelease(releaseName: string): SynthesizedHelmRelease | undefined {
    return this.helmReleases().find((r) => r.releaseName === releaseName);
  }
}

/** Shorthand for `SynthesizedStack.from(received).nodePools()`. */
export function nodePoolsOf(received: unknown): SynthesizedManifest[] {
  return SynthesizedStack.from(received).nodePools();
}

/** Shorthand for `SynthesizedStack.from(received).ec2NodeClasses()`. */
export function ec2NodeClassesOf(received: unknown): SynthesizedManifest[] {
  return SynthesizedStack.from(received).ec2NodeClasses();
}

/** Shorthand for `SynthesizedStack.from(received).helmReleases()`. */
export function helmReleasesOf(received: unknown): SynthesizedHelmRelease[] {
  return SynthesizedStack.from(received).helmReleases();
}

/**
 * Helm's merge of values files: mappings merge key by key, anything else replaces,
 * and a `null` deletes the key (as `helm install -f a.yaml -f b.yaml` does).
 */
function mergeValues(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(overlay)) {
    if (v === null) delete out[k];
    else if (isPlainObject(v) && isPlainObject(out[k])) out[k] = mergeValues(out[k] as Record<string, unknown>, v);
    else out[k] = v;
  }
  return out;
}

function mergeHelmValues(a: Record<string, unknown>): { values: Record<string, unknown>; unparsed: string[] } {
  let values: Record<string, unknown> = {};
  const unparsed: string[] = [];
  for (const doc of asArray(a.values)) {
    if (typeof doc !== 'string') continue;
    const parsed = parseValuesDocument(doc);
    if (parsed === undefined) unparsed.push(doc);
    else values = mergeValues(values, parsed);
  }
  // The helm provider's order: set, then set_list, then set_sensitive.
  const sets = [
    ...asArray(a.set).map((s) => [s, false] as const),
    ...asArray(a.set_list).map((s) => [s, true] as const),
    ...asArray(a.set_sensitive).map((s) => [s, false] as const),
  ];
  for (const [s, isList] of sets) {
    if (!isPlainObject(s) || typeof s.name !== 'string') continue;
    const value = isList ? asArray(s.value).map((v) => typedSetValue(v, undefined)) : typedSetValue(s.value, s.type);
    values = setPath(values, parseSetName(s.name), value);
  }
  return { values, unparsed };
}

function parseValuesDocument(doc: string): Record<string, unknown> | undefined {
  if (doc.trim() === '') return {};
  let parsed: unknown;
  try {
    // JSON is YAML, so one parser reads both encodings.
    parsed = parseYaml(doc);
  } catch {
    return undefined;
  }
  if (parsed === null || parsed === undefined) return {};
  return isPlainObject(parsed) ? parsed : undefined;
}

/** `a.b\.c[0].d` → ['a', 'b.c', 0, 'd'], Helm's `--set` path syntax. */
function parseSetName(name: string): (string | number)[] {
  const parts: (string | number)[] = [];
  let cur = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i];
    if (ch === '\\' && i + 1 < name.length) {
      cur += name[++i];
    } else if (ch === '.') {
      if (cur !== '') parts.push(cur);
      cur = '';
    } else if (ch === '[') {
      const end = name.indexOf(']', i);
      const idx = end > i ? Number(name.slice(i + 1, end)) : NaN;
      if (Number.isInteger(idx) && idx >= 0) {
        if (cur !== '') parts.push(cur);
        cur = '';
        parts.push(idx);
        i = end;
      } else {
        cur += ch;
      }
    } else {
      cur += ch;
    }
  }
  if (cur !== '') parts.push(cur);
  return parts;
}

// Helm's strvals typedVal: with type "auto" (the default) true/false/null in any case and
// integers not written with a leading 0 are typed; everything else stays a string.
function typedSetValue(value: unknown, type: unknown): unknown {
  if (typeof value !== 'string' || type === 'string') return value;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  if (value === '0') return 0;
  if (/^[+-]?\d+$/.test(value) && !value.startsWith('0') && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

function setPath(root: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return root;
  const out = cloneJson(root);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks synthesized JSON of any shape
  let cur: any = out;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const last = i === path.length - 1;
    if (last) {
      // A null removes the key from the chart's values, as in a values file.
      if (value === null && !Array.isArray(cur)) delete cur[key];
      else cur[key] = value;
    } else {
      const nextIsIndex = typeof path[i + 1] === 'number';
      const existing = cur[key];
      if (nextIsIndex ? !Array.isArray(existing) : !isPlainObject(existing)) cur[key] = nextIsIndex ? [] : {};
      cur = cur[key];
    }
  }
  return out;
}

function cloneJson<T>(x: T): T {
  if (Array.isArray(x)) return x.map(cloneJson) as unknown as T;
  if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, cloneJson(v)])) as T;
  return x;
}

function constructPathsByAddress(stack: TerraformStack): Map<string, string> {
  const paths = new Map<string, string>();
  for (const c of stack.node.findAll()) {
    if (!TerraformResource.isTerraformResource(c)) continue;
    // friendlyUniqueId honours overrideLogicalId, so the address matches the JSON.
    paths.set(`${c.terraformResourceType}.${c.friendlyUniqueId}`, c.node.path);
  }
  return paths;
}

function metadataPath(attributes: Record<string, unknown>): string | undefined {
  const meta = attributes['//'];
  if (!isPlainObject(meta) || !isPlainObject(meta.metadata)) return undefined;
  return optionalString(meta.metadata.path);
}

function withoutMetadata(attributes: Record<string, unknown>): Record<string, unknown> {
  if (!('//' in attributes)) return attributes;
  const { ['//']: _ignored, ...rest } = attributes;
  return rest;
}

function isStack(x: unknown): x is TerraformStack {
  return typeof x === 'object' && x !== null && TerraformStack.isStack(x as IConstruct);
}

function asArray(x: unknown): unknown[] {
  if (x === undefined || x === null) return [];
  return Array.isArray(x) ? x : [x];
}

function optionalString(x: unknown): string | undefined {
  return typeof x === 'string' ? x : undefined;
}

function describeType(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'object') return `an instance of ${(x as object).constructor?.name ?? 'Object'}`;
  return `a ${typeof x}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
