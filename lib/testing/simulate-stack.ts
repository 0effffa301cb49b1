// The provisioning simulator on a synthesized stack: its NodePools and EC2NodeClasses, plus pods a test
// supplies. Plain functions, usable from any test runner; the jest matchers build on them.
import { InstanceTypeCatalog, runSimulation, SimulationInput, SimulationResult, SimulationRun } from '../core/sim';
import { SynthesizedStack } from './synth';

/** What to simulate besides the stack's NodePools and EC2NodeClasses. */
export interface SimulateStackOptions {
  /**
   * Pending pods of one batch: v1 Pods, Deployments, StatefulSets and Jobs (plain manifests).
   * @default - none: only what each NodePool admits
   */
  readonly pods?: readonly unknown[];
  /**
   * DaemonSets whose pods run on every node they tolerate (their requests are overhead).
   * @default - none
   */
  readonly daemonSets?: readonly unknown[];
  /**
   * The running cluster: v1 Nodes (and pods bound to them among `pods`, with `spec.nodeName`). Pending pods
   * fill them first, and they count in topology, affinity and NodePool limits.
   * @default - none: an empty cluster
   */
  readonly nodes?: readonly unknown[];
  /**
   * In-flight capacity: karpenter.sh/v1 NodeClaims not yet a Node.
   * @default - none
   */
  readonly nodeClaims?: readonly unknown[];
  /**
   * v1 Namespaces, whose labels `namespaceSelector` terms select.
   * @default - none: a namespace is assumed to carry only its `kubernetes.io/metadata.name` label
   */
  readonly namespaces?: readonly unknown[];
  /**
   * The zones of the cluster's subnets.
   * @default - an EC2NodeClass's `status.subnets` zones when it has them (a synthesized one has none); else zones are not
   * modelled: any zone a requirement names is assumed offered
   */
  readonly zones?: readonly string[];
  /**
   * The instance-type catalog.
   * @default - the bundled catalog (Karpenter 1.14.1)
   */
  readonly catalog?: InstanceTypeCatalog;
  /**
   * How many batches to run: `'settle'` until a batch launches nothing, or a number (see `SimulationInput.rounds`).
   * @default - one batch in `simulateStack` and `simulateStackRun` (Karpenter's `Schedule`); `'settle'` in the
   * `toSchedulePodOn` and `toLaunchNodeClaims` matchers
   */
  readonly rounds?: number | 'settle';
}

/**
 * The simulator's input for `received` (a `TerraformStack`, `Testing.synth` output or a `SynthesizedStack`):
 * every NodePool and EC2NodeClass `kubernetes_manifest` of the stack, and the options' pods and DaemonSets.
 */
export function simulationInputOf(received: unknown, options: SimulateStackOptions = {}): SimulationInput {
  const stack = SynthesizedStack.from(received);
  return {
    nodePools: stack.nodePools().map((m) => m.manifest),
    nodeClasses: stack.ec2NodeClasses().map((m) => m.manifest),
    pods: options.pods ?? [],
    daemonSets: options.daemonSets,
    ...(options.nodes === undefined ? {} : { nodes: options.nodes }),
    ...(options.nodeClaims === undefined ? {} : { nodeClaims: options.nodeClaims }),
    ...(options.namespaces === undefined ? {} : { namespaces: options.namespaces }),
    zones: options.zones,
    catalog: options.catalog,
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
  };
}

/** The simulation of the stack's NodePools with `options.pods`, and the problems found on the input. */
export function simulateStackRun(received: unknown, options: SimulateStackOptions = {}): SimulationRun {
  return runSimulation(simulationInputOf(received, options));
}

/**
 * Where Karpenter would put `options.pods` given the stack's NodePools and EC2NodeClasses, and what each
 * NodePool can launch: `simulateProvisioning` on the synthesized stack.
 *
 * @example simulateStack(stack, { pods: [gpuPod] }).pods[0].nodePool // 'gpu'
 */
export function simulateStack(received: unknown, options: SimulateStackOptions = {}): SimulationResult {
  return simulateStackRun(received, options).result;
}
