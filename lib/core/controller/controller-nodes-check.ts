// Whether the controller pods the chart renders can run on the cluster's ControllerNodeGroups: the same scheduling
// terms the Helm tier (test/helm) renders with the real chart and schedules with the simulator, read from the final
// values (after additionalValues) as plain rules, so synth needs neither Helm nor the simulator.
import { ControllerNodes, ControllerNodeTaint } from '../aws/karpenter-aws-attributes';
import { IssueCollector } from '../issues';
import { isPlainObject } from '../json';

/** The warnings of this check, for `CONTROLLER_WARNING_CODES`. */
export const CONTROLLER_NODES_WARNING_CODES = ['ControllerReplicasExceedNodes', 'ControllerNodesInOneZone'] as const;

const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';
// Every Linux node has it: the controller node groups run Linux AMIs only.
const OS_LABEL = 'kubernetes.io/os';

interface Toleration {
  readonly key?: unknown;
  readonly operator?: unknown;
  readonly value?: unknown;
  readonly effect?: unknown;
}

/**
 * v1 `Toleration.ToleratesTaint` (kubernetes/api v0.36.3 core/v1/toleration.go:52-77), with the alpha Lt/Gt
 * comparison operators off (their feature gate's default), so they tolerate nothing.
 */
export function toleratesTaint(t: Toleration, taint: ControllerNodeTaint): boolean {
  if (t.effect !== undefined && t.effect !== '' && t.effect !== taint.effect) return false;
  if (t.key !== undefined && t.key !== '' && t.key !== taint.key) return false;
  const operator = t.operator ?? '';
  if (operator === 'Exists') return true;
  return (operator === '' || operator === 'Equal') && (t.value ?? '') === (taint.value ?? '');
}

/** A taint the pod must tolerate to be scheduled (PreferNoSchedule only steers). */
const blocks = (taint: ControllerNodeTaint) => taint.effect === 'NoSchedule' || taint.effect === 'NoExecute';

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const termsWith = (v: unknown, topologyKey: string, extra: (t: Record<string, unknown>) => boolean = () => true): boolean =>
  listOf(v).some((t) => isPlainObject(t) && t.topologyKey === topologyKey && extra(t));

/**
 * Checks the controller's final chart values against the nodes of the ControllerNodeGroups: the groups its
 * `nodeSelector` selects must have a taint-free (or tolerated) group, enough nodes for one replica each (required
 * hostname anti-affinity), and more than one zone for the zone spread to mean anything. Tokens skip the check.
 */
export function checkControllerNodes(
  issues: IssueCollector,
  values: { readonly [key: string]: unknown },
  groups: readonly ControllerNodes[],
  tolerationsField: string,
): void {
  const selector = isPlainObject(values.nodeSelector) ? values.nodeSelector : {};
  if (issues.isUnresolved(values.replicas) || Object.entries(selector).some(([k, v]) => issues.isUnresolved(k) || issues.isUnresolved(v))) return;
  const selected = groups.filter((g) =>
    Object.entries(selector).every(([k, v]) => k === OS_LABEL || (Object.hasOwn(g.labels, k) && g.labels[k] === v)),
  );
  // The pods run on nodes of someone else's (a label of a node group the user owns): not ours to count.
  if (selected.length === 0) return;
  const tolerations = listOf(values.tolerations).filter(isPlainObject) as Toleration[];
  const untolerated = (g: ControllerNodes) => g.taints.filter((taint) => blocks(taint) && !tolerations.some((t) => toleratesTaint(t, taint)));
  const runnable = selected.filter((g) => untolerated(g).length === 0);
  if (runnable.length === 0) {
    const taints = [...new Set(selected.flatMap(untolerated).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`))];
    issues.error(
      tolerationsField,
      'ControllerTaintNotTolerated',
      `the controller nodes carry ${taints.join(', ')}, which the controller pods' tolerations ${JSON.stringify(values.tolerations ?? [])} ` +
        'do not tolerate, so every replica stays Pending and Karpenter never starts. Keep a toleration for it ' +
        "(the library's default tolerates CriticalAddonsOnly), or turn off ControllerNodeGroup criticalAddonsOnly.",
    );
    return;
  }
  const replicas = values.replicas;
  if (typeof replicas !== 'number' || runnable.some((g) => issues.isUnresolved(g.desiredSize))) return;
  const affinity = isPlainObject(values.affinity) ? values.affinity : {};
  const anti = isPlainObject(affinity.podAntiAffinity) ? affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  const nodes = runnable.reduce((n, g) => n + g.desiredSize, 0);
  if (termsWith(anti, HOSTNAME) && replicas > nodes) {
    issues.warn(
      'replicas',
      'ControllerReplicasExceedNodes',
      `${replicas} controller replicas need ${replicas} nodes (the chart's required pod anti-affinity on ${HOSTNAME} puts one on each), ` +
        `but the ControllerNodeGroup runs ${nodes}, so ${replicas - nodes} stay Pending. Raise ControllerNodeGroup desiredSize ` +
        `and ControllerNodeGroup minSize to ${replicas}, or lower replicas.`,
    );
  }
  const zones = runnable.every((g) => g.zones !== undefined) ? [...new Set(runnable.flatMap((g) => g.zones ?? []))] : undefined;
  const spread = termsWith(values.topologySpreadConstraints, ZONE, (t) => t.whenUnsatisfiable === 'DoNotSchedule');
  if (spread && replicas > 1 && zones?.length === 1) {
    issues.warn(
      'karpenter.controllerNodes',
      'ControllerNodesInOneZone',
      `every controller node is in ${zones[0]}, so all ${replicas} controller replicas run there (the chart's zone spread counts ` +
        'only zones that have a node) and an outage of that zone stops Karpenter. Give the ControllerNodeGroup subnetIds in 2 or more zones.',
    );
  }
}
