import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import {
  ClusterProviders,
  ControllerPlacement,
  controllerNeedsFlowSchemas,
  KarpenterAwsAttributes,
  KarpenterController,
  KarpenterVersion,
} from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend, StateBackendConfig } from './backend';

export interface ControllerStackProps {
  /**
   * The AWS side of the install (`KarpenterAws.attributes` of the stack before): cluster, region,
   * queue, namespace and service account arrive as plain strings, so no value crosses stacks
   * through remote state, except the controller role ARN under IRSA.
   */
  readonly karpenter: KarpenterAwsAttributes;
  readonly version?: KarpenterVersion;
  /** Where the controller pods run; the default needs the controller node group's label. */
  readonly placement?: ControllerPlacement;
  readonly backend?: StateBackendConfig;
}

/**
 * The Karpenter controller: the `karpenter-crd` and `karpenter` Helm releases (and, outside
 * `kube-system`, Karpenter's FlowSchemas). Its providers are configured from a
 * `data "aws_eks_cluster"` read by name, so planning it needs the cluster to exist (deploy the
 * infrastructure stack first) but no value from another stack's state.
 */
export class KarpenterControllerStack extends TerraformStack {
  public readonly providers: ClusterProviders;
  public readonly controller: KarpenterController;

  constructor(scope: Construct, id: string, props: ControllerStackProps) {
    super(scope, id);
    configureStateBackend(this, id, props.backend);
    const { clusterName, region, controllerNamespace } = props.karpenter;
    new AwsProvider(this, 'aws', { region });
    // The kubernetes provider only where the FlowSchemas need it: `terraform init` installs every configured provider.
    const flowSchemas = controllerNeedsFlowSchemas(controllerNamespace);
    this.providers = new ClusterProviders(this, 'Cluster', { clusterName, region, createKubernetesProvider: flowSchemas });
    this.controller = new KarpenterController(this, 'Karpenter', {
      karpenter: props.karpenter,
      version: props.version,
      placement: props.placement,
      helmProvider: this.providers.helmProvider,
      kubernetesProvider: flowSchemas ? this.providers.kubernetesProvider : undefined,
    });
  }
}
