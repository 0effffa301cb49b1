import { Construct, IConstruct } from 'constructs';

/**
 * What the Karpenter constructs need to know about an EKS cluster. Implemented by
 * `EksCluster` (a cluster this library creates) and by `EksCluster.fromClusterName`
 * (a cluster that already exists), both an {@link EksClusterBase}. Values may be Terraform tokens.
 */
export interface IEksCluster {
  /** Cluster name; a plain string, known at synth, so it can be validated and used in names. */
  readonly clusterName: string;
  /** Cluster ARN (its 5th field is the account id, used for partition-aware ARNs without an API call). */
  readonly clusterArn: string;
  /** API server endpoint URL. */
  readonly clusterEndpoint: string;
  /** Base64 certificate authority data of the API server. */
  readonly clusterCertificateAuthorityData: string;
  /** The EKS-managed cluster security group (the one nodes and the control plane share). */
  readonly clusterSecurityGroupId: string;
  /** OIDC issuer URL (`https://oidc.eks.<region>.amazonaws.com/id/<id>`), needed for IRSA only. */
  readonly oidcIssuerUrl: string;
  /**
   * Whether `clusterName` passed the check of the construct it entered by, which reported its problems;
   * the constructs given the cluster use this verdict and report nothing of the name again.
   * @default - unchecked: each construct given the cluster checks and reports the name itself
   */
  readonly clusterNameValid?: boolean;
  /**
   * The `ControllerNodeGroup`s created for this cluster so far (`KarpenterAws.attributes.controllerNodeGroup`).
   * @default - none known
   */
  readonly controllerNodeGroups?: readonly IConstruct[];
}

/** What `EksCluster` and `EksCluster.fromClusterName` share: a checked name and the cluster's controller node groups. */
export abstract class EksClusterBase extends Construct implements IEksCluster {
  public abstract readonly clusterName: string;
  public abstract readonly clusterArn: string;
  public abstract readonly clusterEndpoint: string;
  public abstract readonly clusterCertificateAuthorityData: string;
  public abstract readonly clusterSecurityGroupId: string;
  public abstract readonly oidcIssuerUrl: string;
  public abstract readonly clusterNameValid: boolean;
  private readonly nodeGroups: IConstruct[] = [];

  public get controllerNodeGroups(): readonly IConstruct[] {
    return [...this.nodeGroups];
  }

  /** Records a node group the Karpenter controller can run on; `ControllerNodeGroup` calls it for itself. */
  public addControllerNodeGroup(nodeGroup: IConstruct): void {
    this.nodeGroups.push(nodeGroup);
  }
}
