// Seeded property tests of the requirement algebra (2,000 random triples): mulberry32, so a failure reproduces.
// Karpenter's own assertions are in requirements.test.ts. Slow (jest's expect, tens of thousands of calls): only the
// full run (`npm test`) runs it, not `npm run test:unit`.
import { SchedulingRequirement, SchedulingRequirements } from '../../../lib/core/scheduling/requirements';
import { mulberry32 } from '../../util/prng';

const SEED = Number(process.env.REQUIREMENTS_SEED ?? 20261203);
// '' is a value of its own (metal types' hypervisor), not the absence of one.
const UNIVERSE = ['', '0', '1', '2', '3', '5', '8', '13', 'a', 'b'];
const OPS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'Gte', 'Lte'];

function randomRequirement(rand: () => number): SchedulingRequirement {
  const op = OPS[Math.floor(rand() * OPS.length)];
  const pick = () => UNIVERSE[Math.floor(rand() * UNIVERSE.length)];
  if (['Gt', 'Lt', 'Gte', 'Lte'].includes(op)) return SchedulingRequirement.of('k', op, [String(Math.floor(rand() * 14))]);
  const n = op === 'In' ? 1 + Math.floor(rand() * 4) : op === 'NotIn' ? Math.floor(rand() * 4) : 0;
  return SchedulingRequirement.of('k', op, Array.from({ length: n }, pick));
}

describe(`requirement algebra properties (REQUIREMENTS_SEED=${SEED})`, () => {
  const rand = mulberry32(SEED);
  const pairs = Array.from({ length: 2000 }, () => [randomRequirement(rand), randomRequirement(rand), randomRequirement(rand)] as const);

  test('intersection is commutative and associative on every value of the universe', () => {
    for (const [a, b, c] of pairs) {
      for (const v of UNIVERSE) {
        expect(a.intersection(b).has(v)).toBe(b.intersection(a).has(v));
        expect(a.intersection(b).intersection(c).has(v)).toBe(a.intersection(b.intersection(c)).has(v));
      }
    }
  });

  test('A ∩ B allows exactly what A and B both allow (so A ∩ B ⊆ A)', () => {
    for (const [a, b] of pairs) {
      for (const v of UNIVERSE) expect(a.intersection(b).has(v)).toBe(a.has(v) && b.has(v));
    }
  });

  test('hasIntersection agrees with the intersection over the universe, and is symmetric', () => {
    for (const [a, b] of pairs) {
      expect(a.hasIntersection(b)).toBe(b.hasIntersection(a));
      // A witness in the universe implies an intersection; complements may intersect outside it.
      if (UNIVERSE.some((v) => a.has(v) && b.has(v))) expect(a.hasIntersection(b)).toBe(true);
      if (!a.complement || !b.complement) expect(a.hasIntersection(b)).toBe(UNIVERSE.concat(a.values, b.values).some((v) => a.has(v) && b.has(v)));
    }
  });

  test('intersecting with itself or Exists changes nothing', () => {
    const exists = SchedulingRequirement.of('k', 'Exists');
    for (const [a] of pairs) {
      for (const v of UNIVERSE) {
        expect(a.intersection(a).has(v)).toBe(a.has(v));
        expect(a.intersection(exists).has(v)).toBe(a.has(v));
      }
    }
  });

  test('Compatible with well-known labels is symmetric on a single well-known key when neither side is negative', () => {
    for (const [a, b] of pairs) {
      const ra = new SchedulingRequirements(SchedulingRequirement.of('topology.kubernetes.io/zone', a.operator, a.values));
      const rb = new SchedulingRequirements(SchedulingRequirement.of('topology.kubernetes.io/zone', b.operator, b.values));
      expect(ra.compatible(rb, true) === undefined).toBe(rb.compatible(ra, true) === undefined);
    }
  });
});
