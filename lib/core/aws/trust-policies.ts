import { DNS1123_SUBDOMAIN_PATTERN } from '../shared/kubernetes-names';
import { IssueCollector } from '../issues';
import { parseArn, servicePrincipal } from './aws-partition';
import { policyDocument, PolicyDocumentJson } from './policy-document';

/** Service principal of EKS Pod Identity (the same in every partition). */
export const POD_IDENTITY_PRINCIPAL = 'pods.eks.amazonaws.com';
/** Audience EKS puts into projected service-account tokens for IRSA. */
export const IRSA_AUDIENCE = 'sts.amazonaws.com';
/** Namespace Karpenter is installed into by default (upstream guide, terraform-aws-eks). */
export const DEFAULT_KARPENTER_NAMESPACE = 'kube-system';
/** Service account of the chart when the release is called `karpenter`. */
export const DEFAULT_KARPENTER_SERVICE_ACCOUNT = 'karpenter';

/** Trust for EKS Pod Identity: the agent assumes the role and tags the session. */
export function podIdentityTrustPolicy(): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'PodIdentity',
      Effect: 'Allow',
      Principal: { Service: POD_IDENTITY_PRINCIPAL },
      Action: ['sts:AssumeRole', 'sts:TagSession'],
    },
  ]);
}

/** Inputs of an IRSA trust policy. */
export interface IrsaTrustInput {
  /** ARN of the cluster's IAM OIDC provider. */
  readonly oidcProviderArn: string;
  /** Issuer without `https://`, e.g. `oidc.eks.eu-west-1.amazonaws.com/id/ABC`. */
  readonly issuerHostPath: string;
  readonly namespace: string;
  readonly serviceAccount: string;
}

/** Trust for IAM Roles for Service Accounts: web identity federation, one service account only. */
export function irsaTrustPolicy(input: IrsaTrustInput): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'IRSA',
      Effect: 'Allow',
      Principal: { Federated: input.oidcProviderArn },
      Action: ['sts:AssumeRoleWithWebIdentity'],
      Condition: {
        StringEquals: {
          [`${input.issuerHostPath}:aud`]: IRSA_AUDIENCE,
          [`${input.issuerHostPath}:sub`]: `system:serviceaccount:${input.namespace}:${input.serviceAccount}`,
        },
      },
    },
  ]);
}

/** Trust for EC2 instances (the node role). */
export function ec2TrustPolicy(dnsSuffix: string): PolicyDocumentJson {
  return policyDocument([
    {
      Sid: 'EKSNodeAssumeRole',
      Effect: 'Allow',
      Principal: { Service: servicePrincipal('ec2', dnsSuffix) },
      Action: ['sts:AssumeRole'],
    },
  ]);
}

/** `https://oidc.eks.r.amazonaws.com/id/X` -> `oidc.eks.r.amazonaws.com/id/X` (plain strings). */
export function issuerHostPath(issuerUrl: string): string {
  return issuerUrl.replace(/^https:\/\//, '');
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Checks a Kubernetes namespace name (DNS-1123 label); false when it reported a problem. Tokens are skipped (true). */
export function validateNamespaceName(issues: IssueCollector, field: string, namespace: string): boolean {
  if (issues.isUnresolved(namespace) || (namespace.length <= 63 && DNS1123_LABEL.test(namespace))) return true;
  issues.error(
    field,
    'InvalidNamespace',
    `'${namespace}' is not a valid Kubernetes namespace; use 1-63 lower-case letters, digits and '-', starting and ending with a letter or digit.`,
  );
  return false;
}

/** Checks a service account name (DNS-1123 subdomain); false when it reported a problem. Tokens are skipped (true). */
export function validateServiceAccountName(issues: IssueCollector, field: string, serviceAccount: string, code = 'InvalidServiceAccount'): boolean {
  if (issues.isUnresolved(serviceAccount) || (serviceAccount.length <= 253 && DNS1123_SUBDOMAIN_PATTERN.test(serviceAccount))) return true;
  issues.error(field, code, `'${serviceAccount}' is not a valid service account name; use at most 253 lower-case letters, digits, '-' and '.'.`);
  return false;
}

/** The verdicts of the check of a namespace and service account, made once where they entered. */
export interface ServiceAccountRefVerdict {
  /** Whether the namespace passed (a token is not checked, so it passes). */
  readonly namespaceValid: boolean;
  /** Whether the service account passed (a token is not checked, so it passes). */
  readonly serviceAccountValid: boolean;
}

/** Checks the namespace and service account of an identity (`<field>.namespace`, `<field>.serviceAccount`). */
export function validateServiceAccountRef(
  issues: IssueCollector,
  field: string,
  namespace: string,
  serviceAccount: string,
): ServiceAccountRefVerdict {
  return {
    namespaceValid: validateNamespaceName(issues, `${field}.namespace`, namespace),
    serviceAccountValid: validateServiceAccountName(issues, `${field}.serviceAccount`, serviceAccount),
  };
}

/**
 * Checks what IRSA needs: an OIDC provider ARN and the cluster's issuer URL, and that they
 * belong together. Tokens are skipped.
 */
export function validateIrsa(issues: IssueCollector, field: string, oidcProviderArn: string | undefined, issuerUrl: string | undefined): void {
  let providerHostPath: string | undefined;
  if (oidcProviderArn === undefined || (!issues.isUnresolved(oidcProviderArn) && oidcProviderArn.trim() === '')) {
    issues.error(
      `${field}.oidcProviderArn`,
      'MissingOidcProviderArn',
      `IRSA needs the ARN of the cluster's IAM OIDC provider, got ${oidcProviderArn === undefined ? 'none' : "''"}. ` +
        'Create the cluster with EksCluster({ enableIrsa: true }) and pass ControllerIdentity.irsa({ oidcProviderArn: ' +
        'cluster.oidcProviderArn }); for a cluster made elsewhere, pass the arn of its aws_iam_openid_connect_provider. ' +
        'Or use ControllerIdentity.podIdentity(), which needs no OIDC provider.',
    );
  } else if (!issues.isUnresolved(oidcProviderArn)) {
    const parts = parseArn(oidcProviderArn);
    if (!parts || parts.service !== 'iam' || !parts.resource.startsWith('oidc-provider/')) {
      issues.error(
        `${field}.oidcProviderArn`,
        'InvalidOidcProviderArn',
        `must be an IAM OIDC provider ARN 'arn:<partition>:iam::<account>:oidc-provider/<issuer host/path>', got '${oidcProviderArn}'.`,
      );
    } else {
      providerHostPath = parts.resource.slice('oidc-provider/'.length);
    }
  }

  if (issuerUrl === undefined || (!issues.isUnresolved(issuerUrl) && issuerUrl.trim() === '')) {
    issues.error(
      'cluster.oidcIssuerUrl',
      'MissingOidcIssuer',
      `IRSA needs the cluster's OIDC issuer URL, but the cluster has ${issuerUrl === undefined ? 'none' : "an empty one ('')"}. ` +
        'Pass a cluster whose oidcIssuerUrl is set (https://oidc.eks.<region>.amazonaws.com/id/<id>), or use ControllerIdentity.podIdentity().',
    );
  } else if (!issues.isUnresolved(issuerUrl)) {
    if (!issuerUrl.startsWith('https://')) {
      issues.error(
        'cluster.oidcIssuerUrl',
        'InvalidOidcIssuer',
        `must be an https URL like 'https://oidc.eks.<region>.amazonaws.com/id/<id>', got '${issuerUrl}'.`,
      );
    } else if (providerHostPath !== undefined && providerHostPath !== issuerHostPath(issuerUrl)) {
      issues.error(
        `${field}.oidcProviderArn`,
        'OidcProviderMismatch',
        `the OIDC provider '${providerHostPath}' is not the cluster's issuer '${issuerHostPath(issuerUrl)}'; ` +
          "no token of this cluster could assume the role. Pass the ARN of the provider created for this cluster's issuer.",
      );
    }
  }
}
