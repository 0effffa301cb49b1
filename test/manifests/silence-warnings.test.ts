// silenceWarnings on the manifest constructs: typed as ManifestWarningCode; an unknown code (from
// JavaScript or a cast) is reported as a warning instead of silencing nothing, silently.
import { AnnotationMetadataEntryType, TerraformStack, Testing } from 'cdktf';
import { AmiFamilyAlias, AmiSelectorTerm, SecurityGroupSelectorTerm, SubnetSelectorTerm } from '../../lib/core/api/ec2-node-class-definition';
import { Quantity } from '../../lib/core/api/quantity';
import { ManifestWarningCode } from '../../lib/core/api/silence';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';

function warnings(c: { node: { metadata: { type: string; data: unknown }[] } }): string[] {
  return c.node.metadata.filter((m) => m.type === AnnotationMetadataEntryType.WARN).map((m) => String(m.data));
}

test('an unknown silenceWarnings code is an UnknownSilenceCode warning on the construct', () => {
  const stack = new TerraformStack(Testing.app(), 'test');
  const nodeClass = new Ec2NodeClass(stack, 'NodeClass', {
    name: 'default',
    role: 'KarpenterNodeRole-demo',
    amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'v20250505')],
    subnetSelectorTerms: [SubnetSelectorTerm.discovery('demo')],
    securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery('demo')],
    silenceWarnings: ['SelectorWithoutDiscovery'],
  });
  const pool = new KarpenterNodePool(stack, 'Pool', {
    name: 'general-purpose',
    nodeClass,
    limits: { cpu: Quantity.cpu(10) },
    // A JavaScript caller, or a stale code after an upgrade.
    silenceWarnings: ['NodePoolWithoutLimit' as ManifestWarningCode],
  });

  expect(warnings(pool)).toEqual([
    expect.stringMatching(
      /^silence: "NodePoolWithoutLimit" is not a warning code, so it silences nothing; codes that can be silenced: .*\(UnknownSilenceCode\)$/,
    ),
  ]);
  expect(warnings(nodeClass)).toEqual([]);
});
