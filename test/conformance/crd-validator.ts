// Test-only: validates manifests the way the Kubernetes API server validates a custom resource
// on create, using the real CRD files: structural pruning and defaulting, OpenAPI schema checks
// (ajv, with Go RE2 semantics for `pattern`) and every `x-kubernetes-validations` CEL rule
// (@bufbuild/cel). It is a model of the API server, not the API server: see MODEL_NOTES.
import * as fs from 'fs';
import * as path from 'path';
import { CelScalar, celEnv, celFunc, celMethod, isCelError, listType, parse, plan } from '@bufbuild/cel';
import type { CelEnv, CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { RE2JS } from '@bufbuild/re2';
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import * as YAML from 'yaml';
import { karpenterCrdsDir } from '../fixtures/crds-dir';

/** Where the model departs from, or makes a choice about, the real API server. */
export const MODEL_NOTES: readonly string[] = [
  'create only: transition rules (those that reference oldSelf) are listed as skipped, never evaluated',
  'unknown fields are reported as errors (kubectl --validate=strict, the kubectl default) and pruned before CEL runs',
  'status is ignored (the status subresource resets it on create)',
  'format int32/int64 ranges are not checked, as kube-openapi does not check them (the Karpenter controller ' +
    'then cannot decode the object; our validator reports that as Int32Overflow)',
  'format date-time is kube-openapi strfmt.IsDateTime: a real calendar date, hour <= 23, minute and second <= 59',
  'nulls of known, non-nullable fields and map values are pruned before defaulting ' +
    '(PruneNonNullableNullsWithoutDefaults); nulls in lists stay and fail the type check',
  'CEL is skipped when a blocking schema error exists (type, required, enum, maxLength, maxItems, maxProperties), as strategy.go hasBlockingErr does',
  'metadata is checked as ObjectMeta: name required and a DNS-1123 subdomain, ' +
    'label keys and values and annotation keys valid, unknown ObjectMeta fields reported (strict field ' +
    'validation); a null name or label value is the Go zero value ""',
  'CEL is evaluated without the type checker and without cost limits',
];

/** One `x-kubernetes-validations` rule of a CRD. */
export interface CrdRule {
  /** Stable id: `<Kind>:<schema path>:<index>`; lists are `[*]`, map values `{*}`, the root is `<root>`. */
  readonly id: string;
  readonly kind: string;
  readonly schemaPath: string;
  readonly index: number;
  readonly rule: string;
  readonly message: string;
  /** References `oldSelf`: only meaningful on update. */
  readonly transition: boolean;
}

/** Why the CRD rejects a manifest. */
export interface Violation {
  /** A CEL rule id (see CrdRule.id), or `schema:<keyword>:<field path>`. */
  readonly ruleId: string;
  /** Field path of the offending value, e.g. `spec.template.spec.requirements[2].key`. */
  readonly path: string;
  /** The CEL expression, or the schema keyword. */
  readonly rule: string;
  readonly message: string;
  readonly source: 'cel' | 'schema';
  /** A blocking schema error stops CEL evaluation. */
  readonly blocking?: boolean;
}

/** One evaluation of a CEL rule at one location. */
export interface RuleEvaluation {
  readonly ruleId: string;
  readonly path: string;
  readonly passed: boolean;
  /** Set when evaluation failed with an error, which the API server treats as a rejection. */
  readonly error?: string;
}

/** A rule that applies at a location but was not evaluated. */
export interface SkippedRule {
  readonly ruleId: string;
  readonly path: string;
  readonly rule: string;
  readonly reason: string;
}

export interface CrdCheckResult {
  readonly accepted: boolean;
  /** CEL violations and schema errors. */
  readonly violations: readonly Violation[];
  readonly evaluations: readonly RuleEvaluation[];
  readonly skipped: readonly SkippedRule[];
  /** True when a blocking schema error kept CEL from running. */
  readonly celBlocked: boolean;
  /** The object after pruning and defaulting, as the rules saw it. */
  readonly object: unknown;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };
export type Schema = { [k: string]: any };

/** Whether Go's encoding/json decodes `v` into ObjectMeta field `k` (null is always the zero value). */
function goDecodes(k: string, v: Json): boolean {
  const list = (ok: (x: Json) => boolean) => Array.isArray(v) && v.every((x) => x === null || ok(x));
  switch (k) {
    case 'generation':
    case 'deletionGracePeriodSeconds':
      return typeof v === 'number' && Number.isInteger(v);
    case 'labels':
    case 'annotations':
      return isObject(v) && Object.values(v).every((x) => x === null || typeof x === 'string');
    case 'finalizers':
      return list((x) => typeof x === 'string');
    case 'ownerReferences':
    case 'managedFields':
      return list(isObject);
    default:
      return typeof v === 'string';
  }
}

// metav1.ObjectMeta's JSON field names.
const OBJECT_META_FIELDS = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];
const BLOCKING_KEYWORDS = new Set(['type', 'required', 'enum', 'maxLength', 'maxItems', 'maxProperties']);
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
// kube-openapi strfmt: DateTimePattern, applied to the part after the first "t" of the lower-cased text.
const STRFMT_TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** kube-openapi `strfmt.IsDateTime`; the date part is Go `time.Parse("2006-01-02")`, which checks the calendar. */
export function strfmtIsDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const parts = str.toLowerCase().split('t');
  if (parts.length < 2) return false;
  const d = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(parts[0]);
  if (!d) return false;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  // Date.UTC rolls Feb 30 over to Mar 2; a real date survives the round trip.
  const date = new Date(Date.UTC(2000, mo - 1, day));
  date.setUTCFullYear(y);
  if (mo < 1 || mo > 12 || day < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== day) return false;
  const t = STRFMT_TIME.exec(parts[1]);
  return t !== null && t[1] <= '23' && t[2] <= '59' && t[3] <= '59';
}

export { crdsMissingMessage, karpenterCrdsCandidates, karpenterCrdsDir, skipWithoutCrds } from '../fixtures/crds-dir';

// ---------------------------------------------------------------------------------------------
// CEL environment: the strings extension plus the parts of the Kubernetes CEL library the
// Karpenter rules use, with Go semantics where @bufbuild/cel's defaults differ.

/** Kubernetes `<string>.find(regex)`: the leftmost-first match, or '' when there is none. */
export function k8sFind(s: string, regex: string): string {
  return k8sFindAll(s, regex, 1)[0] ?? '';
}

/** Kubernetes `<string>.findAll(regex, limit)`: successive non-overlapping matches (Go FindAllString). */
export function k8sFindAll(s: string, regex: string, limit = -1): string[] {
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(regex); // rejects syntax RE2 (and so Go) does not accept
  } catch (e) {
    throw new Error(`Illegal regex: ${(e as Error).message}`);
  }
  if (limit === 0 || !re2.test(s)) return [];
  // @bufbuild/re2 only answers "does it match"; the match text comes from the JS engine, whose
  // leftmost-first semantics equal RE2's on the RE2 syntax. A disagreement is a harness bug.
  const js = new RegExp(regex, 'gu');
  const out: string[] = [];
  for (const m of s.matchAll(js)) {
    out.push(m[0]);
    if (limit > 0 && out.length >= limit) break;
  }
  if (out.length === 0) throw new Error(`harness: RE2 and JS disagree on /${regex}/ for ${JSON.stringify(s)}`);
  return out;
}

/** CEL `int(string)` as cel-go does it (strconv.ParseInt base 10): no spaces, no '', no 0x. */
export function goParseInt(s: string): bigint {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new Error(`cannot convert ${JSON.stringify(s)} to int`);
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) throw new Error(`int ${s} out of range`);
  return n;
}

const K8S_FUNCS: CelFunc[] = [
  celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (this: string, re: string) {
    return k8sFind(this, re);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], listType(CelScalar.STRING), function (this: string, re: string) {
    return k8sFindAll(this, re);
  }),
  celMethod(
    'findAll',
    CelScalar.STRING,
    [CelScalar.STRING, CelScalar.INT],
    listType(CelScalar.STRING),
    function (this: string, re: string, n: bigint) {
      return k8sFindAll(this, re, Number(n));
    },
  ),
  celFunc('int', [CelScalar.STRING], CelScalar.INT, (s: string) => goParseInt(s)),
];

// ---------------------------------------------------------------------------------------------

/** Validates manifests of one CRD version. */
export class CrdValidator {
  /**
   * Loads `file` (a CRD YAML); relative names resolve against the Karpenter CRDs directory.
   * `version` defaults to the served+storage version (v1 for NodePool and EC2NodeClass).
   */
  public static load(file: string, version?: string): CrdValidator {
    const dir = karpenterCrdsDir();
    const full = path.isAbsolute(file) ? file : path.join(dir ?? '', file);
    const docs = YAML.parseAllDocuments(fs.readFileSync(full, 'utf8')).map((d) => d.toJS());
    const crd = docs.find((d) => d?.kind === 'CustomResourceDefinition');
    if (!crd) throw new Error(`${full}: no CustomResourceDefinition document`);
    return new CrdValidator(crd, path.basename(full), version);
  }

  public readonly kind: string;
  public readonly group: string;
  public readonly apiVersion: string;
  public readonly file: string;
  /** Every `x-kubernetes-validations` rule of the v1 schema, in schema order. */
  public readonly rules: readonly CrdRule[];
  /** The v1 OpenAPI schema (read by the mutation test to generate values). */
  public readonly schema: Schema;
  private readonly ajvValidate: ValidateFunction;
  private readonly env: CelEnv;
  private readonly programs = new Map<string, ReturnType<typeof plan>>();

  private constructor(crd: any, file: string, versionName?: string) {
    this.file = file;
    this.kind = crd.spec.names.kind;
    this.group = crd.spec.group;
    const version = (crd.spec.versions as any[]).find((v) => v.served && (versionName ? v.name === versionName : v.storage));
    if (!version) throw new Error(`${file}: no served ${versionName ?? 'storage'} version`);
    this.apiVersion = `${this.group}/${version.name}`;
    this.schema = version.schema.openAPIV3Schema;
    this.rules = collectRules(this.kind, this.schema);
    this.ajvValidate = newAjv().compile(toAjvSchema(this.schema, true));
    this.env = celEnv({ funcs: [...strings, ...K8S_FUNCS] });
  }

  /** Rules that are evaluated on create (all but the transition rules). */
  public get createRules(): readonly CrdRule[] {
    return this.rules.filter((r) => !r.transition);
  }

  /** Validates `manifest` as a create request would. */
  public validate(manifest: unknown): CrdCheckResult {
    const violations: Violation[] = [];
    const evaluations: RuleEvaluation[] = [];
    const skipped: SkippedRule[] = [];
    const schemaError = (keyword: string, p: string, message: string) =>
      violations.push({
        ruleId: `schema:${keyword}:${p}`,
        path: p,
        rule: keyword,
        message,
        source: 'schema',
        blocking: BLOCKING_KEYWORDS.has(keyword),
      });

    if (!isObject(manifest)) {
      schemaError('type', '<root>', `manifest must be an object, got ${typeName(manifest)}`);
      return { accepted: false, violations, evaluations, skipped, celBlocked: true, object: manifest };
    }
    const obj = structuredClone(manifest) as JsonObject;
    if (obj.apiVersion !== this.apiVersion || obj.kind !== this.kind) {
      schemaError('apiVersion', 'apiVersion', `expected ${this.apiVersion} ${this.kind}, got ${String(obj.apiVersion)} ${String(obj.kind)}`);
    }
    delete obj.status;
    this.checkMetadata(obj.metadata, schemaError);

    prune(obj, this.schema, '', true, (p) => schemaError('unknown-field', p, `unknown field "${p}"`));
    pruneNonNullableNullsWithoutDefaults(obj, this.schema);
    applyDefaults(obj, this.schema);

    if (!this.ajvValidate(obj)) {
      for (const e of collapseAjvErrors(this.ajvValidate.errors ?? [])) {
        const p = fieldPath(e, obj, this.schema);
        schemaError(e.keyword === 'anyOf' ? 'type' : e.keyword, p, `${p}: ${ajvMessage(e)}`);
      }
    }
    checkListTypes(obj, this.schema, '', (k, p, m) => schemaError(k, p, m));

    const celBlocked = violations.some((v) => v.blocking);
    if (!celBlocked) this.walk(this.schema, obj, '', '', violations, evaluations, skipped);
    return { accepted: violations.length === 0, violations, evaluations, skipped, celBlocked, object: obj };
  }

  private checkMetadata(meta: Json | undefined, err: (k: string, p: string, m: string) => void): void {
    if (!isObject(meta)) {
      err('required', 'metadata.name', 'metadata.name: Required value: name or generateName is required');
      return;
    }
    // Strict field validation reports ObjectMeta fields Go does not know (GetObjectMetaWithOptions ReturnUnknownFieldPaths).
    for (const [k, v] of Object.entries(meta)) {
      if (!OBJECT_META_FIELDS.includes(k)) err('unknown-field', `metadata.${k}`, `unknown field "metadata.${k}"`);
      else if (v !== null && !goDecodes(k, v)) err('type', `metadata.${k}`, `metadata.${k}: cannot decode ${JSON.stringify(v)} into ObjectMeta`);
    }
    // ObjectMeta is a Go struct: JSON null decodes to the zero value ("" for a string, and for a map value).
    // ... and ValidateObjectMeta treats "" as unset.
    const unset = (v: Json | undefined) => v === undefined || v === null || v === '';
    const name = unset(meta.name) ? undefined : meta.name;
    if (name === undefined && unset(meta.generateName)) {
      err('required', 'metadata.name', 'metadata.name: Required value: name or generateName is required');
    } else if (name !== undefined && (typeof name !== 'string' || name.length > 253 || !DNS1123_SUBDOMAIN.test(name))) {
      err(
        'pattern',
        'metadata.name',
        `metadata.name: Invalid value: ${JSON.stringify(name)}: a lowercase RFC 1123 subdomain must consist of ` +
          "lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
      );
    }
    // apimachinery ValidateAnnotations: keys are qualified names (checked lower-cased), 256 KiB in total.
    const annotations = meta.annotations;
    if (isObject(annotations)) {
      let bytes = 0;
      for (const [k, v] of Object.entries(annotations)) {
        if (!isQualifiedKey(k.toLowerCase()))
          err('pattern', `metadata.annotations[${k}]`, `metadata.annotations: Invalid value: ${JSON.stringify(k)}: not a qualified name`);
        bytes += Buffer.byteLength(k) + (typeof v === 'string' ? Buffer.byteLength(v) : 0);
      }
      if (bytes > 256 * 1024) err('maxLength', 'metadata.annotations', 'metadata.annotations: Too long: must have at most 262144 bytes');
    }
    const labels = meta.labels;
    if (isObject(labels)) {
      for (const [k, v] of Object.entries(labels)) {
        if (!isQualifiedKey(k)) err('pattern', `metadata.labels[${k}]`, `metadata.labels: Invalid value: ${JSON.stringify(k)}: not a qualified name`);
        if (v !== null && (typeof v !== 'string' || v.length > 63 || !LABEL_VALUE.test(v)))
          err('pattern', `metadata.labels[${k}]`, `metadata.labels: Invalid value: ${JSON.stringify(v)}: not a valid label value`);
      }
    }
  }

  private walk(
    schema: Schema,
    value: Json | undefined,
    p: string,
    sp: string,
    out: Violation[],
    evals: RuleEvaluation[],
    skipped: SkippedRule[],
  ): void {
    if (value === undefined || value === null || !schema) return;
    const rules: any[] = schema['x-kubernetes-validations'] ?? [];
    rules.forEach((r, i) => {
      const ruleId = `${this.kind}:${sp || '<root>'}:${i}`;
      const where = p || '<root>';
      if (isTransitionRule(r.rule)) {
        skipped.push({ ruleId, path: where, rule: r.rule, reason: 'transition rule (references oldSelf): not evaluated on create' });
        return;
      }
      const { passed, error } = this.evaluate(ruleId, r.rule, toCel(value, schema));
      evals.push({ ruleId, path: where, passed, error });
      if (!passed) {
        const message = error ? `${r.message ?? `failed rule: ${r.rule}`} (evaluation error: ${error})` : (r.message ?? `failed rule: ${r.rule}`);
        out.push({ ruleId, path: where, rule: r.rule, message, source: 'cel' });
      }
    });
    if (Array.isArray(value)) {
      if (schema.items) value.forEach((v, i) => this.walk(schema.items, v, `${p}[${i}]`, `${sp}[*]`, out, evals, skipped));
    } else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (schema.properties?.[k]) this.walk(schema.properties[k], v, join(p, k), join(sp, k), out, evals, skipped);
        else if (isObject(schema.additionalProperties)) this.walk(schema.additionalProperties, v, `${p}[${k}]`, `${sp}{*}`, out, evals, skipped);
      }
    }
  }

  private evaluate(ruleId: string, rule: string, self: unknown): { passed: boolean; error?: string } {
    let program = this.programs.get(ruleId);
    if (!program) {
      program = plan(this.env, parse(rule));
      this.programs.set(ruleId, program);
    }
    let result: unknown;
    try {
      result = (program as (ctx: Record<string, unknown>) => unknown)({ self });
    } catch (e) {
      return { passed: false, error: (e as Error).message };
    }
    if (isCelError(result as never)) return { passed: false, error: (result as { message: string }).message };
    if (typeof result !== 'boolean') return { passed: false, error: `rule returned ${typeName(result)}, not bool` };
    return { passed: result };
  }
}

/** Loads the NodePool, EC2NodeClass, NodeClaim and NodeOverlay CRDs, keyed by kind. */
export function loadKarpenterCrds(): Map<string, CrdValidator> {
  const dir = karpenterCrdsDir();
  if (!dir) throw new Error('Karpenter CRDs directory not found (set KARPENTER_CRDS_DIR)');
  const out = new Map<string, CrdValidator>();
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const v = CrdValidator.load(path.join(dir, f));
    out.set(v.kind, v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schema helpers

function collectRules(kind: string, root: Schema): CrdRule[] {
  const out: CrdRule[] = [];
  const visit = (s: Schema | undefined, sp: string) => {
    if (!isObject(s)) return;
    ((s['x-kubernetes-validations'] as any[]) ?? []).forEach((r, index) =>
      out.push({
        id: `${kind}:${sp || '<root>'}:${index}`,
        kind,
        schemaPath: sp || '<root>',
        index,
        rule: r.rule,
        message: r.message ?? `failed rule: ${r.rule}`,
        transition: isTransitionRule(r.rule),
      }),
    );
    for (const [k, v] of Object.entries((s.properties as Schema) ?? {})) {
      // status is not validated on create (subresource).
      if (sp === '' && k === 'status') continue;
      visit(v, join(sp, k));
    }
    if (s.items) visit(s.items as Schema, `${sp}[*]`);
    if (isObject(s.additionalProperties)) visit(s.additionalProperties as Schema, `${sp}{*}`);
  };
  visit(root, '');
  return out;
}

function isTransitionRule(rule: string): boolean {
  return /\boldSelf\b/.test(rule);
}

/** Structural pruning: drops fields the schema does not know, reporting each. */
function prune(value: Json, s: Schema, p: string, root: boolean, unknown: (p: string) => void): void {
  if (!s || s['x-kubernetes-preserve-unknown-fields']) return;
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => prune(v, s.items, `${p}[${i}]`, false, unknown));
    return;
  }
  if (!isObject(value)) return;
  for (const k of Object.keys(value)) {
    if (root && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
    if (s.properties?.[k]) prune(value[k], s.properties[k], join(p, k), false, unknown);
    else if (isObject(s.additionalProperties)) prune(value[k], s.additionalProperties as Schema, `${p}[${k}]`, false, unknown);
    else if (s.additionalProperties !== true) {
      unknown(join(p, k));
      delete value[k];
    }
  }
}

/**
 * apiextensions defaulting.PruneNonNullableNullsWithoutDefaults: deletes a null property or map
 * value whose schema is neither nullable nor defaulted; recurses into objects, maps and lists
 * (nulls in lists stay).
 */
function pruneNonNullableNullsWithoutDefaults(value: Json, s: Schema | undefined): void {
  if (Array.isArray(value)) {
    value.forEach((v) => pruneNonNullableNullsWithoutDefaults(v, s?.items));
    return;
  }
  if (!isObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const sub: Schema | undefined = s?.properties?.[k] ?? (isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined);
    if (v === null && sub && !sub.nullable && sub.default === undefined) delete value[k];
    else pruneNonNullableNullsWithoutDefaults(v, sub);
  }
}

/** Structural defaulting (apiextensions structuraldefaulting.Default): recurses into defaults it sets. */
function applyDefaults(value: Json, s: Schema): void {
  if (!s) return;
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v) => applyDefaults(v, s.items));
    return;
  }
  if (!isObject(value)) return;
  for (const [k, prop] of Object.entries((s.properties as Record<string, Schema>) ?? {})) {
    if (value[k] === null && !prop.nullable) delete value[k];
    if (prop.default !== undefined && value[k] === undefined) value[k] = structuredClone(prop.default);
  }
  for (const [k, v] of Object.entries(value)) {
    if (s.properties?.[k]) applyDefaults(v, s.properties[k]);
    else if (isObject(s.additionalProperties)) applyDefaults(v, s.additionalProperties as Schema);
  }
}

/** x-kubernetes-list-type set/map: no duplicates (non-blocking, like the API server's Duplicate error). */
function checkListTypes(value: Json | undefined, s: Schema, p: string, err: (k: string, p: string, m: string) => void): void {
  if (!s || value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const type = s['x-kubernetes-list-type'];
    const keys: string[] | undefined = s['x-kubernetes-list-map-keys'];
    if (type === 'set' || type === 'map') {
      const seen = new Set<string>();
      value.forEach((v, i) => {
        const key = type === 'set' ? JSON.stringify(v) : JSON.stringify((keys ?? []).map((k) => (isObject(v) ? v[k] : undefined)));
        if (seen.has(key)) err('duplicate', `${p}[${i}]`, `${p}[${i}]: Duplicate value: ${JSON.stringify(v)}`);
        seen.add(key);
      });
    }
    if (s.items) value.forEach((v, i) => checkListTypes(v, s.items, `${p}[${i}]`, err));
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (s.properties?.[k]) checkListTypes(v, s.properties[k], join(p, k), err);
      else if (isObject(s.additionalProperties)) checkListTypes(v, s.additionalProperties as Schema, `${p}[${k}]`, err);
    }
  }
}

const KEEP = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'multipleOf',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'format',
  'nullable',
]);

/** OpenAPI v3 (Kubernetes flavour) to a schema ajv understands. */
function toAjvSchema(s: Schema, root = false): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (!KEEP.has(k)) continue;
    if (k === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, Schema>)
          .filter(([name]) => !(root && name === 'status'))
          .map(([name, sub]) => [name, toAjvSchema(sub)]),
      );
    } else if (k === 'items' || k === 'not') out[k] = toAjvSchema(v);
    else if (k === 'additionalProperties') out[k] = isObject(v) ? toAjvSchema(v as Schema) : v;
    else if (k === 'anyOf' || k === 'allOf' || k === 'oneOf') out[k] = (v as Schema[]).map((x) => toAjvSchema(x));
    else if (k === 'format' && !['int32', 'int64', 'date-time'].includes(v))
      continue; // unknown formats are not checked
    else out[k] = v;
  }
  if (s.exclusiveMinimum === true) out.exclusiveMinimum = s.minimum;
  if (s.exclusiveMaximum === true) out.exclusiveMaximum = s.maximum;
  if (s['x-kubernetes-int-or-string'] && !s.anyOf) out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  if (s.nullable && out.type) {
    out.type = [out.type, 'null'];
    delete out.nullable;
  }
  return out;
}

function newAjv(): Ajv {
  // `pattern` uses Go regexp (RE2) semantics in the API server, so use the RE2 engine here too.
  const re2Engine = Object.assign((pattern: string) => RE2JS.compile(pattern), { code: 'require("@bufbuild/re2").RE2JS.compile' });
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true, code: { regExp: re2Engine as never } });
  ajv.addFormat('date-time', { type: 'string', validate: strfmtIsDateTime });
  // kube-openapi checks no range for the integer formats.
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  ajv.addFormat('int64', { type: 'number', validate: () => true });
  return ajv;
}

/** Drops the per-branch errors of an int-or-string `anyOf`, keeping the anyOf itself. */
function collapseAjvErrors(errors: ErrorObject[]): ErrorObject[] {
  const anyOfAt = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath);
  return errors.filter((e) => e.keyword === 'anyOf' || !anyOfAt.some((sp) => e.schemaPath.startsWith(`${sp}/`)));
}

function ajvMessage(e: ErrorObject): string {
  switch (e.keyword) {
    case 'enum':
      return (
        `Unsupported value: ${JSON.stringify(e.data)}: supported ` +
        `values: ${(e.params as any).allowedValues.map((x: unknown) => JSON.stringify(x)).join(', ')}`
      );
    case 'required':
      return 'Required value';
    case 'pattern':
      return `Invalid value: ${JSON.stringify(e.data)}: should match '${(e.params as any).pattern}'`;
    case 'anyOf':
      return `Invalid value: ${JSON.stringify(e.data)}: must be an integer or a string`;
    default:
      return `Invalid value: ${JSON.stringify(e.data)}: ${e.message}`;
  }
}

/** JSON pointer from ajv to a Kubernetes field path, e.g. `spec.template.spec.requirements[2].key`. */
function fieldPath(e: ErrorObject, data: Json, root: Schema): string {
  const segs = e.instancePath
    .split('/')
    .slice(1)
    .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') segs.push((e.params as any).missingProperty);
  let p = '';
  let d: Json | undefined = data;
  let s: Schema | undefined = root;
  for (const seg of segs) {
    if (Array.isArray(d)) {
      p += `[${seg}]`;
      d = d[Number(seg)];
      s = s?.items;
    } else if (s?.properties?.[seg]) {
      p = join(p, seg);
      d = isObject(d) ? d[seg] : undefined;
      s = s.properties[seg];
    } else {
      p += `[${seg}]`;
      d = isObject(d) ? d[seg] : undefined;
      s = isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined;
    }
  }
  return p || '<root>';
}

/** JSON to CEL values: integers (per the schema) as bigint, objects and maps as Map. */
function toCel(value: Json, s: Schema | undefined): unknown {
  if (value === null) return null;
  if (typeof value === 'number') {
    const integral =
      s?.type === 'integer' || (s?.['x-kubernetes-int-or-string'] ?? false) || (s?.anyOf ?? []).some((x: Schema) => x.type === 'integer');
    return integral && Number.isInteger(value) ? BigInt(value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => toCel(v, s?.items));
  if (isObject(value)) {
    const m = new Map<string, unknown>();
    for (const [k, v] of Object.entries(value)) {
      const sub = s?.properties?.[k] ?? (isObject(s?.additionalProperties) ? (s!.additionalProperties as Schema) : undefined);
      m.set(k, toCel(v, sub));
    }
    return m;
  }
  return value;
}

function isQualifiedKey(k: string): boolean {
  const parts = k.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1];
  if (name.length > 63 || !QUALIFIED_NAME.test(name)) return false;
  if (parts.length === 2) return parts[0].length > 0 && parts[0].length <= 253 && DNS1123_SUBDOMAIN.test(parts[0]);
  return true;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function join(p: string, k: string): string {
  return p ? `${p}.${k}` : k;
}
