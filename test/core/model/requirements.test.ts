import { WellKnownLabel } from '../../../lib/core/model/labels';
import {
  Arch,
  CapacityType,
  CpuManufacturer,
  Hypervisor,
  NumericRequirementKey,
  Operator,
  Os,
  Requirement,
} from '../../../lib/core/model/requirement-builder';

describe('Requirement', () => {
  test('typed factories for well-known keys', () => {
    expect(
      [
        Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND, CapacityType.RESERVED),
        Requirement.arch(Arch.ARM64),
        Requirement.os(Os.LINUX),
        Requirement.zones('us-east-1a'),
        Requirement.instanceTypes('m5.large'),
        Requirement.instanceCategories('c', 'm', 'r'),
        Requirement.instanceFamilies('m5'),
        Requirement.instanceSizes('large'),
        Requirement.instanceHypervisor(Hypervisor.NITRO),
        Requirement.instanceCpuManufacturers(CpuManufacturer.AWS),
      ].map((r) => r.toJson()),
    ).toEqual([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand', 'reserved'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
      { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['us-east-1a'] },
      { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large'] },
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] },
      { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5'] },
      { key: 'karpenter.k8s.aws/instance-size', operator: 'In', values: ['large'] },
      { key: 'karpenter.k8s.aws/instance-hypervisor', operator: 'In', values: ['nitro'] },
      { key: 'karpenter.k8s.aws/instance-cpu-manufacturer', operator: 'In', values: ['aws'] },
    ]);
  });

  test('numeric builders', () => {
    expect(Requirement.instanceCpu.lessThan(33).toJson()).toEqual({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['33'] });
    expect(Requirement.instanceGeneration.greaterThan(2).toJson()).toEqual({
      key: 'karpenter.k8s.aws/instance-generation',
      operator: 'Gt',
      values: ['2'],
    });
    expect(Requirement.instanceMemory.atLeast(4096).toJson().operator).toBe('Gte');
    expect(Requirement.instanceGpuCount.atMost(8).toJson().operator).toBe('Lte');
    expect(Requirement.instanceLocalNvme.oneOf(100, 200).toJson()).toEqual({
      key: 'karpenter.k8s.aws/instance-local-nvme',
      operator: 'In',
      values: ['100', '200'],
    });
    expect(NumericRequirementKey.of('example.com/rank').greaterThan(0).toJson().key).toBe('example.com/rank');
  });

  test('custom keys, key-only operators and minValues', () => {
    expect(Requirement.of('example.com/team', Operator.IN, ['a'], 1).toJson()).toEqual({
      key: 'example.com/team',
      operator: 'In',
      values: ['a'],
      minValues: 1,
    });
    expect(Requirement.key(WellKnownLabel.INSTANCE_SIZE).notIn('nano', 'micro').toJson()).toEqual({
      key: 'karpenter.k8s.aws/instance-size',
      operator: 'NotIn',
      values: ['nano', 'micro'],
    });
    expect(Requirement.key('example.com/gpu').exists().toJson()).toEqual({ key: 'example.com/gpu', operator: 'Exists' });
    expect(Requirement.key('example.com/gpu').doesNotExist().toJson()).toEqual({ key: 'example.com/gpu', operator: 'DoesNotExist' });
    expect(Requirement.instanceFamilies('m5', 'c5', 'r5').withMinValues(2).toJson().minValues).toBe(2);
  });

  test('factories copy their inputs', () => {
    const values = ['a'];
    const r = Requirement.of('example.com/x', Operator.IN, values);
    values.push('b');
    expect(r.toJson().values).toEqual(['a']);
  });
});
