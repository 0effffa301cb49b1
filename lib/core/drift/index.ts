// The hashes Karpenter writes to decide static drift.
export { NODEPOOL_HASH_VERSION, EXPIRE_AFTER_DEFAULT, nodePoolHash, readNodePoolHash } from './nodepool-hash';
export type { NodePoolHashResult } from './nodepool-hash';
export { EC2NODECLASS_HASH_VERSION, ec2NodeClassHash, readEc2NodeClassHash } from './ec2nodeclass-hash';
export type { Ec2NodeClassHashOptions, Ec2NodeClassHashResult } from './ec2nodeclass-hash';
export { UNHASHABLE_FIELD } from './go-json';
export { parseGoDuration } from './go-duration';
