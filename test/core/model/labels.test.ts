import {
  celLabelDomain,
  dns1123SubdomainProblems,
  labelRestrictions,
  labelValueProblems,
  qualifiedNameProblems,
  runeLength,
} from '../../../lib/core/model/labels';
import { mulberry32 } from '../../util/prng';

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

  test('runeLength counts as [...s].length does, lone and paired surrogates included (generated strings)', () => {
    const seed = 7;
    const rand = mulberry32(seed);
    const units = [0x61, 0xfc, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0xdfff, 0xd800, 0xe000];
    for (let i = 0; i < 2000; i++) {
      const s = String.fromCharCode(...Array.from({ length: Math.floor(rand() * 8) }, () => units[Math.floor(rand() * units.length)]));
      if (runeLength(s) !== [...s].length) throw new Error(`seed ${seed}, string ${i}: ${JSON.stringify(s)}`);
    }
    expect(runeLength('\ud83d\ude00\ud83d')).toBe(2);
    expect(runeLength('\ude00\ud83d')).toBe(2);
  });
});
