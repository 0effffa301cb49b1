// kube-scheduler's filters as kube-scheduler-fit.ts checks them for pods Karpenter ignores: node selector matching as
// component-helpers' nodeaffinity does it, NodeResourcesFit, TaintToleration.
import { readCluster } from '../../../lib/core/sim/cluster-state';
import { Problems } from '../../../lib/core/sim/input-fields';
import { podFromSpec } from '../../../lib/core/sim/pod-input';
import { fitsNode, NodeRoom } from '../../../lib/core/sim/kube-scheduler-fit';

const { nodes } = readCluster(
  [
    {
      kind: 'Node',
      metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1', gen: '6', team: 'a' } },
      spec: { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] },
      status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
    },
    {
      kind: 'Node',
      metadata: { name: 'n2', labels: { 'kubernetes.io/hostname': 'n2', gen: '4' } },
      spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }] },
      status: { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } },
    },
  ],
  [],
);
const rooms: NodeRoom[] = nodes.map((node) => ({ node, room: node.allocatable }));
const term = (matchExpressions?: unknown[], matchFields?: unknown[]) => ({
  ...(matchExpressions ? { matchExpressions } : {}),
  ...(matchFields ? { matchFields } : {}),
});
const fitting = (spec: Record<string, unknown>) => {
  const pod = podFromSpec(0, 'default', 'p', {}, { containers: [{ resources: { requests: { cpu: '1' } } }], ...spec }, new Problems('Pod/p'));
  return rooms.filter((r) => fitsNode(pod, r)).map((r) => r.node.name);
};
const required = (...nodeSelectorTerms: unknown[]) => ({
  affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } },
});
const tolerateDb = { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoExecute' }] };

test.each([
  ['no constraint: the NoExecute taint keeps it off n2, PreferNoSchedule does not', {}, ['n1']],
  ['a tolerated NoExecute taint', tolerateDb, ['n1', 'n2']],
  ['nodeSelector: exact label', { ...tolerateDb, nodeSelector: { team: 'a' } }, ['n1']],
  ['NotIn matches a node without the label', { ...tolerateDb, ...required(term([{ key: 'team', operator: 'NotIn', values: ['b'] }])) }, ['n1', 'n2']],
  ['Gt compares integers', { ...tolerateDb, ...required(term([{ key: 'gen', operator: 'Gt', values: ['5'] }])) }, ['n1']],
  ['DoesNotExist', { ...tolerateDb, ...required(term([{ key: 'team', operator: 'DoesNotExist' }])) }, ['n2']],
  [
    'terms are ORed',
    { ...tolerateDb, ...required(term([{ key: 'team', operator: 'In', values: ['a'] }]), term([{ key: 'gen', operator: 'Lt', values: ['5'] }])) },
    ['n1', 'n2'],
  ],
  ['an empty term matches no node', { ...tolerateDb, ...required(term()) }, []],
  ['matchFields metadata.name', { ...tolerateDb, ...required(term(undefined, [{ key: 'metadata.name', operator: 'In', values: ['n2'] }])) }, ['n2']],
  ['resources: more cpu than allocatable', { containers: [{ resources: { requests: { cpu: '3' } } }] }, []],
  ['an extended resource the node does not have', { containers: [{ resources: { requests: { 'nvidia.com/gpu': '1' } } }] }, []],
])('%s', (_what, spec, expected) => {
  expect(fitting(spec)).toEqual(expected);
});
