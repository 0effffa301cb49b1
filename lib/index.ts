// First: without the optional peers, one error naming them (and `cdktf-karpenter-eks/core`).
import { checkPeers } from './private/peers';
checkPeers();

// The pure core (also `cdktf-karpenter-eks/core`, which needs no cdktf).
export * from './core';

// Constructs.
export * from './aws/eks-cluster-base';
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
