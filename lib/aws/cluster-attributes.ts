/**
 * What the Karpenter constructs need to know about an EKS cluster. Implemented by
 * `EksCluster` (a cluster this library creates) and by `EksCluster.fromClusterName`
 * (a cluster that already exists). Values may be Terraform tokens.
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
}
