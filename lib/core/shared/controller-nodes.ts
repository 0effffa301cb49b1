// What the controller node group and the controller's Helm values agree on.

/** Label on the controller nodes (terraform-aws-eks examples/karpenter); the Helm release uses it as `nodeSelector`. */
export const CONTROLLER_NODE_LABEL_KEY = 'karpenter.sh/controller';
/** Value of `CONTROLLER_NODE_LABEL_KEY`. */
export const CONTROLLER_NODE_LABEL_VALUE = 'true';
/** Taint key the controller tolerates, so it can run on nodes kept for critical add-ons (`ControllerNodeGroup` criticalAddonsOnly). */
export const CRITICAL_ADDONS_ONLY_TAINT_KEY = 'CriticalAddonsOnly';
/** Replicas the Karpenter 1.14 chart runs (charts/karpenter/values.yaml `replicas: 2`), each on its own node (required hostname anti-affinity). */
export const KARPENTER_CONTROLLER_REPLICAS = 2;
