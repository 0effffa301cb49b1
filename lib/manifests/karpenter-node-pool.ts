import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { Construct } from 'constructs';
import { NodePoolDefinition, NodePoolOptions } from '../core/api/node-pool-definition';
import { V1EC2NodeClass, V1NodePool } from '../core/model/types';
import type { AdmissionRead } from '../core/sim/admission';
import type { NodePoolBudgetOptions } from '../core/lints/budget';
import type { CatalogChecks } from '../core/lints/catalog-checks';
import { Ec2NodeClass, IEc2NodeClass } from './ec2-node-class';
import { KarpenterManifestOptions } from './karpenter-manifest-options';
import { checkClusterScopedName } from '../private/cluster-scoped-names';
import { literalYaml, manifestResourceOptions } from './manifest-resource';
import { constructContext, reportIssuesAtSynth } from '../private/report';

// The plan's catalog checks load part of the simulator and its catalog: at the first NodePool, not on import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodePoolPlan = (): typeof import('../core/api/node-pool-plan') => require('../core/api/node-pool-plan');

const classesForPoolChecks = new WeakMap<Ec2NodeClass, ClassForPoolChecks>();

interface ClassForPoolChecks {
  readonly nodeClass: V1EC2NodeClass;
  readonly read: AdmissionRead;
}

/**
 * What the checks of `nodeClass`'s NodePools read of it: one copy of its manifest, read once, for all of them (the
 * checks only read it), where `toManifest()` would copy it again for each.
 */
function classForPoolChecks(nodeClass: Ec2NodeClass): ClassForPoolChecks {
  let known = classesForPoolChecks.get(nodeClass);
  if (known === undefined) {
    const manifest = nodeClass.toManifest();
    known = { nodeClass: manifest, read: nodePoolPlan().readNodeClassForPlans(manifest) };
    classesForPoolChecks.set(nodeClass, known);
  }
  return known;
}

/** Props of `KarpenterNodePool`. */
export interface KarpenterNodePoolProps extends NodePoolOptions, NodePoolBudgetOptions, KarpenterManifestOptions {
  /** NodePool name (`metadata.name`), a DNS-1123 subdomain of at most 63 characters. */
  readonly name: string;
  /**
   * The node class to launch nodes with; sets `nodeClassRef`. A class created here (`Ec2NodeClass`)
   * is created before the pool and destroyed after it; `Ec2NodeClass.fromName` refers to an existing one.
   */
  readonly nodeClass: IEc2NodeClass;
  /**
   * How the lints that check the pool against Karpenter 1.14.1's instance-type catalog report: `'warn'`,
   * `'error'` (strict: fail synth) or `'off'`. They flag a pool that admits no instance type with its node
   * class (`NoCompatibleInstanceTypes`), requirement values no type has (`UnknownCatalogValue`, with
   * "did you mean"), and types the node class's AMI family cannot run (`AmiFamilyExcludesInstanceTypes`).
   * Each code can also be silenced with `silenceWarnings`. With `Ec2NodeClass.fromName` the node class is
   * unknown, so the lints that need it are skipped.
   * @default 'warn'
   */
  readonly catalogChecks?: CatalogChecks;
}

/**
 * A `karpenter.sh/v1` NodePool, applied with a `kubernetes_manifest` resource. The manifest is
 * validated at synth against the Karpenter 1.14 CRD (schema and CEL rules) and the controller's
 * runtime checks; lint findings become warnings. Values that are Terraform references are not checked.
 *
 * @example
 * new KarpenterNodePool(this, 'GeneralPurpose', {
 *   name: 'general-purpose',
 *   nodeClass,
 *   requirements: [
 *     Requirement.capacityTypes(CapacityType.SPOT, CapacityType.ON_DEMAND),
 *     Requirement.instanceCategories('c', 'm', 'r'),
 *     Requirement.instanceGeneration.greaterThan(2),
 *   ],
 *   limits: { cpu: Quantity.cpu(1000), memory: Quantity.gibibytes(1000) },
 *   disruption: Disruption.whenEmptyOrUnderutilized({ consolidateAfter: KarpenterDuration.minutes(1) }),
 * });
 */
export class KarpenterNodePool extends Construct {
  /** NodePool name. */
  public readonly name: string;
  /** The `kubernetes_manifest` resource. */
  public readonly resource: Manifest;
  private readonly definition: NodePoolDefinition;

  constructor(scope: Construct, id: string, props: KarpenterNodePoolProps) {
    super(scope, id);
    this.name = props.name;
    this.definition = new NodePoolDefinition({ ...props, nodeClassRef: props.nodeClass.nodeClassRef });
    checkClusterScopedName(this, 'NodePool', props.name, props.provider);
    // A class known only by name (`Ec2NodeClass.fromName`) is not checked against.
    const nodeClass = props.nodeClass instanceof Ec2NodeClass ? props.nodeClass : undefined;
    const { manifest, issues } = nodePoolPlan().planNodePool(this.definition, {
      ...constructContext(props.silenceWarnings),
      ...(nodeClass && classForPoolChecks(nodeClass)),
      nodeClassName: nodeClass && `${JSON.stringify(nodeClass.name)} (${nodeClass.node.path})`,
      catalogChecks: props.catalogChecks,
      maxHourlyCost: props.maxHourlyCost,
    });
    reportIssuesAtSynth(this, issues);
    const dependsOn = [...(props.nodeClass.resource ? [props.nodeClass.resource] : []), ...(props.dependsOn ?? [])];
    this.resource = new Manifest(this, 'Resource', {
      manifest: manifest as unknown as { [key: string]: unknown },
      ...manifestResourceOptions(this, { ...props, dependsOn: dependsOn.length > 0 ? dependsOn : undefined }),
    });
  }

  /** The plain manifest (Terraform references stay as tokens). */
  public toManifest(): V1NodePool {
    return this.definition.toManifest();
  }

  /** The manifest as YAML, for GitOps; throws if a value is a Terraform reference. */
  public toYaml(): string {
    return literalYaml(this, this.toManifest());
  }
}
