// Values v1beta1 took that v1 renamed or dropped, defined once: the migrator converts them, and the
// validators say what became of one found in a v1 manifest.

/** `spec.disruption.consolidationPolicy`: v1beta1's WhenUnderutilized is v1's WhenEmptyOrUnderutilized. */
export const V1BETA1_CONSOLIDATION_POLICIES: { readonly [v1beta1: string]: string } = { WhenUnderutilized: 'WhenEmptyOrUnderutilized' };

/** `spec.amiFamily`: v1 dropped Ubuntu; as the v1.0 conversion webhook did, the migration runs it as AL2. */
export const V1BETA1_AMI_FAMILIES: { readonly [v1beta1: string]: string } = { Ubuntu: 'AL2' };

/** What became of each v1beta1 value in v1, for the schema's `formerly`. */
export const RENAMED_CONSOLIDATION_POLICIES = explain(V1BETA1_CONSOLIDATION_POLICIES, (v1) => `renamed in v1 to "${v1}"`);
/** What became of each v1beta1 AMI family in v1. */
export const DROPPED_AMI_FAMILIES = explain(
  V1BETA1_AMI_FAMILIES,
  (v1) => `dropped in v1; the migration runs it as "${v1}", whose user data format it shares`,
);

function explain(values: { readonly [v1beta1: string]: string }, f: (v1: string) => string): { readonly [v1beta1: string]: string } {
  return Object.fromEntries(Object.entries(values).map(([old, v1]) => [old, f(v1)]));
}
