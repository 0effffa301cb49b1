import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { ITerraformDependable, TerraformProvider, Token } from 'cdktf';
import { Construct } from 'constructs';
import { KarpenterDuration } from './core/api/duration';
import { Ec2NodeClassDefinition, Ec2NodeClassOptions } from './core/api/ec2-node-class';
import { NodeClassReference } from './core/api/node-pool';
import { EC2NODECLASS_GROUP, EC2NODECLASS_KIND, V1EC2NodeClass } from './core/api/types';
import { validateEc2NodeClass } from './core/api/validate-ec2nodeclass';
import { toYaml, unresolvedPath } from './core/api/yaml';
import { failValidation } from './core/issues';
import { constructContext, reportIssues } from './private/report';

/** Props of `Ec2NodeClass`. */
export interface Ec2NodeClassProps extends Ec2NodeClassOptions {
  /** EC2NodeClass name (`metadata.name`), a DNS-1123 subdomain of at most 63 characters. */
  readonly name: string;
  /**
   * The kubernetes provider of the target cluster.
   * @default - the stack's default kubernetes provider
   */
  readonly provider?: TerraformProvider;
  /**
   * Resources to create first, typically the Karpenter controller's Helm release (it installs the CRDs).
   * @default - none
   */
  readonly dependsOn?: ITerraformDependable[];
  /**
   * Wait after apply until the controller reports the node class `Ready` (its AMIs, subnets,
   * security groups and instance profile resolved). Makes a wrong selector fail the apply
   * instead of failing later, but needs the controller running.
   * @default false
   */
  readonly waitForReady?: boolean;
  /**
   * How long `terraform destroy` waits for the EC2NodeClass to be gone. Karpenter keeps it until
   * every node launched with it is terminated; if the wait runs out the destroy fails safely and
   * can be run again.
   * @default KarpenterDuration.minutes(30)
   */
  readonly deleteTimeout?: KarpenterDuration;
  /**
   * Lint codes not to report, e.g. `['SelectorWithoutDiscovery']`.
   * @default - every warning is reported
   */
  readonly silenceWarnings?: string[];
}

/**
 * A `karpenter.k8s.aws/v1` EC2NodeClass, applied with a `kubernetes_manifest` resource. The
 * manifest is validated at synth against the Karpenter 1.14 CRD (schema and CEL rules); values
 * that are Terraform references are not checked.
 *
 * `kubernetes_manifest` needs the cluster and the CRDs at plan time: create the cluster and the
 * controller in an earlier apply (or stack) than the node classes.
 */
export class Ec2NodeClass extends Construct {
  /** EC2NodeClass name. */
  public readonly name: string;
  /** The `kubernetes_manifest` resource. */
  public readonly resource: Manifest;
  /** What a NodePool's `nodeClassRef` must hold to use this class. */
  public readonly nodeClassRef: NodeClassReference;
  private readonly definition: Ec2NodeClassDefinition;

  constructor(scope: Construct, id: string, props: Ec2NodeClassProps) {
    super(scope, id);
    this.definition = new Ec2NodeClassDefinition(props);
    this.name = props.name;
    this.nodeClassRef = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: props.name };
    const manifest = this.definition.toManifest();
    reportIssues(this, validateEc2NodeClass(manifest, constructContext(props.silenceWarnings)));
    this.resource = new Manifest(this, 'Resource', {
      manifest: manifest as unknown as { [key: string]: unknown },
      ...manifestResourceOptions(this, props),
    });
  }

  /** The plain manifest (Terraform references stay as tokens). */
  public toManifest(): V1EC2NodeClass {
    return this.definition.toManifest();
  }

  /** The manifest as YAML, for GitOps; throws if a value is a Terraform reference. */
  public toYaml(): string {
    return literalYaml(this, this.toManifest());
  }
}

/** What `manifestResourceOptions` reads. */
interface ManifestResourceProps {
  readonly provider?: TerraformProvider;
  readonly dependsOn?: ITerraformDependable[];
  readonly waitForReady?: boolean;
  readonly deleteTimeout?: KarpenterDuration;
}

/** Longer than the provider's 10 minutes: deleting a pool or node class waits for its nodes to drain. */
const DEFAULT_DELETE_TIMEOUT = KarpenterDuration.minutes(30);

/**
 * `kubernetes_manifest` settings shared by the Karpenter custom resources.
 * @internal
 */
export function manifestResourceOptions(scope: Construct, props: ManifestResourceProps) {
  if (props.deleteTimeout?.isNever) {
    failValidation(scope.node.path, 'deleteTimeout', 'DeleteTimeoutNever',
      'must be a finite duration (Terraform timeouts have no "Never"), e.g. KarpenterDuration.hours(2)');
  }
  return {
    provider: props.provider,
    dependsOn: props.dependsOn,
    // The controller writes hash annotations (karpenter.sh/nodepool-hash,
    // karpenter.k8s.aws/ec2nodeclass-hash); leaving them computed avoids a perpetual diff.
    computedFields: ['metadata.annotations', 'metadata.labels'],
    wait: props.waitForReady ? { condition: [{ type: 'Ready', status: 'True' }] } : undefined,
    timeouts: { delete: (props.deleteTimeout ?? DEFAULT_DELETE_TIMEOUT).toString() },
  };
}

/**
 * YAML of a manifest that must hold only literal values.
 * @internal
 */
export function literalYaml(scope: Construct, manifest: object): string {
  const at = unresolvedPath(manifest, (v) => Token.isUnresolved(v));
  if (at) {
    failValidation(scope.node.path, at, 'UnresolvedValueInYaml',
      'is a Terraform reference, known only at apply time; toYaml() needs literal values (pass plain strings, or apply the manifest with Terraform)');
  }
  return toYaml(manifest);
}
