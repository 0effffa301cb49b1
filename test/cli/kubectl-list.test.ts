// The running cluster from kubectl: `kubectl get nodepools,ec2nodeclasses,daemonsets,nodes,pods -A -o yaml` prints one
// `kind: List`; every command reads its items as documents (issue #24). The fixture is made like kubectl's output.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runExplainCommand } from '../../lib/cli/explain/explain-command';
import { readInputDocuments } from '../../lib/cli/input-reader';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { captureIo } from '../util/cli';
import { ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import { nodePoolCostCeilings, SimulationInput, SimulationResult } from '../../lib/core/sim';
import { daemonSet, kubectlList, nodePool, pod } from './kubectl-dump';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'cli', 'kubectl-cluster.yaml');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-list-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
}

const EMPTY: SimulationResult = { pods: [], nodeClaims: [], nodePools: [], assumptions: [] };
const NAMES = (list: readonly unknown[] | undefined) => (list ?? []).map((o: any) => `${o.kind}/${o.metadata.name}`);

describe('reading a kind: List', () => {
  // Flow style goes through the yaml library, block style through the fast reader: the same documents either way.
  test.each([
    ['block YAML', 'apiVersion: v1\nkind: List\nitems:\n- kind: A\n  metadata:\n    name: a\n- kind: B\n  metadata:\n    name: b\n---\nkind: C\n'],
    ['flow YAML', 'apiVersion: v1\nkind: List\nitems: [{ kind: A, metadata: { name: a } },\n  { kind: B, metadata: { name: b } }]\n---\nkind: C\n'],
  ])('each item is a document, numbered on, with its own position (%s)', (_what, text) => {
    const f = file('list.yaml', text);
    const { documents, issues } = readInputDocuments([f], nodeCommandIo());
    expect(issues).toEqual([]);
    expect(documents.map((d) => [d.index, (d.value as any).kind])).toEqual([
      [0, 'A'],
      [1, 'B'],
      [2, 'C'],
    ]);
    const [a, b, c] = documents;
    expect([a.locate('metadata.name')?.line, b.locate('metadata.name')?.line, c.locate('')?.line]).toEqual(
      text.startsWith('apiVersion: v1\nkind: List\nitems:\n-') ? [6, 9, 11] : [3, 4, 6],
    );
  });

  // kubectl's meta.ExtractList flattens a List among a List's items; a NodePool in one is checked, at its own line.
  test.each([
    [
      'block YAML',
      'kind: List\nitems:\n- kind: A\n- kind: List\n  items:\n  - kind: List\n    items:\n' +
        '    - kind: B\n      metadata:\n        name: b\n- kind: C\n',
    ],
    [
      'flow YAML',
      'kind: List\nitems: [{ kind: A }, { kind: List, items: [{ kind: List, items: [\n  { kind: B, metadata: { name: b } }] }] },\n  { kind: C }]\n',
    ],
  ])('a List inside a List is flattened (%s)', (what, text) => {
    const f = file('nested.yaml', text);
    const { documents, issues } = readInputDocuments([f], nodeCommandIo());
    expect(issues).toEqual([]);
    expect(documents.map((d) => [d.index, (d.value as any).kind])).toEqual([
      [0, 'A'],
      [1, 'B'],
      [2, 'C'],
    ]);
    expect(documents[1].locate('metadata.name')?.line).toBe(what === 'block YAML' ? 10 : 3);
  });

  test('validate checks a NodePool in a nested List', () => {
    const pool = { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'inner' }, spec: { weight: 500 } };
    const f = file('nested.json', JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'List', items: [pool] }] }));
    const c = captureIo();
    expect(runCli(['validate', f], c.io)).toBe(ExitCode.PROBLEMS);
    expect(c.out()).toMatch(/NodePool\/inner spec\.weight: .*500/);
  });

  test('kubectl -o json: the List is read as JSON, each item at its own line', () => {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { kind: 'A', metadata: { name: 'a' } },
        { kind: 'B', metadata: { name: 'b' } },
      ],
    };
    const f = file('list.json', JSON.stringify(list, null, 4));
    const { documents } = readInputDocuments([f], nodeCommandIo());
    expect(documents.map((d) => [d.index, (d.value as any).kind, d.locate('metadata.name')?.line])).toEqual([
      [0, 'A', 8],
      [1, 'B', 14],
    ]);
  });

  test('several Lists, and an empty one (which takes no number)', () => {
    const f = file('lists.yaml', 'kind: List\nitems:\n- kind: A\n---\nkind: List\nitems: []\n---\nkind: PodList\nitems:\n- kind: B\n- kind: C\n');
    const { documents } = readInputDocuments([f], nodeCommandIo());
    expect(documents.map((d) => [d.index, (d.value as any).kind])).toEqual([
      [0, 'A'],
      [1, 'B'],
      [2, 'C'],
    ]);
  });

  test('validate checks each item, at its own line', () => {
    // The fixture with a weight the CRD rejects on the NodePool, item 0 of the List.
    const text = fs.readFileSync(FIXTURE, 'utf8').replace('  spec:\n    disruption:', '  spec:\n    weight: 500\n    disruption:');
    expect(text).toContain('weight: 500');
    const { io, out } = captureIo();
    const code = runCli(['validate', '-'], { ...io, readStdin: () => text });
    expect(out()).toMatch(/^-:\d+:13: error NodePool\/general spec\.weight: .*\(OutOfRange\)$/m);
    const line = Number(/^-:(\d+):13:/m.exec(out())?.[1]);
    expect(text.split('\n')[line - 1]).toBe('    weight: 500');
    expect(code).toBe(ExitCode.PROBLEMS);
  });

  // Issue 33 item 11: a plain cluster dump passes --strict; what is not checked is one line.
  test('validate --strict passes a cluster dump: a status read from a cluster is expected, the rest one summary line', () => {
    const { io, out } = captureIo();
    const code = runCli(['validate', '--strict', FIXTURE], io);
    expect(out().split('\n')).toEqual([
      `note: skipped 8 documents validate does not check (6 Pod, 2 Node), first ${FIXTURE}#2 Node/ip-10-0-1-10.ec2.internal; --json lists each`,
      '1 file, 10 documents (8 skipped): no problems',
      '',
    ]);
    expect(code).toBe(ExitCode.OK);
  });

  test('a status on a manifest written to apply (no uid, no resourceVersion) is still StatusIgnored', () => {
    const { io, out } = captureIo();
    const manifest = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'cli', 'valid.yaml'), 'utf8').replace(/\n---/, '\nstatus: {}\n---');
    expect(runCli(['validate', '--strict', '-'], { ...io, readStdin: () => manifest })).toBe(ExitCode.PROBLEMS);
    expect(out()).toMatch(/^-:\d+:\d+: warning NodePool\/default status: .*\(StatusIgnored\)$/m);
  });
});

describe('explain on the running cluster', () => {
  test('NodePools, EC2NodeClasses, Nodes and every Pod (bound ones as cluster state) go to their lists', () => {
    let input: SimulationInput | undefined;
    const { io } = captureIo();
    const other = file(
      'more.yaml',
      [
        'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n    name: shop\n' +
          '- apiVersion: karpenter.sh/v1\n  kind: NodeClaim\n  metadata:\n    name: general-abcde\n',
        'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\n  namespace: shop\n',
        'apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n  name: gvisor\n',
        'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n  namespace: shop\n',
      ].join('---\n'),
    );
    const result: SimulationResult = {
      pods: [],
      nodeClaims: [],
      nodePools: [{ name: 'general', admittedInstanceTypes: ['m5.large'] }],
      assumptions: [],
    };
    runExplainCommand([FIXTURE, other], io, {
      simulate: (i) => {
        input = i;
        return { result, issues: [], costCeilings: nodePoolCostCeilings(i, result) };
      },
    });
    const all = input as SimulationInput & Record<string, unknown[] | undefined>;
    expect(NAMES(all.nodePools)).toEqual(['NodePool/general']);
    expect(NAMES(all.nodeClasses)).toEqual(['EC2NodeClass/default']);
    expect(NAMES(all.nodes)).toEqual(['Node/ip-10-0-1-10.ec2.internal', 'Node/ip-10-0-2-20.ec2.internal']);
    expect(NAMES(all.pods)).toEqual([
      'Pod/karpenter-6f9c8d7b5d-x2k4q',
      'Pod/web-7d4b9c6f8-m9zq2',
      'Pod/migrate-db-5xk2p',
      'Pod/web-7d4b9c6f8-p4w8t',
      'Pod/api-5b7f9d8c4-8rj2n',
      'Pod/api-5b7f9d8c4-t6c1v',
    ]);
    expect(NAMES(all.namespaces)).toEqual(['Namespace/shop']);
    expect(NAMES(all.nodeClaims)).toEqual(['NodeClaim/general-abcde']);
    expect(NAMES(all.limitRanges)).toEqual(['LimitRange/lr']);
    expect(NAMES(all.runtimeClasses)).toEqual(['RuntimeClass/gvisor']);
    expect(NAMES(all.horizontalPodAutoscalers)).toEqual(['HorizontalPodAutoscaler/web']);
  });

  test('the recipe with daemonsets: DaemonSets go to daemonSets, their pods stay pods (their overhead when no DaemonSet is given)', () => {
    let input: SimulationInput | undefined;
    const { io } = captureIo();
    const dump = file(
      'daemonsets.yaml',
      // With a NodePool: explain stops at a dump without one (no NodePools given, exit 2).
      kubectlList([
        nodePool('general', {}),
        daemonSet('kube-proxy', 'kube-system', { cpu: '100m' }),
        pod('kube-proxy-2mfpl', {
          namespace: 'kube-system',
          owner: { kind: 'DaemonSet', name: 'kube-proxy' },
          requests: { cpu: '100m' },
          nodeName: 'n1',
        }),
      ]),
    );
    runExplainCommand([dump], io, {
      simulate: (i) => {
        input = i;
        return { result: EMPTY, issues: [], costCeilings: [] };
      },
    });
    expect(NAMES(input?.daemonSets)).toEqual(['DaemonSet/kube-proxy']);
    expect(NAMES(input?.pods)).toEqual(['Pod/kube-proxy-2mfpl']);
  });

  test('an engine issue on a List item points at its line', () => {
    const { io, out } = captureIo();
    runExplainCommand([FIXTURE], io, {
      simulate: () => ({
        result: EMPTY as SimulationResult,
        costCeilings: [],
        issues: [{ severity: 'warning' as never, field: 'Pod/shop/api-5b7f9d8c4-t6c1v spec.topologySpreadConstraints', message: 'm', code: 'C' }],
      }),
    });
    // The position of the field's value, as for every message: the line after its key.
    const line = fs.readFileSync(FIXTURE, 'utf8').split('\n').lastIndexOf('    topologySpreadConstraints:') + 2;
    expect(out()).toContain(`${FIXTURE}:${line}:5: warning Pod/api-5b7f9d8c4-t6c1v spec.topologySpreadConstraints: m (C)`);
  });
});
