import * as fs from 'fs';
import * as path from 'path';
import {
  CATALOG_REFERENCE_FILE,
  catalogNames,
  compactPriceTable,
  PRICE_REFERENCE_FILE,
  PRICE_TABLE_FILE,
  priceTableText,
} from '../../scripts/generate-prices';
import { readSharedReference } from '../fixtures/reference';
import { loadInstanceTypeCatalog } from '../../lib/core/sim/catalog';

const committedText = fs.readFileSync(path.join(__dirname, '..', '..', PRICE_TABLE_FILE), 'utf8');
const committed = JSON.parse(committedText);

describe('the shipped price table (lib/core/sim/on-demand-prices-us-east-1.json)', () => {
  test('keeps source, region, date and unit, and positive prices sorted by name', () => {
    expect(committed).toMatchObject({ region: 'us-east-1', generatedAt: '2026-07-06T14:20:29Z', unit: 'USD per hour, on-demand, Linux' });
    const names = Object.keys(committed.prices);
    expect(names).toHaveLength(1339);
    expect(names).toEqual([...names].sort());
    expect(Object.values(committed.prices).every((p) => typeof p === 'number' && p > 0)).toBe(true);
  });

  test('prices only catalog types, and all but 24 of them', () => {
    const catalog = loadInstanceTypeCatalog();
    expect(Object.keys(committed.prices).filter((n) => catalog.get(n) === undefined)).toEqual([]);
    const unpriced = catalog.instanceTypes.filter((t) => committed.prices[t.name] === undefined).map((t) => t.name);
    expect(unpriced).toHaveLength(24);
    expect(unpriced).toEqual(expect.arrayContaining(['g7.2xlarge', 'p5e.48xlarge', 'trn2.48xlarge', 'hpc7a.96xlarge']));
  });

  const upstream = readSharedReference(PRICE_REFERENCE_FILE);
  const catalogMd = readSharedReference(CATALOG_REFERENCE_FILE);
  const shared = upstream !== undefined && catalogMd !== undefined;
  if (!shared)
    console.warn(`SKIPPED: ../shared/reference/${PRICE_REFERENCE_FILE} or ${CATALOG_REFERENCE_FILE} not found; the price table is not cross-checked`);

  (shared ? test : test.skip)('equals a fresh generation from ../shared/reference', () => {
    expect(committedText).toBe(priceTableText(compactPriceTable(upstream!, catalogNames(catalogMd!))));
  });

  (shared ? test : test.skip)('leaves out the 22 upstream prices whose types the page lacks', () => {
    expect(catalogNames(catalogMd!)).toHaveLength(1363);
    // Upstream prices 1,361 types; the 22 the catalog lacks are listed as dropped.
    expect(Object.keys(JSON.parse(upstream!).prices)).toHaveLength(1339 + committed.droppedNotInCatalog.length);
    expect(committed.droppedNotInCatalog).toHaveLength(22);
  });
});

describe('compactPriceTable', () => {
  const up = (over: Record<string, unknown>) =>
    JSON.stringify({
      source: 's',
      generatedAt: '2026-07-06T00:00:00Z',
      region: 'us-east-1',
      unit: 'USD per hour, on-demand, Linux',
      prices: {},
      ...over,
    });

  test('keeps catalog types and lists the rest', () => {
    const t = compactPriceTable(up({ prices: { 'b.large': 2, 'a.large': 1, 'z.large': 3 } }), ['a.large', 'b.large']);
    expect(t.prices).toEqual({ 'a.large': 1, 'b.large': 2 });
    expect(t.droppedNotInCatalog).toEqual(['z.large']);
  });

  test('refuses a changed unit or a bad price', () => {
    expect(() => compactPriceTable(up({ unit: 'EUR per hour' }), [])).toThrow(/unexpected unit/);
    expect(() => compactPriceTable(up({ prices: { 'a.large': -1 } }), ['a.large'])).toThrow(/bad price for a.large/);
  });
});
