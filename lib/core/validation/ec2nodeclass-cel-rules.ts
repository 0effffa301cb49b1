// The `x-kubernetes-validations` CEL rules of the Karpenter 1.14 `ec2nodeclasses.karpenter.k8s.aws` CRD (v1),
// attached to the schema in ec2nodeclass-schema.ts (none of them reads `oldSelf`). Where a rule is quirky it is
// replicated as written, e.g. `!self.all(x, has(x.id) && ...)` rejects a term list only when *every* term combines
// `id` with other fields, and rejects an empty list.
import { child } from '../issues';
import { ALIASED_AMI_FAMILIES, ALIAS_FAMILIES, WINDOWS_ALIAS_FAMILIES, aliasFamilyOf } from '../model/ami-family';
import { Rule, crdRule, has } from './schema';
import { isPlainObject, show } from '../json';

const EVICTION_SIGNALS = ['memory.available', 'nodefs.available', 'nodefs.inodesFree', 'imagefs.available', 'imagefs.inodesFree', 'pid.available'];
const RESERVED_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pid'];

export const aliasRules: Rule[] = [
  (self: string, path, c) => {
    if (!/^[a-zA-Z0-9]+@.+$/.test(self)) {
      c.error(
        path,
        'AmiAliasFormat',
        `${show(self)} must have the form family@version, e.g. "al2023@latest" or "al2023@v20240625" (AmiSelectorTerm.alias)` +
          crdRule("'alias' is improperly formatted, must match the format 'family@version'"),
      );
    }
  },
  (self: string, path, c) => {
    const family = self.split('@')[0];
    if (!ALIAS_FAMILIES.includes(family)) {
      c.error(
        path,
        'AmiAliasFamily',
        `family ${show(family)} is not supported; use one of ${ALIAS_FAMILIES.join(', ')} (lower case; AmiFamilyAlias)` +
          crdRule(
            "family is not supported, must be one of the following: 'al2', 'al2023', 'bottlerocket', 'windows2019', 'windows2022', 'windows2025'",
          ),
      );
    }
  },
  (self: string, path, c) => {
    const [family, version] = self.split('@');
    // CEL errors on a missing index, which also rejects.
    if (WINDOWS_ALIAS_FAMILIES.includes(family) && version !== 'latest') {
      c.error(
        path,
        'AmiAliasWindowsVersion',
        `Windows AMIs cannot be pinned: use ${family}@latest, got ${show(self)}${crdRule("windows families may only specify version 'latest'")}`,
      );
    }
  },
];

export const selectorTagsRule: Rule = (self: Record<string, unknown>, path, c) => {
  for (const [k, v] of Object.entries(self)) {
    if (c.isUnresolved(k) || c.isUnresolved(v)) continue;
    if (k === '' || v === '') {
      c.error(
        child(path, k),
        'EmptySelectorTag',
        `${k === '' ? 'an empty tag key' : `tag ${show(k)} has an empty value`}; use "*" to match any value of a key` +
          crdRule("empty tag keys or values aren't supported"),
      );
    }
  }
};

/** "expected at least one, got none, [...]": every term must set one of `fields`. */
export function atLeastOneField(fields: string[]): Rule {
  return (terms: unknown[], path, c) => {
    terms.forEach((t, i) => {
      if (isPlainObject(t) && !fields.some((f) => has(t, f))) {
        c.error(
          `${path}[${i}]`,
          'EmptySelectorTerm',
          `selects nothing: set one of ${fields.join(', ')}` +
            crdRule(`expected at least one, got none, [${fields.map((f) => `'${f}'`).join(', ')}]`),
        );
      }
    });
  };
}

/** The `!self.all(x, has(x.<field>) && (<others>))` rules: reject only when every term does it. */
export function exclusiveInAllTerms(field: string, others: string[], code: string, message: string): Rule {
  return (terms: unknown[], path, c) => {
    const offends = (t: unknown) => has(t, field) && others.some((o) => has(t, o));
    if (terms.every(offends)) {
      const why =
        terms.length === 0
          ? 'an empty list is rejected by this rule as well (CEL `all` is true for an empty list); remove the field or add a term'
          : `every term combines ${field} with ${others.join('/')}; put ${field} in a term of its own`;
      c.error(path, code, `${why}${crdRule(message)}`);
    }
  };
}

export const notEmptyList =
  (field: string): Rule =>
  (self: unknown[], path, c) => {
    if (self.length === 0)
      c.error(
        path,
        'EmptySelectorTerms',
        `must list at least one term; e.g. ${field === 'subnetSelectorTerms' ? 'SubnetSelectorTerm' : 'SecurityGroupSelectorTerm'}` +
          '.discovery(clusterName)' +
          crdRule(`${field} cannot be empty`),
      );
  };

export const amiTermsRules: Rule[] = [
  atLeastOneField(['tags', 'id', 'name', 'alias', 'ssmParameter']),
  (terms: unknown[], path, c) => {
    terms.forEach((t, i) => {
      if (has(t, 'id') && ['alias', 'tags', 'name', 'owner'].some((o) => has(t, o))) {
        const problem = 'id cannot be combined with alias, tags, name or owner in one term; ';
        const rule = crdRule("'id' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms");
        c.error(`${path}[${i}]`, 'SelectorTermIdExclusive', {
          typescript: `${problem}use AmiSelectorTerm.byId(id) alone${rule}`,
          yaml: `${problem}put the id in a term of its own (- id: ami-...)${rule}`,
        });
      }
    });
  },
  (terms: unknown[], path, c) => {
    terms.forEach((t, i) => {
      if (has(t, 'alias') && ['id', 'tags', 'name', 'owner'].some((o) => has(t, o))) {
        c.error(
          `${path}[${i}]`,
          'AmiAliasExclusive',
          'alias cannot be combined with id, tags, name or owner in one term' +
            crdRule("'alias' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms"),
        );
      }
    });
  },
  (terms: unknown[], path, c) => {
    if (terms.some((t) => has(t, 'alias')) && terms.length !== 1) {
      c.error(
        path,
        'AmiAliasSingleTerm',
        `an alias term must be the only AMI selector term, got ${terms.length} terms; ` +
          'drop the other terms or select AMIs without an alias' +
          crdRule("'alias' is mutually exclusive, cannot be set with a combination of other amiSelectorTerms"),
      );
    }
  },
];

export const ebsRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    if (!has(self, 'snapshotID') && !has(self, 'volumeSize')) {
      const rule = crdRule('snapshotID or volumeSize must be defined');
      c.error(path, 'EbsVolumeSizeOrSnapshot', {
        typescript: `needs volumeSize (e.g. Quantity.gibibytes(100)) or snapshotID${rule}`,
        yaml: `needs volumeSize (e.g. volumeSize: 100Gi) or snapshotID${rule}`,
      });
    }
  },
  (self: Record<string, unknown>, path, c) => {
    if (has(self, 'volumeInitializationRate') && !(has(self, 'snapshotID') && self.snapshotID !== '')) {
      c.error(
        child(path, 'volumeInitializationRate'),
        'EbsInitializationRateWithoutSnapshot',
        'only applies to volumes created from a snapshot; set snapshotID or remove volumeInitializationRate' +
          crdRule('snapshotID must be set when volumeInitializationRate is set'),
      );
    }
  },
];

export const blockDeviceMappingsRule: Rule = (self: unknown[], path, c) => {
  const roots = self.map((x, i) => [x, i] as const).filter(([x]) => has(x, 'rootVolume') && (x as Record<string, unknown>).rootVolume === true);
  if (roots.length > 1) {
    c.error(
      path,
      'MultipleRootVolumes',
      `${roots.length} mappings set rootVolume: true (indexes ${roots.map(([, i]) => i).join(', ')}); mark at most one` +
        crdRule('must have only one blockDeviceMappings with rootVolume'),
    );
  }
};

export const evictionKeysRule =
  (field: string): Rule =>
  (self: Record<string, unknown>, path, c) => {
    for (const k of Object.keys(self)) {
      if (!EVICTION_SIGNALS.includes(k)) {
        c.error(
          child(path, k),
          'InvalidEvictionSignal',
          `${show(k)} is not an eviction signal; use one of ${EVICTION_SIGNALS.join(', ')} (EvictionSignal)` +
            crdRule(`valid keys for ${field} are [${EVICTION_SIGNALS.map((s) => `'${s}'`).join(',')}]`),
        );
      }
    }
  };

export const reservedRules = (field: string): Rule[] => [
  (self: Record<string, unknown>, path, c) => {
    for (const k of Object.keys(self)) {
      if (!RESERVED_RESOURCES.includes(k)) {
        c.error(
          child(path, k),
          'InvalidReservedResource',
          `${show(k)} cannot be reserved; use one of ${RESERVED_RESOURCES.join(', ')} (ReservedResource)` +
            crdRule(`valid keys for ${field} are [${RESERVED_RESOURCES.map((s) => `'${s}'`).join(',')}]`),
        );
      }
    }
  },
  (self: Record<string, unknown>, path, c) => {
    for (const [k, v] of Object.entries(self)) {
      if (typeof v === 'string' && !c.isUnresolved(v) && v.startsWith('-')) {
        c.error(
          child(path, k),
          'NegativeReservedResource',
          `${show(v)} is negative; reserve a non-negative quantity${crdRule(`${field} value cannot be a negative resource quantity`)}`,
        );
      }
    }
  },
];

/** `has(self.<from>) ? self.<from>.all(e, e in self.<to>) : true`; without `<to>` the CEL `in` errors, which rejects too. */
function matchingKeys(from: string, to: string, code: string, what: string, message: string): Rule {
  return (self: Record<string, unknown>, path, c) => {
    const keys = self[from];
    const other = self[to];
    if (!isPlainObject(keys) || c.isUnresolved(other)) return;
    for (const k of Object.keys(keys)) {
      if (!c.isUnresolved(k) && (!isPlainObject(other) || !Object.hasOwn(other, k))) {
        c.error(child(`${path}.${from}`, k), code, `${what} ${show(k)} needs a matching ${to} entry${crdRule(message)}`);
      }
    }
  };
}

export const connectionTrackingRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    if (!['tcpEstablishedTimeout', 'udpStreamTimeout', 'udpTimeout'].some((f) => has(self, f))) {
      c.error(
        path,
        'ConnectionTrackingEmpty',
        'set at least one timeout, or remove connectionTracking' +
          crdRule('at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set'),
      );
    }
  },
];

export const kubeletRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    const hi = self.imageGCHighThresholdPercent;
    const lo = self.imageGCLowThresholdPercent;
    if (typeof hi === 'number' && typeof lo === 'number' && !c.isUnresolved(hi) && !c.isUnresolved(lo) && !(hi > lo)) {
      c.error(
        child(path, 'imageGCHighThresholdPercent'),
        'ImageGcThresholds',
        `(${hi}) must be greater than imageGCLowThresholdPercent (${lo})` +
          crdRule('imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent'),
      );
    }
  },
  matchingKeys(
    'evictionSoft',
    'evictionSoftGracePeriod',
    'EvictionSoftWithoutGracePeriod',
    'soft threshold',
    'evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod',
  ),
  matchingKeys(
    'evictionSoftGracePeriod',
    'evictionSoft',
    'EvictionGracePeriodWithoutSoft',
    'grace period',
    'evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft',
  ),
];

export const networkInterfaceRules: Rule[] = [
  (self: unknown[], path, c) => {
    const primary = (x: unknown) => isPlainObject(x) && x.deviceIndex === 0 && x.networkCardIndex === 0 && x.interfaceType === 'interface';
    const unknown = (x: unknown) => c.isUnresolved(x) || (isPlainObject(x) && Object.values(x).some((v) => c.isUnresolved(v)));
    if (self.length > 0 && !self.some(primary) && !self.some(unknown)) {
      c.error(
        path,
        'NetworkInterfacePrimaryMissing',
        "must include the primary interface { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }" +
          crdRule("networkInterfaces must include a primary interface with interfaceType='interface'"),
      );
    }
  },
  (self: unknown[], path, c) => {
    const msg =
      'networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card';
    self.forEach((x, i) => {
      if (!isPlainObject(x)) return;
      const same = self.filter((y) => isPlainObject(y) && y.networkCardIndex === x.networkCardIndex && y.deviceIndex === x.deviceIndex).length;
      const efa = self.filter((y) => isPlainObject(y) && y.networkCardIndex === x.networkCardIndex && y.interfaceType === 'efa-only').length;
      if (same !== 1) {
        c.error(
          `${path}[${i}]`,
          'NetworkInterfaceDuplicate',
          `networkCardIndex ${show(x.networkCardIndex)} / deviceIndex ${show(x.deviceIndex)} is used by ${same} ` +
            'interfaces; each pair once' +
            crdRule(msg),
        );
      } else if (x.interfaceType === 'efa-only' && efa !== 1) {
        c.error(
          `${path}[${i}]`,
          'NetworkInterfaceDuplicate',
          `network card ${show(x.networkCardIndex)} has ${efa} efa-only interfaces; at most one per card${crdRule(msg)}`,
        );
      }
    });
  },
];

export const placementGroupRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    if (!has(self, 'name') && !has(self, 'id')) {
      c.error(
        path,
        'PlacementGroupSelectorEmpty',
        `set name or id (PlacementGroupSelector.byName / byId)${crdRule("expected at least one, got none, ['name', 'id']")}`,
      );
    }
  },
  (self: Record<string, unknown>, path, c) => {
    if (has(self, 'name') && has(self, 'id')) {
      c.error(path, 'PlacementGroupSelectorExclusive', `set name or id, not both${crdRule("'name' and 'id' are mutually exclusive")}`);
    }
  },
];

export const nonEmptyString =
  (field: string, code: string): Rule =>
  (self: string, path, c) => {
    if (self === '') c.error(path, code, `must not be empty; set ${field} or remove it${crdRule(`${field} cannot be empty`)}`);
  };

const RESTRICTED_TAGS: { test: (k: string) => boolean; message: string; why: string }[] = [
  { test: (k) => k === 'eks:eks-cluster-name', message: 'tag contains a restricted tag matching eks:eks-cluster-name', why: 'Karpenter sets it' },
  {
    test: (k) => k.startsWith('kubernetes.io/cluster'),
    message: 'tag contains a restricted tag matching kubernetes.io/cluster/',
    why: 'Karpenter sets kubernetes.io/cluster/<cluster>',
  },
  { test: (k) => k === 'karpenter.sh/nodepool', message: 'tag contains a restricted tag matching karpenter.sh/nodepool', why: 'Karpenter sets it' },
  { test: (k) => k === 'karpenter.sh/nodeclaim', message: 'tag contains a restricted tag matching karpenter.sh/nodeclaim', why: 'Karpenter sets it' },
  {
    test: (k) => k === 'karpenter.k8s.aws/ec2nodeclass',
    message: 'tag contains a restricted tag matching karpenter.k8s.aws/ec2nodeclass',
    why: 'Karpenter sets it',
  },
];

export const tagsRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    if ('' in self) c.error(child(path, ''), 'EmptyTagKey', `an empty tag key is not allowed${crdRule("empty tag keys aren't supported")}`);
  },
  ...RESTRICTED_TAGS.map((r): Rule => (self: Record<string, unknown>, path, c) => {
    for (const k of Object.keys(self)) {
      if (!c.isUnresolved(k) && r.test(k))
        c.error(child(path, k), 'RestrictedTag', `tag ${show(k)} is reserved (${r.why}); remove it${crdRule(r.message)}`);
    }
  }),
];

const AMI_FAMILY_FOR_ALIAS: [string, string, string][] = ALIASED_AMI_FAMILIES.map((f) => [
  aliasFamilyOf(f)!,
  f,
  `${f.startsWith('A') ? 'an' : 'a'} ${f}`,
]);

export const specRules: Rule[] = [
  (self: Record<string, unknown>, path, c) => {
    if (has(self, 'role') === has(self, 'instanceProfile')) {
      const both = has(self, 'role');
      c.error(
        both ? child(path, 'instanceProfile') : path,
        'RoleXorInstanceProfile',
        `${both ? 'role and instanceProfile are both set' : 'neither role nor instanceProfile is set'}; ` +
          'set exactly one: role (Karpenter creates the instance profile) or instanceProfile (an existing one)' +
          crdRule("must specify exactly one of ['role', 'instanceProfile']"),
      );
    }
  },
  ...AMI_FAMILY_FOR_ALIAS.map(([alias, family, article]): Rule => (self: Record<string, unknown>, path, c) => {
    if (!has(self, 'amiFamily') || c.isUnresolved(self.amiFamily)) return;
    const terms = Array.isArray(self.amiSelectorTerms) ? self.amiSelectorTerms : [];
    const uses = terms.some((x) => has(x, 'alias') && typeof x.alias === 'string' && (/^[^@]+/.exec(x.alias)?.[0] ?? '') === alias);
    if (uses && self.amiFamily !== 'Custom' && self.amiFamily !== family) {
      c.error(
        child(path, 'amiFamily'),
        'AmiFamilyAliasMismatch',
        `is ${show(self.amiFamily)} but the AMI alias is ${alias}@...; omit amiFamily (it is inferred from the ` +
          `alias), or set ${family} or Custom` +
          crdRule(`if set, amiFamily must be '${family}' or 'Custom' when using ${article} alias`),
      );
    }
  }),
  (self: Record<string, unknown>, path, c) => {
    const terms = Array.isArray(self.amiSelectorTerms) ? self.amiSelectorTerms : [];
    if (!terms.some((x) => has(x, 'alias')) && !has(self, 'amiFamily')) {
      const rule = crdRule('must specify amiFamily if amiSelectorTerms does not contain an alias');
      const problem = 'is required when no AMI selector term is an alias; set amiFamily ';
      c.error(child(path, 'amiFamily'), 'AmiFamilyRequired', {
        typescript: `${problem}(AmiFamily.AL2023, ..., or Custom with your own userData)${rule}`,
        yaml: `${problem}(e.g. amiFamily: AL2023, or Custom with your own userData)${rule}`,
      });
    }
  },
];
