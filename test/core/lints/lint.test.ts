import { Severity, ValidationIssue } from '../../../lib/core/issues';
import { lintEc2NodeClass, lintNodePool } from '../../../lib/core/lints/lint';
import { isArm64Family } from '../../../lib/core/lints/nodepool-lints';
import { LINT_CODES, LintCode } from '../../../lib/core/lints/lint-codes';
import { checkCostBudget } from '../../../lib/core/lints/budget';
import { lintNodePoolCatalog } from '../../../lib/core/lints/catalog-lints';
import { readPoolLimits } from '../../../lib/core/sim/pool-limits';
import { costCeiling } from '../../../lib/core/sim/pricing';
import { validateEc2NodeClass } from '../../../lib/core/validation/validate-ec2nodeclass';
import { validateNodePool } from '../../../lib/core/validation/validate-nodepool';
import { DISCOVERY, Path, ec2NodeClass, nodePool, patched } from '../api/fixtures';

const REQ = 'spec.template.spec.requirements';
const LABELS = ['spec', 'template', 'metadata', 'labels'];
const req = (key: string, operator: string, values?: string[], minValues?: number) => ({
  key,
  operator,
  ...(values ? { values } : {}),
  ...(minValues ? { minValues } : {}),
});
const warn = (issues: ValidationIssue[]) => issues.map((i) => `${i.field}: ${i.message} (${i.code})`);

describe('lintNodePool', () => {
  test('NodePoolWithoutLimits: a dynamic pool without limits', () => {
    const issues = lintNodePool(patched(nodePool(), ['spec.limits', undefined]));
    expect(warn(issues)).toEqual([
      expect.stringMatching(
        /^spec.limits: is not set, so this NodePool can launch nodes without bound.*Quantity.cpu\(1000\).*\(NodePoolWithoutLimits\)$/,
      ),
    ]);
    expect(issues[0].severity).toBe(Severity.WARNING);
  });

  test('NodePoolWithoutLimits: not for empty-but-present limits either, nor for a static pool', () => {
    expect(lintNodePool(patched(nodePool(), ['spec.limits', {}])).map((i) => i.code)).toEqual(['NodePoolWithoutLimits']);
    expect(lintNodePool(patched(nodePool(), ['spec.limits', undefined], ['spec.replicas', 2]))).toEqual([]);
  });

  const unsatisfiable: [string, [Path, unknown][], RegExp][] = [
    [
      'In and NotIn with nothing left',
      [[REQ, [req('karpenter.k8s.aws/instance-family', 'In', ['m5']), req('karpenter.k8s.aws/instance-family', 'NotIn', ['m5'])]]],
      /every value it allows is excluded/,
    ],
    [
      'two In lists without a common value',
      [[REQ, [req('topology.kubernetes.io/zone', 'In', ['us-east-1a']), req('topology.kubernetes.io/zone', 'In', ['us-east-1b'])]]],
      /no value in common/,
    ],
    [
      'a template label outside the In list',
      [
        [[...LABELS, 'kubernetes.io/arch'], 'arm64'],
        [REQ, [req('kubernetes.io/arch', 'In', ['amd64'])]],
      ],
      /no value in common.*labels\["kubernetes.io\/arch"\]/,
    ],
    [
      'Gt not below Lt',
      [[REQ, [req('karpenter.k8s.aws/instance-cpu', 'Gt', ['8']), req('karpenter.k8s.aws/instance-cpu', 'Lt', ['9'])]]],
      /no integer is greater than 8 and less than 9/,
    ],
    [
      'Gte above Lte',
      [[REQ, [req('karpenter.k8s.aws/instance-cpu', 'Gte', ['16']), req('karpenter.k8s.aws/instance-cpu', 'Lte', ['8'])]]],
      /no integer is greater than 15 and less than 9/,
    ],
    [
      'In values outside a Gt bound',
      [[REQ, [req('karpenter.k8s.aws/instance-generation', 'In', ['3', '4']), req('karpenter.k8s.aws/instance-generation', 'Gt', ['5'])]]],
      /outside the Gt\/Lt bounds/,
    ],
    ['DoesNotExist with Exists', [[REQ, [req('example.com/gpu', 'Exists'), req('example.com/gpu', 'DoesNotExist')]]], /DoesNotExist conflicts/],
    ['NotIn every architecture', [[REQ, [req('kubernetes.io/arch', 'NotIn', ['amd64', 'arm64'])]]], /NotIn excludes every value \(amd64, arm64\)/],
  ];
  test.each(unsatisfiable)('RequirementsUnsatisfiable: %s', (_, changes, message) => {
    const issues = lintNodePool(patched(nodePool(), ...changes));
    expect(warn(issues)).toEqual([expect.stringMatching(message)]);
    expect(issues[0].code).toBe('RequirementsUnsatisfiable');
  });

  test('RequirementsUnsatisfiable: not for requirements that leave values', () => {
    const m = patched(nodePool(), [
      REQ,
      [
        req('karpenter.k8s.aws/instance-family', 'In', ['m5', 'c5']),
        req('karpenter.k8s.aws/instance-family', 'NotIn', ['m5']),
        req('karpenter.k8s.aws/instance-cpu', 'Gt', ['3']),
        req('karpenter.k8s.aws/instance-cpu', 'Lt', ['5']),
        req('karpenter.k8s.aws/instance-generation', 'In', ['6', '7']),
        req('karpenter.k8s.aws/instance-generation', 'Gte', ['7']),
        req('example.com/gpu', 'DoesNotExist'),
        req('example.com/gpu', 'NotIn', ['a']),
      ],
    ]);
    expect(lintNodePool(m)).toEqual([]);
  });

  test('MinValuesUnsatisfiable: minValues more than the other requirements leave', () => {
    const m = patched(nodePool(), [
      REQ,
      [req('karpenter.k8s.aws/instance-family', 'In', ['m5', 'c5', 'r5'], 3), req('karpenter.k8s.aws/instance-family', 'NotIn', ['r5'])],
    ]);
    expect(warn(lintNodePool(m))).toEqual([
      expect.stringMatching(/^spec.template.spec.requirements\[0\].minValues: minValues 3 .* only 2 values \(m5, c5\).*\(MinValuesUnsatisfiable\)$/),
    ]);
  });

  test('MinValuesUnsatisfiable: not for an In list shorter than its own minValues, which validation rejects', () => {
    const m = patched(nodePool(), [REQ, [req('karpenter.k8s.aws/instance-family', 'In', ['m5', 'c5'], 3)]]);
    expect(lintNodePool(m)).toEqual([]);
    expect(validateNodePool(m).map((i) => `${i.severity} ${i.code}`)).toEqual(['error RequirementMinValuesExceedsValues']);
  });

  test('MinValuesUnsatisfiable: minValues above a closed set such as capacity types', () => {
    const m = patched(nodePool(), [REQ, [req('karpenter.sh/capacity-type', 'Exists', undefined, 4)]]);
    expect(lintNodePool(m).map((i) => i.code)).toEqual(['MinValuesUnsatisfiable']);
  });

  test('ArchFamilyMismatch: arm64 with only x86 families', () => {
    const m = patched(nodePool(), [
      REQ,
      [req('kubernetes.io/arch', 'In', ['arm64']), req('karpenter.k8s.aws/instance-family', 'In', ['c5', 'm5a', 'g4dn'])],
    ]);
    expect(warn(lintNodePool(m))).toEqual([
      expect.stringMatching(
        /^spec.template.spec.requirements\[1\]: kubernetes.io\/arch allows only arm64, but every instance family allowed \(c5, m5a, g4dn\) is x86-64.*Graviton.*\(ArchFamilyMismatch\)$/,
      ),
    ]);
  });

  test('ArchFamilyMismatch: amd64 with only Graviton instance types', () => {
    const m = patched(nodePool(), [
      REQ,
      [req('kubernetes.io/arch', 'In', ['amd64']), req('node.kubernetes.io/instance-type', 'In', ['c7g.large', 'm6gd.xlarge'])],
    ]);
    expect(lintNodePool(m).map((i) => i.code)).toEqual(['ArchFamilyMismatch']);
  });

  test('ArchFamilyMismatch: not when one family fits, nor without an arch requirement', () => {
    expect(
      lintNodePool(
        patched(nodePool(), [REQ, [req('kubernetes.io/arch', 'In', ['arm64']), req('karpenter.k8s.aws/instance-family', 'In', ['c5', 'c7g'])]]),
      ),
    ).toEqual([]);
    expect(lintNodePool(patched(nodePool(), [REQ, [req('karpenter.k8s.aws/instance-family', 'In', ['c5'])]]))).toEqual([]);
  });

  test('isArm64Family knows the Graviton naming', () => {
    expect(
      ['a1', 'c6g', 'c6gn', 'c7gd', 'm8g', 'r7g', 't4g', 'x2gd', 'im4gn', 'is4gen', 'g5g', 'hpc7g', 'i4g', 'p6e-gb200'].filter(
        (f) => !isArm64Family(f),
      ),
    ).toEqual([]);
    expect(
      ['c5', 'm5a', 'c7i', 'g4dn', 'g4ad', 'p5', 'trn1', 'inf2', 'hpc7a', 'x2idn', 'z1d', 'd3en', 'p6-b200', 'c7i-flex'].filter(isArm64Family),
    ).toEqual([]);
  });

  test('UnknownWellKnownValue: arch x86_64', () => {
    const m = patched(nodePool(), [REQ, [req('kubernetes.io/arch', 'In', ['amd64', 'x86_64'])]]);
    expect(warn(lintNodePool(m))).toEqual([
      expect.stringMatching(/values\[1\]: "x86_64" is never a value of kubernetes.io\/arch; use one of amd64, arm64 \(UnknownWellKnownValue\)/),
    ]);
  });

  test('UnknownWellKnownValue: instance tenancy "host", but not for an In list validation rejects outright', () => {
    expect(
      lintNodePool(patched(nodePool(), [REQ, [req('karpenter.k8s.aws/instance-tenancy', 'NotIn', ['host'])]])).map((i) => `${i.field} ${i.code}`),
    ).toEqual([`${REQ}[0].values[0] UnknownWellKnownValue`]);
    expect(
      lintNodePool(
        patched(nodePool(), [
          REQ,
          [req('karpenter.k8s.aws/instance-tenancy', 'In', ['host']), req('karpenter.sh/capacity-type', 'In', ['ondemand'])],
        ]),
      ),
    ).toEqual([]);
  });

  test('RequirementNoOp and RequirementValuesIgnored', () => {
    const m = patched(nodePool(), [REQ, [req('example.com/a', 'NotIn', []), req('example.com/b', 'Exists', ['x'])]]);
    expect(lintNodePool(m).map((i) => i.code)).toEqual(['RequirementNoOp', 'RequirementValuesIgnored']);
  });

  test('skips unresolved values', () => {
    const ctx = { isUnresolved: (v: unknown) => v === 'TOKEN' };
    const m = patched(
      nodePool(),
      ['spec.limits', 'TOKEN'],
      [REQ, [req('kubernetes.io/arch', 'In', ['TOKEN']), req('kubernetes.io/arch', 'In', ['amd64'])]],
    );
    expect(lintNodePool(m, ctx)).toEqual([]);
  });

  test('tolerates malformed input', () => {
    for (const bad of [null, 'x', { spec: 5 }, { spec: { template: { spec: { requirements: [5, { key: 1 }] } } } }]) {
      expect(() => lintNodePool(bad)).not.toThrow();
    }
  });
});

describe('lintEc2NodeClass', () => {
  test('SelectorWithoutDiscovery: subnets and security groups by a generic tag', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.subnetSelectorTerms', [{ tags: { Name: '*' } }]],
      ['spec.securityGroupSelectorTerms', [{ tags: { 'karpenter.sh/discovery': '*' } }]],
    );
    expect(warn(lintEc2NodeClass(m))).toEqual([
      expect.stringMatching(
        /^spec.subnetSelectorTerms: selects subnets by tags alone.*SubnetSelectorTerm.discovery\(clusterName\) \(SelectorWithoutDiscovery\)$/,
      ),
      expect.stringMatching(/^spec.securityGroupSelectorTerms: selects security groups by tags alone.*SecurityGroupSelectorTerm.discovery/),
    ]);
  });

  test('SelectorWithoutDiscovery: not with a discovery tag, an id, a name or kubernetes.io/cluster/<name>', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.subnetSelectorTerms', [{ tags: { 'kubernetes.io/cluster/demo': 'shared' } }, { id: 'subnet-0abc' }]],
      ['spec.securityGroupSelectorTerms', [{ name: 'eks-nodes' }]],
    );
    expect(lintEc2NodeClass(m)).toEqual([]);
    expect(lintEc2NodeClass(ec2NodeClass())).toEqual([]);
  });

  test('SelectorWithoutDiscovery: not for the tag EKS puts on the cluster security group', () => {
    const m = patched(ec2NodeClass(), ['spec.securityGroupSelectorTerms', [{ tags: { 'aws:eks:cluster-name': 'demo' } }]]);
    expect(lintEc2NodeClass(m)).toEqual([]);
  });

  test('SelectorTermIdCombined: what the CRD lets through when not every term does it', () => {
    const m = patched(ec2NodeClass(), ['spec.subnetSelectorTerms', [{ id: 'subnet-1', tags: DISCOVERY }, { tags: DISCOVERY }]]);
    expect(validateEc2NodeClass(m).map((i) => `${i.severity} ${i.field} ${i.code}`)).toEqual([
      'warning spec.subnetSelectorTerms[0] SelectorTermIdCombined',
    ]);
  });

  test('SelectorIdMalformed: ids the unanchored CRD patterns accept', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.amiSelectorTerms', [{ id: 'my-ami-123' }]],
      ['spec.amiFamily', 'AL2023'],
      ['spec.securityGroupSelectorTerms', [{ id: 'sg-0abc ' }]],
    );
    expect(
      validateEc2NodeClass(m)
        .map((i) => `${i.severity} ${i.field} ${i.code}`)
        .sort(),
    ).toEqual(['warning spec.amiSelectorTerms[0].id SelectorIdMalformed', 'warning spec.securityGroupSelectorTerms[0].id SelectorIdMalformed']);
  });

  test('a value the CRD pattern rejects gets the PatternMismatch error only, no SelectorIdMalformed (issue #23 item 7)', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.amiSelectorTerms', [{ id: 'my-image' }]],
      ['spec.amiFamily', 'AL2023'],
      ['spec.subnetSelectorTerms', [{ id: 'vpc-123' }]],
      ['spec.securityGroupSelectorTerms', [{ id: 'default' }]],
    );
    expect(
      validateEc2NodeClass(m)
        .map((i) => `${i.severity} ${i.field} ${i.code}`)
        .sort(),
    ).toEqual([
      'error spec.amiSelectorTerms[0].id PatternMismatch',
      'error spec.securityGroupSelectorTerms[0].id PatternMismatch',
      'error spec.subnetSelectorTerms[0].id PatternMismatch',
    ]);
  });

  test('ImdsTokensOptional, RoleIsArn, Ec2NodeClassNameTooLong', () => {
    const m = patched(
      ec2NodeClass(),
      ['spec.metadataOptions', { httpTokens: 'optional' }],
      ['spec.role', 'arn:aws:iam::123456789012:role/KarpenterNode'],
      ['metadata.name', 'n'.repeat(64)],
    );
    expect(lintEc2NodeClass(m).map((i) => i.code)).toEqual(['Ec2NodeClassNameTooLong', 'ImdsTokensOptional', 'RoleIsArn']);
  });

  test('silences by code', () => {
    const m = patched(ec2NodeClass(), ['spec.metadataOptions', { httpTokens: 'optional' }]);
    expect(lintEc2NodeClass(m, { silence: ['ImdsTokensOptional'] })).toEqual([]);
  });
});

test('a budget schedule cron cannot parse is no longer a lint warning (it is a validation error)', () => {
  const m = patched(nodePool(), ['spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '0', schedule: '0 25 * * *', duration: '1h' }] }]);
  expect(lintNodePool(m)).toEqual([]);
  expect(Object.keys(LINT_CODES)).not.toContain('BudgetScheduleInvalid');
});

test('LINT_CODES lists every code the linters emit', () => {
  const emitted = new Set<string>();
  const np = [
    patched(nodePool(), ['spec.limits', undefined]),
    patched(nodePool(), [
      REQ,
      [
        req('kubernetes.io/arch', 'NotIn', ['amd64', 'arm64']),
        req('example.com/a', 'NotIn', []),
        req('example.com/b', 'Exists', ['x']),
        req('kubernetes.io/os', 'In', ['darwin']),
        req('karpenter.sh/capacity-type', 'Exists', undefined, 9),
      ],
    ]),
    patched(
      nodePool(),
      [REQ, [req('kubernetes.io/arch', 'In', ['arm64']), req('karpenter.k8s.aws/instance-family', 'In', ['c5'])]],
      ['spec.disruption', { consolidateAfter: '0s', budgets: [{ nodes: '1', schedule: '@never', duration: '1h' }] }],
    ),
    patched(nodePool(), ['spec.template.spec.expireAfter', '1m'], ['spec.disruption', { consolidateAfter: '1h' }]),
    patched(nodePool(), [REQ, [req('kubernetes.io/arc', 'In', ['arm64'])]]),
  ];
  np.forEach((m) => lintNodePool(m).forEach((i) => emitted.add(i.code)));
  // The catalog lints, with a node class.
  const al2023 = ec2NodeClass();
  const windows = patched(ec2NodeClass(), ['spec.amiSelectorTerms', [{ alias: 'windows2022@latest' }]]);
  lintNodePoolCatalog(patched(nodePool(), [REQ, [req('karpenter.k8s.aws/instance-family', 'In', ['m5.large'])]]), {}, { nodeClass: al2023 }).forEach(
    (i) => emitted.add(i.code),
  );
  lintNodePoolCatalog(patched(nodePool(), [REQ, [req('kubernetes.io/arch', 'In', ['arm64'])]]), {}, { nodeClass: windows }).forEach((i) =>
    emitted.add(i.code),
  );
  const nc = patched(
    ec2NodeClass(),
    ['spec.subnetSelectorTerms', [{ id: 'x-subnet-1', tags: { a: 'b' } }, { tags: { a: 'b' } }]],
    ['spec.securityGroupSelectorTerms', [{ tags: { a: 'b' } }]],
    ['spec.metadataOptions', { httpTokens: 'optional' }],
    ['spec.role', 'arn:aws:iam::1:role/r'],
    ['metadata.name', 'n'.repeat(70)],
    ['spec.userData', '[settings.kubernetes]\nmax-pods = 1'],
  );
  lintEc2NodeClass(nc).forEach((i) => emitted.add(i.code));
  checkCostBudget(costCeiling([{ name: 'm5.large', capacity: { cpu: 2000 } }], readPoolLimits({ cpu: '1000' })), 1).forEach((i) =>
    emitted.add(i.code),
  );
  expect([...emitted].sort()).toEqual(Object.keys(LINT_CODES).sort());
});

test('LintCode is the union of the codes in LINT_CODES, so a typo does not compile', () => {
  const code: LintCode = 'NodePoolWithoutLimits';
  // @ts-expect-error not a lint code
  const typo: LintCode = 'NodePoolWithoutLimit';
  expect(Object.keys(LINT_CODES)).toContain(code);
  expect(Object.keys(LINT_CODES)).not.toContain(typo);
});

describe('ExpireAfterBeforeConsolidateAfter (issue #16 item 4)', () => {
  const pool = (expireAfter: string | undefined, consolidateAfter: string, replicas?: number) =>
    patched(
      nodePool(),
      ['spec.template.spec.expireAfter', expireAfter],
      ['spec.disruption', { consolidationPolicy: 'WhenEmpty', consolidateAfter }],
      ['spec.replicas', replicas],
    );

  test('warns when nodes expire before consolidation may act', () => {
    expect(warn(lintNodePool(pool('1m', '1h')))).toEqual([
      expect.stringMatching(
        /^spec.template.spec.expireAfter: expireAfter "1m" is shorter than consolidateAfter "1h": .*\(ExpireAfterBeforeConsolidateAfter\)$/,
      ),
    ]);
    expect(warn(lintNodePool(pool(undefined, '800h')))).toEqual([
      expect.stringMatching(/^spec.disruption.consolidateAfter: expireAfter "720h" \(the default\) is shorter than consolidateAfter "800h"/),
    ]);
  });

  test('is silent when expireAfter is longer or equal, Never on either side, or the pool is static; silenceable', () => {
    for (const [e, c] of [
      ['1h', '1h'],
      ['720h', '5m'],
      ['Never', '1h'],
      ['1m', 'Never'],
      [undefined, '1h'],
    ] as const) {
      expect(lintNodePool(pool(e, c)).filter((i) => i.code === 'ExpireAfterBeforeConsolidateAfter')).toEqual([]);
    }
    expect(lintNodePool(pool('1m', '1h', 2)).filter((i) => i.code === 'ExpireAfterBeforeConsolidateAfter')).toEqual([]);
    expect(lintNodePool(pool('1m', '1h'), { silence: ['ExpireAfterBeforeConsolidateAfter'] })).toEqual([]);
    expect(LINT_CODES.ExpireAfterBeforeConsolidateAfter).toMatch(/expireAfter shorter than/);
  });
});
