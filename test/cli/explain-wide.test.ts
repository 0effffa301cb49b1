// Issue 33 item 12: `-o wide` wraps long text and cuts none of it, and a pod on an existing Karpenter node shows its
// NodePool (the node's karpenter.sh/nodepool label).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo } from '../../lib/cli/command-io';
import { nodePoolCostCeilings, SimulationInput, SimulationResult } from '../../lib/core/sim';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-wide-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const LONG_NODE = 'ip-10-0-12-34.us-west-2.compute.internal.with-a-long-suffix-for-this-test';
const LABELS = Array.from({ length: 10 }, (_, i) => `example.com/team-label-number-${i}`);
const REASON = `incompatible requirements, label keys ${LABELS.join(', ')} are not allowed by any NodePool; ${'x'.repeat(200)}`;

const INPUT = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec: {}
---
apiVersion: v1
kind: Node
metadata:
  name: ${LONG_NODE}
  labels: { karpenter.sh/nodepool: general }
`;

/** A result the formatter prints: a pod bound to the long-named node, one on it, and pending ones with the long reason. */
function result(): SimulationResult {
  const pending = Array.from({ length: 40 }, (_, i) => ({
    namespace: 'team-with-a-long-namespace',
    name: `pending-pod-with-a-long-name-${i}`,
    schedulable: false,
    instanceTypes: [],
    reason: REASON,
  }));
  return {
    pods: [
      { namespace: 'default', name: 'bound', schedulable: true, bound: true, node: LONG_NODE, instanceTypes: [] },
      { namespace: 'default', name: 'placed', schedulable: true, node: LONG_NODE, instanceTypes: [] },
      ...pending,
    ],
    nodeClaims: [],
    nodePools: [{ name: 'general', admittedInstanceTypes: [], reason: `no instance type: ${REASON}` }],
    assumptions: [],
  } as unknown as SimulationResult;
}

function explain(args: string[]): string {
  const file = path.join(dir, 'input.yaml');
  fs.writeFileSync(file, INPUT);
  let stdout = '';
  const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } };
  const r = result();
  runExplainCommand([...args, '-q', file], io, {
    simulate: (i: SimulationInput) => ({ result: r, issues: [], costCeilings: nodePoolCostCeilings(i, r) }),
  });
  return stdout;
}

test('-o wide cuts nothing: every label name of a reason, every pod name and the whole WHERE cell are there', () => {
  const out = explain(['-o', 'wide']);
  expect(out).not.toContain('...');
  expect(out).not.toMatch(/\(\+\d+ more\)/);
  // Wrapped lines joined back: every word is whole.
  const words = out.split(/\s+/);
  for (const label of LABELS) expect(words).toContain(`${label},`.replace(/,$/, label === LABELS[9] ? '' : ','));
  for (let i = 0; i < 40; i++) expect(words).toContain(`team-with-a-long-namespace/pending-pod-with-a-long-name-${i}`);
  expect(out.replace(/\n\s+/g, ' ')).toContain(`bound to ${LONG_NODE} (cluster state)`);
  expect(words).toContain('x'.repeat(200));
});

test('-o wide: a pod on an existing Karpenter node, bound or placed, shows the NodePool of its node label', () => {
  const rows = explain(['-o', 'wide'])
    .split('\n')
    .filter((l) => l.startsWith('default/'));
  expect(rows).toEqual([expect.stringMatching(/^default\/bound +general +ip-10-0-12-34/), expect.stringMatching(/^default\/placed +general +ip-10/)]);
});

test('the default output still fits 150 columns by cutting', () => {
  const out = explain([]);
  // Problem lines are one per problem, as validate prints them; the tables and sections fit.
  expect(out.split('\n').filter((l) => l.length > 150 && !/: (error|warning) /.test(l))).toEqual([]);
  expect(out).toContain('...');
});
