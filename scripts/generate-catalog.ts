// `npm run generate-catalog`: turns Karpenter's instance-type reference page
// (../shared/reference/karpenter-instance-types-1.14.1.md, or KARPENTER_REFERENCE_DIR) into the compact
// catalog lib/core/sim/catalog-data.json that the package ships.
//
// The page gives each type's well-known labels and its allocatable resources under its own assumptions
// (AL2023, no kubelet block, no block devices). Capacity is what the allocatable formulas need: cpu and
// memory come from the instance-cpu, instance-memory and arch labels; `pods` and the extended resources
// (pod-eni, efa, GPUs, Neuron) carry no overhead, so their allocatable *is* their capacity (the inverted
// formula is the identity); the page prints zero quantities not at all, so absent means 0. The page's
// cpu, memory and ephemeral-storage are kept too, so a test can check the formulas reproduce them.
import * as fs from 'fs';
import * as path from 'path';
import { KARPENTER_RELEASE } from '../lib/core/controller/release';
import { CatalogData, labelCode, MAX_LABEL_VALUES } from '../lib/core/sim/catalog-format';

/** The catalog's file, relative to the repository root. */
export const CATALOG_FILE = path.join('lib', 'core', 'sim', 'catalog-data.json');
const KARPENTER_VERSION = KARPENTER_RELEASE.version;
/** The docs folder of the release's minor version, e.g. `v1.14`. */
const DOCS_VERSION = `v${KARPENTER_VERSION.split('.').slice(0, 2).join('.')}`;
/** The reference page, in the shared reference folder. */
export const CATALOG_SOURCE = `karpenter-instance-types-${KARPENTER_VERSION}.md`;
const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';

/** One instance type as the page prints it. */
export interface PageInstanceType {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly resources: Record<string, string>;
}

/** Parses the page; throws on anything it does not expect, since a silent skip would lose types. */
export function parseInstanceTypesPage(md: string): PageInstanceType[] {
  const out: PageInstanceType[] = [];
  let current: PageInstanceType | undefined;
  let table: 'labels' | 'resources' | undefined;
  for (const [n, line] of md.split('\n').entries()) {
    const heading = /^### `([^`]+)`$/.exec(line);
    if (heading) {
      current = { name: heading[1], labels: {}, resources: {} };
      out.push(current);
      table = undefined;
    } else if (line === '#### Labels') table = 'labels';
    else if (line === '#### Resources') table = 'resources';
    else if (/^##? /.test(line)) table = undefined;
    else if (current && table) {
      const row = /^ \|([^|]+)\|([^|]*)\|$/.exec(line);
      if (!row || ['Label', 'Resource', '--'].includes(row[1].trim())) continue;
      const target = table === 'labels' ? current.labels : current.resources;
      if (row[1] in target) throw new Error(`line ${n + 1}: ${current.name} repeats ${row[1]}`);
      target[row[1]] = row[2];
    }
  }
  for (const t of out) {
    if (t.labels[INSTANCE_TYPE_LABEL] !== t.name) throw new Error(`${t.name}: its ${INSTANCE_TYPE_LABEL} label is ${t.labels[INSTANCE_TYPE_LABEL]}`);
  }
  return out;
}

const UNITS: Record<string, string> = { cpu: 'm', memory: 'Mi', 'ephemeral-storage': 'Gi' };

function amountIn(unit: string, text: string, where: string): number {
  const m = /^(\d+)([A-Za-z]*)$/.exec(text);
  if (!m || m[2] !== unit) throw new Error(`${where}: expected a whole number of ${unit || 'units'}, got ${text}`);
  return Number(m[1]);
}

/** The compact catalog of the parsed page. */
export function buildCatalogData(types: readonly PageInstanceType[]): CatalogData {
  const keys = [...new Set(types.flatMap((t) => Object.keys(t.labels)))].filter((k) => k !== INSTANCE_TYPE_LABEL).sort();
  const values = keys.map((k) => [...new Set(types.map((t) => t.labels[k]).filter((v) => v !== undefined))].sort());
  const index = values.map((vs) => new Map(vs.map((v, i) => [v, i])));
  const fixed = ['cpu', 'memory', 'ephemeral-storage', 'pods'];
  const extended = [...new Set(types.flatMap((t) => Object.keys(t.resources)))].filter((r) => !fixed.includes(r)).sort();
  const resources = [...fixed, ...extended].map((name) => ({ name, unit: UNITS[name] ?? '' }));
  const tooMany = keys.find((_, i) => values[i].length > MAX_LABEL_VALUES);
  if (tooMany) throw new Error(`${tooMany} has more than ${MAX_LABEL_VALUES} values, more than a catalog row can encode`);
  return {
    karpenterVersion: KARPENTER_VERSION,
    source: `aws/karpenter-provider-aws release-v${KARPENTER_VERSION} website/content/en/${DOCS_VERSION}/reference/instance-types.md`,
    labelKeys: keys,
    labelValues: values,
    resources,
    types: types.map((t) => {
      const codes = keys.map((k, i) => labelCode(t.labels[k] === undefined ? -1 : index[i].get(t.labels[k])!));
      const printed = resources.map((r) => (t.resources[r.name] === undefined ? 0 : amountIn(r.unit, t.resources[r.name], `${t.name} ${r.name}`)));
      return `${t.name} ${codes.join('')} ${printed.join(',')}`;
    }),
  };
}

/**
 * The file's text: one line per instance type, so a regenerated catalog diffs by type; ASCII only (label codes past
 * '~' as \u escapes), so no editor shows an invisible character and Node reads it on its ASCII fast path.
 */
export function renderCatalogData(data: CatalogData): string {
  const { types, ...head } = data;
  const headJson = JSON.stringify(head, null, 1).replace(/\n\s*/g, ' ');
  const ascii = (json: string) => json.replace(/[^\n\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ascii(`${headJson.slice(0, -1)}, "types": [\n${types.map((t) => JSON.stringify(t)).join(',\n')}\n]}\n`);
}

function main(): void {
  const dir = process.env.KARPENTER_REFERENCE_DIR ?? path.join(__dirname, '..', '..', 'shared', 'reference');
  const source = path.join(dir, CATALOG_SOURCE);
  if (!fs.existsSync(source)) {
    console.error(`${source} not found; set KARPENTER_REFERENCE_DIR to the folder holding ${CATALOG_SOURCE}`);
    process.exit(1);
  }
  const types = parseInstanceTypesPage(fs.readFileSync(source, 'utf8'));
  const target = path.join(__dirname, '..', CATALOG_FILE);
  fs.writeFileSync(target, renderCatalogData(buildCatalogData(types)), 'utf8');
  console.log(`${CATALOG_FILE}: ${types.length} instance types from ${source}`);
}

if (require.main === module) main();
