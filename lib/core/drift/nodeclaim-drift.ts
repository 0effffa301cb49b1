// One NodeClaim judged as Karpenter's drift controller judges it after the change (kubernetes-sigs/karpenter
// v1.14.1 pkg/controllers/nodeclaim/disruption/drift.go:53-180): only launched claims (:57-63); static drift by
// the stored hash when both hash versions agree (:152-168); requirements drift from its labels (:170-180); then
// the AWS provider's static NodeClassDrift (aws pkg/cloudprovider/drift.go:181-195). A Drifted condition is kept
// only while its cause holds (:69-75); causes that need AWS to re-check (AMI, subnet...) are taken as still holding.
import type { SchedulingRequirements } from '../scheduling/requirements';
import { EC2NODECLASS_HASH_VERSION } from './ec2nodeclass-hash';
import { NODEPOOL_HASH_VERSION } from './nodepool-hash';
import { annotationsOf, conditionOf, conditionTrue, labelsOf, nameOf } from './read';
import { claimRequirementsDrift } from './requirements-drift';
import type { DriftIssue, NodeClaimDrift } from './drift-types';

export const NODEPOOL_HASH = 'karpenter.sh/nodepool-hash';
export const NODEPOOL_HASH_VERSION_KEY = 'karpenter.sh/nodepool-hash-version';
export const NODECLASS_HASH = 'karpenter.k8s.aws/ec2nodeclass-hash';
export const NODECLASS_HASH_VERSION_KEY = 'karpenter.k8s.aws/ec2nodeclass-hash-version';

/** Earlier hash versions (NodePool v1-v2 before Karpenter v1.0; EC2NodeClass v1-v4 before provider v1.12). */
const OLD_POOL_VERSIONS = new Set(['v1', 'v2']);
const OLD_CLASS_VERSIONS = new Set(['v1', 'v2', 'v3', 'v4']);
/** Reasons the drift controller re-evaluates offline-computably; any other Drifted reason needs AWS to clear. */
const OFFLINE_REASONS = new Set(['NodePoolDrifted', 'RequirementsDrifted', 'NodeClassDrift']);

/** What a pool's claims are judged against after the change. */
export interface ClaimJudge {
  /** The NodePool's hash after the change; undefined when it cannot be computed. */
  readonly poolHash?: string;
  readonly requirements: SchedulingRequirements;
  /** The EC2NodeClass hash Karpenter will write, when the live annotation let us recover the CA term. */
  readonly classHash?: string;
  /** The class's hashed fields changed (from the manifests), for claims judged without `classHash`. */
  readonly classChanged?: boolean;
  /** The class has a change only AWS can resolve (selector terms). */
  readonly classDynamic: boolean;
}

type Static = { readonly drifted: boolean | 'unknown'; readonly detail?: string; readonly frozen?: boolean };

function staticPool(ann: ReadonlyMap<string, string>, judge: ClaimJudge, object: string, issues: DriftIssue[]): Static {
  const hash = ann.get(NODEPOOL_HASH);
  const version = ann.get(NODEPOOL_HASH_VERSION_KEY);
  if (hash === undefined || version === undefined) return { drifted: false };
  if (OLD_POOL_VERSIONS.has(version)) {
    return { drifted: false, frozen: true, detail: `hash version ${version} is older than ${NODEPOOL_HASH_VERSION}: Karpenter skips static drift` };
  }
  if (version !== NODEPOOL_HASH_VERSION) {
    issues.push({
      object,
      field: `metadata.annotations.${NODEPOOL_HASH_VERSION_KEY}`,
      code: 'DriftUnknownHashVersion',
      message: `hash version ${JSON.stringify(version)} is not one Karpenter 1.14.1 writes (${NODEPOOL_HASH_VERSION}): its static drift is unknown`,
    });
    return { drifted: 'unknown', detail: `unknown hash version ${version}` };
  }
  if (judge.poolHash === undefined) return { drifted: 'unknown', detail: 'the NodePool hash after the change cannot be computed' };
  return hash === judge.poolHash ? { drifted: false } : { drifted: true, detail: `stored hash ${hash} differs from the new ${judge.poolHash}` };
}

function staticClass(ann: ReadonlyMap<string, string>, judge: ClaimJudge, object: string, issues: DriftIssue[]): Static {
  const hash = ann.get(NODECLASS_HASH);
  const version = ann.get(NODECLASS_HASH_VERSION_KEY);
  if (hash === undefined || version === undefined) return { drifted: false };
  if (OLD_CLASS_VERSIONS.has(version)) return { drifted: false, frozen: true };
  if (version !== EC2NODECLASS_HASH_VERSION) {
    issues.push({
      object,
      field: `metadata.annotations.${NODECLASS_HASH_VERSION_KEY}`,
      code: 'DriftUnknownHashVersion',
      message:
        `hash version ${JSON.stringify(version)} is not one the AWS provider 1.14.1 writes (${EC2NODECLASS_HASH_VERSION}): ` +
        'its NodeClass drift is unknown',
    });
    return { drifted: 'unknown' };
  }
  if (judge.classHash !== undefined) {
    return hash === judge.classHash ? { drifted: false } : { drifted: true, detail: `stored hash ${hash} differs from the new ${judge.classHash}` };
  }
  if (judge.classChanged === undefined) return { drifted: 'unknown', detail: 'the EC2NodeClass hash cannot be computed' };
  return judge.classChanged ? { drifted: true, detail: 'a hashed field of its EC2NodeClass changed' } : { drifted: false };
}

/** One judged NodeClaim, and whether its EC2NodeClass hash alone would drift it (whatever Karpenter reports first). */
export interface JudgedClaim {
  readonly claim: NodeClaimDrift;
  readonly classDrift: boolean | 'unknown';
}

/** Judges one NodeClaim of a pool; issues (missing annotations, unknown versions) go to `issues`. */
export function judgeNodeClaim(claim: unknown, judge: ClaimJudge, issues: DriftIssue[]): JudgedClaim {
  const name = nameOf(claim);
  const object = `NodeClaim/${name}`;
  if (!conditionTrue(claim, 'Launched')) {
    return { claim: { name, drifted: false, detail: 'not launched: Karpenter judges drift only once it is' }, classDrift: false };
  }
  const ann = annotationsOf(claim);
  const missing = [NODEPOOL_HASH, NODEPOOL_HASH_VERSION_KEY, NODECLASS_HASH, NODECLASS_HASH_VERSION_KEY].filter((k) => !ann.has(k));
  if (missing.length > 0) {
    issues.push({
      object,
      field: 'metadata.annotations',
      code: 'DriftNodeClaimWithoutHash',
      message: `has no ${missing.join(', ')}: Karpenter skips that static drift check for it (only requirements and AWS checks apply)`,
    });
  }
  const pool = staticPool(ann, judge, object, issues);
  const cls = staticClass(ann, judge, object, issues);
  return { claim: decide(name, claim, judge, pool, cls), classDrift: cls.drifted };
}

/** Karpenter's order: static, requirements, the class hash, then an existing condition; else what AWS must decide. */
function decide(name: string, claim: unknown, judge: ClaimJudge, pool: Static, cls: Static): NodeClaimDrift {
  if (pool.drifted === true) return { name, drifted: true, reason: 'NodePoolDrifted', detail: pool.detail };
  const req = claimRequirementsDrift(labelsOf(claim), judge.requirements);
  if (req !== undefined) return { name, drifted: true, reason: 'RequirementsDrifted', detail: req };
  if (cls.drifted === true) return { name, drifted: true, reason: 'NodeClassDrift', detail: cls.detail };
  const existing = conditionOf(claim, 'Drifted');
  if (existing?.status === 'True') {
    const reason = typeof existing.reason === 'string' && existing.reason !== '' ? existing.reason : 'Drifted';
    // Version migration keeps the stale hash of an already drifted claim (core nodepool/hash/controller.go:97-129).
    if (!OFFLINE_REASONS.has(reason) || pool.frozen || cls.frozen) {
      return { name, drifted: true, reason, detail: 'already Drifted; the condition stays until Karpenter finds the cause gone' };
    }
  }
  if (pool.drifted === 'unknown' || cls.drifted === 'unknown') {
    return { name, drifted: 'unknown', detail: pool.detail ?? cls.detail ?? 'hash version unknown' };
  }
  if (judge.classDynamic) return { name, drifted: 'unknown', reason: 'Dynamic', detail: 'its EC2NodeClass changed a selector: AWS decides' };
  return { name, drifted: false, ...(pool.detail ? { detail: pool.detail } : {}) };
}
