import { IssueCollector } from '../issues';
import { isPlainObject } from '../json';
import { validateRoleArn } from './aws-partition';
import { ControllerIdentityType } from './controller-identity';
import { validateRegion } from './regions';
import { validateClusterName } from './cluster-name';
import { validateQueueName } from './interruption';
import { validateRoleName } from './node-role-policies';
import { ServiceAccountRefVerdict, validateNamespaceName, validateServiceAccountName } from './trust-policies';

const IDENTITY_TYPES: readonly string[] = Object.values(ControllerIdentityType);

/** A name checked where it entered: the value checked, and whether it passed. */
export interface CheckedName {
  readonly value: string;
  readonly valid: boolean;
}

/** The attributes' names `KarpenterAws` checked, by attribute. */
export interface CheckedAttributes {
  /** @default - unchecked */
  readonly clusterName?: CheckedName;
  /** @default - unchecked */
  readonly region?: CheckedName;
  /** @default - unchecked */
  readonly interruptionQueueName?: CheckedName;
  /** @default - unchecked */
  readonly nodeRoleName?: CheckedName;
  /** @default - unchecked */
  readonly controllerNamespace?: CheckedName;
  /** @default - unchecked */
  readonly controllerServiceAccount?: CheckedName;
}

/** A taint on the controller nodes, as Kubernetes spells it. */
export interface ControllerNodeTaint {
  readonly key: string;
  /** @default - no value */
  readonly value?: string;
  /** `NoSchedule`, `PreferNoSchedule` or `NoExecute`. */
  readonly effect: string;
}

/** The nodes of one `ControllerNodeGroup`: what the controller's replicas, placement and tolerations are checked against. */
export interface ControllerNodes {
  /** How many nodes the group runs (`desiredSize`). */
  readonly desiredSize: number;
  /** The labels of its nodes, `karpenter.sh/controller` among them. */
  readonly labels: Readonly<Record<string, string>>;
  /** The taints of its nodes. */
  readonly taints: readonly ControllerNodeTaint[];
  /**
   * The zones of its subnets, when known at synth (subnets of a `KarpenterNetwork`).
   * @default - unknown: the zone spread is not checked
   */
  readonly zones?: readonly string[];
}

const CHECKED_KEYS = ['clusterName', 'region', 'interruptionQueueName', 'nodeRoleName', 'controllerNamespace', 'controllerServiceAccount'] as const;

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
   * The names `KarpenterAws` checked where they entered (and reported any problem there), each with the value it
   * checked and its verdict. `KarpenterController` takes a verdict only for a value equal to the one checked, and
   * checks any other value itself, so a copy with a changed name is still checked.
   * @default - unchecked: `KarpenterController` checks every name
   */
  readonly checked?: CheckedAttributes;
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
  /**
   * The nodes of each `ControllerNodeGroup` of the cluster, as `KarpenterAws` found them when the attributes were read:
   * `KarpenterController` checks that its replicas can run there (enough nodes for the hostname anti-affinity, the
   * taints tolerated, more than one zone for the zone spread).
   * @default - unknown: the controller's placement is not checked against nodes
   */
  readonly controllerNodes?: readonly ControllerNodes[];
}

/**
 * Checks an attributes object, e.g. one written by hand. Names that decide resources and provider
 * configuration must be plain strings; only the role ARN may be a reference. A name `checked` holds a
 * verdict for (the same value) is not checked again. Returns the verdicts on the namespace and service account, and
 * `controllerNodes` when it can be read.
 */
export function validateKarpenterAwsAttributes(
  issues: IssueCollector,
  field: string,
  a: KarpenterAwsAttributes,
): ServiceAccountRefVerdict & { readonly controllerNodes?: readonly ControllerNodes[] } {
  // Checked once, where they entered: a verdict of KarpenterAws holds only for the value it checked.
  const checked = checkedAttribute(issues, `${field}.checked`, a.checked);
  const verdict = (key: (typeof CHECKED_KEYS)[number], check: () => void): boolean => {
    const c = checked?.[key];
    return c !== undefined && c.value === a[key] ? c.valid : issues.verdict(check);
  };
  verdict('clusterName', () =>
    validateClusterName(issues, `${field}.clusterName`, a.clusterName, 'it is Helm settings.clusterName and names the cluster the providers look up'),
  );
  verdict('region', () => validateRegion(issues, `${field}.region`, a.region));
  const queue = a.interruptionQueueName;
  if (queue !== undefined) verdict('interruptionQueueName', () => validateQueueNameAttribute(issues, `${field}.interruptionQueueName`, queue));
  verdict('nodeRoleName', () => validateRoleName(issues, `${field}.nodeRoleName`, a.nodeRoleName, false));
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
  const namespaceValid = verdict('controllerNamespace', () => validateNamespaceName(issues, `${field}.controllerNamespace`, a.controllerNamespace));
  const serviceAccountValid = verdict('controllerServiceAccount', () =>
    validateServiceAccountName(issues, `${field}.controllerServiceAccount`, a.controllerServiceAccount),
  );
  if (!IDENTITY_TYPES.includes(a.identityType)) {
    const allowed = IDENTITY_TYPES.map((t) => `'${t}'`).join(' or ');
    issues.error(`${field}.identityType`, 'InvalidIdentityType', `must be ${allowed}; got '${String(a.identityType)}'.`);
  }
  booleanAttribute(issues, `${field}.controllerNodeGroup`, a.controllerNodeGroup);
  const nodes = a.controllerNodes;
  const controllerNodes = nodes !== undefined && controllerNodesAttribute(issues, `${field}.controllerNodes`, nodes) ? nodes : undefined;
  if (a.identityType === ControllerIdentityType.IRSA)
    validateRoleArn(issues, `${field}.controllerRoleArn`, a.controllerRoleArn, 'InvalidIrsaRoleArn');
  return { namespaceValid, serviceAccountValid, controllerNodes };
}

/** `checked`; undefined when unset, or (reported) when malformed, e.g. edited by hand in a JSON file. */
function checkedAttribute(issues: IssueCollector, field: string, value: CheckedAttributes | undefined): CheckedAttributes | undefined {
  if (value === undefined) return undefined;
  const ignored = 'It is ignored: every name is checked here.';
  const shape = `{ ${CHECKED_KEYS.join(', ')} }, each { value, valid }`;
  if (!isPlainObject(value)) {
    issues.error(field, 'InvalidAttribute', `must be what KarpenterAws sets, ${shape}, or left out; got ${JSON.stringify(value)}. ${ignored}`);
    return undefined;
  }
  const wrong = Object.entries(value).flatMap(([k, v]): string[] => {
    if (!(CHECKED_KEYS as readonly string[]).includes(k)) return [`${k} is not a name it checks (${CHECKED_KEYS.join(', ')})`];
    if (v === undefined) return [];
    if (!isPlainObject(v)) return [`${k} must be { value, valid }, got ${JSON.stringify(v)}`];
    return [
      ...(typeof v.value === 'string' ? [] : [`${k}.value must be a string, got ${JSON.stringify(v.value) ?? 'nothing'}`]),
      ...(typeof v.valid === 'boolean' ? [] : [`${k}.valid must be true or false, got ${JSON.stringify(v.valid) ?? 'nothing'}`]),
    ];
  });
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

/**
 * `controllerNodes`, e.g. edited by hand in a JSON file: each entry `{ desiredSize, labels, taints, zones? }`. Returns
 * whether it can be read; a wrong entry is reported once here and the nodes are then not checked.
 */
export function controllerNodesAttribute(issues: IssueCollector, field: string, value: unknown): value is readonly ControllerNodes[] {
  const wrong = (at: string, what: string, got: unknown) => `${at} must be ${what}, got ${JSON.stringify(got) ?? 'nothing'}`;
  const problems: string[] = [];
  if (!Array.isArray(value)) problems.push(wrong(field, 'a list', value));
  else {
    value.forEach((g: unknown, i) => {
      const at = `${field}[${i}]`;
      if (!isPlainObject(g)) {
        problems.push(wrong(at, '{ desiredSize, labels, taints, zones? }', g));
        return;
      }
      if (typeof g.desiredSize !== 'number' && !issues.isUnresolved(g.desiredSize))
        problems.push(wrong(`${at}.desiredSize`, 'a number', g.desiredSize));
      if (!isPlainObject(g.labels) || !Object.values(g.labels).every((v) => typeof v === 'string')) {
        problems.push(wrong(`${at}.labels`, 'a map of strings', g.labels));
      }
      const taintOk = (t: unknown) =>
        isPlainObject(t) && typeof t.key === 'string' && typeof t.effect === 'string' && ['string', 'undefined'].includes(typeof t.value);
      if (!Array.isArray(g.taints) || !g.taints.every(taintOk)) problems.push(wrong(`${at}.taints`, 'a list of { key, value?, effect }', g.taints));
      const zonesOk = g.zones === undefined || (Array.isArray(g.zones) && g.zones.every((z) => typeof z === 'string'));
      if (!zonesOk) problems.push(wrong(`${at}.zones`, 'a list of zone names', g.zones));
    });
  }
  if (problems.length === 0) return true;
  issues.error(field, 'InvalidAttribute', `${problems.join('; ')}. The controller's placement is not checked against these nodes.`);
  return false;
}
