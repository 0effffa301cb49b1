// Converts older Karpenter manifests to the v1 API and reports every change it makes:
//   karpenter.sh/v1beta1 NodePool, karpenter.k8s.aws/v1beta1 EC2NodeClass (Karpenter 0.33-0.37): v1beta1.ts
//   karpenter.sh/v1alpha5 Provisioner: v1alpha5.ts; karpenter.k8s.aws/v1alpha1 AWSNodeTemplate (up to 0.31): v1alpha1.ts
import { Document, isDocument, parseAllDocuments } from 'yaml';
import { cloneJson, lookupTable, show } from '../json';
import { EC2NODECLASS_API_VERSION, EC2NODECLASS_KIND, NODEPOOL_API_VERSION } from '../model/types';
import { toYaml } from '../model/yaml';
import { DocumentComments, collectComments, yamlWithComments } from './comments';
import { placeKubelets } from './kubelet';
import { newReport } from './converter-common';
import { KubeletMove, MigrationError, MigrationOptions, MigrationReport, MigrationResult, MigrationRun, Obj, Output } from './migration-types';
import { isObject, stringOrUndefined } from './util';
import { awsNodeTemplate } from './v1alpha1';
import { provisioner } from './v1alpha5';
import { nodeClassV1beta1, nodePoolV1beta1 } from './v1beta1';

export type { MigrationChange, MigrationError, MigrationOptions, MigrationReport, MigrationResult } from './migration-types';

/** Comments of the YAML input of a result, by input document. */
const COMMENTS = new WeakMap<MigrationResult, ReadonlyMap<number, DocumentComments>>();

/**
 * Converts Karpenter manifests to v1. `input` is YAML text (several documents allowed), or
 * documents: parsed values or `yaml` Documents. v1 manifests pass through unchanged, so a mixed
 * file can be migrated as a whole. Comments of YAML input are kept by `migrationToYaml`.
 */
export function migrateManifests(input: string | readonly unknown[], options: MigrationOptions = {}): MigrationResult {
  const migration = new Migration(options);
  const result = migration.run(input);
  if (migration.comments.size > 0) COMMENTS.set(result, migration.comments);
  return result;
}

/**
 * The migrated manifests as multi-document YAML. Comments of YAML input stay on the fields they
 * were on, also where the migration moved a field; comments on dropped fields are lost with them.
 */
export function migrationToYaml(result: MigrationResult): string {
  return migratedManifestsYaml(result).join('---\n');
}

/** `migrationToYaml` one manifest at a time, for callers that place them among other documents. */
export function migratedManifestsYaml(result: MigrationResult): string[] {
  const comments = COMMENTS.get(result);
  const seen = new Set<number>();
  return result.manifests.map((m, i) => {
    const report = result.reports[i] as MigrationReport | undefined;
    const c = report && comments?.get(report.document);
    if (!c) return toYaml(m);
    // A Provisioner with an inline provider gives two manifests; its head comment goes on the first.
    const first = !seen.has(report.document);
    seen.add(report.document);
    return yamlWithComments(m, first ? c : { ...c, document: undefined, head: undefined }, report);
  });
}

type Converter = (run: MigrationRun, index: number, doc: Obj, name: string) => void;

/** `apiVersion kind` of each older object to its converter. */
const CONVERTERS: { readonly [key: string]: Converter } = lookupTable({
  'karpenter.sh/v1beta1 NodePool': nodePoolV1beta1,
  'karpenter.k8s.aws/v1beta1 EC2NodeClass': nodeClassV1beta1,
  'karpenter.sh/v1alpha5 Provisioner': provisioner,
  'karpenter.k8s.aws/v1alpha1 AWSNodeTemplate': awsNodeTemplate,
});

class Migration implements MigrationRun {
  private readonly outputs: Output[] = [];
  private readonly errors: MigrationError[] = [];
  private readonly kubeletMoves: KubeletMove[] = [];
  public readonly comments = new Map<number, DocumentComments>();

  constructor(public readonly options: MigrationOptions) {}

  public run(input: string | readonly unknown[]): MigrationResult {
    const docs = typeof input === 'string' ? this.read(parseAllDocuments(input)) : this.read(input);
    for (const { index, value } of docs) this.migrateDocument(index, value);
    placeKubelets(this.outputs, this.kubeletMoves, (e) => this.fail(e));
    return { manifests: this.outputs.map((o) => o.manifest), reports: this.outputs.map((o) => o.report), errors: this.errors };
  }

  public fail(error: MigrationError): void {
    this.errors.push(error);
  }

  public push(index: number, doc: Obj, name: string, manifest: Obj): Output {
    const o = { manifest, report: newReport(index, doc, name, manifest) };
    this.outputs.push(o);
    return o;
  }

  public moveKubelet(move: KubeletMove): void {
    this.kubeletMoves.push(move);
  }

  /** The values of the documents; a YAML document also gives its comments, or a syntax error. */
  private read(input: readonly unknown[]): Array<{ index: number; value: unknown }> {
    const out: Array<{ index: number; value: unknown }> = [];
    input.forEach((doc, index) => {
      if (!isDocument(doc)) {
        out.push({ index, value: doc });
        return;
      }
      if (doc.errors.length > 0) {
        this.fail({ document: index, code: 'YamlSyntaxError', message: `document ${index} is not valid YAML: ${doc.errors[0].message}` });
        return;
      }
      const value = (doc as Document).toJS();
      // An empty document (a trailing `---`) is not a manifest.
      if (value === null || value === undefined) return;
      out.push({ index, value });
      const comments = collectComments(doc as Document);
      if (comments) this.comments.set(index, comments);
    });
    return out;
  }

  private migrateDocument(index: number, value: unknown): void {
    if (!isObject(value)) {
      this.fail({
        document: index,
        code: 'NotAnObject',
        message: `document ${index} is ${show(value, 'typed')}; expected a Kubernetes object with apiVersion, kind, metadata and spec`,
      });
      return;
    }
    const { apiVersion, kind } = value;
    const name: string | undefined = isObject(value.metadata) && typeof value.metadata.name === 'string' ? value.metadata.name : undefined;
    const key = `${String(apiVersion)} ${String(kind)}`;
    const fail = (code: string, message: string): void => this.fail({ document: index, kind: stringOrUndefined(kind), name, code, message });
    if (name === undefined) {
      fail('MissingName', `${key} in document ${index} has no metadata.name; every Karpenter object needs one`);
      return;
    }
    const converter = CONVERTERS[key];
    if (converter) return converter(this, index, value, name);
    switch (key) {
      case `${NODEPOOL_API_VERSION} NodePool`:
      case `${EC2NODECLASS_API_VERSION} ${EC2NODECLASS_KIND}`:
        this.outputs.push({ manifest: cloneJson(value), report: newReport(index, value, name, value) });
        return;
      case 'karpenter.sh/v1beta1 NodeClaim':
      case 'karpenter.sh/v1alpha5 Machine':
        return fail(
          'UnsupportedKind',
          `${key} ${name} (document ${index}) is created by Karpenter, not by users; do not migrate it: Karpenter replaces it with a v1 NodeClaim`,
        );
      default:
        return fail(
          'UnsupportedKind',
          `cannot migrate ${key} ${name} (document ${index}): supported are karpenter.sh/v1beta1 NodePool, ` +
            'karpenter.k8s.aws/v1beta1 EC2NodeClass, karpenter.sh/v1alpha5 Provisioner and karpenter.k8s.aws/v1alpha1 ' +
            'AWSNodeTemplate (v1 objects pass through)',
        );
    }
  }
}
