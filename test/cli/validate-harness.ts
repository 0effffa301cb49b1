// What the validate command tests share: the CLI run on test/fixtures/cli with writes kept in memory, and
// stand-ins for the validator and migrator.
import { isDocument } from 'yaml';
import * as fs from 'fs';
import * as path from 'path';
import { CommandDependencies, CommandIo } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import { MigrationOptions, MigrationReport, MigrationResult } from '../../lib/core/migrate/migrate-manifests';
import { IssueCollector, ValidationContext, ValidationIssue } from '../../lib/core/issues';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'cli');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly written: Map<string, string>;
  readonly dirs: string[];
}

/** Reads fixtures from disk (paths relative to test/fixtures/cli), keeps writes in memory. */
export function run(args: string[], deps: CommandDependencies = FAKES, stdin = ''): Run {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, string>();
  const dirs: string[] = [];
  const io: CommandIo = {
    readFile: (p) => fs.readFileSync(path.join(FIXTURES, p), 'utf8'),
    readStdin: () => stdin,
    writeFile: (p, c) => void written.set(p, c),
    mkdirp: (p) => void dirs.push(p),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  };
  const code = runCli(args, io, deps);
  return { code, stdout, stderr, written, dirs };
}

// A small stand-in for the real validator, so these tests pin the command's behaviour and
// not the validator's wording. The real one runs in validate-migrate.test.ts.
export function fakeValidate(manifest: unknown, ctx: ValidationContext): ValidationIssue[] {
  const c = new IssueCollector(ctx);
  const m = manifest as { apiVersion?: string; kind?: string; spec?: Record<string, any> };
  if (m.kind === 'NodePool' && m.apiVersion === 'karpenter.sh/v1') {
    if (typeof m.spec?.weight === 'number' && m.spec.weight > 100) {
      c.error('spec.weight', 'WeightOutOfRange', `weight must be 1..100, got ${m.spec.weight}`);
    }
    if (m.spec?.limits === undefined) c.warn('spec.limits', 'NoLimits', 'no limits: the pool can grow without bound');
  } else if (m.kind === 'EC2NodeClass' && m.apiVersion === 'karpenter.k8s.aws/v1') {
    for (const key of Object.keys(m.spec?.tags ?? {})) {
      if (key.startsWith('kubernetes.io/cluster/')) c.error(`spec.tags["${key}"]`, 'RestrictedTag', `tag ${key} is set by Karpenter`);
    }
  } else {
    c.error('kind', 'UnsupportedKind', `unsupported manifest: apiVersion ${JSON.stringify(m.apiVersion)}, kind ${JSON.stringify(m.kind)}`);
  }
  return c.issues;
}

export function fakeMigrate(docs: unknown[], options: MigrationOptions): MigrationResult {
  const manifests: Record<string, unknown>[] = [];
  const reports: MigrationReport[] = [];
  const errors: MigrationResult['errors'] = [];
  docs.forEach((d, document) => {
    const m = (isDocument(d) ? d.toJS() : d) as { apiVersion: string; kind: string; metadata: { name: string }; spec: Record<string, any> };
    const input = { apiVersion: m.apiVersion, kind: m.kind, name: m.metadata.name };
    if (m.apiVersion === 'karpenter.sh/v1beta1') {
      manifests.push({ ...m, apiVersion: 'karpenter.sh/v1', spec: { ...m.spec, disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized' } } });
      reports.push({
        document,
        ...input,
        output: { ...input, apiVersion: 'karpenter.sh/v1' },
        changes: [
          { field: 'apiVersion', from: 'karpenter.sh/v1beta1', to: 'karpenter.sh/v1', note: 'v1 API' },
          { field: 'spec.disruption.consolidationPolicy', from: 'WhenUnderutilized', to: 'WhenEmptyOrUnderutilized', note: 'renamed in v1' },
        ],
      });
    } else if (m.kind === 'AWSNodeTemplate') {
      if (options.role === undefined) {
        errors.push({
          document,
          kind: m.kind,
          name: m.metadata.name,
          field: 'spec.instanceProfile',
          message: 'no role: pass --role',
          code: 'RoleRequired',
        });
        return;
      }
      manifests.push({ apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: m.metadata, spec: { role: options.role } });
      reports.push({
        document,
        ...input,
        output: { apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', name: m.metadata.name },
        changes: [{ field: 'spec.role', source: 'spec.instanceProfile', to: options.role, note: 'from --role' }],
      });
    } else {
      manifests.push(m);
      reports.push({ document, ...input, output: input, changes: [] });
    }
  });
  return { manifests, reports, errors };
}

export const FAKES: CommandDependencies = { validate: fakeValidate, migrate: fakeMigrate };
