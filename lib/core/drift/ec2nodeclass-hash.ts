//
// `EC2NodeClass.Hash(caBundle)` of the AWS provider v1.14.1 (aws/karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go,
// cited "ec2nodeclass.go:<line>"): hashstructure FormatV2 of `[]any{spec, AMIFamily(), caBundle}` with SlicesAsSets,
// IgnoreZeroValue and ZeroNil (:597-610). A top-level slice hashes as the XOR of its elements, so the hash is
// H(spec) ^ H(amiFamily) ^ H(caBundle).

import { ValidationIssue } from '../issues';
import { AmiFamily, ALIASED_AMI_FAMILIES } from '../model/ami-family';
import { GoJsonReader } from './go-json';
import { GoPointer, GoStruct, GoValue, goInterface, goPointer, goSlice, goString, goStruct, hashStructure } from './hashstructure';
import { quantityString } from './quantity-string';

/** `karpenter.k8s.aws/ec2nodeclass-hash-version` this hash matches (ec2nodeclass.go:595; v5 from provider v1.12). */
export const EC2NODECLASS_HASH_VERSION = 'v5';

/** The CRD default of `spec.metadataOptions` and of each of its fields (karpenter.k8s.aws_ec2nodeclasses.yaml:492-550). */
export const METADATA_OPTIONS_DEFAULT: Readonly<Record<string, string | number>> = Object.freeze({
  httpEndpoint: 'enabled',
  httpProtocolIPv6: 'disabled',
  httpPutResponseHopLimit: 1,
  httpTokens: 'required',
});

const SPEC = 'spec';

/** A struct of the given type whose fields are all nil: the pointed-to zero for ZeroNil. */
function zeroOf(typeName: string): GoStruct {
  return goStruct(typeName, []);
}

type Read = (r: GoJsonReader, o: Record<string, unknown>, f: string) => GoStruct;

function structPointer(r: GoJsonReader, value: unknown, field: string, typeName: string, read: Read): GoPointer {
  return r.structPointer(value, field, zeroOf(typeName), (o) => read(r, o, field));
}

/** PlacementGroupSelector (ec2nodeclass.go:224-233): Name, ID. */
const placementGroupSelector: Read = (r, o, f) =>
  goStruct('PlacementGroupSelector', [
    { name: 'Name', value: r.stringPointer(r.get(o, 'name'), `${f}.name`) },
    { name: 'ID', value: r.stringPointer(r.get(o, 'id'), `${f}.id`) },
  ]);

/** KubeletConfiguration (ec2nodeclass.go:278-340), fields in Go order. */
const kubelet: Read = (r, o, f) =>
  goStruct('KubeletConfiguration', [
    { name: 'ClusterDNS', value: r.slice(r.get(o, 'clusterDNS'), `${f}.clusterDNS`, (x, p) => r.string(x, p)) },
    { name: 'MaxPods', value: r.intPointer(r.get(o, 'maxPods'), `${f}.maxPods`, 32) },
    { name: 'PodsPerCore', value: r.intPointer(r.get(o, 'podsPerCore'), `${f}.podsPerCore`, 32) },
    { name: 'SystemReserved', value: r.stringMap(r.get(o, 'systemReserved'), `${f}.systemReserved`) },
    { name: 'KubeReserved', value: r.stringMap(r.get(o, 'kubeReserved'), `${f}.kubeReserved`) },
    { name: 'EvictionHard', value: r.stringMap(r.get(o, 'evictionHard'), `${f}.evictionHard`) },
    { name: 'EvictionSoft', value: r.stringMap(r.get(o, 'evictionSoft'), `${f}.evictionSoft`) },
    // map[string]metav1.Duration: a zero duration is a struct whose only field is skipped, hashed as H("Duration")
    {
      name: 'EvictionSoftGracePeriod',
      value: r.map(r.get(o, 'evictionSoftGracePeriod'), `${f}.evictionSoftGracePeriod`, (x, p) => r.metav1Duration(x, p)),
    },
    { name: 'EvictionMaxPodGracePeriod', value: r.intPointer(r.get(o, 'evictionMaxPodGracePeriod'), `${f}.evictionMaxPodGracePeriod`, 32) },
    { name: 'ImageGCHighThresholdPercent', value: r.intPointer(r.get(o, 'imageGCHighThresholdPercent'), `${f}.imageGCHighThresholdPercent`, 32) },
    { name: 'ImageGCLowThresholdPercent', value: r.intPointer(r.get(o, 'imageGCLowThresholdPercent'), `${f}.imageGCLowThresholdPercent`, 32) },
    { name: 'CPUCFSQuota', value: r.boolPointer(r.get(o, 'cpuCFSQuota'), `${f}.cpuCFSQuota`) },
  ]);

/** `*resource.Quantity`, hashed through String() (`hash:"string"`, ec2nodeclass.go:522). */
function quantityPointer(r: GoJsonReader, value: unknown, field: string): GoPointer {
  const zero: GoValue = { kind: 'stringer', typeName: 'Quantity', string: '0', zero: true };
  if (value === undefined || value === null) return goPointer(null, zero);
  // Quantity.UnmarshalJSON takes a JSON string or a bare number (quantity.go:733-752).
  const text = typeof value === 'string' ? value : typeof value === 'number' ? JSON.stringify(value) : undefined;
  const str = text === undefined ? undefined : quantityString(text);
  if (str === undefined) {
    r.fail(field, `must be a Kubernetes quantity such as "100Gi", got ${JSON.stringify(value)}`);
    return goPointer(null, zero);
  }
  return goPointer({ kind: 'stringer', typeName: 'Quantity', string: str, zero: false }, zero);
}

/** BlockDevice (ec2nodeclass.go:456-529). */
const blockDevice: Read = (r, o, f) =>
  goStruct('BlockDevice', [
    { name: 'DeleteOnTermination', value: r.boolPointer(r.get(o, 'deleteOnTermination'), `${f}.deleteOnTermination`) },
    { name: 'Encrypted', value: r.boolPointer(r.get(o, 'encrypted'), `${f}.encrypted`) },
    { name: 'IOPS', value: r.intPointer(r.get(o, 'iops'), `${f}.iops`, 64) },
    { name: 'KMSKeyID', value: r.stringPointer(r.get(o, 'kmsKeyID'), `${f}.kmsKeyID`) },
    { name: 'SnapshotID', value: r.stringPointer(r.get(o, 'snapshotID'), `${f}.snapshotID`) },
    { name: 'Throughput', value: r.intPointer(r.get(o, 'throughput'), `${f}.throughput`, 64) },
    { name: 'VolumeInitializationRate', value: r.intPointer(r.get(o, 'volumeInitializationRate'), `${f}.volumeInitializationRate`, 32) },
    { name: 'VolumeSize', value: quantityPointer(r, r.get(o, 'volumeSize'), `${f}.volumeSize`), tag: 'string' },
    { name: 'VolumeType', value: r.stringPointer(r.get(o, 'volumeType'), `${f}.volumeType`) },
  ]);

/** BlockDeviceMapping (ec2nodeclass.go:441-454): DeviceName, EBS, RootVolume. */
const blockDeviceMapping: Read = (r, o, f) =>
  goStruct('BlockDeviceMapping', [
    { name: 'DeviceName', value: r.stringPointer(r.get(o, 'deviceName'), `${f}.deviceName`) },
    { name: 'EBS', value: structPointer(r, r.get(o, 'ebs'), `${f}.ebs`, 'BlockDevice', blockDevice) },
    { name: 'RootVolume', value: r.bool(r.get(o, 'rootVolume'), `${f}.rootVolume`) },
  ]);

/** NetworkInterface (ec2nodeclass.go:555-565): NetworkCardIndex, DeviceIndex, InterfaceType. */
const networkInterface: Read = (r, o, f) =>
  goStruct('NetworkInterface', [
    { name: 'NetworkCardIndex', value: r.int(r.get(o, 'networkCardIndex'), `${f}.networkCardIndex`, 32) },
    { name: 'DeviceIndex', value: r.int(r.get(o, 'deviceIndex'), `${f}.deviceIndex`, 32) },
    { name: 'InterfaceType', value: r.string(r.get(o, 'interfaceType'), `${f}.interfaceType`) },
  ]);

/** MetadataOptions (ec2nodeclass.go:344-390), with the CRD's per-field defaults applied. */
const metadataOptions: Read = (r, o, f) => {
  const field = (key: string): unknown => r.get(o, key) ?? (Object.hasOwn(METADATA_OPTIONS_DEFAULT, key) ? METADATA_OPTIONS_DEFAULT[key] : undefined);
  return goStruct('MetadataOptions', [
    { name: 'HTTPEndpoint', value: r.stringPointer(field('httpEndpoint'), `${f}.httpEndpoint`) },
    { name: 'HTTPProtocolIPv6', value: r.stringPointer(field('httpProtocolIPv6'), `${f}.httpProtocolIPv6`) },
    { name: 'HTTPPutResponseHopLimit', value: r.intPointer(field('httpPutResponseHopLimit'), `${f}.httpPutResponseHopLimit`, 64) },
    { name: 'HTTPTokens', value: r.stringPointer(field('httpTokens'), `${f}.httpTokens`) },
  ]);
};

/** ConnectionTracking (ec2nodeclass.go:412-439). */
const connectionTracking: Read = (r, o, f) =>
  goStruct('ConnectionTracking', [
    { name: 'TCPEstablishedTimeout', value: r.intPointer(r.get(o, 'tcpEstablishedTimeout'), `${f}.tcpEstablishedTimeout`, 32) },
    { name: 'UDPStreamTimeout', value: r.intPointer(r.get(o, 'udpStreamTimeout'), `${f}.udpStreamTimeout`, 32) },
    { name: 'UDPTimeout', value: r.intPointer(r.get(o, 'udpTimeout'), `${f}.udpTimeout`, 32) },
  ]);

/** CPUOptions (ec2nodeclass.go:393-400). */
const cpuOptions: Read = (r, o, f) =>
  goStruct('CPUOptions', [{ name: 'NestedVirtualization', value: r.stringPointer(r.get(o, 'nestedVirtualization'), `${f}.nestedVirtualization`) }]);

/** Spec fields tagged `hash:"ignore"` (ec2nodeclass.go:40,48,55,67,76,85): never read, never hashed. */
const IGNORED = (name: string): { name: string; value: GoValue; tag: 'ignore' } => ({ name, value: goSlice(null), tag: 'ignore' });

/** EC2NodeClassSpec (ec2nodeclass.go:33-168), fields in Go order. */
function ec2NodeClassSpec(r: GoJsonReader, spec: Record<string, unknown>): GoStruct {
  const g = (key: string): unknown => r.get(spec, key);
  const p = (key: string): string => `${SPEC}.${key}`;
  // An absent metadataOptions (or null, which the API server prunes before defaulting) takes the CRD default object.
  const metadata = g('metadataOptions') ?? {};
  return goStruct('EC2NodeClassSpec', [
    IGNORED('SubnetSelectorTerms'),
    IGNORED('SecurityGroupSelectorTerms'),
    IGNORED('CapacityReservationSelectorTerms'),
    {
      name: 'PlacementGroupSelector',
      value: structPointer(r, g('placementGroupSelector'), p('placementGroupSelector'), 'PlacementGroupSelector', placementGroupSelector),
    },
    { name: 'AssociatePublicIPAddress', value: r.boolPointer(g('associatePublicIPAddress'), p('associatePublicIPAddress')) },
    IGNORED('IPPrefixCount'),
    IGNORED('AMISelectorTerms'),
    IGNORED('AMIFamily'),
    { name: 'UserData', value: r.stringPointer(g('userData'), p('userData')) },
    { name: 'Role', value: r.string(g('role'), p('role')) },
    { name: 'InstanceProfile', value: r.stringPointer(g('instanceProfile'), p('instanceProfile')) },
    { name: 'Tags', value: r.stringMap(g('tags'), p('tags')) },
    { name: 'Kubelet', value: structPointer(r, g('kubelet'), p('kubelet'), 'KubeletConfiguration', kubelet) },
    {
      name: 'BlockDeviceMappings',
      value: r.slice(g('blockDeviceMappings'), p('blockDeviceMappings'), (x, f) => structPointer(r, x, f, 'BlockDeviceMapping', blockDeviceMapping)),
    },
    { name: 'InstanceStorePolicy', value: r.stringPointer(g('instanceStorePolicy'), p('instanceStorePolicy')) },
    {
      name: 'NetworkInterfaces',
      value: r.slice(g('networkInterfaces'), p('networkInterfaces'), (x, f) => structPointer(r, x, f, 'NetworkInterface', networkInterface)),
    },
    { name: 'DetailedMonitoring', value: r.boolPointer(g('detailedMonitoring'), p('detailedMonitoring')) },
    { name: 'MetadataOptions', value: structPointer(r, metadata, p('metadataOptions'), 'MetadataOptions', metadataOptions) },
    {
      name: 'ConnectionTracking',
      value: structPointer(r, g('connectionTracking'), p('connectionTracking'), 'ConnectionTracking', connectionTracking),
    },
    { name: 'Context', value: r.stringPointer(g('context'), p('context')) },
    { name: 'CPUOptions', value: structPointer(r, g('cpuOptions'), p('cpuOptions'), 'CPUOptions', cpuOptions) },
  ]);
}

/**
 * `AMIFamily()` (ec2nodeclass.go:666-675): `spec.amiFamily`, else the family of the first alias term, else Custom.
 * An alias Go cannot split (`amiFamilyFromAlias`, :703-722, exits the controller) is recorded as an issue.
 */
function resolvedAmiFamily(r: GoJsonReader, spec: Record<string, unknown>): string {
  const explicit = r.get(spec, 'amiFamily');
  if (explicit !== undefined && explicit !== null) return r.string(explicit, `${SPEC}.amiFamily`).value;
  const terms = r.get(spec, 'amiSelectorTerms');
  if (!Array.isArray(terms)) return AmiFamily.CUSTOM;
  const index = terms.findIndex((t) => typeof r.get(t, 'alias') === 'string' && r.get(t, 'alias') !== '');
  if (index < 0) return AmiFamily.CUSTOM;
  const alias = r.get(terms[index], 'alias') as string;
  const parts = alias.split('@');
  const family = parts.length === 2 ? ALIASED_AMI_FAMILIES.find((f) => f.toLowerCase() === parts[0]) : undefined;
  if (family === undefined) {
    r.fail(
      `${SPEC}.amiSelectorTerms[${index}].alias`,
      `${JSON.stringify(alias)} is not an alias Karpenter reads; write <family>@<version>, e.g. "al2023@latest"`,
    );
    return AmiFamily.CUSTOM;
  }
  return family;
}

/** What `readEc2NodeClassHash` found: the hash when the manifest could be decoded, and the issues that prevented it. */
export interface Ec2NodeClassHashResult {
  /** The decimal `karpenter.k8s.aws/ec2nodeclass-hash`, absent when an issue prevents hashing. */
  readonly hash?: string;
  /** Fields Go's JSON decoder (or the controller) would refuse, each with its path (code `UnhashableField`). */
  readonly issues: readonly ValidationIssue[];
}

/** Options of `ec2NodeClassHash`. */
export interface Ec2NodeClassHashOptions {
  /**
   * The cluster's base64 CA bundle, the third term Karpenter hashes (`--cluster-ca-bundle` or its rest config).
   * @default - the empty string: the hash is then exact only as a before/after comparison of two hashes computed alike
   */
  readonly caBundle?: string;
}

/** The three hashed terms, each as an interface element of `[]any`. */
function hashedTerms(r: GoJsonReader, nodeClass: unknown, caBundle: string): GoValue {
  const spec = r.object(r.get(r.root(nodeClass, 'EC2NodeClass'), 'spec'), SPEC) ?? {};
  return goSlice([goInterface(ec2NodeClassSpec(r, spec)), goInterface(goString(resolvedAmiFamily(r, spec))), goInterface(goString(caBundle))]);
}

/** Reads an EC2NodeClass manifest and computes its hash, or reports why it cannot. Never throws. */
export function readEc2NodeClassHash(nodeClass: unknown, options: Ec2NodeClassHashOptions = {}): Ec2NodeClassHashResult {
  const r = new GoJsonReader();
  const terms = hashedTerms(r, nodeClass, options.caBundle ?? '');
  if (r.issues.length > 0) return { issues: r.issues };
  return { hash: hashStructure(terms).toString(), issues: [] };
}

/**
 * The `karpenter.k8s.aws/ec2nodeclass-hash` the AWS provider v1.14.1 writes (hash version `v5`): spec fields not
 * tagged `hash:"ignore"` (selector terms, `ipPrefixCount` and `amiFamily` are not hashed), the resolved AMI family,
 * and the cluster CA bundle. The CRD's `metadataOptions` defaults are applied. Without `caBundle` the value differs
 * from the cluster's, but two hashes computed alike are equal exactly when Karpenter's are.
 *
 * @param nodeClass a parsed EC2NodeClass manifest (`unknown`: read defensively)
 * @returns the decimal hash, or `undefined` when the manifest cannot be decoded as the provider's Go types
 *   (`readEc2NodeClassHash` gives the issues). Never throws.
 */
export function ec2NodeClassHash(nodeClass: unknown, options?: Ec2NodeClassHashOptions): string | undefined {
  return readEc2NodeClassHash(nodeClass, options).hash;
}
