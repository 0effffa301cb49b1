import { nodePoolCostCeiling, nodePoolCostCeilings, withCosts } from '../../../lib/core/sim/costs';
import { runSimulation } from '../../../lib/core/sim/simulate';
import { InstanceType, InstanceTypeCatalog, SimulationResult } from '../../../lib/core/sim/simulation-types';

const GiB = 2 ** 30;
function type(name: string, vcpu: number, gib: number): InstanceType {
  const capacity = { cpu: vcpu * 1000, memory: gib * GiB, pods: 29 };
  return { name, labels: { 'node.kubernetes.io/instance-type': name }, capacity, allocatable: capacity };
}
// Prices from the shipped table: c5.large 0.085, m5.large 0.096, r5.large 0.126; g7.2xlarge has none.
const TYPES = [type('m5.large', 2, 8), type('r5.large', 2, 16), type('c5.large', 2, 4), type('g7.2xlarge', 8, 32)];
const catalog: InstanceTypeCatalog = {
  karpenterVersion: '1.14.1',
  instanceTypes: TYPES,
  get: (name) => TYPES.find((t) => t.name === name),
};
const pool = (name: string, limits?: Record<string, string>) => ({
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodePool',
  metadata: { name },
  spec: {
    template: { spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' } } },
    ...(limits ? { limits } : {}),
  },
});
const NOW = new Date('2026-12-03T00:00:00Z');

const result: SimulationResult = {
  nodeClaims: [],
  pods: [
    {
      namespace: 'default',
      name: 'web-0',
      schedulable: true,
      nodePool: 'general',
      instanceTypes: ['r5.large', 'g7.2xlarge', 'm5.large', 'c5.large'],
    },
    { namespace: 'default', name: 'gpu-0', schedulable: true, nodePool: 'general', instanceTypes: ['g7.2xlarge'] },
    { namespace: 'default', name: 'huge-0', schedulable: false, instanceTypes: [], reason: 'no instance type has enough resources' },
  ],
  nodePools: [
    { name: 'general', admittedInstanceTypes: ['m5.large', 'r5.large', 'c5.large', 'g7.2xlarge'] },
    { name: 'open', admittedInstanceTypes: ['m5.large'] },
    { name: 'none', admittedInstanceTypes: [], reason: 'admits nothing' },
  ],
  assumptions: ['zones are not modelled'],
};
const priced = withCosts(
  { nodePools: [pool('general', { cpu: '1000' }), pool('open'), pool('none', { cpu: '10' })], nodeClasses: [], pods: [], catalog, now: NOW },
  result,
);

test('orders each pod’s options cheapest first, unpriced last, and names the cheapest with its price', () => {
  expect(priced.pods[0]).toEqual({
    ...result.pods[0],
    instanceTypes: ['c5.large', 'm5.large', 'r5.large', 'g7.2xlarge'],
    cheapestInstanceType: 'c5.large',
    hourlyPrice: 0.085,
  });
});

test('a pod whose options are all unpriced gets no price', () => {
  expect(priced.pods[1]).toEqual(result.pods[1]);
  expect(priced.pods[2]).toEqual(result.pods[2]);
});

test('each pool gets its ceiling and typical figure; an unbounded one only the typical figure, an empty one neither', () => {
  // general: per vCPU-hour r5.large 0.063 is dearest → 1000 × 0.063 = 63; cheapest per vCPU c5.large 0.0425
  expect(priced.nodePools[0]).toEqual({ ...result.nodePools[0], costCeilingPerHour: 63, typicalPerVcpuHour: 0.0425 });
  expect(priced.nodePools[1]).toEqual({ ...result.nodePools[1], typicalPerVcpuHour: 0.048 });
  expect(priced.nodePools[2]).toEqual(result.nodePools[2]);
});

test('adds the price assumptions, naming the unpriced types, after the simulator’s', () => {
  expect(priced.assumptions[0]).toBe('zones are not modelled');
  expect(priced.assumptions.join('\n')).toMatch(/on-demand.*us-east-1.*2026-07-06/i);
  expect(priced.assumptions).toContain('No price in the table, so ordered last and not in any figure: g7.2xlarge');
});

test('changes nothing but the added fields and the order of options', () => {
  const strip = (r: SimulationResult) => ({
    pods: r.pods.map(({ cheapestInstanceType: _c, hourlyPrice: _h, ...p }) => ({ ...p, instanceTypes: [...p.instanceTypes].sort() })),
    nodePools: r.nodePools.map(({ costCeilingPerHour: _c, typicalPerVcpuHour: _t, ...p }) => p),
  });
  expect(strip(priced)).toEqual(strip(result));
});

test('hostile pool manifests yield no ceiling, not a crash', () => {
  const r = withCosts(
    { nodePools: [null, 'x', { metadata: { name: 'general' }, spec: { limits: { cpu: 'lots' } } }], nodeClasses: [], pods: [], catalog },
    result,
  );
  expect(r.nodePools[0].costCeilingPerHour).toBeUndefined();
  expect(r.nodePools[1].costCeilingPerHour).toBeUndefined();
});

test('manifests that throw when read (a Proxy) cost no crash', () => {
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  const limitsTrap = { metadata: { name: 'general' }, spec: { limits: trap } };
  const r = withCosts({ nodePools: [trap, limitsTrap], nodeClasses: [], pods: [], catalog }, result);
  expect(r.nodePools[0]).toEqual({ ...result.nodePools[0], typicalPerVcpuHour: 0.0425 });
});

// Issue #23: the ceilings come from the pools as the simulation read them; the raw limits are read once.
describe('the pools are read once for their ceilings', () => {
  /** A NodePool whose cpu limit counts how often it is read. */
  function countedPool(name: string, cpu: string) {
    let reads = 0;
    const limits = {
      get cpu() {
        reads++;
        return cpu;
      },
    };
    return { manifest: { ...pool(name), spec: { ...pool(name).spec, limits } }, reads: () => reads };
  }
  const nodeClass = { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: { name: 'default' }, spec: { amiFamily: 'AL2023' } };

  test('runSimulation gives each pool its ceiling in costCeilings, its limits read once', () => {
    const general = countedPool('general', '1000');
    const input = { nodePools: [general.manifest, pool('open')], nodeClasses: [nodeClass], pods: [], catalog, now: NOW };
    const run = runSimulation(input);
    expect(general.reads()).toBe(1);
    expect(run.costCeilings).toHaveLength(run.result.nodePools.length);
    // The same ceilings the compatibility function gives by name, and the figures the result carries.
    expect(run.costCeilings).toEqual(nodePoolCostCeilings(input, run.result));
    expect(run.costCeilings.map((c) => c.status)).toEqual(['bounded', 'unbounded']);
    expect(run.result.nodePools.map((p) => p.costCeilingPerHour)).toEqual([run.costCeilings[0].perHour, undefined]);
  });

  test('nodePoolCostCeiling reads the limits with the admission, once', () => {
    const general = countedPool('general', '1000');
    expect(nodePoolCostCeiling(general.manifest, nodeClass, { catalog })).toMatchObject({ status: 'bounded', perHour: 63 });
    expect(general.reads()).toBe(1);
  });

  test('pools of one name each keep their own limits', () => {
    const input = { nodePools: [pool('twin', { cpu: '1000' }), pool('twin', { cpu: '10' })], nodeClasses: [nodeClass], pods: [], catalog };
    expect(runSimulation(input).costCeilings.map((c) => c.perHour)).toEqual([63, 0.63]);
  });
});
