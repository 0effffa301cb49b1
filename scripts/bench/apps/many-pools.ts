// (k)'s app: 100 NodePools over 20 EC2NodeClasses in one stack, each class and pool written as the full example
// writes its own (examples/full-stack/node-pools-stack.ts), with settings that vary from one to the next.
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { App, TerraformStack } from 'cdktf';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  Arch,
  CapacityType,
  ClusterProviders,
  Disruption,
  Ec2NodeClass,
  HttpTokens,
  KarpenterDuration,
  KarpenterNodePool,
  Quantity,
  Requirement,
  SecurityGroupSelectorTerm,
  SubnetSelectorTerm,
  TaintEffect,
  VolumeType,
} from '../../../lib'; // 'cdktf-karpenter-eks' in an app

/** (k)'s size. */
export const MANY_POOLS = { nodePools: 100, nodeClasses: 20 } as const;

const CLUSTER = 'bench';

/** One stack: the AWS and Kubernetes providers, 20 EC2NodeClasses, and 100 NodePools, five on each class. */
export function buildManyPoolsApp(app: App): void {
  const stack = new TerraformStack(app, 'karpenter-many-pools');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  const { kubernetesProvider: provider } = new ClusterProviders(stack, 'Cluster', {
    clusterName: CLUSTER,
    region: 'us-east-1',
    createHelmProvider: false,
  });
  const classes = Array.from(
    { length: MANY_POOLS.nodeClasses },
    (_, c) =>
      new Ec2NodeClass(stack, `NodeClass${c}`, {
        name: `class-${String(c).padStart(2, '0')}`,
        provider,
        role: `KarpenterNodeRole-${CLUSTER}-${c % 4}`,
        amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
        subnetSelectorTerms: [SubnetSelectorTerm.discovery(CLUSTER)],
        securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(CLUSTER)],
        metadataOptions: { httpTokens: HttpTokens.REQUIRED, httpPutResponseHopLimit: 1 + (c % 2) },
        blockDeviceMappings: [
          {
            deviceName: '/dev/xvda',
            rootVolume: true,
            ebs: { volumeSize: Quantity.gibibytes(20 + 10 * (c % 5)), volumeType: VolumeType.GP3, encrypted: true, deleteOnTermination: true },
          },
        ],
      }),
  );
  const categories = [['c'], ['m'], ['r'], ['c', 'm'], ['m', 'r'], ['c', 'm', 'r']];
  for (let p = 0; p < MANY_POOLS.nodePools; p++) {
    const team = `team-${p % 10}`;
    new KarpenterNodePool(stack, `Pool${p}`, {
      name: `pool-${String(p).padStart(3, '0')}`,
      nodeClass: classes[p % MANY_POOLS.nodeClasses],
      provider,
      weight: 1 + (p % 100),
      labels: { 'example.com/team': team },
      ...(p % 5 === 4 ? { taints: [{ key: 'dedicated', value: team, effect: TaintEffect.NO_SCHEDULE }] } : {}),
      requirements: [
        p % 2 === 0 ? Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND) : Requirement.capacityTypes(CapacityType.ON_DEMAND),
        Requirement.arch(p % 3 === 0 ? Arch.ARM64 : Arch.AMD64),
        Requirement.instanceCategories(...categories[p % categories.length]),
        Requirement.instanceGeneration.greaterThan(4 + (p % 3)),
        Requirement.instanceCpu.lessThan(16 * (1 + (p % 4))),
      ],
      expireAfter: p % 4 === 0 ? KarpenterDuration.never() : KarpenterDuration.hours(24 * (1 + (p % 30))),
      disruption:
        p % 2 === 0
          ? Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1 + (p % 10)) })
          : Disruption.whenEmpty({ consolidateAfter: KarpenterDuration.seconds(30) }),
      limits: { cpu: Quantity.cpu(100 + 10 * p), memory: Quantity.gibibytes(400 + 40 * p) },
    });
  }
}
