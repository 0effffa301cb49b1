import { IssueCollector } from '../issues';
import { KARPENTER_CONTROLLER_REPLICAS } from '../shared/controller-nodes';

/** Sizes of a managed node group. */
export interface NodeGroupScaling {
  readonly minSize: number;
  readonly desiredSize: number;
  readonly maxSize: number;
}

/**
 * Checks the controller node group's sizes: `min <= desired <= max`, and enough nodes for both
 * controller replicas unless `allowSingleNode`. Tokens are skipped.
 */
export function validateControllerScaling(issues: IssueCollector, scaling: NodeGroupScaling, allowSingleNode: boolean): void {
  const { minSize, desiredSize, maxSize } = scaling;
  const known = (n: number) => !issues.isUnresolved(n);
  for (const [field, value] of Object.entries(scaling)) {
    if (known(value) && (!Number.isInteger(value) || value < 0)) {
      issues.error(field, 'InvalidNodeCount', `${field} must be a whole number >= 0, got ${value}.`);
    }
  }
  if (known(maxSize) && maxSize < 1) {
    issues.error('maxSize', 'MaxSizeBelowOne', `maxSize must be at least 1 (EKS rule), got ${maxSize}.`);
  }
  if (known(minSize) && known(desiredSize) && minSize > desiredSize) {
    issues.error(
      'minSize',
      'MinSizeAboveDesired',
      `minSize ${minSize} can't be greater than desiredSize ${desiredSize}. Lower minSize or raise desiredSize.`,
    );
  }
  if (known(desiredSize) && known(maxSize) && desiredSize > maxSize) {
    issues.error(
      'desiredSize',
      'DesiredSizeAboveMax',
      `desiredSize ${desiredSize} can't be greater than maxSize ${maxSize}. Raise maxSize or lower desiredSize.`,
    );
  }
  if (allowSingleNode) return;
  const need = KARPENTER_CONTROLLER_REPLICAS;
  const why =
    `Karpenter runs ${need} controller replicas with a required pod anti-affinity on kubernetes.io/hostname, ` +
    'so on fewer nodes one replica stays Pending (and the controller has no standby)';
  if (known(desiredSize) && desiredSize < need) {
    issues.error(
      'desiredSize',
      'TooFewControllerNodes',
      `desiredSize is ${desiredSize}, but ${why}. Use desiredSize >= ${need}, or set allowSingleNode: true to accept it.`,
    );
  }
  if (known(minSize) && minSize < need && !(known(desiredSize) && desiredSize < need)) {
    issues.warn('minSize', 'ControllerMinSizeBelowReplicas', `minSize is ${minSize}; if the group is scaled in below ${need} nodes, ${why}.`);
  }
}
