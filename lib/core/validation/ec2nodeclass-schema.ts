// The OpenAPI schema of the Karpenter 1.14 `ec2nodeclasses.karpenter.k8s.aws` CRD (v1), with its CEL rules
// (ec2nodeclass-cel-rules.ts) where the CRD puts them.
import { AMI_FAMILIES } from '../model/ami-family';
import { SELECTOR_ID_PATTERNS } from '../lints/ec2nodeclass-lints';
import {
  crdEnum,
  HttpEndpoint,
  HttpProtocolIpv6,
  InstanceMatchCriteria,
  InstanceStorePolicy,
  NestedVirtualization,
  NetworkInterfaceType,
} from '../model/crd-enums';
import { HttpTokens, VolumeType } from '../shared/ec2';
import { DROPPED_AMI_FAMILIES } from '../model/renamed-values';
import { QUANTITY_PATTERN } from '../shared/quantity';
import { ArraySchema, MapSchema, ObjectSchema, Rule, Schema } from './schema';
import {
  aliasRules,
  amiTermsRules,
  atLeastOneField,
  blockDeviceMappingsRule,
  connectionTrackingRules,
  ebsRules,
  evictionKeysRule,
  exclusiveInAllTerms,
  kubeletRules,
  networkInterfaceRules,
  nonEmptyString,
  notEmptyList,
  placementGroupRules,
  reservedRules,
  selectorTagsRule,
  specRules,
  tagsRules,
} from './ec2nodeclass-cel-rules';

const stringMap: MapSchema = { type: 'map', values: { type: 'string' } };
const quantityMap = (field: string): MapSchema => ({
  type: 'map',
  values: { type: 'string', pattern: QUANTITY_PATTERN, patternCode: 'InvalidQuantity', hint: 'use a quantity such as "100m", "1Gi"' },
  rules: reservedRules(field),
});
const evictionMap = (field: string): MapSchema => ({
  type: 'map',
  values: {
    type: 'string',
    pattern:
      /^((\d{1,2}(\.\d{1,2})?|100(\.0{1,2})?)%||(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?)$/,
    patternCode: 'InvalidEvictionThreshold',
    hint: 'use a percentage such as "10%" or a quantity such as "500Mi"',
  },
  rules: [evictionKeysRule(field)],
});

const selectorTags: MapSchema = { type: 'map', values: { type: 'string' }, maxProperties: 20, rules: [selectorTagsRule] };

const selectorTermsArray = (items: ObjectSchema, rules: Rule[], minItems?: number): ArraySchema => ({
  type: 'array',
  items,
  maxItems: 30,
  minItems,
  rules,
});

export const EC2NODECLASS_SPEC: ObjectSchema = {
  type: 'object',
  required: ['amiSelectorTerms', 'securityGroupSelectorTerms', 'subnetSelectorTerms'],
  rules: specRules,
  properties: {
    amiFamily: { type: 'string', enum: [...AMI_FAMILIES], formerly: DROPPED_AMI_FAMILIES },
    amiSelectorTerms: selectorTermsArray(
      {
        type: 'object',
        properties: {
          alias: { type: 'string', maxLength: 30, rules: aliasRules },
          id: { type: 'string', pattern: SELECTOR_ID_PATTERNS.amiSelectorTerms.crd, hint: 'e.g. "ami-0123456789abcdef0"' },
          name: { type: 'string' },
          owner: { type: 'string' },
          ssmParameter: { type: 'string' },
          tags: selectorTags,
        },
      },
      amiTermsRules,
      1,
    ),
    associatePublicIPAddress: { type: 'boolean' },
    blockDeviceMappings: {
      type: 'array',
      maxItems: 50,
      rules: [blockDeviceMappingsRule],
      items: {
        type: 'object',
        properties: {
          deviceName: { type: 'string' },
          ebs: {
            type: 'object',
            rules: ebsRules,
            properties: {
              deleteOnTermination: { type: 'boolean' },
              encrypted: { type: 'boolean' },
              iops: { type: 'integer', format: 'int64' },
              kmsKeyID: { type: 'string' },
              snapshotID: { type: 'string' },
              throughput: { type: 'integer', format: 'int64' },
              volumeInitializationRate: { type: 'integer', format: 'int32', minimum: 100, maximum: 300 },
              volumeSize: {
                type: 'string',
                pattern:
                  /^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$/,
                patternCode: 'InvalidVolumeSize',
                hint: 'use whole Gi, G, Ti or T, e.g. "100Gi" (Quantity.gibibytes(100)), up to 59000Gi / 64000G / 58Ti / 64T',
              },
              volumeType: { type: 'string', enum: crdEnum(VolumeType) },
            },
          },
          rootVolume: { type: 'boolean' },
        },
      },
    },
    capacityReservationSelectorTerms: selectorTermsArray(
      {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: /^cr-[0-9a-z]+$/, hint: 'e.g. "cr-0123456789abcdef0"' },
          instanceMatchCriteria: { type: 'string', enum: crdEnum(InstanceMatchCriteria) },
          ownerID: { type: 'string', pattern: /^[0-9]{12}$/, hint: 'a 12-digit AWS account id' },
          tags: selectorTags,
        },
      },
      [
        atLeastOneField(['tags', 'id', 'instanceMatchCriteria']),
        exclusiveInAllTerms(
          'id',
          ['tags', 'ownerID', 'instanceMatchCriteria'],
          'SelectorTermIdExclusive',
          "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term",
        ),
      ],
    ),
    connectionTracking: {
      type: 'object',
      rules: connectionTrackingRules,
      properties: {
        tcpEstablishedTimeout: { type: 'integer', format: 'int32', minimum: 60, maximum: 432000 },
        udpStreamTimeout: { type: 'integer', format: 'int32', minimum: 60, maximum: 180 },
        udpTimeout: { type: 'integer', format: 'int32', minimum: 30, maximum: 60 },
      },
    },
    context: { type: 'string' },
    cpuOptions: { type: 'object', properties: { nestedVirtualization: { type: 'string', enum: crdEnum(NestedVirtualization) } } },
    detailedMonitoring: { type: 'boolean' },
    instanceProfile: { type: 'string', rules: [nonEmptyString('instanceProfile', 'EmptyInstanceProfile')] },
    instanceStorePolicy: { type: 'string', enum: crdEnum(InstanceStorePolicy) },
    ipPrefixCount: { type: 'integer', format: 'int32', minimum: 0 },
    kubelet: {
      type: 'object',
      rules: kubeletRules,
      properties: {
        clusterDNS: { type: 'array', items: { type: 'string' } },
        cpuCFSQuota: { type: 'boolean' },
        evictionHard: evictionMap('evictionHard'),
        evictionMaxPodGracePeriod: { type: 'integer', format: 'int32' },
        evictionSoft: evictionMap('evictionSoft'),
        evictionSoftGracePeriod: { ...stringMap, rules: [evictionKeysRule('evictionSoftGracePeriod')] },
        imageGCHighThresholdPercent: { type: 'integer', format: 'int32', minimum: 0, maximum: 100 },
        imageGCLowThresholdPercent: { type: 'integer', format: 'int32', minimum: 0, maximum: 100 },
        kubeReserved: quantityMap('kubeReserved'),
        maxPods: { type: 'integer', format: 'int32', minimum: 0 },
        podsPerCore: { type: 'integer', format: 'int32', minimum: 0 },
        systemReserved: quantityMap('systemReserved'),
      },
    },
    metadataOptions: {
      type: 'object',
      properties: {
        httpEndpoint: { type: 'string', enum: crdEnum(HttpEndpoint) },
        httpProtocolIPv6: { type: 'string', enum: crdEnum(HttpProtocolIpv6) },
        httpPutResponseHopLimit: { type: 'integer', format: 'int64', minimum: 1, maximum: 64 },
        httpTokens: { type: 'string', enum: crdEnum(HttpTokens) },
      },
    },
    networkInterfaces: {
      type: 'array',
      maxItems: 150,
      rules: networkInterfaceRules,
      items: {
        type: 'object',
        required: ['deviceIndex', 'interfaceType', 'networkCardIndex'],
        properties: {
          deviceIndex: { type: 'integer', format: 'int32', minimum: 0 },
          interfaceType: { type: 'string', enum: crdEnum(NetworkInterfaceType) },
          networkCardIndex: { type: 'integer', format: 'int32', minimum: 0 },
        },
      },
    },
    placementGroupSelector: {
      type: 'object',
      rules: placementGroupRules,
      properties: {
        id: { type: 'string', pattern: /^pg-[0-9a-z]+$/, hint: 'e.g. "pg-0123456789abcdef0"' },
        name: { type: 'string', minLength: 1 },
      },
    },
    role: { type: 'string', rules: [nonEmptyString('role', 'EmptyRole')] },
    securityGroupSelectorTerms: selectorTermsArray(
      {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: SELECTOR_ID_PATTERNS.securityGroupSelectorTerms.crd, hint: 'e.g. "sg-0123456789abcdef0"' },
          name: { type: 'string' },
          tags: selectorTags,
        },
      },
      [
        notEmptyList('securityGroupSelectorTerms'),
        atLeastOneField(['tags', 'id', 'name']),
        exclusiveInAllTerms(
          'id',
          ['tags', 'name'],
          'SelectorTermIdExclusive',
          "'id' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
        ),
        exclusiveInAllTerms(
          'name',
          ['tags', 'id'],
          'SelectorTermNameExclusive',
          "'name' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
        ),
      ],
    ),
    subnetSelectorTerms: selectorTermsArray(
      {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: SELECTOR_ID_PATTERNS.subnetSelectorTerms.crd, hint: 'e.g. "subnet-0123456789abcdef0"' },
          tags: selectorTags,
        },
      },
      [
        notEmptyList('subnetSelectorTerms'),
        atLeastOneField(['tags', 'id']),
        exclusiveInAllTerms(
          'id',
          ['tags'],
          'SelectorTermIdExclusive',
          "'id' is mutually exclusive, cannot be set with a combination of other fields in a subnet selector term",
        ),
      ],
    ),
    tags: { ...stringMap, rules: tagsRules },
    userData: { type: 'string' },
  },
};

/** The EC2NodeClass spec schema (exported for the conformance harness and tests). */
export const EC2NODECLASS_SPEC_SCHEMA: Schema = EC2NODECLASS_SPEC;
