// Reads the simulator's NodePools and EC2NodeClasses, plain manifests of unknown shape, into the few facts it
// needs. Every access is defensive: a malformed field becomes an issue on its object, never an exception.
import { AmiFamily, aliasFamilyOf } from '../model/ami-family';
import { nodeClassRefOf } from '../model/node-class-ref';
import { isPlainObject, isString, show } from '../json';
import type { WrittenRequirement } from '../model/requirement-builder';
import { NodeResourceSettings } from './allocatable';
import { MEMORY, resourceAmount } from '../shared/quantity';
import { PoolLimits, readPoolLimits } from './pool-limits';
import { subnetZonesOf } from './subnet-zones';
import { amounts, InputProblem, list, metaOf, objectName, Problems, requirementsOf, stringMap } from './input-fields';

/** A taint as the simulator reads it (`value` '' when unset); the NodePool prop type is `Taint` of lib/core/api. */
export interface NodeTaint {
  readonly key: string;
  readonly value: string;
  readonly effect: string;
}

export interface NodePoolInput {
  readonly index: number;
  readonly name: string;
  readonly weight: number;
  readonly requirements: readonly WrittenRequirement[];
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly NodeTaint[];
  /** Taints a node of the pool has until it is initialized (what an existing node may still carry). */
  readonly startupTaints: readonly NodeTaint[];
  readonly nodeClassName?: string;
  /** `<group>/<lower-case kind>`, the label key Karpenter puts the node class name under. */
  readonly nodeClassLabelKey: string;
  readonly limits: PoolLimits;
  /** `spec.replicas` set: a static pool, which the provisioner does not use. */
  readonly isStatic: boolean;
  readonly problems: readonly InputProblem[];
}

export interface NodeClassInput {
  readonly name: string;
  readonly settings: NodeResourceSettings;
  /** `spec.connectionTracking` set: only Nitro types are compatible. */
  readonly connectionTracking: boolean;
  /** The zones of `status.subnets` (sorted), where its NodePools launch when no zones are given; undefined when it lists none. */
  readonly zones?: readonly string[];
  readonly problems: readonly InputProblem[];
}

export function taintsOf(v: unknown, at: string, p: Problems): NodeTaint[] {
  return list(v, at, p).flatMap((t, i) => {
    if (!isPlainObject(t) || !isString(t.key) || !isString(t.effect)) {
      p.add(`${at}[${i}]`, 'SimInvalidTaint', 'a taint needs a string key and effect');
      return [];
    }
    return [{ key: t.key, value: isString(t.value) ? t.value : '', effect: t.effect }];
  });
}

/** Reads a NodePool. */
export function readNodePool(o: unknown, index: number): NodePoolInput {
  const where = objectName(o, `nodePools[${index}]`);
  const p = new Problems(where);
  const meta = metaOf(o);
  const name = isString(meta.name) && meta.name !== '' ? meta.name : `nodePools[${index}]`;
  if (!isPlainObject(o)) p.add('', 'SimInvalidObject', `must be a NodePool object, got ${o === null ? 'null' : typeof o}`, true);
  else if (!isString(meta.name) || meta.name === '') p.add('metadata.name', 'SimInvalidObject', 'a NodePool needs a name', true);
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  const template = isPlainObject(spec.template) ? spec.template : {};
  const tspec = isPlainObject(template.spec) ? template.spec : {};
  const tmeta = isPlainObject(template.metadata) ? template.metadata : {};
  const ref = nodeClassRefOf(o);
  if (isPlainObject(o) && !ref)
    p.add('spec.template.spec.nodeClassRef', 'SimMissingNodeClassRef', 'a NodePool needs a nodeClassRef naming its EC2NodeClass', true);
  const group = ref && isString(ref.group) ? ref.group : 'karpenter.k8s.aws';
  const kind = ref && isString(ref.kind) ? ref.kind : 'EC2NodeClass';
  if (ref && (group !== 'karpenter.k8s.aws' || kind !== 'EC2NodeClass')) {
    p.add(
      'spec.template.spec.nodeClassRef',
      'SimForeignNodeClass',
      `${group}/${kind} is not an EC2NodeClass; the AWS provider ignores this NodePool`,
      true,
    );
  }
  const weight = typeof spec.weight === 'number' && Number.isFinite(spec.weight) ? spec.weight : 0;
  const limits = readPoolLimits(spec.limits, p);
  return {
    index,
    name,
    weight,
    requirements: requirementsOf(tspec.requirements, 'spec.template.spec.requirements', p, true),
    labels: stringMap(tmeta.labels, 'spec.template.metadata.labels', p),
    taints: taintsOf(tspec.taints, 'spec.template.spec.taints', p),
    startupTaints: taintsOf(tspec.startupTaints, 'spec.template.spec.startupTaints', p),
    nodeClassName: ref && isString(ref.name) ? ref.name : undefined,
    nodeClassLabelKey: `${group}/${kind.toLowerCase()}`,
    limits,
    isStatic: spec.replicas !== undefined && spec.replicas !== null,
    problems: p.list,
  };
}

/** Undefined for an empty map, so a class without reservations takes allocatable's common path. */
function orNone<T extends object>(m: T): T | undefined {
  return Object.keys(m).length === 0 ? undefined : m;
}

/** Reads an EC2NodeClass: the settings that change allocatable, and what limits compatible types. */
export function readNodeClass(o: unknown, index: number): NodeClassInput & { readonly name: string } {
  const where = objectName(o, `nodeClasses[${index}]`);
  const p = new Problems(where);
  const meta = metaOf(o);
  const name = isString(meta.name) ? meta.name : '';
  if (!isPlainObject(o)) p.add('', 'SimInvalidObject', `must be an EC2NodeClass object, got ${o === null ? 'null' : typeof o}`, true);
  else if (name === '') p.add('metadata.name', 'SimInvalidObject', 'an EC2NodeClass needs a name', true);
  const spec = isPlainObject(o) && isPlainObject(o.spec) ? o.spec : {};
  const alias = list(spec.amiSelectorTerms, 'spec.amiSelectorTerms', p)
    .map((t) => (isPlainObject(t) && isString(t.alias) ? t.alias : undefined))
    .find((a) => a !== undefined);
  const aliasFamily = alias ? Object.values(AmiFamily).find((f) => aliasFamilyOf(f) === alias.split('@')[0]) : undefined;
  let amiFamily = isString(spec.amiFamily) ? spec.amiFamily : aliasFamily;
  if (amiFamily === undefined || !Object.values(AmiFamily).includes(amiFamily as AmiFamily)) {
    if (isPlainObject(o)) {
      p.add(
        isString(spec.amiFamily) ? 'spec.amiFamily' : 'spec.amiSelectorTerms',
        'SimUnknownAmiFamily',
        `the AMI family is ${amiFamily === undefined ? 'not set' : `"${amiFamily}", which is unknown`}; ` +
          'set spec.amiSelectorTerms to an alias such as al2023@latest or spec.amiFamily; assuming AL2023',
      );
    }
    amiFamily = AmiFamily.AL2023;
  }
  const kubelet = isPlainObject(spec.kubelet) ? spec.kubelet : {};
  const int = (k: string): number | undefined => {
    const v = kubelet[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    p.add(`spec.kubelet.${k}`, 'SimInvalidField', `must be a non-negative integer, got ${show(v)}`);
    return undefined;
  };
  const bdms = list(spec.blockDeviceMappings, 'spec.blockDeviceMappings', p).flatMap((b, i) => {
    if (!isPlainObject(b)) return [];
    const ebs = isPlainObject(b.ebs) ? b.ebs : {};
    const size = ebs.volumeSize === undefined ? undefined : resourceAmount(MEMORY, ebs.volumeSize);
    if (ebs.volumeSize !== undefined && size === undefined) {
      p.add(`spec.blockDeviceMappings[${i}].ebs.volumeSize`, 'SimInvalidQuantity', `${show(ebs.volumeSize)} is not a quantity; use e.g. "100Gi"`);
    }
    return [{ deviceName: isString(b.deviceName) ? b.deviceName : undefined, volumeBytes: size, rootVolume: b.rootVolume === true }];
  });
  const evictionHard = stringMap(kubelet.evictionHard, 'spec.kubelet.evictionHard', p);
  const settings: NodeResourceSettings = {
    amiFamily,
    maxPods: int('maxPods'),
    podsPerCore: int('podsPerCore'),
    kubeReserved: orNone(amounts(kubelet.kubeReserved, 'spec.kubelet.kubeReserved', p, false)),
    systemReserved: orNone(amounts(kubelet.systemReserved, 'spec.kubelet.systemReserved', p, false)),
    evictionHard: orNone(evictionHard),
    blockDeviceMappings: bdms,
    raid0: spec.instanceStorePolicy === 'RAID0',
  };
  const zones = subnetZonesOf(o);
  return { name, settings, connectionTracking: isPlainObject(spec.connectionTracking), ...(zones ? { zones } : {}), problems: p.list };
}
