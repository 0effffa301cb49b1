import { Construct } from 'constructs';
import {
  CapacitySplitRatio,
  capacitySpreadConstraint,
  capacitySpreadValues,
  DEFAULT_CAPACITY_SPREAD_LABEL,
  validateCapacitySplitRatio,
} from '../core/model/capacity-spread';
import { WellKnownLabel } from '../core/model/labels';
import { CapacityType, Operator, Requirement } from '../core/model/requirement-builder';
import { child } from '../core/issues';
import { IssueCollector } from '../core/issues';
import { KarpenterNodePool, KarpenterNodePoolProps } from './karpenter-node-pool';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of `SpotOnDemandSplit`. */
export interface SpotOnDemandSplitProps extends Omit<KarpenterNodePoolProps, 'name'> {
  /** Name prefix of the two NodePools: `<namePrefix>-spot` and `<namePrefix>-on-demand`. */
  readonly namePrefix: string;
  /** Spot : on-demand ratio, e.g. `{ spot: 4, onDemand: 1 }` for 80% spot. */
  readonly ratio: CapacitySplitRatio;
  /**
   * The node label both pools share; workloads spread over it. Checked like any requirement key.
   * @default 'capacity-spread'
   */
  readonly labelKey?: string;
}

/**
 * Two NodePools that share one custom label so that workloads spreading evenly over it
 * (`spreadConstraint`) run spot and on-demand in a fixed ratio, the pattern from Karpenter's
 * scheduling docs. Both pools take the same options; only capacity type and label values differ.
 * @see https://karpenter.sh/docs/concepts/scheduling/#on-demandspot-ratio-split
 */
export class SpotOnDemandSplit extends Construct {
  /** The pool on spot capacity (`<namePrefix>-spot`). */
  public readonly spotPool: KarpenterNodePool;
  /** The pool on on-demand capacity (`<namePrefix>-on-demand`). */
  public readonly onDemandPool: KarpenterNodePool;
  /** The label key the pools share. */
  public readonly labelKey: string;

  constructor(scope: Construct, id: string, props: SpotOnDemandSplitProps) {
    super(scope, id);
    this.labelKey = props.labelKey ?? DEFAULT_CAPACITY_SPREAD_LABEL;
    const c = new IssueCollector(constructContext());
    c.add(validateCapacitySplitRatio(props.ratio));
    const splitKeys: string[] = [WellKnownLabel.CAPACITY_TYPE, this.labelKey];
    (props.requirements ?? []).forEach((r, i) => {
      if (splitKeys.includes(r.key)) {
        c.error(
          `requirements[${i}]`,
          'CapacitySplitRequirementConflict',
          `'${r.key}' is set by the split for each pool; remove it from the shared requirements`,
        );
      }
    });
    // A shared label on a split key contradicts one of the two pools' requirements.
    for (const key of Object.keys(props.labels ?? {}).filter((k) => splitKeys.includes(k))) {
      c.error(
        child('labels', key),
        'CapacitySplitRequirementConflict',
        `'${key}' is set by the split for each pool; remove it from the shared labels`,
      );
    }
    // Reported at synth with every other construct's errors; a bad ratio builds the pools with 1:1 meanwhile.
    reportIssuesAtSynth(this, c.issues);

    const ratioIssues = validateCapacitySplitRatio(props.ratio);
    const values = capacitySpreadValues(ratioIssues.length === 0 ? props.ratio : { spot: 1, onDemand: 1 });
    const { namePrefix, ratio: _ratio, labelKey: _labelKey, ...shared } = props;
    const pool = (poolId: string, suffix: string, capacityType: CapacityType, labelValues: string[]) =>
      new KarpenterNodePool(this, poolId, {
        ...shared,
        name: `${namePrefix}-${suffix}`,
        requirements: [
          ...(props.requirements ?? []),
          Requirement.capacityTypes(capacityType),
          Requirement.of(this.labelKey, Operator.IN, labelValues),
        ],
      });
    this.spotPool = pool('Spot', 'spot', CapacityType.SPOT, values.spot);
    this.onDemandPool = pool('OnDemand', 'on-demand', CapacityType.ON_DEMAND, values.onDemand);
  }

  /** The `topologySpreadConstraints` entry a workload's pod spec needs to follow the split. */
  public spreadConstraint(podLabels: Record<string, string>): Record<string, unknown> {
    return capacitySpreadConstraint(this.labelKey, podLabels);
  }
}
