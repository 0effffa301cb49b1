// Issue 33 item 10: `validate` reads a synthesized cdktf stack (cdktf.out/stacks/<stack>/cdk.tf.json) as `explain` does,
// with one reader for both (lib/cli/input-objects.ts). Real files, in a temporary directory.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import type { SimulationInput, SimulationRun } from '../../lib/core/sim';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-stack-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const POOL = {
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodePool',
  metadata: { name: 'general' },
  spec: {
    weight: 500,
    limits: { cpu: '100' },
    template: { spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, requirements: [] } },
  },
};
const CLASS = {
  apiVersion: 'karpenter.k8s.aws/v1',
  kind: 'EC2NodeClass',
  metadata: { name: 'default' },
  // Known at apply only: synth treats the token so, and so does validate.
  spec: {
    role: '${aws_iam_role.node_role.name}',
    amiSelectorTerms: [{ alias: 'al2023@latest' }],
    subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': '${var.cluster}' } }],
    securityGroupSelectorTerms: [{ id: '${aws_security_group.nodes.id}' }],
  },
};
const STACK = {
  '//': { metadata: { stackName: 'pools', version: '0.21.0' } },
  resource: {
    kubernetes_manifest: { pool_general_1A2B: { manifest: POOL }, class_default_3C4D: { manifest: CLASS } },
    aws_sqs_queue: { q: { name: 'queue' } },
  },
};

function validate(files: string[]): { code: number; out: string } {
  let out = '';
  const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } };
  return { code: runCli(['validate', ...files], io), out };
}

test('validate checks the kubernetes_manifest objects of a cdk.tf.json, at their lines, named by resource address', () => {
  const f = path.join(dir, 'cdk.tf.json');
  fs.writeFileSync(f, JSON.stringify(STACK, null, 2));
  const r = validate([f]);
  const lines = r.out.trimEnd().split('\n');
  expect(lines).toEqual([
    expect.stringMatching(
      /cdk\.tf\.json:\d+:\d+: error NodePool\/general \(kubernetes_manifest\.pool_general_1A2B\) spec\.weight: .*\(OutOfRange\)$/,
    ),
    '1 file, 2 documents: 1 error, 0 warnings',
  ]);
  const line = Number(/cdk\.tf\.json:(\d+):/.exec(lines[0])?.[1]);
  expect(fs.readFileSync(f, 'utf8').split('\n')[line - 1].trim()).toBe('"weight": 500,');
  expect(r.code).toBe(ExitCode.PROBLEMS);
});

test('validate and explain read the same objects of a stack', () => {
  const f = path.join(dir, 'same.tf.json');
  fs.writeFileSync(f, JSON.stringify(STACK));
  let seen: SimulationInput | undefined;
  const simulate = (input: SimulationInput): SimulationRun => {
    seen = input;
    throw new Error('stop here');
  };
  const io: CommandIo = { ...nodeCommandIo(), stdout: { write: () => true }, stderr: { write: () => true } };
  runExplainCommand([f], io, { simulate });
  expect(seen?.nodePools).toEqual([POOL]);
  expect(seen?.nodeClasses).toEqual([CLASS]);
  expect(validate([f]).out).toContain('1 file, 2 documents:');
});

test('a stack without kubernetes_manifest resources is one skipped document, not an error', () => {
  const f = path.join(dir, 'infra.tf.json');
  fs.writeFileSync(f, JSON.stringify({ '//': { metadata: { stackName: 'infra' } }, resource: { aws_sqs_queue: { q: { name: 'q' } } } }));
  expect(validate([f])).toEqual({
    code: ExitCode.OK,
    out: `note: skipped ${f}#0 TerraformStack/infra (cdk.tf.json): not a Karpenter API group\n1 file, 1 document (1 skipped): no problems\n`,
  });
});
