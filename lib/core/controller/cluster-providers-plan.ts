import { BuilderKind, builderValue } from '../builder-value';
import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { validateRoleArn } from '../aws/aws-partition';
import { validateRegion } from '../aws/regions';
import { validateClusterName } from '../aws/cluster-name';

/** ExecCredential version `aws eks get-token` prints. */
const EXEC_API_VERSION = 'client.authentication.k8s.io/v1beta1';

/** How the providers authenticate to the cluster. */
export enum ClusterAuthMode {
  /** Run `aws eks get-token` whenever a token is needed. */
  EXEC = 'exec',
  /** Read a token once per run from `data "aws_eks_cluster_auth"`. */
  TOKEN = 'token',
}

/** Options for `ClusterAuth.exec`. */
export interface ExecClusterAuthOptions {
  /**
   * IAM role to assume for the token (`--role-arn`), e.g. the role that has the cluster access entry.
   * @default - the caller's credentials
   */
  readonly roleArn?: string;
  /**
   * AWS CLI profile (`--profile`).
   * @default - the default credential chain
   */
  readonly profile?: string;
  /**
   * Command to run; must be the AWS CLI (v2, or v1 1.24+).
   * @default 'aws'
   */
  readonly command?: string;
}

/** How the helm and kubernetes providers get a token for the cluster. */
export class ClusterAuth {
  /**
   * `aws eks get-token --cluster-name <name> --region <region> --output json` run by the providers
   * (API version `client.authentication.k8s.io/v1beta1`). Tokens are fresh for every call, so long
   * applies work. Needs the AWS CLI wherever Terraform runs. The default.
   */
  public static exec(options: ExecClusterAuthOptions = {}): ClusterAuth {
    return new ClusterAuth(ClusterAuthMode.EXEC, options);
  }

  /**
   * A token from `data "aws_eks_cluster_auth"`. No CLI needed, but the token expires 15 minutes
   * after it is read (at the start of plan), so a long apply, e.g. one that also creates node
   * groups, fails with `Unauthorized` half-way.
   */
  public static token(): ClusterAuth {
    return new ClusterAuth(ClusterAuthMode.TOKEN, {});
  }

  private constructor(
    /** Exec or token. */
    public readonly mode: ClusterAuthMode,
    /** Exec options (empty for token auth). */
    public readonly execOptions: ExecClusterAuthOptions,
  ) {}
}

/** The options of `ClusterProviders` that {@link planClusterProviders} resolves (its props without the AWS provider and dependencies). */
export interface ClusterProvidersOptions {
  /**
   * Name of the EKS cluster; a plain string. The cluster is looked up by name in this stack, so the
   * providers never hold a cross-stack reference (those fail in provider configuration,
   * hashicorp/terraform-cdk#2662 and #2235).
   */
  readonly clusterName: string;
  /** Region of the cluster, passed to `aws eks get-token`. */
  readonly region: string;
  /**
   * How the providers authenticate.
   * @default ClusterAuth.exec()
   */
  readonly auth?: ClusterAuth;
  /**
   * Create the helm provider (for `KarpenterController`). Set `false` in a stack without Helm
   * releases, so that `terraform init` does not install a provider the stack never uses.
   * @default true
   */
  readonly createHelmProvider?: boolean;
  /**
   * Create the kubernetes provider (for `Ec2NodeClass` and `KarpenterNodePool`). Set `false` in a
   * stack without Kubernetes resources, e.g. the controller stack.
   * @default true
   */
  readonly createKubernetesProvider?: boolean;
  /**
   * Alias of the helm provider; needed when a stack talks to more than one cluster.
   * @default - the default helm provider
   */
  readonly helmProviderAlias?: string;
  /**
   * Alias of the kubernetes provider.
   * @default - the default kubernetes provider
   */
  readonly kubernetesProviderAlias?: string;
}

/** Input of {@link planClusterProviders}: the props of `ClusterProviders` that decide what is built. */
export type ClusterProvidersPlanInput = ClusterProvidersOptions;

/** The resolved providers. */
export interface ClusterProvidersPlan {
  readonly authMode: ClusterAuthMode;
  /** The exec block of both providers; undefined in token mode. */
  readonly exec?: { readonly apiVersion: string; readonly command: string; readonly args: string[] };
  readonly createHelmProvider: boolean;
  readonly createKubernetesProvider: boolean;
  readonly issues: ValidationIssue[];
}

/** Props typed `ClusterAuth` take only the builder. */
export const CLUSTER_AUTH_BUILDER: BuilderKind<ClusterAuth> = {
  name: 'ClusterAuth',
  type: ClusterAuth,
  example: 'ClusterAuth.exec() or ClusterAuth.token()',
};

/** Resolves and checks the helm and kubernetes provider configuration of one cluster. */
export function planClusterProviders(input: ClusterProvidersPlanInput, ctx: ValidationContext = {}): ClusterProvidersPlan {
  const issues = new IssueCollector(ctx);
  const typeIssues: ValidationIssue[] = [];
  const auth = builderValue(CLUSTER_AUTH_BUILDER, input.auth, 'auth', typeIssues) ?? ClusterAuth.exec();
  issues.add(typeIssues);
  const createHelm = input.createHelmProvider ?? true;
  const createKubernetes = input.createKubernetesProvider ?? true;
  validateClusterName(
    issues,
    'clusterName',
    input.clusterName,
    'the cluster is looked up by name so that provider configuration never holds a cross-stack reference, hashicorp/terraform-cdk#2662',
  );
  validateRegion(issues, 'region', input.region);
  const roleArn = auth.execOptions.roleArn;
  if (roleArn !== undefined) validateRoleArn(issues, 'auth.roleArn', roleArn);
  const providers = [
    ['helmProviderAlias', input.helmProviderAlias, 'createHelmProvider', createHelm],
    ['kubernetesProviderAlias', input.kubernetesProviderAlias, 'createKubernetesProvider', createKubernetes],
  ] as const;
  for (const [field, alias, createField, create] of providers) {
    if (alias === undefined) continue;
    if (!create) {
      issues.error(field, 'AliasWithoutProvider', `is '${alias}' but ${createField} is false, so no provider gets it; remove one of them`);
    } else if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(alias)) {
      issues.error(
        field,
        'InvalidProviderAlias',
        `must be a Terraform identifier (letters, digits, '_' or '-', starting with a letter); got '${alias}'`,
      );
    }
  }
  if (!createHelm && !createKubernetes) {
    issues.error(
      'createHelmProvider',
      'NoProviderToCreate',
      'createHelmProvider and createKubernetesProvider are both false, so this construct creates nothing; keep at least one, or remove the construct',
    );
  }

  let exec: ClusterProvidersPlan['exec'];
  if (auth.mode === ClusterAuthMode.EXEC) {
    const o = auth.execOptions;
    const args = ['eks', 'get-token', '--cluster-name', input.clusterName, '--region', input.region, '--output', 'json'];
    if (o.roleArn !== undefined) args.push('--role-arn', o.roleArn);
    if (o.profile !== undefined) args.push('--profile', o.profile);
    // No `env` option: cdktf snake-cases the keys of maps in provider config (AWS_PROFILE -> aws_profile).
    exec = { apiVersion: EXEC_API_VERSION, command: o.command ?? 'aws', args };
  }
  return { authMode: auth.mode, exec, createHelmProvider: createHelm, createKubernetesProvider: createKubernetes, issues: issues.issues };
}
