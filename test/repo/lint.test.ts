import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

// The layering rules are what keep lib/core usable without cdktf (and from cdktn); prove they bite.
const root = path.join(__dirname, '..', '..');
const eslintBin = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

// The CLI, not the ESLint class: the flat config is an ES module, which jest's VM cannot import.
async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [eslintBin, '--stdin', '--stdin-filename', file, '-f', 'json'], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.map((m) => `${m.ruleId}`);
}

describe('lint layering', () => {
  test.each([
    ["import { Token } from 'cdktf';", 'cdktf'],
    ["import { Construct } from 'constructs';", 'constructs'],
    ["import { SqsQueue } from '@cdktf/provider-aws/lib/sqs-queue';", 'a provider'],
  ])('a lib/core file importing %s fails (%s)', async (code) => {
    expect(await ruleIdsFor('lib/core/aws/bad.ts', `${code}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
  });

  test('a lib/core file importing a construct file fails', async () => {
    const ids = await ruleIdsFor('lib/core/aws/bad.ts', "import { KarpenterAws } from '../../aws/karpenter-aws';\nexport type X = KarpenterAws;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  test.each([
    ['lib/core/aws/bad.ts', "import { WellKnownLabel } from '../model/labels';"],
    ['lib/core/aws/bad.ts', "import { planKarpenterController } from '../controller/karpenter-controller-plan';"],
    ['lib/core/model/bad.ts', "import { validateRegion } from '../aws/regions';"],
    ['lib/core/model/bad.ts', "import { checkSchema } from '../validation/schema';"],
    ['lib/core/shared/bad.ts', "import { WellKnownLabel } from '../model/labels';"],
    ['lib/core/scheduling/bad.ts', "import { lintNodePool } from '../lints/lint';"],
    ['lib/core/scheduling/bad.ts', "import { explainAdmission } from '../sim/admission';"],
    ['lib/core/sim/bad.ts', "import { validateRegion } from '../aws/regions';"],
    // The simulator stands below the lints: the catalog lints ask it, never the other way round.
    ['lib/core/sim/bad.ts', "import { lintNodePoolCatalog } from '../lints/catalog-lints';"],
    ['lib/core/lints/bad.ts', "import { validateManifest } from '../validation/validate';"],
    ['lib/core/validation/bad.ts', "import { NodePoolDefinition } from '../api/node-pool-definition';"],
    ['lib/core/migrate/bad.ts', "import { explainAdmission } from '../sim/admission';"],
    ['lib/core/controller/bad.ts', "import { explainAdmission } from '../sim/admission';"],
    ['lib/core/drift/bad.ts', "import { lintNodePool } from '../lints/lint';"],
    ['lib/core/drift/bad.ts', "import { validateNodePool } from '../validation/validate-nodepool';"],
    ['lib/core/sim/bad.ts', "import { previewDrift } from '../drift/preview-drift';"],
    ['lib/core/scheduling/bad.ts', "import { nodePoolHash } from '../drift/nodepool-hash';"],
    ['lib/private/bad.ts', "import { EksCluster } from '../aws/eks-cluster';"],
    ['lib/private/bad.ts', "import { KarpenterManifestOptions } from '../manifests/karpenter-manifest-options';"],
  ])('%s importing upward (%s) fails', async (file, code) => {
    expect(await ruleIdsFor(file, `${code}\nexport const x = 1;\n`)).toContain('import-x/no-restricted-paths');
  });

  test.each([
    ['lib/core/controller/ok.ts', "import { validateRegion } from '../aws/regions';\nimport { WellKnownLabel } from '../model/labels';"],
    ['lib/core/sim/ok.ts', "import { WellKnownLabel } from '../model/labels';\nimport { SchedulingRequirement } from '../scheduling/requirements';"],
    ['lib/core/aws/ok.ts', "import { KARPENTER_DISCOVERY_TAG_KEY } from '../shared/discovery';"],
    ['lib/core/model/ok.ts', "import { HttpTokens } from '../shared/ec2';"],
    ['lib/core/scheduling/ok.ts', "import { WellKnownLabel } from '../model/labels';\nimport { Operator } from '../model/requirement-builder';"],
    ['lib/core/lints/ok.ts', "import { explainAdmission } from '../sim/admission';"],
    ['lib/core/validation/ok.ts', "import { lintNodePool } from '../lints/lint';"],
    ['lib/core/api/ok.ts', "import { validateNodePool } from '../validation/validate-nodepool';"],
    ['lib/core/migrate/ok.ts', "import { toYaml } from '../model/yaml';"],
    ['lib/core/drift/ok.ts', "import { SchedulingRequirements } from '../scheduling/requirements';\nimport { selects } from '../sim/selectors';"],
  ])('%s importing downward is allowed', async (file, code) => {
    expect(await ruleIdsFor(file, `${code}\nexport const x = 1;\n`)).not.toContain('import-x/no-restricted-paths');
  });

  test('an import cycle fails', async () => {
    // The rule reads the other side of a cycle from disk, so write both sides for the duration of the test.
    const dir = fs.mkdtempSync(path.join(root, 'test', 'repo', 'tmp-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const a = "import { b } from './b';\nexport const a = () => b;\n";
      fs.writeFileSync(path.join(dir, 'a.ts'), a);
      expect(await ruleIdsFor(path.relative(root, path.join(dir, 'a.ts')), a)).toContain('import-x/no-cycle');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a construct file may import cdktf and the core', async () => {
    const code = "import { Token } from 'cdktf';\nimport { IssueCollector } from '../core/issues';\nexport const x = [Token, IssueCollector];\n";
    expect(await ruleIdsFor('lib/aws/ok.ts', code)).toEqual([]);
  });

  test('lines over 150 characters fail', async () => {
    const long = `export const x = [${Array.from({ length: 40 }, (_, i) => i + 1000).join(', ')}];\n`;
    expect(await ruleIdsFor('lib/core/aws/long.ts', long)).toContain('max-len');
  });

  // A file of `fileLines` lines that opens with a function of `functionLines`. Blank lines and comments count: every
  // other filler line is blank, the rest are comments.
  const sourceOf = (functionLines: number, fileLines: number) => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '// why' : '')).join('\n');
    return `export function f(): void {\n${filler(functionLines - 2)}\n}\n${filler(fileLines - functionLines)}\n`;
  };

  test.each(['lib/core/aws/long.ts', 'lib/aws/long.ts', 'bin/long.ts'])('%s: over 80 lines a function, over 500 a file fails', async (file) => {
    expect(await ruleIdsFor(file, sourceOf(81, 501))).toEqual(expect.arrayContaining(['max-lines', 'max-lines-per-function']));
    const atTheLimits = await ruleIdsFor(file, sourceOf(80, 500));
    expect(atTheLimits).not.toContain('max-lines');
    expect(atTheLimits).not.toContain('max-lines-per-function');
  });
});
