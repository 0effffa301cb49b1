// Renders a released chart with real Helm and reads what it makes: `helm template` and `helm lint`, offline.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { HelmValues, renderHelmValues } from '../../lib/core/controller/helm-values';
import { runHelm } from './helm-binary';

/** One object of a render. */
export type K8sObject = { kind: string; metadata: { name: string; namespace?: string; [k: string]: any }; [k: string]: any };

/** What one `helm template` of a release made, by kind. */
export interface Render {
  readonly objects: K8sObject[];
  /** The one object of `kind` (named `name` when given); throws when there is none or several. */
  only(kind: string, name?: string): K8sObject;
  /** Every object of `kind`. */
  all(kind: string): K8sObject[];
}

/** Writes values as the helm provider hands them over: the JSON document the construct renders. */
function valuesFile(values: HelmValues): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-helm-'));
  const file = path.join(dir, 'values.yaml');
  fs.writeFileSync(file, renderHelmValues(values));
  return file;
}

/** `helm template <release> <chart> --namespace <ns> -f <values>`, parsed into objects (`--include-crds` optional). */
export function helmTemplate(
  helm: string,
  chart: string,
  release: string,
  namespace: string,
  values: HelmValues,
  options: { includeCrds?: boolean } = {},
): Render {
  const file = valuesFile(values);
  try {
    const args = ['template', release, chart, '--namespace', namespace, '-f', file, ...(options.includeCrds ? ['--include-crds'] : [])];
    return readRender(runHelm(helm, args));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** `helm lint --strict <chart> -f <values>`: throws with Helm's output when the chart finds fault with the values. */
export function helmLint(helm: string, chart: string, values: HelmValues): string {
  const file = valuesFile(values);
  try {
    return runHelm(helm, ['lint', '--strict', chart, '-f', file]);
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`helm lint failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Parses a multi-document render; empty documents (a template that rendered nothing) are dropped. */
export function readRender(text: string): Render {
  const objects = parseAllDocuments(text)
    .map((d) => {
      if (d.errors.length > 0) throw new Error(`helm rendered YAML that does not parse: ${d.errors[0].message}`);
      return d.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object');
  const all = (kind: string) => objects.filter((o) => o.kind === kind);
  return {
    objects,
    all,
    only(kind, name) {
      const found = all(kind).filter((o) => name === undefined || o.metadata.name === name);
      if (found.length !== 1) throw new Error(`expected one ${kind}${name ? ` ${name}` : ''}, the render has ${found.length}`);
      return found[0];
    },
  };
}
