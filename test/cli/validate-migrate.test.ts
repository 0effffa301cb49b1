// `validate --migrate` with stand-ins (validate-harness.ts), then `validate` and `--migrate` with the library's
// validator and migrator (the command itself: validate-command.test.ts).
import * as fs from 'fs';
import * as path from 'path';
import { ExitCode } from '../../lib/cli/command-io';
import { FAKES, FIXTURES, run } from './validate-harness';

describe('validate --migrate', () => {
  test('should print the change report, then validate the converted manifests', () => {
    const r = run(['validate', '--migrate', 'v1beta1.yaml']);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toBe(
      [
        'migrated v1beta1.yaml#0 NodePool/legacy -> NodePool/legacy (karpenter.sh/v1): 2 changes',
        '  apiVersion: "karpenter.sh/v1beta1" -> "karpenter.sh/v1" (v1 API)',
        '  spec.disruption.consolidationPolicy: "WhenUnderutilized" -> "WhenEmptyOrUnderutilized" (renamed in v1)',
        '1 file, 2 documents, 1 document migrated: no problems',
        '',
      ].join('\n'),
    );
  });

  test('should write v1 YAML to standard output with --output -, messages to standard error', () => {
    const r = run(['validate', '--migrate', '--output', '-', 'v1beta1.yaml']);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(/^---\napiVersion: karpenter.sh\/v1\nkind: NodePool\nmetadata:\n {2}name: legacy\n/);
    expect(r.stdout).toMatch(/---\napiVersion: karpenter.sh\/v1\nkind: NodePool\nmetadata:\n {2}name: current\n/);
    expect(r.stdout).not.toMatch(/v1beta1/);
    expect(r.stderr).toMatch(/^migrated v1beta1\.yaml#0 NodePool\/legacy -> NodePool\/legacy \(karpenter\.sh\/v1\): 2 changes/);
  });

  test('should quote strings YAML 1.1 readers (kubectl, Helm) would turn into booleans or numbers', () => {
    const stdin =
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: { name: piped }\n' +
      'spec: { limits: {}, template: { metadata: { labels: { backup: "yes", on: "on" } } } }\n';
    const r = run(['validate', '--migrate', '--output', '-', '-'], FAKES, stdin);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(/\n {8}backup: "yes"\n {8}"on": "on"\n/);
  });

  test('should write one file per input with --write-migrated', () => {
    const r = run(
      ['validate', '--migrate', '--write-migrated', 'out/', 'v1beta1.yaml', '-'],
      FAKES,
      'apiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: { name: piped }\nspec: { limits: {} }\n',
    );

    expect(r.code).toBe(ExitCode.OK);
    expect(r.dirs).toContain('out/');
    expect([...r.written.keys()]).toEqual(['out/v1beta1.yaml', 'out/stdin.yaml']);
    expect(r.written.get('out/stdin.yaml')).toMatch(/apiVersion: karpenter.sh\/v1\n/);
  });

  test('should report documents the migrator rejects, and not write that file', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--write-migrated', 'out', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^-#0: error AWSNodeTemplate\/old spec\.instanceProfile: no role: pass --role \(RoleRequired\)$/m);
    expect(r.stdout).toMatch(/not writing -: it has errors that prevented migrating every document/);
    expect(r.written.size).toBe(0);
  });

  test('should keep standard output pure JSON with --json when a file is not written', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--json', '--write-migrated', 'out', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(JSON.parse(r.stdout).issues).toEqual([expect.objectContaining({ code: 'RoleRequired' })]);
    expect(r.stderr).toBe('not writing -: it has errors that prevented migrating every document\n');
  });

  test('should say which input is left out of --output', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--output', 'all.yaml', 'v1beta1.yaml', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^not writing -: it has errors that prevented migrating every document$/m);
    expect([...r.written.keys()]).toEqual(['all.yaml']);
    expect(r.written.get('all.yaml')).toMatch(/name: legacy/);
    expect(r.written.get('all.yaml')).not.toMatch(/AWSNodeTemplate|name: old/);
  });

  test('should pass --role to the migrator and show where a value came from', () => {
    const template = 'apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: { name: old }\nspec: {}\n';

    const r = run(['validate', '--migrate', '--role', 'KarpenterNodeRole-demo', '-'], FAKES, template);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout).toMatch(
      /^migrated -#0 AWSNodeTemplate\/old -> EC2NodeClass\/old \(karpenter\.k8s\.aws\/v1\): 1 change\n {2}spec\.instanceProfile -> spec\.role: \(none\) -> "KarpenterNodeRole-demo" \(from --role\)$/m,
    );
  });

  test('should include migrations in JSON output', () => {
    const r = run(['validate', '--migrate', '--json', 'v1beta1.yaml']);

    expect(JSON.parse(r.stdout).migrations).toEqual([
      expect.objectContaining({
        file: 'v1beta1.yaml',
        document: 0,
        kind: 'NodePool',
        name: 'legacy',
        changes: expect.arrayContaining([expect.objectContaining({ field: 'apiVersion' })]),
      }),
    ]);
  });
});

describe('validate with the library validator and migrator', () => {
  test('should accept the valid fixtures, skip other API groups and reject an unsupported Karpenter kind', () => {
    const ok = run(['validate', 'valid.yaml'], {});
    const other = run(['validate', '-'], {}, 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: x }\n');
    const bad = run(['validate', '-'], {}, 'apiVersion: karpenter.sh/v1\nkind: Provisioner\nmetadata: { name: x }\n');
    const claim = run(['validate', '-'], {}, 'apiVersion: karpenter.sh/v1\nkind: NodeClaim\nmetadata: { name: x }\nspec: {}\n');

    expect(ok).toMatchObject({ code: ExitCode.OK, stdout: '1 file, 2 documents: no problems\n' });
    expect(other).toMatchObject({
      code: ExitCode.OK,
      stdout: 'note: skipped -#0 Deployment/x (apps/v1): not a Karpenter API group\n1 file, 1 document (1 skipped): no problems\n',
    });
    expect(bad.code).toBe(ExitCode.PROBLEMS);
    expect(bad.stdout).toMatch(/^-:2:7: error Provisioner\/x kind: .*not a kind of karpenter\.sh\/v1.*\(UnsupportedKind\)$/m);
    // Issue 33 item 11: a NodeClaim is a karpenter.sh/v1 kind; validate does not check it, and says so.
    expect(claim).toMatchObject({
      code: ExitCode.OK,
      stdout: 'note: skipped -#0 NodeClaim/x (karpenter.sh/v1): a kind validate does not check\n1 file, 1 document (1 skipped): no problems\n',
    });
  });

  test('an unknown --silence code is one UnknownSilenceCode warning naming the valid codes', () => {
    const r = run(['validate', '--silence', 'NodePoolWithoutLimit,NodePoolWithoutLimits', 'valid.yaml', 'valid.yaml'], {});

    expect(r.stdout.match(/UnknownSilenceCode/g)).toHaveLength(1);
    expect(r.stdout).toMatch(
      /^\(command line\): warning --silence: "NodePoolWithoutLimit" is not a warning code, so it silences nothing \(did you mean "NodePoolWithoutLimits"\?\); codes that can be silenced: NodePoolWithoutLimits, .* \(UnknownSilenceCode\)$/m,
    );
    expect(r.code).toBe(ExitCode.OK);
    expect(run(['validate', '--strict', '--silence', 'Bogus', 'valid.yaml'], {}).code).toBe(ExitCode.PROBLEMS);
  });

  test('should reject v1beta1 and point at --migrate', () => {
    const r = run(['validate', 'v1beta1.yaml'], {});

    expect(r.code).toBe(ExitCode.PROBLEMS);
    expect(r.stdout).toMatch(/^v1beta1\.yaml:1:13: error NodePool\/legacy apiVersion: .*v1beta1/m);
    expect(r.stdout).toMatch(/hint: 1 document uses a pre-v1 Karpenter API; run again with --migrate to convert it\n$/);
  });

  test('--migrate skips documents of other API groups and keeps them, in place, in the output', () => {
    const bundle = [
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: before }\n',
      fs.readFileSync(path.join(FIXTURES, 'v1beta1.yaml'), 'utf8'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: after }\n',
    ].join('---\n');
    const r = run(['validate', '--migrate', '--output', '-', '-'], {}, bundle);

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stdout.match(/^(kind: \w+|  name: \w+)$/gm)).toEqual([
      'kind: ConfigMap',
      '  name: before',
      'kind: NodePool',
      '  name: legacy',
      'kind: NodePool',
      '  name: current',
      'kind: Deployment',
      '  name: after',
    ]);
    expect(r.stderr).toMatch(
      /^note: skipped 2 documents validate does not check \(1 ConfigMap, 1 Deployment\), first -#0 ConfigMap\/before; --json lists each$/m,
    );
  });

  test('should migrate v1beta1 to valid v1', () => {
    const r = run(['validate', '--migrate', '--output', '-', 'v1beta1.yaml'], {});

    expect(r.code).toBe(ExitCode.OK);
    expect(r.stderr).toMatch(/^migrated v1beta1\.yaml#0 NodePool\/legacy -> NodePool\/legacy \(karpenter\.sh\/v1\): \d+ changes/);
    expect(r.stderr).toMatch(/spec\.disruption\.consolidationPolicy: "WhenUnderutilized" -> "WhenEmptyOrUnderutilized"/);
    expect(r.stderr).toMatch(/1 file, 2 documents, 1 document migrated: no problems\n$/);
    expect(r.stdout).not.toMatch(/v1beta1/);
    expect(r.stdout.match(/^apiVersion: karpenter\.sh\/v1$/gm)).toHaveLength(2);
  });
});
