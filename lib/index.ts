// Pure core: plain TypeScript, no cdktf (usable without Terraform).
export * from './core/issues';
export * from './core/api';
export * from './core/api/capacity-spread';
export * from './core/api/migrate';
export * from './core/aws/aws-partition';
export * from './core/aws/cluster-name';
export * from './core/aws/controller-node-group-plan';
export * from './core/aws/controller-policy';
export * from './core/aws/discovery';
export * from './core/aws/eks-cluster-plan';
export * from './core/aws/eks-iam';
export * from './core/controller/helm-values';
export * from './core/aws/interruption';
export * from './core/controller/karpenter-version';
export * from './core/aws/kubernetes-version';
export * from './core/aws/network-plan';
export * from './core/aws/node-group-scaling';
export * from './core/aws/node-role-policies';
export * from './core/aws/policy-document';
export * from './core/aws/trust-policies';

// Constructs.
export * from './aws/cluster-attributes';
export * from './aws/network';
export * from './aws/eks-cluster';
export * from './aws/controller-node-group';
export * from './aws/karpenter-node-role';
export * from './aws/karpenter-controller-role';
export * from './aws/interruption-queue';
export * from './aws/karpenter-aws';
export * from './controller/karpenter-controller';
export * from './controller/cluster-providers';
export * from './manifests/karpenter-manifest-options';
export * from './manifests/ec2-node-class';
export * from './manifests/karpenter-node-pool';
export * from './manifests/spot-on-demand-split';
