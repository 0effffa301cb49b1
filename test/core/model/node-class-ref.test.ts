import { nodeClassRefName, nodeClassRefOf } from '../../../lib/core/model/node-class-ref';

test('the name a NodePool gives its EC2NodeClass, as written', () => {
  const pool = (nodeClassRef: unknown) => ({ spec: { template: { spec: { nodeClassRef } } } });
  expect(nodeClassRefName(pool({ group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }))).toBe('default');
  expect(nodeClassRefName(pool({ name: 7 }))).toBe(7);
  expect(nodeClassRefName(pool('default'))).toBeUndefined();
  expect(nodeClassRefName(pool(undefined))).toBeUndefined();
});

test('undefined where any level is not an object, without throwing', () => {
  for (const input of [undefined, null, 'x', [], { spec: [] }, { spec: { template: 1 } }, { spec: { template: { spec: null } } }]) {
    expect(nodeClassRefName(input)).toBeUndefined();
  }
});

test('the whole reference, for a reader that needs its group and kind too', () => {
  const ref = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };
  expect(nodeClassRefOf({ spec: { template: { spec: { nodeClassRef: ref } } } })).toBe(ref);
  expect(nodeClassRefOf({ spec: { template: { spec: { nodeClassRef: 'default' } } } })).toBeUndefined();
});
