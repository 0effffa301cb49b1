import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Release } from '@cdktf/provider-helm/lib/release';
import { Testing } from 'cdktf';
import { ControllerPlacement, DnsPolicy, LogLevel } from '../../lib/core/controller/controller-settings';
import { KarpenterRegistry, KarpenterVersion } from '../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';
import { KarpenterController, KarpenterControllerProps } from '../../lib/controller/karpenter-controller';
import { planKarpenterController } from '../../lib/core/controller/karpenter-controller-plan';
import { KarpenterAws } from '../../lib/aws/karpenter-aws';
import { ControllerIdentity } from '../../lib/core/aws/controller-identity';
import { FAKE_CLUSTER } from '../fixtures/cluster';
import { newStack, resourceAt, resourceBlocksOf, resourcesOf, Synthesizable, synthOf } from '../util/stacks';
import { KARPENTER_ATTRIBUTES as KARPENTER, karpenterAttributes as attrs } from '../util/karpenter-attributes';
import { synthErrorLines } from '../private/at-synth';
import { warningsOf } from '../util/warnings';

const NO_QUEUE = attrs({ interruptionQueueName: undefined });

interface Synthed {
  /** Terraform address of each release, by release name. */
  readonly address: { [name: string]: string };
  readonly crd: { [key: string]: any };
  readonly main: { [key: string]: any };
}

function synthReleases(stack: Synthesizable): Synthed {
  const releases = synthOf(stack).helmReleases();
  const address = Object.fromEntries(releases.map((r) => [r.releaseName, r.address]));
  const find = (name: string) => releases.find((r) => r.releaseName === name)!.attributes;
  return { address, crd: find('karpenter-crd'), main: find('karpenter') };
}

function valuesOf(release: { [key: string]: any }): any {
  expect(release.values).toHaveLength(1);
  return JSON.parse(release.values[0]);
}

describe('KarpenterController', () => {
  test('should install the CRD chart, then the controller chart with the CRD release owning the CRDs', () => {
    // GIVEN
    const stack = newStack();
    // WHEN
    new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER });
    // THEN
    const { crd, main: mainRelease, address } = synthReleases(stack);
    expect(address).toEqual({
      'karpenter-crd': expect.stringMatching(/^helm_release\.Karpenter_Crds_/),
      karpenter: expect.stringMatching(/^helm_release\.Karpenter_/),
    });
    const common = {
      repository: KARPENTER_RELEASE.chartRepository,
      version: KARPENTER_RELEASE.chartVersion,
      namespace: 'kube-system',
      atomic: true,
      wait: true,
      cleanup_on_fail: true,
      timeout: 600,
      max_history: 10,
    };
    expect(crd).toEqual({ ...common, name: 'karpenter-crd', chart: 'karpenter-crd', create_namespace: false });
    const { values, ...main } = mainRelease;
    expect(main).toEqual({
      ...common,
      name: 'karpenter',
      chart: 'karpenter',
      skip_crds: true,
      depends_on: [address['karpenter-crd']],
    });
    expect(values).toHaveLength(1);
  });

  // What the values hold: test/core/controller/helm-values.test.ts ('should render the exact default values').
  test('should pass the values built by the core, with the pinned image', () => {
    const stack = newStack();
    new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER });
    expect(valuesOf(synthReleases(stack).main)).toEqual(planKarpenterController({ karpenter: KARPENTER }).values);
  });

  test('should keep references to the queue name and role ARN as Terraform interpolations in the values', () => {
    const stack = newStack();
    const queue = new SqsQueue(stack, 'Queue', { name: 'Karpenter-demo' });
    const role = new IamRole(stack, 'Role', { assumeRolePolicy: '{}' });
    new KarpenterController(stack, 'Karpenter', {
      karpenter: attrs({ interruptionQueueName: queue.name, identityType: 'irsa', controllerRoleArn: role.arn }),
    });
    const raw: string = synthReleases(stack).main.values[0];
    expect(raw).toContain('"interruptionQueue": "${aws_sqs_queue.Queue.name}"');
    expect(raw).toContain('"eks.amazonaws.com/role-arn": "${aws_iam_role.Role.arn}"');
  });

  test('should escape template sequences in literal values so Terraform does not interpolate them', () => {
    const stack = newStack();
    new KarpenterController(stack, 'Karpenter', {
      karpenter: NO_QUEUE,
      interruptionHandling: false,
      additionalValues: { podAnnotations: { note: 'cost ${team} %{if x}' } },
    });
    expect(synthReleases(stack).main.values[0]).toContain('"note": "cost $${team} %%{if x}"');
  });

  test('should escape values the same way as IAM policies: sequences already escaped stay as given', () => {
    const stack = newStack();
    new KarpenterController(stack, 'Karpenter', {
      karpenter: NO_QUEUE,
      interruptionHandling: false,
      additionalValues: { podAnnotations: { note: 'cost $${team}' } },
    });
    expect(synthReleases(stack).main.values[0]).toContain('"note": "cost $${team}"');
  });

  test('should escape template sequences next to a reference and keep the reference', () => {
    const stack = newStack();
    const queue = new SqsQueue(stack, 'Queue', { name: 'Karpenter-demo' });
    new KarpenterController(stack, 'Karpenter', {
      karpenter: attrs({ interruptionQueueName: queue.name }),
      additionalValues: { podAnnotations: { note: `cost \${team} %{if x} for ${queue.name}` } },
    });
    expect(synthReleases(stack).main.values[0]).toContain('"note": "cost $${team} %%{if x} for ${aws_sqs_queue.Queue.name}"');
  });

  test('should use the given helm provider for both releases, and wait for dependencies before the CRDs', () => {
    const stack = newStack();
    const helm = new HelmProvider(stack, 'Helm', { alias: 'demo' });
    const queue = new SqsQueue(stack, 'Queue', { name: 'Karpenter-demo' });
    new KarpenterController(stack, 'Karpenter', { karpenter: attrs({ interruptionQueueName: queue.name }), helmProvider: helm, dependsOn: [queue] });
    const { crd, main, address } = synthReleases(stack);
    expect(crd).toMatchObject({ provider: 'helm.demo', depends_on: ['aws_sqs_queue.Queue'] });
    expect(main).toMatchObject({ provider: 'helm.demo', depends_on: [address['karpenter-crd']] });
  });

  test('should install both charts from a private mirror with credentials and without the digest', () => {
    const stack = newStack();
    new KarpenterController(stack, 'Karpenter', {
      karpenter: attrs({ interruptionQueueName: 'q' }),
      registry: KarpenterRegistry.custom({
        chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
        imageRepository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
        repositoryUsername: 'AWS',
        repositoryPassword: '${data.aws_ecr_authorization_token.t.password}',
        keepImageDigest: false,
      }),
    });
    const { crd, main } = synthReleases(stack);
    for (const r of [crd, main]) {
      expect(r).toMatchObject({
        repository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
        repository_username: 'AWS',
        repository_password: '${data.aws_ecr_authorization_token.t.password}',
      });
    }
    expect(valuesOf(main).controller.image).toEqual({
      repository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
      tag: '1.14.1',
      digest: '',
    });
  });

  test('should install another version in the namespace and service account of the identity', () => {
    const stack = newStack();
    const c = new KarpenterController(stack, 'Karpenter', {
      karpenter: attrs({ interruptionQueueName: 'q', controllerNamespace: 'karpenter', controllerServiceAccount: 'karpenter-ctl' }),
      kubernetesProvider: new KubernetesProvider(stack, 'K8s', {}),
      version: KarpenterVersion.of('1.13.1'),
      timeoutSeconds: 900,
      maxHistory: 3,
      adoptExistingCrds: true,
    });
    const { crd, main } = synthReleases(stack);
    expect(crd).toMatchObject({
      version: '1.13.1',
      namespace: 'karpenter',
      create_namespace: true,
      take_ownership: true,
      timeout: 900,
      max_history: 3,
    });
    expect(main).toMatchObject({ version: '1.13.1', namespace: 'karpenter', timeout: 900, max_history: 3 });
    expect(main.create_namespace).toBeUndefined();
    expect(valuesOf(main).controller.image).toEqual({ repository: 'public.ecr.aws/karpenter/controller', tag: '1.13.1' });
    expect(valuesOf(main).serviceAccount).toEqual({ name: 'karpenter-ctl', annotations: {} });
    expect([c.namespace, c.serviceAccount, c.version.chartVersion]).toEqual(['karpenter', 'karpenter-ctl', '1.13.1']);
  });

  describe('outside kube-system', () => {
    const custom = attrs({ controllerNamespace: 'karpenter', controllerServiceAccount: 'karpenter-ctl' });

    test("should create the guide's two FlowSchemas for the service account, before the controller", () => {
      const stack = newStack();
      const k8s = new KubernetesProvider(stack, 'K8s', { alias: 'demo' });
      const c = new KarpenterController(stack, 'Karpenter', { karpenter: custom, kubernetesProvider: k8s });
      const manifests = resourceBlocksOf(stack, 'kubernetes_manifest');
      expect(Object.values(manifests).map((m) => [m.provider, m.manifest.metadata.name, m.manifest.spec.priorityLevelConfiguration.name])).toEqual([
        ['kubernetes.demo', 'karpenter-leader-election', 'leader-election'],
        ['kubernetes.demo', 'karpenter-workload', 'workload-high'],
      ]);
      const leader = Object.values(manifests)[0].manifest;
      expect(leader).toEqual({
        apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
        kind: 'FlowSchema',
        metadata: { name: 'karpenter-leader-election' },
        spec: {
          distinguisherMethod: { type: 'ByUser' },
          matchingPrecedence: 200,
          priorityLevelConfiguration: { name: 'leader-election' },
          rules: [
            {
              resourceRules: [{ apiGroups: ['coordination.k8s.io'], namespaces: ['*'], resources: ['leases'], verbs: ['get', 'create', 'update'] }],
              subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: 'karpenter-ctl', namespace: 'karpenter' } }],
            },
          ],
        },
      });
      expect(Object.values(manifests)[1].manifest.spec).toMatchObject({
        matchingPrecedence: 1000,
        rules: [{ nonResourceRules: [{ nonResourceURLs: ['*'], verbs: ['*'] }], subjects: leader.spec.rules[0].subjects }],
      });
      expect(c.flowSchemas).toHaveLength(2);
      const { main, address } = synthReleases(stack);
      expect(main.depends_on).toEqual([address['karpenter-crd'], ...Object.keys(manifests).map((id) => `kubernetes_manifest.${id}`)]);
    });

    test('fails synth, saying why, when there is no kubernetes provider for the FlowSchemas', () => {
      expect(synthErrorLines(() => new KarpenterController(newStack(), 'Karpenter', { karpenter: custom }))).toEqual([
        expect.stringMatching(
          new RegExp(
            "^\\[test/Karpenter\\] kubernetesProvider: karpenter\\.controllerNamespace is 'karpenter', not " +
              'kube-system, so the controller needs the karpenter-leader-election and karpenter-workload ' +
              'FlowSchemas .*throttles its leader election.*Pass kubernetesProvider .* ' +
              '\\(FlowSchemasNeedKubernetesProvider\\)$',
          ),
        ),
      ]);
    });

    test('should create no FlowSchema and need no kubernetes provider in kube-system', () => {
      const stack = newStack();
      const c = new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER });
      expect(c.flowSchemas).toEqual([]);
      expect(resourcesOf(stack, 'kubernetes_manifest')).toEqual([]);
    });
  });

  test('should expose both releases so other constructs can depend on them', () => {
    const stack = newStack();
    const c = new KarpenterController(stack, 'Karpenter', { karpenter: NO_QUEUE, interruptionHandling: false });
    expect(c.release).toBeInstanceOf(Release);
    expect(c.crdRelease).toBeInstanceOf(Release);
    expect(c.release.node.id).toBe('Resource');
    expect(c.crdRelease.node.id).toBe('Crds');
    new SqsQueue(stack, 'Dependent', { name: 'after-karpenter', dependsOn: [c.release] });
    const synth = synthOf(stack);
    expect(resourceAt(stack, 'Dependent').attributes.depends_on).toEqual([synthReleases(synth).address.karpenter]);
  });

  test('fails synth when input is invalid, listing every problem with the construct path', () => {
    const stack = newStack();
    expect(
      synthErrorLines(
        () =>
          new KarpenterController(stack, 'Karpenter', {
            karpenter: attrs({ interruptionQueueName: 'arn:aws:sqs:eu-west-1:123456789012:Karpenter-demo', controllerNamespace: 'Kube_System' }),
            replicas: 0,
            registry: KarpenterRegistry.custom({ chartRepository: 'https://charts.example.com', imageRepository: 'r.example.com/c' }),
            additionalValues: { settings: { clusterName: 'other' } },
          }),
      ),
    ).toEqual(
      [
        '\\[test/Karpenter\\] registry\\.chartRepository: must be an OCI repository URL .* \\(InvalidChartRepository\\)',
        '\\[test/Karpenter\\] karpenter\\.interruptionQueueName: settings\\.interruptionQueue takes ' +
          "the queue name, not its ARN; .*use 'Karpenter-demo' \\(InterruptionQueueIsArn\\)",
        "\\[test/Karpenter\\] karpenter\\.controllerNamespace: 'Kube_System' is not a valid Kubernetes namespace.* \\(InvalidNamespace\\)",
        '\\[test/Karpenter\\] replicas: must be a whole number, at least 1; got 0 \\(InvalidReplicas\\)',
        '\\[test/Karpenter\\] additionalValues\\.settings\\.clusterName: .* \\(AdditionalValuesConflict\\)',
      ].map((line) => expect.stringMatching(new RegExp(`^${line}$`))),
    );
  });

  // The messages are the plan's (test/core/controller/karpenter-controller-plan.test.ts); these check they reach the construct.
  test('should turn warnings into annotations, unless silenced', () => {
    const stack = newStack();
    const warned = new KarpenterController(stack, 'Warned', { karpenter: NO_QUEUE, replicas: 1 });
    const silenced = new KarpenterController(stack, 'Silenced', {
      karpenter: NO_QUEUE,
      replicas: 1,
      silenceWarnings: ['InterruptionHandlingDisabled', 'SingleControllerReplica'],
    });
    expect(warningsOf(warned)).toEqual([
      expect.stringMatching(/^karpenter\.interruptionQueueName: .* \(InterruptionHandlingDisabled\)$/),
      expect.stringMatching(/^replicas: .* \(SingleControllerReplica\)$/),
    ]);
    expect(warningsOf(silenced)).toEqual([]);
  });

  test('should warn for the known-bad 1.8.4 but still install it', () => {
    const stack = newStack();
    const c = new KarpenterController(stack, 'Karpenter', {
      karpenter: NO_QUEUE,
      interruptionHandling: false,
      version: KarpenterVersion.of('1.8.4'),
    });
    expect(warningsOf(c)).toEqual([expect.stringMatching(/^version: .* \(KnownBadKarpenterVersion\)$/)]);
    expect(synthReleases(stack).main.version).toBe('1.8.4');
  });

  test('should match the snapshot of the defaults', () => {
    const stack = newStack();
    new KarpenterController(stack, 'Karpenter', { karpenter: KARPENTER });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('should match the snapshot of every option', () => {
    const stack = newStack();
    const helm = new HelmProvider(stack, 'Helm', { alias: 'demo' });
    const queue = new SqsQueue(stack, 'Queue', { name: 'Karpenter-demo' });
    const props: Required<KarpenterControllerProps> = {
      karpenter: attrs({ interruptionQueueName: queue.name, controllerNamespace: 'karpenter', identityType: 'irsa' }),
      interruptionHandling: true,
      clusterEndpoint: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
      featureGates: { nodeRepair: true, spotToSpotConsolidation: true },
      enableZonalShift: true,
      isolatedVpc: false,
      replicas: 3,
      resources: { requests: { cpu: '500m', memory: '768Mi' }, limits: { cpu: '1', memory: '768Mi' } },
      dnsPolicy: DnsPolicy.DEFAULT,
      logLevel: LogLevel.DEBUG,
      placement: ControllerPlacement.controllerNodes({ key: 'node-role/karpenter', value: 'yes' }),
      podDisruptionBudgetMaxUnavailable: 1,
      version: KarpenterVersion.of('1.14.1'),
      registry: KarpenterRegistry.custom({
        chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
        imageRepository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
        repositoryUsername: 'AWS',
        repositoryPassword: 'secret',
        keepImageDigest: true,
      }),
      additionalValues: { settings: { batchMaxDuration: '15s' } },
      createNamespace: true,
      helmProvider: helm,
      kubernetesProvider: new KubernetesProvider(stack, 'K8s', { alias: 'demo' }),
      dependsOn: [queue],
      timeoutSeconds: 900,
      maxHistory: 5,
      adoptExistingCrds: true,
      silenceWarnings: [],
    };
    const c = new KarpenterController(stack, 'Karpenter', props);
    expect(warningsOf(c)).toEqual([]);
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});

describe('KarpenterController with KarpenterAws.attributes', () => {
  const OIDC_PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789';
  const cases = [];
  for (const kind of ['podIdentity', 'irsa'] as const) {
    for (const namespace of [undefined, 'karpenter']) {
      for (const serviceAccount of [undefined, 'karpenter-ctl']) {
        for (const enableSpotTermination of [true, false]) cases.push({ kind, namespace, serviceAccount, enableSpotTermination });
      }
    }
  }

  test.each(cases)('the release agrees with the identity: %o', ({ kind, namespace, serviceAccount, enableSpotTermination }) => {
    const stack = newStack();
    const identity =
      kind === 'irsa'
        ? ControllerIdentity.irsa({ oidcProviderArn: OIDC_PROVIDER_ARN, namespace, serviceAccount })
        : ControllerIdentity.podIdentity({ namespace, serviceAccount });
    const aws = new KarpenterAws(stack, 'Aws', { cluster: FAKE_CLUSTER, identity, enableSpotTermination });
    new KarpenterController(stack, 'Karpenter', {
      karpenter: aws.attributes,
      interruptionHandling: enableSpotTermination ? undefined : false,
      kubernetesProvider: new KubernetesProvider(stack, 'K8s', {}),
    });
    const synth = synthOf(stack);
    const { crd, main } = synthReleases(synth);
    const values = valuesOf(main);
    const ns = namespace ?? 'kube-system';
    const sa = serviceAccount ?? 'karpenter';

    expect([crd.namespace, main.namespace, crd.create_namespace]).toEqual([ns, ns, ns !== 'kube-system']);
    expect(values.serviceAccount.name).toBe(sa);
    expect(values.settings.clusterName).toBe('demo');
    expect(values.settings.interruptionQueue).toBe(enableSpotTermination ? 'Karpenter-demo' : undefined);
    if (kind === 'irsa') {
      const role = resourceAt(stack, 'Aws/ControllerRole/Resource');
      expect(values.serviceAccount.annotations).toEqual({ 'eks.amazonaws.com/role-arn': `\${${role.address}.arn}` });
      const trust = JSON.parse(role.attributes.assume_role_policy);
      expect(Object.values(trust.Statement[0].Condition.StringEquals)).toContain(`system:serviceaccount:${ns}:${sa}`);
    } else {
      expect(values.serviceAccount.annotations).toEqual({});
      expect(resourcesOf(synth, 'aws_eks_pod_identity_association')).toEqual([expect.objectContaining({ namespace: ns, service_account: sa })]);
    }
    const flowSchemas = Object.values(resourceBlocksOf(synth, 'kubernetes_manifest'));
    expect(flowSchemas.map((m) => m.manifest.spec.rules[0].subjects[0].serviceAccount)).toEqual(
      ns === 'kube-system'
        ? []
        : [
            { name: sa, namespace: ns },
            { name: sa, namespace: ns },
          ],
    );
  });
});
