import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import type { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Fn, ITerraformDependable, TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { ClusterAuthMode, ClusterProvidersOptions, planClusterProviders } from '../core/controller/cluster-providers-plan';
import { failValidation } from '../core/issues';
import { recordProviderCluster } from '../private/cluster-scoped-names';
import { constructContext, reportIssuesAtSynth } from '../private/report';

// Loaded when the option that needs it is used: the package import loads what every app needs, no more.
function clusterAuth(): typeof import('@cdktf/provider-aws/lib/data-aws-eks-cluster-auth') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@cdktf/provider-aws/lib/data-aws-eks-cluster-auth');
}

// The same for the Helm provider: an app of NodePools (createHelmProvider: false) does not load its module.
function helmProviderModule(): typeof import('@cdktf/provider-helm/lib/provider') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@cdktf/provider-helm/lib/provider');
}

/** Properties of `ClusterProviders`. */
export interface ClusterProvidersProps extends ClusterProvidersOptions {
  /**
   * AWS provider for the data sources (the `provider` meta-argument).
   * @default - the stack's default aws provider
   */
  readonly awsProvider?: TerraformProvider;
  /**
   * Resources to wait for before reading the cluster, e.g. the cluster and its access entries when
   * they are created in this stack. While any of them has changes pending, Terraform reads the
   * data source only at apply, so the provider configuration is unknown at plan; a
   * `kubernetes_manifest` cannot be planned then (it needs the API server), so keep those in a
   * later stack, as the examples do.
   * @default - none
   */
  readonly dependsOn?: ITerraformDependable[];
}

/**
 * A helm and a kubernetes provider (or only one of them) configured for one EKS cluster, from
 * `data "aws_eks_cluster"` read by name in this stack.
 */
export class ClusterProviders extends Construct {
  private readonly helm?: HelmProvider;
  private readonly kubernetes?: KubernetesProvider;
  /** API server endpoint, from the data source. */
  public readonly clusterEndpoint: string;
  /** Base64 certificate authority data, from the data source. */
  public readonly clusterCertificateAuthorityData: string;
  /** Name of the cluster. */
  public readonly clusterName: string;

  constructor(scope: Construct, id: string, props: ClusterProvidersProps) {
    super(scope, id);
    const plan = planClusterProviders(props, constructContext());
    reportIssuesAtSynth(this, plan.issues);
    this.clusterName = props.clusterName;

    const cluster = new DataAwsEksCluster(this, 'Cluster', {
      name: props.clusterName,
      provider: props.awsProvider,
      dependsOn: props.dependsOn,
    });
    this.clusterEndpoint = cluster.endpoint;
    this.clusterCertificateAuthorityData = cluster.certificateAuthority.get(0).data;
    const clusterCaCertificate = Fn.base64decode(this.clusterCertificateAuthorityData);

    const token =
      plan.authMode === ClusterAuthMode.TOKEN
        ? new (clusterAuth().DataAwsEksClusterAuth)(this, 'Auth', {
            name: props.clusterName,
            provider: props.awsProvider,
            dependsOn: props.dependsOn,
          }).token
        : undefined;
    const exec = plan.exec ? { ...plan.exec, args: [...plan.exec.args] } : undefined;

    if (plan.createHelmProvider) {
      this.helm = new (helmProviderModule().HelmProvider)(this, 'HelmProvider', {
        alias: props.helmProviderAlias,
        kubernetes: { host: this.clusterEndpoint, clusterCaCertificate, token, exec },
      });
    }
    if (plan.createKubernetesProvider) {
      this.kubernetes = new KubernetesProvider(this, 'KubernetesProvider', {
        alias: props.kubernetesProviderAlias,
        host: this.clusterEndpoint,
        clusterCaCertificate,
        token,
        exec: exec ? [exec] : undefined,
      });
      // NodePool and EC2NodeClass names are checked per cluster, across stacks (cluster-scoped-names.ts).
      recordProviderCluster(this.kubernetes, props.clusterName);
    }
  }

  /** Helm provider; pass it to `KarpenterController` as `helmProvider`. Throws when `createHelmProvider` is false. */
  public get helmProvider(): HelmProvider {
    return this.helm ?? this.notCreated('createHelmProvider', 'helm');
  }

  /** Kubernetes provider. Throws when `createKubernetesProvider` is false. */
  public get kubernetesProvider(): KubernetesProvider {
    return this.kubernetes ?? this.notCreated('createKubernetesProvider', 'kubernetes');
  }

  private notCreated(field: string, provider: string): never {
    return failValidation(
      this.node.path,
      field,
      'ProviderNotCreated',
      `is false, so there is no ${provider} provider to use; remove ${field}: false, or take the provider from another ClusterProviders`,
    );
  }
}
