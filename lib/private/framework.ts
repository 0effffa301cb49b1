import { TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';

const checked = new WeakSet<object>();

/**
 * Fails with a clear message when a construct is added to a stack of another framework copy: CDK Terrain
 * (`cdktn`) marks its stacks with the same symbol as cdktf, so cdktf would accept the stack and the app
 * would crash later at synth (`_resetResolveDiscoveredProviderFeatureUsage is not a function`).
 */
export function checkFramework(scope: IConstruct): void {
  let stack: unknown;
  try {
    stack = TerraformStack.of(scope);
  } catch {
    return; // no stack: cdktf itself reports that
  }
  if (checked.has(stack as object)) return;
  if (!(stack instanceof TerraformStack)) {
    throw new Error(
      `${scope.node.path}: the stack is not a TerraformStack of the cdktf package this library uses. ` +
        'cdktf-karpenter-eks constructs support CDK for Terraform (cdktf) 0.21 only; a CDK Terrain (cdktn) app, ' +
        'or a second copy of cdktf in node_modules (check `npm ls cdktf`), is not supported. ' +
        "From cdktn, use the pure core ('cdktf-karpenter-eks/core': NodePoolDefinition, Ec2NodeClassDefinition, " +
        'validateManifest, policies, Helm values) and create the resources with your framework.',
    );
  }
  checked.add(stack);
}
