import {
  celLabelDomain,
  dns1123SubdomainProblems,
  labelRestrictions,
  labelValueProblems,
  qualifiedNameProblems,
  runeLength,
} from '../../../lib/core/model/labels';

describe('labels', () => {
  test('celLabelDomain is CEL find("^([^/]+)")', () => {
    expect(celLabelDomain('team.karpenter.sh/x')).toBe('team.karpenter.sh');
    expect(celLabelDomain('plain')).toBe('plain');
    expect(celLabelDomain('/x')).toBe('');
  });

  test('labelRestrictions follows the four CRD rules', () => {
    expect(labelRestrictions('karpenter.sh/capacity-type')).toEqual([]);
    expect(labelRestrictions('karpenter.sh/nodepool').map((r) => r.crdMessage)).toEqual(['label "karpenter.sh/nodepool" is restricted']);
    expect(labelRestrictions('kubernetes.io/hostname').map((r) => r.code)).toEqual(['RestrictedLabel']);
    expect(labelRestrictions('karpenter.k8s.aws/instance-tenancy')).toEqual([]);
    expect(labelRestrictions('x.karpenter.k8s.aws/anything').map((r) => r.crdMessage)).toEqual(['label domain "karpenter.k8s.aws" is restricted']);
    expect(labelRestrictions('kubernetes.io/arch')).toEqual([]);
    expect(labelRestrictions('example.k8s.io/x')).toEqual([]);
  });

  test('qualifiedNameProblems is Kubernetes IsQualifiedName', () => {
    expect(qualifiedNameProblems('example.com/team')).toEqual([]);
    expect(qualifiedNameProblems('team')).toEqual([]);
    expect(qualifiedNameProblems('/team')).toEqual(['prefix part must be non-empty']);
    expect(qualifiedNameProblems('example.com/')).toEqual(['name part must be non-empty']);
    expect(qualifiedNameProblems('a/b/c')).toHaveLength(1);
    expect(qualifiedNameProblems(`x/${'a'.repeat(64)}`)).toEqual(['name part must be no more than 63 characters (got 64)']);
    expect(qualifiedNameProblems('Example.com/x')[0]).toMatch(/^prefix part must consist of lower case/);
    expect(qualifiedNameProblems('-x')[0]).toMatch(/must start and end with an alphanumeric/);
  });

  test('labelValueProblems and dns1123SubdomainProblems', () => {
    expect(labelValueProblems('')).toEqual([]);
    expect(labelValueProblems('a'.repeat(64))).toEqual(['must be no more than 63 characters (got 64)']);
    expect(dns1123SubdomainProblems('a.b-c')).toEqual([]);
    expect(dns1123SubdomainProblems('A')).toHaveLength(1);
    expect(dns1123SubdomainProblems('a'.repeat(254))[0]).toMatch(/no more than 253/);
  });

  test('runeLength counts code points, as Kubernetes maxLength does', () => {
    expect(runeLength('ü😀')).toBe(2);
  });
});
