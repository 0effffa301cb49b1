// Constructs report their errors at synth, not at construction (lib/private/report.ts).
import { TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { synthOf } from '../util/stacks';

/**
 * Builds a construct, which must not throw, and returns what synthesizes its stack with the
 * `node.addValidation` checks, as `cdktf synth` does: `expect(atSynth(() => new X(...))).toThrow(...)`.
 */
export function atSynth(build: () => object): () => void {
  const construct = build() as IConstruct;
  return () => synthOf(TerraformStack.of(construct), { validate: true });
}

/**
 * Builds a construct, which must not throw, synthesizes its stack with validation and returns the
 * error lines about that construct, each `[path] field: message (code)`, in order; [] when synth passes
 * or fails only for other constructs. Throws when synth fails for another reason than validation.
 */
export function synthErrorLines(build: () => object): string[] {
  const construct = build() as IConstruct;
  return stackErrorLines(TerraformStack.of(construct)).filter((l) => l.startsWith(`[${construct.node.path}]`));
}

/**
 * Synthesizes `stack` with validation and returns every error line, each `[path] field: message (code)`,
 * in order; [] when synth passes. Throws when synth fails for another reason than validation.
 */
export function stackErrorLines(stack: TerraformStack): string[] {
  let message = '';
  try {
    synthOf(stack, { validate: true });
  } catch (e) {
    message = (e as Error).message;
    // Anything but the validation report (e.g. a crash resolving what was built) fails the test.
    if (!message.startsWith('Validation failed with the following errors:\n')) throw e;
  }
  return message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('['));
}
