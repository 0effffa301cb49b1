import { policyDocument, PolicyDocumentJson, PolicyEffect } from './policy-document';

/** AWS managed policies of the EKS cluster (control plane) role. */
export const EKS_CLUSTER_ROLE_MANAGED_POLICIES: readonly string[] = ['AmazonEKSClusterPolicy'];

/**
 * AWS managed policies every EKS node role needs: to join, run the VPC CNI and pull images
 * (EKS user guide, "Amazon EKS node IAM role").
 */
export const EKS_NODE_MANAGED_POLICIES: readonly string[] = [
  'AmazonEKSWorkerNodePolicy',
  'AmazonEKS_CNI_Policy',
  'AmazonEC2ContainerRegistryPullOnly',
];

/**
 * Trust policy of the EKS cluster role. `sts:TagSession` is what EKS asks for since Auto Mode;
 * it is harmless without it.
 */
export function eksClusterRoleTrustPolicy(): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'EKSClusterAssumeRole',
      Effect: PolicyEffect.ALLOW,
      Principal: { Service: 'eks.amazonaws.com' },
      Action: ['sts:AssumeRole', 'sts:TagSession'],
    },
  ]);
}
