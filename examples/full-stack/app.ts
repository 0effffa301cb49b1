import { App } from 'cdktf';
import { KarpenterControllerStack } from '../shared/controller-stack';
import { FullStackConfig, fullStackConfigFromEnv } from './config';
import { InfraStack } from './infra-stack';
import { NodePoolsStack } from './node-pools-stack';

/** Stack names; `cdktf deploy '*'` runs them in this order and `cdktf destroy '*'` in reverse. */
export const STACK_NAMES = {
  infra: 'karpenter-infra',
  controller: 'karpenter-controller',
  nodePools: 'karpenter-node-pools',
} as const;

export interface FullStackApp {
  readonly infra: InfraStack;
  readonly controller: KarpenterControllerStack;
  readonly nodePools: NodePoolsStack;
}

/**
 * Three stacks, each depending on the one before: AWS infrastructure, then the controller (its
 * Helm releases need the cluster and the node group), then node classes and pools (their
 * `kubernetes_manifest`s need the CRDs at plan time). The later stacks read everything from
 * `KarpenterAws.attributes`, whose values are plain strings (with Pod Identity), so nothing crosses
 * stacks through remote state; each stack looks the cluster up by name itself.
 */
export function buildFullStackApp(app: App, config: FullStackConfig = fullStackConfigFromEnv()): FullStackApp {
  const infra = new InfraStack(app, STACK_NAMES.infra, config);
  const karpenter = infra.karpenter.attributes;
  const controller = new KarpenterControllerStack(app, STACK_NAMES.controller, { karpenter, backend: config.backend });
  controller.addDependency(infra);
  const nodePools = new NodePoolsStack(app, STACK_NAMES.nodePools, {
    clusterName: karpenter.clusterName,
    region: karpenter.region,
    nodeRoleName: karpenter.nodeRoleName,
    backend: config.backend,
  });
  nodePools.addDependency(controller);
  return { infra, controller, nodePools };
}
