// resources.Fits (kubernetes-sigs/karpenter v1.14.1 pkg/utils/resources/resources.go:188-201), the one rule for an
// instance type's allocatable and an existing node's room.
import { fits } from '../../../lib/core/shared/quantity';

test.each([
  ['requests within the total', { cpu: 500, pods: 1 }, { cpu: 500, memory: 10, pods: 110 }, true],
  ['a request over the total', { cpu: 501 }, { cpu: 500 }, false],
  ['a resource the total lacks counts as 0', { 'nvidia.com/gpu': 1 }, { cpu: 500 }, false],
  ['a zero request of a resource the total lacks', { 'nvidia.com/gpu': 0 }, { cpu: 500 }, true],
  ['a negative amount in the total fits nothing (resources.go:190-194)', {}, { cpu: 500, memory: -1 }, false],
  ['a key on Object.prototype is no amount', { constructor: 1 }, { cpu: 1 }, false],
])('%s', (_name, requests, total, expected) => {
  expect(fits(requests as Record<string, number>, total as Record<string, number>)).toBe(expected);
});

test('a caller that knows the total has no negative amount skips the scan, and one that knows it has gets false', () => {
  expect(fits({ cpu: 1 }, { cpu: 1 }, false)).toBe(true);
  expect(fits({}, { cpu: 1 }, true)).toBe(false);
});
