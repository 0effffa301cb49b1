import { BuilderKind } from '../builder-value';
import { opt } from '../json';
import { WellKnownLabel } from './labels';
import { V1NodeSelectorRequirementWithMinValues } from './types';

/**
 * A requirement as a manifest writes it, with where (`spec.template.spec.requirements[2]`): what the lints and the
 * simulator read of a NodePool or a pod's node selector terms, and what their messages print.
 */
export interface WrittenRequirement {
  readonly at: string;
  readonly key: string;
  readonly operator: string;
  readonly values: readonly string[];
  /** A number written there (not a token); absent otherwise. */
  readonly minValues?: number;
}

/** Requirement operators of the NodePool CRD, in its order. */
export enum Operator {
  /** The label value is an integer greater than or equal to the single value. */
  GTE = 'Gte',
  /** The label value is an integer less than or equal to the single value. */
  LTE = 'Lte',
  /** The label value is one of `values`. */
  IN = 'In',
  /** The label value is none of `values` (or the label is absent). */
  NOT_IN = 'NotIn',
  /** The label is present. */
  EXISTS = 'Exists',
  /** The label is absent. */
  DOES_NOT_EXIST = 'DoesNotExist',
  /** The label value is an integer greater than the single value. */
  GT = 'Gt',
  /** The label value is an integer less than the single value. */
  LT = 'Lt',
}

/** Values of `karpenter.sh/capacity-type`. */
export enum CapacityType {
  /** EC2 Spot. */
  SPOT = 'spot',
  /** EC2 On-Demand. */
  ON_DEMAND = 'on-demand',
  /** On-Demand Capacity Reservations (needs `capacityReservationSelectorTerms` on the EC2NodeClass). */
  RESERVED = 'reserved',
}

/** Values of `kubernetes.io/arch` Karpenter launches. */
export enum Arch {
  /** x86-64. */
  AMD64 = 'amd64',
  /** 64-bit ARM (AWS Graviton). */
  ARM64 = 'arm64',
}

/** Values of `kubernetes.io/os`. */
export enum Os {
  /** Linux. */
  LINUX = 'linux',
  /** Windows. */
  WINDOWS = 'windows',
}

/** Values of `karpenter.k8s.aws/instance-hypervisor`. */
export enum Hypervisor {
  /** The AWS Nitro System. */
  NITRO = 'nitro',
  /** Xen (older generations). */
  XEN = 'xen',
}

/** Values of `karpenter.k8s.aws/instance-cpu-manufacturer`. */
export enum CpuManufacturer {
  /** Intel. */
  INTEL = 'intel',
  /** AMD. */
  AMD = 'amd',
  /** AWS Graviton. */
  AWS = 'aws',
}

/** Builds requirements on one label key whose values are strings. */
export class RequirementKey {
  /** A requirement builder for any label key. */
  public static of(key: string): RequirementKey {
    return new RequirementKey(key);
  }

  protected constructor(
    /** The label key. */
    public readonly key: string,
  ) {}

  /** The label value is one of `values`. */
  public in(...values: string[]): Requirement {
    return Requirement.of(this.key, Operator.IN, values);
  }

  /** The label value is none of `values`. */
  public notIn(...values: string[]): Requirement {
    return Requirement.of(this.key, Operator.NOT_IN, values);
  }

  /** The label is present, with any value. */
  public exists(): Requirement {
    return Requirement.of(this.key, Operator.EXISTS);
  }

  /** The label is absent. */
  public doesNotExist(): Requirement {
    return Requirement.of(this.key, Operator.DOES_NOT_EXIST);
  }
}

/** Builds requirements on a label key whose values are integers (cpu, memory, generation, ...). */
export class NumericRequirementKey extends RequirementKey {
  /** A numeric requirement builder for any label key. */
  public static of(key: string): NumericRequirementKey {
    return new NumericRequirementKey(key);
  }

  /** The value is greater than `n` (`Gt`). */
  public greaterThan(n: number): Requirement {
    return Requirement.of(this.key, Operator.GT, [String(n)]);
  }

  /** The value is less than `n` (`Lt`). */
  public lessThan(n: number): Requirement {
    return Requirement.of(this.key, Operator.LT, [String(n)]);
  }

  /** The value is at least `n` (`Gte`). */
  public atLeast(n: number): Requirement {
    return Requirement.of(this.key, Operator.GTE, [String(n)]);
  }

  /** The value is at most `n` (`Lte`). */
  public atMost(n: number): Requirement {
    return Requirement.of(this.key, Operator.LTE, [String(n)]);
  }

  /** The value is one of `values` (`In`). */
  public oneOf(...values: number[]): Requirement {
    return Requirement.of(this.key, Operator.IN, values.map(String));
  }
}

/**
 * One NodePool scheduling requirement (`spec.template.spec.requirements[]`). Use the typed
 * factories for well-known keys, or `Requirement.of` for custom keys.
 *
 * @example
 * Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND)
 * Requirement.instanceCategories('c', 'm', 'r').withMinValues(2)
 * Requirement.instanceCpu.lessThan(33)
 * Requirement.instanceGeneration.greaterThan(2)
 */
export class Requirement {
  /** `karpenter.k8s.aws/instance-cpu` (vCPUs). */
  public static readonly instanceCpu = NumericRequirementKey.of(WellKnownLabel.INSTANCE_CPU);
  /** `karpenter.k8s.aws/instance-memory` (MiB). */
  public static readonly instanceMemory = NumericRequirementKey.of(WellKnownLabel.INSTANCE_MEMORY);
  /** `karpenter.k8s.aws/instance-generation`. */
  public static readonly instanceGeneration = NumericRequirementKey.of(WellKnownLabel.INSTANCE_GENERATION);
  /** `karpenter.k8s.aws/instance-gpu-count`. */
  public static readonly instanceGpuCount = NumericRequirementKey.of(WellKnownLabel.INSTANCE_GPU_COUNT);
  /** `karpenter.k8s.aws/instance-gpu-memory` (MiB). */
  public static readonly instanceGpuMemory = NumericRequirementKey.of(WellKnownLabel.INSTANCE_GPU_MEMORY);
  /** `karpenter.k8s.aws/instance-local-nvme` (GiB). */
  public static readonly instanceLocalNvme = NumericRequirementKey.of(WellKnownLabel.INSTANCE_LOCAL_NVME);
  /** `karpenter.k8s.aws/instance-network-bandwidth` (Mbps). */
  public static readonly instanceNetworkBandwidth = NumericRequirementKey.of(WellKnownLabel.INSTANCE_NETWORK_BANDWIDTH);
  /** `karpenter.k8s.aws/instance-ebs-bandwidth` (Mbps). */
  public static readonly instanceEbsBandwidth = NumericRequirementKey.of(WellKnownLabel.INSTANCE_EBS_BANDWIDTH);
  /** `karpenter.k8s.aws/instance-accelerator-count`. */
  public static readonly instanceAcceleratorCount = NumericRequirementKey.of(WellKnownLabel.INSTANCE_ACCELERATOR_COUNT);
  /** `karpenter.k8s.aws/instance-cpu-sustained-clock-speed-mhz`. */
  public static readonly instanceCpuSustainedClockSpeedMhz = NumericRequirementKey.of(WellKnownLabel.INSTANCE_CPU_SUSTAINED_CLOCK_SPEED_MHZ);

  /** Any key, operator and values (custom labels, or operators the typed factories don't cover). */
  public static of(key: string, operator: Operator, values: string[] = [], minValues?: number): Requirement {
    return new Requirement(key, operator, [...values], minValues);
  }

  /** A builder for a key, e.g. `Requirement.key(WellKnownLabel.INSTANCE_SIZE).notIn('nano', 'micro')`. */
  public static key(key: string): RequirementKey {
    return RequirementKey.of(key);
  }

  /** `karpenter.sh/capacity-type In (...)`. */
  public static capacityTypes(...types: CapacityType[]): Requirement {
    return Requirement.of(WellKnownLabel.CAPACITY_TYPE, Operator.IN, types);
  }

  /** `kubernetes.io/arch In (...)`. */
  public static arch(...arches: Arch[]): Requirement {
    return Requirement.of(WellKnownLabel.ARCH, Operator.IN, arches);
  }

  /** `kubernetes.io/os In (...)`. */
  public static os(...oses: Os[]): Requirement {
    return Requirement.of(WellKnownLabel.OS, Operator.IN, oses);
  }

  /** `topology.kubernetes.io/zone In (...)`, e.g. `'us-east-1a'`. */
  public static zones(...zones: string[]): Requirement {
    return Requirement.of(WellKnownLabel.ZONE, Operator.IN, zones);
  }

  /** `node.kubernetes.io/instance-type In (...)`, e.g. `'m5.large'`. */
  public static instanceTypes(...types: string[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_TYPE, Operator.IN, types);
  }

  /** `karpenter.k8s.aws/instance-category In (...)`, e.g. `'c', 'm', 'r'`. */
  public static instanceCategories(...categories: string[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_CATEGORY, Operator.IN, categories);
  }

  /** `karpenter.k8s.aws/instance-family In (...)`, e.g. `'m5', 'c7g'`. */
  public static instanceFamilies(...families: string[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_FAMILY, Operator.IN, families);
  }

  /** `karpenter.k8s.aws/instance-size In (...)`, e.g. `'large', 'xlarge'`. */
  public static instanceSizes(...sizes: string[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_SIZE, Operator.IN, sizes);
  }

  /** `karpenter.k8s.aws/instance-hypervisor In (...)`. */
  public static instanceHypervisor(...hypervisors: Hypervisor[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_HYPERVISOR, Operator.IN, hypervisors);
  }

  /** `karpenter.k8s.aws/instance-cpu-manufacturer In (...)`. */
  public static instanceCpuManufacturers(...manufacturers: CpuManufacturer[]): Requirement {
    return Requirement.of(WellKnownLabel.INSTANCE_CPU_MANUFACTURER, Operator.IN, manufacturers);
  }

  private constructor(
    /** Label key. */
    public readonly key: string,
    /** Operator. */
    public readonly operator: Operator,
    /** Values. */
    public readonly values: readonly string[],
    /** Minimum number of distinct values to keep available. */
    public readonly minValues?: number,
  ) {}

  /** The same requirement, keeping at least `n` distinct values available (spot flexibility). */
  public withMinValues(n: number): Requirement {
    return new Requirement(this.key, this.operator, this.values, n);
  }

  /** The CRD form. `values` is omitted for `Exists` and `DoesNotExist`. */
  public toJson(): V1NodeSelectorRequirementWithMinValues {
    const keyOnly = this.operator === Operator.EXISTS || this.operator === Operator.DOES_NOT_EXIST;
    return {
      key: this.key,
      operator: this.operator,
      ...(keyOnly && this.values.length === 0 ? {} : { values: [...this.values] }),
      ...opt('minValues', this.minValues),
    };
  }
}

/** Props typed `Requirement` take only the builder: use `Requirement.of(key, operator, values)` for the CRD form. */
export const REQUIREMENT_BUILDER: BuilderKind<Requirement> = {
  name: 'Requirement',
  type: Requirement,
  example: "Requirement.of('kubernetes.io/arch', Operator.IN, ['arm64']) or a factory such as Requirement.arch(Arch.ARM64)",
};
