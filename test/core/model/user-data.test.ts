import { Severity } from '../../../lib/core/issues';
import { AMI_FAMILY_USER_DATA, userDataFormat, userDataProblem } from '../../../lib/core/model/user-data';
import { ALIASED_AMI_FAMILIES } from '../../../lib/core/model/ami-family';
import { validateEc2NodeClass } from '../../../lib/core/validation/validate-ec2nodeclass';
import { ec2NodeClass } from '../api/fixtures';

const BASH = '#!/bin/bash\necho "hello"\n';
const TOML = '[settings.kubernetes]\nmax-pods = 110\n';
const POWERSHELL = 'Write-Host "Running custom user data script"\n';
const MIME =
  'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="//"\n\n--//\nContent-Type: text/x-shellscript; charset="us-ascii"\n\n' +
  '#!/bin/bash\necho "Hello, AL2023!"\n\n--//--\n';
const NODECONFIG = 'apiVersion: node.eks.aws/v1alpha1\nkind: NodeConfig\nspec:\n  kubelet:\n    config:\n      maxPods: 42\n';

/** `[severity, code]` of the user data findings of a node class with this alias and user data. */
const findings = (alias: string, userData: string, amiFamily?: string) =>
  validateEc2NodeClass(ec2NodeClass({ amiSelectorTerms: [{ alias }], userData, ...(amiFamily ? { amiFamily } : {}) }))
    .filter((i) => i.field === 'spec.userData')
    .map((i) => [i.severity, i.code, i.message]);

describe('userDataFormat', () => {
  test.each([
    [BASH, 'shell'],
    [TOML, 'toml'],
    ['# comment\nsettings.kubernetes.max-pods = 110', 'toml'],
    [POWERSHELL, 'powershell'],
    ['<powershell>\necho hi\n</powershell>', 'powershell'],
    ['$global:EKSCluster = Get-EKSCluster -Name my-cluster', 'powershell'],
    [MIME, 'mime'],
    ['MIME-Version: 1.0\n\n#!/bin/bash', 'invalid-mime'],
    [NODECONFIG, 'nodeconfig'],
    ['kubelet:\n  maxPods: 1', 'yaml'],
    ['echo hello', 'text'],
  ])('%j is %s', (text, format) => expect(userDataFormat(text)).toBe(format));
});

describe('user data format per AMI family (issue #16 item 2)', () => {
  test('Bottlerocket: bash is an error, since the controller parses user data as TOML and fails every launch', () => {
    expect(findings('bottlerocket@latest', BASH)).toEqual([
      [
        Severity.ERROR,
        'UserDataFormatRejected',
        expect.stringMatching(
          /^looks like a shell script, but Bottlerocket takes TOML with a \[settings\] table; the controller fails every launch.*\[settings.kubernetes\]/,
        ),
      ],
    ]);
    expect(findings('bottlerocket@latest', TOML)).toEqual([]);
  });

  test('Bottlerocket: TOML without [settings] is a warning: it is ignored', () => {
    expect(findings('bottlerocket@latest', '[kubernetes]\nmax-pods = 1')).toEqual([
      [Severity.WARNING, 'UserDataFormatMismatch', expect.stringMatching(/^is TOML without a \[settings\] table; .*ignores the rest/)],
    ]);
  });

  test('Windows: bash is a warning (Karpenter runs it as PowerShell); PowerShell passes', () => {
    expect(findings('windows2022@latest', BASH)).toEqual([
      [
        Severity.WARNING,
        'UserDataFormatMismatch',
        expect.stringMatching(
          /^looks like a shell script, but Windows2022 takes PowerShell commands .*the controller accepts it, but Karpenter runs it as PowerShell/,
        ),
      ],
    ]);
    expect(findings('windows2022@latest', POWERSHELL)).toEqual([]);
    expect(findings('windows2019@latest', '<powershell>\nWrite-Host hi\n</powershell>')).toEqual([]);
  });

  test('AL2023: TOML is a warning; MIME, shell and NodeConfig pass; MIME that does not parse is an error', () => {
    expect(findings('al2023@latest', TOML)).toEqual([
      [
        Severity.WARNING,
        'UserDataFormatMismatch',
        expect.stringMatching(/^looks like TOML, but AL2023 takes a MIME multi-part archive, a shell script/),
      ],
    ]);
    for (const ok of [MIME, BASH, NODECONFIG]) expect(findings('al2023@latest', ok)).toEqual([]);
    expect(findings('al2023@latest', 'MIME-Version: 1.0\n\n#!/bin/bash')).toEqual([[Severity.ERROR, 'UserDataFormatRejected', expect.any(String)]]);
  });

  test('AL2: shell and MIME pass, a NodeConfig is a warning', () => {
    for (const ok of [MIME, BASH]) expect(findings('al2@latest', ok)).toEqual([]);
    expect(findings('al2@latest', NODECONFIG).map((f) => f[1])).toEqual(['UserDataFormatMismatch']);
  });

  test('amiFamily decides over the alias; Custom is not checked', () => {
    expect(findings('bottlerocket@latest', BASH, 'Custom')).toEqual([]);
    expect(validateEc2NodeClass(ec2NodeClass({ amiFamily: 'Custom', amiSelectorTerms: [{ id: 'ami-123' }], userData: BASH }))).toEqual([]);
    expect(userDataProblem(undefined, BASH)).toBeUndefined();
  });

  test('the warning is silenceable; the error is not', () => {
    const nc = (alias: string, userData: string) => ec2NodeClass({ amiSelectorTerms: [{ alias }], userData });
    expect(validateEc2NodeClass(nc('al2023@latest', TOML), { silence: ['UserDataFormatMismatch'] })).toEqual([]);
    expect(validateEc2NodeClass(nc('bottlerocket@latest', BASH), { silence: ['UserDataFormatMismatch'] }).map((i) => i.code)).toEqual([
      'UserDataFormatRejected',
    ]);
  });

  test('every aliased family has a rule', () => {
    expect(Object.keys(AMI_FAMILY_USER_DATA).sort()).toEqual([...ALIASED_AMI_FAMILIES].sort());
  });
});
