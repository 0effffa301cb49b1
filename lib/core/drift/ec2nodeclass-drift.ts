// An EC2NodeClass's change, from its manifests (aws/karpenter-provider-aws v1.14.1): the hashed spec fields
// (pkg/apis/v1/ec2nodeclass.go:597-610, static NodeClassDrift, pkg/cloudprovider/drift.go:181-195), the selector
// terms that drift only once AWS resolves a different selection (drift.go:84-179), and what replaces nothing.
import { readEc2NodeClassHash } from './ec2nodeclass-hash';
import { field, obj, sameJson, unionKeys, withField } from './read';
import type { DriftIssue, DriftReason } from './drift-types';

/** `hash:"ignore"` fields whose change reaches nodes through `status` (AMIs, subnets, security groups, reservations). */
const RESOLVED_FROM_AWS: Readonly<Record<string, string>> = {
  subnetSelectorTerms: 'nodes drift once Karpenter resolves a different subnet set from AWS (SubnetDrift): a node outside it is replaced',
  securityGroupSelectorTerms: 'nodes drift once Karpenter resolves a different security-group set from AWS (SecurityGroupDrift)',
  capacityReservationSelectorTerms: 'nodes in a reservation no longer selected drift once Karpenter resolves it (CapacityReservationDrift)',
  amiSelectorTerms: 'nodes drift once Karpenter resolves AMIs that do not include theirs (AMIDrift), which needs AWS (SSM, EC2)',
};

/** The class's hash (without a CA bundle), or undefined with the reasons pushed to `issues`. */
export function classHashOf(nodeClass: unknown, object: string, issues: DriftIssue[], side: string): string | undefined {
  const r = readEc2NodeClassHash(nodeClass);
  for (const i of r.issues) issues.push({ object, field: i.field, code: i.code, message: `${side}: ${i.message}; its hash cannot be computed` });
  return r.hash;
}

/** Every change of one EC2NodeClass present on both sides; each spec field attributed by hashing `before` with it from `after`. */
export function nodeClassChanges(before: unknown, after: unknown, beforeHash: string | undefined): DriftReason[] {
  const bs = obj(before, 'spec');
  const as = obj(after, 'spec');
  const out: DriftReason[] = [];
  for (const key of unionKeys(bs, as)) {
    const bv = field(bs, key);
    const av = field(as, key);
    if (sameJson(bv, av)) continue;
    const at = `spec.${key}`;
    const mixed = readEc2NodeClassHash(withField(before as Record<string, unknown>, 'spec', withField(bs, key, av))).hash;
    const hashed = beforeHash === undefined || mixed === undefined || mixed !== beforeHash;
    if (hashed) {
      out.push({
        kind: 'NodeClass',
        field: at,
        before: bv,
        after: av,
        message: `${key} is hashed: every node of the class is replaced (NodeClassDrift)`,
      });
    }
    const dynamic = Object.hasOwn(RESOLVED_FROM_AWS, key) ? RESOLVED_FROM_AWS[key] : undefined;
    if (dynamic !== undefined) out.push({ kind: 'Dynamic', field: at, before: bv, after: av, message: dynamic });
    else if (!hashed) {
      const why = key === 'amiFamily' ? 'the resolved AMI family is the same' : 'not hashed';
      out.push({ kind: 'None', field: at, before: bv, after: av, message: `${why}: no node is replaced` });
    }
  }
  if (out.length === 0 && !sameJson(bs, as)) out.push({ kind: 'NodeClass', field: 'spec', message: 'the spec hash changed' });
  return out;
}
