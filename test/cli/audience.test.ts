// Issue #16 item 9: the CLI's users edit YAML, so its messages give the fix as YAML; constructs keep the TypeScript advice.
import { TerraformStack } from 'cdktf';
import { CommandIo, ExitCode } from '../../lib/cli/command-io';
import { runCli } from '../../lib/cli/cli';
import { validateManifest } from '../../lib/core/validation/validate';
import { KarpenterNodePool } from '../../lib/manifests/karpenter-node-pool';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { ec2NodeClass, nodePool, patched } from '../core/api/fixtures';
import { newStack } from '../util/stacks';
import { warningsOf } from '../util/warnings';

function validate(text: string): { code: number; out: string } {
  let out = '';
  const io: CommandIo = {
    readFile: () => text,
    readStdin: () => '',
    writeFile: () => undefined,
    mkdirp: () => undefined,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: () => true },
  };
  return { code: runCli(['validate', 'm.yaml'], io), out };
}

const POOL_WITHOUT_LIMITS =
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: general\nspec:\n  template:\n    spec:\n      nodeClassRef:\n' +
  '        group: karpenter.k8s.aws\n        kind: EC2NodeClass\n        name: default\n      requirements: []\n';

describe('messages for the audience', () => {
  test('NodePoolWithoutLimits: YAML in the CLI, TypeScript builders on the construct', () => {
    const cli = validate(POOL_WITHOUT_LIMITS);
    expect(cli.out).toMatch(
      /^m\.yaml:6:3: warning NodePool\/general spec\.limits: .*set limits such as cpu: "1000" and memory: 1000Gi under spec\.limits \(NodePoolWithoutLimits\)$/m,
    );
    expect(cli.out).not.toMatch(/Quantity\./);

    const stack: TerraformStack = newStack();
    const pool = new KarpenterNodePool(stack, 'General', { name: 'general', nodeClass: Ec2NodeClass.fromName('default') });
    expect(warningsOf(pool)).toEqual([
      expect.stringMatching(/set limits such as \{ cpu: Quantity\.cpu\(1000\), memory: Quantity\.gibibytes\(1000\) \} \(NodePoolWithoutLimits\)$/),
    ]);
  });

  test('the core issue carries both: message (TypeScript) and yamlMessage', () => {
    const [issue] = validateManifest(patched(ec2NodeClass(), ['spec.metadataOptions', { httpTokens: 'optional' }]));
    expect(issue.message).toMatch(/use HttpTokens\.REQUIRED unless/);
    expect(issue.yamlMessage).toMatch(/use httpTokens: required unless/);
    const [budget] = validateManifest(
      patched(nodePool(), ['spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', schedule: '@daily' }] }]),
    );
    expect([budget.message, budget.yamlMessage]).toEqual([
      expect.stringMatching(/use Budget\.nodes\(n\)\.during\(schedule, duration\)/),
      expect.stringMatching(/set both, e\.g\. schedule: "0 9 \* \* mon-fri" and duration: 8h/),
    ]);
  });

  test('a v1beta1 value in a v1 file says it was renamed and points the CLI user at --migrate', () => {
    const cli = validate(
      `${POOL_WITHOUT_LIMITS}  limits:\n    cpu: "10"\n  disruption:\n    consolidationPolicy: WhenUnderutilized\n    consolidateAfter: 0s\n`,
    );
    expect(cli.code).toBe(ExitCode.PROBLEMS);
    expect(cli.out).toMatch(
      /^m\.yaml:16:26: error NodePool\/general spec\.disruption\.consolidationPolicy: "WhenUnderutilized" is a v1beta1 value, renamed in v1 to "WhenEmptyOrUnderutilized"; allowed values: WhenEmpty, WhenEmptyOrUnderutilized, Balanced\. Run `cdktf-karpenter-eks validate --migrate` to convert the manifest \(UnsupportedValue\)$/m,
    );
    const [ubuntu] = validateManifest(patched(ec2NodeClass(), ['spec.amiFamily', 'Ubuntu']));
    expect(ubuntu.message).toMatch(/^"Ubuntu" is a v1beta1 value, dropped in v1; the migration runs it as "AL2"/);
    expect(ubuntu.message).not.toMatch(/--migrate/);
    expect(ubuntu.yamlMessage).toMatch(/Run `cdktf-karpenter-eks validate --migrate`/);
  });
});
