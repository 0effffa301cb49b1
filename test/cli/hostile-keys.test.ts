// User keys named after object properties (`__proto__`, `constructor`, ...) are valid label keys, annotation keys,
// tag keys and (where qualified) resource names. Every reader takes them as data: through validateManifest, the
// constructs' synth checks, `explain` and the simulator, each map keyed by the user holds them without an exception.
// Inputs come from JSON.parse, so `__proto__` is an own key as it is in parsed YAML.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Testing } from 'cdktf';
import { nodeCommandIo } from '../../lib/cli/node-io';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import { Quantity } from '../../lib/core/model/quantity-builder';
import { Requirement, Operator } from '../../lib/core/model/requirement-builder';
import { TaintEffect } from '../../lib/core/model/crd-enums';
import { runSimulation } from '../../lib/core/sim';
import { validateManifest } from '../../lib/core/validation/validate';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { nodeClassStack } from '../manifests/node-class-stack';

const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
/** A label key's name part (`__proto__` is not one: it must start and end with an alphanumeric character). */
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
/** The errors a key that is no label name gets: the key, named; nothing else. */
const KEY_PATTERN_CODES = ['InvalidAnnotationKey', 'InvalidLabelKey', 'InvalidTemplateLabelKey', 'RequirementKeyPattern', 'TaintKeyPattern'];

/** `{ [key]: value }` with `key` an own property, as a parser makes it (`{ [k]: v }` would set the prototype). */
const keyed = <V>(key: string, value: V): Record<string, V> => Object.fromEntries([[key, value]]);

function nodePool(key: string): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'p', labels: { X: 'y' }, annotations: { X: 'y' } },
      spec: {
        template: {
          metadata: { labels: { X: 'y' }, annotations: { X: 'y' } },
          spec: {
            nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
            requirements: [
              { key: 'X', operator: 'In', values: ['y'] },
              { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
            ],
            taints: [{ key: 'X', value: 'y', effect: 'NoSchedule' }],
            startupTaints: [{ key: 'X', value: 'y', effect: 'NoExecute' }],
          },
        },
        limits: { cpu: '100', 'example.com/X': '4' },
      },
    })
      .replace(/"X"/g, JSON.stringify(key))
      .replace(/example\.com\/X/g, `example.com/${key}`),
  );
}

function nodeClass(key: string): Record<string, unknown> {
  return {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name: 'default', labels: keyed(key, 'y') },
    spec: {
      role: 'R',
      amiSelectorTerms: [{ alias: 'al2023@latest' }],
      subnetSelectorTerms: [{ tags: keyed(key, 'y') }],
      securityGroupSelectorTerms: [{ tags: keyed(key, 'y') }],
      tags: keyed(key, 'y'),
    },
  };
}

/** A pending pod selecting, tolerating and spreading on `key`; with `resource`, also requesting that resource. */
function pod(key: string, name = 'a', resource?: string): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: keyed(key, 'y'), annotations: keyed(key, 'y') },
    spec: {
      nodeSelector: keyed(key, 'y'),
      tolerations: [{ key, operator: 'Exists' }],
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: key, whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: keyed(key, 'y') } },
      ],
      containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1', ...(resource ? keyed(resource, '1') : {}) } } }],
    },
  };
}

/** A running Node labelled `key: z` (so it does not take the pods), with `key` among its allocatable resources. */
function node(key: string): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', labels: { ...keyed(key, 'z'), 'topology.kubernetes.io/zone': 'us-east-1a' } },
    status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110', ...keyed(key, '1') } },
  };
}

describe.each(KEYS)('key %s', (key) => {
  const valid = LABEL_NAME.test(key);

  test('validateManifest: no exception; a valid key gives no error, another only errors naming the key', () => {
    for (const manifest of [nodePool(key), nodeClass(key)]) {
      const codes = validateManifest(manifest)
        .filter((i) => i.severity === 'error')
        .map((i) => i.code);
      if (valid) expect(codes).toEqual([]);
      else expect(codes.length > 0 && codes.every((c) => KEY_PATTERN_CODES.includes(c))).toBe(true);
    }
  });

  test('synth of KarpenterNodePool and Ec2NodeClass with validations', () => {
    const { stack, nodeClass: n } = nodeClassStack({ tags: keyed(key, 'y') });
    new KubernetesProvider(stack, 'Kubernetes');
    new KarpenterNodePool(stack, 'Pool', {
      name: 'p',
      nodeClass: n,
      labels: keyed(key, 'y'),
      annotations: keyed(key, 'y'),
      requirements: [Requirement.of(key, Operator.IN, ['y']), Requirement.of('karpenter.sh/capacity-type', Operator.IN, ['on-demand'])],
      taints: [{ key, value: 'y', effect: TaintEffect.NO_SCHEDULE }],
      limits: { cpu: Quantity.cpu(100), resources: keyed(`example.com/${key}`, Quantity.count(4)) },
    });
    if (valid) expect(() => Testing.synth(stack, true)).not.toThrow();
    else {
      const message = (() => {
        try {
          Testing.synth(stack, true);
          return '';
        } catch (e) {
          return String(e);
        }
      })();
      const codes = [...message.matchAll(/\((\w+)\)$/gm)].map((m) => m[1]);
      expect(codes.length > 0 && codes.every((c) => KEY_PATTERN_CODES.includes(c))).toBe(true);
    }
  });

  test('the simulator: no exception; a pool labelling the key serves a pod selecting it', () => {
    const pods = [pod(key), pod(key, 'b', `example.com/${key}`), pod(key, 'c', key)];
    const run = runSimulation({ nodePools: [nodePool(key)], nodeClasses: [nodeClass(key)], pods, nodes: [node(key)] });
    // Only pod c's request is wrong: an unqualified resource name that is not a standard one.
    expect(run.issues.filter((i) => i.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'SimUnknownResource', field: `Pod/default/c spec.containers[].resources.requests.${key}` }),
    ]);
    const [a, b, c] = run.result.pods;
    // The pool's requirement `key In [y]` gives its nodes the label the pod selects; the Node has `key: z`.
    expect(a).toMatchObject({ name: 'a', schedulable: true, nodePool: 'p' });
    expect(run.result.nodeClaims[0].labels[key]).toBe('y');
    expect(Object.hasOwn(run.result.nodeClaims[0].labels, key)).toBe(true);
    // No instance type offers `example.com/<key>` or `<key>`: pending, for that reason.
    expect(b).toMatchObject({ name: 'b', schedulable: false });
    expect(c).toMatchObject({ name: 'c', schedulable: false });
  });

  test('explain and validate on the same objects as YAML: no stack trace, exit 0 or 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-keys-'));
    try {
      const f = path.join(dir, 'in.json');
      fs.writeFileSync(
        f,
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'List',
          items: [nodePool(key), nodeClass(key), pod(key), pod(key, 'b', `example.com/${key}`), node(key)],
        }),
      );
      for (const command of ['validate', 'explain']) {
        let out = '';
        const io: CommandIo = { ...nodeCommandIo(), stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } };
        const code = runCli([command, f], io);
        expect([ExitCode.OK, ExitCode.PROBLEMS]).toContain(code);
        expect(out).not.toMatch(/InputNotProcessable|is not a function|cannot simulate|TypeError/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
