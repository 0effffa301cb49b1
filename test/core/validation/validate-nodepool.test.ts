import { ValidationIssue, errorsOf, warningsOf } from '../../../lib/core/issues';
import { skipWithoutCrds } from '../../fixtures/crds-dir';
import { NODEPOOL_SPEC_SCHEMA, validateNodePool } from '../../../lib/core/validation/validate-nodepool';
import { pruneNulls } from '../../../lib/core/validation/schema';
import { KARPENTER_RUNTIME_CHECK_CODES } from '../../../lib/core/validation/validate';
import { Json, Path, codes, crdRules, errorLines, nodePool, patched } from '../api/fixtures';
import {
  NODEPOOL_CEL_CASES as CEL_CASES,
  NODEPOOL_SCHEMA_CASES,
  NODEPOOL_TRANSITION_RULES as TRANSITION_RULES,
  REQ,
  LABELS,
  req,
} from '../../fixtures/crd-cases/nodepool-rules';

function errorWith(issues: ValidationIssue[], code: string): ValidationIssue | undefined {
  return errorsOf(issues).find((i) => i.code === code);
}

describe('NodePool CEL rules', () => {
  describe.each(CEL_CASES.map((c) => [`${c.crdPath}: ${c.rule}`, c] as const))('CEL %s', (_, c) => {
    test('accepts a manifest that satisfies it', () => {
      expect(errorLines(validateNodePool(patched(nodePool(), ...c.accept)))).toEqual([]);
    });

    test(`rejects one that breaks it with ${c.code} at ${c.field}`, () => {
      const issue = errorWith(validateNodePool(patched(nodePool(), ...c.reject)), c.code);
      expect(issue).toEqual(expect.objectContaining({ field: c.field, code: c.code }));
      expect(issue!.message).toContain(`(CRD rule: ${JSON.stringify(c.rule)})`);
    });
  });

  const rules = crdRules('karpenter.sh_nodepools.yaml');
  (rules ? test : test.skip)('every CEL rule of the CRD has a case above, or is a transition rule', () => {
    const covered = new Set(CEL_CASES.map((c) => `${c.crdPath}: ${c.rule}`));
    const all = rules!.filter((r) => !r.path.startsWith('status')).map((r) => `${r.path}: ${r.message}`);
    expect(all.filter((r) => !covered.has(r) && !TRANSITION_RULES.includes(r))).toEqual([]);
    expect(TRANSITION_RULES.every((t) => all.includes(t))).toBe(true);
    expect(
      rules!
        .filter((r) => r.rule.includes('oldSelf'))
        .map((r) => `${r.path}: ${r.message}`)
        .sort(),
    ).toEqual([...TRANSITION_RULES].sort());
  });
  if (!rules) skipWithoutCrds('CEL rule coverage of the NodePool CRD is not checked');

  test('CEL label restrictions use endsWith without a dot, as the CRD does', () => {
    const issues = validateNodePool(patched(nodePool(), [[...LABELS, 'notkarpenter.sh/x'], 'a']));
    expect(codes(issues)).toContain('RestrictedLabelDomain');
  });

  test('CEL label restrictions apply to a key without a prefix that ends with the domain', () => {
    expect(codes(validateNodePool(patched(nodePool(), [REQ, [req('karpenter.k8s.aws', 'Exists')]])))).toContain('RestrictedLabelDomain');
  });
});

describe('NodePool schema', () => {
  const cases = NODEPOOL_SCHEMA_CASES;

  test.each(cases)('rejects %s', (_, changes, field, message) => {
    const lines = errorLines(validateNodePool(patched(nodePool(), ...changes)));
    expect(lines.filter((l) => l.startsWith(`${field}: `))).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  test('accepts every field the CRD has', () => {
    const full = nodePool({
      template: {
        metadata: { labels: { team: 'a', 'karpenter.sh/capacity-type': 'spot' }, annotations: { 'example.com/x': 'anything at all' } },
        spec: {
          nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
          requirements: [req('karpenter.k8s.aws/instance-category', 'In', ['c', 'm'], 2), req('karpenter.k8s.aws/instance-cpu', 'Lte', ['64'])],
          taints: [{ key: 'example.com/dedicated', value: 'gpu', effect: 'NoSchedule' }],
          startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute', timeAdded: '2025-01-31T12:00:00Z' }],
          expireAfter: 'Never',
          terminationGracePeriod: '48h',
        },
      },
      disruption: {
        consolidateAfter: '1h30m',
        consolidationPolicy: 'Balanced',
        budgets: [{ nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h', reasons: ['Underutilized', 'Drifted'] }, { nodes: '20%' }],
      },
      limits: { cpu: 1000, memory: '1000Gi', 'nvidia.com/gpu': '8' },
      weight: 100,
    });
    expect(validateNodePool(full)).toEqual([]);
  });

  test('reports every problem at once', () => {
    const issues = validateNodePool(
      patched(nodePool(), ['spec.weight', 0], ['spec.template.spec.expireAfter', '1d'], [REQ, [req('kubernetes.io/arch', 'In', [])]]),
    );
    expect(codes(issues).sort()).toEqual(['InvalidDuration', 'OutOfRange', 'RequirementInWithoutValues']);
  });
});

describe('NodePool metadata and type', () => {
  test.each([
    ['apiVersion v1beta1', { apiVersion: 'karpenter.sh/v1beta1' }, 'apiVersion', /v1beta1 was removed in Karpenter 1.1.*\(WrongApiVersion\)/],
    ['kind Provisioner', { kind: 'Provisioner' }, 'kind', /must be "NodePool", got "Provisioner" \(WrongKind\)/],
    ['no metadata', { metadata: undefined }, 'metadata', /is required/],
    ['no name', { metadata: {} }, 'metadata.name', /is required/],
    ['upper-case name', { metadata: { name: 'Default' } }, 'metadata.name', /"Default" is not a valid NodePool name.*DNS-1123.*\(InvalidName\)/],
    ['name with an underscore', { metadata: { name: 'gpu_pool' } }, 'metadata.name', /InvalidName/],
    [
      'name of 64 characters (a node label value)',
      { metadata: { name: 'a'.repeat(64) } },
      'metadata.name',
      /label values are at most 63 characters.*\(NodePoolNameTooLong\)/,
    ],
    ['a metadata label key with two slashes', { metadata: { name: 'a', labels: { 'a/b/c': 'x' } } }, 'metadata.labels["a/b/c"]', /InvalidLabelKey/],
    ['a metadata label value of 64 characters', { metadata: { name: 'a', labels: { a: 'b'.repeat(64) } } }, 'metadata.labels.a', /InvalidLabelValue/],
    [
      'an annotation key with a space',
      { metadata: { name: 'a', annotations: { 'a b': 'x' } } },
      'metadata.annotations["a b"]',
      /InvalidAnnotationKey/,
    ],
    ['an unknown metadata field', { metadata: { name: 'a', label: {} } }, 'metadata.label', /UnknownField/],
    ['a top-level typo', { specs: {} }, 'specs', /UnknownField/],
    ['no spec', { spec: undefined }, 'spec', /is required/],
  ])('rejects %s', (_, override, field, message) => {
    const lines = errorLines(validateNodePool({ ...nodePool(), ...override }));
    expect(lines.filter((l) => l.startsWith(`${field}: `))).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  test('rejects a non-object manifest', () => {
    expect(errorLines(validateNodePool('kind: NodePool'))).toEqual([expect.stringMatching(/must be an object, got "kind: NodePool"/)]);
  });

  test('warns about a namespace and a status, which the API server drops', () => {
    const issues = validateNodePool({ ...nodePool(), metadata: { name: 'a', namespace: 'karpenter' }, status: { nodes: 1 } });
    expect(errorsOf(issues)).toEqual([]);
    expect(codes(issues, 'warning' as any).sort()).toEqual(['NamespaceOnClusterScopedResource', 'StatusIgnored']);
  });

  test('accepts a 253-character dotted name only for the API server (it is too long for the node label)', () => {
    const name = `${'a'.repeat(60)}.${'b'.repeat(60)}`;
    expect(codes(validateNodePool({ ...nodePool(), metadata: { name } }))).toEqual(['NodePoolNameTooLong']);
  });
});

describe('Karpenter controller runtime checks', () => {
  test.each([
    [
      'template label key with an invalid prefix',
      [[[...LABELS, 'Example.com/team'], 'a']],
      'spec.template.metadata.labels["Example.com/team"]',
      'InvalidTemplateLabelKey',
    ],
    [
      'requirement key name part over 63 characters',
      [[REQ, [req(`example.com/${'a'.repeat(64)}`, 'Exists')]]],
      `${REQ}[0].key`,
      'InvalidRequirementKey',
    ],
    [
      'requirement value with a space (the CRD pattern sits on the array, where the API server ignores it)',
      [[REQ, [req('example.com/team', 'In', ['a b'])]]],
      `${REQ}[0].values[0]`,
      'InvalidRequirementValue',
    ],
    [
      'capacity type with no known value',
      [[REQ, [req('karpenter.sh/capacity-type', 'In', ['ondemand'])]]],
      `${REQ}[0].values`,
      'UnknownCapacityType',
    ],
    [
      'instance tenancy with no known value',
      [[REQ, [req('karpenter.k8s.aws/instance-tenancy', 'In', ['host'])]]],
      `${REQ}[0].values`,
      'UnknownInstanceTenancy',
    ],
    [
      'minValues above the known capacity types listed',
      [[REQ, [req('karpenter.sh/capacity-type', 'In', ['spot', 'ondemand'], 2)]]],
      `${REQ}[0].minValues`,
      'RequirementMinValuesExceedsKnownValues',
    ],
    [
      'taint value name part over 63 characters',
      [['spec.template.spec.taints', [{ key: 'a', value: 'v'.repeat(64), effect: 'NoSchedule' }]]],
      'spec.template.spec.taints[0].value',
      'InvalidTaintValue',
    ],
    [
      'nodeClassRef name that no node class can have',
      [['spec.template.spec.nodeClassRef.name', 'Default_Class']],
      'spec.template.spec.nodeClassRef.name',
      'InvalidNodeClassRefName',
    ],
    [
      'the same taint in taints and startupTaints',
      [
        ['spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule' }]],
        ['spec.template.spec.startupTaints', [{ key: 'a', value: 'b', effect: 'NoSchedule' }]],
      ],
      'spec.template.spec.startupTaints[0]',
      'DuplicateTaint',
    ],
  ] as [string, [Path, unknown][], string, string][])('rejects %s', (_, changes, field, code) => {
    const issue = errorsOf(validateNodePool(patched(nodePool(), ...changes))).find((i) => i.code === code);
    expect(issue).toEqual(expect.objectContaining({ field, code }));
    expect(issue!.message).toMatch(/the API server accepts this, but the Karpenter controller rejects it/);
  });

  test('accepts an In list with one known value among unknown ones (the controller drops the unknown ones), with a warning', () => {
    const issues = validateNodePool(patched(nodePool(), [REQ, [req('karpenter.k8s.aws/instance-tenancy', 'In', ['dedicated', 'host'])]]));
    expect(errorLines(issues)).toEqual([]);
    expect(warningsOf(issues).map((i) => `${i.field} ${i.code}`)).toEqual([`${REQ}[0].values[1] UnknownWellKnownValue`]);
  });

  test('rejects a nodeClassRef name too long for the node label Karpenter puts on every NodeClaim', () => {
    const m = patched(nodePool(), ['spec.template.spec.nodeClassRef.name', 'n'.repeat(64)]);
    expect(errorLines(validateNodePool(m))).toEqual([
      expect.stringMatching(
        /^spec.template.spec.nodeClassRef.name: "n{64}" is 64 characters; .*karpenter.k8s.aws\/ec2nodeclass=<name> .*rejects every NodeClaim.* \(InvalidNodeClassRefName\)$/,
      ),
    ]);
    expect(validateNodePool(patched(nodePool(), ['spec.template.spec.nodeClassRef.name', 'n'.repeat(63)]))).toEqual([]);
  });

  test('accepts taints with the same key and different effects', () => {
    const m = patched(nodePool(), [
      'spec.template.spec.taints',
      [
        { key: 'a', effect: 'NoSchedule' },
        { key: 'a', effect: 'NoExecute' },
      ],
    ]);
    expect(errorLines(validateNodePool(m))).toEqual([]);
  });
});

describe('tokens', () => {
  const TOKEN = '${TfToken[TOKEN.1]}';
  const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('TfToken') };

  test('skips checks on unresolved values', () => {
    const m = patched(
      nodePool(),
      ['spec.template.spec.nodeClassRef.name', TOKEN],
      ['spec.template.spec.expireAfter', TOKEN],
      [[...LABELS, 'team'], TOKEN],
      [REQ, [req('karpenter.k8s.aws/instance-cpu', 'Gt', [TOKEN]), req('topology.kubernetes.io/zone', 'In', [TOKEN])]],
    );
    expect(validateNodePool(m, ctx)).toEqual([]);
  });

  test('still checks the literal values next to them', () => {
    const m = patched(nodePool(), ['spec.template.spec.nodeClassRef.name', TOKEN], ['spec.weight', 500]);
    expect(codes(validateNodePool(m, ctx))).toEqual(['OutOfRange']);
  });
});

test('includes lint warnings, and silences them by code', () => {
  const m: Json = patched(nodePool(), ['spec.limits', undefined]);
  expect(warningsOf(validateNodePool(m)).map((i) => i.code)).toEqual(['NodePoolWithoutLimits']);
  expect(validateNodePool(m, { silence: ['NodePoolWithoutLimits'] })).toEqual([]);
});

describe('codes tell API-server rejections from checks beyond it', () => {
  test.each([
    ['taint value with a space', [['spec.template.spec.taints', [{ key: 'role', value: 'big batch', effect: 'NoSchedule' }]]], 'TaintValuePattern'],
    [
      'requirement key with a trailing dash',
      [['spec.template.spec.requirements', [{ key: 'example.com/tier-', operator: 'Exists' }]]],
      'RequirementKeyPattern',
    ],
  ] as Array<[string, Array<[Path, unknown]>, string]>)(
    'reports the CRD pattern on a %s with a code the API server also rejects',
    (_, patches, code) => {
      const found = codes(validateNodePool(patched(nodePool(), ...patches)));
      expect(found).toContain(code);
      expect(KARPENTER_RUNTIME_CHECK_CODES).not.toContain(code);
    },
  );

  test('reports generateName without name as a tooling requirement, not an API-server error', () => {
    const m = { ...nodePool(), metadata: { generateName: 'pool-' } };
    const errors = errorsOf(validateNodePool(m));
    expect(errors.map((i: ValidationIssue) => [i.field, i.code])).toEqual([['metadata.name', 'NameRequiredForApply']]);
    expect(errors[0].message).toMatch(/generateName only works with kubectl create/);
    expect(KARPENTER_RUNTIME_CHECK_CODES).toContain('NameRequiredForApply');
  });
});

describe('agreement with the API server', () => {
  test('null limits, template labels and annotations are pruned (PruneNonNullableNullsWithoutDefaults)', () => {
    const m = patched(
      nodePool(),
      ['spec.limits', { cpu: null, memory: '10Gi' }],
      ['spec.template.metadata', { labels: { team: null, 'karpenter.sh/nodepool': null }, annotations: { a: null } }],
      ['spec.weight', null],
    );
    expect(errorLines(validateNodePool(m))).toEqual([]);
  });

  test.each([
    ['month 13', '2025-13-01T00:00:00Z'],
    ['Feb 30', '2025-02-30T00:00:00Z'],
    ['Feb 29 of a common year', '2025-02-29T00:00:00Z'],
    ['Feb 29 of 1900', '1900-02-29T00:00:00Z'],
    ['April 31', '2025-04-31T00:00:00Z'],
    ['day 0', '2025-01-00T00:00:00Z'],
    ['hour 24', '2025-01-01T24:00:00Z'],
    ['minute 60', '2025-01-01T10:60:00Z'],
    ['second 60', '2025-01-01T10:00:60Z'],
    ['a space separator', '2025-01-01 10:00:00Z'],
    ['no offset', '2025-01-01T10:00:00'],
  ])('rejects taint timeAdded with %s, as kube-openapi strfmt does', (_, timeAdded) => {
    const m = patched(nodePool(), ['spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded }]]);
    expect(codes(validateNodePool(m))).toEqual(['InvalidDateTime']);
  });

  test.each([
    ['Feb 29 of a leap year', '2024-02-29T00:00:00Z'],
    ['Feb 29 of 2000', '2000-02-29T23:59:59Z'],
    ['fraction and offset', '2025-12-31T23:59:59.999999+14:00'],
    ['lower case t and z', '2025-01-01t00:00:00z'],
  ])('accepts taint timeAdded with %s', (_, timeAdded) => {
    const m = patched(nodePool(), ['spec.template.spec.taints', [{ key: 'a', effect: 'NoSchedule', timeAdded }]]);
    expect(errorLines(validateNodePool(m))).toEqual([]);
  });
});

describe('ObjectMeta nulls, as the API server decodes them (Go zero values)', () => {
  test('a null label or annotation value is the empty string, which is valid', () => {
    expect(errorLines(validateNodePool(patched(nodePool(), ['metadata.labels', { team: null }], ['metadata.annotations', { note: null }])))).toEqual(
      [],
    );
  });

  test('a null label value still has its key checked', () => {
    expect(codes(validateNodePool(patched(nodePool(), ['metadata.labels', { 'a b': null }])))).toEqual(['InvalidLabelKey']);
  });
});

describe('metadata.name beside generateName', () => {
  test('an empty name with generateName is a generated name (NameRequiredForApply, a runtime-only code), as the API server sees it', () => {
    expect(codes(validateNodePool(patched(nodePool(), ['metadata', { name: '', generateName: 'pool-' }])))).toEqual(['NameRequiredForApply']);
  });

  test('an empty name without generateName is still invalid', () => {
    expect(codes(validateNodePool(patched(nodePool(), ['metadata', { name: '' }])))).toEqual(['InvalidName']);
  });
});

describe('ObjectMeta field types, as Go decodes them', () => {
  test.each([
    ['finalizers as a string', 'finalizers', 'karpenter.sh/termination'],
    ['generation not whole', 'generation', 1.5],
    ['ownerReferences of strings', 'ownerReferences', ['a']],
    ['uid as a number', 'uid', 1],
  ])('rejects %s with InvalidType', (_, field, value) => {
    expect(errorLines(validateNodePool(patched(nodePool(), [['metadata', field], value])))).toEqual([
      expect.stringMatching(new RegExp(`^metadata\\.${field}: must be .*\\(InvalidType\\)$`)),
    ]);
  });

  test('accepts well-typed and null ObjectMeta fields', () => {
    const m = patched(nodePool(), ['metadata.finalizers', ['karpenter.sh/termination']], ['metadata.generation', 3], ['metadata.uid', null]);
    expect(errorLines(validateNodePool(m))).toEqual([]);
  });
});

describe('pruneNulls', () => {
  const spec = () => ({
    template: { spec: { nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, requirements: [] } },
    limits: { cpu: '10' },
  });

  test('a spec without nulls is returned as it is, not copied', () => {
    const s = spec();
    expect(pruneNulls(s, NODEPOOL_SPEC_SCHEMA)).toBe(s);
  });

  test('a null field is pruned in a copy, along the path to it only; the input is unchanged', () => {
    const s: Json = { ...spec(), disruption: null, weight: 10 };
    s.template = { ...(s.template as Json), metadata: { labels: null } };
    const pruned = pruneNulls(s, NODEPOOL_SPEC_SCHEMA) as Json;
    expect(pruned).toEqual({ ...spec(), weight: 10, template: { ...spec().template, metadata: {} } });
    expect(s.disruption).toBeNull();
    expect((pruned.template as Json).spec).toBe((s.template as Json).spec);
    expect(pruned.limits).toBe(s.limits);
  });

  test('nulls in map values and in list items are pruned in place, in key order; a __proto__ key stays a key', () => {
    const labels = JSON.parse('{"a": "1", "__proto__": "p", "gone": null, "z": "2"}');
    const s: Json = {
      ...spec(),
      template: { metadata: { labels }, spec: { ...spec().template.spec, taints: [{ key: 'k', effect: 'NoSchedule', value: null }] } },
    };
    const pruned = pruneNulls(s, NODEPOOL_SPEC_SCHEMA) as Json;
    const template = pruned.template as { metadata: { labels: Json }; spec: { taints: Json[] } };
    expect(Object.keys(template.metadata.labels)).toEqual(['a', '__proto__', 'z']);
    expect(Object.getPrototypeOf(template.metadata.labels)).toBe(Object.prototype);
    expect(template.spec.taints).toEqual([{ key: 'k', effect: 'NoSchedule' }]);
    expect(Object.keys(pruned)).toEqual(Object.keys(s));
  });
});
