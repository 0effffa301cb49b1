import { KarpenterDuration } from '../../../lib/core/model/duration';
import { AmiFamily, AmiFamilyAlias, Ec2NodeClassDefinition } from '../../../lib/core/api/ec2-node-class-definition';
import { EvictionSignal, ReservedResource } from '../../../lib/core/api/kubelet-configuration';
import {
  AmiSelectorTerm,
  CapacityReservationSelectorTerm,
  PlacementGroupSelector,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from '../../../lib/core/model/selector-terms';
import {
  HttpEndpoint,
  HttpProtocolIpv6,
  InstanceMatchCriteria,
  InstanceStorePolicy,
  NestedVirtualization,
  NetworkInterfaceType,
} from '../../../lib/core/model/crd-enums';
import { HttpTokens, VolumeType } from '../../../lib/core/shared/ec2';
import { Quantity } from '../../../lib/core/model/quantity-builder';
import { ec2NodeClass } from './fixtures';

const BASE = {
  name: 'default',
  role: 'KarpenterNodeRole-demo',
  amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
  subnetSelectorTerms: [SubnetSelectorTerm.discovery('demo')],
  securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery('demo')],
};

describe('Ec2NodeClassDefinition', () => {
  test('renders a minimal node class', () => {
    const nc = new Ec2NodeClassDefinition(BASE);
    expect(nc.toManifest()).toEqual(ec2NodeClass());
    expect(nc.validate()).toEqual([]);
  });

  test('an evictionSoftGracePeriod of KarpenterDuration.never() fails validation: kubelet takes Go durations', () => {
    const kubelet = (d: KarpenterDuration) => ({
      evictionSoft: { [EvictionSignal.MEMORY_AVAILABLE]: '5%' },
      evictionSoftGracePeriod: { [EvictionSignal.MEMORY_AVAILABLE]: d },
    });
    expect(new Ec2NodeClassDefinition({ ...BASE, kubelet: kubelet(KarpenterDuration.minutes(2)) }).validate()).toEqual([]);
    expect(
      new Ec2NodeClassDefinition({ ...BASE, kubelet: kubelet(KarpenterDuration.never()) }).validate().map((i) => `${i.field} ${i.code}`),
    ).toEqual(['spec.kubelet.evictionSoftGracePeriod["memory.available"] InvalidKubeletDuration']);
  });

  test('selector term factories', () => {
    expect(
      [
        AmiSelectorTerm.byId('ami-0abc'),
        AmiSelectorTerm.byName('my-ami-*', 'self'),
        AmiSelectorTerm.byName('x'),
        AmiSelectorTerm.byTags({ team: 'a' }, '123456789012'),
        AmiSelectorTerm.bySsmParameter('/aws/service/x'),
      ].map((t) => t.toJson()),
    ).toEqual([
      { id: 'ami-0abc' },
      { name: 'my-ami-*', owner: 'self' },
      { name: 'x' },
      { tags: { team: 'a' }, owner: '123456789012' },
      { ssmParameter: '/aws/service/x' },
    ]);
    expect([SubnetSelectorTerm.byId('subnet-1'), SubnetSelectorTerm.byTags({ tier: 'private' })].map((t) => t.toJson())).toEqual([
      { id: 'subnet-1' },
      { tags: { tier: 'private' } },
    ]);
    expect(
      [SecurityGroupSelectorTerm.byId('sg-1'), SecurityGroupSelectorTerm.byName('nodes'), SecurityGroupSelectorTerm.byTags({ a: 'b' })].map((t) =>
        t.toJson(),
      ),
    ).toEqual([{ id: 'sg-1' }, { name: 'nodes' }, { tags: { a: 'b' } }]);
    expect(
      [
        CapacityReservationSelectorTerm.byId('cr-1'),
        CapacityReservationSelectorTerm.byTags({ team: 'ml' }, { ownerId: '123456789012', instanceMatchCriteria: InstanceMatchCriteria.TARGETED }),
        CapacityReservationSelectorTerm.byInstanceMatchCriteria(InstanceMatchCriteria.OPEN),
      ].map((t) => t.toJson()),
    ).toEqual([
      { id: 'cr-1' },
      { tags: { team: 'ml' }, ownerID: '123456789012', instanceMatchCriteria: 'targeted' },
      { instanceMatchCriteria: 'open' },
    ]);
    expect([PlacementGroupSelector.byId('pg-1'), PlacementGroupSelector.byName('pg')].map((t) => t.toJson())).toEqual([
      { id: 'pg-1' },
      { name: 'pg' },
    ]);
  });

  test('renders every option with the CRD field names', () => {
    const nc = new Ec2NodeClassDefinition({
      ...BASE,
      amiFamily: AmiFamily.AL2023,
      capacityReservationSelectorTerms: [CapacityReservationSelectorTerm.byId('cr-0abc')],
      placementGroupSelector: PlacementGroupSelector.byName('cluster-pg'),
      kubelet: {
        clusterDNS: ['10.100.0.10'],
        cpuCFSQuota: true,
        maxPods: 110,
        podsPerCore: 10,
        evictionMaxPodGracePeriod: 60,
        evictionHard: { [EvictionSignal.MEMORY_AVAILABLE]: '5%' },
        evictionSoft: { 'memory.available': '10%' },
        evictionSoftGracePeriod: { [EvictionSignal.MEMORY_AVAILABLE]: KarpenterDuration.minutes(2) },
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
        kubeReserved: { [ReservedResource.CPU]: Quantity.millicpu(100), [ReservedResource.MEMORY]: Quantity.mebibytes(512) },
        systemReserved: { [ReservedResource.EPHEMERAL_STORAGE]: Quantity.gibibytes(1) },
      },
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: {
            volumeSize: Quantity.gibibytes(100),
            volumeType: VolumeType.GP3,
            iops: 3000,
            throughput: 125,
            encrypted: true,
            kmsKeyID: 'alias/ebs',
            deleteOnTermination: true,
          },
        },
      ],
      metadataOptions: {
        httpEndpoint: HttpEndpoint.ENABLED,
        httpProtocolIPv6: HttpProtocolIpv6.DISABLED,
        httpPutResponseHopLimit: 2,
        httpTokens: HttpTokens.REQUIRED,
      },
      userData: '#!/bin/bash\necho hi',
      tags: { team: 'platform' },
      associatePublicIPAddress: false,
      detailedMonitoring: true,
      instanceStorePolicy: InstanceStorePolicy.RAID0,
      ipPrefixCount: 1,
      cpuOptions: { nestedVirtualization: NestedVirtualization.DISABLED },
      connectionTracking: { tcpEstablishedTimeout: 3600 },
      networkInterfaces: [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: NetworkInterfaceType.INTERFACE }],
      context: 'c-1',
    });
    const spec = nc.toManifest().spec;
    expect(spec.kubelet).toEqual({
      clusterDNS: ['10.100.0.10'],
      cpuCFSQuota: true,
      evictionHard: { 'memory.available': '5%' },
      evictionSoft: { 'memory.available': '10%' },
      evictionSoftGracePeriod: { 'memory.available': '2m' },
      evictionMaxPodGracePeriod: 60,
      imageGCHighThresholdPercent: 85,
      imageGCLowThresholdPercent: 80,
      kubeReserved: { cpu: '100m', memory: '512Mi' },
      systemReserved: { 'ephemeral-storage': '1Gi' },
      maxPods: 110,
      podsPerCore: 10,
    });
    expect(spec.blockDeviceMappings).toEqual([
      {
        deviceName: '/dev/xvda',
        rootVolume: true,
        ebs: {
          volumeSize: '100Gi',
          volumeType: 'gp3',
          iops: 3000,
          throughput: 125,
          encrypted: true,
          kmsKeyID: 'alias/ebs',
          deleteOnTermination: true,
        },
      },
    ]);
    expect(Object.keys(spec)).toEqual([
      'amiFamily',
      'amiSelectorTerms',
      'subnetSelectorTerms',
      'securityGroupSelectorTerms',
      'capacityReservationSelectorTerms',
      'placementGroupSelector',
      'role',
      'kubelet',
      'blockDeviceMappings',
      'metadataOptions',
      'userData',
      'tags',
      'associatePublicIPAddress',
      'detailedMonitoring',
      'instanceStorePolicy',
      'ipPrefixCount',
      'cpuOptions',
      'connectionTracking',
      'networkInterfaces',
      'context',
    ]);
    expect(nc.validate()).toEqual([]);
  });

  test('validate catches what the types cannot', () => {
    const nc = new Ec2NodeClassDefinition({
      ...BASE,
      role: undefined,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.WINDOWS_2022, 'v2024'), AmiSelectorTerm.byName('x')],
      amiFamily: AmiFamily.AL2,
      kubelet: { imageGCHighThresholdPercent: 50, imageGCLowThresholdPercent: 60 },
      blockDeviceMappings: [{ rootVolume: true, ebs: { volumeType: VolumeType.GP3 } }],
    });
    expect(nc.validate().map((i) => `${i.field} (${i.code})`)).toEqual([
      'spec.amiSelectorTerms[0].alias (AmiAliasWindowsVersion)',
      'spec.amiSelectorTerms (AmiAliasSingleTerm)',
      'spec.kubelet.imageGCHighThresholdPercent (ImageGcThresholds)',
      'spec.blockDeviceMappings[0].ebs (EbsVolumeSizeOrSnapshot)',
      'spec (RoleXorInstanceProfile)',
      'spec.amiFamily (AmiFamilyAliasMismatch)',
    ]);
  });

  test('toYaml', () => {
    expect(new Ec2NodeClassDefinition(BASE).toYaml()).toMatch(
      /^apiVersion: karpenter.k8s.aws\/v1\nkind: EC2NodeClass\n.*  role: KarpenterNodeRole-demo\n$/s,
    );
  });
});
