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

/** What nodes of an AMI family run: `kubernetes.io/os` and the `kubernetes.io/arch` values. */
export interface AmiFamilyPlatform {
  readonly os: 'linux' | 'windows';
  readonly arches: readonly ('amd64' | 'arm64')[];
}

/**
 * The platform of each aliased family, defined once: the NodePool/EC2NodeClass compatibility check
 * (`poolNodeClassIssues`) and catalog-based checks read it. EKS-optimized Windows AMIs are x86-64 only.
 */
export const AMI_FAMILY_PLATFORMS: { readonly [F in Aliased[keyof Aliased]]: AmiFamilyPlatform } = {
  AL2: { os: 'linux', arches: ['amd64', 'arm64'] },
  AL2023: { os: 'linux', arches: ['amd64', 'arm64'] },
  Bottlerocket: { os: 'linux', arches: ['amd64', 'arm64'] },
  Windows2019: { os: 'windows', arches: ['amd64'] },
  Windows2022: { os: 'windows', arches: ['amd64'] },
  Windows2025: { os: 'windows', arches: ['amd64'] },
};

/**
 * The aliased `amiFamily` of an EC2NodeClass spec: `amiFamily` when set, else the family of an
 * `alias` selector term (`al2023@latest` → `AL2023`); undefined for Custom, unknown or unresolved values.
 */
export function nodeClassAmiFamily(spec: unknown): keyof typeof AMI_FAMILY_PLATFORMS | undefined {
  if (spec === null || typeof spec !== 'object') return undefined;
  const s = spec as { amiFamily?: unknown; amiSelectorTerms?: unknown };
  const known = (f: unknown) => (typeof f === 'string' && ALIASED_AMI_FAMILIES.includes(f) ? (f as keyof typeof AMI_FAMILY_PLATFORMS) : undefined);
  if (s.amiFamily !== undefined) return known(s.amiFamily);
  const terms = Array.isArray(s.amiSelectorTerms) ? s.amiSelectorTerms : [];
  const alias = terms.map((t) => (t !== null && typeof t === 'object' ? (t as { alias?: unknown }).alias : undefined)).find((a) => a !== undefined);
  if (typeof alias !== 'string') return undefined;
  const family = alias.split('@')[0];
  return known(ALIASED_AMI_FAMILIES.find((f) => f.toLowerCase() === family));
}
