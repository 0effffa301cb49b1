// additionalValues: merged last into the values the library builds, with what they replace, contradict or the
// chart would ignore or mangle reported.
import { KarpenterAwsAttributes } from '../aws/karpenter-aws-attributes';
import { ControllerIdentityType } from '../aws/controller-identity';
import { IssueCollector, Severity } from '../issues';
import { cloneJson, isPlainObject } from '../json';
import { checkAdditionalValuesAgainstChart } from './chart-values-check';
import { KarpenterVersion } from './karpenter-version';

/** A plain JSON-like object, as Helm values are. */
export type HelmValues = { [key: string]: unknown };

/** The service account annotation IRSA reads. */
export const IRSA_ANNOTATION = 'eks.amazonaws.com/role-arn';

/** Where a chart value that identifies the cluster or the IAM binding comes from, and how to change it instead. */
interface ProtectedValue {
  readonly from: string;
  readonly fix: string;
}

/** Chart values set from the attributes: overriding them in `additionalValues` is an error. */
function protectedValues(k: KarpenterAwsAttributes): { readonly [path: string]: ProtectedValue } {
  return {
    'settings.clusterName': {
      from: 'karpenter.clusterName',
      fix: 'It must name the cluster of the KarpenterAws attributes; remove it from additionalValues.',
    },
    'settings.interruptionQueue': {
      from: 'karpenter.interruptionQueueName',
      fix: 'Set queueName (or enableSpotTermination) on KarpenterAws instead, so the queue and the controller agree.',
    },
    'serviceAccount.name': {
      from: 'karpenter.controllerServiceAccount',
      fix:
        'The controller role trusts only that service account, so the controller would get no AWS credentials. ' +
        'Set serviceAccount on the identity of KarpenterAws (ControllerIdentity.podIdentity({ serviceAccount }) or .irsa) instead.',
    },
    [`serviceAccount.annotations.${IRSA_ANNOTATION}`]: {
      from: 'karpenter.identityType and karpenter.controllerRoleArn',
      fix:
        k.identityType === ControllerIdentityType.IRSA
          ? 'It must be the controller role whose trust policy names this service account; change the role on KarpenterAws instead.'
          : 'The identity is Pod Identity, so a role annotation would make the SDK use a web identity the role does not trust. ' +
            'Use ControllerIdentity.irsa(...) on KarpenterAws for IRSA, or remove the annotation.',
    },
  };
}

/**
 * Deep-merges `extra` into `base` (objects merge, arrays and scalars replace) and reports what it replaces,
 * contradicts (the values set from the attributes) or the chart would ignore or mangle.
 */
export function applyAdditionalValues(
  issues: IssueCollector,
  base: HelmValues,
  extra: { [key: string]: unknown },
  version: KarpenterVersion,
  k: KarpenterAwsAttributes,
): HelmValues {
  const merged = mergeAdditionalValues(issues, base, extra, version, protectedValues(k));
  // webhook and settings.aws are ObsoleteHelmValue's; a value merging reported is not reported again.
  const reported = issues.issues.flatMap((i) =>
    i.severity === Severity.ERROR && i.field.startsWith('additionalValues.') ? [i.field.slice('additionalValues.'.length)] : [],
  );
  checkAdditionalValuesAgainstChart(issues, extra, version.chartVersion, ['webhook', 'settings.aws', ...reported]);
  return merged;
}

function formatPath(path: readonly string[]): string {
  return path.map((k, i) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `${i === 0 ? '' : '.'}${k}` : `["${k}"]`)).join('');
}

/** The value under a dotted path whose last key may itself hold dots (annotation keys do). */
function valueAt(v: unknown, path: string): unknown {
  if (!isPlainObject(v)) return undefined;
  if (Object.hasOwn(v, path)) return v[path];
  const dot = path.indexOf('.');
  return dot < 0 ? undefined : valueAt(v[path.slice(0, dot)], path.slice(dot + 1));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function containsUnresolved(issues: IssueCollector, v: unknown): boolean {
  if (issues.isUnresolved(v)) return true;
  if (Array.isArray(v)) return v.some((x) => containsUnresolved(issues, x));
  if (isPlainObject(v)) return Object.values(v).some((x) => containsUnresolved(issues, x));
  return false;
}

function mergeAdditionalValues(
  issues: IssueCollector,
  base: HelmValues,
  extra: { [key: string]: unknown },
  version: KarpenterVersion,
  protectedPaths: { readonly [path: string]: ProtectedValue },
): HelmValues {
  if ('webhook' in extra && version.isAtLeast('1.1.0')) {
    issues.warn(
      'additionalValues.webhook',
      'ObsoleteHelmValue',
      `chart ${version.chartVersion} has no webhook values (conversion webhooks were dropped in 1.1); remove them`,
    );
  }
  if (isPlainObject(extra.settings) && 'aws' in extra.settings) {
    issues.warn(
      'additionalValues.settings.aws',
      'ObsoleteHelmValue',
      'settings.aws.* are pre-0.32 values that v1 charts ignore; use the settings.* values (e.g. settings.clusterName)',
    );
  }
  const walk = (target: HelmValues, add: HelmValues, path: string[]): HelmValues => {
    const out: HelmValues = { ...target };
    for (const [key, value] of Object.entries(add)) {
      if (value === undefined) continue;
      const here = [...path, key];
      const current = Object.hasOwn(target, key) ? target[key] : undefined;
      if (isPlainObject(value) && isPlainObject(current)) {
        out[key] = walk(current, value, here);
        continue;
      }
      out[key] = cloneJson(value);
      const dotted = here.join('.');
      if (containsUnresolved(issues, value) || containsUnresolved(issues, current) || sameValue(value, current)) continue;
      const protectedValue = Object.hasOwn(protectedPaths, dotted) ? protectedPaths[dotted] : undefined;
      // Replacing a parent (e.g. `settings: null`) drops the protected values set below it.
      const dropped = Object.keys(protectedPaths).filter(
        (p) => p.startsWith(`${dotted}.`) && valueAt(current, p.slice(dotted.length + 1)) !== undefined,
      );
      if (protectedValue) {
        issues.error(
          `additionalValues.${formatPath(here)}`,
          'AdditionalValuesConflict',
          `${dotted} comes from ${protectedValue.from}${current === undefined ? '' : ` ('${String(current)}')`}; ` +
            `additionalValues.${formatPath(here)} would change it to ${JSON.stringify(value)}. ${protectedValue.fix}`,
        );
      } else if (dropped.length > 0) {
        issues.error(
          `additionalValues.${formatPath(here)}`,
          'AdditionalValuesConflict',
          `replacing ${dotted} with ${JSON.stringify(value)} would drop ${dropped.map((p) => `${p} (from ${protectedPaths[p].from})`).join(', ')}; ` +
            `give an object with only the keys to change under ${dotted}`,
        );
      } else if (current !== undefined) {
        issues.warn(
          `additionalValues.${formatPath(here)}`,
          'AdditionalValuesOverride',
          `replaces ${formatPath(here)} = ${JSON.stringify(current)}, set by this library, with ${JSON.stringify(value)}; ` +
            'prefer the typed option if there is one, or silence AdditionalValuesOverride',
        );
      }
    }
    return out;
  };
  return walk(base, extra, []);
}
