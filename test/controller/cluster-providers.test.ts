import { DataAwsRegion } from '@cdktf/provider-aws/lib/data-aws-region';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { Testing } from 'cdktf';
import { ClusterAuth } from '../../lib/core/controller/cluster-providers-plan';
import { ClusterProviders, ClusterProvidersProps } from '../../lib/controller/cluster-providers';
import { KarpenterController } from '../../lib/controller/karpenter-controller';
import { karpenterAttributes } from '../util/karpenter-attributes';
import { dataAddress, jsonOf, newStack, resourcesOf, synthOf } from '../util/stacks';
import { atSynth, synthErrorLines } from '../private/at-synth';

const EXEC_ARGS = ['eks', 'get-token', '--cluster-name', 'demo', '--region', 'eu-west-1', '--output', 'json'];

/** The AWS side without an interruption queue. */
const KARPENTER = karpenterAttributes({ interruptionQueueName: undefined });

describe('ClusterProviders', () => {
  test('should look the cluster up by name and configure both providers from it, with exec auth by default', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1' });
    // THEN
    const synthed = jsonOf(stack);
    const cluster = dataAddress(stack, 'aws_eks_cluster');
    expect(Object.values(synthed.data.aws_eks_cluster)).toEqual([{ name: 'demo' }]);
    const connection = {
      host: `\${${cluster}.endpoint}`,
      cluster_ca_certificate: `\${base64decode(${cluster}.certificate_authority[0].data)}`,
    };
    const exec = { api_version: 'client.authentication.k8s.io/v1beta1', command: 'aws', args: EXEC_ARGS };
    expect(synthed.provider.helm).toEqual([{ kubernetes: { ...connection, exec } }]);
    expect(synthed.provider.kubernetes).toEqual([{ ...connection, exec: [exec] }]);
    expect(synthed.data.aws_eks_cluster_auth).toBeUndefined();
    expect(synthed.terraform.remote_state).toBeUndefined();
    expect(JSON.stringify(synthed)).not.toContain('terraform_remote_state');
  });

  test('should add the role and profile to the exec args', () => {
    const stack = newStack();
    new ClusterProviders(stack, 'Providers', {
      clusterName: 'demo',
      region: 'eu-west-1',
      auth: ClusterAuth.exec({ roleArn: 'arn:aws:iam::123456789012:role/EksAdmin', profile: 'prod', command: '/usr/local/bin/aws' }),
    });
    const helmExec = jsonOf(stack).provider.helm[0].kubernetes.exec;
    expect(helmExec).toEqual({
      api_version: 'client.authentication.k8s.io/v1beta1',
      command: '/usr/local/bin/aws',
      args: [...EXEC_ARGS, '--role-arn', 'arn:aws:iam::123456789012:role/EksAdmin', '--profile', 'prod'],
    });
  });

  test('should use a token from aws_eks_cluster_auth in token mode', () => {
    const stack = newStack();
    new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1', auth: ClusterAuth.token() });
    const synthed = jsonOf(stack);
    const auth = dataAddress(stack, 'aws_eks_cluster_auth');
    expect(Object.values(synthed.data.aws_eks_cluster_auth)).toEqual([{ name: 'demo' }]);
    expect(synthed.provider.helm[0].kubernetes.token).toBe(`\${${auth}.token}`);
    expect(synthed.provider.helm[0].kubernetes.exec).toBeUndefined();
    expect(synthed.provider.kubernetes[0].token).toBe(`\${${auth}.token}`);
    expect(synthed.provider.kubernetes[0].exec).toBeUndefined();
  });

  test('should set aliases, the aws provider and dependencies of the data sources', () => {
    const stack = newStack();
    const aws = new AwsProvider(stack, 'Aws', { region: 'eu-west-1', alias: 'eu' });
    const dep = new SqsQueue(stack, 'Dep', { name: 'dep' });
    new ClusterProviders(stack, 'Providers', {
      clusterName: 'demo',
      region: 'eu-west-1',
      auth: ClusterAuth.token(),
      awsProvider: aws,
      dependsOn: [dep],
      helmProviderAlias: 'demo',
      kubernetesProviderAlias: 'demo_k8s',
    });
    const synthed = jsonOf(stack);
    for (const type of ['aws_eks_cluster', 'aws_eks_cluster_auth']) {
      expect(Object.values(synthed.data[type])).toEqual([{ name: 'demo', provider: 'aws.eu', depends_on: ['aws_sqs_queue.Dep'] }]);
    }
    expect(synthed.provider.helm[0].alias).toBe('demo');
    expect(synthed.provider.kubernetes[0].alias).toBe('demo_k8s');
  });

  test('should expose providers and endpoint that reference the data source in the same stack', () => {
    const stack = newStack();
    const providers = new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1', helmProviderAlias: 'demo' });
    new KarpenterController(stack, 'Karpenter', {
      karpenter: { ...KARPENTER, clusterName: providers.clusterName },
      interruptionHandling: false,
      helmProvider: providers.helmProvider,
      clusterEndpoint: providers.clusterEndpoint,
    });
    const synth = synthOf(stack);
    const cluster = dataAddress(stack, 'aws_eks_cluster');
    for (const release of resourcesOf(synth, 'helm_release')) expect(release.provider).toBe('helm.demo');
    const main = resourcesOf(synth, 'helm_release').find((r) => r.name === 'karpenter')!;
    expect(JSON.parse(main.values[0]).settings.clusterEndpoint).toBe(`\${${cluster}.endpoint}`);
  });

  test('should create only the helm provider when the stack has no Kubernetes resources', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    const providers = new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1', createKubernetesProvider: false });
    new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER, interruptionHandling: false, helmProvider: providers.helmProvider });
    // THEN
    const synthed = jsonOf(stack);
    expect(Object.keys(synthed.provider)).toEqual(['helm']);
    expect(synthed.terraform.required_providers).not.toHaveProperty('kubernetes');
    expect(() => providers.kubernetesProvider).toThrow(
      new RegExp(
        '\\[test/Providers\\] createKubernetesProvider: is false, so there is no kubernetes provider to use; ' +
          'remove createKubernetesProvider: false.* \\(ProviderNotCreated\\)',
      ),
    );
  });

  test('should create only the kubernetes provider when the stack has no Helm releases', () => {
    const stack = newStack();
    const providers = new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1', createHelmProvider: false });
    const synthed = jsonOf(stack);
    expect(Object.keys(synthed.provider)).toEqual(['kubernetes']);
    expect(synthed.terraform.required_providers).not.toHaveProperty('helm');
    expect(synthed.provider.kubernetes[0].exec[0].args).toEqual(EXEC_ARGS);
    expect(providers.kubernetesProvider.node.id).toBe('KubernetesProvider');
    expect(() => providers.helmProvider).toThrow(
      /\[test\/Providers\] createHelmProvider: is false, so there is no helm provider to use.* \(ProviderNotCreated\)/,
    );
  });

  test('fails synth when the cluster name is a token, to avoid cross-stack references in provider config', () => {
    const stack = newStack();
    const queue = new SqsQueue(stack, 'Queue', { name: 'x' });
    expect(atSynth(() => new ClusterProviders(stack, 'Providers', { clusterName: queue.name, region: 'eu-west-1' }))).toThrow(
      new RegExp(
        '\\[test/Providers\\] clusterName: cluster name must be a plain string known at synth \\(the cluster is ' +
          'looked up by name .*terraform-cdk#2662\\).* \\(ClusterNameIsToken\\)',
      ),
    );
  });

  // The messages are the plan's (test/core/controller/cluster-providers-plan.test.ts); this checks they fail synth under the path.
  test('fails synth with every invalid input at once', () => {
    const stack = newStack();
    const props: ClusterProvidersProps = {
      clusterName: 'my cluster',
      region: 'Ireland',
      auth: ClusterAuth.exec({ roleArn: 'EksAdmin' }),
      helmProviderAlias: 'helm.demo',
    };
    expect(synthErrorLines(() => new ClusterProviders(stack, 'Providers', props))).toEqual(
      [
        "\\[test/Providers\\] clusterName: cluster name 'my cluster' is invalid; EKS requires .* \\(InvalidClusterName\\)",
        "\\[test/Providers\\] region: must be an AWS region code such as 'eu-west-1'; got 'Ireland', which is no region .* \\(InvalidRegion\\)",
        "\\[test/Providers\\] auth\\.roleArn: must be an IAM role ARN .*got 'EksAdmin' \\(InvalidRoleArn\\)",
        "\\[test/Providers\\] helmProviderAlias: must be a Terraform identifier .*got 'helm\\.demo' \\(InvalidProviderAlias\\)",
      ].map((line) => expect.stringMatching(new RegExp(`^${line}$`))),
    );
  });

  test('should accept a region token and GovCloud/China regions', () => {
    const stack = newStack();
    const region = new DataAwsRegion(stack, 'Region');
    expect(
      synthErrorLines(
        () => new ClusterProviders(stack, 'A', { clusterName: 'demo', region: region.name, helmProviderAlias: 'a', kubernetesProviderAlias: 'a' }),
      ),
    ).toEqual([]);
    expect(
      synthErrorLines(
        () =>
          new ClusterProviders(stack, 'B', { clusterName: 'demo', region: 'us-gov-west-1', helmProviderAlias: 'b', kubernetesProviderAlias: 'b' }),
      ),
    ).toEqual([]);
    expect(
      synthErrorLines(
        () =>
          new ClusterProviders(stack, 'C', { clusterName: 'demo', region: 'cn-northwest-1', helmProviderAlias: 'c', kubernetesProviderAlias: 'c' }),
      ),
    ).toEqual([]);
    const args = jsonOf(stack).provider.helm.find((p: any) => p.alias === 'a').kubernetes.exec.args;
    expect(args[5]).toBe('${data.aws_region.Region.name}');
  });

  test('should match the snapshot of the defaults', () => {
    const stack = newStack();
    new ClusterProviders(stack, 'Providers', { clusterName: 'demo', region: 'eu-west-1' });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the snapshot of every option', () => {
    const stack = newStack();
    const aws = new AwsProvider(stack, 'Aws', { region: 'eu-west-1', alias: 'eu' });
    const dep = new SqsQueue(stack, 'Dep', { name: 'dep' });
    const props: Required<ClusterProvidersProps> = {
      clusterName: 'demo',
      region: 'eu-west-1',
      auth: ClusterAuth.exec({ roleArn: 'arn:aws:iam::123456789012:role/EksAdmin', profile: 'prod', command: 'aws' }),
      awsProvider: aws,
      dependsOn: [dep],
      createHelmProvider: true,
      createKubernetesProvider: true,
      helmProviderAlias: 'demo',
      kubernetesProviderAlias: 'demo',
    };
    new ClusterProviders(stack, 'Providers', props);
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});
