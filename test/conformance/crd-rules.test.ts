// Two suites over one corpus: (1) the CRD harness itself (every rule of the real Karpenter CRDs
// is exercised both ways), (2) our validator agrees with the CRD on every case.
import { errorsOf } from '../../lib/core/issues';
import * as fs from 'fs';
import * as path from 'path';
import { migrateManifests } from '../../lib/core/migrate/migrate-manifests';
import { KARPENTER_RUNTIME_CHECK_CODES, validateManifest } from '../../lib/core/validation/validate';
import {
  CORPUS,
  CorpusCase,
  EC2NODECLASS_CEL_CASES,
  EC2NODECLASS_SCHEMA_CASES,
  INVALID_CASES,
  NODEPOOL_CEL_CASES,
  NODEPOOL_SCHEMA_CASES,
  TRANSITION_RULES,
  V1_CASES,
  VALID_CASES,
} from '../fixtures/crd-cases';
import { ec2NodeClass as unitEc2NodeClass, nodePool as unitNodePool, patched } from '../core/api/fixtures';
import { CrdCheckResult, CrdValidator, skipWithoutCrds, goParseInt, k8sFind, k8sFindAll, karpenterCrdsDir, strfmtIsDateTime } from './crd-validator';

const CRDS_DIR = karpenterCrdsDir();
if (!CRDS_DIR) {
  skipWithoutCrds('CRD conformance tests');
}
const describeWithCrds = CRDS_DIR ? describe : describe.skip;

let crds: Map<string, CrdValidator>;
const results = new Map<string, CrdCheckResult>();

function loadCrds(): void {
  if (crds) return;
  crds = new Map(
    ['karpenter.sh_nodepools.yaml', 'karpenter.k8s.aws_ec2nodeclasses.yaml', 'karpenter.sh_nodeoverlays.yaml'].map((f) => {
      const v = CrdValidator.load(f);
      return [v.kind, v];
    }),
  );
}

/** CRD verdict for a case, computed once. */
function crdCheck(c: CorpusCase): CrdCheckResult {
  loadCrds();
  let r = results.get(c.name);
  if (!r) {
    const crd = crds.get(c.manifest.kind);
    if (!crd) throw new Error(`${c.name}: no CRD for kind ${c.manifest.kind}`);
    r = crd.validate(c.manifest);
    results.set(c.name, r);
  }
  return r;
}

const byName = (cases: readonly CorpusCase[]) => cases.map((c) => [c.name, c] as const);

describeWithCrds('CRD harness (Karpenter 1.14 CRDs, real CEL)', () => {
  beforeAll(loadCrds);

  test('corpus case names are unique', () => {
    expect(new Set(CORPUS.map((c) => c.name)).size).toBe(CORPUS.length);
  });

  test.each(byName(VALID_CASES))('should accept %s', (_, c) => {
    const r = crdCheck(c);
    expect(r.violations).toEqual([]);
    expect(r.accepted).toBe(true);
  });

  test.each(byName(INVALID_CASES))('should reject %s', (_, c) => {
    const r = crdCheck(c);
    expect(r.accepted).toBe(false);
    const ids = r.violations.map((v) => v.ruleId);
    for (const id of c.rejectedBy ?? []) expect(ids).toContain(id);
  });

  test('should list the transition rules it skips, and only those', () => {
    const transition = [...crds.values()].flatMap((v) => v.rules.filter((r) => r.transition).map((r) => r.id));
    expect(transition).toEqual(TRANSITION_RULES);
    const skipped = new Set(VALID_CASES.flatMap((c) => crdCheck(c).skipped.map((s) => s.ruleId)));
    expect([...skipped].sort()).toEqual([...TRANSITION_RULES].sort());
  });

  test('every create-time rule of NodePool, EC2NodeClass and NodeOverlay has an accepting and a rejecting case', () => {
    const accepted = new Set<string>();
    const rejected = new Set<string>();
    for (const c of CORPUS) {
      for (const e of crdCheck(c).evaluations) (e.passed ? accepted : rejected).add(e.ruleId);
    }
    const rules = [...crds.values()].flatMap((v) => v.createRules.map((r) => r.id));
    expect(rules.length).toBeGreaterThan(0);
    expect({ neverAccepted: rules.filter((id) => !accepted.has(id)), neverRejected: rules.filter((id) => !rejected.has(id)) }).toEqual({
      neverAccepted: [],
      neverRejected: [],
    });
  });

  test('every rule id a case expects exists in the CRDs', () => {
    const known = new Set([...crds.values()].flatMap((v) => v.rules.map((r) => r.id)));
    const celIds = INVALID_CASES.flatMap((c) => c.rejectedBy ?? []).filter((id) => !id.startsWith('schema:'));
    expect(celIds.filter((id) => !known.has(id))).toEqual([]);
  });

  test('should apply CRD defaults before the rules run', () => {
    const r = crdCheck(VALID_CASES.find((c) => c.name.startsWith('NodePool: minimal'))!);
    expect((r.object as any).spec.disruption).toEqual({
      consolidateAfter: '0s',
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      budgets: [{ nodes: '10%' }],
    });
    expect((r.object as any).spec.template.spec.expireAfter).toBe('720h');
  });

  test('should skip CEL when a blocking schema error exists, as the API server does', () => {
    const r = crdCheck(INVALID_CASES.find((c) => c.name === 'NodePool: weight as a string')!);
    expect(r.celBlocked).toBe(true);
    expect(r.evaluations).toEqual([]);
  });

  test('should report a CEL evaluation error as a rejection', () => {
    const r = crdCheck(INVALID_CASES.find((c) => c.name.startsWith('NodePool: In requirement with values omitted'))!);
    expect(r.violations).toEqual([
      expect.objectContaining({
        ruleId: 'NodePool:spec.template.spec.requirements:0',
        path: 'spec.template.spec.requirements',
        message: expect.stringMatching(/must have a value defined \(evaluation error: /),
      }),
    ]);
  });
});

describe('CEL library parity with Kubernetes', () => {
  test('find returns the leftmost-first match, or empty', () => {
    expect(k8sFind('team.karpenter.sh/x', '^([^/]+)')).toBe('team.karpenter.sh');
    expect(k8sFind('al2023@latest', '^[^@]+')).toBe('al2023');
    expect(k8sFind('abc', '[0-9]+')).toBe('');
    expect(k8sFind('a1b22', '[0-9]+|b')).toBe('1');
    expect(k8sFindAll('a1b22c333', '[0-9]+')).toEqual(['1', '22', '333']);
    expect(k8sFindAll('a1b22c333', '[0-9]+', 2)).toEqual(['1', '22']);
  });

  test('find rejects regex syntax RE2 does not support', () => {
    expect(() => k8sFind('aa', '(a)\\1')).toThrow(/Illegal regex/);
    expect(() => k8sFind('ab', 'a(?=b)')).toThrow(/Illegal regex/);
  });

  test('int() parses like strconv.ParseInt', () => {
    expect(goParseInt('33')).toBe(33n);
    expect(goParseInt('-1')).toBe(-1n);
    expect(goParseInt('+7')).toBe(7n);
    for (const bad of ['', ' 4', '0x10', '1_000', '1.5', '9223372036854775808']) {
      expect(() => goParseInt(bad)).toThrow(/cannot convert|out of range/);
    }
  });
});

/**
 * Cases where our validator and the CRD disagree, with the reason. Each runs as `test.failing`,
 * so fixing the validator (or the case) makes the suite say so.
 */
const KNOWN_DISAGREEMENTS: Readonly<Record<string, string>> = {};

describeWithCrds('validateManifest agrees with the CRD', () => {
  beforeAll(loadCrds);

  /** Errors the API server would raise: runtime-only checks (Karpenter's RuntimeValidate) are left out. */
  const apiServerErrors = (m: unknown) => errorsOf(validateManifest(m)).filter((i) => !KARPENTER_RUNTIME_CHECK_CODES.includes(i.code));

  const check = (c: CorpusCase) => {
    const crd = crdCheck(c);
    const ours = apiServerErrors(c.manifest).map((i) => `${i.field}: ${i.message} (${i.code})`);
    if (crd.accepted) {
      expect({ crdAccepts: true, ourErrors: ours }).toEqual({ crdAccepts: true, ourErrors: [] });
    } else {
      // Show the CRD's reasons when we miss them.
      expect({ crdAccepts: false, ourErrors: ours, crdViolations: crd.violations.map((v) => `${v.path}: ${v.message}`) }).toEqual(
        expect.objectContaining({ crdAccepts: false, ourErrors: expect.arrayContaining([expect.any(String)]) }),
      );
    }
  };

  test.each(byName(V1_CASES.filter((c) => !KNOWN_DISAGREEMENTS[c.name])))('%s', (_, c) => check(c));

  const known = V1_CASES.filter((c) => KNOWN_DISAGREEMENTS[c.name]);
  if (known.length > 0) test.failing.each(byName(known))('known disagreement: %s', (_, c) => check(c));

  test('every known disagreement names a corpus case', () => {
    expect(Object.keys(KNOWN_DISAGREEMENTS).filter((n) => !V1_CASES.some((c) => c.name === n))).toEqual([]);
  });
});

describeWithCrds('migrated manifests are accepted by the CRD', () => {
  beforeAll(loadCrds);
  const fixture = (f: string) => fs.readFileSync(path.join(__dirname, '..', 'fixtures', f), 'utf8');

  test.each(['production-v1beta1.yaml', 'provisioner-v1alpha5.yaml'])('%s', (f) => {
    const result = migrateManifests(fixture(f));
    expect(result.errors).toEqual([]);
    const verdicts = result.manifests.map((m: any) => ({
      name: `${m.kind}/${m.metadata.name}`,
      violations: crds
        .get(m.kind)!
        .validate(m)
        .violations.map((v) => `${v.path}: ${v.message}`),
    }));
    expect(verdicts).toEqual(verdicts.map((v) => ({ name: v.name, violations: [] })));
  });
});

describeWithCrds('CRD evaluator models ObjectMeta as the API server decodes it', () => {
  const np = (metadata: object) => ({ ...(VALID_CASES.find((c) => c.name.startsWith('NodePool: minimal'))!.manifest as object), metadata });
  beforeAll(loadCrds);

  test.each([
    ['null name beside generateName', { name: null, generateName: 'pool-' }, true],
    ['empty name beside generateName', { name: '', generateName: 'pool-' }, true],
    ['empty name and empty generateName', { name: '', generateName: '' }, false],
    ['null label value (the Go zero value "")', { name: 'a', labels: { team: null } }, true],
    ['annotation key that is not a qualified name', { name: 'a', annotations: { 'a b': 'x' } }, false],
    ['upper-case annotation key (checked lower-cased)', { name: 'a', annotations: { 'Example.com/Note': 'x' } }, true],
    ['unknown ObjectMeta field', { name: 'a', nmae: 'b' }, false],
    ['finalizers as a string (Go cannot decode it)', { name: 'a', finalizers: 'x' }, false],
    ['finalizers as a list of strings', { name: 'a', finalizers: ['x'] }, true],
  ])('%s', (_, metadata, accepted) => {
    expect(crds.get('NodePool')!.validate(np(metadata)).accepted).toBe(accepted);
  });

  test('format int32 is not range-checked and date-time is strfmt.IsDateTime', () => {
    const ec2 = VALID_CASES.find((c) => c.name === 'EC2NodeClass: getting-started AL2023 alias')!.manifest;
    expect(crds.get('EC2NodeClass')!.validate({ ...ec2, spec: { ...ec2.spec, kubelet: { maxPods: 2 ** 40 } } }).accepted).toBe(true);
    expect(strfmtIsDateTime('2024-02-29T23:59:59Z')).toBe(true);
    for (const bad of ['2025-02-29T00:00:00Z', '2025-13-01T00:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01 00:00:00Z'])
      expect(strfmtIsDateTime(bad)).toBe(false);
  });
});

describeWithCrds('the unit tests rule cases (shared corpus) agree with the CRD', () => {
  beforeAll(loadCrds);
  const bases = { NodePool: unitNodePool, EC2NodeClass: unitEc2NodeClass } as const;
  const celCases = [
    ...NODEPOOL_CEL_CASES.map((c, i) => [`NodePool ${c.crdPath}: ${c.rule} [${i}]`, 'NodePool', c] as const),
    ...EC2NODECLASS_CEL_CASES.map((c, i) => [`EC2NodeClass ${c.crdPath}: ${c.rule} [${i}]`, 'EC2NodeClass', c] as const),
  ];
  const verdict = (kind: 'NodePool' | 'EC2NodeClass', m: object) => crds.get(kind)!.validate(m);

  test.each(celCases)('%s: the CRD accepts the accepting change and rejects the rejecting one', (_, kind, c) => {
    const accepted = verdict(kind, patched(bases[kind](), ...c.accept));
    expect(accepted.violations.map((v) => `${v.path}: ${v.message}`)).toEqual([]);
    expect(verdict(kind, patched(bases[kind](), ...c.reject)).accepted).toBe(false);
  });

  const schemaCases = [
    ...NODEPOOL_SCHEMA_CASES.map((c) => [`NodePool ${c[0]}`, 'NodePool', c] as const),
    ...EC2NODECLASS_SCHEMA_CASES.map((c) => [`EC2NodeClass ${c[0]}`, 'EC2NodeClass', c] as const),
  ];
  test.each(schemaCases)('%s: the CRD verdict equals ours (runtime-only codes aside)', (_, kind, [, changes]) => {
    const m = patched(bases[kind](), ...changes);
    const ours = errorsOf(validateManifest(m)).filter((i) => !KARPENTER_RUNTIME_CHECK_CODES.includes(i.code));
    expect({ crdAccepts: verdict(kind, m).accepted }).toEqual({ crdAccepts: ours.length === 0 });
  });
});

describe('skipping the CRD tier', () => {
  const saved = { require: process.env.KARPENTER_REQUIRE_CRDS, dir: process.env.KARPENTER_CRDS_DIR };
  afterEach(() => {
    for (const [k, v] of [
      ['KARPENTER_REQUIRE_CRDS', saved.require],
      ['KARPENTER_CRDS_DIR', saved.dir],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  test('says where it looked and how to get the CRDs; with KARPENTER_REQUIRE_CRDS=1 (CI) it fails instead', () => {
    process.env.KARPENTER_CRDS_DIR = '/nonexistent/crds';
    expect(karpenterCrdsDir()).toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    delete process.env.KARPENTER_REQUIRE_CRDS;
    skipWithoutCrds('X');
    expect(warn).toHaveBeenCalledWith(
      'SKIPPED: X: Karpenter CRDs not found in /nonexistent/crds; run `npm run fetch-upstream` or set KARPENTER_CRDS_DIR',
    );
    warn.mockRestore();
    process.env.KARPENTER_REQUIRE_CRDS = '1';
    expect(() => skipWithoutCrds('X')).toThrow(/^KARPENTER_REQUIRE_CRDS=1: SKIPPED: X: Karpenter CRDs not found/);
  });
});
