// Public API of the pure core for Karpenter v1 manifests. Validator internals (schemas, patterns) are in lib/internal.ts.
export * from './types';
export { WellKnownLabel, ALLOWED_KARPENTER_AWS_LABELS, ALLOWED_KARPENTER_SH_LABELS } from './labels';
export * from './duration';
export * from './quantity';
export * from './requirements';
export * from './node-pool-definition';
export * from './ec2-node-class-definition';
export { validateNodePool } from './validate-nodepool';
export { validateEc2NodeClass } from './validate-ec2nodeclass';
export { validateManifest, KARPENTER_RUNTIME_CHECK_CODES } from './validate';
export { lintNodePool, lintEc2NodeClass, LINT_CODES } from './lint';
export type { LintCode, NodePoolLintOptions } from './lint';
export { MANIFEST_WARNING_CODES } from './silence';
export type { ManifestWarningCode } from './silence';
export { toYaml } from './yaml';
