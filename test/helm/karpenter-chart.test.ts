// The Helm tier: the released `karpenter` chart rendered by the real Helm with the values the library synthesizes,
// and assertions on what the chart makes of them (not on our values), then the rendered Deployment scheduled by the
// simulator on the controller's nodes. Skips loudly without ../shared/reference/charts or a helm binary (fails in CI).
import * as path from 'path';
import { CONTROLLER_CONFIGURATIONS, ControllerConfiguration } from '../util/controller-configurations';
import { nodeManifests, scheduleOnNodes } from './controller-nodes';
import { helmTier } from './helm-binary';
import { helmLint, helmTemplate, K8sObject, Render } from './render';

const tier = helmTier('Helm tier (karpenter chart)');
const describeTier = tier.skipped ? describe.skip : describe;
const chart = () => path.join(tier.charts!, 'karpenter');

/** Renders each configuration once (one `helm template` each), on first use. */
const renders = new Map<string, Render>();
function renderOf(c: ControllerConfiguration): Render {
  let r = renders.get(c.name);
  if (r === undefined) {
    r = helmTemplate(tier.helm!, chart(), 'karpenter', c.expect.namespace, c.values());
    renders.set(c.name, r);
  }
  return r;
}

const deploymentOf = (r: Render): K8sObject => r.only('Deployment', 'karpenter');
const podSpecOf = (r: Render) => deploymentOf(r).spec.template.spec;
const containerOf = (r: Render) => podSpecOf(r).containers.find((c: { name: string }) => c.name === 'controller');
const envOf = (r: Render): Map<string, string | undefined> =>
  new Map(containerOf(r).env.map((e: { name: string; value?: string }) => [e.name, e.value] as [string, string | undefined]));

/** The chart's FEATURE_GATES string as gate name (camelCase, as our settings) to value. */
function featureGatesOf(env: Map<string, string | undefined>): Record<string, string> {
  const text = env.get('FEATURE_GATES') ?? '';
  return Object.fromEntries(
    text
      .split(',')
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]),
  );
}

/** Whether a toleration of the pod tolerates a taint, as the Kubernetes scheduler decides (v1 Toleration.ToleratesTaint). */
function tolerates(
  tolerations: { key?: string; operator?: string; value?: string; effect?: string }[],
  taint: { key: string; value?: string; effect: string },
) {
  return tolerations.some(
    (t) =>
      (t.effect === undefined || t.effect === '' || t.effect === taint.effect) &&
      (t.key === undefined || t.key === '' ? t.operator === 'Exists' : t.key === taint.key) &&
      ((t.operator ?? 'Equal') === 'Exists' || (t.value ?? '') === (taint.value ?? '')),
  );
}

function matchesLabels(selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>): boolean {
  return selector?.matchLabels !== undefined && Object.entries(selector.matchLabels).every(([k, v]) => labels[k] === v);
}

describeTier.each(CONTROLLER_CONFIGURATIONS.map((c) => [c.name, c] as const))('the karpenter chart rendered for %s', (_name, c) => {
  const e = c.expect;

  test('the Deployment runs the release image, as repository:tag@digest', () => {
    expect(containerOf(renderOf(c)).image).toBe(e.image);
    expect(deploymentOf(renderOf(c)).spec.replicas).toBe(e.replicas);
  });

  test('env carries CLUSTER_NAME, INTERRUPTION_QUEUE, FEATURE_GATES, the batch settings and the log level', () => {
    const env = envOf(renderOf(c));
    expect(env.get('CLUSTER_NAME')).toBe(e.clusterName);
    expect(env.get('INTERRUPTION_QUEUE')).toBe(e.queue);
    expect(env.has('INTERRUPTION_QUEUE')).toBe(e.queue !== undefined);
    const gates = featureGatesOf(env);
    for (const [gate, value] of Object.entries(e.featureGates ?? {})) expect([gate, gates[gate]]).toEqual([gate, String(value)]);
    expect(env.get('BATCH_MAX_DURATION')).toBe(e.batchMaxDuration);
    expect(env.get('BATCH_IDLE_DURATION')).toBe(e.batchIdleDuration);
    expect(env.get('LOG_LEVEL')).toBe(e.logLevel);
  });

  test('the ServiceAccount has the IRSA role annotation exactly when IRSA is chosen', () => {
    const sa = renderOf(c).only('ServiceAccount', 'karpenter');
    const annotations = sa.metadata.annotations ?? {};
    if (e.irsaRoleArn === undefined) expect(annotations).not.toHaveProperty(['eks.amazonaws.com/role-arn']);
    else expect(annotations['eks.amazonaws.com/role-arn']).toBe(e.irsaRoleArn);
    expect(podSpecOf(renderOf(c)).serviceAccountName).toBe(sa.metadata.name);
  });

  test("nodeSelector, tolerations and affinity match the controller nodes' labels and taints", () => {
    const spec = podSpecOf(renderOf(c));
    const nodes = c.nodes();
    const nodeLabels: Record<string, string> = { ...nodes.labels, 'kubernetes.io/os': 'linux' };
    for (const [key, value] of Object.entries(spec.nodeSelector ?? {})) expect([key, nodeLabels[key]]).toEqual([key, value]);
    const effects: Record<string, string> = { NO_SCHEDULE: 'NoSchedule', NO_EXECUTE: 'NoExecute', PREFER_NO_SCHEDULE: 'PreferNoSchedule' };
    for (const t of nodes.taints)
      expect([t.key, tolerates(spec.tolerations ?? [], { ...t, effect: effects[t.effect] ?? t.effect })]).toEqual([t.key, true]);
    // Never on a node Karpenter manages: it would run on the capacity it manages.
    expect(spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([
      { matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] },
    ]);
    // The chart injects its pods' label selector into the hostname anti-affinity and the zone spread.
    const podLabels = deploymentOf(renderOf(c)).spec.template.metadata.labels;
    const anti = spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution;
    expect(anti).toHaveLength(1);
    expect(anti[0].topologyKey).toBe('kubernetes.io/hostname');
    expect(matchesLabels(anti[0].labelSelector, podLabels)).toBe(true);
    const spread = spec.topologySpreadConstraints;
    expect(spread).toHaveLength(1);
    expect(spread[0]).toMatchObject({ topologyKey: 'topology.kubernetes.io/zone', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' });
    expect(matchesLabels(spread[0].labelSelector, podLabels)).toBe(true);
  });

  test('the PodDisruptionBudget covers the pods, and the pods have the priority class', () => {
    const pdb = renderOf(c).only('PodDisruptionBudget');
    expect(pdb.spec.maxUnavailable).toBe(e.pdbMaxUnavailable);
    expect(matchesLabels(pdb.spec.selector, deploymentOf(renderOf(c)).spec.template.metadata.labels)).toBe(true);
    expect(podSpecOf(renderOf(c)).priorityClassName).toBe('system-cluster-critical');
  });

  test('helm lint --strict passes with these values', () => {
    expect(helmLint(tier.helm!, chart(), c.values())).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  test('the controller can run: every replica lands on its own node of the group, spread over the zones', () => {
    const nodes = c.nodes();
    const result = scheduleOnNodes(deploymentOf(renderOf(c)), nodes);
    const names = new Set(nodeManifests(nodes).map((n) => (n.metadata as { name: string }).name));
    expect(result.pods.map((p) => [p.name, p.reason])).toEqual(result.pods.map((p) => [p.name, undefined]));
    expect(result.pods).toHaveLength(e.replicas);
    for (const p of result.pods) expect(names.has(p.node!)).toBe(true);
    // Required anti-affinity on the hostname: one replica a node.
    expect(new Set(result.pods.map((p) => p.node)).size).toBe(e.replicas);
    // maxSkew 1 over the zones.
    const perZone = [...new Set(nodes.zones)].map((z) => result.pods.filter((p) => p.zone === z).length);
    expect(Math.max(...perZone) - Math.min(...perZone)).toBeLessThanOrEqual(1);
    expect(result.nodeClaims ?? []).toEqual([]);
  });
});
