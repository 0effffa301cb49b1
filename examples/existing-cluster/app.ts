import { App } from 'cdktf';
import { ControllerPlacement } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { KarpenterControllerStack } from '../shared/controller-stack';
import { ExistingClusterConfig, existingClusterConfigFromEnv } from './config';
import { ExistingClusterAwsStack } from './aws-stack';
import { GeneralPurposePoolStack } from './node-pools-stack';

export const STACK_NAMES = {
  aws: 'karpenter-aws',
  controller: 'karpenter-controller',
  nodePools: 'karpenter-node-pools',
} as const;

export interface ExistingClusterApp {
  readonly aws: ExistingClusterAwsStack;
  readonly controller: KarpenterControllerStack;
  readonly nodePools: GeneralPurposePoolStack;
}

/** Karpenter for a cluster that already exists: the same three-stack order as the full example. */
export function buildExistingClusterApp(app: App, config: ExistingClusterConfig = existingClusterConfigFromEnv()): ExistingClusterApp {
  const aws = new ExistingClusterAwsStack(app, STACK_NAMES.aws, config);
  const karpenter = aws.karpenter.attributes;
  const controller = new KarpenterControllerStack(app, STACK_NAMES.controller, {
    karpenter,
    // Without our node group no node has its label: run on any capacity Karpenter does not manage.
    placement: config.createControllerNodeGroup ? undefined : ControllerPlacement.anyNodeNotManagedByKarpenter(),
    backend: config.backend,
  });
  controller.addDependency(aws);
  const nodePools = new GeneralPurposePoolStack(app, STACK_NAMES.nodePools, { ...config, nodeRoleName: karpenter.nodeRoleName });
  nodePools.addDependency(controller);
  return { aws, controller, nodePools };
}
