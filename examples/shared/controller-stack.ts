import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ClusterProviders, ControllerPlacement, KarpenterAws, KarpenterController, KarpenterVersion } from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend, StateBackendConfig } from './backend';

export interface ControllerStackProps {
  /**
   * The AWS side of the install, in the stack before. Only plain strings are read from it (cluster
   * and queue names), so there is no cross-stack reference, except the role ARN annotation with IRSA.
   */
  readonly karpenter: KarpenterAws;
  readonly region: string;
  readonly version?: KarpenterVersion;
  /** Where the controller pods run; the default needs the controller node group's label. */
  readonly placement?: ControllerPlacement;
  readonly backend?: StateBackendConfig;
}

/**
 * The Karpenter controller: the `karpenter-crd` and `karpenter` Helm releases. Its providers are
 * configured from a `data "aws_eks_cluster"` read by name, so planning it needs the cluster to
 * exist (deploy the infrastructure stack first) but no value from another stack's state.
 */
export class KarpenterControllerStack extends TerraformStack {
  public readonly providers: ClusterProviders;
  public readonly controller: KarpenterController;

  constructor(scope: Construct, id: string, props: ControllerStackProps) {
    super(scope, id);
    configureStateBackend(this, id, props.backend);
    new AwsProvider(this, 'aws', { region: props.region });
    // Helm only: the kubernetes provider would be installed by `terraform init` and never used.
    const { clusterName, queueName, controllerRole } = props.karpenter;
    this.providers = new ClusterProviders(this, 'Cluster', { clusterName, region: props.region, createKubernetesProvider: false });
    this.controller = new KarpenterController(this, 'Karpenter', {
      clusterName,
      interruptionQueueName: queueName,
      interruptionHandling: queueName !== undefined,
      serviceAccountAnnotations: controllerRole.serviceAccountAnnotations,
      version: props.version,
      placement: props.placement,
      helmProvider: this.providers.helmProvider,
    });
  }
}
