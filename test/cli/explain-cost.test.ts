// explain's cost output: ceilings per pool and the cheapest type per pod, in text and --json.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo } from '../../lib/cli/command-io';
import { CostCeiling, describeCostCeiling, nodePoolCostCeilings, SimulationResult, withCosts } from '../../lib/core/sim';
import * as costs from '../../lib/core/sim/costs';
import * as inputs from '../../lib/core/sim/inputs';
import * as pricing from '../../lib/core/sim/pricing';

const MANIFESTS = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  limits: { cpu: "1000" }
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: []
`;
// What the engine found, before prices: options in its own order.
const UNPRICED: SimulationResult = {
  pods: [
    {
      namespace: 'default',
      name: 'web-0',
      schedulable: true,
      nodePool: 'general',
      nodeClaim: 'general-0',
      instanceTypes: ['r5.large', 'm5.large', 'c5.large'],
    },
  ],
  nodeClaims: [
    {
      name: 'general-0',
      nodePool: 'general',
      labels: { 'karpenter.sh/nodepool': 'general' },
      instanceTypes: ['r5.large', 'm5.large', 'c5.large'],
      pods: ['default/web-0'],
    },
  ],
  nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large', 'c5.large', 'r5.large'] }],
  assumptions: [],
};

function explain(args: string[]): { code: number; stdout: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-cost-'));
  const file = path.join(dir, 'pools.yaml');
  fs.writeFileSync(file, MANIFESTS);
  let stdout = '';
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(p),
    readStdin: () => '',
    stat: (p) => ({ size: fs.statSync(p).size, isDirectory: fs.statSync(p).isDirectory() }),
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => true },
  };
  try {
    const code = runExplainCommand([...args, file], io, {
      simulate: (input) => {
        const costCeilings = nodePoolCostCeilings(input, UNPRICED);
        return { result: withCosts(input, UNPRICED, costCeilings), issues: [], costCeilings };
      },
    });
    return { code, stdout };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Since issue #24 a pod on a NodeClaim names it instead of copying its options (in `nodeClaims`), and each pool carries its ceiling.
test('--json: costCeilingPerHour, typicalPerVcpuHour and the ceiling on pools, cheapestInstanceType and hourlyPrice on pods', () => {
  const out = JSON.parse(explain(['--json']).stdout);
  // real catalog capacities, 2 vCPU each: r5.large 0.126/2 = 0.063 per vCPU-hour is dearest → 1000 × 0.063 = 63
  expect(out.nodePools).toEqual([
    {
      ...UNPRICED.nodePools[0],
      costCeilingPerHour: 63,
      typicalPerVcpuHour: 0.0425,
      costCeiling: expect.objectContaining({ status: 'bounded', perHour: 63, bindingResource: 'cpu', notes: [] }),
    },
  ]);
  const { instanceTypes: _options, ...pod } = UNPRICED.pods[0];
  expect(out.pods).toEqual([{ ...pod, cheapestInstanceType: 'c5.large', hourlyPrice: 0.085 }]);
  expect(out.nodeClaims).toEqual([
    {
      name: 'general-0',
      nodePool: 'general',
      labels: { 'karpenter.sh/nodepool': 'general' },
      instanceTypes: ['c5.large', 'm5.large', 'r5.large'],
      pods: ['default/web-0'],
    },
  ]);
  expect(out.assumptions.join('\n')).toMatch(/on-demand.*us-east-1.*2026-07-06/i);
  expect(Object.keys(out).sort()).toEqual(['assumptions', 'nodeClaims', 'nodePools', 'pods']);
});

test('the text gives the ceiling with its arithmetic, and the cheapest type per pod', () => {
  const { stdout, code } = explain([]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^general +0 +3 +2 +4-16 +amd64 +\$63\.00 +c5 m5 r5$/m);
  expect(stdout).toContain(
    'Cost ceilings (on-demand, us-east-1, prices of 2026-07-06; the most the limits allow):\n' +
      '  - general: at most $63.00/h ($45,990.00/month), bound by limits.cpu = 1000 vCPU × $0.0630 per vCPU-hour of r5.large; ' +
      'typical $0.0425 per vCPU-hour\n    (c5.large)\n',
  );
  expect(stdout).toMatch(/^general-0 +general +- +- +c5\.large +\$0\.0850 +3 +1 /m);
  expect(stdout).toContain('Total: $0.0850/h on-demand for 1 new NodeClaim, each at its cheapest type.\n');
  expect(stdout).toMatch(/Spot capacity is usually cheaper|spot capacity is usually cheaper/);
});

describe('on the full example', () => {
  let dir: string;
  let tfJson: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-cost-example-'));
    const example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
    tfJson = path.join(dir, 'cdk.tf.json');
    fs.writeFileSync(tfJson, Testing.synth(example.nodePools, true));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(args: string[]): string {
    let stdout = '';
    const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } };
    runExplainCommand(args, io);
    return stdout;
  }

  test('every pool shows its ceiling, and --json carries the same figure as nodePoolCostsOf', () => {
    const text = run([tfJson]);
    for (const pool of ['app', 'batch', 'reserved', 'web-on-demand', 'web-spot']) {
      expect(text).toMatch(new RegExp(`^  - ${pool}: at most \\$[\\d,.]+/h \\(\\$[\\d,.]+/month\\), bound by limits\\.(cpu|memory) = `, 'm'));
    }
    expect(text).toContain('  - reserved: at most $3.23/h ($2,354.69/month), bound by limits.cpu = 64 vCPU × $0.0504 per vCPU-hour of m7i.12xlarge');
    const json = JSON.parse(run([tfJson, '--json'])) as SimulationResult;
    expect(json.nodePools.find((p) => p.name === 'reserved')).toMatchObject({ costCeilingPerHour: 3.2256 });
    expect(json.nodePools.every((p) => typeof p.costCeilingPerHour === 'number' && typeof p.typicalPerVcpuHour === 'number')).toBe(true);
  });
});

describe('each ceiling once', () => {
  // Issue #23: explain prints the ceilings the simulation computed from the pools it read, and computes none again.
  const POOL_AND_CLASS = `${MANIFESTS}---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec: { amiSelectorTerms: [{ alias: al2023@latest }] }
`;
  test.each([[[]], [['--json']]])('explain %j computes one ceiling per pool, the one it prints', (args) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-once-'));
    const file = path.join(dir, 'pools.yaml');
    fs.writeFileSync(file, POOL_AND_CLASS);
    const ceiling = jest.spyOn(pricing, 'costCeiling');
    const byName = jest.spyOn(costs, 'nodePoolCostCeilings');
    const readPool = jest.spyOn(inputs, 'readNodePool');
    const readClass = jest.spyOn(inputs, 'readNodeClass');
    let stdout = '';
    let printed: CostCeiling;
    try {
      runExplainCommand([...args, file], { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } });
      expect(ceiling).toHaveBeenCalledTimes(1);
      expect(byName).not.toHaveBeenCalled();
      // Once, by the simulation: the NodePool checks `validate` runs too take its reading of the pool and its class.
      expect(readPool).toHaveBeenCalledTimes(1);
      expect(readClass).toHaveBeenCalledTimes(1);
      printed = ceiling.mock.results[0].value as CostCeiling;
    } finally {
      ceiling.mockRestore();
      byName.mockRestore();
      readPool.mockRestore();
      readClass.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(printed.status).toBe('bounded');
    if (args.length > 0) expect(JSON.parse(stdout).nodePools[0].costCeiling).toEqual(printed);
    else expect(stdout).toContain(`  - general: ${describeCostCeiling(printed)} = `);
  });
});
