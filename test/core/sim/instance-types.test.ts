// The label-based compatibility mask must agree with the requirement sets it stands in for.
import { loadInstanceTypeCatalog, SchedulingRequirement, SchedulingRequirements } from '../../../lib/core/sim';
import { classView, instanceTypeRequirementOn, instanceTypeRequirements } from '../../../lib/core/sim/instance-types';
import { admitsAnyInstanceType } from '../../../lib/core/sim/admission';
import { mulberry32 } from '../../util/prng';

const catalog = loadInstanceTypeCatalog();
const SEED = Number(process.env.MASK_SEED ?? 15);

const KEYS: Record<string, string[]> = {
  'karpenter.k8s.aws/instance-family': ['m5', 'c7g', 'g5', 'a1', 'nope'],
  'karpenter.k8s.aws/instance-category': ['c', 'm', 'g', 'p'],
  'karpenter.k8s.aws/instance-cpu': ['2', '8', '64', '1024'],
  'karpenter.k8s.aws/instance-gpu-count': ['1', '4', '8'],
  'karpenter.k8s.aws/instance-local-nvme': ['75', '900'],
  'kubernetes.io/os': ['linux', 'windows', 'darwin'],
  'kubernetes.io/arch': ['amd64', 'arm64'],
  'karpenter.sh/capacity-type': ['spot', 'on-demand', 'reserved'],
  'karpenter.k8s.aws/instance-tenancy': ['default', 'dedicated', 'host'],
  'node.kubernetes.io/windows-build': ['10.0.20348', '10.0.17763'],
  'topology.kubernetes.io/zone': ['us-east-1a', 'us-east-1b', 'eu-west-1a'],
  'example.com/team': ['a', 'b'],
  'karpenter.k8s.aws/instance-hypervisor': ['', 'nitro', 'xen'],
};
const OPS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'Gte', 'Lte'];

test.each([
  ['AL2023', undefined],
  ['Windows2022', undefined],
  ['Bottlerocket', ['us-east-1a', 'us-east-1b']],
])(`compatibleMask equals Intersects against each type's requirements (%s, zones %p, MASK_SEED=${SEED})`, (amiFamily, zones) => {
  const rand = mulberry32(SEED);
  const view = classView(catalog, { settings: { amiFamily }, connectionTracking: false }, zones);
  const keys = Object.keys(KEYS);
  for (let n = 0; n < 60; n++) {
    const r = new SchedulingRequirements();
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
      const key = keys[Math.floor(rand() * keys.length)];
      const op = OPS[Math.floor(rand() * OPS.length)];
      const pool = KEYS[key];
      const values = ['Gt', 'Lt', 'Gte', 'Lte'].includes(op) ? [String(Math.floor(rand() * 100))] : pool.filter(() => rand() < 0.5);
      if (op === 'In' && values.length === 0) values.push(pool[0]);
      r.add(SchedulingRequirement.of(key, op, ['Exists', 'DoesNotExist'].includes(op) ? [] : values));
    }
    const mask = view.compatibleMask(r);
    const wrong = catalog.instanceTypes.filter((it, i) => (mask[i] === 1) !== instanceTypeRequirements(it, amiFamily, zones).intersectsQuickly(r));
    expect({ requirements: String(r), wrong: wrong.slice(0, 3).map((t) => t.name) }).toEqual({ requirements: String(r), wrong: [] });
    // The streaming form finds what the mask marks: the first, and the first an acceptor takes.
    const marked = [...mask.keys()].filter((i) => mask[i] === 1);
    const tried: number[] = [];
    const even = view.findCompatible(r, (i) => (tried.push(i), i % 2 === 0));
    expect([view.findCompatible(r, () => true), even]).toEqual([marked[0] ?? -1, marked.find((i) => i % 2 === 0) ?? -1]);
    expect(tried).toEqual(marked.filter((i) => even === -1 || i <= even));
  }
});

test('instanceTypeRequirementOn answers as the built requirements do, for every type and key', () => {
  const keys = [
    'topology.kubernetes.io/zone',
    'karpenter.sh/capacity-type',
    'karpenter.k8s.aws/instance-tenancy',
    'kubernetes.io/os',
    'node.kubernetes.io/windows-build',
    'kubernetes.io/arch',
    'node.kubernetes.io/instance-type',
    'karpenter.k8s.aws/instance-gpu-name',
    'capacity-spread',
  ];
  for (const [amiFamily, zones] of [
    ['AL2023', ['us-east-1a', 'us-east-1b']],
    ['Windows2022', undefined],
  ] as const) {
    for (const it of catalog.instanceTypes) {
      const built = instanceTypeRequirements(it, amiFamily, zones);
      for (const key of keys) expect(String(instanceTypeRequirementOn(it, amiFamily, zones, key))).toBe(String(built.find(key)));
    }
  }
});

// Issue #23: a synth lint asks whether a pool admits any type; it builds the types it tests, not all 1,363.
describe('a class view builds each type at its first question', () => {
  const counting = () => {
    const reads = new Set<number>();
    const types = new Proxy(catalog.instanceTypes, {
      get: (target, p, receiver) => {
        if (typeof p === 'string' && /^\d+$/.test(p)) reads.add(Number(p));
        return Reflect.get(target, p, receiver);
      },
    });
    return { catalog: { ...catalog, instanceTypes: types }, reads };
  };
  const shape = { settings: { amiFamily: 'AL2023' }, connectionTracking: true };

  test('type(i) is types[i], and asking for it builds no other type', () => {
    const { catalog: counted, reads } = counting();
    const view = classView(counted, shape);
    const t = view.type(7);
    expect([...reads]).toEqual([7]);
    expect(view.types[7]).toBe(t);
    expect(view.types).toHaveLength(catalog.instanceTypes.length);
    expect(view.types.map((x) => x.type)).toEqual(catalog.instanceTypes);
  });

  test("admitsAnyInstanceType builds only the types up to the first the pool's requirements allow", () => {
    const { catalog: counted, reads } = counting();
    const pool = {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'p' },
      spec: { template: { spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'c' }, requirements: [] } } },
    };
    const nc = { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: { name: 'c' }, spec: { amiFamily: 'AL2023' } };
    expect(admitsAnyInstanceType(pool, nc, { catalog: counted })).toBe(true);
    expect(reads.size).toBeGreaterThan(0);
    expect(reads.size).toBeLessThan(10);
  });
});
