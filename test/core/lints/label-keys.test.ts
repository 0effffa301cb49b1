// Label keys a letter or two off a well-known key (issue 33 item 13): a warning with the key meant where Karpenter
// takes the key as a custom label; the suggestion in the error where the CRD restricts the key's domain. Synth,
// `validate` and `explain` give the same verdict (all run planNodePool).
import { runExplainCommand } from '../../../lib/cli/explain-command';
import { CommandIo, runCli } from '../../../lib/cli/validate-command';
import { Severity, ValidationIssue } from '../../../lib/core/issues';
import { lintNodePool } from '../../../lib/core/lints/lint';
import { Operator, Requirement } from '../../../lib/core/model/requirements';
import { KARPENTER_WELL_KNOWN_LABELS, nearWellKnownLabel, NORMALIZED_LABELS, WellKnownLabel } from '../../../lib/core/model/labels';
import { toYaml } from '../../../lib/core/model/yaml';
import { validateNodePool } from '../../../lib/core/validation/validate-nodepool';
import { KarpenterNodePool } from '../../../lib/manifests/karpenter-node-pool';
import { nodeClassStack } from '../../manifests/node-class-stack';
import { stackErrorLines } from '../../private/at-synth';
import { warningsOf } from '../../util/warnings';
import { nodePool, patched } from '../api/fixtures';

const REQ = 'spec.template.spec.requirements';
const req = (key: string, values = ['x']) => ({ key, operator: 'In', values });
const withKeys = (...keys: string[]) => patched(nodePool(), [REQ, keys.map((k) => req(k))]);
const typos = (issues: ValidationIssue[]) => issues.filter((i) => i.code === 'WellKnownKeyTypo').map((i) => `${i.field}: ${i.message}`);

describe('WellKnownKeyTypo', () => {
  test('a requirement on a near miss of a well-known key warns with the key meant', () => {
    const issues = lintNodePool(withKeys('kubernetes.io/arc', 'topology.kubernetes.io/zon', 'node.kubernetes.io/instance-typ'));
    expect(typos(issues)).toEqual([
      `${REQ}[0].key: requirement key "kubernetes.io/arc" is not a well-known label; did you mean "kubernetes.io/arch"? ` +
        'Karpenter takes "kubernetes.io/arc" as a custom label, so it does not narrow kubernetes.io/arch; fix the key, or silence ' +
        'WellKnownKeyTypo if the custom label is meant',
      expect.stringMatching(/^spec.template.spec.requirements\[1\].key: .*did you mean "topology.kubernetes.io\/zone"\?/),
      expect.stringMatching(/^spec.template.spec.requirements\[2\].key: .*did you mean "node.kubernetes.io\/instance-type"\?/),
    ]);
    expect(issues.filter((i) => i.code === 'WellKnownKeyTypo').every((i) => i.severity === Severity.WARNING)).toBe(true);
  });

  test('edits, case, and the AWS provider keys', () => {
    expect(nearWellKnownLabel('topology.kubernetes.io/zome')).toBe(WellKnownLabel.ZONE);
    expect(nearWellKnownLabel('kubernetes.io/Arch')).toBe(WellKnownLabel.ARCH);
    expect(nearWellKnownLabel('topology.k8s.aws/zoneid')).toBe(WellKnownLabel.ZONE_ID);
    expect(nearWellKnownLabel('node.kubernetes.io/instance-types')).toBe(WellKnownLabel.INSTANCE_TYPE);
  });

  test('ordinary custom labels, well-known keys, their aliases and property-named keys are no typo', () => {
    const keys = [
      'team',
      'example.com/zone',
      'topology.kubernetes.io/zone-id',
      'node.kubernetes.io/lifecycle',
      'kubernetes.io/role',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'valueOf',
      ...KARPENTER_WELL_KNOWN_LABELS,
      ...NORMALIZED_LABELS,
      'kubernetes.io/hostname',
      WellKnownLabel.EC2NODECLASS,
    ];
    for (const k of keys) expect([k, nearWellKnownLabel(k)]).toEqual([k, undefined]);
    // Property-named keys stay out of lintNodePool here: its known-value lookups are another branch's fix (item 1).
    expect(typos(lintNodePool(withKeys(...keys.slice(0, 5), ...keys.slice(10))))).toEqual([]);
  });

  test('a template label on a near miss warns at the label', () => {
    const np = patched(nodePool(), [['spec', 'template', 'metadata', 'labels'], { 'kubernetes.io/os-': 'linux', team: 'a' }]);
    expect(typos(lintNodePool(np))).toEqual([
      expect.stringMatching(
        /^spec.template.metadata.labels\["kubernetes.io\/os-"\]: label "kubernetes.io\/os-" .*did you mean "kubernetes.io\/os"\?/,
      ),
    ]);
  });

  test('a restricted-domain typo is the CRD error, now with the key meant, and no warning besides', () => {
    const issues = validateNodePool(withKeys('karpenter.sh/capacity-typ', 'karpenter.k8s.aws/instance-famly', 'karpenter.sh/team'));
    const errors = issues.filter((i) => i.code === 'RestrictedLabelDomain');
    expect(errors.map((i) => [i.field, i.severity])).toEqual([
      [`${REQ}[0].key`, Severity.ERROR],
      [`${REQ}[1].key`, Severity.ERROR],
      [`${REQ}[2].key`, Severity.ERROR],
    ]);
    expect(errors[0].message).toMatch(/^requirement key "karpenter.sh\/capacity-typ" is not allowed: did you mean "karpenter.sh\/capacity-type"\? /);
    expect(errors[1].message).toMatch(/did you mean "karpenter.k8s.aws\/instance-family"\?/);
    expect(errors[2].message).not.toMatch(/did you mean/);
    expect(typos(issues)).toEqual([]);
  });
});

describe('synth, validate and explain agree', () => {
  const requirements = [
    Requirement.of('kubernetes.io/arc', Operator.IN, ['arm64']),
    Requirement.of('karpenter.sh/capacity-typ', Operator.IN, ['spot']),
  ];
  const { stack, nodeClass } = nodeClassStack();
  const pool = new KarpenterNodePool(stack, 'Pool', { name: 'typos', nodeClass, requirements });
  const codeOf = (line: string) => /\((\w+)\)$/.exec(line)?.[1];
  const synth = [
    ...stackErrorLines(stack)
      .filter((l) => l.startsWith(`[${pool.node.path}] `))
      .map((l) => `error ${codeOf(l)}`),
    ...warningsOf(pool).map((w) => `warning ${codeOf(w)}`),
  ].sort();
  const files: Record<string, string> = { 'class.yaml': toYaml(nodeClass.toManifest()), 'pool.yaml': toYaml(pool.toManifest()) };
  const cli = (run: (io: CommandIo) => unknown) => {
    let stdout = '';
    const io: CommandIo = {
      readFile: (p) => files[p],
      readStdin: () => '',
      writeFile: () => undefined,
      mkdirp: () => undefined,
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
    };
    run(io);
    return stdout
      .split('\n')
      .flatMap((l) => {
        const m = /^pool\.yaml:\d+:\d+: (error|warning) .*\((\w+)\)$/.exec(l);
        return m ? [`${m[1]} ${m[2]}`] : [];
      })
      .sort();
  };

  test('synth has the warning and the error', () => {
    expect(synth).toEqual(expect.arrayContaining(['error RestrictedLabelDomain', 'warning WellKnownKeyTypo']));
    expect(stackErrorLines(stack).join('\n')).toContain('did you mean "karpenter.sh/capacity-type"?');
  });

  test('validate and explain give the same codes', () => {
    expect(cli((io) => runCli(['validate', 'class.yaml', 'pool.yaml'], io))).toEqual(synth);
    expect(cli((io) => runExplainCommand(['class.yaml', 'pool.yaml'], io))).toEqual(synth);
  });
});
