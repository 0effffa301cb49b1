import { BuilderKind } from '../builder-value';
import { DEFAULT_KARPENTER_NAMESPACE, DEFAULT_KARPENTER_SERVICE_ACCOUNT } from './trust-policies';

/** How the controller's pods get AWS credentials. */
export enum ControllerIdentityType {
  /** EKS Pod Identity (needs the `eks-pod-identity-agent` add-on on the cluster). */
  POD_IDENTITY = 'podIdentity',
  /** IAM Roles for Service Accounts (needs an IAM OIDC provider for the cluster issuer). */
  IRSA = 'irsa',
}

/** Options shared by both identity types. */
export interface ServiceAccountOptions {
  /**
   * Namespace Karpenter runs in; the Helm releases are installed there.
   * @default 'kube-system'
   */
  readonly namespace?: string;
  /**
   * Service account of the controller; the Helm release sets `serviceAccount.name` to it.
   * @default 'karpenter'
   */
  readonly serviceAccount?: string;
}

/** Options of {@link ControllerIdentity.podIdentity}. */
export interface PodIdentityOptions extends ServiceAccountOptions {
  /**
   * Create the `aws_eks_pod_identity_association`. Turn off only when something else
   * associates the role with the service account.
   * @default true
   */
  readonly createAssociation?: boolean;
}

/** Options of {@link ControllerIdentity.irsa}. */
export interface IrsaOptions extends ServiceAccountOptions {
  /** ARN of the IAM OIDC provider of the cluster's issuer (`aws_iam_openid_connect_provider`). */
  readonly oidcProviderArn: string;
}

/**
 * How the Karpenter controller authenticates to AWS, and which namespace and service account
 * it runs as. Pod Identity is the upstream default; IRSA remains for clusters without the Pod
 * Identity agent (e.g. Karpenter on Fargate).
 */
export class ControllerIdentity {
  /** EKS Pod Identity: trust `pods.eks.amazonaws.com` and associate the role with the service account. */
  public static podIdentity(options: PodIdentityOptions = {}): ControllerIdentity {
    return new ControllerIdentity(
      ControllerIdentityType.POD_IDENTITY,
      options.namespace ?? DEFAULT_KARPENTER_NAMESPACE,
      options.serviceAccount ?? DEFAULT_KARPENTER_SERVICE_ACCOUNT,
      undefined,
      options.createAssociation ?? true,
    );
  }

  /** IRSA: trust the cluster's OIDC provider for exactly `system:serviceaccount:<namespace>:<serviceAccount>`. */
  public static irsa(options: IrsaOptions): ControllerIdentity {
    return new ControllerIdentity(
      ControllerIdentityType.IRSA,
      options.namespace ?? DEFAULT_KARPENTER_NAMESPACE,
      options.serviceAccount ?? DEFAULT_KARPENTER_SERVICE_ACCOUNT,
      options.oidcProviderArn,
      false,
    );
  }

  private constructor(
    /** Pod Identity or IRSA. */
    public readonly type: ControllerIdentityType,
    /** Namespace of the controller. */
    public readonly namespace: string,
    /** Service account of the controller. */
    public readonly serviceAccount: string,
    /** OIDC provider ARN (IRSA only). */
    public readonly oidcProviderArn: string | undefined,
    /** Whether a pod identity association is created (Pod Identity only). */
    public readonly createAssociation: boolean,
  ) {}
}

/** Props typed `ControllerIdentity` take only the builder. */
export const CONTROLLER_IDENTITY_BUILDER: BuilderKind<ControllerIdentity> = {
  name: 'ControllerIdentity',
  type: ControllerIdentity,
  example: 'ControllerIdentity.podIdentity() or ControllerIdentity.irsa({ ... })',
};
