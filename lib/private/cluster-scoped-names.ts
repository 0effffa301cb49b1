// Cluster-scoped names (NodePool, EC2NodeClass) must be unique per cluster, across the stacks of an app.
import { TerraformProvider, TerraformStack, Token } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { duplicateNameIssues } from '../core/validation/duplicate-names';
import { formatIssue } from '../core/issues';

interface Declared {
  readonly construct: Construct;
  readonly kind: string;
  readonly name: string;
  readonly provider?: TerraformProvider;
}

// Keyed by the app (the tree's root), so each check sees every stack.
const DECLARED = new WeakMap<IConstruct, Declared[]>();
// The cluster a kubernetes provider is configured for, when known (ClusterProviders records it).
const PROVIDER_CLUSTERS = new WeakMap<TerraformProvider, string>();

/** Records that `provider` talks to the cluster named `clusterName` (a literal; a token is not recorded). */
export function recordProviderCluster(provider: TerraformProvider, clusterName: string): void {
  if (typeof clusterName === 'string' && !Token.isUnresolved(clusterName)) PROVIDER_CLUSTERS.set(provider, clusterName);
}

/**
 * Registers a cluster-scoped object; at synth it reports a `DuplicateName` error naming every other
 * construct of the same kind and name for the same cluster. Two objects are for the same cluster when
 * their kubernetes providers were recorded with one cluster name, or, when that is unknown, when they
 * are in one stack with the same provider.
 */
export function checkClusterScopedName(scope: Construct, kind: string, name: string, provider?: TerraformProvider): void {
  if (typeof name !== 'string' || Token.isUnresolved(name)) return;
  const root = scope.node.root;
  const declared = DECLARED.get(root) ?? [];
  DECLARED.set(root, declared);
  const self: Declared = { construct: scope, kind, name, provider };
  declared.push(self);
  scope.node.addValidation({
    validate: () => {
      const same = declared.filter((d) => d.kind === kind && d.name === name);
      if (same.length < 2) return [];
      const objects = same.map((d) => ({ declared: d, kind, name, cluster: clusterOf(d), where: d.construct.node.path }));
      return duplicateNameIssues(objects)
        .filter((x) => x.object.declared === self)
        .map((x) => formatIssue(x.issue));
    },
  });
}

function clusterOf(d: Declared): string {
  const stack = TerraformStack.of(d.construct);
  const provider = d.provider ?? defaultKubernetesProvider(stack);
  const cluster = provider && PROVIDER_CLUSTERS.get(provider);
  if (cluster !== undefined) return `cluster ${cluster}`;
  return `stack ${stack.node.path}, provider ${provider?.node.path ?? '(default)'}`;
}

/** The stack's kubernetes provider without an alias: the one a resource without `provider` uses. */
function defaultKubernetesProvider(stack: TerraformStack): TerraformProvider | undefined {
  return stack.node
    .findAll()
    .find((c): c is TerraformProvider => c instanceof TerraformProvider && c.terraformResourceType === 'kubernetes' && c.alias === undefined);
}
