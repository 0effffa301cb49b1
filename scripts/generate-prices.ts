// `npx ts-node --transpile-only scripts/generate-prices.ts [referenceDir]`: writes
// lib/core/sim/on-demand-prices-us-east-1.json from the team's reference folder (../shared/reference,
// or KARPENTER_REFERENCE_DIR): the controller's fallback on-demand price table, kept only for the
// instance types of the catalog (karpenter-instance-types-1.14.1.md), so every shipped price has a type.
// Source, region, date and unit stay in the file as data; they are shown wherever a price is.
import * as fs from 'fs';
import * as path from 'path';
import { CATALOG_SOURCE } from './generate-catalog';

/** The upstream price table, as ../shared/reference keeps it. */
export const PRICE_REFERENCE_FILE = 'karpenter-on-demand-prices-us-east-1.json';
/** The instance-type docs page the catalog is generated from. */
export const CATALOG_REFERENCE_FILE = CATALOG_SOURCE;
/** The generated file, relative to the repository root. */
export const PRICE_TABLE_FILE = path.join('lib', 'core', 'sim', 'on-demand-prices-us-east-1.json');

/** The shipped table: the upstream metadata and the prices of the catalog's types, sorted by name. */
export interface GeneratedPriceTable {
  readonly source: string;
  readonly generatedAt: string;
  readonly region: string;
  readonly unit: string;
  readonly currency: string;
  readonly capacityType: string;
  readonly operatingSystem: string;
  /** Upstream prices left out because the catalog has no such type. */
  readonly droppedNotInCatalog: readonly string[];
  readonly prices: Readonly<Record<string, number>>;
}

/** Instance-type names of the docs page: one `### \`name\`` heading each. */
export function catalogNames(markdown: string): string[] {
  return [...markdown.matchAll(/^### `([^`]+)`$/gm)].map((m) => m[1]);
}

/** The shipped table built from the upstream JSON text and the catalog's names; throws on a malformed source (a script, not user input). */
export function compactPriceTable(upstreamJson: string, names: readonly string[]): GeneratedPriceTable {
  const up = JSON.parse(upstreamJson) as Record<string, unknown>;
  for (const key of ['source', 'generatedAt', 'region', 'unit']) {
    if (typeof up[key] !== 'string') throw new Error(`${PRICE_REFERENCE_FILE}: '${key}' must be a string`);
  }
  const unit = up.unit as string;
  // The unit text is the only place the currency, capacity type and OS are stated; fail if it changes.
  if (!/^USD per hour, on-demand, Linux$/.test(unit)) throw new Error(`${PRICE_REFERENCE_FILE}: unexpected unit '${unit}'`);
  const upstreamPrices = up.prices as Record<string, unknown>;
  const inCatalog = new Set(names);
  const prices: Record<string, number> = {};
  const dropped: string[] = [];
  for (const name of Object.keys(upstreamPrices).sort()) {
    const price = upstreamPrices[name];
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) throw new Error(`${PRICE_REFERENCE_FILE}: bad price for ${name}`);
    if (inCatalog.has(name)) prices[name] = price;
    else dropped.push(name);
  }
  return {
    source: up.source as string,
    generatedAt: up.generatedAt as string,
    region: up.region as string,
    unit,
    currency: 'USD',
    capacityType: 'on-demand',
    operatingSystem: 'linux',
    droppedNotInCatalog: dropped,
    prices,
  };
}

/** The file text: two-space JSON, as prettier writes it. */
export function priceTableText(table: GeneratedPriceTable): string {
  return `${JSON.stringify(table, null, 2)}\n`;
}

function main(): void {
  const dir = process.argv[2] ?? process.env.KARPENTER_REFERENCE_DIR ?? path.join(__dirname, '..', '..', 'shared', 'reference');
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const table = compactPriceTable(read(PRICE_REFERENCE_FILE), catalogNames(read(CATALOG_REFERENCE_FILE)));
  fs.writeFileSync(path.join(__dirname, '..', PRICE_TABLE_FILE), priceTableText(table));
  console.log(`${PRICE_TABLE_FILE}: ${Object.keys(table.prices).length} prices (${table.droppedNotInCatalog.length} not in the catalog left out)`);
}

if (require.main === module) main();
