// Pure core: no cdktf or constructs imports.
import { stringify } from 'yaml';

/**
 * Renders manifests as YAML, one document each (separated by `---`), for GitOps repositories
 * or `kubectl apply -f`. Keys keep their order; long strings are not folded.
 */
export function toYaml(...manifests: readonly object[]): string {
  return manifests.map((m) => stringify(m, { lineWidth: 0 })).join('---\n');
}
