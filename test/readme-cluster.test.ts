// docs/simulator.md's running-cluster example: its YAML is examples/explain-cluster/cluster.yaml and its output is
// what explain prints for it.
import * as fs from 'fs';
import * as path from 'path';
import { runExplainCommand } from '../lib/cli/explain/explain-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { docBlock } from './doc-blocks';

const root = path.join(__dirname, '..');
const example = path.join(root, 'examples', 'explain-cluster', 'cluster.yaml');

test('the docs/simulator.md cluster example is examples/explain-cluster/cluster.yaml', () => {
  expect(docBlock('docs/simulator.md', 'cluster.yaml')).toBe(fs.readFileSync(example, 'utf8'));
});

test('its output is what explain prints: two replicas on the running node, eight on four spot NodeClaims', () => {
  let stdout = '';
  const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } };
  const code = runExplainCommand([example], io);
  const [command, ...output] = docBlock('docs/simulator.md', 'explain cluster output').split('\n');
  expect(command).toBe('$ npx cdktf-karpenter-eks explain cluster.yaml');
  expect(output.join('\n')).toBe(stdout);
  expect(code).toBe(0);
  expect(stdout).toMatch(
    /^2 pods would land on existing nodes:\n.*\nip-10-0-1-17\.ec2\.internal +us-east-1a +on-demand +2 +shop\/web-0 shop\/web-5$/m,
  );
  const claims =
    stdout.match(/^split-spot-\d +1 +split-spot +- +spot +.* 2 +[\d./]+ +[\d./]+ +capacity-spread=\d +shop\/web-\d shop\/web-\d$/gm) ?? [];
  expect(claims.map((l) => /capacity-spread=(\d)/.exec(l)![1])).toEqual(['2', '3', '4', '5']);
});
