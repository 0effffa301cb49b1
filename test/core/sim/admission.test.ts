import { admitsAnyInstanceType, admittedInstanceTypes, explainAdmission } from '../../../lib/core/sim';
import { nodeClass, nodePool, req } from './fixtures';

const al2023 = nodeClass();
const windows = nodeClass('default', { amiSelectorTerms: [{ alias: 'windows2022@latest' }] });
const tight = nodeClass('default', { kubelet: { kubeReserved: { memory: '900Mi' } } });

const cases: [string, unknown, unknown][] = [
  ['a general pool', nodePool('p', [req('karpenter.k8s.aws/instance-category', 'In', 'c', 'm')]), al2023],
  ['an instance type as a family', nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'm5.large')]), al2023],
  ['limits under every type', nodePool('p', [req('karpenter.k8s.aws/instance-cpu', 'Gte', '16')], { limits: { cpu: '8' } }), al2023],
  ['a1 on AL2023', nodePool('p', [req('karpenter.k8s.aws/instance-family', 'In', 'a1')]), al2023],
  ['minValues', nodePool('p', [{ ...req('karpenter.k8s.aws/instance-family', 'In', 'm5', 'c5'), minValues: 3 }]), al2023],
  ['spot only', nodePool('p', [req('karpenter.sh/capacity-type', 'In', 'spot')]), windows],
  ['tiny types, negative allocatable', nodePool('p', [req('node.kubernetes.io/instance-type', 'In', 't3.nano', 't4g.nano')]), tight],
  ['Windows on arm64', nodePool('p', [req('kubernetes.io/os', 'In', 'windows'), req('kubernetes.io/arch', 'In', 'arm64')]), windows],
];

test.each(cases)('the quick check agrees with the full admission: %s', (_name, np, nc) => {
  const full = explainAdmission(np, nc);
  expect(admitsAnyInstanceType(np, nc)).toBe(full.instanceTypes.length > 0);
  expect(admittedInstanceTypes(np, nc)).toEqual(full.instanceTypes);
});

test('what the cases admit', () => {
  const n = (i: number) => admittedInstanceTypes(cases[i][1], cases[i][2]).length;
  expect(n(0)).toBeGreaterThan(100);
  expect([n(1), n(2), n(3), n(4), n(6), n(7)]).toEqual([0, 0, 0, 0, 0, 0]);
  expect(admitsAnyInstanceType(null, al2023)).toBeUndefined();
});

test("a zone requirement is checked against the EC2NodeClass's status.subnets, unless zones are given (types.go:181-191)", () => {
  const pool = nodePool('p', [req('topology.kubernetes.io/zone', 'In', 'us-east-1d')]);
  const subnets = { ...(al2023 as object), status: { subnets: [{ id: 'subnet-1', zone: 'us-east-1a', zoneID: 'use1-az1' }] } };
  expect(admittedInstanceTypes(pool, al2023).length).toBeGreaterThan(100);
  expect(admitsAnyInstanceType(pool, subnets)).toBe(false);
  expect(explainAdmission(pool, subnets).instanceTypes).toEqual([]);
  expect(admitsAnyInstanceType(pool, subnets, { zones: ['us-east-1d'] })).toBe(true);
});
