// The package as a new user gets it: `npm pack`, installed into a fresh project with the README's install
// line, the README's cdktf.json / tsconfig.json / main.ts / jest.config.js / main.test.ts and docs/testing.md's plan.test.ts written verbatim,
// type-checked (skipLibCheck false), synthesized and tested, against the newest @cdktf/provider-aws 21.x
// (what an unpinned install picks) and 20.1.0. Also: the pure core from a project without cdktf (where the
// package root fails with one error naming the peers to install), and
// what the tarball holds. Without registry access it skips loudly (it installs from the npm cache when it
// can); in CI it must run. KARPENTER_SKIP_CONSUMER_TEST=1 skips it on purpose.
import { spawnSync, SpawnSyncReturns } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isTerraformAvailable, terraformPluginMirror } from '../../lib/testing/terraform-plan';
import { docBlock, readmeInstalls } from '../doc-blocks';

/** A script line: `ours()` lists the package's files the process has loaded, as paths under dist/. */
const OURS =
  "const ours = () => Object.keys(require.cache).filter((f) => f.includes('/cdktf-karpenter-eks/dist/')).map((f) => f.replace(/.*\\/dist\\//, ''));";

const root = path.join(__dirname, '..', '..');
const skipOnPurpose = process.env.KARPENTER_SKIP_CONSUMER_TEST === '1';
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network|cache mode is 'only-if-cached'/i;

jest.setTimeout(300_000);

// The child npm must not see the npm_* variables `npm test` sets for its own script.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
env.CHECKPOINT_DISABLE = '1';
// V8 flags (NODE_OPTIONS=--max-old-space-size=..., say) make V8 refuse the packed code caches the tests expect used.
delete env.NODE_OPTIONS;

function run(cwd: string, command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', shell: process.platform === 'win32', maxBuffer: 64 * 1024 * 1024 });
}

function ok(cwd: string, command: string, args: string[]): string {
  const r = run(cwd, command, args);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let offline: string | undefined;

/**
 * npm install; returns its output, or undefined after a network failure outside CI (recorded in `offline`:
 * the tests then skip loudly).
 */
function npmInstall(cwd: string, specs: string[], dev = false): string | undefined {
  const r = run(cwd, 'npm', ['install', ...(dev ? ['--save-dev'] : []), ...specs, '--prefer-offline', '--no-audit', '--no-fund']);
  if (r.status === 0) return `${r.stdout}\n${r.stderr}`;
  const output = `${r.stdout}\n${r.stderr}`;
  if (!inCi && NETWORK_ERROR.test(output)) {
    offline = `npm install could not reach the registry:\n${output.slice(-2000)}`;
    console.warn(`\n!!! SKIPPING the consumer project test: ${offline}\n`);
    return undefined;
  }
  throw new Error(`npm install ${specs.join(' ')} exited ${r.status}:\n${output}`);
}

const describeConsumer = skipOnPurpose ? describe.skip : describe;
if (skipOnPurpose) console.warn('\n!!! SKIPPING the consumer project test: KARPENTER_SKIP_CONSUMER_TEST=1\n');

describeConsumer('a consumer project installing the packed package', () => {
  let work: string;
  let tarball: string;
  let app: string;

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-consumer-'));
    // prepack builds dist/ first, as for a publish.
    const packed = JSON.parse(ok(root, 'npm', ['pack', '--json', '--pack-destination', work]));
    tarball = path.join(work, packed[0].filename);
  });

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('the tarball holds LICENSE and the built files, no source maps, and no install-time scripts', () => {
    const files = ok(work, 'tar', ['-tzf', tarball]).trim().split('\n');
    expect(files).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/package.json', 'package/dist/lib/index.js']));
    expect(files).toEqual(expect.arrayContaining(['package/dist/lib/core/index.js', 'package/dist/lib/core/index.d.ts']));
    expect(files).toEqual(expect.arrayContaining(['package/dist/lib/bundle.js.code-cache', 'package/dist/lib/private/code-cache.js']));
    expect(files.filter((f) => f.endsWith('.map') || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
    expect(ok(work, 'tar', ['-xzOf', tarball, 'package/LICENSE'])).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    const pkg = JSON.parse(ok(work, 'tar', ['-xzOf', tarball, 'package/package.json']));
    for (const script of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts?.[script]).toBeUndefined();
    expect(pkg.license).toBe('Apache-2.0');
  });

  describe.each([
    ['the newest 21.x, as the README installs it', undefined, /^21\./],
    ['20.1.0', '20.1.0', /^20\.1\.0$/],
  ])('with @cdktf/provider-aws %s', (_what, awsVersion, expectedAws) => {
    beforeAll(() => {
      if (offline) return;
      if (app === undefined) {
        app = path.join(work, 'app');
        fs.mkdirSync(app);
        fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'karpenter-app', version: '1.0.0', private: true }, null, 2));
        const { dependencies, devDependencies } = readmeInstalls();
        // The README installs the tarball `npm pack` writes, from a checkout beside the project.
        const deps = dependencies.map((d) => (d.endsWith('.tgz') ? tarball : d));
        // cdktf-cli only wraps terraform and runs cdktf.json's app command, which the test runs itself;
        // installing it would double the time of this test.
        const devDeps = devDependencies.filter((d) => !d.startsWith('cdktf-cli@'));
        if (npmInstall(app, deps) === undefined || npmInstall(app, devDeps, true) === undefined) return;
        for (const file of ['cdktf.json', 'tsconfig.json', 'main.ts', 'jest.config.js', 'main.test.ts', 'plan.test.ts']) {
          fs.writeFileSync(path.join(app, file), docBlock(file === 'plan.test.ts' ? 'docs/testing.md' : 'README.md', file));
        }
      }
      if (awsVersion !== undefined) npmInstall(app, [`@cdktf/provider-aws@${awsVersion}`]);
    });

    test('installs without peer conflicts the provider version meant', () => {
      if (offline) return;
      const installed = JSON.parse(fs.readFileSync(path.join(app, 'node_modules/@cdktf/provider-aws/package.json'), 'utf8'));
      expect(installed.version).toMatch(expectedAws);
      expect(fs.existsSync(path.join(app, 'node_modules/cdktf-karpenter-eks/dist/lib/index.js'))).toBe(true);
    });

    test('the README files type-check, library declarations included (skipLibCheck false)', () => {
      if (offline) return;
      ok(app, path.join(app, 'node_modules/.bin/tsc'), ['-p', '.', '--skipLibCheck', 'false']);
    });

    test("main.ts synthesizes the three stacks with cdktf.json's app command", () => {
      if (offline) return;
      const command = JSON.parse(docBlock('README.md', 'cdktf.json')).app as string;
      fs.rmSync(path.join(app, 'cdktf.out'), { recursive: true, force: true });
      ok(app, 'sh', ['-c', command]);
      expect(fs.readdirSync(path.join(app, 'cdktf.out/stacks')).sort()).toEqual(['karpenter-controller', 'karpenter-infra', 'karpenter-node-pools']);
      const pools = JSON.parse(fs.readFileSync(path.join(app, 'cdktf.out/stacks/karpenter-node-pools/cdk.tf.json'), 'utf8'));
      const kinds = Object.values<any>(pools.resource.kubernetes_manifest).map((m) => `${m.manifest.kind}/${m.manifest.metadata.name}`);
      expect(kinds.sort()).toEqual(['EC2NodeClass/default', 'NodePool/general']);
      const controller = JSON.parse(fs.readFileSync(path.join(app, 'cdktf.out/stacks/karpenter-controller/cdk.tf.json'), 'utf8'));
      expect(
        Object.values<any>(controller.resource.helm_release)
          .map((r) => r.name)
          .sort(),
      ).toEqual(['karpenter', 'karpenter-crd']);
    });

    test('the installed root loads one bundle; the simulator’s file is read at its first use', () => {
      if (offline) return;
      const script = [
        OURS,
        "const root = require('cdktf-karpenter-eks');",
        'const before = ours();',
        'root.loadInstanceTypeCatalog();',
        'console.log(JSON.stringify([before, ours()]));',
      ].join('\n');
      const [before, after] = JSON.parse(ok(app, process.execPath, ['-e', script])) as [string[], string[]];
      expect(before).toEqual(['lib/index.js', 'lib/private/code-cache.js', 'lib/bundle.js']);
      expect(after).toEqual(expect.arrayContaining(['lib/bundle-checks.js', 'lib/core/sim/catalog-data.json']));
    });

    test('a NodePool reads the checks’ bundle; the rest of the simulator and the test helpers stay unread', () => {
      if (offline) return;
      const script = [
        OURS,
        "const { App, TerraformStack } = require('cdktf');",
        "const k = require('cdktf-karpenter-eks');",
        "const stack = new TerraformStack(new App(), 'pools');",
        "const { kubernetesProvider: provider } = new k.ClusterProviders(stack, 'C', " +
          "{ clusterName: 'demo', region: 'us-east-1', createHelmProvider: false });",
        "const nodeClass = new k.Ec2NodeClass(stack, 'N', { name: 'default', provider, role: 'KarpenterNodeRole-demo', " +
          "amiSelectorTerms: [k.AmiSelectorTerm.alias(k.AmiFamilyAlias.AL2023, 'latest')], " +
          "subnetSelectorTerms: [k.SubnetSelectorTerm.discovery('demo')], " +
          "securityGroupSelectorTerms: [k.SecurityGroupSelectorTerm.discovery('demo')] });",
        "new k.KarpenterNodePool(stack, 'P', { name: 'general', nodeClass, provider, limits: { cpu: k.Quantity.cpu(100) } });",
        "const loader = require.resolve('cdktf-karpenter-eks').replace(/index\\.js$/, 'private/code-cache.js');",
        "const uses = require(loader).codeCacheUses().map((u) => [u.file.replace(/.*\\/dist\\//, ''), u.use]);",
        'console.log(JSON.stringify({ files: ours().sort(), uses }));',
      ].join('\n');
      // The tarball's code caches serve the Node that packed it, which runs this test.
      expect(JSON.parse(ok(app, process.execPath, ['-e', script]))).toEqual({
        files: ['lib/bundle-checks.js', 'lib/bundle.js', 'lib/core/sim/catalog-data.json', 'lib/index.js', 'lib/private/code-cache.js'],
        uses: [
          ['lib/bundle.js', 'accepted'],
          ['lib/bundle-checks.js', 'accepted'],
        ],
      });
    });

    test("reads aws_region by the installed major's attribute, never the deprecated name under 21.x", () => {
      if (offline) return;
      // The README's infra stack knows its region, so it reads no aws_region at all.
      const infra = fs.readFileSync(path.join(app, 'cdktf.out/stacks/karpenter-infra/cdk.tf.json'), 'utf8');
      expect(infra).not.toMatch(/data\.aws_region\./);
      // A provider without a region (AWS_REGION at plan) needs the data source: `region` in aws 6, `name` in aws 5.
      const script = [
        "const { App, TerraformStack } = require('cdktf');",
        "const { AwsProvider } = require('@cdktf/provider-aws/lib/provider');",
        "const { KarpenterAws } = require('cdktf-karpenter-eks');",
        "const app = new App({ outdir: 'region-check.out' });",
        "const stack = new TerraformStack(app, 'no-region');",
        "new AwsProvider(stack, 'aws', {});",
        "new KarpenterAws(stack, 'Karpenter', { cluster: { clusterName: 'demo', clusterArn: 'arn:aws:eks:eu-west-1:111122223333:cluster/demo', " +
          "clusterEndpoint: 'https://x.eks.amazonaws.com', clusterCertificateAuthorityData: 'Y2E=', clusterSecurityGroupId: 'sg-0123456789abcdef0', " +
          "oidcIssuerUrl: 'https://oidc.eks.eu-west-1.amazonaws.com/id/X' } });",
        'app.synth();',
      ].join('\n');
      ok(app, process.execPath, ['-e', script]);
      const json = fs.readFileSync(path.join(app, 'region-check.out/stacks/no-region/cdk.tf.json'), 'utf8');
      const attributes = [...json.matchAll(/\$\{data\.aws_region\.[A-Za-z0-9_]+\.([a-z_]+)\}/g)].map((m) => m[1]);
      expect(attributes.length).toBeGreaterThan(10);
      expect([...new Set(attributes)]).toEqual([expectedAws.test('21.0.0') ? 'region' : 'name']);
    });

    test('main.test.ts passes with the README jest config', () => {
      if (offline) return;
      ok(app, path.join(app, 'node_modules/.bin/jest'), ['--ci', 'main.test.ts']);
    });

    // The mirror holds hashicorp/aws 5.100.0, which @cdktf/provider-aws 20.1.0 binds (21.x needs hashicorp/aws 6).
    if (awsVersion === '20.1.0') {
      const canPlan = isTerraformAvailable() && fs.existsSync(terraformPluginMirror());
      if (!canPlan) console.warn(`\nSKIPPED: docs/testing.md's plan.test.ts: no terraform, or no provider mirror at ${terraformPluginMirror()}\n`);
      (canPlan ? test : test.skip)("plan.test.ts, docs/testing.md's offline plan recipe, plans the AWS stack without credentials", () => {
        if (offline) return;
        ok(app, path.join(app, 'node_modules/.bin/jest'), ['--ci', 'plan.test.ts']);
      });
    }
  });

  test('from a CDK Terrain (cdktn) app, the constructs fail at once naming cdktf; the core works', () => {
    if (offline) return;
    const cdktn = path.join(work, 'cdktn-app');
    fs.mkdirSync(cdktn);
    fs.writeFileSync(path.join(cdktn, 'package.json'), JSON.stringify({ name: 'cdktn-app', version: '1.0.0', private: true }));
    const peers = readmeInstalls().dependencies.filter((d) => /^@cdktf\/provider-|^cdktf@/.test(d));
    if (npmInstall(cdktn, [tarball, 'cdktn@0.24', 'constructs@>=10.6.0 <10.8.0', ...peers]) === undefined) return;
    const script = [
      "const { App, TerraformStack } = require('cdktn');",
      "const { Ec2NodeClass, KarpenterNodePool } = require('cdktf-karpenter-eks');",
      "const { NodePoolDefinition } = require('cdktf-karpenter-eks/core');",
      "const ref = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };",
      "console.log(new NodePoolDefinition({ name: 'p', nodeClassRef: ref }).toManifest().kind);",
      "const stack = new TerraformStack(new App({ outdir: 'cdktn.out' }), 'pools');",
      "new KarpenterNodePool(stack, 'Pool', { name: 'p', nodeClass: Ec2NodeClass.fromName('default') });",
    ].join('\n');
    const r = run(cdktn, process.execPath, ['-e', script]);
    expect(r.stdout).toBe('NodePool\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /pools\/Pool: the stack is not a TerraformStack of the cdktf package this library uses\. .*cdktf\) 0\.21 only; a CDK Terrain \(cdktn\) app/,
    );
    expect(r.stderr).not.toMatch(/_resetResolveDiscoveredProviderFeatureUsage/);
  });

  test('cdktf-karpenter-eks/core loads in a project without cdktf, with its types', () => {
    if (offline) return;
    const core = path.join(work, 'core-only');
    fs.mkdirSync(core);
    fs.writeFileSync(path.join(core, 'package.json'), JSON.stringify({ name: 'core-only', version: '1.0.0', private: true }));
    const output = npmInstall(core, [tarball]);
    if (output === undefined) return;
    expect(output).not.toMatch(/install-scripts|cdktf-karpenter-eks.*(prepare|install)/); // nothing runs, nothing to approve
    expect(fs.existsSync(path.join(core, 'node_modules/cdktf'))).toBe(false);
    expect(fs.existsSync(path.join(core, 'node_modules/constructs'))).toBe(false);
    const script = [
      "const { NodePoolDefinition, validateManifest, migrateManifests } = require('cdktf-karpenter-eks/core');",
      "const pool = new NodePoolDefinition({ name: 'p', weight: 0, nodeClassRef: { group: 'karpenter.k8s.aws', " +
        "kind: 'EC2NodeClass', name: 'default' } });",
      'const codes = validateManifest(pool.toManifest()).map((i) => i.code);',
      'console.log(JSON.stringify({ codes, migrate: typeof migrateManifests, types: ' +
        "require.resolve('cdktf-karpenter-eks/core').replace(/\\.js$/, '.d.ts') }));",
    ].join('\n');
    const out = JSON.parse(ok(core, process.execPath, ['-e', script]));
    expect(out.codes).toContain('OutOfRange');
    expect(out.migrate).toBe('function');
    // Its types ship with it, named from their defining modules (no `export *`).
    const types = fs.readFileSync(out.types, 'utf8');
    expect(types).toMatch(/export \{ [^}]*\bNodePoolDefinition\b[^}]*\} from '\.\/api\/node-pool-definition';/);
    expect(types).not.toMatch(/export \*/);
    // The constructs need the peers, which this project does not have: one error says what to install.
    const entry = run(core, process.execPath, ['-e', "require('cdktf-karpenter-eks')"]);
    const peerInstall = readmeInstalls().dependencies.slice(1).join(' '); // the README line, less this package
    expect(entry.status).toBe(1);
    expect(entry.stderr).toContain(
      'cdktf-karpenter-eks: the constructs need the peer packages cdktf, constructs, @cdktf/provider-aws, @cdktf/provider-helm, ' +
        `@cdktf/provider-kubernetes, which are not installed. Install the peers: npm install ${peerInstall}. ` +
        "For the pure core alone (models, validation, policies, Helm values; no cdktf), import 'cdktf-karpenter-eks/core' instead.",
    );
    expect(entry.stderr).not.toMatch(/Cannot find module/);
    expect(run(core, process.execPath, ['-e', "require('cdktf-karpenter-eks/testing')"]).stderr).toContain('npm install cdktf@0.21');
  });
});
