// The warnings of synthesized stacks, for the main job to print: `cdktf synth` prints them, but an app
// synthesized with `app.synth()` only records them in manifest.json.
import { AnnotationMetadataEntryType, TerraformStack } from 'cdktf';

/** A warning annotation of a construct. */
export interface StackWarning {
  /** Construct path, e.g. `karpenter-infra/Cluster`. */
  readonly path: string;
  /** The issue code (the library's messages end with `(<Code>)`); undefined for other warnings. */
  readonly code?: string;
  /** The message without the trailing code. */
  readonly message: string;
}

const TRAILING_CODE = /\s*\(([A-Z][A-Za-z0-9]*)\)$/;

/** Every warning annotation in `stacks`, in construct order. */
export function stackWarnings(stacks: readonly TerraformStack[]): StackWarning[] {
  return stacks.flatMap((stack) =>
    stack.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === AnnotationMetadataEntryType.WARN)
        .map((m) => {
          const text = String(m.data);
          const code = TRAILING_CODE.exec(text)?.[1];
          return { path: c.node.path, code, message: code ? text.replace(TRAILING_CODE, '') : text };
        }),
    ),
  );
}

/** The lines the main job prints: a heading with the count, then `  <path> [<code>] <message>` per warning. */
export function formatWarnings(warnings: readonly StackWarning[]): string[] {
  if (warnings.length === 0) return ['No synth warnings.'];
  return [`Synth warnings (${warnings.length}):`, ...warnings.map((w) => `  ${w.path}${w.code ? ` [${w.code}]` : ''} ${w.message}`)];
}
