// silenceWarnings on the manifest constructs: typed as ManifestWarningCode; an unknown code (from
// JavaScript or a cast) is reported as a warning instead of silencing nothing, silently.
import { Quantity } from '../../lib/core/model/quantity-builder';
import { ManifestWarningCode } from '../../lib/core/validation/silence';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { warningsOf } from '../util/warnings';
import { nodeClassStack } from './node-class-stack';

test('an unknown silenceWarnings code is an UnknownSilenceCode warning on the construct', () => {
  const { stack, nodeClass } = nodeClassStack({ silenceWarnings: ['SelectorWithoutDiscovery'] });
  const pool = new KarpenterNodePool(stack, 'Pool', {
    name: 'general-purpose',
    nodeClass,
    limits: { cpu: Quantity.cpu(10) },
    // A JavaScript caller, or a stale code after an upgrade.
    silenceWarnings: ['NodePoolWithoutLimit' as ManifestWarningCode],
  });

  expect(warningsOf(pool)).toEqual([
    expect.stringMatching(
      /^silence: "NodePoolWithoutLimit" is not a warning code, so it silences nothing \(did you mean "NodePoolWithoutLimits"\?\); codes that can be silenced: .*\(UnknownSilenceCode\)$/,
    ),
  ]);
  expect(warningsOf(nodeClass)).toEqual([]);
});
