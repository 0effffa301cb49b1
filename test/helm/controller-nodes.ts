// The controller node group as the simulator's running cluster: `desiredSize` Nodes of its first instance type,
// with its labels and taints, spread over the zones of its subnets as an EKS managed node group balances them.
import { allocatableFor, CATALOG_SETTINGS, loadInstanceTypeCatalog, runSimulation } from '../../lib/core/sim';
import type { K8sObject } from './render';
import { resourceBlocksOf, Synthesizable } from '../util/stacks';

/** What the simulator needs of a controller node group. */
export interface ControllerNodes {
  readonly instanceType: string;
  readonly labels: Readonly<Record<string, string>>;
  /** EKS spelling of the effect (`NO_SCHEDULE`), as the node group takes it. */
  readonly taints: readonly { key: string; value?: string; effect: string }[];
  /** The zones of its subnets, one entry per subnet. */
  readonly zones: readonly string[];
  readonly desiredSize: number;
}

const EFFECTS: Readonly<Record<string, string>> = { NO_SCHEDULE: 'NoSchedule', NO_EXECUTE: 'NoExecute', PREFER_NO_SCHEDULE: 'PreferNoSchedule' };

/** The one `aws_eks_node_group` of a synthesized stack, its subnets resolved to their zones. */
export function controllerNodesOf(stack: Synthesizable): ControllerNodes {
  const groups = Object.values(resourceBlocksOf(stack, 'aws_eks_node_group'));
  if (groups.length !== 1) throw new Error(`expected one aws_eks_node_group, found ${groups.length}`);
  const g = groups[0];
  const subnets = resourceBlocksOf(stack, 'aws_subnet');
  const zones = (g.subnet_ids as string[]).map((ref) => {
    const id = /^\$\{aws_subnet\.([^.]+)\.id\}$/.exec(ref)?.[1];
    const zone = id === undefined ? undefined : subnets[id]?.availability_zone;
    if (typeof zone !== 'string') throw new Error(`subnet ${ref} has no zone in the stack`);
    return zone;
  });
  return {
    instanceType: g.instance_types[0],
    labels: g.labels ?? {},
    taints: g.taint ?? [],
    zones,
    desiredSize: g.scaling_config.desired_size,
  };
}

/** The group's Nodes, as the kubelet registers them (well-known labels, taints, allocatable of the catalog). */
export function nodeManifests(group: ControllerNodes, namePrefix = 'controller'): Record<string, unknown>[] {
  const it = loadInstanceTypeCatalog().get(group.instanceType);
  if (it === undefined) throw new Error(`instance type ${group.instanceType} is not in the catalog`);
  const a = allocatableFor(it, CATALOG_SETTINGS);
  const zones = [...new Set(group.zones)];
  return Array.from({ length: group.desiredSize }, (_, i) => {
    const name = `${namePrefix}-${i}`;
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        labels: {
          ...it.labels,
          ...group.labels,
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'node.kubernetes.io/instance-type': it.name,
          'topology.kubernetes.io/zone': zones[i % zones.length],
          'eks.amazonaws.com/capacityType': 'ON_DEMAND',
        },
      },
      spec: { taints: group.taints.map((t) => ({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: EFFECTS[t.effect] ?? t.effect })) },
      status: {
        allocatable: { cpu: `${a.cpu}m`, memory: `${a.memory}`, pods: `${a.pods}` },
        capacity: { cpu: `${it.capacity.cpu}m`, memory: `${it.capacity.memory}`, pods: `${it.capacity.pods}` },
      },
    };
  });
}

/** Karpenter's own label domains (scheduling.RestrictedLabelDomains at v1.14.1, with the AWS provider's). */
const KARPENTER_DOMAINS = /^(karpenter\.sh|karpenter\.k8s\.aws)\//;
const relabel = (key: string): string => key.replace(KARPENTER_DOMAINS, (_m, domain: string) => `${domain.replace(/\./g, '-')}.relabelled/`);
const relabelKeys = (labels: Record<string, string> = {}) => Object.fromEntries(Object.entries(labels).map(([k, v]) => [relabel(k), v]));

/**
 * The simulator's verdict for the rendered Deployment on the given nodes (no NodePool: only existing nodes take pods).
 * The simulator follows Karpenter's provisioner, which ignores a pod that selects on Karpenter's own label domains
 * (karpenter.sh/controller, karpenter.sh/nodepool DoesNotExist): the kube-scheduler places the controller, not
 * Karpenter. So those label keys are renamed alike in the pod's node selection and on the nodes: a renaming of keys
 * keeps every match as it was, and the rest of the rendered pod (anti-affinity, spread, tolerations, requests) is
 * scheduled on the nodes as rendered.
 */
export function scheduleOnNodes(deployment: K8sObject, nodes: ControllerNodes) {
  const manifests = nodeManifests(nodes).map((n) => {
    const metadata = n.metadata as { labels: Record<string, string> };
    return { ...n, metadata: { ...metadata, labels: relabelKeys(metadata.labels) } };
  });
  const pod = structuredClone(deployment);
  const spec = pod.spec.template.spec;
  if (spec.nodeSelector) spec.nodeSelector = relabelKeys(spec.nodeSelector);
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  for (const term of required?.nodeSelectorTerms ?? []) for (const m of term.matchExpressions ?? []) m.key = relabel(m.key);
  return runSimulation({ nodePools: [], nodeClasses: [], pods: [pod], nodes: manifests, zones: [...new Set(nodes.zones)] }).result;
}
