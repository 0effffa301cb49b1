// `cdktf-karpenter-eks/core`: the pure core, plain TypeScript with no cdktf, constructs or provider import,
// so it loads in any Node.js program (a GitOps pipeline, a CDK Terrain app, a CLI) without cdktf installed.
export * from './issues';
export * from './builder-value';

// Karpenter v1 API: models, validation, lint, migration.
export * from './api';
export * from './api/capacity-spread';
export * from './api/migrate';

// Offline provisioning simulator: instance-type catalog, admission, simulation.
export * from './sim';
export { planNodePool } from './sim/node-pool-plan';
export type { NodePoolPlanContext, PlannedNodePool } from './sim/node-pool-plan';

// AWS side: plans of the AWS constructs, IAM documents, queue and rules, network.
export * from './aws/aws-partition';
export * from './aws/cluster-name';
export * from './aws/controller-identity';
export * from './aws/controller-node-group-plan';
export * from './aws/controller-policy';
export * from './aws/controller-role-plan';
export * from './shared';
export * from './aws/eks-cluster-plan';
export * from './aws/eks-iam';
export * from './aws/interruption';
export * from './aws/interruption-queue-plan';
export * from './aws/karpenter-aws-attributes';
export * from './aws/karpenter-aws-plan';
export * from './aws/kubernetes-version';
export * from './aws/network-plan';
export * from './aws/node-group-scaling';
export * from './aws/node-role-plan';
export * from './aws/node-role-policies';
export * from './aws/policy-document';
export * from './aws/regions';
export * from './aws/trust-policies';

// Controller side: Helm values, releases, versions, providers, FlowSchemas.
export * from './controller/cluster-providers-plan';
export * from './controller/flow-schemas';
export * from './controller/helm-values';
export * from './controller/karpenter-controller-plan';
export * from './controller/karpenter-version';
export * from './controller/release';
