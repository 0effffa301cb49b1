import {
  cheapestOption,
  costCeiling,
  createPriceTable,
  describeCostCeiling,
  HOURS_PER_MONTH,
  loadPriceTable,
  orderByPrice,
  priceAssumptions,
  priceOf,
  pricedOptions,
  PricedInstanceType,
  staleTableNote,
  formatRate,
  formatUsd,
} from '../../../lib/core/sim/pricing';
import { readPoolLimits } from '../../../lib/core/sim/pool-limits';

const GiB = 2 ** 30;
// Hand-made capacities (vCPU, GiB, GPUs) with the shipped table's real prices, so the arithmetic is checkable by hand.
function type(name: string, vcpu: number, gib: number, gpus = 0): PricedInstanceType {
  return { name, capacity: { cpu: vcpu * 1000, memory: gib * GiB, ...(gpus > 0 ? { 'nvidia.com/gpu': gpus } : {}) } };
}
const m5large = type('m5.large', 2, 8); // $0.096/h
const c5large = type('c5.large', 2, 4); // $0.085/h
const r5large = type('r5.large', 2, 16); // $0.126/h
const m5xlarge = type('m5.xlarge', 4, 16); // $0.192/h
const t3micro = type('t3.micro', 2, 1); // $0.0104/h
const g4dnXlarge = type('g4dn.xlarge', 4, 16, 1); // $0.526/h
const g4dn12xlarge = type('g4dn.12xlarge', 48, 192, 4); // $3.912/h
const g7 = type('g7.2xlarge', 8, 32, 1); // not in the table
const p5e = type('p5e.48xlarge', 192, 2048, 8); // not in the table

describe('the shipped price table', () => {
  const table = loadPriceTable();

  test('keeps its source, region, date and unit as data', () => {
    expect(table).toMatchObject({
      region: 'us-east-1',
      generatedAt: '2026-07-06T14:20:29Z',
      unit: 'USD per hour, on-demand, Linux',
      currency: 'USD',
    });
    expect(table.source).toContain('zz_generated.pricing_aws.go');
    expect(table.size).toBe(1339);
  });

  test('prices a type by name or object, and has no price for an unpriced one', () => {
    expect(priceOf('m5.large')).toBe(0.096);
    expect(priceOf(c5large)).toBe(0.085);
    expect(priceOf('g7.2xlarge')).toBeUndefined();
    expect(priceOf('not-a-type')).toBeUndefined();
  });

  test('is loaded once', () => {
    expect(loadPriceTable()).toBe(table);
  });
});

describe('price order (OrderByPrice)', () => {
  test('cheapest first', () => {
    // 0.0104 < 0.085 < 0.096 < 0.192
    expect(orderByPrice([m5xlarge, t3micro, c5large, m5large]).map((t) => t.name)).toEqual(['t3.micro', 'c5.large', 'm5.large', 'm5.xlarge']);
  });

  test('equal prices go by name', () => {
    // c5.24xlarge, c5.metal and c6i.24xlarge are all $4.08/h in the table.
    const names = ['c6i.24xlarge', 'c5.metal', 'c5.24xlarge'].map((name) => ({ name }));
    expect(orderByPrice(names).map((t) => t.name)).toEqual(['c5.24xlarge', 'c5.metal', 'c6i.24xlarge']);
    expect(new Set(names.map((t) => priceOf(t)))).toEqual(new Set([4.08]));
  });

  test('unpriced types go last, by name, and are marked by having no hourlyPrice', () => {
    expect(pricedOptions([p5e, m5large, g7])).toEqual([{ name: 'm5.large', hourlyPrice: 0.096 }, { name: 'g7.2xlarge' }, { name: 'p5e.48xlarge' }]);
  });

  test('does not reorder its input', () => {
    const input = [m5xlarge, t3micro];
    orderByPrice(input);
    expect(input).toEqual([m5xlarge, t3micro]);
  });

  test('the cheapest option is the first priced one; none when nothing is priced', () => {
    expect(cheapestOption([m5xlarge, g7, c5large])).toEqual({ name: 'c5.large', hourlyPrice: 0.085 });
    expect(cheapestOption([g7, p5e])).toBeUndefined();
    expect(cheapestOption([])).toBeUndefined();
  });
});

describe('cost ceiling', () => {
  const general = [m5large, c5large, r5large];

  test('cpu 1000: bound by the type dearest per vCPU', () => {
    // per vCPU-hour: m5.large 0.096/2 = 0.048, c5.large 0.085/2 = 0.0425, r5.large 0.126/2 = 0.063 (dearest)
    // ceiling 1000 × 0.063 = 63/h, × 730 = 45,990/month; typical: c5.large at 0.0425
    const c = costCeiling(general, readPoolLimits({ cpu: '1000' }));
    expect(c).toMatchObject({ status: 'bounded', perHour: 63, perMonth: 45990, bindingResource: 'cpu' });
    expect(c.bounds).toEqual([{ resource: 'cpu', limit: 1000, unit: 'vCPU', mostExpensiveType: 'r5.large', perUnitHour: 0.063, perHour: 63 }]);
    expect(c).toMatchObject({ typicalPerVcpuHour: 0.0425, typicalInstanceType: 'c5.large', unpricedInstanceTypes: [], notes: [] });
  });

  test('the tightest of cpu and memory, both reported', () => {
    // per GiB-hour: m5.large 0.096/8 = 0.012, c5.large 0.085/4 = 0.02125 (dearest), r5.large 0.126/16 = 0.007875
    // memory 1000Gi: 1000 × 0.02125 = 21.25/h < cpu's 63/h
    const c = costCeiling(general, readPoolLimits({ cpu: 1000, memory: '1000Gi' }));
    expect(c).toMatchObject({ status: 'bounded', perHour: 21.25, perMonth: 21.25 * HOURS_PER_MONTH, bindingResource: 'memory' });
    expect(c.bounds.map((b) => [b.resource, b.mostExpensiveType, b.perHour])).toEqual([
      ['memory', 'c5.large', 21.25],
      ['cpu', 'r5.large', 63],
    ]);
  });

  test('cpu in millicores and memory in decimal units', () => {
    // 1500m = 1.5 vCPU × 0.063 = 0.0945; 8G = 8e9 bytes = 7.4506 GiB × 0.02125 = 0.1583
    const c = costCeiling(general, readPoolLimits({ cpu: '1500m', memory: '8G' }));
    expect(c.bounds.map((b) => [b.resource, b.perHour])).toEqual([
      ['cpu', 0.0945],
      ['memory', 0.1583],
    ]);
  });

  test('a GPU limit bounds a GPU-only pool by the dearest GPU', () => {
    // per GPU-hour: g4dn.xlarge 0.526/1 = 0.526, g4dn.12xlarge 3.912/4 = 0.978 (dearest); 8 GPUs × 0.978 = 7.824/h
    const c = costCeiling([g4dnXlarge, g4dn12xlarge], readPoolLimits({ 'nvidia.com/gpu': 8 }));
    expect(c).toMatchObject({ status: 'bounded', perHour: 7.824, bindingResource: 'nvidia.com/gpu' });
    expect(c.bounds[0]).toMatchObject({ unit: 'nvidia.com/gpu', limit: 8, mostExpensiveType: 'g4dn.12xlarge', perUnitHour: 0.978 });
    // typical per vCPU: g4dn.xlarge 0.526/4 = 0.1315, g4dn.12xlarge 3.912/48 = 0.0815
    expect(c).toMatchObject({ typicalPerVcpuHour: 0.0815, typicalInstanceType: 'g4dn.12xlarge' });
  });

  test('a GPU limit does not bound types without GPUs', () => {
    const c = costCeiling([g4dnXlarge, m5large], readPoolLimits({ 'nvidia.com/gpu': 8 }));
    expect(c.status).toBe('unbounded');
    expect(c.perHour).toBeUndefined();
    expect(c.notes).toEqual([
      'limits.nvidia.com/gpu does not bound 1 admitted type(s) without nvidia.com/gpu, e.g. m5.large',
      'no limit bounds what this pool can launch',
    ]);
  });

  test('a nodes limit bounds by the dearest type per node', () => {
    // 10 nodes × g4dn.12xlarge's 3.912 = 39.12/h; with gpu 8 (7.824/h) the GPU limit is tighter
    expect(costCeiling([g4dnXlarge, g4dn12xlarge], readPoolLimits({ nodes: '10' }))).toMatchObject({ perHour: 39.12, bindingResource: 'nodes' });
    const both = costCeiling([g4dnXlarge, g4dn12xlarge], readPoolLimits({ nodes: '10', 'nvidia.com/gpu': '8' }));
    expect(both).toMatchObject({ perHour: 7.824, bindingResource: 'nvidia.com/gpu' });
    expect(both.bounds[1]).toMatchObject({ resource: 'nodes', unit: 'node', limit: 10, mostExpensiveType: 'g4dn.12xlarge', perUnitHour: 3.912 });
  });

  test('no limits: unbounded, still with the typical figure', () => {
    for (const limits of [undefined, readPoolLimits(undefined), readPoolLimits({}), readPoolLimits('nonsense')]) {
      const c = costCeiling(general, limits);
      expect(c).toMatchObject({ status: 'unbounded', typicalPerVcpuHour: 0.0425, bounds: [] });
      expect(describeCostCeiling(c)).toBe('unbounded: no limit bounds it; set spec.limits (cpu, memory, nodes)');
    }
  });

  test('a malformed limit bounds nothing and says so', () => {
    const c = costCeiling(general, readPoolLimits({ cpu: 'lots', memory: '1000Gi' }));
    expect(c).toMatchObject({ status: 'bounded', bindingResource: 'memory', perHour: 21.25 });
    expect(c.notes).toEqual(['limits.cpu "lots" is not a quantity, so it bounds nothing here']);
  });

  test('takes the limits as read, in base units: what the simulator parsed once', () => {
    const read = readPoolLimits({ cpu: '1000', memory: 'lots' });
    expect(read).toEqual({ amounts: { cpu: 1_000_000 }, unread: [{ resource: 'memory', value: 'lots' }] });
    expect(costCeiling(general, { amounts: { cpu: 1_000_000 } })).toEqual(costCeiling(general, readPoolLimits({ cpu: '1000' })));
    expect(costCeiling(general, read).notes).toEqual(['limits.memory "lots" is not a quantity, so it bounds nothing here']);
    // A negative limit is named as Kubernetes writes it, as before the limits were read once.
    expect(costCeiling(general, readPoolLimits({ cpu: '-1', memory: '1000Gi' })).notes).toEqual([
      'limits.cpu "-1" is not a quantity, so it bounds nothing here',
    ]);
  });

  test('unpriced types are left out of the figures and named', () => {
    // g7.2xlarge has no price: the ceiling is the GPU bound of g4dn.xlarge alone, 4 × 0.526 = 2.104
    const c = costCeiling([g4dnXlarge, g7], readPoolLimits({ 'nvidia.com/gpu': 4 }));
    expect(c).toMatchObject({ status: 'bounded', perHour: 2.104, unpricedInstanceTypes: ['g7.2xlarge'] });
    expect(c.notes).toEqual(['1 admitted instance type(s) have no price in the table and are not counted: g7.2xlarge']);
  });

  test('only unpriced types: no figure', () => {
    const c = costCeiling([g7, p5e], readPoolLimits({ cpu: 1000 }));
    expect(c).toMatchObject({ status: 'unpriced', unpricedInstanceTypes: ['g7.2xlarge', 'p5e.48xlarge'] });
    expect(c.perHour).toBeUndefined();
    expect(c.typicalPerVcpuHour).toBeUndefined();
    expect(describeCostCeiling(c)).toBe('unknown: no admitted instance type has a price');
  });

  test('admitting nothing costs nothing', () => {
    const c = costCeiling([], readPoolLimits({ cpu: 1000 }));
    expect(c).toMatchObject({ status: 'empty', perHour: 0, perMonth: 0 });
  });

  test('a bounded ceiling in words', () => {
    expect(describeCostCeiling(costCeiling(general, readPoolLimits({ cpu: '1000' })))).toBe(
      'at most $63.00/h ($45,990.00/month), bound by limits.cpu',
    );
  });

  test('the typical figure breaks equal per-vCPU rates by the smaller type', () => {
    // m5.large 0.096/2 and m5.xlarge 0.192/4 are both 0.048 per vCPU-hour
    expect(costCeiling([m5xlarge, m5large], undefined)).toMatchObject({ typicalPerVcpuHour: 0.048, typicalInstanceType: 'm5.large' });
  });

  test('a custom table', () => {
    const table = createPriceTable({ ...loadPriceTable(), prices: { 'm5.large': 1, 'c5.large': 3 } });
    // per vCPU: m5.large 0.5, c5.large 1.5; r5.large unpriced. cpu 10 × 1.5 = 15
    expect(costCeiling(general, readPoolLimits({ cpu: 10 }), table)).toMatchObject({
      perHour: 15,
      unpricedInstanceTypes: ['r5.large'],
      typicalInstanceType: 'm5.large',
    });
  });
});

describe('honest figures', () => {
  const table = loadPriceTable();

  test('the assumptions name on-demand, the region, discounts and the date', () => {
    const text = priceAssumptions(table, new Date('2026-12-03T00:00:00Z')).join('\n');
    expect(text).toMatch(/on-demand/i);
    expect(text).toMatch(/spot capacity is usually cheaper/);
    expect(text).toMatch(/us-east-1/);
    expect(text).toMatch(/Savings Plans/);
    expect(text).toMatch(/2026-07-06/);
    expect(text).not.toMatch(/days old/);
  });

  test('a table over a year old at run time gets a stale note', () => {
    expect(staleTableNote(table, new Date('2027-07-06T14:20:29Z'))).toBeUndefined(); // exactly 365 days
    const note = staleTableNote(table, new Date('2027-07-08T00:00:00Z'));
    expect(note).toBe(
      'The price table is from 2026-07-06, 366 days old: AWS prices and instance types have likely changed; ' +
        'use a newer release of this library for a newer table',
    );
    expect(priceAssumptions(table, new Date('2027-07-08T00:00:00Z'))).toContain(note);
  });

  test('formatUsd', () => {
    expect(formatUsd(45990)).toBe('$45,990.00');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0)).toBe('$0.00');
    expect([0.063, 0.082734, 0.00235, 1.5].map(formatRate)).toEqual(['$0.0630', '$0.082734', '$0.00235', '$1.5000']);
  });
});
