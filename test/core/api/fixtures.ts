// Test-only helpers: minimal valid manifests and a copy-and-patch function.
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { Severity, ValidationIssue, errorsOf } from '../../../lib/core/issues';
import { karpenterCrdsDir } from '../../fixtures/crds-dir';

export type Json = Record<string, any>;

export const DISCOVERY = { 'karpenter.sh/discovery': 'demo' };

export function nodePool(spec: Json = {}): Json {
  return {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: { name: 'default' },
    spec: {
      template: { spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, requirements: [] } },
      limits: { cpu: '100' },
      ...spec,
    },
  };
}

export function ec2NodeClass(spec: Json = {}): Json {
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name: 'default' },
    spec: {
      role: 'KarpenterNodeRole-demo',
      amiSelectorTerms: [{ alias: 'al2023@latest' }],
      subnetSelectorTerms: [{ tags: DISCOVERY }],
      securityGroupSelectorTerms: [{ tags: DISCOVERY }],
      ...spec,
    },
  };
}

/** A path: dotted string (`spec.weight`, `spec.budgets.0`) or segments when keys hold dots. */
export type Path = string | readonly (string | number)[];

/** One CEL rule of a CRD with a manifest change it accepts and one it rejects. */
export interface CelCase {
  /** Schema path of the rule in the CRD, as `crdRules()` writes it. */
  readonly crdPath: string;
  /** The CRD's message for the rule. */
  readonly rule: string;
  readonly code: string;
  /** Where the error is reported. */
  readonly field: string;
  readonly accept: [Path, unknown][];
  readonly reject: [Path, unknown][];
}

/** Copy of `base` with each `[path, value]` applied; `undefined` deletes. */
export function patched(base: Json, ...changes: [Path, unknown][]): Json {
  const out = structuredClone(base);
  for (const [p, value] of changes) {
    const keys = typeof p === 'string' ? p.split('.') : p;
    let cur: any = out;
    for (const k of keys.slice(0, -1)) {
      if (cur[k] === undefined) cur[k] = typeof k === 'number' ? [] : {};
      cur = cur[k];
    }
    const last = keys[keys.length - 1];
    if (value === undefined) delete cur[last];
    else cur[last] = value;
  }
  return out;
}

export function codes(issues: readonly ValidationIssue[], severity = Severity.ERROR): string[] {
  return issues.filter((i) => i.severity === severity).map((i) => i.code);
}

export function errorLines(issues: readonly ValidationIssue[]): string[] {
  return errorsOf(issues).map((i) => `${i.field}: ${i.message} (${i.code})`);
}

/** Directory of the official Karpenter CRDs (see karpenterCrdsDir), when present. */
export const CRDS_DIR: string | undefined = karpenterCrdsDir();

/** Every `x-kubernetes-validations` entry of a CRD file: schema path and message. Undefined when the file is absent. */
export function crdRules(file: string): { path: string; message: string; rule: string }[] | undefined {
  if (CRDS_DIR === undefined) return undefined;
  const f = path.join(CRDS_DIR, file);
  if (!fs.existsSync(f)) return undefined;
  const crd = parse(fs.readFileSync(f, 'utf8'));
  const out: { path: string; message: string; rule: string }[] = [];
  const walk = (s: any, p: string) => {
    if (!s || typeof s !== 'object') return;
    for (const v of s['x-kubernetes-validations'] ?? []) out.push({ path: p, message: v.message, rule: v.rule });
    for (const [k, sub] of Object.entries<any>(s.properties ?? {})) walk(sub, p ? `${p}.${k}` : k);
    if (s.items) walk(s.items, `${p}[]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${p}{}`);
  };
  walk(crd.spec.versions.find((v: any) => v.name === 'v1').schema.openAPIV3Schema, '');
  return out;
}
