// Pure core: plain TypeScript, no cdktf (usable without Terraform).
export * from './core/issues';
export * from './core/api';
export * from './core/api/capacity-spread';
export * from './core/api/migrate';
export * from './core/aws-partition';
export * from './core/cluster-name';
export * from './core/controller-policy';
export * from './core/discovery';
export * from './core/eks-iam';
export * from './core/helm-values';
export * from './core/interruption';
export * from './core/karpenter-version';
export * from './core/kubernetes-version';
export * from './core/network-plan';
export * from './core/node-group-scaling';
export * from './core/node-role-policies';
export * from './core/policy-document';
export * from './core/trust-policies';

// Constructs.
export * from './cluster-attributes';
export * from './network';
export * from './eks-cluster';
export * from './controller-node-group';
export * from './karpenter-node-role';
export * from './karpenter-controller-role';
export * from './interruption-queue';
export * from './karpenter-aws';
export * from './karpenter-controller';
export * from './cluster-providers';
export * from './karpenter-manifest-options';
export * from './ec2-node-class';
export * from './karpenter-node-pool';
export * from './spot-on-demand-split';
