// The EC2NodeClass's selector-term builders: how a class finds its AMIs, subnets, security groups, capacity
// reservations and placement group.
import { KARPENTER_DISCOVERY_TAG_KEY } from '../shared/discovery';
import { BuilderKind } from '../builder-value';
import { opt } from '../json';
import { AmiFamilyAlias } from './ami-family';
import { InstanceMatchCriteria } from './crd-enums';
import {
  V1AMISelectorTerm,
  V1CapacityReservationSelectorTerm,
  V1PlacementGroupSelector,
  V1SecurityGroupSelectorTerm,
  V1SubnetSelectorTerm,
} from './types';

/**
 * How to find AMIs (`amiSelectorTerms[]`). An alias must be the only term.
 *
 * @example
 * AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'v20250505')
 */
export class AmiSelectorTerm {
  /** An EKS-optimized AMI, `family@version`; Windows families take only `latest`. */
  public static alias(family: AmiFamilyAlias, version: string): AmiSelectorTerm {
    return new AmiSelectorTerm({ alias: `${family}@${version}` });
  }

  /** A specific AMI id. */
  public static byId(id: string): AmiSelectorTerm {
    return new AmiSelectorTerm({ id });
  }

  /** AMIs by name (wildcards allowed), optionally of one owner (`self`, `amazon`, an account id). */
  public static byName(name: string, owner?: string): AmiSelectorTerm {
    return new AmiSelectorTerm({ name, ...opt('owner', owner) });
  }

  /** AMIs by tags (`*` matches any value), optionally of one owner. */
  public static byTags(tags: { readonly [key: string]: string }, owner?: string): AmiSelectorTerm {
    return new AmiSelectorTerm({ tags: { ...tags }, ...opt('owner', owner) });
  }

  /** The AMI id held by an SSM parameter (name or ARN). */
  public static bySsmParameter(parameter: string): AmiSelectorTerm {
    return new AmiSelectorTerm({ ssmParameter: parameter });
  }

  private constructor(private readonly term: V1AMISelectorTerm) {}

  /** The CRD form. */
  public toJson(): V1AMISelectorTerm {
    return { ...this.term };
  }
}

/** How to find subnets (`subnetSelectorTerms[]`). */
export class SubnetSelectorTerm {
  /** Subnets tagged `karpenter.sh/discovery: <clusterName>`. */
  public static discovery(clusterName: string): SubnetSelectorTerm {
    return new SubnetSelectorTerm({ tags: { [KARPENTER_DISCOVERY_TAG_KEY]: clusterName } });
  }

  /** A specific subnet id. */
  public static byId(id: string): SubnetSelectorTerm {
    return new SubnetSelectorTerm({ id });
  }

  /** Subnets by tags (`*` matches any value). */
  public static byTags(tags: { readonly [key: string]: string }): SubnetSelectorTerm {
    return new SubnetSelectorTerm({ tags: { ...tags } });
  }

  private constructor(private readonly term: V1SubnetSelectorTerm) {}

  /** The CRD form. */
  public toJson(): V1SubnetSelectorTerm {
    return { ...this.term };
  }
}

/** How to find security groups (`securityGroupSelectorTerms[]`). */
export class SecurityGroupSelectorTerm {
  /** Security groups tagged `karpenter.sh/discovery: <clusterName>`. */
  public static discovery(clusterName: string): SecurityGroupSelectorTerm {
    return new SecurityGroupSelectorTerm({ tags: { [KARPENTER_DISCOVERY_TAG_KEY]: clusterName } });
  }

  /** A specific security group id, e.g. the EKS cluster security group. */
  public static byId(id: string): SecurityGroupSelectorTerm {
    return new SecurityGroupSelectorTerm({ id });
  }

  /** Security groups by group name (not the Name tag). */
  public static byName(name: string): SecurityGroupSelectorTerm {
    return new SecurityGroupSelectorTerm({ name });
  }

  /** Security groups by tags (`*` matches any value). */
  public static byTags(tags: { readonly [key: string]: string }): SecurityGroupSelectorTerm {
    return new SecurityGroupSelectorTerm({ tags: { ...tags } });
  }

  private constructor(private readonly term: V1SecurityGroupSelectorTerm) {}

  /** The CRD form. */
  public toJson(): V1SecurityGroupSelectorTerm {
    return { ...this.term };
  }
}

/** Options of a tag- or criteria-based capacity reservation term. */
export interface CapacityReservationSelectorOptions {
  /**
   * Only reservations owned by this account (12 digits).
   * @default - any owner
   */
  readonly ownerId?: string;
  /**
   * Only reservations with this match criteria.
   * @default - any
   */
  readonly instanceMatchCriteria?: InstanceMatchCriteria;
}

/** How to find On-Demand Capacity Reservations (`capacityReservationSelectorTerms[]`). */
export class CapacityReservationSelectorTerm {
  /** A specific reservation id (`cr-...`). */
  public static byId(id: string): CapacityReservationSelectorTerm {
    return new CapacityReservationSelectorTerm({ id });
  }

  /** Reservations by tags. */
  public static byTags(tags: { readonly [key: string]: string }, options: CapacityReservationSelectorOptions = {}): CapacityReservationSelectorTerm {
    return new CapacityReservationSelectorTerm({ tags: { ...tags }, ...criteria(options) });
  }

  /** Reservations by match criteria, e.g. every `open` reservation of an account. */
  public static byInstanceMatchCriteria(matchCriteria: InstanceMatchCriteria, ownerId?: string): CapacityReservationSelectorTerm {
    return new CapacityReservationSelectorTerm(criteria({ instanceMatchCriteria: matchCriteria, ownerId }));
  }

  private constructor(private readonly term: V1CapacityReservationSelectorTerm) {}

  /** The CRD form. */
  public toJson(): V1CapacityReservationSelectorTerm {
    return { ...this.term };
  }
}

function criteria(o: CapacityReservationSelectorOptions): Partial<V1CapacityReservationSelectorTerm> {
  return {
    ...opt('ownerID', o.ownerId),
    ...opt('instanceMatchCriteria', o.instanceMatchCriteria),
  };
}

/** The placement group to launch into: by id or by name. */
export class PlacementGroupSelector {
  /** A placement group id (`pg-...`). */
  public static byId(id: string): PlacementGroupSelector {
    return new PlacementGroupSelector({ id });
  }

  /** A placement group name. */
  public static byName(name: string): PlacementGroupSelector {
    return new PlacementGroupSelector({ name });
  }

  private constructor(private readonly selector: V1PlacementGroupSelector) {}

  /** The CRD form. */
  public toJson(): V1PlacementGroupSelector {
    return { ...this.selector };
  }
}

const term = <T>(type: BuilderKind<T>['type'], example: string): BuilderKind<T> => ({ name: type.name, type, example });
/** Props typed as selector terms take only the builders. */
export const AMI_SELECTOR_TERM_BUILDER = term<AmiSelectorTerm>(AmiSelectorTerm, "AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')");
/** Props typed `SubnetSelectorTerm` take only the builder. */
export const SUBNET_SELECTOR_TERM_BUILDER = term<SubnetSelectorTerm>(SubnetSelectorTerm, 'SubnetSelectorTerm.discovery(clusterName)');
/** Props typed `SecurityGroupSelectorTerm` take only the builder. */
export const SECURITY_GROUP_SELECTOR_TERM_BUILDER = term<SecurityGroupSelectorTerm>(
  SecurityGroupSelectorTerm,
  'SecurityGroupSelectorTerm.discovery(clusterName)',
);
/** Props typed `CapacityReservationSelectorTerm` take only the builder. */
export const CAPACITY_RESERVATION_SELECTOR_TERM_BUILDER = term<CapacityReservationSelectorTerm>(
  CapacityReservationSelectorTerm,
  "CapacityReservationSelectorTerm.byId('cr-0123456789abcdef0')",
);
/** Props typed `PlacementGroupSelector` take only the builder. */
export const PLACEMENT_GROUP_SELECTOR_BUILDER = term<PlacementGroupSelector>(PlacementGroupSelector, "PlacementGroupSelector.byName('my-group')");
