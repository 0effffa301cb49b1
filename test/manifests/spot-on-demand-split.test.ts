import { Testing } from 'cdktf';
import { AmiFamilyAlias } from '../../lib/core/api/ec2-node-class-definition';
import { AmiSelectorTerm } from '../../lib/core/model/selector-terms';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Requirement } from '../../lib/core/model/requirement-builder';
import { SpotOnDemandSplit } from '../../lib/manifests/spot-on-demand-split';
import { manifestsByName } from '../util/stacks';
import { nodeClassStack } from './node-class-stack';

// The pools' snapshot was taken with the latest AL2023 alias.
const setup = () => nodeClassStack({ amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')] });

describe('SpotOnDemandSplit', () => {
  test('should create a spot and an on-demand pool that share the spread label in the given ratio', () => {
    // GIVEN
    const { stack, nodeClass } = setup();
    // WHEN
    new SpotOnDemandSplit(stack, 'Web', {
      namePrefix: 'web',
      nodeClass,
      ratio: { spot: 4, onDemand: 1 },
      requirements: [Requirement.instanceCategories('c', 'm')],
      limits: { cpu: Quantity.cpu(100) },
    });
    // THEN
    const pools = manifestsByName(stack);
    expect(pools['web-spot'].spec.template.spec.requirements).toEqual([
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm'] },
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'capacity-spread', operator: 'In', values: ['2', '3', '4', '5'] },
    ]);
    expect(pools['web-on-demand'].spec.template.spec.requirements).toEqual([
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm'] },
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
      { key: 'capacity-spread', operator: 'In', values: ['1'] },
    ]);
    expect(pools['web-spot'].spec.limits).toEqual({ cpu: '100' });
    expect(pools['web-on-demand'].spec.template.spec.nodeClassRef).toEqual({ group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' });
  });

  test('should give workloads the matching spread constraint', () => {
    const { stack, nodeClass } = setup();
    const split = new SpotOnDemandSplit(stack, 'Web', {
      namePrefix: 'web',
      nodeClass,
      ratio: { spot: 1, onDemand: 1 },
      labelKey: 'example.com/spread',
    });
    expect(split.spreadConstraint({ app: 'web' })).toMatchObject({
      topologyKey: 'example.com/spread',
      maxSkew: 1,
      whenUnsatisfiable: 'DoNotSchedule',
    });
  });

  test('fails synth when the shared requirements already pin the capacity type', () => {
    const { stack, nodeClass } = setup();
    new SpotOnDemandSplit(stack, 'Web', {
      namePrefix: 'web',
      nodeClass,
      ratio: { spot: 4, onDemand: 1 },
      requirements: [Requirement.capacityTypes()],
    });
    expect(() => Testing.synth(stack, true)).toThrow(/\[test\/Web\] requirements\[0\]: 'karpenter.sh\/capacity-type' is set by the split/);
  });

  test('fails synth when the shared labels set the capacity type or the spread label', () => {
    const { stack, nodeClass } = setup();
    new SpotOnDemandSplit(stack, 'Web', {
      namePrefix: 'web',
      nodeClass,
      ratio: { spot: 4, onDemand: 1 },
      labels: { team: 'web', 'karpenter.sh/capacity-type': 'spot', 'capacity-spread': '1' },
    });
    expect(() => Testing.synth(stack, true)).toThrow(
      new RegExp(
        [
          'Validation failed with the following errors:[\\s\\S]*',
          '\\[test/Web\\] labels\\["karpenter.sh/capacity-type"\\]: \'karpenter.sh/capacity-type\' is set by the ' +
            'split for each pool; remove it from the shared labels \\(CapacitySplitRequirementConflict\\)',
          `\\[test/Web\\] labels\\["capacity-spread"\\]: 'capacity-spread' is set by the split .*\\(CapacitySplitRequirementConflict\\)`,
        ].join('\\n  '),
      ),
    );
  });

  test('fails synth when the ratio is invalid, naming the construct', () => {
    const { stack, nodeClass } = setup();
    new SpotOnDemandSplit(stack, 'Web', { namePrefix: 'web', nodeClass, ratio: { spot: 0, onDemand: 1 } });
    new SpotOnDemandSplit(stack, 'Huge', { namePrefix: 'huge', nodeClass, ratio: { spot: 1e9, onDemand: -1 } });
    // Both splits are reported together; building the pools meanwhile neither throws nor allocates 1e9 values.
    expect(() => Testing.synth(stack, true)).toThrow(
      /\[test\/Web\] ratio.spot: must be a whole number of at least 1, got 0[\s\S]*\[test\/Huge\] ratio.onDemand: must be a whole number of at least 1, got -1/,
    );
  });

  test('fails synth when the label key is restricted, from the pool that uses it', () => {
    const { stack, nodeClass } = setup();
    new SpotOnDemandSplit(stack, 'Web', { namePrefix: 'web', nodeClass, ratio: { spot: 1, onDemand: 1 }, labelKey: 'karpenter.sh/spread' });
    expect(() => Testing.synth(stack, true)).toThrow(/\[test\/Web\/Spot\] spec\.template\.spec\.requirements\[\d\]\.key/);
  });

  test('should synthesize (snapshot)', () => {
    const { stack, nodeClass } = setup();
    new SpotOnDemandSplit(stack, 'Web', { namePrefix: 'web', nodeClass, ratio: { spot: 3, onDemand: 2 }, limits: { cpu: Quantity.cpu(64) } });
    expect(Testing.synth(stack)).toMatchSnapshot();
  });
});
