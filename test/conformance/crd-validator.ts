// Test-only: validates manifests the way the Kubernetes API server validates a custom resource
// on create, using the real CRD files: structural pruning and defaulting, OpenAPI schema checks
// (ajv, with Go RE2 semantics for `pattern`) and every `x-kubernetes-validations` CEL rule
// (@bufbuild/cel). It is a model of the API server, not the API server: see MODEL_NOTES.
// The CEL environment is in crd-cel.ts, the schema side in crd-schema.ts, the result types in crd-types.ts.
import * as fs from 'fs';
import * as path from 'path';
import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import type { CelEnv } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import type { ValidateFunction } from 'ajv';
import * as YAML from 'yaml';
import { karpenterCrdsDir } from '../fixtures/crds-dir';
import type { CrdCheckResult, CrdRule, Json, JsonObject, RuleEvaluation, Schema, SkippedRule, Violation } from './crd-types';
import { K8S_FUNCS } from './crd-cel';
import {
  BLOCKING_KEYWORDS,
  DNS1123_SUBDOMAIN,
  LABEL_VALUE,
  OBJECT_META_FIELDS,
  ajvMessage,
  applyDefaults,
  checkListTypes,
  collapseAjvErrors,
  collectRules,
  fieldPath,
  goDecodes,
  isObject,
  isQualifiedKey,
  isTransitionRule,
  join,
  newAjv,
  prune,
  pruneNonNullableNullsWithoutDefaults,
  toAjvSchema,
  toCel,
  typeName,
} from './crd-schema';

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

export type { CrdCheckResult, CrdRule, RuleEvaluation, Schema, SkippedRule, Violation } from './crd-types';
export { goParseInt, k8sFind, k8sFindAll } from './crd-cel';
export { strfmtIsDateTime } from './crd-schema';
export { crdsMissingMessage, karpenterCrdsCandidates, karpenterCrdsDir, skipWithoutCrds } from '../fixtures/crds-dir';

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
