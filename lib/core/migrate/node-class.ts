// EC2NodeClass steps shared by the v1beta1 EC2NodeClass and v1alpha1 AWSNodeTemplate migrations.
import { WINDOWS_ALIAS_FAMILIES, aliasFamilyOf } from '../model/ami-family';
import { EC2NODECLASS_API_VERSION, EC2NODECLASS_KIND } from '../model/types';
import { Obj, Rec, Source } from './migration-types';
import { cloneJson } from '../json';
import { V1BETA1_AMI_FAMILIES } from '../model/renamed-values';
import { copy, isObject, take } from './util';
import { carryRest, shaped } from './converter-common';

/** v1beta1 and v1alpha1 launched nodes with an IMDS hop limit of 2; v1 defaults to 1. */
const PRE_V1_METADATA_OPTIONS = { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' };
/** What the v1.0 conversion webhook gave Ubuntu EC2NodeClasses, which v1 runs as AL2. */
const UBUNTU_BLOCK_DEVICE_MAPPINGS = [{ deviceName: '/dev/sda1', rootVolume: true, ebs: { encrypted: true, volumeType: 'gp3', volumeSize: '20Gi' } }];
/** Tags Karpenter sets itself; v1 rejects them on an EC2NodeClass (or dropped `karpenter.sh/managed-by`). */
const RESERVED_TAGS = [
  'karpenter.sh/managed-by',
  'eks:eks-cluster-name',
  'karpenter.sh/nodepool',
  'karpenter.sh/nodeclaim',
  'karpenter.k8s.aws/ec2nodeclass',
];
/** Fields of the v1 EC2NodeClass spec that older versions did not have but that pass through. */
const V1_NODECLASS_FIELDS = [
  'amiFamily',
  'amiSelectorTerms',
  'role',
  'instanceProfile',
  'subnetSelectorTerms',
  'securityGroupSelectorTerms',
  'capacityReservationSelectorTerms',
  'placementGroupSelector',
  'kubelet',
  'blockDeviceMappings',
  'metadataOptions',
  'tags',
  'userData',
  'instanceStorePolicy',
  'detailedMonitoring',
  'associatePublicIPAddress',
  'context',
  'ipPrefixCount',
  'cpuOptions',
  'connectionTracking',
  'networkInterfaces',
];

export function ec2NodeClassShell(name: string): Obj {
  return { apiVersion: EC2NODECLASS_API_VERSION, kind: EC2NODECLASS_KIND, metadata: { name }, spec: {} };
}

/** Shared v1beta1/v1alpha1 to v1 steps: AMI selection, IMDS defaults, reserved tags, leftovers. */
export function nodeClassSpec(src: Source, spec: Obj, amiTerms: Obj[] | undefined, rec: Rec, at = 'spec'): Obj {
  const out: Obj = {};
  amiSelection(src, spec, amiTerms, rec, at, out);
  for (const f of ['role', 'instanceProfile', 'subnetSelectorTerms', 'securityGroupSelectorTerms']) copy(spec, out, f);
  metadataOptions(spec, rec, out);
  tagsWithoutReserved(src, spec, rec, at, out);
  for (const f of V1_NODECLASS_FIELDS) copy(spec, out, f);
  carryRest(spec, at, out, rec, 'spec');
  return out;
}

/** Reports an EC2NodeClass whose AMI selection the migration cannot write (`AmiSelectorRequired`). */
function amiSelectorRequired(src: Source, field: string, message: string): void {
  src.run.fail({ document: src.index, kind: src.kind, name: src.name, field, code: 'AmiSelectorRequired', message });
}

/** `amiFamily` and `amiSelectorTerms` into `out`: the given terms, else the family's alias; what cannot be written fails. */
function amiSelection(src: Source, spec: Obj, amiTerms: Obj[] | undefined, rec: Rec, at: string, out: Obj): void {
  const terms = amiTerms !== undefined && amiTerms.length > 0 ? amiTerms : undefined;
  const family = renamedAmiFamily(src, spec, take(spec, 'amiFamily'), terms, rec, at, out);
  if (out.amiFamily !== undefined) {
    // Ubuntu without terms: reported above.
  } else if (terms) {
    if (family !== undefined) out.amiFamily = family;
    out.amiSelectorTerms = terms;
    if (family === 'Custom')
      rec(
        'spec.amiFamily',
        family,
        family,
        'unchanged, but with Custom your user data must now add the karpenter.sh/unregistered:NoExecute taint (Karpenter removes it)',
      );
  } else if (family !== undefined && aliasFamilyOf(family)) {
    const aliasFamily = aliasFamilyOf(family)!;
    const alias = `${aliasFamily}@latest`;
    out.amiSelectorTerms = [{ alias }];
    rec(
      'spec.amiSelectorTerms',
      undefined,
      out.amiSelectorTerms,
      `v1 requires amiSelectorTerms; the ${family} family selected the latest EKS-optimized AMI, ` +
        `which is the alias ${alias} (${pinAdvice(aliasFamily)})` +
        (family === 'AL2' ? '; EKS publishes no AL2 AMIs for Kubernetes 1.33 and later, plan a move to AL2023' : ''),
    );
    rec('spec.amiFamily', family, undefined, 'removed: the alias implies the family');
  } else if (family === 'Custom') {
    out.amiFamily = family;
    amiSelectorRequired(src, 'spec.amiSelectorTerms', 'amiFamily Custom needs amiSelectorTerms that select your AMI; add them by hand');
  } else if (family !== undefined) {
    out.amiFamily = family;
    amiSelectorRequired(src, 'spec.amiFamily', `amiFamily ${JSON.stringify(family)} has no v1 alias; set amiSelectorTerms by hand`);
  } else {
    amiSelectorRequired(
      src,
      'spec.amiSelectorTerms',
      'the EC2NodeClass has neither amiFamily nor amiSelectorTerms; v1 requires amiSelectorTerms (e.g. an alias such as al2023@latest)',
    );
  }
}

/**
 * The v1 family of a family v1 dropped (Ubuntu runs as AL2, with Ubuntu's root device); without terms, it goes into
 * `out.amiFamily` and fails. Any other family is returned as it is.
 */
function renamedAmiFamily(
  src: Source,
  spec: Obj,
  family: string | undefined,
  terms: Obj[] | undefined,
  rec: Rec,
  at: string,
  out: Obj,
): string | undefined {
  const v1Family =
    typeof family === 'string' && Object.prototype.hasOwnProperty.call(V1BETA1_AMI_FAMILIES, family) ? V1BETA1_AMI_FAMILIES[family] : undefined;
  if (family === undefined || v1Family === undefined) return family;
  rec(
    'spec.amiFamily',
    family,
    v1Family,
    'v1 dropped the Ubuntu family; as the v1.0 conversion webhook did, it runs as AL2, ' +
      'whose user data format Ubuntu shares (compatibility is not guaranteed: consider Custom)',
    `${at}.amiFamily`,
  );
  if (spec.blockDeviceMappings === undefined) {
    spec.blockDeviceMappings = cloneJson(UBUNTU_BLOCK_DEVICE_MAPPINGS);
    rec(
      'spec.blockDeviceMappings',
      undefined,
      spec.blockDeviceMappings,
      'the Ubuntu root device /dev/sda1 (20Gi gp3, encrypted) that the Ubuntu family used to default to',
    );
  }
  if (!terms) {
    out.amiFamily = v1Family;
    amiSelectorRequired(
      src,
      'spec.amiSelectorTerms',
      'an Ubuntu EC2NodeClass needs amiSelectorTerms that select the Ubuntu AMI (by id, name or tags): v1 no longer discovers Ubuntu AMIs',
    );
  }
  return v1Family;
}

/** `metadataOptions` into `out`, keeping the pre-v1 IMDS hop limit 2 where the input relied on the default. */
function metadataOptions(spec: Obj, rec: Rec, out: Obj): void {
  const mo = take(spec, 'metadataOptions');
  if (mo === undefined) {
    out.metadataOptions = { ...PRE_V1_METADATA_OPTIONS };
    rec(
      'spec.metadataOptions',
      undefined,
      out.metadataOptions,
      'set to the pre-v1 defaults: v1 lowered the default httpPutResponseHopLimit from 2 to 1, ' +
        'which blocks IMDS for pods without hostNetwork. Set 1 to take the safer v1 default',
    );
  } else if (isObject(mo) && mo.httpPutResponseHopLimit === undefined) {
    out.metadataOptions = { ...mo, httpPutResponseHopLimit: 2 };
    rec(
      'spec.metadataOptions.httpPutResponseHopLimit',
      undefined,
      2,
      'set to the pre-v1 default 2 (v1 defaults to 1, which blocks IMDS for pods without hostNetwork)',
    );
  } else {
    out.metadataOptions = mo;
  }
}

/** `tags` into `out`, without the tags Karpenter sets itself (which v1 rejects); none when nothing is left. */
function tagsWithoutReserved(src: Source, spec: Obj, rec: Rec, at: string, out: Obj): void {
  const tags = shaped(src, `${at}.tags`, take(spec, 'tags'), 'object');
  if (tags === undefined) return;
  const kept: Obj = {};
  for (const [k, v] of Object.entries(tags as Obj)) {
    if (RESERVED_TAGS.includes(k) || k.startsWith('kubernetes.io/cluster')) {
      rec(
        `spec.tags[${k}]`,
        v,
        undefined,
        k === 'karpenter.sh/managed-by'
          ? 'dropped: removed in v1, where Karpenter tags instances with eks:eks-cluster-name instead'
          : 'dropped: Karpenter sets this tag itself and v1 rejects it',
      );
    } else {
      kept[k] = v;
    }
  }
  if (Object.keys(kept).length > 0) out.tags = kept;
}

/** How to stop an alias from drifting nodes on every AMI release; the version formats differ per family. */
function pinAdvice(aliasFamily: string): string {
  if (WINDOWS_ALIAS_FAMILIES.includes(aliasFamily)) return 'Windows aliases take only latest; select the AMI by id or name to control updates';
  const example = aliasFamily === 'bottlerocket' ? 'v1.30.0' : 'v20250101';
  return `pin a version, e.g. ${aliasFamily}@${example}, to stop AMI updates from drifting nodes`;
}
