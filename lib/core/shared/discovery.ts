/**
 * Tag Karpenter's getting-started guide puts on subnets and on one security group so that
 * EC2NodeClass selector terms (`tags: { 'karpenter.sh/discovery': <cluster> }`) find them.
 * A convention, not a controller requirement.
 */
export const KARPENTER_DISCOVERY_TAG_KEY = 'karpenter.sh/discovery';
