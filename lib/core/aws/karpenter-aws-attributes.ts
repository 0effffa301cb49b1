// Pure core: no cdktf or constructs imports in lib/core.
import { IssueCollector } from '../issues';
import { validateRoleArn } from './aws-partition';
import { ControllerIdentityType } from './controller-identity';
import { validateRegion } from './regions';
import { validateClusterName } from './cluster-name';
import { validateQueueName } from './interruption';
import { validateRoleName } from './node-role-policies';
import { ServiceAccountRefVerdict, validateNamespaceName, validateServiceAccountName } from './trust-policies';

const IDENTITY_TYPES: readonly string[] = Object.values(ControllerIdentityType);

/**
 * Everything the controller side needs from the AWS side of one Karpenter install, as plain
 * strings: `KarpenterAws.attributes` builds it, `KarpenterController` takes it. Pass it to a
 * stack that installs the controller, or write it down by hand for roles created elsewhere.
 * Under Pod Identity every value the controller reads is a plain string, so nothing crosses
 * stacks as a Terraform reference; under IRSA `controllerRoleArn` is the role's `arn` attribute.
 */
export interface KarpenterAwsAttributes {
  /** Name of the EKS cluster (Helm `settings.clusterName`). */
  readonly clusterName: string;
  /** Region of the cluster (for `aws eks get-token`). */
  readonly region: string;
  /**
   * Name of the interruption queue (Helm `settings.interruptionQueue`).
   * @default - no interruption queue
   */
  readonly interruptionQueueName?: string;
  /** Name of the node role (EC2NodeClass `spec.role`). */
  readonly nodeRoleName: string;
  /** Namespace the controller role trusts; the Helm releases go there. */
  readonly controllerNamespace: string;
  /** Service account the controller role trusts; the Helm release sets `serviceAccount.name` to it. */
  readonly controllerServiceAccount: string;
  /**
   * The namespace and service account as `KarpenterAws` checked them from its identity (and reported any problem
   * there). `KarpenterController` takes a verdict only for a value equal to the one checked, and checks any other
   * value itself, so a copy with a changed namespace is still checked.
   * @default - unchecked: `KarpenterController` checks both
   */
  readonly checkedIdentity?: {
    readonly namespace: string;
    readonly namespaceValid: boolean;
    readonly serviceAccount: string;
    readonly serviceAccountValid: boolean;
  };
  /** How the controller gets credentials: a `ControllerIdentityType`, or its value as a plain string (`'podIdentity'`, `'irsa'`). */
  readonly identityType: `${ControllerIdentityType}`;
  /** ARN of the controller role (the IRSA annotation `eks.amazonaws.com/role-arn`; unused under Pod Identity). */
  readonly controllerRoleArn: string;
  /**
   * Whether a `ControllerNodeGroup` of this library runs on the cluster, so nodes labelled
   * `karpenter.sh/controller=true` exist for the controller's default placement. `KarpenterAws`
   * sets it; without it the controller needs an explicit `placement`.
   * @default false
   */
  readonly controllerNodeGroup?: boolean;
}

/**
 * Checks an attributes object, e.g. one written by hand. Names that decide resources and provider
 * configuration must be plain strings; only the role ARN may be a reference. Returns the verdicts on the
 * namespace and service account: those of `checkedIdentity` for a value equal to the one it checked, else
 * those of the check made here.
 */
export function validateKarpenterAwsAttributes(issues: IssueCollector, field: string, a: KarpenterAwsAttributes): ServiceAccountRefVerdict {
  validateClusterName(issues, `${field}.clusterName`, a.clusterName, 'it is Helm settings.clusterName and names the cluster the providers look up');
  validateRegion(issues, `${field}.region`, a.region);
  if (a.interruptionQueueName !== undefined) validateQueueNameAttribute(issues, `${field}.interruptionQueueName`, a.interruptionQueueName);
  validateRoleName(issues, `${field}.nodeRoleName`, a.nodeRoleName, false);
  // Plain strings, so that they can cross stacks without a Terraform reference.
  const mustBePlain = {
    region: "it goes into the providers' aws eks get-token, and provider configuration must not hold a cross-stack reference",
    controllerNamespace: 'it decides the Helm release and its FlowSchemas',
    controllerServiceAccount: 'it decides the Helm release and its FlowSchemas',
  } as const;
  for (const [key, why] of Object.entries(mustBePlain) as [keyof typeof mustBePlain, string][]) {
    if (issues.isUnresolved(a[key])) {
      issues.error(
        `${field}.${key}`,
        'AttributeIsToken',
        `must be a plain string known at synth (${why}), got a Terraform token. Pass the literal value.`,
      );
    }
  }
  // Checked once, where they entered: a verdict of KarpenterAws holds only for the value it checked.
  const checked = checkedIdentityAttribute(issues, `${field}.checkedIdentity`, a.checkedIdentity);
  const namespaceValid =
    checked?.namespace === a.controllerNamespace
      ? checked.namespaceValid
      : validateNamespaceName(issues, `${field}.controllerNamespace`, a.controllerNamespace);
  const serviceAccountValid =
    checked?.serviceAccount === a.controllerServiceAccount
      ? checked.serviceAccountValid
      : validateServiceAccountName(issues, `${field}.controllerServiceAccount`, a.controllerServiceAccount);
  if (!IDENTITY_TYPES.includes(a.identityType)) {
    const allowed = IDENTITY_TYPES.map((t) => `'${t}'`).join(' or ');
    issues.error(`${field}.identityType`, 'InvalidIdentityType', `must be ${allowed}; got '${String(a.identityType)}'.`);
  }
  booleanAttribute(issues, `${field}.controllerNodeGroup`, a.controllerNodeGroup);
  if (a.identityType === ControllerIdentityType.IRSA)
    validateRoleArn(issues, `${field}.controllerRoleArn`, a.controllerRoleArn, 'InvalidIrsaRoleArn');
  return { namespaceValid, serviceAccountValid };
}

/** `checkedIdentity`; undefined when unset, or (reported) when malformed, e.g. edited by hand in a JSON file. */
function checkedIdentityAttribute(
  issues: IssueCollector,
  field: string,
  value: KarpenterAwsAttributes['checkedIdentity'],
): KarpenterAwsAttributes['checkedIdentity'] {
  if (value === undefined) return undefined;
  const ignored = 'It is ignored: the namespace and service account are checked here.';
  const shape = '{ namespace, namespaceValid, serviceAccount, serviceAccountValid }';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.error(field, 'InvalidAttribute', `must be what KarpenterAws sets, ${shape}, or left out; got ${JSON.stringify(value)}. ${ignored}`);
    return undefined;
  }
  const types = { namespace: 'string', namespaceValid: 'boolean', serviceAccount: 'string', serviceAccountValid: 'boolean' } as const;
  const wrong = (Object.keys(types) as (keyof typeof types)[])
    .filter((k) => typeof value[k] !== types[k])
    .map((k) => `${k} must be ${types[k] === 'string' ? 'a string' : 'true or false'}, got ${JSON.stringify(value[k]) ?? 'nothing'}`);
  if (wrong.length === 0) return value;
  issues.error(field, 'InvalidAttribute', `${wrong.join('; ')}. ${ignored}`);
  return undefined;
}

/** A boolean attribute; undefined when unset, or (reported) when it is no boolean, e.g. `'true'` from a JSON file. */
function booleanAttribute(issues: IssueCollector, field: string, value: boolean | undefined): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  issues.error(field, 'InvalidAttribute', `must be true or false; got ${JSON.stringify(value)}.`);
  return undefined;
}

/** Helm `settings.interruptionQueue` takes the queue name; say which one when given an ARN or URL. */
function validateQueueNameAttribute(issues: IssueCollector, field: string, queue: string): void {
  if (issues.isUnresolved(queue)) return;
  if (queue.startsWith('arn:')) {
    issues.error(
      field,
      'InterruptionQueueIsArn',
      `settings.interruptionQueue takes the queue name, not its ARN; got '${queue}', use '${queue.split(':').pop()}'`,
    );
  } else if (/^https?:\/\//.test(queue)) {
    issues.error(
      field,
      'InterruptionQueueIsUrl',
      `settings.interruptionQueue takes the queue name, not its URL; got '${queue}', use '${queue.replace(/\/+$/, '').split('/').pop()}'`,
    );
  } else {
    validateQueueName(issues, field, queue, false);
  }
}
