// What a consumer of the published package imports, resolved through package.json `exports`
// (Node resolves a package's own name from inside it). dist/ is built by `npm ci` (prepare).
import * as fs from 'fs';
import * as path from 'path';

const root = path.join(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

beforeAll(() => {
  if (!fs.existsSync(path.join(root, 'dist', 'lib', 'index.js'))) throw new Error('dist/ is missing: run npm run build (npm ci runs it)');
});

test.each([
  ['cdktf-karpenter-eks', 'dist/lib/index.js'],
  ['cdktf-karpenter-eks/lib/testing', 'dist/lib/testing/index.js'],
  ['cdktf-karpenter-eks/lib/testing/jest', 'dist/lib/testing/jest.js'],
  ['cdktf-karpenter-eks/lib/manifests/karpenter-node-pool', 'dist/lib/manifests/karpenter-node-pool.js'],
])('%s resolves to %s, with type declarations beside it', (specifier, file) => {
  expect(path.relative(root, require.resolve(specifier))).toBe(file);
  expect(fs.existsSync(path.join(root, file.replace(/\.js$/, '.d.ts')))).toBe(true);
});

test('the package entry exports the constructs and the pure core, and no private helper', () => {
  const api = require(path.join(root, pkg.main));
  for (const name of [
    'KarpenterAws',
    'KarpenterController',
    'KarpenterNodePool',
    'Ec2NodeClass',
    'validateManifest',
    'migrateManifests',
    'KarpenterVersion',
  ]) {
    expect(typeof api[name]).toBe('function');
  }
  expect(api.manifestResourceOptions).toBeUndefined();
  expect(api.policyJson).toBeUndefined();
});

test('the validate bin is a node script inside the published files', () => {
  const bin = pkg.bin['cdktf-karpenter-eks'];
  expect(fs.readFileSync(path.join(root, bin), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(pkg.files.some((f: string) => bin.startsWith(f))).toBe(true);
});
