// One reading of a map of quantities for the manifests and the cluster objects (issue #23), each with its own words.
import { readCluster } from '../../../lib/core/sim/cluster-state';
import { amounts, Problems, readQuantities } from '../../../lib/core/sim/input-fields';

const MAP = { cpu: '1500m', memory: 'lots', 'nvidia.com/gpu': 2 };

test('readQuantities reads base units, hands each entry that is no quantity to its caller, and leaves out a non-map', () => {
  const bad: [string, unknown][] = [];
  expect(readQuantities(MAP, (k, v) => bad.push([k, v]))).toEqual({ cpu: 1500, 'nvidia.com/gpu': 2 });
  expect(bad).toEqual([['memory', 'lots']]);
  for (const v of [undefined, null, 'x', [1]]) expect(readQuantities(v, () => bad.push(['?', v]))).toBeUndefined();
  expect(bad).toHaveLength(1);
});

test("a manifest's map and a Node's status read the same amounts, each naming the bad entry in its words", () => {
  const p = new Problems('NodePool/general');
  expect(amounts(MAP, 'spec.limits', p, true)).toEqual({ cpu: 1500, 'nvidia.com/gpu': 2 });
  expect(amounts('x', 'spec.limits', p, true)).toEqual({});
  expect(p.list.map((x) => `${x.field}: ${x.message}`)).toEqual([
    'spec.limits.memory: "lots" is not a Kubernetes quantity; use e.g. "500m", "2", "4Gi"',
    'spec.limits: must be a map of quantities, got string',
  ]);
  const node = { kind: 'Node', metadata: { name: 'ip-1' }, status: { allocatable: MAP } };
  const { nodes, problems } = readCluster([node], []);
  expect(nodes[0].allocatable).toEqual({ cpu: 1500, 'nvidia.com/gpu': 2 });
  expect(problems.map((x) => `${x.object} ${x.field}: ${x.message}`)).toEqual([
    'Node/ip-1 status.allocatable.memory: "lots" is not a Kubernetes quantity; it is left out',
  ]);
});

test('a value no message can print as JSON costs its entry, not the Node (the renderer used to throw)', () => {
  const node = { kind: 'Node', metadata: { name: 'ip-1' }, status: { allocatable: { cpu: '2', memory: BigInt(1), pods: 'x'.repeat(100) } } };
  const { nodes, problems } = readCluster([node], []);
  // JSON.stringify threw on the bigint, and the whole Node was left out as "could not be read".
  expect(nodes.map((n) => [n.name, n.allocatable])).toEqual([['ip-1', { cpu: 2000 }]]);
  expect(problems.map((x) => `${x.field}: ${x.message}`)).toEqual([
    'status.allocatable.memory: bigint is not a Kubernetes quantity; it is left out',
    `status.allocatable.pods: "${'x'.repeat(76)}... is not a Kubernetes quantity; it is left out`,
  ]);
});
