import {
  buildKarpenterHelmValues,
  KarpenterHelmValuesOptions,
  renderHelmValues,
  validateReleaseOptions,
} from '../../../lib/core/controller/helm-values';
import { ControllerPlacement, DnsPolicy, LogLevel } from '../../../lib/core/controller/controller-settings';
import { KarpenterAwsAttributes } from '../../../lib/core/aws/karpenter-aws-attributes';
import { errorsOf, Severity, ValidationIssue, warningsOf } from '../../../lib/core/issues';
import { KarpenterRegistry, KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../../lib/core/controller/release';
import { KARPENTER_ATTRIBUTES as KARPENTER, karpenterAttributes as attrs } from '../../util/karpenter-attributes';

const NO_QUEUE = attrs({ interruptionQueueName: undefined });
const BASE: KarpenterHelmValuesOptions = { karpenter: KARPENTER };
const TOKEN = '${TfToken[TOKEN.1]}';
const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('${TfToken[') };

const codes = (issues: ValidationIssue[]) => issues.map((i) => i.code);

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

  describe('validation', () => {
    test('should reject a missing or invalid cluster name', () => {
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ clusterName: '' }) }).issues)).toEqual(['EmptyClusterName']);
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ clusterName: '-bad' }) }).issues)).toEqual(['InvalidClusterName']);
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ clusterName: 'a'.repeat(101) }) }).issues)).toEqual(['ClusterNameTooLong']);
      expect(buildKarpenterHelmValues({ karpenter: attrs({ clusterName: 'a'.repeat(100) }) }).issues).toEqual([]);
    });

    test('should reject replicas below 1 or fractional, and warn for 1', () => {
      expect(buildKarpenterHelmValues({ ...BASE, replicas: 0 }).issues[0].message).toMatch(/must be a whole number, at least 1; got 0/);
      expect(codes(buildKarpenterHelmValues({ ...BASE, replicas: 1.5 }).issues)).toEqual(['InvalidReplicas']);
      const single = buildKarpenterHelmValues({ ...BASE, replicas: 1 });
      expect(single.values.replicas).toBe(1);
      expect(single.issues).toEqual([expect.objectContaining({ severity: Severity.WARNING, code: 'SingleControllerReplica' })]);
    });

    test('should check the pod disruption budget against replicas', () => {
      expect(codes(buildKarpenterHelmValues({ ...BASE, podDisruptionBudgetMaxUnavailable: 0 }).issues)).toEqual(['PodDisruptionBudgetBlocksDrain']);
      expect(codes(buildKarpenterHelmValues({ ...BASE, podDisruptionBudgetMaxUnavailable: 2 }).issues)).toEqual(['PodDisruptionBudgetAllowsOutage']);
      expect(codes(buildKarpenterHelmValues({ ...BASE, podDisruptionBudgetMaxUnavailable: -1 }).issues)).toEqual(['InvalidPodDisruptionBudget']);
    });

    test('should reject malformed quantities and a request above its limit', () => {
      const { issues } = buildKarpenterHelmValues({
        ...BASE,
        resources: { requests: { cpu: '2', memory: '1gi' }, limits: { cpu: '1', memory: '1Gi' } },
      });
      expect(issues.map((i) => `${i.field}: ${i.code}`)).toEqual([
        'resources.requests.memory: InvalidResourceQuantity',
        'resources.requests.cpu: RequestAboveLimit',
      ]);
      expect(issues[0].message).toMatch(/units are case-sensitive\); got '1gi'/);
    });

    test('should give the verdict on the namespace: the one the attributes carry for it, else its own check', () => {
      const bad = { controllerNamespace: 'Bad_NS' };
      const checked = { controllerNamespace: { value: 'Bad_NS', valid: false } };
      expect(buildKarpenterHelmValues({ karpenter: attrs(bad) })).toMatchObject({ namespaceValid: false, issues: [{ code: 'InvalidNamespace' }] });
      expect(buildKarpenterHelmValues({ karpenter: attrs({ ...bad, checked }) })).toMatchObject({ namespaceValid: false, issues: [] });
      // A verdict on another namespace says nothing about this one.
      const other = { controllerNamespace: { value: 'kube-system', valid: true } };
      expect(buildKarpenterHelmValues({ karpenter: attrs({ ...bad, checked: other }) })).toMatchObject({
        namespaceValid: false,
        issues: [{ field: 'karpenter.controllerNamespace', code: 'InvalidNamespace' }],
      });
      expect(buildKarpenterHelmValues(BASE).namespaceValid).toBe(true);
    });

    test('should reject an IRSA role that is not a role ARN, and not look at the role under Pod Identity', () => {
      const { issues } = buildKarpenterHelmValues({ karpenter: attrs({ identityType: 'irsa', controllerRoleArn: 'KarpenterController' }) });
      expect(issues).toEqual([expect.objectContaining({ field: 'karpenter.controllerRoleArn', code: 'InvalidIrsaRoleArn' })]);
      expect(buildKarpenterHelmValues({ karpenter: attrs({ controllerRoleArn: 'KarpenterController' }) }).issues).toEqual([]);
    });

    test('should reject attributes that cannot be, naming each attribute', () => {
      const { issues } = buildKarpenterHelmValues(
        {
          karpenter: attrs({
            clusterName: TOKEN,
            region: 'Ireland',
            nodeRoleName: 'a b',
            controllerNamespace: 'Karpenter',
            controllerServiceAccount: TOKEN,
            identityType: 'kiam' as 'irsa',
          }),
        },
        ctx,
      );
      expect(issues.map((i) => `${i.field} ${i.code}`)).toEqual([
        'karpenter.clusterName ClusterNameIsToken',
        'karpenter.region InvalidRegion',
        'karpenter.nodeRoleName InvalidIamNameCharacters',
        'karpenter.controllerServiceAccount AttributeIsToken',
        'karpenter.controllerNamespace InvalidNamespace',
        'karpenter.identityType InvalidIdentityType',
      ]);
      // The providers run aws eks get-token with the region: a reference would put a cross-stack value into provider config.
      expect(codes(buildKarpenterHelmValues({ karpenter: attrs({ region: TOKEN }) }, ctx).issues)).toEqual(['AttributeIsToken']);
    });

    test('should reject an invalid endpoint, service account name and node label', () => {
      const { issues } = buildKarpenterHelmValues({
        ...BASE,
        karpenter: attrs({ controllerServiceAccount: 'Karpenter' }),
        clusterEndpoint: 'ABC.eks.amazonaws.com',
        placement: ControllerPlacement.controllerNodes({ key: 'bad key', value: 'not ok!' }),
      });
      expect(issues.map((i) => i.field)).toEqual(['karpenter.controllerServiceAccount', 'clusterEndpoint', 'placement.key', 'placement.value']);
      expect(errorsOf(issues)).toHaveLength(4);
    });

    test('should warn about settings the chosen chart version ignores', () => {
      const { issues } = buildKarpenterHelmValues({
        ...BASE,
        version: KarpenterVersion.of('1.6.0'),
        enableZonalShift: true,
        featureGates: { nodeRepair: true, nodeOverlay: true, capacityBuffer: false },
      });
      expect(warningsOf(issues).map((i) => i.field)).toEqual(['enableZonalShift', 'featureGates.nodeOverlay', 'featureGates.capacityBuffer']);
      expect(issues[0].message).toMatch(/read by chart 1\.12\.0 and later; chart 1\.6\.0 ignores it/);
    });

    test('should pass on the version warnings', () => {
      expect(codes(buildKarpenterHelmValues({ ...BASE, version: KarpenterVersion.of('1.8.4') }).issues)).toEqual(['KnownBadKarpenterVersion']);
    });

    test('should honour silenced warnings', () => {
      expect(
        buildKarpenterHelmValues({ karpenter: NO_QUEUE, replicas: 1 }, { silence: ['InterruptionHandlingDisabled', 'SingleControllerReplica'] })
          .issues,
      ).toEqual([]);
    });

    test('should skip checks on tokens', () => {
      const { issues } = buildKarpenterHelmValues(
        {
          karpenter: attrs({ interruptionQueueName: TOKEN, identityType: 'irsa', controllerRoleArn: TOKEN }),
          clusterEndpoint: TOKEN,
          resources: { requests: { cpu: TOKEN }, limits: { cpu: '1' } },
        },
        ctx,
      );
      expect(issues).toEqual([]);
    });
  });

  describe('additionalValues', () => {
    test('should deep-merge last: objects merge, arrays replace', () => {
      const { values, issues } = buildKarpenterHelmValues({
        ...BASE,
        additionalValues: {
          settings: { batchMaxDuration: '15s' },
          serviceMonitor: { enabled: true },
          podAnnotations: { 'prometheus.io/scrape': 'true' },
          controller: { env: [{ name: 'AWS_REGION', value: 'eu-west-1' }] },
        },
      });
      expect(issues).toEqual([]);
      expect(values.settings).toEqual({ clusterName: 'demo', interruptionQueue: 'Karpenter-demo', batchMaxDuration: '15s' });
      expect(values.serviceMonitor).toEqual({ enabled: true });
      expect(values.controller).toMatchObject({ image: { tag: '1.14.1' }, env: [{ name: 'AWS_REGION', value: 'eu-west-1' }] });
    });

    test('should warn when it replaces a value set by a typed option, naming the path', () => {
      const { values, issues } = buildKarpenterHelmValues({
        ...BASE,
        additionalValues: { replicas: 3, tolerations: [], nodeSelector: { 'karpenter.sh/controller': null } },
      });
      expect(values.replicas).toBe(3);
      expect(values.tolerations).toEqual([]);
      expect(values.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux', 'karpenter.sh/controller': null });
      expect(issues.map((i) => `${i.severity} ${i.field}`)).toEqual([
        'warning additionalValues.replicas',
        'warning additionalValues.tolerations',
        'warning additionalValues.nodeSelector["karpenter.sh/controller"]',
      ]);
      expect(issues[0].message).toMatch(/replaces replicas = 2, set by this library, with 3/);
    });

    test('should not report a value that is set to the same thing', () => {
      expect(buildKarpenterHelmValues({ ...BASE, additionalValues: { settings: { clusterName: 'demo' }, replicas: 2 } }).issues).toEqual([]);
    });

    test('should reject changing settings.clusterName', () => {
      const { issues } = buildKarpenterHelmValues({ ...BASE, additionalValues: { settings: { clusterName: 'other' } } });
      expect(issues).toEqual([
        expect.objectContaining({
          severity: Severity.ERROR,
          field: 'additionalValues.settings.clusterName',
          code: 'AdditionalValuesConflict',
          message: expect.stringMatching(
            /^settings\.clusterName comes from karpenter\.clusterName \('demo'\); additionalValues\.settings\.clusterName would change it to "other"\. .*remove it from additionalValues/,
          ),
        }),
      ]);
    });

    test('should reject setting the interruption queue or service account name behind the attributes', () => {
      const { issues } = buildKarpenterHelmValues({
        karpenter: attrs({ interruptionQueueName: undefined, controllerServiceAccount: 'karpenter-ctl' }),
        interruptionHandling: false,
        additionalValues: { settings: { interruptionQueue: 'q' }, serviceAccount: { name: 'other' } },
      });
      expect(issues.map((i) => i.field)).toEqual(['additionalValues.settings.interruptionQueue', 'additionalValues.serviceAccount.name']);
      expect(errorsOf(issues)).toHaveLength(2);
      expect(issues[1].message).toMatch(
        /^serviceAccount\.name comes from karpenter\.controllerServiceAccount \('karpenter-ctl'\); additionalValues\.serviceAccount\.name would change it to "other"\. The controller role trusts only that service account, .*ControllerIdentity\.podIdentity\(\{ serviceAccount \}\)/,
      );
    });

    test('should reject an IRSA annotation that disagrees with the identity', () => {
      const annotate = (karpenter: KarpenterAwsAttributes) =>
        buildKarpenterHelmValues({
          karpenter,
          additionalValues: { serviceAccount: { annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/Other' } } },
        }).issues;
      expect(annotate(KARPENTER)).toEqual([
        expect.objectContaining({
          field: 'additionalValues.serviceAccount.annotations["eks.amazonaws.com/role-arn"]',
          code: 'AdditionalValuesConflict',
          message: expect.stringMatching(/The identity is Pod Identity, .*Use ControllerIdentity\.irsa/),
        }),
      ]);
      expect(annotate(attrs({ identityType: 'irsa' }))).toEqual([
        expect.objectContaining({
          code: 'AdditionalValuesConflict',
          message: expect.stringMatching(/\('arn:aws:iam::123456789012:role\/KarpenterController-demo'\)/),
        }),
      ]);
      // Other annotations are the user's to add.
      expect(buildKarpenterHelmValues({ ...BASE, additionalValues: { serviceAccount: { annotations: { team: 'platform' } } } }).issues).toEqual([]);
    });

    test('should set the IRSA annotation from the attributes, and none under Pod Identity', () => {
      const irsa = buildKarpenterHelmValues({ karpenter: attrs({ identityType: 'irsa', controllerServiceAccount: 'karpenter-ctl' }) }).values;
      expect(irsa.serviceAccount).toEqual({
        name: 'karpenter-ctl',
        annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/KarpenterController-demo' },
      });
      expect(buildKarpenterHelmValues(BASE).values.serviceAccount).toEqual({ name: 'karpenter', annotations: {} });
    });

    test('should reject replacing a parent of those values, which would drop them', () => {
      const { issues } = buildKarpenterHelmValues({ ...BASE, additionalValues: { settings: null, serviceAccount: 'karpenter' } });
      expect(issues).toEqual([
        expect.objectContaining({
          severity: Severity.ERROR,
          field: 'additionalValues.settings',
          code: 'AdditionalValuesConflict',
          message:
            'replacing settings with null would drop settings.clusterName (from karpenter.clusterName), ' +
            'settings.interruptionQueue (from karpenter.interruptionQueueName); give an object with only the keys to change under settings',
        }),
        expect.objectContaining({
          severity: Severity.ERROR,
          field: 'additionalValues.serviceAccount',
          message: expect.stringMatching(/would drop serviceAccount\.name \(from karpenter\.controllerServiceAccount\); give/),
        }),
      ]);
    });

    test('should warn about obsolete values', () => {
      const { issues } = buildKarpenterHelmValues({
        ...BASE,
        additionalValues: { webhook: { enabled: false }, settings: { aws: { clusterName: 'demo' } } },
      });
      expect(codes(issues)).toEqual(['ObsoleteHelmValue', 'ObsoleteHelmValue']);
    });

    test('should not compare tokens', () => {
      expect(buildKarpenterHelmValues({ ...BASE, additionalValues: { settings: { clusterName: TOKEN } } }, ctx).issues).toEqual([]);
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
