import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { ITerraformDependable } from 'cdktf';
import { Construct } from 'constructs';
import { Ec2NodeClassDefinition, Ec2NodeClassOptions } from '../core/api/ec2-node-class-definition';
import { NodeClassReference } from '../core/api/node-pool-definition';
import { EC2NODECLASS_GROUP, EC2NODECLASS_KIND, V1EC2NodeClass } from '../core/model/types';
import { KarpenterManifestOptions } from './karpenter-manifest-options';
import { checkClusterScopedName } from '../private/cluster-scoped-names';
import { literalYaml, manifestResourceOptions } from './manifest-resource';
import { constructContext, reportIssuesAtSynth } from '../private/report';

/** Props of `Ec2NodeClass`. */
export interface Ec2NodeClassProps extends Ec2NodeClassOptions, KarpenterManifestOptions {
  /** EC2NodeClass name (`metadata.name`), a DNS-1123 subdomain of at most 63 characters. */
  readonly name: string;
}

/** An EC2NodeClass a NodePool can use: one created here, or one that already exists in the cluster. */
export interface IEc2NodeClass {
  /** EC2NodeClass name. */
  readonly name: string;
  /** What a NodePool's `nodeClassRef` must hold to use this class. */
  readonly nodeClassRef: NodeClassReference;
  /**
   * The resource that creates the class, which a NodePool is created after and destroyed before.
   * @default - none: the class is not managed by this app
   */
  readonly resource?: ITerraformDependable;
}

/**
 * A `karpenter.k8s.aws/v1` EC2NodeClass, applied with a `kubernetes_manifest` resource. The
 * manifest is validated at synth against the Karpenter 1.14 CRD (schema and CEL rules); values
 * that are Terraform references are not checked.
 *
 * `kubernetes_manifest` needs the cluster and the CRDs at plan time: create the cluster and the
 * controller in an earlier apply (or stack) than the node classes.
 */
export class Ec2NodeClass extends Construct implements IEc2NodeClass {
  /**
   * An EC2NodeClass that exists already (applied by another stack, Helm or GitOps), by name.
   * Nothing orders the NodePool after it: make sure it exists before the pool is applied.
   */
  public static fromName(name: string): IEc2NodeClass {
    return { name, nodeClassRef: { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name } };
  }

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
    checkClusterScopedName(this, EC2NODECLASS_KIND, props.name, props.provider);
    // The definition's issues include those carried by builder values in the props.
    reportIssuesAtSynth(this, this.definition.validate(constructContext(props.silenceWarnings)));
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
