// Pure core: no cdktf or constructs imports.
import { AdmissionOptions, InstanceType } from './types';

/** The instance types a NodePool can launch with its EC2NodeClass on an empty cluster, after limits. */
export function admittedInstanceTypes(_nodePool: unknown, _nodeClass: unknown, _options: AdmissionOptions = {}): readonly InstanceType[] {
  return [];
}
