import { ControllerNodeGroupPlanInput, NodeGroupAmiType, planControllerNodeGroup } from '../../../lib/core/aws/controller-node-group-plan';
import { HttpTokens, VolumeType } from '../../../lib/core/shared/ec2';
import { KubernetesVersion } from '../../../lib/core/aws/kubernetes-version';
import { buildKarpenterHelmValues } from '../../../lib/core/controller/helm-values';
import { KARPENTER_ATTRIBUTES } from '../../util/karpenter-attributes';

const TOKEN = '${TOKEN}';
const isUnresolved = (v: unknown) => v === TOKEN || (Array.isArray(v) && v.includes(TOKEN));
const SUBNETS = ['subnet-1', 'subnet-2'];

function plan(input: Partial<ControllerNodeGroupPlanInput> = {}) {
  return planControllerNodeGroup({ clusterName: 'demo', subnetIds: SUBNETS, ...input }, { isUnresolved });
}

function codes(input: Partial<ControllerNodeGroupPlanInput>) {
  return plan(input).issues.map((i) => `${i.severity}:${i.field}:${i.code}`);
}

function messages(input: Partial<ControllerNodeGroupPlanInput>) {
  return plan(input).issues.map((i) => i.message);
}

describe('planControllerNodeGroup', () => {
  test('should resolve the defaults', () => {
    expect(plan()).toEqual(
      expect.objectContaining({
        nodeGroupName: undefined,
        nodeGroupNamePrefix: 'karpenter-controller-',
        createBeforeDestroy: true,
        nodeRoleNamePrefix: 'demo-controller-nodes-',
        version: undefined,
        amiType: NodeGroupAmiType.AL2023_X86_64_STANDARD,
        instanceTypes: ['m7i.large', 'm6i.large', 'm5.large'],
        scaling: { minSize: 2, desiredSize: 2, maxSize: 3 },
        labels: { 'karpenter.sh/controller': 'true' },
        taints: [],
        launchTemplate: {
          namePrefix: 'demo-controller-',
          httpTokens: HttpTokens.REQUIRED,
          httpPutResponseHopLimit: 1,
          blockDevices: [{ deviceName: '/dev/xvda', sizeGiB: 20, volumeType: VolumeType.GP3, encrypted: true }],
          tagSpecifications: ['instance', 'volume', 'network-interface'].map((resourceType) => ({
            resourceType,
            tags: { Name: 'demo-karpenter-controller' },
          })),
        },
        issues: [],
      }),
    );
  });

  test('should pick Graviton types for an arm64 AMI, follow the cluster version and use an exact name in place', () => {
    const p = plan({ amiType: NodeGroupAmiType.BOTTLEROCKET_ARM_64, clusterVersion: KubernetesVersion.V1_33, nodeGroupName: 'ctl' });
    expect(p.instanceTypes).toEqual(['m7g.large', 'm6g.large']);
    expect(p.version).toBe('1.33');
    expect(p).toEqual(expect.objectContaining({ nodeGroupName: 'ctl', nodeGroupNamePrefix: undefined, createBeforeDestroy: false }));
  });

  test('should taint the nodes for critical add-ons only when asked', () => {
    expect(plan({ criticalAddonsOnly: true }).taints).toEqual([{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NO_SCHEDULE' }]);
  });

  test('reports instance type problems', () => {
    expect(codes({ instanceTypes: [] })).toEqual(['error:instanceTypes:EmptyInstanceTypes']);
    expect(codes({ instanceTypes: ['m7i.large', 'm7i.large', 'large'] })).toEqual([
      'error:instanceTypes[1]:DuplicateInstanceType',
      'error:instanceTypes[2]:InvalidInstanceType',
    ]);
    expect(codes({ instanceTypes: ['m7g.large'] })).toEqual(['warning:instanceTypes:InstanceTypeArchitectureMismatch']);
  });

  test('reports subnets, scaling and the reserved label', () => {
    expect(codes({ subnetIds: [] })).toEqual(['error:subnetIds:NoSubnets']);
    expect(codes({ subnetIds: ['subnet-1'] })).toEqual(['warning:subnetIds:SingleSubnet']);
    expect(codes({ subnetIds: [TOKEN] })).toEqual([]);
    expect(codes({ desiredSize: 1, minSize: 1 })).toEqual(['error:desiredSize:TooFewControllerNodes']);
    expect(codes({ labels: { 'karpenter.sh/controller': 'yes' } })).toEqual(['error:labels.karpenter.sh/controller:ReservedLabel']);
  });

  test('should map the AL2023 root volume, encrypted gp3', () => {
    expect(plan({ rootVolumeSizeGiB: 50 }).launchTemplate.blockDevices).toEqual([
      { deviceName: '/dev/xvda', sizeGiB: 50, volumeType: VolumeType.GP3, encrypted: true },
    ]);
  });

  test.each([NodeGroupAmiType.BOTTLEROCKET_X86_64, NodeGroupAmiType.BOTTLEROCKET_ARM_64])(
    'should map both Bottlerocket volumes, OS and data, encrypted gp3 as Karpenter does (%s)',
    (amiType) => {
      // Only /dev/xvdb left the OS volume unencrypted unless the account encrypts EBS by default.
      expect(plan({ amiType }).launchTemplate.blockDevices).toEqual([
        { deviceName: '/dev/xvda', sizeGiB: 4, volumeType: VolumeType.GP3, encrypted: true },
        { deviceName: '/dev/xvdb', sizeGiB: 20, volumeType: VolumeType.GP3, encrypted: true },
      ]);
      expect(plan({ amiType, osVolumeSizeGiB: 8, rootVolumeSizeGiB: 100, rootVolumeType: VolumeType.GP2 }).launchTemplate.blockDevices).toEqual([
        { deviceName: '/dev/xvda', sizeGiB: 8, volumeType: VolumeType.GP2, encrypted: true },
        { deviceName: '/dev/xvdb', sizeGiB: 100, volumeType: VolumeType.GP2, encrypted: true },
      ]);
    },
  );

  test('reports an OS volume size outside 4-16384 GiB, and one without Bottlerocket', () => {
    const bottlerocket = NodeGroupAmiType.BOTTLEROCKET_ARM_64;
    expect(codes({ amiType: bottlerocket, instanceTypes: ['m7g.large'], osVolumeSizeGiB: 3 })).toEqual(['error:osVolumeSizeGiB:InvalidOsVolumeSize']);
    expect(codes({ amiType: bottlerocket, instanceTypes: ['m7g.large'], osVolumeSizeGiB: 4.5 })).toEqual([
      'error:osVolumeSizeGiB:InvalidOsVolumeSize',
    ]);
    expect(codes({ amiType: bottlerocket, instanceTypes: ['m7g.large'], osVolumeSizeGiB: 16384 })).toEqual([]);
    expect(messages({ amiType: bottlerocket, instanceTypes: ['m7g.large'], osVolumeSizeGiB: 2 })).toEqual([
      "osVolumeSizeGiB must be a whole number of GiB from 4 (the size Karpenter gives Bottlerocket's OS volume, " +
        "which holds the OS image's partitions) to 16384, got 2.",
    ]);
    expect(codes({ osVolumeSizeGiB: 8 })).toEqual(['error:osVolumeSizeGiB:OsVolumeSizeWithoutBottlerocket']);
  });

  test('should tag the instances, volumes and network interfaces the group launches, with a Name', () => {
    const specs = plan({ launchedResourceTags: { team: 'platform' } }).launchTemplate.tagSpecifications;
    const tags = { Name: 'demo-karpenter-controller', team: 'platform' };
    expect(specs).toEqual([
      { resourceType: 'instance', tags },
      { resourceType: 'volume', tags },
      { resourceType: 'network-interface', tags },
    ]);
    expect(plan({ launchedResourceTags: { Name: 'mine' } }).launchTemplate.tagSpecifications[0].tags).toEqual({ Name: 'mine' });
    expect(plan({}).launchTemplate.tagSpecifications.map((s) => s.tags)).toEqual([0, 1, 2].map(() => ({ Name: 'demo-karpenter-controller' })));
  });

  test('should accept exactly the whole volume sizes from 20 to 16384 GiB and hop limits from 1 to 64', () => {
    for (const size of [-1, 0, 1, 19, 19.9, 20, 20.5, 21, 100, 16383, 16384, 16385, 1e6]) {
      const valid = Number.isInteger(size) && size >= 20 && size <= 16384;
      expect({ size, codes: codes({ rootVolumeSizeGiB: size }) }).toEqual({
        size,
        codes: valid ? [] : ['error:rootVolumeSizeGiB:InvalidRootVolumeSize'],
      });
    }
    for (let hop = -1; hop <= 66; hop++) {
      const valid = hop >= 1 && hop <= 64;
      expect({ hop, codes: codes({ metadataHopLimit: hop }) }).toEqual({ hop, codes: valid ? [] : ['error:metadataHopLimit:InvalidHopLimit'] });
    }
  });

  test('reports volume sizes and types EC2 would refuse, and hop limits outside 1-64', () => {
    expect(codes({ rootVolumeSizeGiB: 19 })).toEqual(['error:rootVolumeSizeGiB:InvalidRootVolumeSize']);
    expect(codes({ rootVolumeSizeGiB: 16384, metadataHopLimit: 64 })).toEqual([]);
    expect(codes({ rootVolumeType: VolumeType.IO2 })).toEqual(['error:rootVolumeType:UnsupportedRootVolumeType']);
    expect(codes({ metadataHopLimit: 1.5 })).toEqual(['error:metadataHopLimit:InvalidHopLimit']);
  });
});

// Moved from test/aws/controller-node-group.test.ts: the plan makes these messages; the construct test checks the reporting.
describe('planControllerNodeGroup messages', () => {
  const fieldMessages = (input: Partial<ControllerNodeGroupPlanInput>) => plan(input).issues.map((i) => `${i.field}: ${i.message}`);

  test('instance types that are empty, malformed or listed twice', () => {
    expect(fieldMessages({ instanceTypes: [] })).toEqual([expect.stringMatching(/^instanceTypes: instanceTypes is empty/)]);
    expect(fieldMessages({ instanceTypes: ['large', 'm7i.large', 'm7i.large'] })).toEqual([
      expect.stringMatching(/^instanceTypes\[0\]: 'large' is not an EC2 instance type/),
      expect.stringMatching(/^instanceTypes\[2\]: 'm7i\.large' is listed twice/),
    ]);
  });

  test('a label that tries to change the controller label', () => {
    expect(fieldMessages({ labels: { 'karpenter.sh/controller': 'false' } })).toEqual([
      expect.stringMatching(/^labels\.karpenter\.sh\/controller: 'karpenter\.sh\/controller' is always 'true'/),
    ]);
  });

  test('instance types whose architecture does not match the AMI type', () => {
    expect(fieldMessages({ amiType: NodeGroupAmiType.AL2023_ARM_64_STANDARD, instanceTypes: ['m7g.large', 'm7i.large'] })).toEqual([
      expect.stringMatching(/^instanceTypes: \["m7i\.large"\] look x86_64 but amiType is AL2023_ARM_64_STANDARD/),
    ]);
  });

  test.each<[Partial<ControllerNodeGroupPlanInput>, RegExp]>([
    [{ rootVolumeSizeGiB: 8 }, /^rootVolumeSizeGiB: rootVolumeSizeGiB must be a whole number of GiB from 20 .* got 8\.$/],
    [{ rootVolumeSizeGiB: 20.5 }, /got 20\.5\.$/],
    [{ osVolumeSizeGiB: 8 }, /^osVolumeSizeGiB: .* but amiType is AL2023_x86_64_STANDARD/],
    [{ rootVolumeSizeGiB: 16385 }, /to 16384, got 16385\.$/],
    [{ rootVolumeType: VolumeType.ST1 }, /^rootVolumeType: rootVolumeType 'st1' is not offered .* Use VolumeType.GP3 or VolumeType.GP2\.$/],
    [{ metadataHopLimit: 0 }, /^metadataHopLimit: metadataHopLimit must be a whole number from 1 to 64, got 0\./],
    [{ metadataHopLimit: 65 }, /got 65\. Use 1 /],
  ])('a volume or metadata option EC2 would refuse: %j', (input, message) => {
    expect(fieldMessages(input)).toEqual([expect.stringMatching(message)]);
  });
});

describe('controller node group and controller Helm values together', () => {
  test('should let the controller tolerate the taint of a criticalAddonsOnly node group', () => {
    const taints = plan({ criticalAddonsOnly: true }).taints;
    const { values } = buildKarpenterHelmValues({ karpenter: KARPENTER_ATTRIBUTES });
    expect(taints).toHaveLength(1);
    const tolerations = values.tolerations as { key: string; operator: string }[];
    for (const taint of taints) expect(tolerations).toContainEqual({ key: taint.key, operator: 'Exists' });
  });
});
