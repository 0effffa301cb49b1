import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformVariable, Testing } from 'cdktf';
import { KarpenterDuration } from '../../lib/core/model/duration';
import { AmiFamily, AmiFamilyAlias } from '../../lib/core/api/ec2-node-class-definition';
import { EvictionSignal, ReservedResource } from '../../lib/core/api/kubelet-configuration';
import {
  AmiSelectorTerm,
  CapacityReservationSelectorTerm,
  PlacementGroupSelector,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
} from '../../lib/core/model/selector-terms';
import { InstanceStorePolicy, NetworkInterfaceType } from '../../lib/core/model/crd-enums';
import { HttpTokens, VolumeType } from '../../lib/core/shared/ec2';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { ec2NodeClass } from '../core/api/fixtures';
import { newStack, onlyResource, resourcesOf } from '../util/stacks';
import { warningsOf } from '../util/warnings';
import { NODE_CLASS_PROPS as BASE } from './node-class-stack';

describe('Ec2NodeClass', () => {
  test('emits a kubernetes_manifest with the rendered EC2NodeClass', () => {
    // GIVEN
    const s = newStack();
    // WHEN
    const nc = new Ec2NodeClass(s, 'NodeClass', BASE);
    // THEN
    expect(Testing.synth(s)).toHaveResourceWithProperties(Manifest, {
      manifest: ec2NodeClass({ amiSelectorTerms: [{ alias: 'al2023@v20250505' }] }),
      computed_fields: ['metadata.annotations', 'metadata.labels'],
    });
    expect(nc.nodeClassRef).toEqual({ group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' });
    expect(nc.name).toBe('default');
    expect(nc.resource.node.id).toBe('Resource');
    expect(warningsOf(nc)).toEqual([]);
  });

  test('does not wait by default; waitForReady waits for the Ready condition', () => {
    const s = newStack();
    new Ec2NodeClass(s, 'Default', BASE);
    new Ec2NodeClass(s, 'Waiting', { ...BASE, name: 'waiting', waitForReady: true });
    const resources = resourcesOf(s, 'kubernetes_manifest');
    expect(resources.map((r) => r.wait)).toEqual([undefined, { condition: [{ status: 'True', type: 'Ready' }] }]);
  });

  test('passes provider and dependsOn through', () => {
    const s = newStack();
    const provider = new KubernetesProvider(s, 'Cluster', { alias: 'cluster' });
    const before = new TerraformVariable(s, 'before', {});
    new Ec2NodeClass(s, 'NodeClass', { ...BASE, provider, dependsOn: [before] });
    const r = onlyResource(s, 'kubernetes_manifest');
    expect(r.provider).toBe('kubernetes.cluster');
    expect(r.depends_on).toEqual(['var.before']);
  });

  test('fails synth with one error listing every problem, with the construct path and field paths', () => {
    const s = newStack();
    new Ec2NodeClass(s, 'Bad', {
      ...BASE,
      instanceProfile: 'profile',
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.WINDOWS_2022, 'v1')],
      tags: { 'eks:eks-cluster-name': 'demo' },
    });
    expect(() => Testing.synth(s, true)).toThrow(
      new RegExp(
        [
          'Validation failed with the following errors:[\\s\\S]*',
          '\\[test/Bad\\] spec.amiSelectorTerms\\[0\\].alias: Windows AMIs cannot be pinned: use windows2022@latest.*\\(AmiAliasWindowsVersion\\)',
          '\\[test/Bad\\] spec.tags\\["eks:eks-cluster-name"\\]: tag "eks:eks-cluster-name" is reserved.*\\(RestrictedTag\\)',
          '\\[test/Bad\\] spec.instanceProfile: role and instanceProfile are both set.*\\(RoleXorInstanceProfile\\)',
        ].join('\\n  '),
      ),
    );
  });

  // The message is the lint's (test/core/lints/lint.test.ts); this checks it reaches the construct, and silenceWarnings.
  test('reports lint findings as warnings, silenced by code', () => {
    const s = newStack();
    const props = { ...BASE, subnetSelectorTerms: [SubnetSelectorTerm.byTags({ Name: '*' })] };
    expect(warningsOf(new Ec2NodeClass(s, 'Loud', props))).toEqual([
      expect.stringMatching(/^spec.subnetSelectorTerms: .*\(SelectorWithoutDiscovery\)$/),
    ]);
    expect(warningsOf(new Ec2NodeClass(s, 'Quiet', { ...props, name: 'quiet', silenceWarnings: ['SelectorWithoutDiscovery'] }))).toEqual([]);
  });

  test('does not check Terraform references', () => {
    const s = newStack();
    const v = new TerraformVariable(s, 'sg', { type: 'string' });
    new Ec2NodeClass(s, 'NodeClass', {
      ...BASE,
      role: v.stringValue,
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.byId(v.stringValue)],
      tags: { owner: v.stringValue },
    });
    expect(Testing.synth(s)).toHaveResourceWithProperties(Manifest, {
      manifest: expect.objectContaining({ spec: expect.objectContaining({ role: '${var.sg}', securityGroupSelectorTerms: [{ id: '${var.sg}' }] }) }),
    });
  });

  test('toManifest and toYaml for GitOps', () => {
    const nc = new Ec2NodeClass(newStack(), 'NodeClass', BASE);
    expect(nc.toManifest().spec.role).toBe('KarpenterNodeRole-demo');
    expect(nc.toYaml()).toMatch(
      /^apiVersion: karpenter.k8s.aws\/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  amiSelectorTerms:\n    - alias: al2023@v20250505\n/,
    );
  });

  test('toYaml refuses Terraform references', () => {
    const s = newStack();
    const v = new TerraformVariable(s, 'role', { type: 'string' });
    const nc = new Ec2NodeClass(s, 'NodeClass', { ...BASE, role: v.stringValue });
    expect(() => nc.toYaml()).toThrow(/\[test\/NodeClass\] spec.role: is a Terraform reference, known only at apply time.*\(UnresolvedValueInYaml\)/);
  });

  test('snapshot: defaults', () => {
    const s = newStack();
    new Ec2NodeClass(s, 'NodeClass', BASE);
    expect(Testing.synth(s)).toMatchSnapshot();
  });

  test('snapshot: every option', () => {
    const s = newStack();
    const provider = new KubernetesProvider(s, 'Cluster', {});
    new Ec2NodeClass(s, 'NodeClass', {
      name: 'gpu',
      instanceProfile: 'KarpenterNodeInstanceProfile-demo',
      amiFamily: AmiFamily.BOTTLEROCKET,
      amiSelectorTerms: [AmiSelectorTerm.byTags({ 'example.com/ami': 'gpu' }, 'self'), AmiSelectorTerm.byId('ami-0123456789abcdef0')],
      subnetSelectorTerms: [SubnetSelectorTerm.byId('subnet-0123456789abcdef0')],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.byId('sg-0123456789abcdef0'), SecurityGroupSelectorTerm.byName('nodes')],
      capacityReservationSelectorTerms: [CapacityReservationSelectorTerm.byId('cr-0123456789abcdef0')],
      placementGroupSelector: PlacementGroupSelector.byName('training'),
      kubelet: {
        maxPods: 110,
        evictionHard: { [EvictionSignal.MEMORY_AVAILABLE]: '5%' },
        evictionSoft: { [EvictionSignal.NODEFS_AVAILABLE]: '15%' },
        evictionSoftGracePeriod: { [EvictionSignal.NODEFS_AVAILABLE]: KarpenterDuration.minutes(2) },
        kubeReserved: { [ReservedResource.CPU]: Quantity.millicpu(200) },
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
      },
      blockDeviceMappings: [
        { deviceName: '/dev/xvda', ebs: { volumeSize: Quantity.gibibytes(4), volumeType: VolumeType.GP3 } },
        {
          deviceName: '/dev/xvdb',
          rootVolume: true,
          ebs: { volumeSize: Quantity.gibibytes(200), volumeType: VolumeType.GP3, iops: 6000, throughput: 500, encrypted: true },
        },
      ],
      metadataOptions: { httpPutResponseHopLimit: 2, httpTokens: HttpTokens.REQUIRED },
      userData: '[settings.kubernetes]\nmax-pods = 110\n',
      tags: { team: 'ml' },
      associatePublicIPAddress: false,
      detailedMonitoring: true,
      instanceStorePolicy: InstanceStorePolicy.RAID0,
      ipPrefixCount: 0,
      connectionTracking: { tcpEstablishedTimeout: 3600 },
      networkInterfaces: [
        { networkCardIndex: 0, deviceIndex: 0, interfaceType: NetworkInterfaceType.INTERFACE },
        { networkCardIndex: 1, deviceIndex: 0, interfaceType: NetworkInterfaceType.EFA_ONLY },
      ],
      provider,
      waitForReady: true,
      silenceWarnings: ['SelectorWithoutDiscovery'],
    });
    expect(Testing.synth(s)).toMatchSnapshot();
  });
});
