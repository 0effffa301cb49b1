// The EC2NodeClass manifest lints: one entry of NODECLASS_RULES per code, each with its check.
import { isPlainObject, isString, show } from '../json';
import { KARPENTER_DISCOVERY_TAG_KEY } from '../shared/discovery';
import { nodeClassAmiFamily } from '../model/ami-family';
import { userDataProblem } from '../model/user-data';
import type { NodeClassRule } from './lint-rule';

/** Tags that name one cluster: the guides' discovery tag, and the one EKS puts on the cluster security group. */
const DISCOVERY_TAG_KEYS = [KARPENTER_DISCOVERY_TAG_KEY, 'aws:eks:cluster-name'];

/**
 * Selector ids: the CRD's pattern (unanchored, so `xami-1` passes it; the schema checks it) and the form AWS
 * gives them, which `SelectorIdMalformed` checks for a value the CRD's pattern lets through.
 */
export const SELECTOR_ID_PATTERNS = {
  subnetSelectorTerms: { crd: /subnet-[0-9a-z]+/, aws: /^subnet-[0-9a-z]+$/ },
  securityGroupSelectorTerms: { crd: /sg-[0-9a-z]+/, aws: /^sg-[0-9a-z]+$/ },
  amiSelectorTerms: { crd: /ami-[0-9a-z]+/, aws: /^ami-[0-9a-z]+$/ },
} as const;

const SELECTOR_FIELDS = [
  ['subnetSelectorTerms', 'subnets', SELECTOR_ID_PATTERNS.subnetSelectorTerms],
  ['securityGroupSelectorTerms', 'security groups', SELECTOR_ID_PATTERNS.securityGroupSelectorTerms],
] as const;

/** A string id the CRD's pattern accepts but AWS never gives. */
function malformedId(id: unknown, patterns: { readonly crd: RegExp; readonly aws: RegExp }): id is string {
  return typeof id === 'string' && patterns.crd.test(id) && !patterns.aws.test(id);
}

export const NODECLASS_RULES = [
  {
    code: 'Ec2NodeClassNameTooLong',
    appliesTo: 'EC2NodeClass',
    summary: 'an EC2NodeClass name longer than 63 characters (it becomes a node label value)',
    check: ({ meta }, r) => {
      if (isString(meta.name) && !r.isUnresolved(meta.name) && meta.name.length > 63) {
        r.warn(
          'metadata.name',
          `${show(meta.name)} is ${meta.name.length} characters; Karpenter labels nodes with ` +
            'karpenter.k8s.aws/ec2nodeclass=<name> and label values are at most 63 characters. Use a shorter name',
        );
      }
    },
  },
  {
    code: 'SelectorWithoutDiscovery',
    appliesTo: 'EC2NodeClass',
    summary: 'subnet or security group selectors with no id, no name and no discovery tag',
    check: ({ spec }, r) => {
      for (const [field, noun] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        const specific = terms.some((t) => {
          if (!isPlainObject(t) || r.isUnresolved(t)) return true;
          if (t.id !== undefined || t.name !== undefined || r.isUnresolved(t.tags)) return true;
          const tags = isPlainObject(t.tags) ? t.tags : {};
          return Object.entries(tags).some(
            ([k, v]) => r.isUnresolved(k) || ((DISCOVERY_TAG_KEYS.includes(k) || k.startsWith('kubernetes.io/cluster/')) && v !== '*'),
          );
        });
        if (!specific) {
          const helper = field === 'subnetSelectorTerms' ? 'SubnetSelectorTerm' : 'SecurityGroupSelectorTerm';
          const problem =
            `selects ${noun} by tags alone, with no id, no name and no cluster discovery tag, so it may match ${noun} ` +
            `of other clusters or VPCs; select by id, or tag your ${noun} with ${KARPENTER_DISCOVERY_TAG_KEY}=<cluster name> and `;
          r.warn(`spec.${field}`, {
            typescript: `${problem}use ${helper}.discovery(clusterName)`,
            yaml: `${problem}select them with - tags: { ${KARPENTER_DISCOVERY_TAG_KEY}: <cluster name> }`,
          });
        }
      }
    },
  },
  {
    code: 'SelectorTermIdCombined',
    appliesTo: 'EC2NodeClass',
    summary: "a selector term combining 'id' with other fields (the CRD rejects it only when every term does)",
    check: ({ spec }, r) => {
      for (const [field] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        const others = field === 'subnetSelectorTerms' ? ['tags'] : ['tags', 'name'];
        terms.forEach((t, i) => {
          if (isPlainObject(t) && t.id !== undefined && others.some((o) => t[o] !== undefined)) {
            r.warn(
              `spec.${field}[${i}]`,
              `combines id with ${others.filter((o) => t[o] !== undefined).join(' and ')}; ` +
                'the CRD documents id as mutually exclusive (it rejects this only when every term does it). ' +
                'Put the id in a term of its own',
            );
          }
        });
      }
      const caps = Array.isArray(spec.capacityReservationSelectorTerms) ? spec.capacityReservationSelectorTerms : [];
      caps.forEach((t, i) => {
        if (isPlainObject(t) && t.id !== undefined && ['tags', 'ownerID', 'instanceMatchCriteria'].some((o) => t[o] !== undefined)) {
          r.warn(
            `spec.capacityReservationSelectorTerms[${i}]`,
            'combines id with other fields; the CRD documents id as mutually exclusive (it rejects this only when ' +
              'every term does it). Put the id in a term of its own',
          );
        }
      });
    },
  },
  {
    code: 'SelectorIdMalformed',
    appliesTo: 'EC2NodeClass',
    summary: 'a subnet, security group or AMI id that the (unanchored) CRD pattern accepts but AWS does not',
    check: ({ spec }, r) => {
      for (const [field, noun, patterns] of SELECTOR_FIELDS) {
        const terms = spec[field];
        if (!Array.isArray(terms) || terms.length === 0 || r.isUnresolved(terms)) continue;
        terms.forEach((t, i) => {
          if (isPlainObject(t) && !r.isUnresolved(t.id) && malformedId(t.id, patterns)) {
            r.warn(
              `spec.${field}[${i}].id`,
              `${show(t.id)} is not a ${noun.slice(0, -1)} id (${patterns.aws.source}); ` +
                `the CRD's unanchored pattern lets it through, but no ${noun.slice(0, -1)} will match`,
            );
          }
        });
      }
      const amis = Array.isArray(spec.amiSelectorTerms) ? spec.amiSelectorTerms : [];
      amis.forEach((t, i) => {
        if (isPlainObject(t) && !r.isUnresolved(t.id) && malformedId(t.id, SELECTOR_ID_PATTERNS.amiSelectorTerms)) {
          r.warn(
            `spec.amiSelectorTerms[${i}].id`,
            `${show(t.id)} is not an AMI id (${SELECTOR_ID_PATTERNS.amiSelectorTerms.aws.source}); ` +
              "the CRD's unanchored pattern lets it through, but no AMI will match",
          );
        }
      });
    },
  },
  {
    code: 'ImdsTokensOptional',
    appliesTo: 'EC2NodeClass',
    summary: 'metadataOptions.httpTokens "optional" allows IMDSv1',
    check: ({ spec }, r) => {
      const mo = isPlainObject(spec.metadataOptions) ? spec.metadataOptions : {};
      if (mo.httpTokens === 'optional') {
        const problem = '"optional" lets pods use IMDSv1 and read the node role\'s credentials without a session token; ';
        r.warn('spec.metadataOptions.httpTokens', {
          typescript: `${problem}use HttpTokens.REQUIRED unless a workload really needs IMDSv1`,
          yaml: `${problem}use httpTokens: required unless a workload really needs IMDSv1`,
        });
      }
    },
  },
  {
    code: 'RoleIsArn',
    appliesTo: 'EC2NodeClass',
    summary: 'spec.role given as an ARN; it takes the role name',
    check: ({ spec }, r) => {
      if (isString(spec.role) && !r.isUnresolved(spec.role) && spec.role.startsWith('arn:')) {
        r.warn('spec.role', `takes the IAM role name, got the ARN ${show(spec.role)}; pass the name (the part after "role/")`);
      }
    },
  },
  {
    code: 'UserDataFormatMismatch',
    appliesTo: 'EC2NodeClass',
    summary: 'spec.userData in a format its AMI family does not run (the controller accepts it; an error where it rejects it)',
    check: ({ spec }, r) => {
      const userData = spec.userData;
      if (!isString(userData) || r.isUnresolved(userData) || r.isUnresolved(spec.amiFamily) || r.isUnresolved(spec.amiSelectorTerms)) return;
      const problem = userDataProblem(nodeClassAmiFamily(spec), userData);
      if (problem && !problem.rejectedByController) r.warn('spec.userData', problem.message);
    },
  },
] as const satisfies readonly NodeClassRule[];
