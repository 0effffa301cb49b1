import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { ClusterProviders } from '../../lib/cluster-providers';
import { ControllerPlacement } from '../../lib/core/helm-values';
import { KarpenterVersion } from '../../lib/core/karpenter-version';
import { KarpenterController } from '../../lib/karpenter-controller';
import { configureStateBackend, StateBackendConfig } from './backend';

export interface ControllerStackProps {
  /** Cluster name; the stack looks the cluster up by name (no cross-stack reference). */
  readonly clusterName: string;
  readonly region: string;
  /** Interruption queue name, as created by the infrastructure stack. */
  readonly interruptionQueueName: string;
  /** Service account annotations (IRSA only; Pod Identity needs none). */
  readonly serviceAccountAnnotations?: Record<string, string>;
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
    this.providers = new ClusterProviders(this, 'Cluster', { clusterName: props.clusterName, region: props.region, createKubernetesProvider: false });
    this.controller = new KarpenterController(this, 'Karpenter', {
      clusterName: props.clusterName,
      interruptionQueueName: props.interruptionQueueName,
      serviceAccountAnnotations: props.serviceAccountAnnotations,
      version: props.version,
      placement: props.placement,
      helmProvider: this.providers.helmProvider,
    });
  }
}
