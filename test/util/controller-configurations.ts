// The controller configurations the tests build Helm values for: the Helm values keys test checks their keys against
// the chart's values.yaml, and the Helm tier (test/helm) renders them with the real chart. Each comes with the inputs
// its rendered objects must show, so the Helm tier asserts on the render against these, not against our values.
import { Testing } from 'cdktf';
import { buildExistingClusterApp } from '../../examples/existing-cluster/app';
import { EXAMPLE_VALUES as EXISTING_CLUSTER } from '../../examples/existing-cluster/config';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { planControllerNodeGroup } from '../../lib/core/aws/controller-node-group-plan';
import { ControllerPlacement, DnsPolicy, KarpenterFeatureGates, LogLevel } from '../../lib/core/controller/controller-settings';
import { HelmValues, KarpenterHelmValuesOptions, buildKarpenterHelmValues } from '../../lib/core/controller/helm-values';
import { KarpenterRegistry } from '../../lib/core/controller/karpenter-version';
import { KARPENTER_RELEASE } from '../../lib/core/controller/release';
import { ControllerNodes, controllerNodesOf } from '../helm/controller-nodes';
import { karpenterAttributes } from './karpenter-attributes';

/** What a configuration's render must show, from its inputs. */
export interface ControllerExpectations {
  readonly namespace: string;
  readonly clusterName: string;
  /** The interruption queue; undefined when the configuration has none. */
  readonly queue?: string;
  /** The IRSA role; undefined under Pod Identity. */
  readonly irsaRoleArn?: string;
  /** The image reference the Deployment must run. */
  readonly image: string;
  readonly replicas: number;
  /** The feature gates set (the others keep the chart's defaults). */
  readonly featureGates?: KarpenterFeatureGates;
  readonly batchMaxDuration?: string;
  readonly batchIdleDuration?: string;
  readonly logLevel: string;
  readonly pdbMaxUnavailable: number;
}

/** One configuration: the values the library synthesizes, what they must render to, and the nodes they run on. */
export interface ControllerConfiguration {
  readonly name: string;
  readonly values: () => HelmValues;
  readonly expect: ControllerExpectations;
  /** The nodes the controller runs on: its ControllerNodeGroup, or (an existing cluster) the cluster's own nodes. */
  readonly nodes: () => ControllerNodes;
}

const PUBLIC_IMAGE = `${KARPENTER_RELEASE.imageRepository}:${KARPENTER_RELEASE.imageTag}@${KARPENTER_RELEASE.imageDigest}`;
const PRIVATE_REPOSITORY = '123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter/controller';
const IRSA_ROLE = 'arn:aws:iam::123456789012:role/KarpenterController-demo';
const DEMO_ZONES = ['eu-west-1a', 'eu-west-1b'];

const DEMO: ControllerExpectations = {
  namespace: 'kube-system',
  clusterName: 'demo',
  queue: 'Karpenter-demo',
  image: PUBLIC_IMAGE,
  replicas: 2,
  // The chart's defaults (values.yaml settings.batchMaxDuration, batchIdleDuration).
  batchMaxDuration: '10s',
  batchIdleDuration: '1s',
  logLevel: 'info',
  pdbMaxUnavailable: 1,
};

const valuesOf = (options: Partial<KarpenterHelmValuesOptions>): HelmValues =>
  buildKarpenterHelmValues({ karpenter: karpenterAttributes(), ...options }).values;

/** The default ControllerNodeGroup of cluster `demo`, one private subnet in each of two zones (changes applied). */
export function demoControllerNodes(changes: Parameters<typeof planControllerNodeGroup>[0] | object = {}, zones = DEMO_ZONES): ControllerNodes {
  const plan = planControllerNodeGroup({ clusterName: 'demo', subnetIds: zones.map((_, i) => `subnet-${i}`), ...changes });
  return { instanceType: plan.instanceTypes[0], labels: plan.labels, taints: plan.taints, zones, desiredSize: plan.scaling.desiredSize };
}

let fullStack: ReturnType<typeof buildFullStackApp> | undefined;
function fullExample(): ReturnType<typeof buildFullStackApp> {
  fullStack ??= buildFullStackApp(Testing.app(), { clusterName: 'prod', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  return fullStack;
}

const CUSTOM_GATES: KarpenterFeatureGates = {
  nodeRepair: true,
  nodeOverlay: true,
  reservedCapacity: false,
  spotToSpotConsolidation: true,
  staticCapacity: true,
  capacityBuffer: true,
};
const CUSTOM_LABEL = { key: 'node-role/karpenter', value: 'yes' };

/** The configurations, each a way users build the controller. */
export const CONTROLLER_CONFIGURATIONS: readonly ControllerConfiguration[] = [
  {
    name: 'the full example',
    values: () => fullExample().controller.controller.values,
    expect: { ...DEMO, clusterName: 'prod', queue: 'Karpenter-prod' },
    nodes: () => controllerNodesOf(fullExample().infra),
  },
  {
    name: 'IRSA',
    values: () => valuesOf({ karpenter: karpenterAttributes({ identityType: 'irsa', controllerRoleArn: IRSA_ROLE }) }),
    expect: { ...DEMO, irsaRoleArn: IRSA_ROLE },
    nodes: () => demoControllerNodes(),
  },
  {
    name: 'a private registry that re-pushes images',
    values: () =>
      valuesOf({
        registry: KarpenterRegistry.custom({
          chartRepository: 'oci://123456789012.dkr.ecr.eu-west-1.amazonaws.com/ecr-public/karpenter',
          imageRepository: PRIVATE_REPOSITORY,
          keepImageDigest: false,
        }),
      }),
    // A re-pushed image has another digest: the tag alone.
    expect: { ...DEMO, image: `${PRIVATE_REPOSITORY}:${KARPENTER_RELEASE.imageTag}` },
    nodes: () => demoControllerNodes({ criticalAddonsOnly: true }),
  },
  {
    name: 'a custom namespace without a queue',
    values: () =>
      valuesOf({
        karpenter: karpenterAttributes({ controllerNamespace: 'karpenter', interruptionQueueName: undefined }),
        interruptionHandling: false,
      }),
    expect: { ...DEMO, namespace: 'karpenter', queue: undefined },
    nodes: () => demoControllerNodes(),
  },
  {
    name: 'custom settings',
    values: () =>
      valuesOf({
        clusterEndpoint: 'https://ABC.gr7.eu-west-1.eks.amazonaws.com',
        featureGates: CUSTOM_GATES,
        replicas: 3,
        resources: { requests: { cpu: '500m', memory: '768Mi' }, limits: { cpu: '1', memory: '768Mi' } },
        dnsPolicy: DnsPolicy.DEFAULT,
        logLevel: LogLevel.DEBUG,
        placement: ControllerPlacement.controllerNodes(CUSTOM_LABEL),
        podDisruptionBudgetMaxUnavailable: 2,
        additionalValues: {
          settings: { batchMaxDuration: '15s', batchIdleDuration: '2s' },
          podAnnotations: { 'prometheus.io/scrape': 'true' },
        },
      }),
    expect: {
      ...DEMO,
      replicas: 3,
      featureGates: CUSTOM_GATES,
      batchMaxDuration: '15s',
      batchIdleDuration: '2s',
      logLevel: 'debug',
      pdbMaxUnavailable: 2,
    },
    nodes: () =>
      demoControllerNodes({ labels: { [CUSTOM_LABEL.key]: CUSTOM_LABEL.value }, desiredSize: 3, maxSize: 3 }, [
        'eu-west-1a',
        'eu-west-1b',
        'eu-west-1c',
      ]),
  },
  {
    name: 'an existing cluster',
    values: () => buildExistingClusterApp(Testing.app(), { ...EXISTING_CLUSTER, createControllerNodeGroup: false }).controller.controller.values,
    expect: { ...DEMO, clusterName: EXISTING_CLUSTER.clusterName, queue: `Karpenter-${EXISTING_CLUSTER.clusterName}` },
    // No ControllerNodeGroup: the controller runs on the cluster's own nodes (a managed node group, no special labels).
    nodes: () => ({ instanceType: 'm5.large', labels: { 'eks.amazonaws.com/nodegroup': 'system' }, taints: [], zones: DEMO_ZONES, desiredSize: 2 }),
  },
];
