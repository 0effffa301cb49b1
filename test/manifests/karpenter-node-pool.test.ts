import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformVariable, Testing } from 'cdktf';
import { KarpenterDuration } from '../../lib/core/model/duration';
import { Budget, Disruption } from '../../lib/core/api/node-pool-definition';
import { DisruptionReason, TaintEffect } from '../../lib/core/model/crd-enums';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Arch, CapacityType, Operator, Os, Requirement } from '../../lib/core/model/requirement-builder';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { addressOf, newStack, resourceAt } from '../util/stacks';
import { warningsOf } from '../util/warnings';
import { nodeClassStack } from './node-class-stack';
import { synthErrorLines } from '../private/at-synth';

const LIMITS = { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(1000) };

describe('KarpenterNodePool', () => {
  test('emits a NodePool referencing the node class, created after it', () => {
    // GIVEN
    const { stack, nodeClass } = nodeClassStack();
    // WHEN
    const pool = new KarpenterNodePool(stack, 'Pool', {
      name: 'general-purpose',
      nodeClass,
      limits: LIMITS,
      requirements: [Requirement.capacityTypes(CapacityType.SPOT)],
    });
    // THEN
    expect(Testing.synth(stack)).toHaveResourceWithProperties(Manifest, {
      manifest: {
        apiVersion: 'karpenter.sh/v1',
        kind: 'NodePool',
        metadata: { name: 'general-purpose' },
        spec: {
          template: {
            spec: {
              nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
              requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }],
            },
          },
          limits: { cpu: '1000', memory: '1000Gi' },
        },
      },
      depends_on: [addressOf(nodeClass.resource)],
    });
    expect(pool.resource.node.id).toBe('Resource');
    expect(warningsOf(pool)).toEqual([]);
  });

  test('adds dependsOn after the node class, and passes the provider', () => {
    const { stack, nodeClass } = nodeClassStack();
    const provider = new KubernetesProvider(stack, 'Cluster', { alias: 'cluster' });
    const controller = new TerraformVariable(stack, 'controller', {});
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, limits: LIMITS, provider, dependsOn: [controller], waitForReady: true });
    const pool = resourceAt(stack, 'Pool/Resource').attributes;
    expect(pool.depends_on).toEqual([addressOf(nodeClass.resource), 'var.controller']);
    expect(pool.provider).toBe('kubernetes.cluster');
    expect(pool.wait).toEqual({ condition: [{ status: 'True', type: 'Ready' }] });
  });

  test('should use a node class that exists already, by name, without ordering on it', () => {
    const stack = newStack();
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass: Ec2NodeClass.fromName('gitops-managed'), limits: LIMITS });
    const pool = resourceAt(stack, 'Pool/Resource').attributes;
    expect(pool.manifest.spec.template.spec.nodeClassRef).toEqual({ group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'gitops-managed' });
    expect(pool.depends_on).toBeUndefined();
  });

  test('fails synth when an existing node class name could never match a node class', () => {
    const stack = newStack();
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass: Ec2NodeClass.fromName('Not_A_Name'), limits: LIMITS });
    expect(() => Testing.synth(stack, true)).toThrow(/\[test\/Pool\] spec\.template\.spec\.nodeClassRef\.name: .*\(InvalidNodeClassRefName\)/);
  });

  test('should wait 30 minutes for deletion by default, as nodes drain first, or as long as asked', () => {
    const { stack, nodeClass } = nodeClassStack();
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, limits: LIMITS });
    new KarpenterNodePool(stack, 'Slow', { name: 'slow', nodeClass, limits: LIMITS, deleteTimeout: KarpenterDuration.hours(2) });
    expect(resourceAt(stack, 'Pool/Resource').attributes.timeouts).toEqual({ delete: '30m' });
    expect(resourceAt(stack, 'NodeClass/Resource').attributes.timeouts).toEqual({ delete: '30m' });
    expect(resourceAt(stack, 'Slow/Resource').attributes.timeouts).toEqual({ delete: '2h' });
  });

  test('fails synth when deleteTimeout is Never', () => {
    const { stack, nodeClass } = nodeClassStack();
    new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, limits: LIMITS, deleteTimeout: KarpenterDuration.never() });
    expect(() => Testing.synth(stack, true)).toThrow(
      /\[test\/Pool\] deleteTimeout: must be a finite duration \(Terraform timeouts have no "Never"\)/,
    );
  });

  test('fails synth with one error listing every problem, with the construct path and field paths', () => {
    const { stack, nodeClass } = nodeClassStack();
    new KarpenterNodePool(stack, 'Bad', {
      name: 'bad',
      nodeClass,
      limits: LIMITS,
      weight: 0,
      requirements: [Requirement.of('karpenter.sh/team', Operator.IN, []), Requirement.instanceCpu.lessThan(-1)],
      disruption: Disruption.whenEmpty({ budgets: [Budget.nodes(1).during('@daily', KarpenterDuration.seconds(30))] }),
    });
    expect(() => Testing.synth(stack, true)).toThrow(
      new RegExp(
        [
          'Validation failed with the following errors:[\\s\\S]*',
          '\\[test/Bad\\] spec.template.spec.requirements\\[0\\].key: requirement key "karpenter.sh/team" is not ' +
            'allowed.*\\(RestrictedLabelDomain\\)',
          '\\[test/Bad\\] spec.template.spec.requirements\\[0\\].values: operator In needs at least one value.*\\(RequirementInWithoutValues\\)',
          '\\[test/Bad\\] spec.template.spec.requirements\\[1\\].values: operator Lt needs exactly one non-negative ' +
            'integer value, got \\["-1"\\].*\\(RequirementNumericValue\\)',
          '\\[test/Bad\\] spec.disruption.budgets\\[0\\].duration: "30s" does not match .*hours and minutes only.*\\(InvalidDuration\\)',
          '\\[test/Bad\\] spec.weight: must be between 1 and 100, got 0 \\(OutOfRange\\)',
        ].join('\\n  '),
      ),
    );
  });

  test('reports a carried builder error and a rendered error with the same code, each once (issue #16 item 10)', () => {
    const lines = synthErrorLines(() => {
      const { stack, nodeClass } = nodeClassStack();
      return new KarpenterNodePool(stack, 'Pool', {
        name: 'p',
        nodeClass,
        limits: LIMITS,
        expireAfter: KarpenterDuration.hours(-1),
        disruption: Disruption.whenEmpty({ budgets: [Budget.nodes(1).during('@daily', KarpenterDuration.seconds(30))] }),
      });
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[test\/Pool\] expireAfter: KarpenterDuration.hours: must be a non-negative whole number, got -1.*\(InvalidDuration\)$/,
      ),
      expect.stringMatching(/^\[test\/Pool\] spec.disruption.budgets\[0\].duration: "30s" does not match .*\(InvalidDuration\)$/),
    ]);
  });

  // The messages are the lint's (test/core/lints/lint.test.ts); this checks they reach the construct, and silenceWarnings.
  test('reports lint findings as warnings, silenced by code', () => {
    const { stack, nodeClass } = nodeClassStack();
    const loud = new KarpenterNodePool(stack, 'Loud', {
      name: 'loud',
      nodeClass,
      requirements: [Requirement.arch(Arch.ARM64), Requirement.instanceFamilies('c5')],
    });
    expect(warningsOf(loud)).toEqual([
      expect.stringMatching(/^spec.limits: .*\(NodePoolWithoutLimits\)$/),
      expect.stringMatching(/^spec.template.spec.requirements\[1\]: .*\(ArchFamilyMismatch\)$/),
    ]);
    const quiet = new KarpenterNodePool(stack, 'Quiet', { name: 'quiet', nodeClass, silenceWarnings: ['NodePoolWithoutLimits'] });
    expect(warningsOf(quiet)).toEqual([]);
  });

  // The messages are the catalog lint's (test/core/lints/catalog-lints.test.ts); this checks the catalogChecks modes and the reporting.
  test('checks the pool against the instance-type catalog with its node class: warn by default, strict, off, or skipped by name', () => {
    const { stack, nodeClass } = nodeClassStack();
    const requirements = [Requirement.instanceFamilies('m5.large')];
    const warned = new KarpenterNodePool(stack, 'Warned', { name: 'warned', nodeClass, limits: LIMITS, requirements });
    expect(warningsOf(warned)).toEqual([
      expect.stringMatching(/^spec.template.spec.requirements\[0\].values\[0\]: .*\(UnknownCatalogValue\)$/),
      expect.stringMatching(/^spec.template.spec.requirements\[0\]: .*\(NoCompatibleInstanceTypes\)$/),
    ]);
    const off = new KarpenterNodePool(stack, 'Off', { name: 'off', nodeClass, limits: LIMITS, requirements, catalogChecks: 'off' });
    expect(warningsOf(off)).toEqual([]);
    const byName = new KarpenterNodePool(stack, 'ByName', {
      name: 'by-name',
      nodeClass: Ec2NodeClass.fromName('default'),
      limits: LIMITS,
      requirements,
    });
    expect(warningsOf(byName)).toEqual([expect.stringMatching(/\(UnknownCatalogValue\)$/)]);
    const lines = synthErrorLines(
      () => new KarpenterNodePool(stack, 'Strict', { name: 'strict', nodeClass, limits: LIMITS, requirements, catalogChecks: 'error' }),
    );
    expect(lines).toEqual([
      expect.stringMatching(/^\[test\/Strict\] spec.template.spec.requirements\[0\].values\[0\]: .*\(UnknownCatalogValue\)$/),
      expect.stringMatching(/^\[test\/Strict\] spec.template.spec.requirements\[0\]: .*\(NoCompatibleInstanceTypes\)$/),
    ]);
  });

  test('does not check Terraform references', () => {
    const { stack, nodeClass } = nodeClassStack();
    const zone = new TerraformVariable(stack, 'zone', { type: 'string' });
    const weight = new TerraformVariable(stack, 'weight', { type: 'number' });
    new KarpenterNodePool(stack, 'Pool', {
      name: 'p',
      nodeClass,
      limits: LIMITS,
      weight: weight.numberValue,
      requirements: [Requirement.zones(zone.stringValue)],
      labels: { zone: zone.stringValue },
    });
    expect(resourceAt(stack, 'Pool/Resource').attributes.manifest.spec.weight).toBe('${var.weight}');
  });

  test('toManifest and toYaml for GitOps', () => {
    const { stack, nodeClass } = nodeClassStack();
    const pool = new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, limits: LIMITS });
    expect(pool.toManifest().spec.template.spec.nodeClassRef.name).toBe('default');
    expect(pool.toYaml()).toMatch(/^apiVersion: karpenter.sh\/v1\nkind: NodePool\nmetadata:\n  name: p\n/);
    expect(pool.name).toBe('p');
  });

  test('toYaml refuses Terraform references', () => {
    const { stack, nodeClass } = nodeClassStack();
    const zone = new TerraformVariable(stack, 'zone', { type: 'string' });
    const pool = new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass, limits: LIMITS, requirements: [Requirement.zones(zone.stringValue)] });
    expect(() => pool.toYaml()).toThrow(/spec.template.spec.requirements\[0\].values\[0\]: is a Terraform reference.*\(UnresolvedValueInYaml\)/);
  });

  test('snapshot: defaults', () => {
    const { stack, nodeClass } = nodeClassStack();
    new KarpenterNodePool(stack, 'Pool', { name: 'default', nodeClass, silenceWarnings: ['NodePoolWithoutLimits'] });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('snapshot: every option', () => {
    const { stack, nodeClass } = nodeClassStack();
    const provider = new KubernetesProvider(stack, 'Cluster', {});
    new KarpenterNodePool(stack, 'Pool', {
      name: 'general-purpose',
      nodeClass,
      requirements: [
        Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND),
        Requirement.arch(Arch.AMD64, Arch.ARM64),
        Requirement.os(Os.LINUX),
        Requirement.instanceCategories('c', 'm', 'r').withMinValues(2),
        Requirement.instanceGeneration.greaterThan(2),
        Requirement.instanceCpu.lessThan(33),
        Requirement.key('karpenter.k8s.aws/instance-size').notIn('nano', 'micro'),
      ],
      labels: { 'example.com/team': 'platform' },
      annotations: { 'example.com/owner': 'platform@example.com' },
      taints: [{ key: 'example.com/dedicated', value: 'platform', effect: TaintEffect.NO_SCHEDULE }],
      startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: TaintEffect.NO_EXECUTE }],
      expireAfter: KarpenterDuration.days(30),
      terminationGracePeriod: KarpenterDuration.hours(24),
      disruption: Disruption.whenEmptyOrUnderutilized({
        consolidateAfter: KarpenterDuration.minutes(1),
        budgets: [
          Budget.percent(10),
          Budget.nodes(0).during('0 9 * * mon-fri', KarpenterDuration.hours(8)).forReasons(DisruptionReason.UNDERUTILIZED),
        ],
      }),
      limits: { ...LIMITS, nodes: 100 },
      weight: 10,
      provider,
      waitForReady: true,
    });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});
