// Offline `terraform plan` for synthesized stacks. Plain Node (no jest, no cdktf) so users can
// call it from any test runner.
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** Where the provider mirror is when `KARPENTER_TF_PLUGIN_MIRROR` is not set. */
export const DEFAULT_TF_PLUGIN_MIRROR = '/opt/tf-plugins';

/** Providers installed from the mirror; every other provider is downloaded (`direct`). */
const MIRRORED_PROVIDERS = ['registry.terraform.io/hashicorp/aws'];

// Obviously fake: the provider needs some keys, and the skip_* flags keep it from using them.
const FAKE_ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const FAKE_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** The filesystem mirror path: `$KARPENTER_TF_PLUGIN_MIRROR`, or `/opt/tf-plugins`. */
export function terraformPluginMirror(): string {
  return process.env.KARPENTER_TF_PLUGIN_MIRROR || DEFAULT_TF_PLUGIN_MIRROR;
}

/** True when `terraform version` runs. */
export function isTerraformAvailable(terraformBinary = 'terraform'): boolean {
  const result = spawnSync(terraformBinary, ['version'], { stdio: 'ignore', env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
  return result.status === 0;
}

/** The directory `cdktf synth` / `Testing.fullSynth` writes a stack to: `<outdir>/stacks/<stackName>`. */
export function stackDirectory(outdir: string, stackName: string): string {
  return path.join(outdir, 'stacks', stackName);
}

/** Options of `planStack`. */
export interface TerraformPlanOptions {
  /**
   * Provider mirror directory.
   * @default - terraformPluginMirror()
   */
  readonly pluginMirror?: string;
  /**
   * Terraform executable.
   * @default 'terraform'
   */
  readonly terraformBinary?: string;
  /**
   * Extra environment variables for every terraform command.
   * @default - none
   */
  readonly env?: Record<string, string>;
  /**
   * Time limit per terraform command, in milliseconds.
   * @default 300000
   */
  readonly commandTimeoutMs?: number;
  /**
   * Make a stack written for real AWS plan offline without changing its code: a Terraform
   * override file gives every `aws` provider (aliased ones too) fake keys and the skip flags,
   * and replaces a remote backend with local state. The file is removed again when `planStack` returns or
   * throws, so a later `terraform`/`cdktf deploy` in the directory never picks it up; the
   * `.terraform/` that init leaves still records the local backend, so plan a synth made for
   * the test (`Testing.fullSynth`) or a copy, not `cdktf.out`.
   * @default false - the stack's AwsProvider must already be offline-safe
   */
  readonly offlineOverrides?: boolean;
}

/** One resource (or data source) in the plan. */
export interface PlannedResource {
  /** Terraform address, e.g. `aws_sqs_queue.Karpenter_InterruptionQueue_1A2B3C4D`. */
  readonly address: string;
  /** Resource type, e.g. `aws_sqs_queue`. */
  readonly type: string;
  /** `create`, `update`, `delete`, `replace`, `read` or `no-op`. */
  readonly action: string;
}

/** A resource change as `terraform show -json` prints it (the fields this library reads). */
export interface PlanResourceChange {
  readonly address: string;
  readonly mode: string;
  readonly type: string;
  readonly name: string;
  readonly change: {
    readonly actions: string[];
    readonly after?: Record<string, unknown> | null;
    readonly after_unknown?: Record<string, unknown>;
  };
}

/** `terraform show -json` output (the fields this library reads; the rest is kept). */
export interface TerraformPlanJson {
  readonly format_version: string;
  readonly terraform_version: string;
  readonly resource_changes?: PlanResourceChange[];
  /** State the plan started from; holds the data sources read during planning. */
  readonly prior_state?: {
    readonly values?: {
      readonly root_module?: {
        readonly resources?: Array<{
          readonly address: string;
          readonly mode: string;
          readonly type: string;
          readonly values?: Record<string, unknown>;
        }>;
      };
    };
  };
  readonly [key: string]: unknown;
}

/** `terraform validate -json` output. */
export interface TerraformValidateJson {
  readonly valid: boolean;
  readonly error_count: number;
  readonly warning_count: number;
  readonly diagnostics: Array<{ readonly severity: string; readonly summary: string; readonly detail?: string }>;
}

/** What `planStack` returns. */
export interface TerraformPlanResult {
  /** Every planned resource and data source read, sorted by address: stable, for snapshots. */
  readonly resources: PlannedResource[];
  /** The full `terraform show -json` plan, for detailed assertions. */
  readonly plan: TerraformPlanJson;
  /** The `terraform validate -json` result. */
  readonly validation: TerraformValidateJson;
  /** The stack directory the commands ran in. */
  readonly stackDir: string;
}

/** A terraform command failed; the message carries its stderr. */
export class TerraformCommandError extends Error {
  constructor(
    /** The arguments, e.g. `['plan', '-refresh=false']`. */
    public readonly args: readonly string[],
    /** Exit code, or null when killed. */
    public readonly exitCode: number | null,
    public readonly stdout: string,
    public readonly stderr: string,
  ) {
    super(`terraform ${args.join(' ')} failed (exit ${exitCode}):\n${stderr.trim() || stdout.trim()}`);
    this.name = 'TerraformCommandError';
  }
}

/**
 * Runs `terraform init`, `validate`, `plan -refresh=false` and `show -json` in a synthesized stack
 * directory, offline: the AWS provider comes from the filesystem mirror and fake credentials are
 * set. Without `offlineOverrides`, the stack's AwsProvider must set `skipCredentialsValidation`,
 * `skipRequestingAccountId`, `skipMetadataApiCheck` and `skipRegionValidation` itself; either way
 * the stack must not read data sources that call AWS APIs at plan (one that references a resource
 * being created, such as `aws_eks_addon_version` on the new cluster's version, is read at apply and
 * shows as a `read` with unknown values).
 */
export async function planStack(stackDir: string, options: TerraformPlanOptions = {}): Promise<TerraformPlanResult> {
  if (!fs.existsSync(path.join(stackDir, 'cdk.tf.json'))) {
    throw new Error(`${stackDir} has no cdk.tf.json; pass stackDirectory(Testing.fullSynth(stack), stack name).`);
  }
  const mirror = options.pluginMirror ?? terraformPluginMirror();
  if (!fs.existsSync(mirror)) {
    throw new Error(
      `Terraform provider mirror '${mirror}' does not exist; set KARPENTER_TF_PLUGIN_MIRROR to a 'terraform providers mirror' directory.`,
    );
  }
  const cliConfig = path.join(stackDir, 'offline.tfrc');
  fs.writeFileSync(cliConfig, cliConfigFor(mirror));
  if (!options.offlineOverrides) return runPlan(stackDir, cliConfig, options);
  const overrideFile = path.join(stackDir, OFFLINE_OVERRIDE_FILE);
  const config = JSON.parse(fs.readFileSync(path.join(stackDir, 'cdk.tf.json'), 'utf8'));
  fs.writeFileSync(overrideFile, JSON.stringify(offlineOverrideFor(config), null, 2));
  try {
    return await runPlan(stackDir, cliConfig, options);
  } finally {
    // Fake keys and a local backend must not outlive the plan next to a stack.
    fs.rmSync(overrideFile, { force: true });
  }
}

async function runPlan(stackDir: string, cliConfig: string, options: TerraformPlanOptions): Promise<TerraformPlanResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    CHECKPOINT_DISABLE: '1',
    AWS_ACCESS_KEY_ID: FAKE_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: FAKE_SECRET_ACCESS_KEY,
    ...options.env,
  };
  // A profile or session token from the caller's shell would override the fake keys.
  for (const k of ['AWS_PROFILE', 'AWS_SESSION_TOKEN', 'AWS_SECURITY_TOKEN']) {
    if (!options.env?.[k]) delete env[k];
  }
  const run = (args: string[], allowExit?: number[]) =>
    runTerraform(options.terraformBinary ?? 'terraform', args, stackDir, env, options.commandTimeoutMs ?? 300_000, allowExit);

  try {
    await run(['init', '-input=false', '-no-color']);
  } catch (e) {
    // terraform says only "no available releases match 6.25.0": say what the mirror holds and what the stack needs.
    if (e instanceof TerraformCommandError) e.message += `\n${providerVersionsNote(stackDir, options.pluginMirror ?? terraformPluginMirror())}`;
    throw e;
  }
  // validate -json exits 1 on invalid configuration; the JSON holds the diagnostics.
  const validation = JSON.parse((await run(['validate', '-json', '-no-color'], [1])).stdout) as TerraformValidateJson;
  if (!validation.valid) {
    const details = validation.diagnostics.map((d) => `${d.severity}: ${d.summary}${d.detail ? ` - ${d.detail}` : ''}`);
    throw new Error(`terraform validate found ${validation.error_count} error(s) in ${stackDir}:\n${details.join('\n')}`);
  }
  await run(['plan', '-refresh=false', '-input=false', '-lock=false', '-no-color', '-out=plan.bin']);
  const plan = JSON.parse((await run(['show', '-json', '-no-color', 'plan.bin'])).stdout) as TerraformPlanJson;
  return { resources: summarizePlan(plan), plan, validation, stackDir };
}

/**
 * The sorted `{ address, type, action }` list of a plan: every resource change, plus the data
 * sources Terraform read while planning (`read`; they are in `prior_state`, not `resource_changes`).
 */
export function summarizePlan(plan: TerraformPlanJson): PlannedResource[] {
  const changes = (plan.resource_changes ?? []).map((rc) => ({ address: rc.address, type: rc.type, action: actionOf(rc.change.actions) }));
  const seen = new Set(changes.map((c) => c.address));
  const reads = (plan.prior_state?.values?.root_module?.resources ?? [])
    .filter((r) => r.mode === 'data' && !seen.has(r.address))
    .map((r) => ({ address: r.address, type: r.type, action: 'read' }));
  return [...changes, ...reads].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

function actionOf(actions: readonly string[]): string {
  if (actions.length === 2 && actions.includes('create') && actions.includes('delete')) return 'replace';
  return actions.join('+');
}

/** Terraform merges `*_override.tf.json` files into the configuration (override semantics). */
const OFFLINE_OVERRIDE_FILE = 'offline_override.tf.json';

type AwsProviderBlock = { readonly alias?: string };

function offlineOverrideFor(config: { terraform?: { backend?: object }; provider?: { aws?: AwsProviderBlock | AwsProviderBlock[] } }): object {
  const override: Record<string, unknown> = {};
  const aws = config.provider?.aws;
  const awsBlocks = aws === undefined ? [] : Array.isArray(aws) ? aws : [aws];
  if (awsBlocks.length > 0) {
    // Terraform overrides provider blocks by alias: an aliased provider left out would still call STS.
    override.provider = {
      aws: awsBlocks.map((block) => ({
        ...(block.alias === undefined ? {} : { alias: block.alias }),
        access_key: FAKE_ACCESS_KEY_ID,
        secret_key: FAKE_SECRET_ACCESS_KEY,
        profile: null,
        skip_credentials_validation: true,
        skip_requesting_account_id: true,
        skip_metadata_api_check: 'true',
        skip_region_validation: true,
      })),
    };
  }
  if (config.terraform?.backend && !('local' in config.terraform.backend)) {
    override.terraform = { backend: { local: {} } };
  }
  return override;
}

/**
 * Which versions of each mirrored provider the mirror holds (unpacked `<host>/<ns>/<type>/<version>/` directories or
 * packed `terraform-provider-<type>_<version>_<os>_<arch>.zip` files) and which the stack requires.
 */
function providerVersionsNote(stackDir: string, mirror: string): string {
  let required: Record<string, unknown> = {};
  try {
    const config = JSON.parse(fs.readFileSync(path.join(stackDir, 'cdk.tf.json'), 'utf8')) as { terraform?: { required_providers?: object } };
    required = (config.terraform?.required_providers ?? {}) as Record<string, unknown>;
  } catch {
    // The stack was checked to exist; an unreadable one leaves the requirement unknown.
  }
  return MIRRORED_PROVIDERS.map((address) => {
    const type = address.split('/').pop() ?? address;
    const held = mirroredVersions(mirror, address, type);
    const entry = Object.hasOwn(required, type) ? required[type] : undefined;
    const constraint = typeof entry === 'object' && entry !== null ? (entry as { version?: unknown }).version : undefined;
    const needs = typeof constraint === 'string' ? `requires ${constraint}` : 'sets no version constraint';
    const holds = held.length > 0 ? held.join(', ') : 'no version';
    return (
      `The provider mirror ${mirror} holds ${address} ${holds}; the stack ${needs} (terraform.required_providers.${type} in cdk.tf.json).\n` +
      `It comes from the installed @cdktf/provider-${type} package (@cdktf/provider-aws 20.x needs hashicorp/aws 5, 21.x needs 6): ` +
      "plan with a package whose provider version the mirror holds, or add that version to the mirror ('terraform providers mirror')."
    );
  }).join('\n');
}

function mirroredVersions(mirror: string, address: string, type: string): string[] {
  const dir = path.join(mirror, ...address.split('/'));
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const packed = new RegExp(`^terraform-provider-${type}_([^_]+)_[^_]+_[^_]+\\.zip$`);
  const versions = names.map((n) => packed.exec(n)?.[1] ?? (/^\d+\.\d+\.\d+/.test(n) ? n : undefined));
  return [...new Set(versions.filter((v): v is string => v !== undefined))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function cliConfigFor(mirror: string): string {
  const list = MIRRORED_PROVIDERS.map((p) => JSON.stringify(p)).join(', ');
  return [
    'provider_installation {',
    '  filesystem_mirror {',
    `    path    = ${JSON.stringify(mirror)}`,
    `    include = [${list}]`,
    '  }',
    '  direct {',
    `    exclude = [${list}]`,
    '  }',
    '}',
    '',
  ].join('\n');
}

interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

function runTerraform(
  binary: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  allowExit: number[] = [],
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`could not run '${binary} ${args.join(' ')}': ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0 || (code !== null && allowExit.includes(code))) resolve({ stdout, stderr });
      else reject(new TerraformCommandError(args, code, stdout, stderr));
    });
  });
}
