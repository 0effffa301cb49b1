// buildKarpenterHelmValues: the values, image and registry, interruption handling; renderHelmValues and
// validateReleaseOptions. Its validation and additionalValues: helm-values-checks.test.ts.
import { buildKarpenterHelmValues, renderHelmValues, validateReleaseOptions } from '../../../lib/core/controller/helm-values';
import { ControllerPlacement, DnsPolicy, LogLevel } from '../../../lib/core/controller/controller-settings';
import { Severity } from '../../../lib/core/issues';
import { KarpenterRegistry, KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../../lib/core/controller/release';
import { karpenterAttributes as attrs } from '../../util/karpenter-attributes';
import { BASE, codes, ctx, NO_QUEUE, TOKEN } from './helm-values-fixtures';

describe('buildKarpenterHelmValues', () => {
  test('should render the exact default values', () => {
    const { values, issues } = buildKarpenterHelmValues(BASE);
    expect(issues).toEqual([]);
    expect(values).toEqual({
      settings: { clusterName: 'demo', interruptionQueue: 'Karpenter-demo' },
      serviceAccount: { name: 'karpenter', annotations: {} },
      replicas: 2,
      controller: {
        image: {
          repository: 'public.ecr.aws/karpenter/controller',
          tag: KARPENTER_RELEASE.imageTag,
          digest: KARPENTER_RELEASE.imageDigest,
        },
        resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } },
      },
      dnsPolicy: 'ClusterFirst',
      logLevel: 'info',
      nodeSelector: { 'kubernetes.io/os': 'linux', 'karpenter.sh/controller': 'true' },
      tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }],
          },
        },
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname' }] },
      },
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule' }],
      podDisruptionBudget: { name: 'karpenter', maxUnavailable: 1 },
      priorityClassName: 'system-cluster-critical',
    });
  });

  test('should render every typed option', () => {
    const { values, issues } = buildKarpenterHelmValues({
      karpenter: attrs({
        interruptionQueueName: 'q',
        controllerServiceAccount: 'karpenter-controller',
        identityType: 'irsa',
        controllerRoleArn: 'arn:aws:iam::123456789012:role/KarpenterController',
      }),
      clusterEndpoint: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
      featureGates: {
        nodeRepair: true,
        spotToSpotConsolidation: true,
        reservedCapacity: false,
        nodeOverlay: true,
        staticCapacity: true,
        capacityBuffer: true,
      },
      enableZonalShift: true,
      isolatedVpc: true,
      replicas: 3,
      resources: { requests: { cpu: '500m', memory: '512Mi' }, limits: { memory: '1Gi' } },
      dnsPolicy: DnsPolicy.DEFAULT,
      logLevel: LogLevel.DEBUG,
      placement: ControllerPlacement.controllerNodes({ key: 'role', value: 'karpenter' }),
      podDisruptionBudgetMaxUnavailable: 2,
    });
    expect(issues).toEqual([]);
    expect(values).toMatchObject({
      settings: {
        clusterName: 'demo',
        interruptionQueue: 'q',
        clusterEndpoint: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
        isolatedVPC: true,
        enableZonalShift: true,
        featureGates: {
          nodeRepair: true,
          spotToSpotConsolidation: true,
          reservedCapacity: false,
          nodeOverlay: true,
          staticCapacity: true,
          capacityBuffer: true,
        },
      },
      serviceAccount: {
        name: 'karpenter-controller',
        annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/KarpenterController' },
      },
      replicas: 3,
      dnsPolicy: 'Default',
      logLevel: 'debug',
      nodeSelector: { 'kubernetes.io/os': 'linux', role: 'karpenter' },
      podDisruptionBudget: { name: 'karpenter', maxUnavailable: 2 },
    });
    expect((values.controller as { resources: unknown }).resources).toEqual({
      requests: { cpu: '500m', memory: '512Mi' },
      limits: { memory: '1Gi' },
    });
  });

  test('should drop only the custom label for placement on any node Karpenter does not manage', () => {
    const { values } = buildKarpenterHelmValues({ ...BASE, placement: ControllerPlacement.anyNodeNotManagedByKarpenter() });
    expect(values.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' });
    expect(values.affinity).toMatchObject({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }],
        },
      },
    });
  });

  test('should keep token strings as they are', () => {
    const { values, issues } = buildKarpenterHelmValues(
      { karpenter: attrs({ interruptionQueueName: TOKEN, identityType: 'irsa', controllerRoleArn: TOKEN }) },
      ctx,
    );
    expect(issues).toEqual([]);
    expect(values.settings).toEqual({ clusterName: 'demo', interruptionQueue: TOKEN });
    expect(values.serviceAccount).toEqual({ name: 'karpenter', annotations: { 'eks.amazonaws.com/role-arn': TOKEN } });
  });

  describe('image and registry', () => {
    test('should use the mirror image and keep the pinned digest', () => {
      const registry = KarpenterRegistry.custom({
        chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
        imageRepository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
      });
      expect((buildKarpenterHelmValues({ ...BASE, registry }).values.controller as { image: unknown }).image).toEqual({
        repository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller',
        tag: KARPENTER_RELEASE.imageTag,
        digest: KARPENTER_RELEASE.imageDigest,
      });
    });

    test('should set an empty digest (overriding the chart default) when the mirror re-pushes images', () => {
      const registry = KarpenterRegistry.custom({
        chartRepository: 'oci://r.example.com/karpenter',
        imageRepository: 'r.example.com/karpenter/controller',
        keepImageDigest: false,
      });
      expect((buildKarpenterHelmValues({ ...BASE, registry }).values.controller as { image: unknown }).image).toEqual({
        repository: 'r.example.com/karpenter/controller',
        tag: '1.14.1',
        digest: '',
      });
    });

    test('should leave the digest to the chart for a version without a known digest', () => {
      const { values } = buildKarpenterHelmValues({ ...BASE, version: KarpenterVersion.of('1.13.1') });
      expect((values.controller as { image: unknown }).image).toEqual({ repository: 'public.ecr.aws/karpenter/controller', tag: '1.13.1' });
    });

    test('should report registry errors', () => {
      const registry = KarpenterRegistry.custom({ chartRepository: 'r.example.com/karpenter', imageRepository: 'r.example.com/c' });
      expect(codes(buildKarpenterHelmValues({ ...BASE, registry }).issues)).toEqual(['InvalidChartRepository']);
    });
  });

  describe('interruption handling', () => {
    test('should warn when no queue is given and handling is not turned off explicitly', () => {
      const { values, issues } = buildKarpenterHelmValues({ karpenter: NO_QUEUE });
      expect(values.settings).toEqual({ clusterName: 'demo' });
      expect(issues).toEqual([
        expect.objectContaining({
          severity: Severity.WARNING,
          code: 'InterruptionHandlingDisabled',
          field: 'karpenter.interruptionQueueName',
          message: expect.stringMatching(/set interruptionHandling: false/),
        }),
      ]);
    });

    test('should accept interruptionHandling: false without a queue, silently', () => {
      const { values, issues } = buildKarpenterHelmValues({ karpenter: NO_QUEUE, interruptionHandling: false });
      expect(issues).toEqual([]);
      expect(values.settings).toEqual({ clusterName: 'demo' });
    });

    test('should reject interruptionHandling: true without a queue', () => {
      expect(codes(buildKarpenterHelmValues({ karpenter: NO_QUEUE, interruptionHandling: true }).issues)).toEqual(['MissingInterruptionQueue']);
    });

    test('should reject a queue together with interruptionHandling: false', () => {
      expect(buildKarpenterHelmValues({ ...BASE, interruptionHandling: false }).issues[0].message).toMatch(
        /interruptionHandling is false but karpenter\.interruptionQueueName is 'Karpenter-demo'/,
      );
    });

    test('should reject a queue ARN and say which name to use', () => {
      const { issues } = buildKarpenterHelmValues({
        karpenter: attrs({ interruptionQueueName: 'arn:aws:sqs:eu-west-1:123456789012:Karpenter-demo' }),
      });
      expect(issues).toEqual([
        expect.objectContaining({
          severity: Severity.ERROR,
          code: 'InterruptionQueueIsArn',
          message: expect.stringMatching(/takes the queue name, not its ARN; .*use 'Karpenter-demo'/),
        }),
      ]);
    });

    test('should reject a queue URL and say which name to use', () => {
      const { issues } = buildKarpenterHelmValues({
        karpenter: attrs({ interruptionQueueName: 'https://sqs.eu-west-1.amazonaws.com/123456789012/Karpenter-demo' }),
      });
      expect(issues[0].message).toMatch(/not its URL; .*use 'Karpenter-demo'/);
    });

    test('should reject an invalid queue name with the rules of the queue itself', () => {
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ interruptionQueueName: 'my queue' }) }).issues)).toEqual([
        'InvalidQueueNameCharacters',
      ]);
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ interruptionQueueName: 'q'.repeat(81) }) }).issues)).toEqual([
        'InvalidQueueNameLength',
      ]);
    });

    test('should reject a FIFO queue, which EventBridge cannot feed interruption events, as InterruptionQueue does', () => {
      const { issues } = buildKarpenterHelmValues({ karpenter: attrs({ interruptionQueueName: 'Karpenter-demo.fifo' }) });
      expect(issues).toEqual([
        expect.objectContaining({
          field: 'karpenter.interruptionQueueName',
          code: 'FifoInterruptionQueue',
          message: expect.stringMatching(/standard queue/),
        }),
      ]);
    });
  });
});

describe('renderHelmValues', () => {
  test('should render JSON that keeps token strings inside string literals', () => {
    const text = renderHelmValues({ settings: { interruptionQueue: TOKEN } });
    expect(JSON.parse(text)).toEqual({ settings: { interruptionQueue: TOKEN } });
    expect(text).toContain(`"interruptionQueue": "${TOKEN}"`);
  });
});

describe('validateReleaseOptions', () => {
  test('should accept the defaults', () => {
    expect(validateReleaseOptions({ timeoutSeconds: 600, maxHistory: 10 })).toEqual([]);
  });

  test('should reject a bad timeout and history (the namespace is checked with the attributes)', () => {
    expect(codes(validateReleaseOptions({ timeoutSeconds: 0, maxHistory: -1 }))).toEqual(['InvalidHelmTimeout', 'InvalidHelmMaxHistory']);
  });
});
