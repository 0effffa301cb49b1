// Pure core: no cdktf or constructs imports.
// Converts older Karpenter manifests to the v1 API and reports every change it makes:
//   karpenter.sh/v1beta1 NodePool, karpenter.k8s.aws/v1beta1 EC2NodeClass (Karpenter 0.33-0.37),
//   karpenter.sh/v1alpha5 Provisioner, karpenter.k8s.aws/v1alpha1 AWSNodeTemplate (up to 0.31).
// Sources: karpenter.sh v1beta1-migration (v0.32) and v1-migration (v1.0) guides.
import { parseAllDocuments } from 'yaml';
import { EC2NODECLASS_API_VERSION, EC2NODECLASS_GROUP, EC2NODECLASS_KIND, NODEPOOL_API_VERSION } from './types';
import { toYaml } from './yaml';

/** One change made to a document. */
export interface MigrationChange {
  /** The field the change is about, in the v1 output (or in the input, when dropped). */
  readonly field: string;
  /** Where the value was in the input, when that is not `field`. */
  readonly source?: string;
  /** Value before; absent when the field is new. */
  readonly from?: unknown;
  /** Value after; absent when the field was dropped. */
  readonly to?: unknown;
  /** Why the change was made, and what to check by hand. */
  readonly note: string;
}

/** Every change made to one output manifest. */
export interface MigrationReport {
  /** Index (from 0) of the input document the manifest comes from. */
  readonly document: number;
  /** `apiVersion` of the input document. */
  readonly apiVersion: string;
  /** `kind` of the input document. */
  readonly kind: string;
  /** `metadata.name` of the input document. */
  readonly name: string;
  /** The v1 manifest this report describes. */
  readonly output: { readonly apiVersion: string; readonly kind: string; readonly name: string };
  readonly changes: readonly MigrationChange[];
}

/** A document, or part of one, that could not be migrated without help. */
export interface MigrationError {
  /** Index (from 0) of the input document. */
  readonly document: number;
  /** `kind` of the input document, when it has one. */
  readonly kind?: string;
  /** `metadata.name` of the input document, when it has one. */
  readonly name?: string;
  /** Field the problem is about, when there is one. */
  readonly field?: string;
  /** Stable code, e.g. `UnsupportedKind`. */
  readonly code: string;
  /** What is wrong and what to do. */
  readonly message: string;
}

/** Result of `migrateManifests`. */
export interface MigrationResult {
  /** The v1 manifests, in input order (a Provisioner with an inline `provider` gives two). */
  readonly manifests: Record<string, unknown>[];
  /** One report per output manifest, in the same order. */
  readonly reports: MigrationReport[];
  /** Everything that needs a person: unsupported documents, settings with no automatic v1 home. */
  readonly errors: MigrationError[];
}

/** Options of `migrateManifests`. */
export interface MigrationOptions {
  /**
   * Node IAM role for AWSNodeTemplates that set no `instanceProfile` (v1alpha1 fell back to the
   * `aws.defaultInstanceProfile` global setting, which v1 does not have).
   * @default - such templates are reported as errors
   */
  readonly role?: string;
}

// Pre-v1 manifests are untyped YAML; migration walks them as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** v1beta1 and v1alpha1 launched nodes with an IMDS hop limit of 2; v1 defaults to 1. */
const PRE_V1_METADATA_OPTIONS = { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' };
/** What the v1.0 conversion webhook gave Ubuntu EC2NodeClasses, which v1 runs as AL2. */
const UBUNTU_BLOCK_DEVICE_MAPPINGS = [{ deviceName: '/dev/sda1', rootVolume: true, ebs: { encrypted: true, volumeType: 'gp3', volumeSize: '20Gi' } }];
const ALIAS_FAMILIES: Record<string, string> = {
  AL2: 'al2',
  AL2023: 'al2023',
  Bottlerocket: 'bottlerocket',
  Windows2019: 'windows2019',
  Windows2022: 'windows2022',
  Windows2025: 'windows2025',
};
const SERVER_SET_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'managedFields',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
];
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const CONTROLLER_HASH = 'dropped: set by the Karpenter controller, which recomputes it for v1';
/** Annotations tools and the controller write on a live object (they come along with `kubectl get -o yaml`). */
const GENERATED_ANNOTATIONS: Record<string, string> = {
  [LAST_APPLIED]: 'dropped: it records the old apiVersion; kubectl writes a new one on apply',
  'karpenter.sh/nodepool-hash': CONTROLLER_HASH,
  'karpenter.sh/nodepool-hash-version': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash': CONTROLLER_HASH,
  'karpenter.k8s.aws/ec2nodeclass-hash-version': CONTROLLER_HASH,
};
/** Node annotations replaced by `karpenter.sh/do-not-disrupt`. */
const DO_NOT_DISRUPT_ALIASES = ['karpenter.sh/do-not-consolidate', 'karpenter.sh/do-not-evict'];
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
/** Requirement keys earlier versions used that v1 does not know. */
const DROPPED_REQUIREMENT_KEYS: Record<string, string> = {
  'karpenter.k8s.aws/instance-pods': 'label dropped in v1beta1; use kubelet maxPods on the EC2NodeClass',
  'karpenter.sh/provisioner-name': 'label replaced by karpenter.sh/nodepool, which v1 sets itself and does not allow in requirements',
};

/**
 * Converts Karpenter manifests to v1. `input` is YAML text (several documents allowed) or parsed
 * documents. v1 manifests pass through unchanged, so a mixed file can be migrated as a whole.
 */
export function migrateManifests(input: string | readonly unknown[], options: MigrationOptions = {}): MigrationResult {
  return new Migration(options).run(input);
}

/** The migrated manifests as multi-document YAML. */
export function migrationToYaml(result: MigrationResult): string {
  return toYaml(...result.manifests);
}

interface Output {
  readonly report: MigrationReport & { changes: MigrationChange[] };
  readonly manifest: Obj;
}

/** A kubelet block that must move from a NodePool/Provisioner to the EC2NodeClass it uses. */
interface KubeletMove {
  readonly document: number;
  readonly pool: Output;
  readonly nodeClassName: string;
  readonly kubelet: Obj;
}

class Migration {
  private readonly outputs: Output[] = [];
  private readonly errors: MigrationError[] = [];
  private readonly kubeletMoves: KubeletMove[] = [];

  constructor(private readonly options: MigrationOptions) {}

  public run(input: string | readonly unknown[]): MigrationResult {
    const docs = typeof input === 'string' ? this.parse(input) : input.map((value, index) => ({ index, value }));
    for (const { index, value } of docs) this.migrateDocument(index, value);
    this.placeKubelets();
    return { manifests: this.outputs.map((o) => o.manifest), reports: this.outputs.map((o) => o.report), errors: this.errors };
  }

  private parse(text: string): Array<{ index: number; value: unknown }> {
    const out: Array<{ index: number; value: unknown }> = [];
    parseAllDocuments(text).forEach((doc, index) => {
      if (doc.errors.length > 0) {
        this.errors.push({ document: index, code: 'YamlSyntaxError', message: `document ${index} is not valid YAML: ${doc.errors[0].message}` });
        return;
      }
      const value = doc.toJS();
      // An empty document (a trailing `---`) is not a manifest.
      if (value !== null && value !== undefined) out.push({ index, value });
    });
    return out;
  }

  private migrateDocument(index: number, value: unknown): void {
    if (!isObject(value)) {
      this.errors.push({
        document: index,
        code: 'NotAnObject',
        message: `document ${index} is ${describe(value)}; expected a Kubernetes object with apiVersion, kind, metadata and spec`,
      });
      return;
    }
    const { apiVersion, kind } = value;
    const name: string | undefined = isObject(value.metadata) && typeof value.metadata.name === 'string' ? value.metadata.name : undefined;
    const key = `${String(apiVersion)} ${String(kind)}`;
    const fail = (code: string, message: string): void => {
      this.errors.push({ document: index, kind: str(kind), name, code, message });
    };
    if (name === undefined) {
      fail('MissingName', `${key} in document ${index} has no metadata.name; every Karpenter object needs one`);
      return;
    }
    switch (key) {
      case 'karpenter.sh/v1beta1 NodePool':
        return this.nodePoolV1beta1(index, value, name);
      case 'karpenter.k8s.aws/v1beta1 EC2NodeClass':
        return this.nodeClassV1beta1(index, value, name);
      case 'karpenter.sh/v1alpha5 Provisioner':
        return this.provisioner(index, value, name);
      case 'karpenter.k8s.aws/v1alpha1 AWSNodeTemplate':
        return this.awsNodeTemplate(index, value, name);
      case `${NODEPOOL_API_VERSION} NodePool`:
      case `${EC2NODECLASS_API_VERSION} ${EC2NODECLASS_KIND}`:
        this.outputs.push({ manifest: structuredClone(value), report: this.newReport(index, value, name, value) });
        return;
      case 'karpenter.sh/v1beta1 NodeClaim':
      case 'karpenter.sh/v1alpha5 Machine':
        return fail(
          'UnsupportedKind',
          `${key} ${name} (document ${index}) is created by Karpenter, not by users; do not migrate it: Karpenter replaces it with a v1 NodeClaim`,
        );
      default:
        return fail(
          'UnsupportedKind',
          `cannot migrate ${key} ${name} (document ${index}): supported are karpenter.sh/v1beta1 NodePool, karpenter.k8s.aws/v1beta1 EC2NodeClass, karpenter.sh/v1alpha5 Provisioner and karpenter.k8s.aws/v1alpha1 AWSNodeTemplate (v1 objects pass through)`,
        );
    }
  }

  // ------------------------------------------------------------------------------- NodePool

  private nodePoolV1beta1(index: number, doc: Obj, name: string): void {
    const spec: Obj = clone(doc.spec ?? {});
    const template: Obj = take(spec, 'template') ?? {};
    const tmeta: Obj = take(template, 'metadata') ?? {};
    const tspec: Obj = take(template, 'spec') ?? {};
    const disruption: Obj | undefined = take(spec, 'disruption');
    const manifest = nodePoolShell(doc);
    const out = this.push(index, doc, name, manifest);
    const rec = recorder(out);
    manifest.metadata = this.metadata(doc, rec);

    const v1Template: Obj = {};
    const meta = templateMetadata(tmeta, rec, 'spec.template.metadata');
    if (meta) v1Template.metadata = meta;
    const v1Spec: Obj = {};
    v1Spec.nodeClassRef = nodeClassRefV1beta1(take(tspec, 'nodeClassRef'), rec);
    v1Spec.requirements = requirements(take(tspec, 'requirements'), rec);
    copy(tspec, v1Spec, 'taints');
    copy(tspec, v1Spec, 'startupTaints');
    const expireAfter = disruption ? take(disruption, 'expireAfter') : undefined;
    if (expireAfter !== undefined) {
      v1Spec.expireAfter = expireAfter;
      rec(
        'spec.template.spec.expireAfter',
        expireAfter,
        expireAfter,
        `v1 moved expireAfter from the disruption block to the NodeClaim template (it now causes drift when changed)${forcefulExpiry(expireAfter)}`,
        'spec.disruption.expireAfter',
      );
    }
    copy(tspec, v1Spec, 'expireAfter');
    copy(tspec, v1Spec, 'terminationGracePeriod');
    const kubelet = take(tspec, 'kubelet');
    if (kubelet !== undefined) this.kubeletMoves.push({ document: index, pool: out, nodeClassName: v1Spec.nodeClassRef.name, kubelet });
    dropRest(tspec, 'spec.template.spec', rec);
    dropRest(template, 'spec.template', rec);
    v1Template.spec = v1Spec;
    manifest.spec.template = v1Template;

    if (disruption !== undefined) {
      const v1Disruption = disruptionV1beta1(disruption, rec);
      if (v1Disruption) manifest.spec.disruption = v1Disruption;
    }
    copy(spec, manifest.spec, 'limits');
    copy(spec, manifest.spec, 'weight');
    copy(spec, manifest.spec, 'replicas');
    dropRest(spec, 'spec', rec);
  }

  private provisioner(index: number, doc: Obj, name: string): void {
    const spec: Obj = clone(doc.spec ?? {});
    const manifest = nodePoolShell(doc);
    const out = this.push(index, doc, name, manifest);
    const rec = recorder(out);
    const fail = (code: string, field: string, message: string) =>
      this.errors.push({ document: index, kind: 'Provisioner', name, field, code, message });
    manifest.metadata = this.metadata(doc, rec);

    const v1Template: Obj = {};
    const meta = templateMetadata({ labels: take(spec, 'labels'), annotations: take(spec, 'annotations') }, rec, 'spec', 'spec.template.metadata');
    if (meta) v1Template.metadata = meta;

    const v1Spec: Obj = {};
    const providerRef: Obj | undefined = take(spec, 'providerRef');
    const provider: Obj | undefined = take(spec, 'provider');
    if (providerRef !== undefined) {
      v1Spec.nodeClassRef = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: providerRef.name };
      rec(
        'spec.template.spec.nodeClassRef',
        providerRef,
        v1Spec.nodeClassRef,
        'providerRef (an AWSNodeTemplate) became nodeClassRef (an EC2NodeClass of the same name; migrate the AWSNodeTemplate too)',
        'spec.providerRef',
      );
      if (provider !== undefined)
        fail(
          'ConflictingProvider',
          'spec.provider',
          'the Provisioner sets both providerRef and provider; Karpenter used providerRef and ignored provider. Remove one and migrate again',
        );
    } else if (provider !== undefined) {
      v1Spec.nodeClassRef = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name };
      rec(
        'spec.template.spec.nodeClassRef',
        undefined,
        v1Spec.nodeClassRef,
        `the inline provider became EC2NodeClass ${name}, written after this NodePool`,
        'spec.provider',
      );
    } else {
      v1Spec.nodeClassRef = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: '' };
      fail(
        'MissingNodeClass',
        'spec.providerRef',
        'the Provisioner has neither providerRef nor provider, so there is no node class to reference; set spec.template.spec.nodeClassRef.name by hand',
      );
    }

    v1Spec.requirements = alphaDefaultRequirements(requirements(take(spec, 'requirements'), rec, 'spec.requirements'), rec);
    for (const f of ['taints', 'startupTaints']) {
      const v = take(spec, f);
      if (v !== undefined) {
        v1Spec[f] = v;
        rec(`spec.template.spec.${f}`, v, v, 'moved under the NodeClaim template', `spec.${f}`);
      }
    }
    const ttlExpired = take(spec, 'ttlSecondsUntilExpired');
    if (ttlExpired !== undefined) {
      v1Spec.expireAfter = `${ttlExpired}s`;
      rec(
        'spec.template.spec.expireAfter',
        ttlExpired,
        v1Spec.expireAfter,
        `ttlSecondsUntilExpired became expireAfter (a duration${inHours(ttlExpired)})${forcefulExpiry(v1Spec.expireAfter)}`,
        'spec.ttlSecondsUntilExpired',
      );
    } else {
      v1Spec.expireAfter = 'Never';
      rec(
        'spec.template.spec.expireAfter',
        undefined,
        'Never',
        'the Provisioner had no ttlSecondsUntilExpired, so its nodes never expired; v1 would default to 720h, so Never is set to keep that',
      );
    }
    const kubelet = take(spec, 'kubeletConfiguration') ?? take(spec, 'kubelet');
    v1Template.spec = v1Spec;
    manifest.spec.template = v1Template;

    manifest.spec.disruption = provisionerDisruption(take(spec, 'ttlSecondsAfterEmpty'), take(spec, 'consolidation'), rec, (m) =>
      fail('ConflictingDisruption', 'spec.consolidation', m),
    );

    const limits: Obj | undefined = take(spec, 'limits');
    if (limits !== undefined) {
      const resources = limits.resources;
      if (resources !== undefined) {
        manifest.spec.limits = resources;
        rec('spec.limits', limits, resources, 'limits.resources became limits', 'spec.limits.resources');
      }
      for (const k of Object.keys(limits).filter((x) => x !== 'resources'))
        rec(`spec.limits.${k}`, limits[k], undefined, 'dropped: no v1 equivalent');
    }
    copy(spec, manifest.spec, 'weight');
    dropRest(spec, 'spec', rec);

    if (provider !== undefined && providerRef === undefined) {
      const nodeClass = ec2NodeClassShell(name);
      const ncOut = this.push(index, doc, name, nodeClass);
      const ncRec = recorder(ncOut);
      ncRec('spec', undefined, undefined, `created from the inline spec.provider of Provisioner ${name}`, 'spec.provider');
      nodeClass.spec = this.alphaTemplateSpec(index, 'Provisioner', name, clone(provider), ncRec, 'spec.provider');
    }
    if (kubelet !== undefined) this.kubeletMoves.push({ document: index, pool: out, nodeClassName: v1Spec.nodeClassRef.name, kubelet });
  }

  // ------------------------------------------------------------------------------- EC2NodeClass

  private nodeClassV1beta1(index: number, doc: Obj, name: string): void {
    const spec: Obj = clone(doc.spec ?? {});
    const manifest = ec2NodeClassShell(name);
    const out = this.push(index, doc, name, manifest);
    const rec = recorder(out);
    manifest.metadata = this.metadata(doc, rec);
    manifest.spec = this.nodeClassSpec(index, EC2NODECLASS_KIND, name, spec, take(spec, 'amiSelectorTerms'), rec);
  }

  private awsNodeTemplate(index: number, doc: Obj, name: string): void {
    const manifest = ec2NodeClassShell(name);
    const out = this.push(index, doc, name, manifest);
    const rec = recorder(out);
    manifest.metadata = this.metadata(doc, rec);
    manifest.spec = this.alphaTemplateSpec(index, 'AWSNodeTemplate', name, clone(doc.spec ?? {}), rec, 'spec');
  }

  /** AWSNodeTemplate spec (or a Provisioner's inline provider) to a v1 EC2NodeClass spec. */
  private alphaTemplateSpec(index: number, kind: string, name: string, spec: Obj, rec: Rec, at: string): Obj {
    const fail = (code: string, field: string, message: string) => this.errors.push({ document: index, kind, name, field, code, message });
    for (const [from, to] of [
      ['subnetSelector', 'subnetSelectorTerms'],
      ['securityGroupSelector', 'securityGroupSelectorTerms'],
    ] as const) {
      const selector = take(spec, from);
      if (selector !== undefined) {
        spec[to] = selectorTerms(selector);
        rec(
          `spec.${to}`,
          selector,
          spec[to],
          `${from} (a tag map; aws::ids a comma-separated id list) became ${to}${commaNote(selector)}`,
          `${at}.${from}`,
        );
      }
    }
    const amiSelector = take(spec, 'amiSelector');
    const amiTerms = amiSelector === undefined ? undefined : amiSelectorTerms(amiSelector);
    if (amiSelector !== undefined) {
      rec(
        'spec.amiSelectorTerms',
        amiSelector,
        amiTerms,
        `amiSelector became amiSelectorTerms (aws::ids to id terms, aws::name x aws::owners to name/owner terms, other keys to tags)${commaNote(amiSelector)}`,
        `${at}.amiSelector`,
      );
    }
    if (spec.amiFamily === undefined) {
      spec.amiFamily = 'AL2';
      rec(
        'spec.amiFamily',
        undefined,
        'AL2',
        'v1alpha1 defaulted amiFamily to AL2; set explicitly before the AMI selection is derived',
        `${at}.amiFamily`,
      );
    }
    if (spec.instanceProfile === undefined && spec.role === undefined) {
      if (this.options.role !== undefined) {
        spec.role = this.options.role;
        rec(
          'spec.role',
          undefined,
          spec.role,
          'v1alpha1 fell back to the aws.defaultInstanceProfile setting, which v1 does not have; the role given to the migration is used',
        );
      } else {
        fail(
          'MissingNodeIdentity',
          'spec.role',
          'the template sets no instanceProfile and relied on the aws.defaultInstanceProfile global setting, which v1 removed: set spec.role (Karpenter then manages the instance profile) or spec.instanceProfile, or pass `role` to migrateManifests',
        );
      }
    }
    for (const f of ['launchTemplate', 'launchTemplateName']) {
      const lt = take(spec, f);
      if (lt !== undefined) {
        rec(`${at}.${f}`, lt, undefined, 'dropped: Karpenter no longer uses unmanaged launch templates');
        fail(
          'LaunchTemplateUnsupported',
          `${at}.${f}`,
          `the template uses launch template ${JSON.stringify(lt)}, which v1beta1 and later do not support: move its AMI, user data, block devices and security groups into the EC2NodeClass fields`,
        );
      }
    }
    return this.nodeClassSpec(index, kind, name, spec, amiTerms, rec, at);
  }

  /** Shared v1beta1/v1alpha1 to v1 steps: AMI selection, IMDS defaults, reserved tags, leftovers. */
  private nodeClassSpec(index: number, kind: string, name: string, spec: Obj, amiTerms: Obj[] | undefined, rec: Rec, at = 'spec'): Obj {
    const fail = (code: string, field: string, message: string) => this.errors.push({ document: index, kind, name, field, code, message });
    const out: Obj = {};
    let family: string | undefined = take(spec, 'amiFamily');
    const terms = amiTerms !== undefined && amiTerms.length > 0 ? amiTerms : undefined;

    if (family === 'Ubuntu') {
      rec(
        'spec.amiFamily',
        'Ubuntu',
        'AL2',
        'v1 dropped the Ubuntu family; as the v1.0 conversion webhook did, it runs as AL2, whose user data format Ubuntu shares (compatibility is not guaranteed: consider Custom)',
        `${at}.amiFamily`,
      );
      family = 'AL2';
      if (spec.blockDeviceMappings === undefined) {
        spec.blockDeviceMappings = clone(UBUNTU_BLOCK_DEVICE_MAPPINGS);
        rec(
          'spec.blockDeviceMappings',
          undefined,
          spec.blockDeviceMappings,
          'the Ubuntu root device /dev/sda1 (20Gi gp3, encrypted) that the Ubuntu family used to default to',
        );
      }
      if (!terms) {
        out.amiFamily = family;
        fail(
          'AmiSelectorRequired',
          'spec.amiSelectorTerms',
          'an Ubuntu EC2NodeClass needs amiSelectorTerms that select the Ubuntu AMI (by id, name or tags): v1 no longer discovers Ubuntu AMIs',
        );
      }
    }
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
    } else if (family !== undefined && ALIAS_FAMILIES[family]) {
      const alias = `${ALIAS_FAMILIES[family]}@latest`;
      out.amiSelectorTerms = [{ alias }];
      rec(
        'spec.amiSelectorTerms',
        undefined,
        out.amiSelectorTerms,
        `v1 requires amiSelectorTerms; the ${family} family selected the latest EKS-optimized AMI, which is the alias ${alias} (${pinAdvice(ALIAS_FAMILIES[family])})${family === 'AL2' ? '; EKS publishes no AL2 AMIs for Kubernetes 1.33 and later, plan a move to AL2023' : ''}`,
      );
      rec('spec.amiFamily', family, undefined, 'removed: the alias implies the family');
    } else if (family === 'Custom') {
      out.amiFamily = family;
      fail('AmiSelectorRequired', 'spec.amiSelectorTerms', 'amiFamily Custom needs amiSelectorTerms that select your AMI; add them by hand');
    } else if (family !== undefined) {
      out.amiFamily = family;
      fail('AmiSelectorRequired', 'spec.amiFamily', `amiFamily ${JSON.stringify(family)} has no v1 alias; set amiSelectorTerms by hand`);
    } else {
      fail(
        'AmiSelectorRequired',
        'spec.amiSelectorTerms',
        'the EC2NodeClass has neither amiFamily nor amiSelectorTerms; v1 requires amiSelectorTerms (e.g. an alias such as al2023@latest)',
      );
    }

    for (const f of ['role', 'instanceProfile', 'subnetSelectorTerms', 'securityGroupSelectorTerms']) copy(spec, out, f);

    const mo = take(spec, 'metadataOptions');
    if (mo === undefined) {
      out.metadataOptions = { ...PRE_V1_METADATA_OPTIONS };
      rec(
        'spec.metadataOptions',
        undefined,
        out.metadataOptions,
        'set to the pre-v1 defaults: v1 lowered the default httpPutResponseHopLimit from 2 to 1, which blocks IMDS for pods without hostNetwork. Set 1 to take the safer v1 default',
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

    const tags = take(spec, 'tags');
    if (tags !== undefined) {
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
    for (const f of V1_NODECLASS_FIELDS) copy(spec, out, f);
    dropRest(spec, at, rec);
    return out;
  }

  // ------------------------------------------------------------------------------- shared

  /** The v1 metadata of a converted document; reports the rest of its envelope (status, stray fields) as dropped. */
  private metadata(doc: Obj, rec: Rec): Obj {
    for (const [k, v] of Object.entries(doc)) {
      if (['apiVersion', 'kind', 'metadata', 'spec'].includes(k) || v === undefined) continue;
      rec(
        k,
        k === 'status' ? '(status)' : v,
        undefined,
        k === 'status' ? 'dropped: set by the Karpenter controller' : 'dropped: not a field of a Kubernetes object',
      );
    }
    const m: Obj = clone(isObject(doc.metadata) ? doc.metadata : {});
    const out: Obj = { name: take(m, 'name') };
    if (m.namespace !== undefined)
      rec('metadata.namespace', take(m, 'namespace'), undefined, 'dropped: NodePools and EC2NodeClasses are cluster-scoped');
    for (const f of SERVER_SET_METADATA) {
      if (m[f] !== undefined)
        rec(`metadata.${f}`, f === 'managedFields' ? '(managedFields)' : take(m, f), undefined, 'dropped: set by the API server');
      delete m[f];
    }
    if (m.finalizers !== undefined) rec('metadata.finalizers', take(m, 'finalizers'), undefined, 'dropped: Karpenter adds the finalizers it needs');
    if (isObject(m.annotations)) {
      for (const [key, note] of Object.entries(GENERATED_ANNOTATIONS)) {
        if (m.annotations[key] === undefined) continue;
        rec(`metadata.annotations[${key}]`, key === LAST_APPLIED ? '(last applied configuration)' : m.annotations[key], undefined, note);
        delete m.annotations[key];
      }
      if (Object.keys(m.annotations).length === 0) delete m.annotations;
    }
    return { ...out, ...m };
  }

  /** Puts each moved kubelet block on its EC2NodeClass when that is in the input. */
  private placeKubelets(): void {
    const byName = new Map<string, Output>();
    for (const o of this.outputs) if (o.manifest.kind === EC2NODECLASS_KIND) byName.set(o.manifest.metadata.name, o);
    const groups = new Map<string, KubeletMove[]>();
    for (const m of this.kubeletMoves) groups.set(m.nodeClassName, [...(groups.get(m.nodeClassName) ?? []), m]);

    for (const [nodeClassName, moves] of groups) {
      const target = byName.get(nodeClassName);
      const configs = new Map<string, Obj>();
      for (const m of moves)
        configs.set(
          stableJson(kubeletV1(m.kubelet, recorder(m.pool))),
          kubeletV1(m.kubelet, () => undefined),
        );
      const pools = moves.map((m) => m.pool.report.name).join(', ');
      const existing = target?.manifest.spec.kubelet;
      const conflict = configs.size > 1 || (existing !== undefined && !configs.has(stableJson(existing)));
      for (const m of moves) {
        const field = m.pool.report.kind === 'Provisioner' ? 'spec.kubeletConfiguration' : 'spec.template.spec.kubelet';
        let note: string;
        if (!target) {
          note = `v1 has no kubelet on the NodePool and EC2NodeClass ${nodeClassName} is not in the input: copy this block to its spec.kubelet by hand`;
          this.errors.push({
            document: m.document,
            kind: m.pool.report.kind,
            name: m.pool.report.name,
            field,
            code: 'KubeletTargetMissing',
            message: note,
          });
        } else if (conflict) {
          note = `v1 keeps kubelet settings on the EC2NodeClass, and NodePools ${pools} give EC2NodeClass ${nodeClassName} different ones: create one EC2NodeClass per kubelet configuration and point each NodePool at its own`;
          this.errors.push({
            document: m.document,
            kind: m.pool.report.kind,
            name: m.pool.report.name,
            field,
            code: 'KubeletConflict',
            message: note,
          });
        } else {
          note = `v1 keeps kubelet settings on the EC2NodeClass: moved to EC2NodeClass ${nodeClassName} spec.kubelet`;
        }
        m.pool.report.changes.push({ field, from: m.kubelet, note });
      }
      if (target && !conflict && existing === undefined) {
        const kubelet = [...configs.values()][0];
        target.manifest.spec = insertAfter(target.manifest.spec, 'securityGroupSelectorTerms', 'kubelet', kubelet);
        target.report.changes.push({
          field: 'spec.kubelet',
          to: kubelet,
          note: `moved from ${moves.map((m) => `${m.pool.report.kind} ${m.pool.report.name} (document ${m.document})`).join(', ')}`,
        });
      }
    }
  }

  private push(index: number, doc: Obj, name: string, manifest: Obj): Output {
    const o = { manifest, report: this.newReport(index, doc, name, manifest) };
    this.outputs.push(o);
    return o;
  }

  private newReport(index: number, doc: Obj, name: string, manifest: Obj): MigrationReport & { changes: MigrationChange[] } {
    return {
      document: index,
      apiVersion: String(doc.apiVersion),
      kind: String(doc.kind),
      name,
      output: { apiVersion: manifest.apiVersion, kind: manifest.kind, name: manifest.metadata?.name ?? name },
      changes: [],
    };
  }
}

// ------------------------------------------------------------------------------- helpers

type Rec = (field: string, from: unknown, to: unknown, note: string, source?: string) => void;

function recorder(out: Output): Rec {
  return (field, from, to, note, source) => {
    const c: { -readonly [K in keyof MigrationChange]: MigrationChange[K] } = { field, note };
    if (source !== undefined && source !== field) c.source = source;
    if (from !== undefined) c.from = from;
    if (to !== undefined) c.to = to;
    out.report.changes.push(c);
  };
}

function nodePoolShell(doc: Obj): Obj {
  return { apiVersion: NODEPOOL_API_VERSION, kind: 'NodePool', metadata: { name: doc.metadata.name }, spec: {} };
}

function ec2NodeClassShell(name: string): Obj {
  return { apiVersion: EC2NODECLASS_API_VERSION, kind: EC2NODECLASS_KIND, metadata: { name }, spec: {} };
}

function templateMetadata(tmeta: Obj, rec: Rec, at: string, target = at): Obj | undefined {
  const out: Obj = {};
  if (tmeta.labels !== undefined) {
    out.labels = tmeta.labels;
    if (at !== target) rec(`${target}.labels`, tmeta.labels, tmeta.labels, 'moved under the NodeClaim template', `${at}.labels`);
  }
  if (tmeta.annotations !== undefined) {
    const annotations: Obj = { ...tmeta.annotations };
    for (const old of DO_NOT_DISRUPT_ALIASES) {
      if (annotations[old] !== undefined) {
        rec(
          `${target}.annotations[karpenter.sh/do-not-disrupt]`,
          annotations[old],
          annotations[old],
          `${old} was replaced by karpenter.sh/do-not-disrupt`,
          `${at}.annotations[${old}]`,
        );
        annotations['karpenter.sh/do-not-disrupt'] = annotations[old];
        delete annotations[old];
      }
    }
    out.annotations = annotations;
    if (at !== target) rec(`${target}.annotations`, tmeta.annotations, annotations, 'moved under the NodeClaim template', `${at}.annotations`);
  }
  for (const k of Object.keys(tmeta).filter((x) => x !== 'labels' && x !== 'annotations' && tmeta[x] !== undefined)) {
    rec(`${at}.${k}`, tmeta[k], undefined, 'dropped: v1 template metadata has only labels and annotations');
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function nodeClassRefV1beta1(ref: Obj | undefined, rec: Rec): Obj {
  const field = 'spec.template.spec.nodeClassRef';
  if (!isObject(ref)) {
    const to = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: '' };
    rec(field, ref, to, 'the NodePool had no nodeClassRef; set its name by hand');
    return to;
  }
  const group = typeof ref.apiVersion === 'string' ? ref.apiVersion.split('/')[0] : EC2NODECLASS_GROUP;
  const to = { group, kind: ref.kind ?? EC2NODECLASS_KIND, name: ref.name };
  rec(field, ref, to, 'v1 requires group, kind and name, and replaced apiVersion by group');
  return to;
}

function requirements(reqs: unknown, rec: Rec, at = 'spec.template.spec.requirements'): Obj[] {
  if (!Array.isArray(reqs)) {
    if (reqs !== undefined) rec(at, reqs, [], 'not a list; replaced by an empty list');
    else rec('spec.template.spec.requirements', undefined, [], 'v1 requires requirements; an empty list allows any instance type');
    return [];
  }
  const out: Obj[] = [];
  reqs.forEach((r: Obj, i) => {
    const why = isObject(r) ? DROPPED_REQUIREMENT_KEYS[r.key] : undefined;
    if (why) rec(`${at}[${i}]`, r, undefined, `dropped: ${why}`);
    else out.push(r);
  });
  if (at !== 'spec.template.spec.requirements') rec('spec.template.spec.requirements', reqs, out, 'moved under the NodeClaim template', at);
  return out;
}

/** v1alpha5's webhook added these requirements when a Provisioner had none on the key; v1beta1 stopped. */
function alphaDefaultRequirements(reqs: Obj[], rec: Rec): Obj[] {
  const has = (pred: (k: string) => boolean) => reqs.some((r) => isObject(r) && typeof r.key === 'string' && pred(r.key));
  const out = [...reqs];
  const add = (r: Obj, why: string) => {
    out.push(r);
    rec(
      `spec.template.spec.requirements[${out.length - 1}]`,
      undefined,
      r,
      `added: v1alpha5 defaulted ${why} when a Provisioner had no such requirement; v1beta1 and later do not`,
    );
  };
  if (!has((k) => k === 'node.kubernetes.io/instance-type' || k.startsWith('karpenter.k8s.aws/instance-'))) {
    add({ key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] }, 'instance-category c, m, r');
    add({ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] }, 'instance-generation > 2');
  }
  if (!has((k) => k === 'karpenter.sh/capacity-type'))
    add({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }, 'capacity-type on-demand');
  if (!has((k) => k === 'kubernetes.io/os')) add({ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }, 'os linux');
  if (!has((k) => k === 'kubernetes.io/arch')) add({ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }, 'arch amd64');
  return out;
}

function disruptionV1beta1(d: Obj, rec: Rec): Obj | undefined {
  const out: Obj = {};
  const policy = take(d, 'consolidationPolicy');
  let after = take(d, 'consolidateAfter');
  if (policy === 'WhenUnderutilized') {
    out.consolidationPolicy = 'WhenEmptyOrUnderutilized';
    rec('spec.disruption.consolidationPolicy', policy, out.consolidationPolicy, 'renamed in v1');
    if (after === undefined) {
      after = '0s';
      rec(
        'spec.disruption.consolidateAfter',
        undefined,
        after,
        'v1 requires consolidateAfter (v1beta1 forbade it with WhenUnderutilized); 0s keeps the v1beta1 behaviour',
      );
    }
  } else if (policy !== undefined) {
    out.consolidationPolicy = policy;
    if (after === undefined) {
      after = '0s';
      rec('spec.disruption.consolidateAfter', undefined, after, `v1 requires consolidateAfter; 0s consolidates ${policy} nodes at once`);
    }
  }
  const budgets = take(d, 'budgets');
  dropRest(d, 'spec.disruption', rec);
  if (after === undefined && budgets === undefined) {
    // Nothing left (e.g. only expireAfter was set): the v1 defaults equal the v1beta1 ones.
    return undefined;
  }
  if (after === undefined) {
    after = '0s';
    rec(
      'spec.disruption.consolidateAfter',
      undefined,
      after,
      'v1 requires consolidateAfter whenever disruption is set; 0s is the v1 default and the v1beta1 behaviour',
    );
  }
  out.consolidateAfter = after;
  if (budgets !== undefined) out.budgets = budgets;
  return out;
}

function provisionerDisruption(ttlEmpty: unknown, consolidation: Obj | undefined, rec: Rec, conflict: (m: string) => void): Obj {
  const enabled = isObject(consolidation) && consolidation.enabled === true;
  if (enabled && ttlEmpty !== undefined) {
    conflict(
      'the Provisioner sets both consolidation.enabled and ttlSecondsAfterEmpty, which v1alpha5 did not allow; WhenEmptyOrUnderutilized was used, check consolidateAfter',
    );
  }
  if (enabled) {
    const out = { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: ttlEmpty !== undefined ? `${ttlEmpty}s` : '0s' };
    rec(
      'spec.disruption',
      consolidation,
      out,
      'consolidation.enabled became consolidationPolicy WhenEmptyOrUnderutilized; consolidateAfter 0s consolidates as soon as possible, as v1alpha5 did',
      'spec.consolidation',
    );
    return out;
  }
  if (ttlEmpty !== undefined) {
    const out = { consolidationPolicy: 'WhenEmpty', consolidateAfter: `${ttlEmpty}s` };
    rec(
      'spec.disruption',
      ttlEmpty,
      out,
      'ttlSecondsAfterEmpty became consolidationPolicy WhenEmpty with consolidateAfter',
      'spec.ttlSecondsAfterEmpty',
    );
    if (consolidation !== undefined) rec('spec.consolidation', consolidation, undefined, 'dropped: consolidation was not enabled');
    return out;
  }
  const out = { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: 'Never' };
  rec(
    'spec.disruption',
    consolidation,
    out,
    'the Provisioner neither consolidated nor removed empty nodes; consolidateAfter Never keeps that (v1 would default to consolidating at once)',
    consolidation !== undefined ? 'spec.consolidation' : undefined,
  );
  return out;
}

/** v1alpha1 selector map to v1 terms: `aws::ids` / `aws-ids` to id terms, the rest to one tags term. */
function selectorTerms(selector: Obj): Obj[] {
  const { ids, rest } = splitIds(selector);
  const terms: Obj[] = ids.map((id) => ({ id }));
  if (Object.keys(rest).length > 0) terms.push({ tags: rest });
  return terms;
}

function amiSelectorTerms(selector: Obj): Obj[] {
  const { ids, rest } = splitIds(selector);
  const names = list(take(rest, 'aws::name'));
  const owners = list(take(rest, 'aws::owners'));
  const terms: Obj[] = ids.map((id) => ({ id }));
  const tags = Object.keys(rest).length > 0 ? rest : undefined;
  if (names.length === 0 && owners.length === 0) {
    if (tags) terms.push({ tags });
    return terms;
  }
  for (const owner of owners.length > 0 ? owners : [undefined]) {
    for (const name of names.length > 0 ? names : [undefined]) {
      const t: Obj = {};
      if (name !== undefined) t.name = name;
      if (owner !== undefined) t.owner = owner;
      if (tags) t.tags = tags;
      terms.push(t);
    }
  }
  return terms;
}

function splitIds(selector: Obj): { ids: string[]; rest: Obj } {
  const rest: Obj = { ...selector };
  const ids = [...list(take(rest, 'aws::ids')), ...list(take(rest, 'aws-ids'))];
  return { ids, rest };
}

function commaNote(selector: Obj): string {
  const keys = Object.entries(selector).filter(([k, v]) => !k.startsWith('aws') && typeof v === 'string' && v.includes(','));
  return keys.length > 0 ? `; check tag values with commas (${keys.map(([k]) => k).join(', ')}): they are kept as one value` : '';
}

/** Kubelet block in v1 form: v1alpha5's containerRuntime has no v1 field. */
function kubeletV1(kubelet: Obj, rec: Rec): Obj {
  const out: Obj = { ...kubelet };
  if (out.containerRuntime !== undefined) {
    rec('spec.kubeletConfiguration.containerRuntime', out.containerRuntime, undefined, 'dropped: EKS 1.24 and later only run containerd');
    delete out.containerRuntime;
  }
  return out;
}

function insertAfter(obj: Obj, after: string, key: string, value: unknown): Obj {
  const out: Obj = {};
  let placed = false;
  for (const [k, v] of Object.entries(obj)) {
    out[k] = v;
    if (k === after) {
      out[key] = value;
      placed = true;
    }
  }
  if (!placed) out[key] = value;
  return out;
}

/** Reports every field nobody consumed as dropped: nothing is lost silently. */
function dropRest(obj: Obj, at: string, rec: Rec): void {
  for (const [k, v] of Object.entries(obj)) {
    if (v !== undefined) rec(`${at}.${k}`, v, undefined, 'dropped: no v1 equivalent');
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function take(obj: Obj, key: string): any {
  const v = obj[key];
  delete obj[key];
  return v;
}

function copy(from: Obj, to: Obj, key: string): void {
  const v = take(from, key);
  if (v !== undefined) to[key] = v;
}

/** v1 expires nodes forcefully (v1-migration guide, "Forceful Expiration"). */
function forcefulExpiry(expireAfter: unknown): string {
  return expireAfter === 'Never' ? '' : '; v1 expiry is forceful: an expired node is drained at once, without waiting for a replacement node';
}

/** How to stop an alias from drifting nodes on every AMI release; the version formats differ per family. */
function pinAdvice(aliasFamily: string): string {
  if (aliasFamily.startsWith('windows')) return 'Windows aliases take only latest; select the AMI by id or name to control updates';
  const example = aliasFamily === 'bottlerocket' ? 'v1.30.0' : 'v20250101';
  return `pin a version, e.g. ${aliasFamily}@${example}, to stop AMI updates from drifting nodes`;
}

/** `, i.e. 720h` for a whole number of hours, so the report reads like the docs. */
function inHours(seconds: unknown): string {
  return typeof seconds === 'number' && seconds > 0 && seconds % 3600 === 0 ? `, i.e. ${seconds / 3600}h` : '';
}

function list(v: unknown): string[] {
  if (v === undefined) return [];
  return String(v)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (isObject(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
}

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}
