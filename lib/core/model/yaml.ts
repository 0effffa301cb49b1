import type * as Yaml from 'yaml';

// Loaded on first use: most synths render no YAML, and loading the package is a measurable share
// of a small app's synth time (see `npm run bench`); the CLI reads most inputs without it (lib/cli/fast-yaml.ts).
let yamlModule: typeof Yaml | undefined;
/** The `yaml` package, loaded on first use. */
export function yaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (yamlModule ??= require('yaml') as typeof Yaml);
}

/**
 * Renders manifests as YAML, one document each (separated by `---`), for GitOps repositories
 * or `kubectl apply -f`. Keys keep their order; long strings are not folded. Strings that YAML
 * 1.1 reads as something else (`yes`, `on`, `1_000`, `2025-01-31`) are quoted: kubectl, Helm
 * and Argo CD parse YAML 1.1, and would send `tags: { backup: yes }` as a boolean.
 */
export function toYaml(...manifests: readonly object[]): string {
  return manifests.map((m) => yaml().stringify(m, { lineWidth: 0, compat: 'yaml-1.1' })).join('---\n');
}

/** Path of the first value `isUnresolved` flags (e.g. a Terraform token), or undefined when there is none. */
export function unresolvedPath(value: unknown, isUnresolved: (v: unknown) => boolean, path = ''): string | undefined {
  if (isUnresolved(value)) return path || '(root)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = unresolvedPath(value[i], isUnresolved, `${path}[${i}]`);
      if (p) return p;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      const p = isUnresolved(k) ? at : unresolvedPath(v, isUnresolved, at);
      if (p) return p;
    }
  }
  return undefined;
}
