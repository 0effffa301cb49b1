// Issue 33 item 16: input with no NodePools, a lone Pod, and `.json` files read as JSON. Real files, in a temporary directory.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NO_NODEPOOLS, runExplainCommand } from '../../lib/cli/explain/explain-command';
import { firstJsonError } from '../../lib/cli/json-syntax';
import { CommandRun, runCaptured } from '../util/cli';
import { ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karpenter-empty-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

function run(args: string[]): CommandRun {
  const [command, ...rest] = args;
  return runCaptured((io) => (command === 'explain' ? runExplainCommand(rest, io) : runCli(args, io)));
}

const POD =
  'apiVersion: v1\nkind: Pod\nmetadata: { name: web }\nspec:\n  containers: [{ name: c, image: x, resources: { requests: { cpu: "1" } } }]\n';
const NODE =
  'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels: { kubernetes.io/arch: amd64, node.kubernetes.io/instance-type: m5.large }\n' +
  'status:\n  allocatable: { cpu: "2", memory: 7Gi, pods: "29" }\n  capacity: { cpu: "2", memory: 8Gi, pods: "29" }\n';

describe('explain without NodePools', () => {
  test.each([
    ['a ConfigMap only', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n'],
    ['a lone Pod', POD],
    ['nothing but comments', '# empty\n'],
  ])('%s: "no NodePools given" on standard error, no table, exit 2 (input explain cannot use)', (_, content) => {
    const r = run(['explain', file('input.yaml', content)]);
    expect(r).toEqual({ code: ExitCode.USAGE, stdout: '', stderr: `cdktf-karpenter-eks explain: ${NO_NODEPOOLS}\n` });
    expect(r.stderr).not.toContain('no dynamic nodepools found');
    expect(r.stderr.length).toBeLessThanOrEqual(150);
  });

  test('Nodes without NodePools are simulated, with a line in place of an empty NodePool table', () => {
    const r = run(['explain', '-q', file('nodes.yaml', `${NODE}---\n${POD}`)]);
    expect(r.stdout.split('\n')[0]).toBe('No NodePools given: pods can go only to the given nodes.');
    expect(r.stdout).not.toMatch(/^NODEPOOL\s+WEIGHT/m);
  });
});

describe('a .json file is read as JSON', () => {
  const trailing = '{\n  "apiVersion": "karpenter.sh/v1",\n  "kind": "NodePool",\n  "metadata": { "name": "x" },\n}\n';

  test('validate: a trailing comma is one JsonSyntaxError naming file, line and column', () => {
    const f = file('pool.json', trailing);
    const r = run(['validate', f]);
    expect(r.stdout.split('\n')[0]).toBe(
      `${f}:5:1: error is not valid JSON: a trailing comma before '}'; a .json file is read as JSON (JsonSyntaxError)`,
    );
    expect(r.code).toBe(ExitCode.USAGE);
  });

  test('explain: the same error alone, exit 2', () => {
    const f = file('pool2.json', trailing);
    expect(run(['explain', f])).toEqual({
      code: ExitCode.USAGE,
      stdout: '',
      stderr: `${f}:5:1: error is not valid JSON: a trailing comma before '}'; a .json file is read as JSON (JsonSyntaxError)\n`,
    });
  });

  test('validate --migrate reads it as JSON too; the same text in a .yaml file is YAML, where it is valid', () => {
    expect(run(['validate', '--migrate', file('pool3.json', trailing)]).stdout).toContain('(JsonSyntaxError)');
    expect(run(['validate', file('pool.yaml', trailing)]).stdout).not.toContain('JsonSyntaxError');
  });

  test.each([
    ['[1, 2,]', 6, "a trailing comma before ']'"],
    ['{"a": }', 6, 'expected a JSON value, found "}"'],
    ['{"a": 1', 7, 'the file ends inside the JSON value'],
    ['', 0, 'the file holds no JSON value'],
    ['{"a":1}\n{"b":2}', 8, 'unexpected "{" after the JSON value'],
    ['{"a":"x\ny"}', 7, 'a control character (a line break?) inside a string'],
    ['{a: 1}', 1, 'expected a double-quoted property name, found "a"'],
    ['{"a":"\\q"}', 6, 'an invalid escape in a string'],
    ['{"a" 1}', 5, 'expected \':\' after the property name, found "1"'],
  ])('firstJsonError(%j) at %d: %s', (text, offset, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(firstJsonError(text)).toEqual({ offset, message });
  });

  test('firstJsonError finds none in valid JSON', () => {
    for (const text of ['[-0.5e+3, "\\u00e9\\n", null, true, false, {}, []]', ' {"a": {"b": [1, {"c": "d"}]}} \n', '0']) {
      expect(JSON.parse(text)).toBeDefined();
      expect(firstJsonError(text)).toBeUndefined();
    }
  });
});
