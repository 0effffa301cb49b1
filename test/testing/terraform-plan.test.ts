import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  DEFAULT_TF_PLUGIN_MIRROR,
  planStack,
  stackDirectory,
  summarizePlan,
  TerraformCommandError,
  TerraformPlanJson,
  terraformPluginMirror,
} from '../../lib/testing/terraform-plan';

// A stand-in terraform: logs its arguments and environment, answers like terraform would, and
// fails the command named in FAKE_TF_FAIL with a message on stderr. A `\` ending a line continues it (JS template).
const FAKE_TERRAFORM = `#!/bin/sh
echo "$* | TF_CLI_CONFIG_FILE=$TF_CLI_CONFIG_FILE TF_IN_AUTOMATION=$TF_IN_AUTOMATION CHECKPOINT_DISABLE=$CHECKPOINT_DISABLE \
AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID AWS_PROFILE=$AWS_PROFILE" >> calls.log
if [ -f offline_override.tf.json ]; then cp offline_override.tf.json "override-seen-by-$1.json"; fi
if [ "$1" = "$FAKE_TF_FAIL" ]; then echo "Error: $1 went wrong" >&2; exit 1; fi
case "$1" in
  validate)
    if [ -n "$FAKE_TF_INVALID" ]; then
      echo '{"valid":false,"error_count":1,"warning_count":0,\
"diagnostics":[{"severity":"error","summary":"Unsupported argument","detail":"An argument named \\"nope\\" is not expected here."}]}'; exit 1
    fi
    echo '{"valid":true,"error_count":0,"warning_count":0,"diagnostics":[]}' ;;
  show)
    echo '{"format_version":"1.2","terraform_version":"1.11.4",\
"resource_changes":[{"address":"aws_sqs_queue.b","mode":"managed","type":"aws_sqs_queue","name":"b","change":{"actions":["create"]}}]}' ;;
esac
exit 0
`;

const TEMP_PREFIX = path.join(os.tmpdir(), 'tfplan-test-');
const created: string[] = [];

/** A temp dir of this test; only these are ever removed. */
function tempDir(): string {
  const dir = fs.mkdtempSync(TEMP_PREFIX);
  created.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of created) {
    // Guard: never remove anything but a dir this file created.
    if (dir.startsWith(TEMP_PREFIX) && path.dirname(dir) === os.tmpdir()) fs.rmSync(dir, { recursive: true, force: true });
  }
});

function setup(config: object = {}): { dir: string; terraform: string } {
  const root = tempDir();
  const dir = stackDirectory(root, 'stack');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(config));
  const terraform = path.join(root, 'terraform');
  fs.writeFileSync(terraform, FAKE_TERRAFORM, { mode: 0o755 });
  return { dir, terraform };
}

const mirror = tempDir();

describe('terraformPluginMirror', () => {
  const saved = process.env.KARPENTER_TF_PLUGIN_MIRROR;
  afterEach(() => {
    if (saved === undefined) delete process.env.KARPENTER_TF_PLUGIN_MIRROR;
    else process.env.KARPENTER_TF_PLUGIN_MIRROR = saved;
  });

  test('should default to /opt/tf-plugins', () => {
    delete process.env.KARPENTER_TF_PLUGIN_MIRROR;
    expect(terraformPluginMirror()).toBe('/opt/tf-plugins');
    expect(DEFAULT_TF_PLUGIN_MIRROR).toBe('/opt/tf-plugins');
  });

  test('should follow KARPENTER_TF_PLUGIN_MIRROR', () => {
    process.env.KARPENTER_TF_PLUGIN_MIRROR = '/srv/mirror';
    expect(terraformPluginMirror()).toBe('/srv/mirror');
  });
});

describe('stackDirectory', () => {
  test('should be <outdir>/stacks/<name>', () => {
    expect(stackDirectory('/tmp/out', 'karpenter-aws')).toBe(path.join('/tmp/out', 'stacks', 'karpenter-aws'));
  });
});

describe('summarizePlan', () => {
  test('should sort changes by address, name replacements and add data source reads', () => {
    const plan: TerraformPlanJson = {
      format_version: '1.2',
      terraform_version: '1.11.4',
      resource_changes: [
        { address: 'aws_vpc.z', mode: 'managed', type: 'aws_vpc', name: 'z', change: { actions: ['create'] } },
        { address: 'aws_iam_role.a', mode: 'managed', type: 'aws_iam_role', name: 'a', change: { actions: ['delete', 'create'] } },
        { address: 'aws_subnet.m', mode: 'managed', type: 'aws_subnet', name: 'm', change: { actions: ['no-op'] } },
      ],
      prior_state: {
        values: {
          root_module: {
            resources: [
              { address: 'data.aws_region.r', mode: 'data', type: 'aws_region' },
              { address: 'aws_subnet.m', mode: 'managed', type: 'aws_subnet' },
            ],
          },
        },
      },
    };
    expect(summarizePlan(plan)).toEqual([
      { address: 'aws_iam_role.a', type: 'aws_iam_role', action: 'replace' },
      { address: 'aws_subnet.m', type: 'aws_subnet', action: 'no-op' },
      { address: 'aws_vpc.z', type: 'aws_vpc', action: 'create' },
      { address: 'data.aws_region.r', type: 'aws_region', action: 'read' },
    ]);
  });

  test('should return an empty list for an empty plan', () => {
    expect(summarizePlan({ format_version: '1.2', terraform_version: '1.11.4' })).toEqual([]);
  });
});

describe('planStack', () => {
  test('should run init, validate, plan and show offline, with the mirror config and fake keys', async () => {
    const { dir, terraform } = setup();
    const result = await planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, env: { AWS_PROFILE: '' } });

    expect(result.resources).toEqual([{ address: 'aws_sqs_queue.b', type: 'aws_sqs_queue', action: 'create' }]);
    expect(result.validation.valid).toBe(true);
    expect(result.stackDir).toBe(dir);
    const calls = fs.readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls.map((c) => c.split(' | ')[0])).toEqual([
      'init -input=false -no-color',
      'validate -json -no-color',
      'plan -refresh=false -input=false -lock=false -no-color -out=plan.bin',
      'show -json -no-color plan.bin',
    ]);
    const cliConfig = path.join(dir, 'offline.tfrc');
    expect(calls[0]).toContain(
      `TF_CLI_CONFIG_FILE=${cliConfig} TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1 AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE AWS_PROFILE=`,
    );
    expect(calls[0].endsWith('AWS_PROFILE=')).toBe(true);
    expect(fs.readFileSync(cliConfig, 'utf8')).toBe(
      [
        'provider_installation {',
        '  filesystem_mirror {',
        `    path    = "${mirror}"`,
        '    include = ["registry.terraform.io/hashicorp/aws"]',
        '  }',
        '  direct {',
        '    exclude = ["registry.terraform.io/hashicorp/aws"]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('should drop an AWS profile from the caller environment', async () => {
    const { dir, terraform } = setup();
    const saved = process.env.AWS_PROFILE;
    process.env.AWS_PROFILE = 'production';
    try {
      await planStack(dir, { terraformBinary: terraform, pluginMirror: mirror });
    } finally {
      if (saved === undefined) delete process.env.AWS_PROFILE;
      else process.env.AWS_PROFILE = saved;
    }
    expect(fs.readFileSync(path.join(dir, 'calls.log'), 'utf8')).not.toContain('production');
  });

  test('should write no override file without offlineOverrides', async () => {
    const { dir, terraform } = setup({ provider: { aws: [{ region: 'eu-west-1' }] } });
    await planStack(dir, { terraformBinary: terraform, pluginMirror: mirror });
    expect(fs.readdirSync(dir).filter((f) => f.includes('override'))).toEqual([]);
  });

  test('should give terraform the offline override and remove it afterwards', async () => {
    const { dir, terraform } = setup({
      terraform: { backend: { s3: { bucket: 'team-state', key: 'k', region: 'eu-west-1' } } },
      provider: { aws: [{ region: 'eu-west-1' }] },
    });
    await planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, offlineOverrides: true });

    const seen = ['init', 'validate', 'plan', 'show'].map((cmd) =>
      JSON.parse(fs.readFileSync(path.join(dir, `override-seen-by-${cmd}.json`), 'utf8')),
    );
    expect(seen[0]).toEqual({
      provider: {
        aws: [
          {
            access_key: 'AKIAIOSFODNN7EXAMPLE',
            secret_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
            profile: null,
            skip_credentials_validation: true,
            skip_requesting_account_id: true,
            skip_metadata_api_check: 'true',
            skip_region_validation: true,
          },
        ],
      },
      terraform: { backend: { local: {} } },
    });
    expect(seen.slice(1)).toEqual([seen[0], seen[0], seen[0]]);
    expect(fs.existsSync(path.join(dir, 'offline_override.tf.json'))).toBe(false);
  });

  test('should give aliased aws providers the fake keys and skip flags too', async () => {
    const { dir, terraform } = setup({ provider: { aws: [{ region: 'eu-west-1' }, { alias: 'use1', region: 'us-east-1' }] } });
    await planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, offlineOverrides: true });
    const override = JSON.parse(fs.readFileSync(path.join(dir, 'override-seen-by-plan.json'), 'utf8'));
    expect(override.provider.aws).toEqual([
      expect.objectContaining({ access_key: 'AKIAIOSFODNN7EXAMPLE', skip_requesting_account_id: true }),
      expect.objectContaining({ alias: 'use1', access_key: 'AKIAIOSFODNN7EXAMPLE', skip_requesting_account_id: true }),
    ]);
    expect(override.provider.aws[0]).not.toHaveProperty('alias');
    expect(override).not.toHaveProperty('terraform');
  });

  test('should remove the offline override when a command fails', async () => {
    const { dir, terraform } = setup({ provider: { aws: [{ region: 'eu-west-1' }] } });
    await expect(
      planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, offlineOverrides: true, env: { FAKE_TF_FAIL: 'plan' } }),
    ).rejects.toThrow(/terraform plan .* failed \(exit 1\)/);
    expect(fs.existsSync(path.join(dir, 'override-seen-by-plan.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'offline_override.tf.json'))).toBe(false);
  });

  test('throws with terraform stderr when a command fails', async () => {
    const { dir, terraform } = setup();
    const run = planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, env: { FAKE_TF_FAIL: 'plan' } });
    await expect(run).rejects.toThrow(/terraform plan -refresh=false .* failed \(exit 1\):\nError: plan went wrong/);
    await expect(run).rejects.toBeInstanceOf(TerraformCommandError);
  });

  // Issue 33 item 15: with @cdktf/provider-aws 21 terraform said only "no available releases match 6.25.0".
  test('an init failure says which provider versions the mirror holds and which the stack requires', async () => {
    const { dir, terraform } = setup({ terraform: { required_providers: { aws: { source: 'aws', version: '6.25.0' } } } });
    const held = tempDir();
    for (const v of ['5.100.0/linux_amd64', '5.99.1/linux_amd64'])
      fs.mkdirSync(path.join(held, 'registry.terraform.io/hashicorp/aws', v), { recursive: true });
    fs.writeFileSync(path.join(held, 'registry.terraform.io/hashicorp/aws/terraform-provider-aws_6.0.0_linux_amd64.zip'), '');
    const run = planStack(dir, { terraformBinary: terraform, pluginMirror: held, env: { FAKE_TF_FAIL: 'init' } });
    await expect(run).rejects.toBeInstanceOf(TerraformCommandError);
    await expect(run).rejects.toThrow(
      new RegExp(
        'Error: init went wrong\\n' +
          `The provider mirror ${held} holds registry\\.terraform\\.io/hashicorp/aws 5\\.99\\.1, 5\\.100\\.0, 6\\.0\\.0; ` +
          'the stack requires 6\\.25\\.0 \\(terraform\\.required_providers\\.aws in cdk\\.tf\\.json',
      ),
    );
  });

  test('throws with the diagnostics when validate finds errors', async () => {
    const { dir, terraform } = setup();
    await expect(planStack(dir, { terraformBinary: terraform, pluginMirror: mirror, env: { FAKE_TF_INVALID: '1' } })).rejects.toThrow(
      /terraform validate found 1 error\(s\) in .*:\nerror: Unsupported argument - An argument named "nope" is not expected here\./,
    );
  });

  test('throws when the directory holds no synthesized stack', async () => {
    const empty = tempDir();
    await expect(planStack(empty, { pluginMirror: mirror })).rejects.toThrow(
      /has no cdk\.tf\.json; pass stackDirectory\(Testing\.fullSynth\(stack\)/,
    );
  });

  test('throws when the provider mirror is missing', async () => {
    const { dir, terraform } = setup();
    await expect(planStack(dir, { terraformBinary: terraform, pluginMirror: '/nonexistent/mirror' })).rejects.toThrow(
      /provider mirror '\/nonexistent\/mirror' does not exist; set KARPENTER_TF_PLUGIN_MIRROR/,
    );
  });

  test('throws a clear error when the terraform binary does not exist', async () => {
    const { dir } = setup();
    await expect(planStack(dir, { terraformBinary: '/nonexistent/terraform', pluginMirror: mirror })).rejects.toThrow(
      /could not run '\/nonexistent\/terraform init/,
    );
  });
});
