import { ControllerIdentity } from '../../../lib/core/aws/controller-identity';
import { KarpenterAwsAttributes } from '../../../lib/core/aws/karpenter-aws-attributes';
import { karpenterAwsAttributes, planKarpenterAws } from '../../../lib/core/aws/karpenter-aws-plan';
import * as trustPolicies from '../../../lib/core/aws/trust-policies';
import { Severity } from '../../../lib/core/issues';
import { buildKarpenterHelmValues } from '../../../lib/core/controller/helm-values';
import { ControllerPlacement } from '../../../lib/core/controller/controller-settings';
import { KarpenterRegistry, KarpenterVersion } from '../../../lib/core/controller/karpenter-version';
import {
  DEFAULT_HELM_MAX_HISTORY,
  DEFAULT_HELM_TIMEOUT_SECONDS,
  KarpenterControllerPlanInput,
  planKarpenterController,
} from '../../../lib/core/controller/karpenter-controller-plan';
import { karpenterAttributes, KARPENTER_ATTRIBUTES } from '../../util/karpenter-attributes';

const TOKEN = '${TfToken[TOKEN.1]}';
const tokens = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('${TfToken[') };
const plan = (input: Partial<KarpenterControllerPlanInput> = {}) => planKarpenterController({ karpenter: KARPENTER_ATTRIBUTES, ...input }, tokens);
const codes = (input: Partial<KarpenterControllerPlanInput> = {}) => plan(input).issues.map((i) => `${i.field} ${i.code}`);

describe('planKarpenterController', () => {
  test('resolves the defaults from the attributes alone', () => {
    const p = plan();
    expect(p).toMatchObject({
      namespace: 'kube-system',
      createNamespace: false,
      serviceAccount: 'karpenter',
      version: KarpenterVersion.DEFAULT,
      timeoutSeconds: DEFAULT_HELM_TIMEOUT_SECONDS,
      maxHistory: DEFAULT_HELM_MAX_HISTORY,
      flowSchemas: [],
      issues: [],
    });
    expect(p.registry.toString()).toBe(KarpenterRegistry.publicEcr().toString());
  });

  test('the values are the Helm values of the same options', () => {
    const input = { karpenter: KARPENTER_ATTRIBUTES, replicas: 3 };
    expect(planKarpenterController(input).values).toEqual(buildKarpenterHelmValues({ ...input, version: KarpenterVersion.DEFAULT }).values);
    expect(planKarpenterController(input).values).toMatchObject({ replicas: 3, settings: { clusterName: 'demo' } });
  });

  test('takes the given version, registry, timeout and history', () => {
    const version = KarpenterVersion.of('1.13.1');
    const registry = KarpenterRegistry.custom({
      chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/karpenter',
      imageRepository: '123456789012.dkr.ecr.eu-west-1.amazonaws.com/karpenter/controller',
    });
    const p = plan({ version, registry, timeoutSeconds: 900, maxHistory: 0 });
    expect([p.version, p.registry, p.timeoutSeconds, p.maxHistory]).toEqual([version, registry, 900, 0]);
  });

  test('reads a version string given from JavaScript and reports anything else', () => {
    expect(plan({ version: '1.13.1' as unknown as KarpenterVersion }).version.chartVersion).toBe('1.13.1');
    const wrong = plan({ version: 113 as unknown as KarpenterVersion });
    expect(wrong.version).toBe(KarpenterVersion.DEFAULT);
    expect(wrong.issues.map((i) => i.field)).toContain('version');
    expect(wrong.issues.every((i) => i.severity === Severity.ERROR)).toBe(true);
  });

  test.each([
    [{ timeoutSeconds: 0 }, 'timeoutSeconds InvalidHelmTimeout'],
    [{ timeoutSeconds: 1.5 }, 'timeoutSeconds InvalidHelmTimeout'],
    [{ maxHistory: -1 }, 'maxHistory InvalidHelmMaxHistory'],
  ])('reports a bad release option %j', (input, code) => {
    expect(codes(input)).toEqual([code]);
  });

  test('a namespace that is a token is one error, with no FlowSchemas and no namespace', () => {
    const p = plan({ karpenter: karpenterAttributes({ controllerNamespace: TOKEN }), hasKubernetesProvider: false });
    expect([p.flowSchemas, p.createNamespace, p.issues.map((i) => `${i.field} ${i.code}`)]).toEqual([
      [],
      false,
      ['karpenter.controllerNamespace AttributeIsToken'],
    ]);
  });

  describe('a namespace other than kube-system', () => {
    const karpenter = karpenterAttributes({ controllerNamespace: 'karpenter' });

    test('creates the namespace and the two FlowSchemas for the service account', () => {
      const p = plan({ karpenter, hasKubernetesProvider: true });
      expect(p.issues).toEqual([]);
      expect(p.createNamespace).toBe(true);
      expect(p.flowSchemas.map((f) => (f.metadata as { name: string }).name)).toEqual(['karpenter-leader-election', 'karpenter-workload']);
      expect(JSON.stringify(p.flowSchemas)).toContain('"namespace":"karpenter"');
    });

    test('without a kubernetes provider is an error and plans no FlowSchemas', () => {
      const p = plan({ karpenter });
      expect(p.issues.map((i) => `${i.field} ${i.code}`)).toEqual(['kubernetesProvider FlowSchemasNeedKubernetesProvider']);
      expect(p.issues[0].message).toMatch(/karpenter\.controllerNamespace is 'karpenter', not kube-system/);
      expect(p.flowSchemas).toEqual([]);
    });

    test('createNamespace given wins', () => {
      expect(plan({ karpenter, hasKubernetesProvider: true, createNamespace: false }).createNamespace).toBe(false);
      expect(plan({ createNamespace: true }).createNamespace).toBe(true);
    });

    test('an invalid one is reported with the attributes, without a FlowSchema error', () => {
      const p = plan({ karpenter: karpenterAttributes({ controllerNamespace: 'Not_A_Namespace' }) });
      expect(p.issues.map((i) => i.field)).toEqual(['karpenter.controllerNamespace']);
      expect(p.flowSchemas).toEqual([]);
      expect(p.createNamespace).toBe(false);
    });
  });

  describe('the namespace and service account, checked once where they entered', () => {
    afterEach(() => jest.restoreAllMocks());
    const CLUSTER = {
      clusterName: 'demo',
      clusterArn: 'arn:aws:eks:eu-west-1:123456789012:cluster/demo',
      clusterSecurityGroupId: 'sg-0123456789abcdef0',
      oidcIssuerUrl: 'https://oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789',
    };
    /** The attributes planKarpenterAws and karpenterAwsAttributes build for this identity. */
    const fromKarpenterAws = (identity: ControllerIdentity) =>
      karpenterAwsAttributes(planKarpenterAws({ cluster: CLUSTER, identity }), 'arn:aws:iam::123456789012:role/K', true).attributes;
    const checks = () => [jest.spyOn(trustPolicies, 'validateNamespaceName'), jest.spyOn(trustPolicies, 'validateServiceAccountName')];

    test("KarpenterAws's attributes are not checked again: a bad identity was reported by the role plan", () => {
      const karpenter = fromKarpenterAws(ControllerIdentity.podIdentity({ namespace: 'Bad_NS', serviceAccount: 'Bad_SA' }));
      const spies = checks();
      const p = plan({ karpenter });
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0]);
      // No FlowSchemas, and no FlowSchemasNeedKubernetesProvider, for a namespace that cannot be.
      expect([p.issues, p.flowSchemas, p.createNamespace]).toEqual([[], [], false]);
    });

    test("a valid verdict is taken: a namespace other than kube-system still needs the FlowSchemas' provider", () => {
      const karpenter = fromKarpenterAws(ControllerIdentity.podIdentity({ namespace: 'karpenter' }));
      const spies = checks();
      expect(codes({ karpenter })).toEqual(['kubernetesProvider FlowSchemasNeedKubernetesProvider']);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0]);
    });

    test('attributes written by hand are checked here, each value once', () => {
      const spies = checks();
      const karpenter = karpenterAttributes({ controllerNamespace: 'Bad_NS', controllerServiceAccount: 'Bad_SA' });
      expect(codes({ karpenter })).toEqual([
        'karpenter.controllerNamespace InvalidNamespace',
        'karpenter.controllerServiceAccount InvalidServiceAccount',
      ]);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1]);
    });

    test("a copy of KarpenterAws's attributes with another namespace or service account is checked here", () => {
      const karpenter = fromKarpenterAws(ControllerIdentity.podIdentity());
      const reported = fromKarpenterAws(ControllerIdentity.podIdentity({ namespace: 'Bad_NS' }));
      const spies = checks();
      expect(codes({ karpenter: { ...karpenter, controllerNamespace: 'Bad_NS' } })).toEqual(['karpenter.controllerNamespace InvalidNamespace']);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 0]);
      expect(codes({ karpenter: { ...karpenter, controllerServiceAccount: 'Bad_SA' } })).toEqual([
        'karpenter.controllerServiceAccount InvalidServiceAccount',
      ]);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1]);
      // A bad value that KarpenterAws reported, replaced by a good one: the new one is checked, and passes.
      expect(codes({ karpenter: { ...reported, controllerNamespace: 'kube-system' } })).toEqual([]);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([2, 1]);
    });

    test.each([
      ['not an object', true, /must be what KarpenterAws sets, .* or left out; got true\. It is ignored/],
      ['null', null, /got null\. It is ignored/],
      ['an array', [], /got \[\]\. It is ignored/],
      [
        'a verdict that is no boolean',
        { controllerNamespace: { value: 'Bad_NS', valid: 'true' } },
        /^controllerNamespace\.valid must be true or false, got "true"\. It is ignored/,
      ],
      [
        'a value that is no string, and a name it does not check',
        { controllerNamespace: { value: 7, valid: true }, namespace: { value: 'Bad_NS', valid: true } },
        /^controllerNamespace\.value must be a string, got 7; namespace is not a name it checks \(clusterName, .*\)\./,
      ],
      ['a verdict that is no object', { controllerNamespace: true }, /^controllerNamespace must be \{ value, valid \}, got true\./],
    ])('a malformed checked (%s, from a JSON file) is reported, and the values checked', (_what, checked, message) => {
      const karpenter = karpenterAttributes({
        controllerNamespace: 'Bad_NS',
        checked: checked as unknown as KarpenterAwsAttributes['checked'],
      });
      const issues = plan({ karpenter }).issues;
      expect(issues.map((i) => `${i.field} ${i.code}`)).toEqual([
        'karpenter.checked InvalidAttribute',
        'karpenter.controllerNamespace InvalidNamespace',
      ]);
      expect(issues[0].message).toMatch(message);
    });
  });

  test('the service account comes from the attributes', () => {
    const p = plan({
      karpenter: karpenterAttributes({ controllerNamespace: 'karpenter', controllerServiceAccount: 'karpenter-ctl' }),
      hasKubernetesProvider: true,
    });
    expect(p.serviceAccount).toBe('karpenter-ctl');
    expect(JSON.stringify(p.flowSchemas)).toContain('"name":"karpenter-ctl"');
  });

  test('passes the Helm values issues on, and silences silenced warnings', () => {
    const placement = ControllerPlacement.anyNodeNotManagedByKarpenter();
    const noQueue = karpenterAttributes({ interruptionQueueName: undefined });
    expect(codes({ karpenter: noQueue, placement })).toEqual(['karpenter.interruptionQueueName InterruptionHandlingDisabled']);
    const silenced = planKarpenterController({ karpenter: noQueue, placement }, { silence: ['InterruptionHandlingDisabled'] });
    expect(silenced.issues).toEqual([]);
  });
});

// Moved from test/controller/karpenter-controller.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('planKarpenterController messages', () => {
  const messages = (input: Partial<KarpenterControllerPlanInput>) => plan(input).issues.map((i) => `${i.field}: ${i.message}`);
  const noQueue = karpenterAttributes({ interruptionQueueName: undefined });

  test('the warnings of no interruption queue and of a single replica', () => {
    expect(messages({ karpenter: noQueue, replicas: 1 })).toEqual([
      expect.stringMatching(/^karpenter\.interruptionQueueName: no interruption queue: /),
      expect.stringMatching(/^replicas: one controller replica /),
    ]);
  });

  test('the warning of the known-bad 1.8.4', () => {
    expect(messages({ karpenter: noQueue, interruptionHandling: false, version: KarpenterVersion.of('1.8.4') })).toEqual([
      expect.stringMatching(/^version: Karpenter 1\.8\.4 has a regression/),
    ]);
  });
});
