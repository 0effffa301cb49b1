import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import {
  ConsolidationPolicy,
  DisruptionReason,
  HttpEndpoint,
  HttpProtocolIpv6,
  InstanceMatchCriteria,
  InstanceStorePolicy,
  NestedVirtualization,
  NetworkInterfaceType,
  TaintEffect,
} from '../../../lib/core/model/crd-enums';
import { Operator } from '../../../lib/core/model/requirement-builder';
import { NODEPOOL_SPEC_SCHEMA } from '../../../lib/core/validation/validate-nodepool';
import { EC2NODECLASS_SPEC_SCHEMA } from '../../../lib/core/validation/validate-ec2nodeclass';
import { HttpTokens, VolumeType } from '../../../lib/core/shared/ec2';
import { crdsMissingMessage, karpenterCrdsDir } from '../../fixtures/crds-dir';

type Node = { properties?: Record<string, Node>; items?: Node; enum?: string[] };
/** The schema node at `fields` below `spec`; `[]` steps into array items. */
const at = (schema: Node, fields: string[]): Node | undefined =>
  fields.reduce<Node | undefined>((n, f) => (f === '[]' ? n?.items : n?.properties?.[f]), schema);

// Each typed enum, and where the CRD (and our schema) has it, under `spec`.
const CASES: [string, Record<string, string>, 'nodepools' | 'ec2nodeclasses', string[]][] = [
  ['TaintEffect', TaintEffect, 'nodepools', ['template', 'spec', 'taints', '[]', 'effect']],
  ['Operator', Operator, 'nodepools', ['template', 'spec', 'requirements', '[]', 'operator']],
  ['DisruptionReason', DisruptionReason, 'nodepools', ['disruption', 'budgets', '[]', 'reasons', '[]']],
  ['ConsolidationPolicy', ConsolidationPolicy, 'nodepools', ['disruption', 'consolidationPolicy']],
  ['VolumeType', VolumeType, 'ec2nodeclasses', ['blockDeviceMappings', '[]', 'ebs', 'volumeType']],
  ['HttpTokens', HttpTokens, 'ec2nodeclasses', ['metadataOptions', 'httpTokens']],
  ['HttpEndpoint', HttpEndpoint, 'ec2nodeclasses', ['metadataOptions', 'httpEndpoint']],
  ['HttpProtocolIpv6', HttpProtocolIpv6, 'ec2nodeclasses', ['metadataOptions', 'httpProtocolIPv6']],
  ['InstanceStorePolicy', InstanceStorePolicy, 'ec2nodeclasses', ['instanceStorePolicy']],
  ['InstanceMatchCriteria', InstanceMatchCriteria, 'ec2nodeclasses', ['capacityReservationSelectorTerms', '[]', 'instanceMatchCriteria']],
  ['NestedVirtualization', NestedVirtualization, 'ec2nodeclasses', ['cpuOptions', 'nestedVirtualization']],
  ['NetworkInterfaceType', NetworkInterfaceType, 'ec2nodeclasses', ['networkInterfaces', '[]', 'interfaceType']],
];

describe('CRD enums are defined once', () => {
  test.each(CASES)('the schema takes %s from the enum', (_name, e, crd, fields) => {
    const schema = (crd === 'nodepools' ? NODEPOOL_SPEC_SCHEMA : EC2NODECLASS_SPEC_SCHEMA) as Node;
    expect(at(schema, fields)?.enum).toEqual(Object.values(e));
  });

  const dir = karpenterCrdsDir();
  if (dir === undefined) console.warn(crdsMissingMessage('CRD enums vs the typed enums'));
  (dir === undefined ? test.skip : test).each(CASES)('%s has the values of the CRD, in its order', (_name, e, crd, fields) => {
    const file = crd === 'nodepools' ? 'karpenter.sh_nodepools.yaml' : 'karpenter.k8s.aws_ec2nodeclasses.yaml';
    const doc = parse(fs.readFileSync(path.join(dir!, file), 'utf8'));
    const spec = doc.spec.versions.find((v: { name: string }) => v.name === 'v1').schema.openAPIV3Schema.properties.spec as Node;
    expect(Object.values(e)).toEqual(at(spec, fields)?.enum);
  });
});
