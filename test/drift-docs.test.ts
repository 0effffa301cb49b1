// docs/drift.md: its edit is applied to a copy of examples/full-stack/node-pools-stack.ts as written, and its output blocks
// are what `drift` prints for the example synthesized before and after that edit.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdktf';
import { runDriftCommand } from '../lib/cli/drift/drift-command';
import { nodeCommandIo } from '../lib/cli/node-io';
import { docBlock } from './doc-blocks';

const root = path.join(__dirname, '..');

/** The example's node-pools stack, synthesized with `source` as node-pools-stack.ts (written beside it, then removed). */
let written = 0;
/** The example's node-pools stack, synthesized with `source` as node-pools-stack.ts (in a temporary folder). */
function synthWith(source: string, dir: string): string {
  // Its imports made absolute; a new name each time, as require caches modules by path.
  const example = path.join(root, 'examples', 'full-stack');
  const absolute = (spec: string) => (spec.startsWith('.') ? path.join(example, spec) : require.resolve(spec, { paths: [example] }));
  const file = path.join(dir, `node-pools-stack-${written++}.ts`);
  fs.writeFileSync(
    file,
    source.replace(/from '([^']+)'/g, (_, spec: string) => `from '${absolute(spec)}'`),
  );
  const { NodePoolsStack } = require(file) as typeof import('../examples/full-stack/node-pools-stack');
  const stack = new NodePoolsStack(Testing.app(), 'karpenter-node-pools', { clusterName: 'demo', region: 'eu-west-1', nodeRoleName: 'demo-node' });
  return Testing.synth(stack, true);
}

function drift(args: string[]): { code: number; out: string } {
  let out = '';
  const io = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } };
  return { code: runDriftCommand(args, io), out };
}

describe('docs/drift.md', () => {
  const source = fs.readFileSync(path.join(root, 'examples', 'full-stack', 'node-pools-stack.ts'), 'utf8');
  const before = docBlock('docs/drift.md', 'node-pools-stack.ts before');
  const after = docBlock('docs/drift.md', 'node-pools-stack.ts after');
  let dir: string;
  let deployed: string;
  let edited: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drift-doc-'));
    deployed = path.join(dir, 'deployed.tf.json');
    edited = path.join(dir, 'cdk.tf.json');
    fs.writeFileSync(deployed, synthWith(source, dir));
    // The edit, and Budget added to the example's imports from the package.
    fs.writeFileSync(edited, synthWith(source.replace(before, after).replace('  Disruption,\n', '  Budget,\n  Disruption,\n'), dir));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('its "before" block is the example code, once', () => {
    expect(source.split(before)).toHaveLength(2);
  });

  test.each(['drift output', 'drift json'])('the %s block is what the command prints', (title) => {
    const [command, ...output] = docBlock('docs/drift.md', title).split('\n');
    const prefix = '$ npx cdktf-karpenter-eks ';
    expect(command.startsWith(prefix)).toBe(true);
    const args = command
      .slice(prefix.length)
      .split(' ')
      .map((a) => (a === 'deployed.tf.json' ? deployed : a === 'cdktf.out/stacks/karpenter-node-pools/cdk.tf.json' ? edited : a));
    expect(args[0]).toBe('drift');
    const r = drift(args.slice(1));
    const text = output.join('\n');
    if (title === 'drift json') expect(JSON.parse(r.out)).toMatchObject(JSON.parse(text));
    else expect(text).toBe(r.out);
    if (process.env.DRIFT_DOC_PRINT) fs.writeFileSync(path.join(os.tmpdir(), `drift-doc-${title.replace(' ', '-')}.txt`), r.out);
    expect(r.code).toBe(1);
  });
});
