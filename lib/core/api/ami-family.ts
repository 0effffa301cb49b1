// Pure core: no cdktf or constructs imports.
// The AMI families, defined once: the `amiFamily` values, the alias families and the checks on both derive from here.

/** `amiFamily` values with EKS-optimized AMIs, selected by the alias `<family in lower case>@<version>`. */
const ALIASED = {
  /** Amazon Linux 2. */
  AL2: 'AL2',
  /** Amazon Linux 2023. */
  AL2023: 'AL2023',
  /** Bottlerocket. */
  BOTTLEROCKET: 'Bottlerocket',
  /** Windows Server 2019 (alias `latest` only). */
  WINDOWS_2019: 'Windows2019',
  /** Windows Server 2022 (alias `latest` only). */
  WINDOWS_2022: 'Windows2022',
  /** Windows Server 2025 (alias `latest` only). */
  WINDOWS_2025: 'Windows2025',
} as const;
type Aliased = typeof ALIASED;

/** `amiFamily`: user data format and default block devices. */
export const AmiFamily = {
  ...ALIASED,
  /** Your own AMI and user data; Karpenter adds nothing. */
  CUSTOM: 'Custom',
} as const;
/** An `amiFamily` value. */
export type AmiFamily = (typeof AmiFamily)[keyof typeof AmiFamily];

/** Families of EKS-optimized AMI aliases (`family@version`): each `amiFamily` but Custom, in lower case. Windows families take only `latest`. */
export const AmiFamilyAlias = Object.fromEntries(Object.entries(ALIASED).map(([k, v]) => [k, v.toLowerCase()])) as {
  readonly [K in keyof Aliased]: Lowercase<Aliased[K]>;
};
/** An alias family. */
export type AmiFamilyAlias = (typeof AmiFamilyAlias)[keyof typeof AmiFamilyAlias];

/** Every `amiFamily` value, in the CRD's (alphabetical) order. */
export const AMI_FAMILIES: readonly string[] = Object.values(AmiFamily).sort();
/** The `amiFamily` values that have an alias (all but Custom). */
export const ALIASED_AMI_FAMILIES: readonly string[] = Object.values(ALIASED);
/** Every alias family. */
export const ALIAS_FAMILIES: readonly string[] = Object.values(AmiFamilyAlias);
/** Alias families whose only version is `latest`. */
export const WINDOWS_ALIAS_FAMILIES: readonly string[] = ALIAS_FAMILIES.filter((f) => f.startsWith('windows'));

/** The alias family of an `amiFamily` (`al2023` for `AL2023`); undefined for Custom and unknown values. */
export function aliasFamilyOf(amiFamily: string): AmiFamilyAlias | undefined {
  return ALIASED_AMI_FAMILIES.includes(amiFamily) ? (amiFamily.toLowerCase() as AmiFamilyAlias) : undefined;
}
