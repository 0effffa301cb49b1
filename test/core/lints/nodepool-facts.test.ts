// A pool's requirements are folded once for all of planNodePool's checks, and again on every call outside it, where
// the caller may have changed the pool in between.
import { IssueCollector } from '../../../lib/core/issues';
import { admittedValues, factsOnce, nodePoolFacts } from '../../../lib/core/lints/nodepool-facts';

const spec = () => ({
  template: { spec: { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] } },
});

describe('factsOnce', () => {
  test('inside, the facts of one spec object are folded once; another object is folded on its own', () => {
    const s = spec();
    factsOnce(() => {
      const first = nodePoolFacts(s, new IssueCollector());
      expect(nodePoolFacts(s, new IssueCollector())).toBe(first);
      expect(nodePoolFacts(spec(), new IssueCollector())).not.toBe(first);
    });
  });

  test('outside, a changed spec is folded again: the caller sees its change', () => {
    const s = spec();
    const manifest = { spec: s };
    expect([...(admittedValues(manifest)('kubernetes.io/arch')?.values ?? [])]).toEqual(['arm64']);
    s.template.spec.requirements[0].values = ['amd64'];
    expect([...(admittedValues(manifest)('kubernetes.io/arch')?.values ?? [])]).toEqual(['amd64']);
    expect(nodePoolFacts(s, new IssueCollector())).not.toBe(nodePoolFacts(s, new IssueCollector()));
  });

  test('the scope ends with the check, also when it throws', () => {
    const s = spec();
    expect(() =>
      factsOnce(() => {
        nodePoolFacts(s, new IssueCollector());
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(nodePoolFacts(s, new IssueCollector())).not.toBe(nodePoolFacts(s, new IssueCollector()));
  });
});
