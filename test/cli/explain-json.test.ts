// The shape of `explain --json` (issue #24): the simulation result, except that a pod on a new NodeClaim names it
// instead of copying its instance-type list (listed once in `nodeClaims`); pods carry their requests, pools their
// cost ceiling. Checked with a JSON Schema on the real engine's output and on a result of the newer shape.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import Ajv from 'ajv';
import { TerraformStack, Testing } from 'cdktf';
import { GeneralAndGpuPools } from '../../examples/explain-gpu/gpu-pools';
import { ExplainDependencies, runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { nodePoolCostCeilings, SimulationResult } from '../../lib/core/sim';

const strings = { type: 'array', items: { type: 'string' } };
const amounts = { type: 'object', additionalProperties: { type: 'number' } };

/** The JSON Schema of `explain --json`. */
const EXPLAIN_JSON_SCHEMA = {
  type: 'object',
  required: ['pods', 'nodeClaims', 'nodePools', 'assumptions'],
  additionalProperties: false,
  properties: {
    pods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['namespace', 'name', 'schedulable'],
        additionalProperties: false,
        properties: {
          namespace: { type: 'string' },
          name: { type: 'string' },
          schedulable: { type: 'boolean' },
          ignored: { type: 'boolean' },
          bound: { type: 'boolean' },
          nodePool: { type: 'string' },
          nodeClaim: { type: 'string' },
          node: { type: 'string' },
          zone: { type: 'string' },
          capacityType: { type: 'string' },
          instanceTypes: strings,
          reason: { type: 'string' },
          cheapestInstanceType: { type: 'string' },
          hourlyPrice: { type: 'number' },
          requests: amounts,
          notModelled: strings,
          round: { type: 'integer', minimum: 1 },
        },
        // On a new NodeClaim: its name, not a copy of its options.
        if: { required: ['nodeClaim'], not: { required: ['node'] } },
        then: { not: { required: ['instanceTypes'] } },
        else: { required: ['instanceTypes'] },
      },
    },
    nodeClaims: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'nodePool', 'labels', 'instanceTypes', 'pods'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          nodePool: { type: 'string' },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          instanceTypes: strings,
          pods: strings,
          round: { type: 'integer', minimum: 1 },
          launch: {
            type: 'object',
            required: ['instanceType', 'capacityType'],
            additionalProperties: false,
            properties: { instanceType: { type: 'string' }, zone: { type: 'string' }, capacityType: { type: 'string' } },
          },
        },
      },
    },
    nodePools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'admittedInstanceTypes', 'costCeiling'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          admittedInstanceTypes: strings,
          reason: { type: 'string' },
          costCeilingPerHour: { type: 'number' },
          typicalPerVcpuHour: { type: 'number' },
          costCeiling: {
            type: 'object',
            required: ['status', 'bounds', 'unpricedInstanceTypes', 'notes'],
            properties: {
              status: { enum: ['bounded', 'unbounded', 'empty', 'unpriced'] },
              perHour: { type: 'number' },
              perMonth: { type: 'number' },
              bindingResource: { type: 'string' },
              bounds: {
                type: 'array',
                items: { type: 'object', required: ['resource', 'limit', 'unit', 'mostExpensiveType', 'perUnitHour', 'perHour'] },
              },
              typicalPerVcpuHour: { type: 'number' },
              typicalInstanceType: { type: 'string' },
              unpricedInstanceTypes: strings,
              notes: strings,
            },
          },
        },
      },
    },
    assumptions: strings,
    rounds: { type: 'integer', minimum: 0 },
    settled: { type: 'boolean' },
  },
};

const validate = new Ajv({ allErrors: true }).compile(EXPLAIN_JSON_SCHEMA);

let dir: string;
let stack: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-json-'));
  const ml = new TerraformStack(Testing.app(), 'ml');
  new GeneralAndGpuPools(ml, 'Pools', 'prod', new KubernetesProvider(ml, 'k8s', {}));
  stack = path.join(dir, 'cdk.tf.json');
  fs.writeFileSync(stack, Testing.synth(ml, true));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function json(args: string[], deps: ExplainDependencies = {}): any {
  let stdout = '';
  const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } };
  runExplainCommand([...args, '--json'], io, deps);
  const out = JSON.parse(stdout);
  expect({ errors: validate(out) ? [] : validate.errors }).toEqual({ errors: [] });
  return out;
}

test('the real engine on the README example: every pod on a NodeClaim names it, and the list is there once', () => {
  const workloads = path.join(__dirname, '..', '..', 'examples', 'explain-gpu', 'workloads.yaml');
  const out = json([stack, workloads]);
  const claims = new Map<string, any>(out.nodeClaims.map((c: any) => [c.name, c]));
  const placed = out.pods.filter((p: any) => p.nodeClaim !== undefined);
  expect(placed.map((p: any) => p.name)).toEqual(['web-0', 'web-1', 'trainer']);
  for (const p of placed) expect(claims.get(p.nodeClaim).pods).toContain(`${p.namespace}/${p.name}`);
  expect(claims.get('general-0').instanceTypes).toHaveLength(720);
  // Effective requests in base units (millicores, bytes), pods: 1 included.
  expect(out.pods[0].requests).toEqual({ cpu: 1000, memory: 2 * 1024 ** 3, pods: 1 });
  expect(out.nodePools.find((p: any) => p.name === 'gpu').costCeiling.notes[0]).toMatch(/^6 admitted instance type\(s\) have no price/);
});

test('the pools alone', () => {
  expect(json([stack])).toMatchObject({ pods: [], nodeClaims: [] });
});

test("a newer simulator's result: its nodeClaims, requests, existing and bound pods pass through", () => {
  const result: SimulationResult = {
    pods: [
      {
        namespace: 'a',
        name: 'p',
        schedulable: true,
        nodePool: 'general',
        nodeClaim: 'general-0',
        instanceTypes: ['m5.large'],
        requests: { cpu: 100 },
      },
      { namespace: 'a', name: 'q', schedulable: true, node: 'ip-1', zone: 'us-east-1a', instanceTypes: [], notModelled: ['host ports'] },
      { namespace: 'a', name: 'r', schedulable: true, bound: true, node: 'ip-1', instanceTypes: [] },
    ],
    nodeClaims: [
      { name: 'general-0', nodePool: 'general', labels: { 'karpenter.sh/nodepool': 'general' }, instanceTypes: ['m5.large'], pods: ['a/p'] },
    ],
    nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large'] }],
    assumptions: [],
  };
  const out = json([stack], {
    simulate: (i) => ({ result: result as SimulationResult, issues: [], costCeilings: nodePoolCostCeilings(i, result as SimulationResult) }),
  });
  expect(out.pods[0]).toEqual({ namespace: 'a', name: 'p', schedulable: true, nodePool: 'general', nodeClaim: 'general-0', requests: { cpu: 100 } });
  expect(out.pods[1]).toMatchObject({ node: 'ip-1', zone: 'us-east-1a', instanceTypes: [], notModelled: ['host ports'] });
  expect(out.nodeClaims).toEqual(result.nodeClaims);
});
