// The requirement algebra against Karpenter's own assertions (requirements_test.go at v1.14.1, as a table in
// test/fixtures/sim/requirements-compatible.json); the seeded property tests are in requirements-properties.test.ts.
import * as fs from 'fs';
import * as path from 'path';
import { SchedulingRequirement, SchedulingRequirements } from '../../../lib/core/scheduling/requirements';

interface Fixture {
  readonly requirements: Record<string, { key: string; operator: string; values: string[] } | null>;
  readonly assertions: [number, string, string, boolean, boolean][];
}
const fixture: Fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/sim/requirements-compatible.json'), 'utf8'));

function named(name: string): SchedulingRequirements {
  const r = fixture.requirements[name];
  return r === null ? new SchedulingRequirements() : new SchedulingRequirements(SchedulingRequirement.of(r.key, r.operator, r.values));
}

test('the fixture holds the 450 Compatible assertions of requirements_test.go', () => {
  expect(fixture.assertions).toHaveLength(450);
  expect(fixture.assertions.filter((a) => !a[3]).length).toBeGreaterThan(100);
});

test.each(fixture.assertions)(
  'requirements_test.go:%i %s.Compatible(%s), allowUndefinedWellKnown=%s, succeeds=%s',
  (_line, existing, incoming, allow, ok) => {
    const err = named(existing).compatible(named(incoming), allow);
    if (ok) expect(err).toBeUndefined();
    else expect(err).toEqual(expect.any(String));
  },
);

test.each([
  // requirements_test.go:548-555 (well-known label truncations) and 556-567 (typos)
  ['zone', 'topology.kubernetes.io/zone'],
  ['region', 'topology.kubernetes.io/region'],
  ['nodepool', 'karpenter.sh/nodepool'],
  ['instance-type', 'node.kubernetes.io/instance-type'],
  ['arch', 'kubernetes.io/arch'],
  ['capacity-type', 'karpenter.sh/capacity-type'],
  ['topology.kubernetesio/zone', 'topology.kubernetes.io/zone'],
  ['node.io/zone', 'topology.kubernetes.io/zone'],
  ['topology.kubernetes.io/regio', 'topology.kubernetes.io/region'],
  ['node.kubernetes.io/region', 'topology.kubernetes.io/region'],
  ['karpenter/nodepool', 'karpenter.sh/nodepool'],
])('requirements_test.go error messages: %s hints %s', (bad, hint) => {
  const err = new SchedulingRequirements().compatible(new SchedulingRequirements(SchedulingRequirement.of(bad, 'Exists')), true);
  expect(err).toBe(`label ${JSON.stringify(bad)} does not have known values (typo of ${JSON.stringify(hint)}?)`);
});

test('requirements_test.go:568-572: an unknown label, strictly', () => {
  const err = new SchedulingRequirements().compatible(new SchedulingRequirements(SchedulingRequirement.of('deployment', 'Exists')));
  expect(err).toBe('label "deployment" does not have known values');
});

test('requirements_test.go:688-721: requirement sets print as Karpenter prints them', () => {
  const reqs = new SchedulingRequirements(
    SchedulingRequirement.of('exists', 'Exists'),
    SchedulingRequirement.of('doesNotExist', 'DoesNotExist'),
    SchedulingRequirement.of('inA', 'In', ['A']),
    SchedulingRequirement.of('inB', 'In', ['B']),
    SchedulingRequirement.of('inAB', 'In', ['A', 'B']),
    SchedulingRequirement.of('notInA', 'NotIn', ['A']),
    SchedulingRequirement.of('in1', 'In', ['1']),
    SchedulingRequirement.of('in9', 'In', ['9']),
    SchedulingRequirement.of('in19', 'In', ['1', '9']),
    SchedulingRequirement.of('notIn12', 'NotIn', ['1', '2']),
    SchedulingRequirement.of('greaterThan1', 'Gt', ['1']),
    SchedulingRequirement.of('greaterThan9', 'Gt', ['9']),
    SchedulingRequirement.of('lessThan1', 'Lt', ['1']),
    SchedulingRequirement.of('lessThan9', 'Lt', ['9']),
  );
  expect(reqs.toString()).toBe(
    'doesNotExist DoesNotExist, exists Exists, greaterThan1 Exists >=2, greaterThan9 Exists >=10, in1 In [1], in19 In [1 9], ' +
      'in9 In [9], inA In [A], inAB In [A B], inB In [B], lessThan1 Exists <=0, lessThan9 Exists <=8, notIn12 NotIn [1 2], notInA NotIn [A]',
  );
});

test('deprecated keys are normalised; Gte/Lte bounds; minValues keep the larger; more than five values are elided', () => {
  expect(SchedulingRequirement.of('failure-domain.beta.kubernetes.io/zone', 'In', ['a']).key).toBe('topology.kubernetes.io/zone');
  const r = SchedulingRequirement.of('k', 'Gte', ['4']).intersection(SchedulingRequirement.of('k', 'Lte', ['8']));
  expect([r.has('3'), r.has('4'), r.has('8'), r.has('9'), r.has('x')]).toEqual([false, true, true, false, false]);
  expect(String(r)).toBe('k Exists >=4 <=8');
  const m = SchedulingRequirement.of('k', 'In', ['a', 'b'], 1).intersection(SchedulingRequirement.of('k', 'Exists', [], 2));
  expect(m.minValues).toBe(2);
  expect(String(SchedulingRequirement.of('k', 'In', ['a', 'b', 'c', 'd', 'e', 'f', 'g']))).toBe('k In [a b c d e and 2 others]');
  expect(String(SchedulingRequirement.of('k', 'Gt', ['8']).intersection(SchedulingRequirement.of('k', 'Lt', ['5'])))).toBe('k DoesNotExist');
});
