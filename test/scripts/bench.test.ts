// Cheap checks of the bench's parts; the bench itself (`npm run bench`) is not run here.
import * as fs from 'fs';
import * as path from 'path';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { DataAwsCallerIdentity } from '@cdktf/provider-aws/lib/data-aws-caller-identity';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';
import { HelmProvider } from '@cdktf/provider-helm/lib/provider';
import { Release } from '@cdktf/provider-helm/lib/release';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { App, Fn, TerraformOutput, TerraformProvider, TerraformResource, TerraformStack, TerraformVariable } from 'cdktf';
import { Construct } from 'constructs';
import { measureCommand, median, medianSample, parseGnuTimeCpuMs, parseGnuTimeMaxRss, Sample } from '../../scripts/bench/measure';
import { parseAppSpec } from '../../scripts/bench/options';
import { compareOutdirs } from '../../scripts/bench/outdirs';
import { formatReport } from '../../scripts/bench/report';
import { evaluateTargets } from '../../scripts/bench/synth-rows';
import { buildBaselineApp } from '../../scripts/bench-baseline';
import { generateTypedBaseline } from '../../scripts/bench-baseline-typed';
import { tempDirs } from '../util/temp-dirs';

const tmp = tempDirs('bench-test-');
const inRepo = tempDirs('test-', path.join(__dirname, '..', '..', 'bench-out'));

describe('statistics', () => {
  test('should take the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('should take the median of each field', () => {
    const samples: Sample[] = [
      { wallMs: 10, maxRssKb: 100, loadMs: 5 },
      { wallMs: 30, maxRssKb: 300, loadMs: 7 },
      { wallMs: 20, maxRssKb: 200 },
    ];

    expect(medianSample(samples)).toEqual({ wallMs: 20, maxRssKb: 200, loadMs: 6, buildMs: undefined, synthMs: undefined, cpuMs: undefined });
  });

  test('should read the peak RSS from GNU time -v', () => {
    expect(parseGnuTimeMaxRss('\tUser time (seconds): 0.1\n\tMaximum resident set size (kbytes): 51234\n')).toBe(51234);
    expect(parseGnuTimeMaxRss('nothing')).toBeUndefined();
    expect(parseGnuTimeCpuMs('\tUser time (seconds): 1.25\n\tSystem time (seconds): 0.05\n')).toBeCloseTo(1300);
    expect(parseGnuTimeCpuMs('nothing')).toBeUndefined();
  });
});

describe('targets', () => {
  const baseline: Sample = { wallMs: 1000, maxRssKb: 200 * 1024 };

  test('should pass within 1.10x (time), 1.15x (memory), 1.15x the baseline module load and 80 MB, limits included', () => {
    const checks = evaluateTargets(
      { wallMs: 1100, maxRssKb: 230 * 1024 },
      baseline,
      { wallMs: 300, loadMs: 230, maxRssKb: 80 * 1024 },
      { wallMs: 280, loadMs: 200, maxRssKb: 70 * 1024 },
    );

    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['synth time overhead (a)/(b)', true],
      ['synth memory overhead (a)/(b)', true],
      ['package import time / baseline module load', true],
      ['package import memory', true],
    ]);
  });

  test('should flag each missed target and print it as MISS', () => {
    const checks = evaluateTargets(
      { wallMs: 1101, maxRssKb: 240 * 1024 },
      baseline,
      { wallMs: 300, loadMs: 231, maxRssKb: 81 * 1024 },
      { wallMs: 280, loadMs: 200, maxRssKb: 70 * 1024 },
    );

    expect(checks.every((c) => !c.ok)).toBe(true);
    const text = formatReport([{ label: '(a) full example', samples: [{ wallMs: 1101, maxRssKb: 240 * 1024 }] }], checks, 'header');
    expect(text).toMatch(/^header\n\n +wall ms \(min-max\) +cpu ms +load ms +build ms +synth ms +max RSS MB\n/);
    expect(text).toMatch(/\(a\) full example +1101 \(1101-1101\) +- +- +- +- +240\.0/);
    expect(text).toMatch(/MISS synth time overhead \(a\)\/\(b\): 1\.101 \(target <= 1\.1\)/);
    expect(text).toMatch(/MISS package import time \/ baseline module load: 1\.155 \(target <= 1\.15\)/);
    expect(text).toMatch(/MISS package import memory: 81\.0 MB \(target <= 80 MB\)/);
  });
});

describe('parseAppSpec', () => {
  test('should take the file and the export of the app to measure', () => {
    expect(parseAppSpec('examples/full-stack/app.ts:buildFullStackApp')).toEqual({
      file: 'examples/full-stack/app.ts',
      exportName: 'buildFullStackApp',
    });
  });

  test('throws when the file does not exist or no export is named, instead of measuring something else', () => {
    expect(() => parseAppSpec('examples/full-stak/app.ts:buildFullStackApp')).toThrow(/--app file 'examples\/full-stak\/app\.ts' does not exist in /);
    expect(() => parseAppSpec('examples/full-stack/app.ts')).toThrow(
      /--app needs <file\.ts>:<export>, e\.g\. examples\/full-stack\/app\.ts:buildFullStackApp; got 'examples\/full-stack\/app\.ts'/,
    );
  });
});

describe('measureCommand', () => {
  test('should time a child process and read its reported phases and peak memory', () => {
    const sample = measureCommand(process.execPath, [
      '-e',
      "console.log('noise'); console.log('BENCH_RESULT ' + JSON.stringify({ loadMs: 12, maxRssKb: process.resourceUsage().maxRSS }))",
    ]);

    expect(sample.loadMs).toBe(12);
    expect(sample.wallMs).toBeGreaterThan(0);
    expect(sample.maxRssKb).toBeGreaterThan(10 * 1024);
  });

  test('the bench child reports its phases and its own CPU time', () => {
    const childTs = path.join(__dirname, '..', '..', 'scripts', 'bench', 'child.ts');
    const sample = measureCommand(process.execPath, ['-r', 'ts-node/register/transpile-only', childTs, 'import', 'fs']);

    expect(sample.loadMs).toBeGreaterThanOrEqual(0);
    expect(sample.childCpuMs).toBeGreaterThan(0);
    expect(
      medianSample([
        { ...sample, childCpuMs: 100 },
        { ...sample, childCpuMs: 3 },
        { ...sample, childCpuMs: 1 },
      ]).childCpuMs,
    ).toBe(3);
  });

  test('should write standard output to a file and accept the exit statuses given', () => {
    const file = path.join(tmp(), 'out.txt');
    const sample = measureCommand(process.execPath, ['-e', "process.stdout.write('x'.repeat(5000)); process.exitCode = 1"], {
      stdoutFile: file,
      okStatuses: [0, 1],
    });

    expect(sample.wallMs).toBeGreaterThan(0);
    expect(fs.statSync(file).size).toBe(5000);
    expect(() => measureCommand(process.execPath, ['-e', 'process.exitCode = 1'])).toThrow(/exited 1/);
  });

  test('throws with the child stderr when it fails', () => {
    expect(() => measureCommand(process.execPath, ['-e', "console.error('boom'); process.exit(3)"])).toThrow(/exited 3:\nboom/);
  });
});

// A provider with no L1 package installed, as a user's `null`/`time` provider would be.
class TimeProvider extends TerraformProvider {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      terraformResourceType: 'time',
      terraformProviderSource: 'hashicorp/time',
      terraformGeneratorMetadata: { providerName: 'time', providerVersion: '~> 0.12' },
    });
  }
  protected synthesizeAttributes(): Record<string, unknown> {
    return {};
  }
}

describe('baseline', () => {
  function exampleLikeApp(outdir: string, options: { onlyL1?: boolean } = {}): void {
    const app = new App({ outdir });
    const infra = new TerraformStack(app, 'infra');
    new AwsProvider(infra, 'aws', { region: 'eu-west-1', defaultTags: [{ tags: { team: 'x' } }] });
    const me = new DataAwsCallerIdentity(infra, 'me');
    const role = new IamRole(infra, 'Role', {
      name: 'r',
      assumeRolePolicy: Fn.jsonencode({ Version: '2012-10-17', Statement: [] }),
      tags: { account: me.accountId },
    });
    const queue = new SqsQueue(infra, 'Queue', { name: 'q', messageRetentionSeconds: 300, dependsOn: [role] });
    if (!options.onlyL1) {
      new TimeProvider(infra, 'time');
      new TerraformResource(infra, 'Wait', { terraformResourceType: 'time_sleep', terraformGeneratorMetadata: { providerName: 'time' } });
    }
    new TerraformVariable(infra, 'cluster', { type: 'string', default: 'demo' });
    new TerraformOutput(infra, 'queue_name', { value: queue.name });

    const k8s = new TerraformStack(app, 'in-cluster');
    new HelmProvider(k8s, 'helm', { kubernetes: { host: 'https://example' } });
    new KubernetesProvider(k8s, 'kubernetes', { host: 'https://example' });
    new Release(k8s, 'Karpenter', {
      name: 'karpenter',
      chart: 'karpenter',
      values: [JSON.stringify({ settings: { interruptionQueue: options.onlyL1 ? 'q' : queue.name } })],
    });
    new Manifest(k8s, 'Pool', { manifest: { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'p' }, spec: { weight: 1 } } });
    app.synth();
  }

  test('should synthesize the same Terraform JSON as the app it copies, from L1 classes', () => {
    // GIVEN
    const reference = tmp();
    exampleLikeApp(reference);

    // WHEN
    const outdir = tmp();
    const app = new App({ outdir });
    const summary = buildBaselineApp(app, reference);
    app.synth();

    // THEN
    expect(compareOutdirs(reference, outdir)).toEqual([]);
    expect([...summary.stacks].sort()).toEqual(['in-cluster', 'infra']);
    // Everything but time_sleep (no L1 package installed) and the cross-stack remote state.
    expect(summary.l1Elements).toBe(5);
    expect(summary.genericElements).toBe(2);
    expect(summary.rawOverrides).toEqual([]);
  });

  test('the typed baseline synthesizes the same JSON from typed config, with references as tokens', () => {
    // GIVEN the app without the provider that has no L1 package, and without the cross-stack remote state
    const reference = tmp();
    exampleLikeApp(reference, { onlyL1: true });

    // WHEN
    const { source, summary } = generateTypedBaseline(reference);
    // Inside the repository, so the module resolves cdktf and the providers as the bench's does.
    const dir = inRepo();
    const modulePath = path.join(dir, 'typed.js');
    fs.writeFileSync(modulePath, source);
    const outdir = tmp();
    const app = new App({ outdir });
    require(modulePath).buildTypedBaselineApp(app);
    app.synth();

    // THEN
    expect(compareOutdirs(reference, outdir)).toEqual([]);
    expect(summary.rawAttributes).toEqual([]);
    expect(summary.typedElements).toBe(8);
    // The tag's account id; the queue's dependsOn is typed config, not a reference string.
    expect(summary.references).toBe(1);
    expect(source).toMatch(/new m\d+\.SqsQueue\(stack, "Queue", \{ messageRetentionSeconds: 300, name: "q", dependsOn: \[e\d+\] \}\)/);
    expect(source).toMatch(/tags: \{ account: e\d+\.accountId \}/);
    expect(summary.modules).toContain('@cdktf/provider-aws/lib/sqs-queue');
  });

  test('the typed baseline names a type it has no L1 class for', () => {
    const reference = tmp();
    exampleLikeApp(reference);

    expect(() => generateTypedBaseline(reference)).toThrow(
      /^no L1 class for (provider time|data terraform_remote_state): add its provider package to PROVIDER_PACKAGES$/,
    );
  });

  test('should report where two outputs differ', () => {
    const a = tmp();
    exampleLikeApp(a);
    const b = tmp();
    fs.cpSync(a, b, { recursive: true });
    const file = path.join(b, 'stacks', 'infra', 'cdk.tf.json');
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    json.resource.aws_sqs_queue.Queue.message_retention_seconds = 60;
    fs.writeFileSync(file, JSON.stringify(json));

    expect(compareOutdirs(a, b)).toEqual(['infra.resource.aws_sqs_queue.Queue.message_retention_seconds: example 300, baseline 60']);
  });
});
