import { DataAwsEksCluster } from '@cdktf/provider-aws/lib/data-aws-eks-cluster';
import { DataAwsEksClusterAuth } from '@cdktf/provider-aws/lib/data-aws-eks-cluster-auth';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Fn, ITerraformDependable, TerraformProvider, Token } from 'cdktf';
import { Construct } from 'constructs';
import { CLUSTER_NAME_MAX_LENGTH, CLUSTER_NAME_PATTERN } from '../core/aws/cluster-name';
import { failValidation, IssueCollector } from '../core/issues';
import { constructContext, reportIssues } from '../private/report';

/** ExecCredential version `aws eks get-token` prints. */
const EXEC_API_VERSION = 'client.authentication.k8s.io/v1beta1';
const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

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

/** Properties of `ClusterProviders`. */
export interface ClusterProvidersProps {
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
    const auth = props.auth ?? ClusterAuth.exec();
    const createHelm = props.createHelmProvider ?? true;
    const createKubernetes = props.createKubernetesProvider ?? true;
    this.validate(props, auth, createHelm, createKubernetes);
    this.clusterName = props.clusterName;

    const cluster = new DataAwsEksCluster(this, 'Cluster', {
      name: props.clusterName,
      provider: props.awsProvider,
      dependsOn: props.dependsOn,
    });
    this.clusterEndpoint = cluster.endpoint;
    this.clusterCertificateAuthorityData = cluster.certificateAuthority.get(0).data;
    const clusterCaCertificate = Fn.base64decode(this.clusterCertificateAuthorityData);

    let token: string | undefined;
    let exec: { apiVersion: string; command: string; args: string[] } | undefined;
    if (auth.mode === ClusterAuthMode.TOKEN) {
      token = new DataAwsEksClusterAuth(this, 'Auth', {
        name: props.clusterName,
        provider: props.awsProvider,
        dependsOn: props.dependsOn,
      }).token;
    } else {
      const o = auth.execOptions;
      const args = ['eks', 'get-token', '--cluster-name', props.clusterName, '--region', props.region, '--output', 'json'];
      if (o.roleArn !== undefined) args.push('--role-arn', o.roleArn);
      if (o.profile !== undefined) args.push('--profile', o.profile);
      // No `env` option: cdktf snake-cases the keys of maps in provider config (AWS_PROFILE -> aws_profile).
      exec = { apiVersion: EXEC_API_VERSION, command: o.command ?? 'aws', args };
    }

    if (createHelm) {
      this.helm = new HelmProvider(this, 'HelmProvider', {
        alias: props.helmProviderAlias,
        kubernetes: { host: this.clusterEndpoint, clusterCaCertificate, token, exec },
      });
    }
    if (createKubernetes) {
      this.kubernetes = new KubernetesProvider(this, 'KubernetesProvider', {
        alias: props.kubernetesProviderAlias,
        host: this.clusterEndpoint,
        clusterCaCertificate,
        token,
        exec: exec ? [exec] : undefined,
      });
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

  private validate(props: ClusterProvidersProps, auth: ClusterAuth, createHelm: boolean, createKubernetes: boolean): void {
    const issues = new IssueCollector(constructContext());
    const name = props.clusterName;
    if (Token.isUnresolved(name)) {
      issues.error(
        'clusterName',
        'ClusterNameIsToken',
        'must be a plain string known at synth, not a Terraform reference: the cluster is looked up by name so that provider ' +
          'configuration never holds a cross-stack reference (hashicorp/terraform-cdk#2662); pass the name you gave the cluster',
      );
    } else if (name.length > CLUSTER_NAME_MAX_LENGTH || !CLUSTER_NAME_PATTERN.test(name)) {
      issues.error(
        'clusterName',
        'InvalidClusterName',
        `must be an EKS cluster name (1-100 letters, digits, '-' or '_', starting with a letter or digit); got '${name}'`,
      );
    }
    if (!issues.isUnresolved(props.region) && !AWS_REGION.test(props.region)) {
      issues.error('region', 'InvalidRegion', `must be an AWS region code such as 'eu-west-1'; got '${props.region}'`);
    }
    const roleArn = auth.execOptions.roleArn;
    if (roleArn !== undefined && !issues.isUnresolved(roleArn) && !/^arn:aws[a-z-]*:iam::\d{12}:role\/.+$/.test(roleArn)) {
      issues.error('auth.roleArn', 'InvalidRoleArn', `must be an IAM role ARN such as 'arn:aws:iam::123456789012:role/EksAdmin'; got '${roleArn}'`);
    }
    const providers = [
      ['helmProviderAlias', props.helmProviderAlias, 'createHelmProvider', createHelm],
      ['kubernetesProviderAlias', props.kubernetesProviderAlias, 'createKubernetesProvider', createKubernetes],
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
    reportIssues(this, issues.issues);
  }
}
