// buildKarpenterHelmValues: what it rejects or warns about, and additionalValues (the values themselves:
// helm-values.test.ts).
import { buildKarpenterHelmValues } from '../../../lib/core/controller/helm-values';
import { ControllerPlacement } from '../../../lib/core/controller/controller-settings';
import { KarpenterAwsAttributes } from '../../../lib/core/aws/karpenter-aws-attributes';
import { errorsOf, Severity, warningsOf } from '../../../lib/core/issues';
import { KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import { KARPENTER_ATTRIBUTES as KARPENTER, karpenterAttributes as attrs } from '../../util/karpenter-attributes';
import { BASE, codes, ctx, NO_QUEUE, TOKEN } from './helm-values-fixtures';

describe('buildKarpenterHelmValues', () => {
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
