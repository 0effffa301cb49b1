// The package's public surface, from package.json and the sources. test/consumer installs the packed
// package and imports these entry points as a user would.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const root = path.join(__dirname, '..');

/** Runs `lines` in a fresh Node process on the sources (transpiled on the fly; jest's registry has no require.cache). */
function onSources(lines: readonly string[]) {
  return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', lines.join('\n')], { cwd: root, encoding: 'utf8' });
}

/** What `lines` print as JSON on stdout, with nothing on stderr. */
function printedOnSources(lines: readonly string[]): unknown {
  const r = onSources(lines);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The TypeScript source a `./dist/...` target is compiled from. */
function sourceOf(target: string): string {
  return path.join(root, target.replace(/^\.\/dist\//, '').replace(/\.(d\.ts|js)$/, '.ts'));
}

test.each([
  ['.', 'lib/index.ts'],
  ['./core', 'lib/core/index.ts'],
  ['./testing', 'lib/testing/index.ts'],
  ['./testing/jest', 'lib/testing/jest.ts'],
])('export %s is built from %s, with type declarations', (entry, source) => {
  const target = pkg.exports[entry];
  expect(path.relative(root, sourceOf(target.default))).toBe(source);
  expect(sourceOf(target.types)).toBe(sourceOf(target.default));
  expect(target.types).toMatch(/\.d\.ts$/);
  expect(fs.existsSync(path.join(root, source))).toBe(true);
  // Node 10 module resolution (tsconfig "module": "commonjs") reads typesVersions instead of exports.
  if (entry !== '.') expect(pkg.typesVersions['*'][entry.slice(2)]).toEqual([target.types.slice(2)]);
});

test('only the documented entry points are exported, no deep paths', () => {
  expect(Object.keys(pkg.exports).sort()).toEqual(['.', './core', './package.json', './testing', './testing/jest']);
  expect(pkg.main).toBe(pkg.exports['.'].default.slice(2));
  expect(pkg.types).toBe(pkg.exports['.'].types.slice(2));
});

test('the package entry exports the constructs and their builders, no plan, collector helper or internal', () => {
  const api = require(path.join(root, 'lib'));
  for (const name of ['KarpenterAws', 'KarpenterController', 'KarpenterNodePool', 'Ec2NodeClass', 'KarpenterVersion', 'Requirement']) {
    expect(typeof api[name]).toBe('function');
  }
  for (const name of [
    'manifestResourceOptions',
    'policyJson',
    'reportIssues',
    'NODEPOOL_SPEC_SCHEMA',
    'EC2NODECLASS_SPEC_SCHEMA',
    'checkSchema',
    'crdRule',
    'LABEL_VALUE_PATTERN',
    // In `cdktf-karpenter-eks/core` (issue #17): plans, collector helpers, CIDR/ARN helpers, migration.
    'IssueCollector',
    'planEksCluster',
    'parseIpv4Cidr',
    'parseArn',
    'validateManifest',
    'migrateManifests',
    'toYaml',
  ]) {
    expect(api[name]).toBeUndefined();
  }
});

/** Root functions that load the simulator on their first call and forward to the core's (lib/index.ts). */
const LAZY_SIMULATOR = ['admittedInstanceTypes', 'explainAdmission', 'loadInstanceTypeCatalog', 'simulateProvisioning'];

test('every core name the package entry exports is the very object the core entry exports, or forwards to it', () => {
  const api = require(path.join(root, 'lib'));
  const core = require(path.join(root, 'lib/core'));
  const fromCore = Object.keys(api).filter((k) => k in core);
  expect(fromCore.length).toBeGreaterThan(40);
  expect(fromCore.filter((k) => api[k] !== core[k])).toEqual(LAZY_SIMULATOR);
  expect(api.loadInstanceTypeCatalog()).toBe(core.loadInstanceTypeCatalog());
  const pool = {
    metadata: { name: 'p' },
    spec: {
      template: {
        spec: {
          requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large', 'nope'] }],
          nodeClassRef: { name: 'd' },
        },
      },
    },
  };
  const nodeClass = { metadata: { name: 'd' }, spec: { amiSelectorTerms: [{ alias: 'al2023@latest' }] } };
  expect(api.admittedInstanceTypes(pool, nodeClass).map((t: { name: string }) => t.name)).toEqual(['m5.large']);
  expect(api.explainAdmission(pool, nodeClass, { zones: ['us-east-1a'] })).toEqual(core.explainAdmission(pool, nodeClass, { zones: ['us-east-1a'] }));
  const input = {
    nodePools: [pool],
    nodeClasses: [nodeClass],
    pods: [{ kind: 'Pod', metadata: { name: 'x' }, spec: { containers: [{ name: 'c' }] } }],
  };
  expect(api.simulateProvisioning(input)).toEqual(core.simulateProvisioning(input));
  expect(core.KarpenterNodePool).toBeUndefined();
  expect(typeof core.NodePoolDefinition).toBe('function');
  expect(typeof core.validateManifest).toBe('function');
  expect(typeof core.migrateManifests).toBe('function');
});

test('importing the package root loads no simulator module; its first call does', () => {
  const [before, after] = printedOnSources([
    "const sim = () => Object.keys(require.cache).filter((f) => f.includes('/lib/core/sim/')).length;",
    "const api = require('./lib');",
    'const before = sim();',
    'api.loadInstanceTypeCatalog();',
    'console.log(JSON.stringify([before, sim()]));',
  ]) as [number, number];
  expect(before).toBe(0);
  expect(after).toBeGreaterThan(0);
});

test('importing the package root loads no provider module an option of the full example does not use', () => {
  // Each of these costs the import a module for an option most apps leave off (issue #23's import target).
  const optional = [
    '@cdktf/provider-aws/lib/iam-service-linked-role/',
    '@cdktf/provider-aws/lib/iam-openid-connect-provider/',
    '@cdktf/provider-aws/lib/data-aws-region/',
    '@cdktf/provider-aws/lib/data-aws-eks-cluster-auth/',
    '/fastest-levenshtein/',
  ];
  const loaded = printedOnSources([
    `const optional = ${JSON.stringify(optional)};`,
    "require('./lib');",
    'console.log(JSON.stringify(optional.filter((m) => Object.keys(require.cache).some((f) => f.includes(m)))));',
  ]);
  expect(loaded).toEqual([]);
});

test('ClusterProviders loads the Helm provider module only when it makes a Helm provider', () => {
  const loaded = printedOnSources([
    "const { App, TerraformStack } = require('cdktf');",
    "const { ClusterProviders } = require('./lib');",
    "const helm = () => Object.keys(require.cache).some((f) => f.includes('/@cdktf/provider-helm/lib/provider/'));",
    'const providers = (createHelmProvider) => {',
    "  const stack = new TerraformStack(new App(), 'x');",
    "  new ClusterProviders(stack, 'C', { clusterName: 'demo', region: 'us-east-1', createHelmProvider });",
    '  return helm();',
    '};',
    'console.log(JSON.stringify([providers(false), providers(true)]));',
  ]);
  expect(loaded).toEqual([false, true]);
});

test.each(['--help', 'validate --help'])('the bin loads no simulator module for %s', (commandLine) => {
  const r = onSources([
    `process.argv = [process.argv[0], 'bin', ...${JSON.stringify(commandLine.split(' '))}];`,
    'process.stdout.write = () => true;',
    "require('./bin/karpenter-validate');",
    "process.stderr.write(String(Object.keys(require.cache).filter((f) => f.includes('/lib/core/sim/')).length));",
  ]);
  expect(r.stderr).toBe('0');
  expect(r.status).toBe(0);
});

// The dispatcher requires a command only when it runs: each command's --help loads none of the other commands' folders.
test.each([
  ['validate', ['explain', 'drift']],
  ['explain', ['validate', 'drift']],
  ['drift', ['validate', 'explain']],
])('the bin loads no module of another command for %s --help', (command, others) => {
  const r = onSources([
    `process.argv = [process.argv[0], 'bin', ${JSON.stringify(command)}, '--help'];`,
    'process.stdout.write = () => true;',
    "require('./bin/karpenter-validate');",
    'const loaded = Object.keys(require.cache);',
    `const folders = ${JSON.stringify([command, ...others])}.map((c) => loaded.filter((f) => f.includes(\`/lib/cli/\${c}/\`)).length);`,
    'process.stderr.write(JSON.stringify(folders));',
  ]);
  const [own, ...rest] = JSON.parse(r.stderr) as number[];
  expect(own).toBeGreaterThan(0);
  expect(rest).toEqual(others.map(() => 0));
  expect(r.status).toBe(0);
});

test('the published files hold the build, without source maps; no script runs when a user installs the package', () => {
  expect(pkg.files).toEqual(['dist/lib', 'dist/bin']);
  const build = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  expect(build.compilerOptions.sourceMap).toBeUndefined();
  for (const script of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts[script]).toBeUndefined();
  expect(pkg.scripts.prepack).toBe('npm run build');
  expect(pkg.license).toBe('Apache-2.0');
  expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(
    /^\s*Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS\s*$/,
  );
});

test('peer dependencies: the ranges the consumer test installs, optional so the core installs alone', () => {
  expect(pkg.peerDependencies['@cdktf/provider-aws']).toBe('>=20.1.0 <22');
  for (const peer of Object.keys(pkg.peerDependencies)) expect(pkg.peerDependenciesMeta[peer]).toEqual({ optional: true });
});

test('the validate bin is a node script inside the published files', () => {
  const bin = pkg.bin['cdktf-karpenter-eks'];
  expect(path.relative(root, sourceOf(`./${bin}`))).toBe('bin/karpenter-validate.ts');
  expect(fs.readFileSync(path.join(root, 'bin/karpenter-validate.ts'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(pkg.files.some((f: string) => bin.startsWith(f))).toBe(true);
});
