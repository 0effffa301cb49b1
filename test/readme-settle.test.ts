// docs/simulator.md's settling example: its YAML is examples/explain-settle/zones.yaml and its output is what explain
// prints for it; one batch (--rounds 1) places one replica where the settled cluster runs three.
import * as fs from 'fs';
import * as path from 'path';
import { runExplainCommand } from '../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { docBlock } from './doc-blocks';

const root = path.join(__dirname, '..');
const example = path.join(root, 'examples', 'explain-settle', 'zones.yaml');

function explain(args: string[]): { code: number; stdout: string } {
  let stdout = '';
  const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } };
  const code = runExplainCommand(args, io);
  return { code, stdout };
}

test('the docs/simulator.md settling example is examples/explain-settle/zones.yaml', () => {
  expect(docBlock('docs/simulator.md', 'zones.yaml')).toBe(fs.readFileSync(example, 'utf8'));
});

test('its output is what explain prints: three rounds, one replica per zone, the fourth pending for good', () => {
  const { code, stdout } = explain([example, '--quiet']);
  const [command, ...output] = docBlock('docs/simulator.md', 'explain settle output').split('\n');
  expect(command).toBe('$ npx cdktf-karpenter-eks explain zones.yaml --quiet');
  expect(output.join('\n')).toBe(stdout);
  expect(code).toBe(1);
  const rows = stdout.match(/^general-\d +\d +general +us-east-1\w +on-demand +\S+ .*shop\/api-\d$/gm) ?? [];
  expect(rows.map((l) => l.split(/ +/).slice(0, 4))).toEqual([
    ['general-0', '1', 'general', 'us-east-1a'],
    ['general-1', '2', 'general', 'us-east-1b'],
    ['general-2', '3', 'general', 'us-east-1c'],
  ]);
  expect(stdout).toContain('Settles in 3 rounds');
  expect(stdout).toMatch(/^1 pod would stay pending, by reason:\n\[1\] 1 pod pending: shop\/api-3$/m);
});

test('--rounds 1 is one batch: one NodeClaim, three replicas still pending after it', () => {
  const { code, stdout } = explain([example, '--quiet', '--rounds', '1']);
  expect(stdout.match(/^general-\d /gm)).toEqual(['general-0 ']);
  expect(stdout).toContain('Stopped after 1 round (--rounds)');
  expect(stdout).toMatch(/^3 pods still pending after 1 round, by reason:$/m);
  expect(code).toBe(1);
});

test.each(['0', '-1', '1.5', 'settle', 'x'])('--rounds %s is a usage error (exit 2) that says what it takes', (n) => {
  const { code, stdout } = explain([example, '--rounds', n]);
  expect(code).toBe(2);
  expect(stdout).toContain("option '--rounds' takes a positive whole number of batches, e.g. --rounds 1");
});
