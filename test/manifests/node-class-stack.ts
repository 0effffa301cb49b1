// The stack most manifest tests start from: an empty `test` stack holding one valid EC2NodeClass.
import { TerraformStack } from 'cdktf';
import { AmiFamilyAlias } from '../../lib/core/api/ec2-node-class-definition';
import { AmiSelectorTerm, SecurityGroupSelectorTerm, SubnetSelectorTerm } from '../../lib/core/model/selector-terms';
import { Ec2NodeClass, Ec2NodeClassProps } from '../../lib/manifests/ec2-node-class';
import { newStack } from '../util/stacks';

/** A valid node class: discovery selectors for cluster `demo` and a pinned AL2023 alias. */
export const NODE_CLASS_PROPS: Ec2NodeClassProps = {
  name: 'default',
  role: 'KarpenterNodeRole-demo',
  amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'v20250505')],
  subnetSelectorTerms: [SubnetSelectorTerm.discovery('demo')],
  securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery('demo')],
};

/** `newStack()` with an `Ec2NodeClass` `NodeClass` of `NODE_CLASS_PROPS`, overridden by `props`. */
export function nodeClassStack(props: Partial<Ec2NodeClassProps> = {}): { stack: TerraformStack; nodeClass: Ec2NodeClass } {
  const stack = newStack();
  const nodeClass = new Ec2NodeClass(stack, 'NodeClass', { ...NODE_CLASS_PROPS, ...props });
  return { stack, nodeClass };
}
