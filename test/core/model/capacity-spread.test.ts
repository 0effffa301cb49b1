import { capacitySpreadConstraint, capacitySpreadValues, validateCapacitySplitRatio } from '../../../lib/core/model/capacity-spread';

describe('capacitySpreadValues', () => {
  test('should give on-demand the first values and spot the rest (Karpenter docs: 1 vs 2..5 for 80% spot)', () => {
    expect(capacitySpreadValues({ spot: 4, onDemand: 1 })).toEqual({ onDemand: ['1'], spot: ['2', '3', '4', '5'] });
  });

  test('should reduce the ratio so 8:2 and 4:1 give the same values', () => {
    expect(capacitySpreadValues({ spot: 8, onDemand: 2 })).toEqual(capacitySpreadValues({ spot: 4, onDemand: 1 }));
  });

  test('should split 1:1 into one value each', () => {
    expect(capacitySpreadValues({ spot: 3, onDemand: 3 })).toEqual({ onDemand: ['1'], spot: ['2'] });
  });

  test('should split 3:2', () => {
    expect(capacitySpreadValues({ spot: 3, onDemand: 2 })).toEqual({ onDemand: ['1', '2'], spot: ['3', '4', '5'] });
  });
});

describe('validateCapacitySplitRatio', () => {
  test('should accept whole shares', () => {
    expect(validateCapacitySplitRatio({ spot: 7, onDemand: 3 })).toEqual([]);
  });

  test.each([
    [{ spot: 0, onDemand: 1 }, 'ratio.spot'],
    [{ spot: 1, onDemand: -1 }, 'ratio.onDemand'],
    [{ spot: 1.5, onDemand: 1 }, 'ratio.spot'],
  ])('throws when a share is not a whole number of at least 1 (%j)', (ratio, field) => {
    const issues = validateCapacitySplitRatio(ratio);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field, code: 'CapacitySplitShareInvalid' });
    expect(issues[0].message).toMatch(/whole number of at least 1/);
  });

  test('should reject ratios that need more than 20 label values and suggest a coarser one', () => {
    const issues = validateCapacitySplitRatio({ spot: 19, onDemand: 2 });
    expect(issues).toHaveLength(1);
    expect(issues[0].code).toBe('CapacitySplitTooFine');
    expect(issues[0].message).toMatch(/needs 21 label values.*such as 9:1/);
  });

  test('should suggest a ratio that keeps a share on each side, even for a lopsided one', () => {
    expect(validateCapacitySplitRatio({ spot: 1, onDemand: 20 })[0].message).toMatch(/needs 21 label values.*such as 1:9$/);
    expect(validateCapacitySplitRatio({ spot: 30, onDemand: 1 })[0].message).toMatch(/needs 31 label values.*such as 9:1$/);
  });
});

test('capacitySpreadConstraint should spread evenly over the label', () => {
  expect(capacitySpreadConstraint('capacity-spread', { app: 'web' })).toEqual({
    maxSkew: 1,
    topologyKey: 'capacity-spread',
    whenUnsatisfiable: 'DoNotSchedule',
    labelSelector: { matchLabels: { app: 'web' } },
  });
});
