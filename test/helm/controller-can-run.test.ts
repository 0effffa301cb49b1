// "The controller can run", proven both ways: the rendered Deployment scheduled by the simulator on a
// ControllerNodeGroup's nodes, and the synth-time check of KarpenterController on the same group's facts. For each
// group that cannot take the controller (one node for two replicas, a taint it does not tolerate, one zone), the
// simulator's verdict on the real render and the synth verdict must agree.
import * as path from 'path';
import { planControllerNodeGroup } from '../../lib/core/aws/controller-node-group-plan';
import { KarpenterHelmValuesOptions } from '../../lib/core/controller/helm-values';
import { planKarpenterController } from '../../lib/core/controller/karpenter-controller-plan';
import { karpenterAttributes } from '../util/karpenter-attributes';
import { ControllerNodes as SimulatedNodes, scheduleOnNodes } from './controller-nodes';
import { helmTier } from './helm-binary';
import { helmTemplate } from './render';

const tier = helmTier('Helm tier (the controller can run)');
const describeTier = tier.skipped ? describe.skip : describe;

type GroupInput = Omit<Parameters<typeof planControllerNodeGroup>[0], 'clusterName' | 'subnetIds'>;

/** One case: a ControllerNodeGroup in some zones, the controller's options, and the verdict both sides must reach. */
interface Case {
  readonly group: GroupInput;
  readonly zones: readonly string[];
  readonly controller?: Partial<KarpenterHelmValuesOptions>;
  /** Replicas the simulator leaves Pending. */
  readonly pending: number;
  /** Zones the running replicas use. */
  readonly zonesUsed: number;
  /** The codes synth reports (the group's and the controller's). */
  readonly codes: readonly string[];
}

const TWO_ZONES = ['eu-west-1a', 'eu-west-1b'];
const CASES: readonly [string, Case][] = [
  ['the default group in two zones: both replicas run, one a zone', { group: {}, zones: TWO_ZONES, pending: 0, zonesUsed: 2, codes: [] }],
  [
    'one node for two replicas: one stays Pending',
    {
      group: { desiredSize: 1, minSize: 1, allowSingleNode: true },
      zones: TWO_ZONES,
      pending: 1,
      zonesUsed: 1,
      codes: ['warning:ControllerReplicasExceedNodes'],
    },
  ],
  [
    'one node for two replicas, not allowed: the group fails synth too',
    {
      group: { desiredSize: 1, minSize: 1 },
      zones: TWO_ZONES,
      pending: 1,
      zonesUsed: 1,
      codes: ['error:TooFewControllerNodes', 'warning:ControllerReplicasExceedNodes'],
    },
  ],
  [
    'three replicas on two nodes: one stays Pending',
    { group: {}, zones: TWO_ZONES, controller: { replicas: 3 }, pending: 1, zonesUsed: 2, codes: ['warning:ControllerReplicasExceedNodes'] },
  ],
  [
    'a taint the pods do not tolerate: every replica stays Pending',
    {
      group: { criticalAddonsOnly: true },
      zones: TWO_ZONES,
      controller: { additionalValues: { tolerations: [] } },
      pending: 2,
      zonesUsed: 0,
      codes: ['warning:AdditionalValuesOverride', 'error:ControllerTaintNotTolerated'],
    },
  ],
  [
    'the tainted group with the default tolerations: both run',
    { group: { criticalAddonsOnly: true }, zones: TWO_ZONES, pending: 0, zonesUsed: 2, codes: [] },
  ],
  [
    'a single-zone group of two subnets: both run, in that one zone',
    { group: {}, zones: ['eu-west-1a', 'eu-west-1a'], pending: 0, zonesUsed: 1, codes: ['warning:ControllerNodesInOneZone'] },
  ],
  [
    'a single-zone group of one subnet: both run, in that one zone',
    { group: {}, zones: ['eu-west-1a'], pending: 0, zonesUsed: 1, codes: ['warning:SingleSubnet', 'warning:ControllerNodesInOneZone'] },
  ],
];

describeTier.each(CASES)('%s', (_name, c) => {
  const group = planControllerNodeGroup({ clusterName: 'demo', subnetIds: c.zones.map((_, i) => `subnet-${i}`), subnetZones: c.zones, ...c.group });
  const controller = planKarpenterController({ karpenter: karpenterAttributes({ controllerNodes: [group.nodes] }), ...c.controller });

  test('synth reports it', () => {
    expect([...group.issues, ...controller.issues].map((i) => `${i.severity}:${i.code}`)).toEqual(c.codes);
  });

  test('the simulator, on the real render, agrees', () => {
    const deployment = helmTemplate(tier.helm!, path.join(tier.charts!, 'karpenter'), 'karpenter', 'kube-system', controller.values).only(
      'Deployment',
      'karpenter',
    );
    const nodes: SimulatedNodes = {
      instanceType: group.instanceTypes[0],
      labels: group.nodes.labels,
      taints: group.taints,
      zones: c.zones,
      desiredSize: group.scaling.desiredSize,
    };
    const result = scheduleOnNodes(deployment, nodes);
    const running = result.pods.filter((p) => p.node !== undefined);
    expect(result.pods).toHaveLength(deployment.spec.replicas);
    expect(result.pods.length - running.length).toBe(c.pending);
    expect(new Set(running.map((p) => p.zone)).size).toBe(c.zonesUsed);
    expect(new Set(running.map((p) => p.node)).size).toBe(running.length);
  });
});
