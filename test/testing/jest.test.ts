import '../../lib/testing/jest';
import { Testing } from 'cdktf';
import { exactly } from '../../lib/testing/partial-match';
import { pattern } from '../util/pattern';
import { addressOf } from '../util/stacks';
import { karpenterStack } from './karpenter-stack';

describe('registered jest matchers', () => {
  test('should work on the stack and on Testing.synth output', () => {
    const { stack } = karpenterStack();

    expect(stack).toHaveNodePool({ name: 'default', spec: { disruption: { consolidateAfter: '1m' } } });
    expect(Testing.synth(stack)).toHaveNodePool({ limits: { cpu: '1000' } });
    expect(stack).toHaveEc2NodeClass({ subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }] });
    expect(stack).toHaveHelmValues({ settings: { clusterName: 'demo' } }, { releaseName: 'karpenter' });
  });

  test('should support .not and asymmetric matchers', () => {
    const { stack } = karpenterStack();

    expect(stack).not.toHaveNodePool({ name: 'gpu' });
    expect(stack).toHaveNodePool({ name: expect.stringMatching(/^def/) });
    expect(stack).not.toHaveNodePool({ template: { spec: { requirements: exactly([]) } } });
  });

  test('should throw a readable message on failure', () => {
    const { stack, nodePool } = karpenterStack();

    expect(() => expect(stack).toHaveNodePool({ weight: 10 })).toThrow(
      pattern`Expected a NodePool matching\n {2}{ weight: 10 }\n
        Found 1 NodePool: NodePool "default" at stack\/Karpenter\/NodePool \(${addressOf(nodePool)}\)\.\n
        Closest: .* differs in 1 place:\n {2}spec\.weight: expected 10, but the field is missing`,
    );
    expect(() => expect(stack).not.toHaveEc2NodeClass()).toThrow(
      /expect\(received\)\.not\.toHaveEc2NodeClass\(expected\)\n\nExpected no EC2NodeClass\nbut EC2NodeClass "default"/,
    );
  });
});
