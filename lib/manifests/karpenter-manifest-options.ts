import { ITerraformDependable, TerraformProvider } from 'cdktf';
import { KarpenterDuration } from '../core/model/duration';
import type { ManifestWarningCode } from '../core/validation/silence';

/** How a Karpenter custom resource (EC2NodeClass, NodePool) is applied with `kubernetes_manifest`. */
export interface KarpenterManifestOptions {
  /**
   * The kubernetes provider of the target cluster.
   * @default - the stack's default kubernetes provider
   */
  readonly provider?: TerraformProvider;
  /**
   * Resources to create first, typically the Karpenter controller's Helm release (it installs
   * the CRDs) when it is in the same stack.
   * @default - none (a NodePool always waits for its node class)
   */
  readonly dependsOn?: ITerraformDependable[];
  /**
   * Wait after apply until the controller reports the object `Ready`: for an EC2NodeClass, its
   * AMIs, subnets, security groups and instance profile resolved; for a NodePool, its node class
   * is ready and it passed the controller's validation. Makes a wrong selector fail the apply
   * instead of later, but needs the controller running.
   * @default false
   */
  readonly waitForReady?: boolean;
  /**
   * How long `terraform destroy` waits for the object to be gone. Karpenter first drains and
   * terminates the nodes of a NodePool (pods' termination grace periods and PDBs apply) and keeps
   * an EC2NodeClass until every node launched with it is gone; if the wait runs out the destroy
   * fails safely (the controller keeps going) and can be run again.
   * @default KarpenterDuration.minutes(30)
   */
  readonly deleteTimeout?: KarpenterDuration;
  /**
   * Warning codes not to report, e.g. `['NodePoolWithoutLimits']` or `['SelectorWithoutDiscovery']`
   * (see `MANIFEST_WARNING_CODES`). An unknown code is reported as an `UnknownSilenceCode` warning.
   * @default - every warning is reported
   */
  readonly silenceWarnings?: ManifestWarningCode[];
}
