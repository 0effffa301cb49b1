// What the requirement case tables share: label keys, upstream's describe titles, mappings, pools and reasons.
import { nodePool, req, ZONES } from './fixtures';

export const ZONE = 'topology.kubernetes.io/zone';
export const IT = 'node.kubernetes.io/instance-type';
export const CPU = 'karpenter.k8s.aws/instance-cpu';
export const SIZE = 'karpenter.k8s.aws/instance-size';
export const GPU_NAME = 'karpenter.k8s.aws/instance-gpu-name';
export const [Z1, Z2, Z3] = ZONES;
export const CUSTOM = ['Scheduling', 'Custom Constraints', 'NodePool with Labels'];
export const WELL_KNOWN = ['Scheduling', 'Custom Constraints', 'Well Known Labels'];
export const VALIDATION = ['Scheduling', 'Custom Constraints', 'Constraints Validation'];
export const LOGIC = ['Scheduling', 'Custom Constraints', 'Scheduling Logic'];
export const FALLBACK = ['Scheduling', 'Preferential Fallback'];
export const COMPAT = ['Scheduling', 'Instance Type Compatibility'];
export const ZONE_MAP = 'test-zone-1..3 -> us-east-1a..c (the simulation is given these zones)';
export const INTEGER_MAP = 'fake.IntegerInstanceLabelKey -> karpenter.k8s.aws/instance-cpu (an integer label on every type)';
export const labelled = nodePool('default', { labels: { 'test-key': 'test-value' } });
export const testKeyPool = nodePool('default', { requirements: [req('test-key', 'In', 'test-value')] });
export const notKnown = 'incompatible requirements, label "test-key" does not have known values';
