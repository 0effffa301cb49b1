// What the migrateManifests tests share: the fixtures, readers of a migration result, and small v1beta1 inputs.
import * as fs from 'fs';
import * as path from 'path';
import { errorsOf } from '../../../lib/core/issues';
import { MigrationResult } from '../../../lib/core/migrate/migrate-manifests';
import { validateManifest } from '../../../lib/core/validation/validate';
import { CommandIo } from '../../../lib/cli/command-io';
import { runCli } from '../../../lib/cli/cli';

export const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', name), 'utf8');
export const manifest = (r: MigrationResult, kind: string, name: string): any => {
  const m = r.manifests.find((x: any) => x.kind === kind && x.metadata.name === name);
  if (!m) throw new Error(`no ${kind} ${name} in the output`);
  return m;
};
export const changes = (r: MigrationResult, document: number) => r.reports.filter((x) => x.document === document).flatMap((x) => x.changes);
export const errorsOfOutput = (r: MigrationResult) =>
  r.manifests.flatMap((m: any) => errorsOf(validateManifest(m)).map((i) => `${m.kind}/${m.metadata.name} ${i.field}: ${i.message}`));

export const NODE_CLASS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };
export const V1BETA1_REF = { apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', name: 'default' };
export const PRE_V1_IMDS = { httpEndpoint: 'enabled', httpProtocolIPv6: 'disabled', httpPutResponseHopLimit: 2, httpTokens: 'required' };

// Small inputs for the cases the fixtures do not cover.
export const nodePool = (name: string, spec: object, extra: object = {}) => ({
  apiVersion: 'karpenter.sh/v1beta1',
  kind: 'NodePool',
  metadata: { name },
  spec,
  ...extra,
});
export const nodeClass = (name: string, spec: object) => ({
  apiVersion: 'karpenter.k8s.aws/v1beta1',
  kind: 'EC2NodeClass',
  metadata: { name },
  spec,
});
export const poolSpec = (more: object = {}, templateSpec: object = {}) => ({
  template: { spec: { nodeClassRef: V1BETA1_REF, requirements: [], ...templateSpec } },
  ...more,
});
export const classSpec = (more: object = {}) => ({
  amiFamily: 'AL2023',
  role: 'node-role',
  subnetSelectorTerms: [{ tags: { a: 'b' } }],
  securityGroupSelectorTerms: [{ tags: { a: 'b' } }],
  ...more,
});

/** Runs the CLI with `text` as standard input (and as any file); returns the exit code and standard output. */
export function runOnStdin(args: string[], text: string): { code: number; stdout: string } {
  let stdout = '';
  const io: CommandIo = {
    readFile: () => text,
    readStdin: () => text,
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: () => undefined },
  };
  const code = runCli(args, io, {});
  return { code, stdout };
}
