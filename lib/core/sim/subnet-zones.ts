// The zones a NodePool launches into, from its EC2NodeClass's status.subnets as the AWS provider takes them
// (aws/karpenter-provider-aws v1.14.1): EC2NodeClass.ZoneInfo groups status.subnets by zone
// (pkg/apis/v1/ec2nodeclass_status.go:206-219); InjectOfferings reads it per node class (instancetype/offering/offering.go:150);
// an instance type's zone requirement is the zones it is offered in ∩ those subnets' zones (instancetype/types.go:181-191),
// and an offering is available only in a zone of that requirement (offering/base_resolver.go:65,135).
import { isPlainObject, isString } from '../json';

/** The zones of a node class's `status.subnets`, sorted and each once; undefined when the status lists none. */
export function subnetZonesOf(nodeClass: unknown): readonly string[] | undefined {
  const status = isPlainObject(nodeClass) && isPlainObject(nodeClass.status) ? nodeClass.status : undefined;
  const subnets = status && Array.isArray(status.subnets) ? status.subnets : [];
  const zones = new Set<string>();
  for (const s of subnets) if (isPlainObject(s) && isString(s.zone) && s.zone !== '') zones.add(s.zone);
  return zones.size === 0 ? undefined : [...zones].sort();
}

/** The zones a pool of this node class launches into: the given zones (`--zones`) win over the class's subnets. */
export function offeredZones(given: readonly string[] | undefined, nodeClass: { readonly zones?: readonly string[] }): readonly string[] | undefined {
  return given ?? nodeClass.zones;
}

/** A node class the simulation used, by name, with the zones of its status.subnets (if any). */
export interface ClassZones {
  readonly name: string;
  readonly zones?: readonly string[];
}

const NO_ZONES =
  'Zones are not known: zone requirements are only checked against each other, and zone topology uses only the zones ' +
  'NodePools name and nodes carry; with none, zone topology is left out (said on each pod it concerns).';

/** Says where each used node class's zones came from: the given zones, its status.subnets, or nowhere. */
export function zoneAssumptions(given: readonly string[] | undefined, classes: readonly ClassZones[]): string[] {
  const withSubnets = classes.filter((c) => c.zones !== undefined);
  const shown = (cs: readonly ClassZones[]) => cs.map((c) => `${c.name} (${(c.zones ?? []).join(', ')})`).join('; ');
  if (given !== undefined) {
    if (withSubnets.length === 0) return [];
    return [
      `Zones are the given ones (${given.join(', ')}) for every NodePool; the zones of the EC2NodeClasses' status.subnets ` +
        `are not used: ${shown(withSubnets)}.`,
    ];
  }
  if (withSubnets.length === 0) return [NO_ZONES];
  const out = [`Zones come from each EC2NodeClass's status.subnets, as Karpenter takes them for its NodePools: ${shown(withSubnets)}.`];
  const without = classes.filter((c) => c.zones === undefined).map((c) => c.name);
  if (without.length > 0) {
    out.push(
      `Zones are not known for the NodePools of EC2NodeClass ${without.join(', ')} (no status.subnets): their zone requirements are ` +
        'only checked against each other.',
    );
  }
  return out;
}
