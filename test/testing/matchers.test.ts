import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Testing } from 'cdktf';
import { TaintEffect } from '../../lib/core/model/crd-enums';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { toHaveEc2NodeClass, toHaveHelmValues, toHaveNodePool } from '../../lib/testing/matchers';
import { differenceCount, exactly, partialMatch } from '../../lib/testing/partial-match';
import { pattern } from '../util/pattern';
import { addressOf, newStack } from '../util/stacks';
import { karpenterStack } from './karpenter-stack';

describe('partialMatch', () => {
  test('should ignore extra keys and compare nested objects partially', () => {
    expect(partialMatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toEqual([]);
  });

  test('should report every differing leaf with its path', () => {
    expect(partialMatch({ a: 1, b: { c: 2 } }, { a: 2, b: { c: 3, e: 'x' } })).toEqual([
      { path: 'a', problem: 'expected 2, received 1' },
      { path: 'b.c', problem: 'expected 3, received 2' },
      { path: 'b.e', problem: "expected 'x', but the field is missing" },
    ]);
  });

  test('should treat an undefined expected value as "must be absent"', () => {
    expect(partialMatch({ a: 1 }, { b: undefined })).toEqual([]);
    expect(partialMatch({ a: 1 }, { a: undefined })).toEqual([{ path: 'a', problem: 'expected to be absent, received 1' }]);
  });

  test('should match arrays as "contains", order ignored, elements partial', () => {
    const received = [
      { key: 'a', values: ['1'] },
      { key: 'b', values: ['2', '3'] },
    ];

    expect(partialMatch(received, [{ key: 'b' }, { key: 'a' }])).toEqual([]);
    expect(partialMatch(['x', 'y', 'z'], ['z', 'x'])).toEqual([]);
  });

  test('should pair each expected element with a distinct received element', () => {
    // Greedy pairing would give 'a'-like to the first and fail; a full matching succeeds.
    expect(partialMatch([{ k: 'a', v: 1 }, { k: 'a' }], [{ k: 'a' }, { k: 'a', v: 1 }])).toEqual([]);
    expect(partialMatch([{ k: 'a' }], [{ k: 'a' }, { k: 'a' }])).toEqual([
      { path: '(root)', problem: "expected element { k: 'a' } matches only elements already paired with other expected elements (duplicates?)" },
    ]);
  });

  test('should show the closest element when no array element matches', () => {
    const received = [
      { key: 'arch', values: ['amd64'] },
      { key: 'capacity', operator: 'In', values: ['on-demand'] },
    ];

    expect(partialMatch({ r: received }, { r: [{ key: 'capacity', operator: 'In', values: ['spot'] }] })).toEqual([
      { path: 'r', problem: "no element matches { key: 'capacity', operator: 'In', values: [ 'spot' ] }; the closest, [1], differs:", header: true },
      { path: 'r[1].values', problem: "expected an element matching 'spot', received [ 'on-demand' ]" },
    ]);
  });

  test('should take the element with the expected key or name as the closest', () => {
    const received = [
      { key: 'b', operator: 'In', values: ['x'] },
      { key: 'a', operator: 'In', values: ['y'] },
    ];
    // Both differ in one place; the one with key 'a' is the element meant.
    expect(partialMatch(received, [{ key: 'a', values: ['x'] }])[0].problem).toMatch(/the closest, \[1\], differs:$/);
    expect(differenceCount(partialMatch(received, [{ key: 'a', values: ['x'] }]))).toBe(1);
  });

  test('should compare exactly inside exactly()', () => {
    expect(partialMatch({ v: ['a', 'b'] }, { v: exactly(['a', 'b']) })).toEqual([]);
    expect(partialMatch({ v: ['a', 'b'] }, { v: exactly(['b', 'a']) })).toHaveLength(2);
    expect(partialMatch({ v: ['a', 'b'] }, { v: exactly(['a']) })).toEqual([
      { path: 'v', problem: "expected exactly [ 'a' ], received [ 'a', 'b' ]" },
    ]);
    expect(partialMatch({ o: { a: 1, b: 2 } }, { o: exactly({ a: 1 }) })).toEqual([{ path: 'o.b', problem: 'unexpected field, received 2' }]);
  });

  test('should honour jest asymmetric matchers', () => {
    expect(partialMatch({ name: 'spot-a', n: 3 }, { name: expect.stringMatching(/^spot-/), n: expect.any(Number) })).toEqual([]);
    expect(partialMatch({ name: 'od' }, { name: expect.stringMatching(/^spot-/) })).toEqual([
      { path: 'name', problem: "expected StringMatching /^spot-/, received 'od'" },
    ]);
  });

  test('should quote keys that are not identifiers', () => {
    expect(partialMatch({ tags: { 'karpenter.sh/discovery': 'a' } }, { tags: { 'karpenter.sh/discovery': 'b' } })).toEqual([
      { path: 'tags["karpenter.sh/discovery"]', problem: "expected 'b', received 'a'" },
    ]);
  });
});

describe('toHaveNodePool', () => {
  test('should pass on a partial spec', () => {
    const { stack, nodePool } = karpenterStack();

    const result = toHaveNodePool(stack, { disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized' } });

    expect(result.pass).toBe(true);
    expect(result.message()).toMatch(
      pattern`Expected no NodePool matching[\s\S]*but NodePool "default" at stack\/Karpenter\/NodePool \(${addressOf(nodePool)}\) matches`,
    );
  });

  test('should pass on { name, spec } and on no argument', () => {
    const { stack } = karpenterStack();

    expect(toHaveNodePool(stack, { name: 'default', spec: { limits: { cpu: '1000' } } }).pass).toBe(true);
    expect(toHaveNodePool(stack).pass).toBe(true);
    expect(toHaveNodePool(stack, { name: 'other' }).pass).toBe(false);
  });

  test('should fail showing the closest NodePool and where it differs', () => {
    const { stack } = karpenterStack();

    const result = toHaveNodePool(stack, {
      name: 'default',
      spec: { template: { spec: { requirements: [{ key: 'karpenter.sh/capacity-type', values: ['spot'], operator: 'NotIn' }] } } },
    });

    expect(result.pass).toBe(false);
    expect(result.message()).toMatch(/Expected a NodePool matching/);
    expect(result.message()).toMatch(/Found 1 NodePool: NodePool "default" at stack\/Karpenter\/NodePool/);
    // One difference: the array's "no element matches" line introduces it and is not counted.
    expect(result.message()).toMatch(/Closest: NodePool "default" .* differs in 1 place:/);
    expect(result.message()).toMatch(/spec\.template\.spec\.requirements\[0\]\.operator: expected 'NotIn', received 'In'/);
  });

  test('should take the NodePool with the expected name as the closest, even when another differs less', () => {
    const stack = newStack('stack');
    const provider = new KubernetesProvider(stack, 'k8s', {});
    const nodeClass = Ec2NodeClass.fromName('default');
    new KarpenterNodePool(stack, 'App', { name: 'app', nodeClass, provider, weight: 50 });
    new KarpenterNodePool(stack, 'Batch', { name: 'batch', nodeClass, provider, weight: 10 });

    // "app" differs in name and limits, "batch" (the one meant) in weight and limits: a tie the name breaks.
    const message = toHaveNodePool(stack, { name: 'batch', spec: { weight: 50, limits: { cpu: '8' } } }).message();
    expect(message).toMatch(
      /Closest: NodePool "batch" at stack\/Batch.* differs in 2 places:\n {2}spec\.weight: expected 50, received 10\n {2}spec\.limits: .*missing"?$/,
    );
  });

  test('should not count array header lines when ranking candidates', () => {
    const stack = newStack('stack');
    const provider = new KubernetesProvider(stack, 'k8s', {});
    const nodeClass = Ec2NodeClass.fromName('default');
    const taint = (value: string) => [{ key: 'role', value, effect: TaintEffect.NO_SCHEDULE }];
    new KarpenterNodePool(stack, 'A', { name: 'a', nodeClass, provider, weight: 1, taints: taint('x') });
    new KarpenterNodePool(stack, 'B', { name: 'b', nodeClass, provider, weight: 50, taints: taint('web') });

    // "a" differs in two fields; "b" in one taint value (2 lines with the array's header line).
    const message = toHaveNodePool(stack, { weight: 50, template: { spec: { taints: [{ key: 'role', value: 'batch' }] } } }).message();
    expect(message).toMatch(/Closest: NodePool "b" .* differs in 1 place:/);
  });

  test('should say so when the stack has no NodePool', () => {
    const result = toHaveNodePool(
      Testing.synthScope(() => undefined),
      { weight: 1 },
    );

    expect(result.pass).toBe(false);
    expect(result.message()).toMatch(/but the stack has no NodePool/);
  });

  test('should accept the Testing.synth string', () => {
    const { stack } = karpenterStack();

    expect(toHaveNodePool(Testing.synth(stack), { limits: { cpu: '1000' } }).pass).toBe(true);
  });
});

describe('toHaveEc2NodeClass', () => {
  test('should match an EC2NodeClass spec', () => {
    const { stack } = karpenterStack();

    expect(toHaveEc2NodeClass(stack, { amiSelectorTerms: [{ alias: 'al2023@latest' }] }).pass).toBe(true);
    const miss = toHaveEc2NodeClass(stack, { role: 'Other' });
    expect(miss.pass).toBe(false);
    expect(miss.message()).toMatch(/spec\.role: expected 'Other', received 'KarpenterNodeRole-demo'/);
  });
});

describe('toHaveHelmValues', () => {
  test('should match merged values of any release', () => {
    const { stack } = karpenterStack();

    expect(toHaveHelmValues(stack, { settings: { clusterName: 'demo' }, replicas: 1 }).pass).toBe(true);
  });

  test('should explain a match for .not', () => {
    const { stack, controller } = karpenterStack();

    const result = toHaveHelmValues(stack, { replicas: 1 }, { releaseName: 'karpenter' });

    expect(result.pass).toBe(true);
    expect(result.message()).toMatch(
      pattern`^expect\(received\)\.not\.toHaveHelmValues\(expected\)\n\n
        Expected no Helm release named "karpenter" with values matching\n {2}{ replicas: 1 }\n
        but release "karpenter" at stack\/Karpenter\/Controller \(${addressOf(controller)}\) matches\.$`,
    );
  });

  test('should look only at the selected release', () => {
    const { stack } = karpenterStack();

    expect(toHaveHelmValues(stack, { replicas: 1 }, { releaseName: 'karpenter-crd' }).pass).toBe(false);
    expect(toHaveHelmValues(stack, { replicas: 1 }, { chart: 'karpenter' }).pass).toBe(true);
  });

  test('should fail listing the releases and the closest difference', () => {
    const { stack } = karpenterStack();

    const result = toHaveHelmValues(stack, { settings: { interruptionQueue: 'other' } });

    expect(result.pass).toBe(false);
    expect(result.message()).toMatch(/Releases checked: release "karpenter" at stack\/Karpenter\/Controller .*, release "karpenter-crd" at/);
    expect(result.message()).toMatch(
      /Closest: release "karpenter" .* differs in 1 place:\n {2}settings\.interruptionQueue: expected 'other', received 'Karpenter-demo'/,
    );
  });

  test('should explain when no release is selected', () => {
    const { stack, controller } = karpenterStack();
    const at = addressOf(controller);

    const result = toHaveHelmValues(stack, {}, { releaseName: 'nope' });

    expect(result.message()).toMatch(
      pattern`Expected a Helm release named "nope" with values matching[\s\S]*
        but none of the stack's releases is selected: release "karpenter" at stack\/Karpenter\/Controller \(${at}\), release "karpenter-crd"`,
    );
  });
});
