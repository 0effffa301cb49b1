import { KarpenterDuration } from '../../../lib/core/model/duration';
import { Budget, Disruption, NodePoolDefinition } from '../../../lib/core/api/node-pool-definition';
import { DisruptionReason, TaintEffect } from '../../../lib/core/model/crd-enums';
import { Quantity } from '../../../lib/core/model/quantity-builder';
import { CapacityType, Requirement } from '../../../lib/core/model/requirement-builder';

const REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };

describe('NodePoolDefinition', () => {
  test('renders a minimal pool with only what was set', () => {
    expect(new NodePoolDefinition({ name: 'default', nodeClassRef: REF }).toManifest()).toEqual({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'default' },
      spec: { template: { spec: { nodeClassRef: REF, requirements: [] } } },
    });
  });

  test('renders every option with the CRD field names', () => {
    const pool = new NodePoolDefinition({
      name: 'general-purpose',
      nodeClassRef: REF,
      requirements: [Requirement.capacityTypes(CapacityType.SPOT), Requirement.instanceCategories('c', 'm').withMinValues(2)],
      labels: { team: 'platform' },
      annotations: { 'example.com/owner': 'me' },
      taints: [{ key: 'example.com/dedicated', value: 'batch', effect: TaintEffect.NO_SCHEDULE }],
      startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: TaintEffect.NO_EXECUTE }],
      expireAfter: KarpenterDuration.days(14),
      terminationGracePeriod: KarpenterDuration.hours(48),
      disruption: Disruption.whenEmptyOrUnderutilized({
        consolidateAfter: KarpenterDuration.minutes(1),
        budgets: [
          Budget.percent(10),
          Budget.nodes(0).during('0 9 * * mon-fri', KarpenterDuration.hours(8)).forReasons(DisruptionReason.UNDERUTILIZED, DisruptionReason.EMPTY),
        ],
      }),
      limits: {
        cpu: Quantity.cpu(1000),
        memory: Quantity.gibibytes(1000),
        ephemeralStorage: Quantity.tebibytes(10),
        nodes: 50,
        resources: { 'nvidia.com/gpu': Quantity.count(8) },
      },
      weight: 50,
    });
    expect(pool.toManifest().spec).toEqual({
      template: {
        metadata: { labels: { team: 'platform' }, annotations: { 'example.com/owner': 'me' } },
        spec: {
          nodeClassRef: REF,
          requirements: [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
            { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm'], minValues: 2 },
          ],
          taints: [{ key: 'example.com/dedicated', value: 'batch', effect: 'NoSchedule' }],
          startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute' }],
          expireAfter: '336h',
          terminationGracePeriod: '48h',
        },
      },
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '1m',
        budgets: [{ nodes: '10%' }, { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h', reasons: ['Underutilized', 'Empty'] }],
      },
      limits: { cpu: '1000', memory: '1000Gi', 'ephemeral-storage': '10Ti', nodes: '50', 'nvidia.com/gpu': '8' },
      weight: 50,
    });
    expect(pool.validate()).toEqual([]);
  });

  test('Disruption factories set the policy, and consolidateAfter defaults to the CRD default 0s', () => {
    expect(Disruption.whenEmpty().toJson()).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '0s' });
    expect(Disruption.balanced({ consolidateAfter: KarpenterDuration.never() }).toJson()).toEqual({
      consolidationPolicy: 'Balanced',
      consolidateAfter: 'Never',
    });
  });

  test('Budget factories reject what a budget cannot hold', () => {
    // Not thrown: the definition (and the construct using it) reports them with the field they are in.
    const pool = new NodePoolDefinition({
      name: 'p',
      nodeClassRef: REF,
      disruption: Disruption.whenEmpty({ budgets: [Budget.percent(10), Budget.percent(101), Budget.nodes(-1)] }),
    });
    expect(pool.validate().filter((i) => i.code === 'InvalidBudgetNodes')).toEqual([
      expect.objectContaining({ field: 'disruption.budgets[1]', message: 'Budget.percent: must be a whole number from 0 to 100, got 101' }),
      expect.objectContaining({ field: 'disruption.budgets[2]', message: 'Budget.nodes: must be a non-negative whole number, got -1' }),
    ]);
  });

  test('validate reports problems of the rendered manifest with field paths', () => {
    const pool = new NodePoolDefinition({
      name: 'p',
      nodeClassRef: REF,
      weight: 0,
      replicas: 2,
      disruption: Disruption.whenEmpty({ budgets: [Budget.nodes(1).during('@daily', KarpenterDuration.seconds(30))] }),
    });
    expect(pool.validate().map((i) => `${i.field} (${i.code})`)).toEqual([
      'spec.disruption.budgets[0].duration (InvalidDuration)',
      'spec.weight (OutOfRange)',
      'spec.weight (StaticNodePoolWeight)',
    ]);
  });

  test('a static pool with replicas and limits.nodes validates', () => {
    const pool = new NodePoolDefinition({ name: 'static', nodeClassRef: REF, replicas: 3, limits: { nodes: 5 } });
    expect(pool.validate()).toEqual([]);
  });

  test('toYaml', () => {
    expect(new NodePoolDefinition({ name: 'default', nodeClassRef: REF, weight: 10 }).toYaml()).toBe(
      [
        'apiVersion: karpenter.sh/v1',
        'kind: NodePool',
        'metadata:',
        '  name: default',
        'spec:',
        '  template:',
        '    spec:',
        '      nodeClassRef:',
        '        group: karpenter.k8s.aws',
        '        kind: EC2NodeClass',
        '        name: default',
        '      requirements: []',
        '  weight: 10',
        '',
      ].join('\n'),
    );
  });
});
