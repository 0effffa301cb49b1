// Issue #16 items 2 and 3 at synth: user data in the wrong format, and pools their node class cannot serve.
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { AmiFamilyAlias } from '../../lib/core/api/ec2-node-class-definition';
import { AmiSelectorTerm } from '../../lib/core/model/selector-terms';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Arch, Os, Requirement } from '../../lib/core/model/requirement-builder';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { synthErrorLines } from '../private/at-synth';
import { newStack, synthOf } from '../util/stacks';
import { warningsOf } from '../util/warnings';
import { NODE_CLASS_PROPS, nodeClassStack } from './node-class-stack';

const LIMITS = { cpu: Quantity.cpu(100) };
const classWith = (alias: AmiFamilyAlias, userData?: string) =>
  nodeClassStack({ amiSelectorTerms: [AmiSelectorTerm.alias(alias, 'latest')], userData });

// The messages are the core's (test/core/model/user-data.test.ts, test/core/lints/node-class-compatibility.test.ts); these check the reporting.
describe('user data format of the AMI family', () => {
  test('Bottlerocket with a bash script fails synth: the controller cannot parse it as TOML', () => {
    expect(synthErrorLines(() => classWith(AmiFamilyAlias.BOTTLEROCKET, '#!/bin/bash\necho hi\n').nodeClass)).toEqual([
      expect.stringMatching(/^\[test\/NodeClass\] spec.userData: .*\(UserDataFormatRejected\)$/),
    ]);
  });

  test('Windows with a bash script and AL2023 with TOML are warnings', () => {
    expect(warningsOf(classWith(AmiFamilyAlias.WINDOWS_2022, '#!/bin/bash\necho hi\n').nodeClass)).toEqual([
      expect.stringMatching(/^spec.userData: .*\(UserDataFormatMismatch\)$/),
    ]);
    expect(warningsOf(classWith(AmiFamilyAlias.AL2023, '[settings.kubernetes]\nmax-pods = 110\n').nodeClass)).toEqual([
      expect.stringMatching(/^spec.userData: .*\(UserDataFormatMismatch\)$/),
    ]);
  });
});

describe('a NodePool its node class cannot serve', () => {
  test('a pool requiring os=windows on an AL2023 class fails synth, naming the pool path, requirement and class', () => {
    const lines = synthErrorLines(() => {
      const { stack, nodeClass } = nodeClassStack();
      return new KarpenterNodePool(stack, 'Windows', { name: 'windows', nodeClass, limits: LIMITS, requirements: [Requirement.os(Os.WINDOWS)] });
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[test\/Windows\] spec.template.spec.requirements\[0\]: admits kubernetes.io\/os windows only, but node class "default" \(test\/NodeClass\) uses AMI family AL2023.*\(NodePoolNodeClassMismatch\)$/,
      ),
    ]);
  });

  test('a Windows class with arch=arm64 fails synth; amd64 passes; a class known by name is not checked', () => {
    const { stack, nodeClass } = classWith(AmiFamilyAlias.WINDOWS_2022);
    const arm = new KarpenterNodePool(stack, 'Arm', {
      name: 'arm',
      nodeClass,
      limits: LIMITS,
      requirements: [Requirement.os(Os.WINDOWS), Requirement.arch(Arch.ARM64)],
    });
    expect(synthErrorLines(() => arm)).toEqual([
      expect.stringMatching(/^\[test\/Arm\] spec.template.spec.requirements\[1\]: .*\(NodePoolNodeClassMismatch\)$/),
    ]);
    // One cause, one report: the catalog lint would add NoCompatibleInstanceTypes for the same requirements.
    expect(warningsOf(arm)).toEqual([]);

    const ok = newStack();
    new KubernetesProvider(ok, 'Kubernetes');
    const nc = new Ec2NodeClass(ok, 'NodeClass', {
      ...NODE_CLASS_PROPS,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.WINDOWS_2022, 'latest')],
    });
    new KarpenterNodePool(ok, 'Amd', {
      name: 'amd',
      nodeClass: nc,
      limits: LIMITS,
      requirements: [Requirement.os(Os.WINDOWS), Requirement.arch(Arch.AMD64)],
    });
    new KarpenterNodePool(ok, 'ByName', {
      name: 'by-name',
      nodeClass: Ec2NodeClass.fromName('win'),
      limits: LIMITS,
      requirements: [Requirement.arch(Arch.ARM64)],
    });
    expect(() => synthOf(ok, { validate: true })).not.toThrow();
  });
});
