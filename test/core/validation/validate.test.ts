import { Severity } from '../../../lib/core/issues';
import { LINT_CODES } from '../../../lib/core/lints/lint-codes';
import { MANIFEST_WARNING_CODES, ManifestWarningCode } from '../../../lib/core/validation/silence';
import { KARPENTER_RUNTIME_CHECK_CODES, validateManifest } from '../../../lib/core/validation/validate';
import { codes, ec2NodeClass, errorLines, nodePool, patched } from '../api/fixtures';

describe('validateManifest', () => {
  test('dispatches NodePool and EC2NodeClass', () => {
    expect(validateManifest(nodePool())).toEqual([]);
    expect(validateManifest(ec2NodeClass())).toEqual([]);
    expect(codes(validateManifest({ ...nodePool(), spec: { weight: 0 } }))).toEqual(['RequiredField', 'OutOfRange']);
    expect(codes(validateManifest({ ...ec2NodeClass(), spec: { ...ec2NodeClass().spec, role: '' } }))).toEqual(['EmptyRole']);
  });

  test.each([
    [
      'a v1beta1 NodePool',
      { apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool' },
      /^apiVersion: "karpenter.sh\/v1beta1" \(kind "NodePool"\) is not supported.*v1beta1 was removed in Karpenter 1.1.*\(UnsupportedApiVersion\)$/,
    ],
    [
      'a v1alpha5 Provisioner',
      { apiVersion: 'karpenter.sh/v1alpha5', kind: 'Provisioner' },
      /^apiVersion: .*supported: karpenter.sh\/v1 NodePool, karpenter.k8s.aws\/v1 EC2NodeClass \(UnsupportedApiVersion\)$/,
    ],
    [
      'a NodeClaim',
      { apiVersion: 'karpenter.sh/v1', kind: 'NodeClaim' },
      /^kind: "NodeClaim" is a karpenter.sh\/v1 kind Karpenter creates; validateManifest checks NodePool and EC2NodeClass \(UnsupportedKind\)$/,
    ],
    [
      'a Provisioner of v1',
      { apiVersion: 'karpenter.sh/v1', kind: 'Provisioner' },
      /^kind: "Provisioner" is not a kind of karpenter.sh\/v1; expected NodePool/,
    ],
    ['a Deployment', { apiVersion: 'apps/v1', kind: 'Deployment' }, /UnsupportedApiVersion/],
    ['an array', [], /^: a manifest must be an object, got \[\] \(InvalidType\)$/],
  ])('rejects %s', (_, manifest, message) => {
    expect(errorLines(validateManifest(manifest))).toEqual([expect.stringMatching(message)]);
  });

  test('KARPENTER_RUNTIME_CHECK_CODES names codes the validators emit', () => {
    expect(KARPENTER_RUNTIME_CHECK_CODES).toContain('InvalidRequirementValue');
    expect(new Set(KARPENTER_RUNTIME_CHECK_CODES).size).toBe(KARPENTER_RUNTIME_CHECK_CODES.length);
  });

  test('every code in KARPENTER_RUNTIME_CHECK_CODES is emitted by some manifest (no stale codes)', () => {
    const reqs = (...r: object[]) => patched(nodePool(), ['spec.template.spec.requirements', r]);
    const long = 'a'.repeat(64);
    const manifests = [
      patched(nodePool(), [['spec', 'template', 'metadata', 'labels', 'Example.com/team'], 'a']),
      reqs({ key: `example.com/${long}`, operator: 'Exists' }, { key: 'example.com/team', operator: 'In', values: ['a b'] }),
      reqs(
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['ondemand'] },
        { key: 'karpenter.k8s.aws/instance-tenancy', operator: 'In', values: ['host'] },
      ),
      reqs({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'ondemand'], minValues: 2 }),
      patched(nodePool(), [
        'spec.template.spec.taints',
        [
          { key: `example.com/${long}`, value: `v/${long}`, effect: 'NoSchedule' },
          { key: `example.com/${long}`, effect: 'NoSchedule' },
        ],
      ]),
      patched(nodePool(), ['metadata.name', long], ['spec.template.spec.nodeClassRef.name', long]),
      { ...ec2NodeClass(), spec: undefined },
      patched(ec2NodeClass(), [
        'spec.kubelet',
        { evictionSoft: { 'memory.available': '5%' }, evictionSoftGracePeriod: { 'memory.available': 'Never' } },
      ]),
      { ...nodePool(), metadata: { generateName: 'pool-' } },
      patched(nodePool(), ['spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '0', schedule: '0 25 * * *', duration: '1h' }] }]),
      patched(ec2NodeClass(), ['spec.kubelet', { maxPods: 2 ** 31 }]),
      patched(ec2NodeClass(), ['spec.amiSelectorTerms', [{ alias: 'bottlerocket@latest' }]], ['spec.userData', '#!/bin/bash\necho hi']),
    ];
    const emitted = new Set(manifests.flatMap((m) => codes(validateManifest(m))));
    expect(KARPENTER_RUNTIME_CHECK_CODES.filter((code) => !emitted.has(code))).toEqual([]);
  });
});

describe('silence codes', () => {
  test('an unknown silence code is reported once as UnknownSilenceCode, naming the valid codes', () => {
    const issues = validateManifest(nodePool(), { silence: ['NodePoolWithoutLimit', 'NodePoolWithoutLimits'] });
    const unknown = issues.filter((i) => i.code === 'UnknownSilenceCode');
    expect(unknown).toEqual([
      {
        severity: Severity.WARNING,
        field: 'silence',
        code: 'UnknownSilenceCode',
        message: expect.stringMatching(
          /^"NodePoolWithoutLimit" is not a warning code, so it silences nothing \(did you mean "NodePoolWithoutLimits"\?\); codes that can be silenced: NodePoolWithoutLimits, .*StatusIgnored$/,
        ),
      },
    ]);
    expect(issues.map((i) => i.code)).not.toContain('NodePoolWithoutLimits');
  });

  test('suggests the code that differs only in case', () => {
    const [issue] = validateManifest(ec2NodeClass(), { silence: ['selectorwithoutdiscovery'] }).filter((i) => i.code === 'UnknownSilenceCode');
    expect(issue.message).toMatch(/\(did you mean "SelectorWithoutDiscovery"\?\)/);
  });

  test('an error code is not a silence code', () => {
    expect(validateManifest(nodePool(), { silence: ['OutOfRange'] }).map((i) => i.code)).toContain('UnknownSilenceCode');
  });

  test('every lint code and envelope warning can be silenced, and the type says so', () => {
    expect(MANIFEST_WARNING_CODES).toEqual([...Object.keys(LINT_CODES), 'NamespaceOnClusterScopedResource', 'StatusIgnored']);
    const ok: ManifestWarningCode[] = ['NodePoolWithoutLimits', 'StatusIgnored'];
    // @ts-expect-error a typo is not a ManifestWarningCode
    const typo: ManifestWarningCode[] = ['NodePoolWithoutLimit'];
    expect([ok, typo]).toHaveLength(2);
  });
});

test('an unknown field one edit from a known one gets the same suggestion as every other "did you mean"', () => {
  const issues = validateManifest(patched(nodePool(), ['spec.template.spec.requirments', []]));
  const unknown = issues.find((i) => i.code === 'UnknownField');
  expect(unknown?.field).toBe('spec.template.spec.requirments');
  expect(unknown?.message).toMatch(/^is not a field of this object \(did you mean "requirements"\?\)/);
});
