import * as fs from 'fs';
import { TerraformStack, Testing } from 'cdktf';
import { PlannedResource, planStack, stackDirectory, TerraformPlanOptions } from './terraform-plan';

/** Options of `planStackOffline`. */
export interface PlanStackOfflineOptions extends TerraformPlanOptions {
  /**
   * Keep the synthesized directory (with `.terraform/` and `plan.bin`) for debugging;
   * its path is printed to stderr.
   * @default false
   */
  readonly keepOutdir?: boolean;
}

/**
 * Synthesizes one stack (as `Testing.fullSynth` does: aspects and validations run) into a
 * temporary directory, runs the offline `terraform init/validate/plan/show` harness on it
 * and returns the stable, address-sorted `{ address, type, action }` summary, e.g. for
 * `expect(await planStackOffline(stack)).toMatchSnapshot()`. The directory is removed
 * afterwards unless `keepOutdir` is set.
 *
 * Needs `terraform` (see `isTerraformAvailable()`) and, for `aws`, the provider mirror
 * (`KARPENTER_TF_PLUGIN_MIRROR`, default `/opt/tf-plugins`); other providers are downloaded.
 * Slow (seconds): keep it out of the unit suite and call it once per stack, in `beforeAll`.
 */
export async function planStackOffline(stack: TerraformStack, options: PlanStackOfflineOptions = {}): Promise<PlannedResource[]> {
  const outdir = Testing.fullSynth(stack);
  try {
    const result = await planStack(stackDirectory(outdir, stack.node.id), options);
    return result.resources;
  } finally {
    if (options.keepOutdir) process.stderr.write(`planStackOffline: kept ${outdir}\n`);
    else fs.rmSync(outdir, { recursive: true, force: true });
  }
}
