import { ALIAS_FAMILIES, AMI_FAMILIES, AmiFamily, AmiFamilyAlias, WINDOWS_ALIAS_FAMILIES, aliasFamilyOf } from '../../../lib/core/model/ami-family';

describe('AMI families: one list, everything else derived', () => {
  test('each alias family is the amiFamily in lower case', () => {
    expect(AmiFamilyAlias).toEqual({
      AL2: 'al2',
      AL2023: 'al2023',
      BOTTLEROCKET: 'bottlerocket',
      WINDOWS_2019: 'windows2019',
      WINDOWS_2022: 'windows2022',
      WINDOWS_2025: 'windows2025',
    });
    expect(ALIAS_FAMILIES).toEqual(Object.values(AmiFamilyAlias));
    expect(WINDOWS_ALIAS_FAMILIES).toEqual(['windows2019', 'windows2022', 'windows2025']);
  });

  test('AMI_FAMILIES is the CRD enum, in its order', () => {
    expect(AMI_FAMILIES).toEqual(['AL2', 'AL2023', 'Bottlerocket', 'Custom', 'Windows2019', 'Windows2022', 'Windows2025']);
    expect(AmiFamily.CUSTOM).toBe('Custom');
  });

  test.each([
    ['AL2023', 'al2023'],
    ['Bottlerocket', 'bottlerocket'],
    ['Windows2025', 'windows2025'],
    ['Custom', undefined],
    ['al2023', undefined],
    ['Ubuntu', undefined],
  ])('aliasFamilyOf(%s) is %s', (family, alias) => {
    expect(aliasFamilyOf(family)).toBe(alias);
  });
});
