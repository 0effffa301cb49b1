import { Token } from 'cdktf';
import { Construct } from 'constructs';
import { builderValue } from '../core/builder-value';
import { DURATION_BUILDER, KarpenterDuration } from '../core/model/duration';
import { toYaml, unresolvedPath } from '../core/model/yaml';
import { failValidation, Severity, ValidationIssue } from '../core/issues';
import { reportIssuesAtSynth } from '../private/report';
import { KarpenterManifestOptions } from './karpenter-manifest-options';

/** Longer than the provider's 10 minutes: deleting a pool or node class waits for its nodes to drain. */
const DEFAULT_DELETE_TIMEOUT = KarpenterDuration.minutes(30);

/** `kubernetes_manifest` settings shared by the Karpenter custom resources. */
export function manifestResourceOptions(scope: Construct, props: KarpenterManifestOptions) {
  const issues: ValidationIssue[] = [];
  const deleteTimeout = builderValue(DURATION_BUILDER, props.deleteTimeout, 'deleteTimeout', issues);
  const neverTimeout = deleteTimeout?.isNever === true;
  if (neverTimeout) {
    const message = 'must be a finite duration (Terraform timeouts have no "Never"), e.g. KarpenterDuration.hours(2)';
    issues.push({ severity: Severity.ERROR, field: 'deleteTimeout', code: 'DeleteTimeoutNever', message });
  }
  if (issues.length > 0) reportIssuesAtSynth(scope, issues);
  return {
    provider: props.provider,
    dependsOn: props.dependsOn,
    // The controller writes hash annotations (karpenter.sh/nodepool-hash,
    // karpenter.k8s.aws/ec2nodeclass-hash); leaving them computed avoids a perpetual diff.
    computedFields: ['metadata.annotations', 'metadata.labels'],
    wait: props.waitForReady ? { condition: [{ type: 'Ready', status: 'True' }] } : undefined,
    timeouts: { delete: (neverTimeout ? DEFAULT_DELETE_TIMEOUT : (deleteTimeout ?? DEFAULT_DELETE_TIMEOUT)).toString() },
  };
}

/** YAML of a manifest that must hold only literal values. */
export function literalYaml(scope: Construct, manifest: object): string {
  const at = unresolvedPath(manifest, (v) => Token.isUnresolved(v));
  if (at) {
    failValidation(
      scope.node.path,
      at,
      'UnresolvedValueInYaml',
      'is a Terraform reference, known only at apply time; toYaml() needs literal values (pass plain strings, or apply the manifest with Terraform)',
    );
  }
  return toYaml(manifest);
}
