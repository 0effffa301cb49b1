// Validates an EC2NodeClass as the API server does, against the Karpenter 1.14 `ec2nodeclasses.karpenter.k8s.aws`
// CRD (v1): its OpenAPI schema (ec2nodeclass-schema.ts) and all 54 `x-kubernetes-validations` CEL rules
// (ec2nodeclass-cel-rules.ts); then the controller's runtime checks and the lints.
import { child, IssueCollector, ValidationContext, ValidationIssue } from '../issues';
import { lintEc2NodeClass } from '../lints/lint';
import { nodeClassAmiFamily } from '../model/ami-family';
import { userDataProblem } from '../model/user-data';
import { checkEnvelope } from './meta';
import { checkSilenceCodes } from './silence';
import { absent, checkSchema, pruneNulls } from './schema';
import { EC2NODECLASS_SPEC } from './ec2nodeclass-schema';
import { isPlainObject, show } from '../json';
import { EC2NODECLASS_API_VERSION } from '../model/types';

// Tests (crd-enums) import the schema from here, beside validateEc2NodeClass.
export { EC2NODECLASS_SPEC_SCHEMA } from './ec2nodeclass-schema';

/** Go `time.ParseDuration`: `90s`, `1m30s`, `1.5h`, `0`; units ns, us, µs, ms, s, m, h. */
const GO_DURATION_PATTERN = /^[-+]?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$/;

function runtimeChecks(spec: Record<string, unknown>, c: IssueCollector): void {
  const userData = spec.userData;
  if (typeof userData === 'string' && !c.isUnresolved(userData) && !c.isUnresolved(spec.amiFamily) && !c.isUnresolved(spec.amiSelectorTerms)) {
    // Only what the controller rejects is an error; the rest is the lint warning UserDataFormatMismatch.
    const problem = userDataProblem(nodeClassAmiFamily(spec), userData);
    if (problem?.rejectedByController) c.error('spec.userData', 'UserDataFormatRejected', problem.message);
  }
  const kubelet = isPlainObject(spec.kubelet) ? spec.kubelet : {};
  const grace = kubelet.evictionSoftGracePeriod;
  if (!isPlainObject(grace) || c.isUnresolved(grace)) return;
  for (const [k, v] of Object.entries(grace)) {
    // The controller decodes these as Go durations (metav1.Duration); the CRD only asks for a string.
    if (typeof v === 'string' && !c.isUnresolved(v) && !GO_DURATION_PATTERN.test(v)) {
      c.error(
        child('spec.kubelet.evictionSoftGracePeriod', k),
        'InvalidKubeletDuration',
        `${show(v)} is not a Go duration; use e.g. "90s", "1m30s" or "2m" (KarpenterDuration, but not never()). ` +
          'The API server accepts it, but the Karpenter controller cannot decode this EC2NodeClass, ' +
          'so no NodePool using it becomes Ready',
      );
    }
  }
}

// ------------------------------------------------------------------ entry point

/**
 * Validates a plain `karpenter.k8s.aws/v1` EC2NodeClass manifest against the Karpenter 1.14 CRD
 * schema and its CEL rules, plus the controller's runtime checks (see KARPENTER_RUNTIME_CHECK_CODES)
 * and lint warnings (`lintEc2NodeClass`).
 */
export function validateEc2NodeClass(manifest: unknown, ctx: ValidationContext = {}): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  checkSilenceCodes(ctx, c);
  if (!checkEnvelope(manifest, EC2NODECLASS_API_VERSION, 'EC2NodeClass', c)) return c.issues;
  // The CRD does not require spec; a NodeClass without one is useless, so it is still an error.
  if (absent(manifest.spec)) {
    c.error(
      'spec',
      'Ec2NodeClassWithoutSpec',
      'is missing: the API server accepts an EC2NodeClass without spec, but Karpenter cannot launch nodes from ' +
        'it; set amiSelectorTerms, subnetSelectorTerms and securityGroupSelectorTerms',
    );
    return c.issues;
  }
  // The API server prunes null fields before it validates (see pruneNulls); so do the rules here.
  const spec = c.isUnresolved(manifest.spec) ? manifest.spec : pruneNulls(manifest.spec, EC2NODECLASS_SPEC);
  checkSchema(spec, EC2NODECLASS_SPEC, 'spec', c);
  if (isPlainObject(spec) && !c.isUnresolved(spec)) {
    runtimeChecks(spec, c);
    c.add(lintEc2NodeClass({ ...manifest, spec }, ctx));
  }
  return c.issues;
}
