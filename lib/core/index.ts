// `cdktf-karpenter-eks/core`: the pure core, plain TypeScript with no cdktf, constructs or provider import,
// so it loads in any Node.js program (a GitOps pipeline, a CDK Terrain app, a CLI) without cdktf installed.
export * from './issues';
export * from './api';
export * from './api/capacity-spread';
export * from './api/migrate';
export * from './aws/aws-partition';
export * from './aws/cluster-name';
export * from './aws/controller-policy';
export * from './aws/discovery';
export * from './aws/eks-iam';
export * from './controller/helm-values';
export * from './aws/interruption';
export * from './controller/karpenter-version';
export * from './aws/kubernetes-version';
export * from './aws/network-plan';
export * from './aws/node-group-scaling';
export * from './aws/node-role-policies';
export * from './aws/policy-document';
export * from './aws/trust-policies';
