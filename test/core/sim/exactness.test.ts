// Issue #25: two wrong answers a differential fuzz found. (1) `In [""]` and `In []` (DoesNotExist) shared a
// filter-cache key, as did `NotIn [""]` and `Exists`; Go's requirement.go tells them apart. (2) Sub-unit
// requests were rounded up per pod before they were added; Karpenter's resources.Merge/Fits add exact quantities.
import { loadInstanceTypeCatalog, runSimulation, simulateProvisioning } from '../../../lib/core/sim';
import { SUB_UNIT_REQUESTS } from '../../../lib/core/sim/simulate';
import { formatQuantity, resourceAmount } from '../../../lib/core/shared/quantity';
import { nodeClass, nodePool, pod, req } from './fixtures';
import { mulberry32 } from '../../util/prng';

const HYPERVISOR = 'karpenter.k8s.aws/instance-hypervisor';
const catalog = loadInstanceTypeCatalog();
const metal = catalog.instanceTypes.filter((t) => t.labels[HYPERVISOR] === '').map((t) => t.name);
const nc = nodeClass();

function simulate(pods: unknown[], pools: unknown[] = [nodePool('default')]) {
  return simulateProvisioning({ nodePools: pools, nodeClasses: [nc], pods });
}
const byName = (r: ReturnType<typeof simulate>, name: string) => r.pods.find((p) => p.name === name)!;
const preferred = (key: string, operator: string, ...values: string[]) => ({
  affinity: {
    nodeAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [req(key, operator, ...values)] } }],
    },
  },
});
const required = (key: string, operator: string, ...values: string[]) => ({
  affinity: {
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [req(key, operator, ...values)] }] } },
  },
});

describe('hypervisor "" (metal types, aws types.go) is not DoesNotExist', () => {
  test('the catalog has metal types whose hypervisor label is the empty string', () => {
    expect(metal.length).toBeGreaterThan(20);
    expect(metal).toContain('m5.metal');
  });

  test('the issue: nodeSelector hypervisor "" with a preferred In [xen, nitro] lands on metal once the preference is relaxed', () => {
    const p = pod('metal', { cpu: '1' }, { nodeSelector: { [HYPERVISOR]: '' }, ...preferred(HYPERVISOR, 'In', 'xen', 'nitro') });
    const r = byName(simulate([p]), 'metal');
    expect(r.schedulable).toBe(true);
    expect(r.instanceTypes.length).toBeGreaterThan(0);
    expect(r.instanceTypes.every((t) => metal.includes(t))).toBe(true);
  });

  test('In [""] and DoesNotExist in one batch do not contaminate each other, in either order', () => {
    const empty = pod('empty', { cpu: '1' }, { nodeSelector: { [HYPERVISOR]: '' } });
    const none = pod('none', { cpu: '1' }, required(HYPERVISOR, 'DoesNotExist'));
    for (const pods of [
      [empty, none],
      [none, empty],
    ]) {
      const r = simulate(pods);
      expect(byName(r, 'empty')).toMatchObject({ schedulable: true });
      expect(byName(r, 'empty').instanceTypes.every((t) => metal.includes(t))).toBe(true);
      // Every catalog type has the label (metal with ""), so DoesNotExist admits nothing.
      expect(byName(r, 'none')).toMatchObject({ schedulable: false });
    }
  });

  test('NotIn [""] and Exists in one batch keep their own meanings', () => {
    const notEmpty = pod('not-empty', { cpu: '1' }, required(HYPERVISOR, 'NotIn', ''));
    const exists = pod('exists', { cpu: '1' }, required(HYPERVISOR, 'Exists'));
    for (const pods of [
      [notEmpty, exists],
      [exists, notEmpty],
    ]) {
      const r = simulate(pods, [nodePool('default', [req('karpenter.k8s.aws/instance-size', 'In', 'metal')])]);
      // The pool admits only metal sizes: all have hypervisor "", which NotIn [""] excludes and Exists allows.
      expect(byName(r, 'not-empty')).toMatchObject({ schedulable: false });
      expect(byName(r, 'exists')).toMatchObject({ schedulable: true });
    }
  });
});

describe('sub-unit quantities are added exactly (resources.Merge), not rounded per pod', () => {
  const pinned = { nodeSelector: { 'node.kubernetes.io/instance-type': 'm5.large' } };

  test('resourceAmount keeps fractions of a millicore and of a byte; formatQuantity prints them as Kubernetes does', () => {
    expect(resourceAmount('cpu', '0.5m')).toBe(0.5);
    expect(resourceAmount('cpu', '1929.5m')).toBe(1929.5);
    expect(resourceAmount('cpu', '0.1')).toBe(100);
    expect(resourceAmount('memory', '100m')).toBe(0.1);
    expect(formatQuantity('cpu', 0.5)).toBe('500u');
    expect(formatQuantity('cpu', 0.0005)).toBe('500n');
    expect(formatQuantity('cpu', 1500)).toBe('1500m');
  });

  test('the issue: 1929.5m and 0.5m on m5.large (1930m allocatable) share one NodeClaim', () => {
    expect(catalog.get('m5.large')!.allocatable.cpu).toBe(1930);
    const r = runSimulation({
      nodePools: [nodePool('default')],
      nodeClasses: [nc],
      pods: [pod('big', { cpu: '1929.5m' }, pinned), pod('small', { cpu: '0.5m' }, pinned)],
    }).result;
    expect(r.pods.map((p) => [p.name, p.schedulable, p.nodeClaim])).toEqual([
      ['big', true, 'default-0'],
      ['small', true, 'default-0'],
    ]);
    expect(r.assumptions).toContain(SUB_UNIT_REQUESTS);
  });

  test('one sub-unit more than allocatable still needs a second NodeClaim', () => {
    const r = simulate([pod('big', { cpu: '1929.5m' }, pinned), pod('small', { cpu: '0.6m' }, pinned)]);
    expect(new Set(r.pods.map((p) => p.nodeClaim)).size).toBe(2);
  });

  test('decimal fractions sum without float noise: ten pods of 193m fill 1930m exactly', () => {
    const r = simulate(Array.from({ length: 10 }, (_, i) => pod(`p${i}`, { cpu: '0.193' }, pinned)));
    expect(new Set(r.pods.map((p) => p.nodeClaim))).toEqual(new Set(['default-0']));
  });

  test('whole-unit requests get no rounding note', () => {
    const r = simulate([pod('p', { cpu: '1' })]);
    expect(r.assumptions).not.toContain(SUB_UNIT_REQUESTS);
  });
});

// Seeded randomized tests of the engine: empty-string values and sub-unit quantities.
const SEED = Number(process.env.EXACTNESS_SEED ?? 25);

describe(`randomized engine cases (EXACTNESS_SEED=${SEED})`, () => {
  const rand = mulberry32(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const values = ['', 'nitro', 'xen'];
  const randomPod = (name: string) => {
    const op = pick(['In', 'NotIn', 'Exists', 'DoesNotExist']);
    const vs = op === 'In' || op === 'NotIn' ? values.filter(() => rand() < 0.5) : [];
    if (op === 'In' && vs.length === 0) vs.push(pick(values));
    const spec = rand() < 0.5 ? required(HYPERVISOR, op, ...vs) : { nodeSelector: { [HYPERVISOR]: pick(values) } };
    const withPref = rand() < 0.5 ? { ...spec, ...preferred(HYPERVISOR, 'In', pick(values)) } : spec;
    return pod(name, { cpu: `${Math.floor(rand() * 4000) / 8}m` }, withPref);
  };

  test('without limits or topology, a pod is schedulable in a batch exactly when it is schedulable alone', () => {
    for (let n = 0; n < 25; n++) {
      const pods = Array.from({ length: 4 }, (_, i) => randomPod(`p${i}`));
      const batch = simulate(pods);
      for (const [i, p] of pods.entries()) {
        const alone = simulate([p]).pods[0];
        expect({ pod: JSON.stringify(p.spec), schedulable: batch.pods[i].schedulable }).toEqual({
          pod: JSON.stringify(p.spec),
          schedulable: alone.schedulable,
        });
      }
    }
  });

  test('sub-unit pods pinned to one type whose exact sum fits its allocatable share one NodeClaim', () => {
    const pinned = { nodeSelector: { 'node.kubernetes.io/instance-type': 'm5.large' } };
    for (let n = 0; n < 25; n++) {
      // Random eighths of a millicore that add up to at most 1930m.
      const parts: number[] = [];
      let left = 1930 * 8;
      for (let i = 0; i < 5 && left > 0; i++) {
        const x = 1 + Math.floor(rand() * left);
        parts.push(x);
        left -= x;
      }
      const r = simulate(parts.map((x, i) => pod(`p${i}`, { cpu: `${x / 8}m` }, pinned)));
      expect({ parts, claims: new Set(r.pods.map((p) => p.nodeClaim)).size }).toEqual({ parts, claims: 1 });
    }
  });
});

test('an existing node is filled exactly too: its room is its allocatable less its pods, without float noise', () => {
  // 1.1m − 0.1m − 0.1m in binary floating point is 0.8999…99m, short of the third pod's 0.9m.
  const node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1', 'karpenter.sh/nodepool': 'default', 'karpenter.sh/initialized': 'true' } },
    status: { allocatable: { cpu: '1100u', memory: '1Gi', pods: '10' }, capacity: { cpu: '1', memory: '1Gi', pods: '10' } },
  };
  const bound = (name: string) => pod(name, { cpu: '100u' }, { nodeName: 'n1' });
  const r = runSimulation({
    nodePools: [nodePool('default')],
    nodeClasses: [nc],
    nodes: [node],
    pods: [bound('a'), bound('b'), pod('c', { cpu: '900u' })],
  });
  expect(r.result.pods.find((p) => p.name === 'c')).toMatchObject({ schedulable: true, node: 'n1' });
  expect(r.result.nodeClaims).toEqual([]);
});
