import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import {
  AmiFamilyAlias,
  AmiSelectorTerm,
  Arch,
  CapacityReservationSelectorTerm,
  CapacityType,
  ClusterProviders,
  Disruption,
  Ec2NodeClass,
  Ec2NodeClassProps,
  HttpTokens,
  KarpenterDuration,
  KarpenterNodePool,
  Quantity,
  Requirement,
  SecurityGroupSelectorTerm,
  SpotOnDemandSplit,
  SubnetSelectorTerm,
  TaintEffect,
  VolumeType,
} from '../../lib'; // 'cdktf-karpenter-eks' in your app
import { configureStateBackend, StateBackendConfig } from '../shared/backend';

export interface NodePoolsStackProps {
  readonly clusterName: string;
  readonly region: string;
  /** Node role name (EC2NodeClass `spec.role`), as created by the infrastructure stack. */
  readonly nodeRoleName: string;
  readonly backend?: StateBackendConfig;
}

/**
 * EC2NodeClasses and NodePools. Applied after the controller stack, so the CRDs exist when
 * `kubernetes_manifest` plans, and destroyed before it, so the controller is still running to
 * drain and terminate the nodes these pools launched.
 */
export class NodePoolsStack extends TerraformStack {
  public readonly nodeClass: Ec2NodeClass;
  public readonly reservedNodeClass: Ec2NodeClass;
  public readonly pools: Record<string, KarpenterNodePool>;

  constructor(scope: Construct, id: string, props: NodePoolsStackProps) {
    super(scope, id);
    configureStateBackend(this, id, props.backend);
    new AwsProvider(this, 'aws', { region: props.region });
    const { kubernetesProvider: provider } = new ClusterProviders(this, 'Cluster', {
      clusterName: props.clusterName,
      region: props.region,
      createHelmProvider: false,
    });

    const nodeClassBase: Omit<Ec2NodeClassProps, 'name'> = {
      provider,
      role: props.nodeRoleName,
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      subnetSelectorTerms: [SubnetSelectorTerm.discovery(props.clusterName)],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery(props.clusterName)],
      metadataOptions: { httpTokens: HttpTokens.REQUIRED, httpPutResponseHopLimit: 1 },
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: { volumeSize: Quantity.gibibytes(50), volumeType: VolumeType.GP3, encrypted: true, deleteOnTermination: true },
        },
      ],
    };
    this.nodeClass = new Ec2NodeClass(this, 'DefaultNodeClass', { ...nodeClassBase, name: 'default' });
    // Same nodes, plus the capacity reservations (ODCRs) tagged for this cluster.
    this.reservedNodeClass = new Ec2NodeClass(this, 'ReservedNodeClass', {
      ...nodeClassBase,
      name: 'reserved',
      capacityReservationSelectorTerms: [CapacityReservationSelectorTerm.byTags({ 'karpenter.sh/discovery': props.clusterName })],
    });

    // The production pools; test/fixtures/production-v1beta1.yaml is a v1beta1 setup of the same two
    // pools (with other limits and labels), the input of the migration tests.
    const app = new KarpenterNodePool(this, 'AppPool', {
      name: 'app',
      nodeClass: this.nodeClass,
      provider,
      weight: 10,
      requirements: [
        Requirement.capacityTypes(CapacityType.ON_DEMAND),
        Requirement.arch(Arch.AMD64),
        Requirement.instanceCpu.lessThan(32), // under 32 vCPUs
      ],
      expireAfter: KarpenterDuration.hours(720),
      disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1) }),
      limits: { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(4000) },
    });
    const batch = new KarpenterNodePool(this, 'BatchPool', {
      name: 'batch',
      nodeClass: this.nodeClass,
      provider,
      weight: 90,
      taints: [{ key: 'role', value: 'batch', effect: TaintEffect.NO_SCHEDULE }],
      requirements: [Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND), Requirement.arch(Arch.AMD64)],
      expireAfter: KarpenterDuration.never(),
      disruption: Disruption.whenEmpty({ consolidateAfter: KarpenterDuration.seconds(30) }),
      limits: { cpu: Quantity.cpu(500) },
    });

    // Reserved capacity first: RI / Savings Plan families and ODCRs up to the committed size,
    // then the lower-weight pools take over once its limits are reached.
    const reserved = new KarpenterNodePool(this, 'ReservedPool', {
      name: 'reserved',
      nodeClass: this.reservedNodeClass,
      provider,
      weight: 100,
      requirements: [
        Requirement.capacityTypes(CapacityType.RESERVED, CapacityType.ON_DEMAND),
        Requirement.instanceFamilies('m7i', 'c7i'),
        Requirement.arch(Arch.AMD64),
      ],
      disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(5) }),
      limits: { cpu: Quantity.cpu(64), memory: Quantity.gibibytes(256) },
    });

    // 80% spot, 20% on-demand for workloads that spread over the shared label (web.spreadConstraint()).
    const web = new SpotOnDemandSplit(this, 'WebSplit', {
      namePrefix: 'web',
      nodeClass: this.nodeClass,
      provider,
      ratio: { spot: 4, onDemand: 1 },
      weight: 50,
      labels: { 'example.com/workload': 'web' },
      requirements: [Requirement.instanceCategories('c', 'm', 'r'), Requirement.instanceGeneration.greaterThan(5)],
      disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1) }),
      limits: { cpu: Quantity.cpu(200) },
    });

    this.pools = { app, batch, reserved, webSpot: web.spotPool, webOnDemand: web.onDemandPool };
  }
}
