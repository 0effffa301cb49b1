import { IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { isPlainObject, lookupTable, show } from '../json';
import { EC2NODECLASS_API_VERSION, NODEPOOL_API_VERSION } from '../model/types';
import { validateEc2NodeClass } from './validate-ec2nodeclass';
import { validateNodePool } from './validate-nodepool';

/**
 * Codes of errors the API server accepts but that break at runtime: the Karpenter controller
 * rejects the object (its `RuntimeValidate`: the NodePool never becomes Ready) or cannot decode
 * it (a value its Go type does not take), or the API server rejects the NodeClaims or nodes it
 * would create, or the controller cannot parse a budget schedule and so blocks every disruption it covers
 * (`BudgetScheduleInvalid`), or fails every launch with the node class (`UserDataFormatRejected`);
 * plus `NameRequiredForApply`, a `generateName`-only object that `kubectl apply` and Terraform cannot manage.
 * Every other error code is something the API server itself rejects when the manifest is applied.
 */
export const KARPENTER_RUNTIME_CHECK_CODES: readonly string[] = [
  'InvalidTemplateLabelKey',
  'InvalidRequirementKey',
  'InvalidRequirementValue',
  'UnknownCapacityType',
  'UnknownInstanceTenancy',
  'RequirementMinValuesExceedsKnownValues',
  'InvalidTaintKey',
  'InvalidTaintValue',
  'DuplicateTaint',
  'NodePoolNameTooLong',
  'InvalidNodeClassRefName',
  'Ec2NodeClassWithoutSpec',
  'InvalidKubeletDuration',
  'Int32Overflow',
  'NameRequiredForApply',
  'BudgetScheduleInvalid',
  'UserDataFormatRejected',
];

const KINDS: { readonly [apiVersion: string]: string } = lookupTable({
  [NODEPOOL_API_VERSION]: 'NodePool',
  [EC2NODECLASS_API_VERSION]: 'EC2NodeClass',
});

/**
 * Validates any supported Karpenter manifest (`karpenter.sh/v1` NodePool,
 * `karpenter.k8s.aws/v1` EC2NodeClass), dispatching on `apiVersion` and `kind`. Anything else
 * is one error issue.
 */
export function validateManifest(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  if (isPlainObject(manifest)) {
    if (manifest.apiVersion === NODEPOOL_API_VERSION && manifest.kind === 'NodePool') return validateNodePool(manifest, ctx);
    if (manifest.apiVersion === EC2NODECLASS_API_VERSION && manifest.kind === 'EC2NodeClass') return validateEc2NodeClass(manifest, ctx);
  }
  const c = new IssueCollector(ctx);
  if (!isPlainObject(manifest)) {
    c.error('', 'InvalidType', `a manifest must be an object, got ${show(manifest)}`);
    return c.issues;
  }
  const { apiVersion, kind } = manifest;
  const expected = typeof apiVersion === 'string' ? KINDS[apiVersion] : undefined;
  if (apiVersion === NODEPOOL_API_VERSION && kind === 'NodeClaim') {
    // A real kind of the group: Karpenter creates NodeClaims, so there is no manifest of one to check.
    c.error('kind', 'UnsupportedKind', `${show(kind)} is a ${apiVersion} kind Karpenter creates; validateManifest checks NodePool and EC2NodeClass`);
  } else if (expected) {
    c.error('kind', 'UnsupportedKind', `${show(kind)} is not a kind of ${apiVersion}; expected ${expected}`);
  } else {
    const v1beta1 =
      typeof apiVersion === 'string' && /^karpenter\.(sh|k8s\.aws)\/v1beta1$/.test(apiVersion)
        ? '; v1beta1 was removed in Karpenter 1.1, migrate the manifest to v1'
        : '';
    c.error(
      'apiVersion',
      'UnsupportedApiVersion',
      `${show(apiVersion)} (kind ${show(kind)}) is not supported; supported: ${NODEPOOL_API_VERSION} NodePool, ` +
        `${EC2NODECLASS_API_VERSION} EC2NodeClass${v1beta1}`,
    );
  }
  return c.issues;
}
