// `cdktf-karpenter-eks/internal`: validator internals (the CRD schemas, label patterns and schema checker)
// for tools built on this library. Unstable: may change in any release, without a major version bump.
export { NODEPOOL_SPEC_SCHEMA } from './core/api/validate-nodepool';
export { EC2NODECLASS_SPEC_SCHEMA } from './core/api/validate-ec2nodeclass';
export { LABEL_VALUE_PATTERN, QUALIFIED_KEY_PATTERN, qualifiedNameProblems, labelValueProblems, dns1123SubdomainProblems } from './core/api/labels';
export { DNS1123_SUBDOMAIN_PATTERN } from './core/shared/kubernetes-names';
export * from './core/api/schema';
