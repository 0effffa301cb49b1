// Property test: thousands of manifests made by mutating the valid corpus (deleted fields,
// swapped types, boundary numbers, odd strings, nulls, duplicates, unknown fields, values drawn
// from the CRD schema) must get the same verdict from our validator as from the CRD evaluator.
// Runtime-only checks (KARPENTER_RUNTIME_CHECK_CODES) go beyond the API server and are ignored.
// Reproduce a failure with MUTATION_SEED=<seed printed in the failure>.
import { errorsOf } from '../../lib/core/issues';
import { KARPENTER_RUNTIME_CHECK_CODES, validateManifest } from '../../lib/core/validation/validate';
import { CorpusCase, EC2NODECLASS_CEL_CASES, NODEPOOL_CEL_CASES, VALID_EC2NODECLASSES, VALID_NODEPOOLS } from '../fixtures/crd-cases';
import { ec2NodeClass, nodePool, patched } from '../core/api/fixtures';
import { CrdValidator, Schema, skipWithoutCrds, karpenterCrdsDir } from './crd-validator';
import { mulberry32 } from '../util/prng';

const SPECS = Number(process.env.MUTATION_SPECS ?? 5000);
const SEED = Number(process.env.MUTATION_SEED ?? 20261203);

type Json = any;
type Seg = string | number;

class Gen {
  constructor(private readonly rand: () => number) {}
  public int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  public pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  public chance(p: number): boolean {
    return this.rand() < p;
  }
}

const STRINGS = [
  '',
  ' ',
  'a',
  'A',
  '-a',
  'a-',
  'a'.repeat(63),
  'a'.repeat(64),
  'a'.repeat(253),
  'a'.repeat(256),
  'example.com/team',
  'kubernetes.io/x',
  'karpenter.sh/nodepool',
  'karpenter.sh/capacity-type',
  'Example.com/x',
  'a/b/c',
  '0',
  '1',
  '-1',
  '10%',
  '101%',
  '1h',
  '0s',
  '1h30m',
  '1d',
  'Never',
  '720h',
  '100Gi',
  '1.5',
  '1e3',
  'Ti',
  '65T',
  'al2023@latest',
  'al2023',
  'bottlerocket@v1.20.0',
  'windows2022@latest',
  '@latest',
  'subnet-0abc',
  'sg-123',
  'ami-123',
  '*',
  '2025-01-31T12:00:00Z',
  '2025-02-30T12:00:00Z',
  '* * * * *',
  '@daily',
  '123456789012',
  'In',
  'NotIn',
  'Exists',
  'Gt',
  'NoSchedule',
  'WhenEmpty',
  'Underutilized',
  'gp3',
  'enabled',
  'required',
  'RAID0',
  'interface',
  'efa-only',
  'ümlaut',
  'x\ny',
];
const NUMBERS = [0, 1, -1, 2, 5, 10, 30, 50, 51, 59, 60, 64, 65, 100, 101, 180, 300, 432000, 432001, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 1.5];

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Paths of every value below `root` (not `root` itself). */
function paths(v: Json, prefix: Seg[] = []): Seg[][] {
  const out: Seg[][] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push([...prefix, i], ...paths(x, [...prefix, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push([...prefix, k], ...paths(x, [...prefix, k]));
  return out;
}

function getAt(root: Json, p: readonly Seg[]): Json {
  return p.reduce((cur, k) => (cur === null || cur === undefined ? undefined : cur[k]), root);
}

/** Sub-schema of the CRD at a value path, or undefined. */
function schemaAt(root: Schema, p: readonly Seg[]): Schema | undefined {
  let s: Schema | undefined = root;
  for (const k of p) {
    if (!s) return undefined;
    if (typeof k === 'number') s = s.items;
    else s = s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
  }
  return s;
}

/** A value the schema might accept or narrowly reject: enums, bounds, lengths. */
function valueFor(g: Gen, s: Schema | undefined, depth = 0): Json {
  if (!s || depth > 3) return g.pick(STRINGS);
  if (s.enum && g.chance(0.8)) return g.pick(s.enum);
  if (s['x-kubernetes-int-or-string']) return g.chance(0.5) ? g.pick(NUMBERS) : g.pick(STRINGS);
  switch (s.type) {
    case 'integer': {
      const bounds = [s.minimum, s.maximum].filter((x) => typeof x === 'number');
      if (bounds.length > 0 && g.chance(0.7)) return g.pick(bounds) + g.pick([-1, 0, 0, 1]);
      return g.pick(NUMBERS);
    }
    case 'boolean':
      return g.chance(0.5);
    case 'string': {
      if (typeof s.maxLength === 'number' && g.chance(0.3)) return 'a'.repeat(s.maxLength + g.pick([0, 1]));
      if (typeof s.minLength === 'number' && s.minLength > 0 && g.chance(0.2)) return 'a'.repeat(s.minLength - 1);
      return g.pick(STRINGS);
    }
    case 'array': {
      const n = g.pick([0, 1, 1, 2, 3]);
      return Array.from({ length: n }, () => valueFor(g, s.items, depth + 1));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      if (s.properties) {
        for (const [k, sub] of Object.entries<Schema>(s.properties)) {
          if ((s.required ?? []).includes(k) || g.chance(0.3)) out[k] = valueFor(g, sub, depth + 1);
        }
      } else if (typeof s.additionalProperties === 'object') {
        const n = g.pick([0, 1, 2]);
        for (let i = 0; i < n; i++) out[g.pick(STRINGS.filter((x) => x !== ''))] = valueFor(g, s.additionalProperties, depth + 1);
      }
      return out;
    }
    default:
      return g.pick(STRINGS);
  }
}

function swapType(g: Gen, v: Json): Json {
  const options: Json[] = ['1', 1, true, {}, [], null, 1.5, ['a'], { a: 'b' }];
  return g.pick(options.filter((o) => kindOf(o) !== kindOf(v)));
}

/** Applies one random mutation to `m` (in place) and describes it. */
function mutate(g: Gen, m: Json, schema: Schema): string {
  if (g.chance(0.08)) return mutateMetadata(g, m);
  const all = [['spec'], ...paths(m.spec, ['spec'])];
  const p = g.pick(all);
  const parent = getAt(m, p.slice(0, -1));
  const key = p[p.length - 1];
  const cur = getAt(m, p);
  const at = p.join('.');
  const set = (v: Json) => {
    parent[key] = v;
  };
  switch (g.int(9)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return `delete ${at}`;
    case 1:
      set(swapType(g, cur));
      return `swap type of ${at}`;
    case 2:
      if (typeof cur === 'number') {
        set(cur + g.pick([-1, 1]));
        return `${at} +-1`;
      }
      set(g.pick(NUMBERS));
      return `${at} = number`;
    case 3:
      set(g.pick(STRINGS));
      return `${at} = string`;
    case 4:
      set(null);
      return `${at} = null`;
    case 5:
      if (Array.isArray(cur) && cur.length > 0) {
        cur.push(structuredClone(g.pick(cur)));
        return `duplicate an item of ${at}`;
      }
      if (cur !== null && typeof cur === 'object') {
        cur[g.pick(['noSuchField', 'Name', 'x'])] = g.pick(STRINGS);
        return `unknown field in ${at}`;
      }
      set(g.pick(STRINGS));
      return `${at} = string`;
    case 6:
    case 7: {
      // A value from the schema at this path, or a new field the schema knows.
      const s = schemaAt(schema, p);
      if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && s?.properties && g.chance(0.5)) {
        const k = g.pick(Object.keys(s.properties));
        cur[k] = valueFor(g, s.properties[k]);
        return `set ${at}.${k} from the schema`;
      }
      set(valueFor(g, s));
      return `${at} from the schema`;
    }
    default: {
      if (cur !== null && typeof cur === 'object' && !Array.isArray(cur)) {
        cur[g.pick(STRINGS)] = g.pick([...STRINGS, null]);
        return `add an entry to ${at}`;
      }
      set(g.pick([...STRINGS, ...NUMBERS]));
      return `${at} = any scalar`;
    }
  }
}

/** ObjectMeta mutations: name, generateName, label and annotation entries. */
function mutateMetadata(g: Gen, m: Json): string {
  const meta = m.metadata;
  switch (g.int(5)) {
    case 0:
      meta.name = g.pick([...STRINGS, null, 1]);
      return 'metadata.name = any';
    case 4:
      meta[g.pick(['namespace', 'finalizers', 'uid', 'generation', 'ownerReferences', 'creationTimestamp', 'Name', 'nmae', 'spec'])] = g.pick([
        ...STRINGS.slice(0, 8),
        null,
        1,
        1.5,
        ['a'],
        [{}],
        {},
      ]);
      return 'metadata field = any';
    case 1:
      meta.generateName = g.pick(STRINGS);
      if (g.chance(0.5)) delete meta.name;
      return 'metadata.generateName = string';
    case 2:
      meta.labels = { ...(meta.labels ?? {}), [g.pick(STRINGS)]: g.pick([...STRINGS, null]) };
      return 'add a metadata label';
    default:
      meta.annotations = { ...(meta.annotations ?? {}), [g.pick(STRINGS)]: g.pick([...STRINGS, null]) };
      return 'add a metadata annotation';
  }
}

const CRDS_DIR = karpenterCrdsDir();
if (!CRDS_DIR) skipWithoutCrds('mutation property test (validator vs CRD)');

(CRDS_DIR ? describe : describe.skip)('mutation property test: validateManifest agrees with the CRD evaluator', () => {
  test(`${SPECS} mutated manifests get the same accept/reject verdict (seed ${SEED})`, () => {
    const crds = new Map(
      ['karpenter.sh_nodepools.yaml', 'karpenter.k8s.aws_ec2nodeclasses.yaml'].map((f) => {
        const v = CrdValidator.load(f);
        return [v.kind, v] as const;
      }),
    );
    // The valid corpus manifests, and the accepting change of every CEL rule case (each sits at a rule's edge).
    const bases: CorpusCase[] = [
      ...VALID_NODEPOOLS,
      ...VALID_EC2NODECLASSES,
      ...NODEPOOL_CEL_CASES.map((c, i) => ({ name: `NodePool CEL case ${i} (${c.rule})`, manifest: patched(nodePool(), ...c.accept) })),
      ...EC2NODECLASS_CEL_CASES.map((c, i) => ({ name: `EC2NodeClass CEL case ${i} (${c.rule})`, manifest: patched(ec2NodeClass(), ...c.accept) })),
    ];
    const g = new Gen(mulberry32(SEED));
    const disagreements: string[] = [];
    let rejected = 0;
    for (let i = 0; i < SPECS; i++) {
      const base = g.pick(bases);
      const m = structuredClone(base.manifest);
      const crd = crds.get(m.kind)!;
      const steps = Array.from({ length: 1 + g.int(Number(process.env.MUTATION_MAX_STEPS ?? 3)) }, () => mutate(g, m, crd.schema));
      const verdict = crd.validate(m);
      const ours = errorsOf(validateManifest(structuredClone(m))).filter((x) => !KARPENTER_RUNTIME_CHECK_CODES.includes(x.code));
      if (!verdict.accepted) rejected++;
      if (verdict.accepted !== (ours.length === 0)) {
        disagreements.push(
          [
            `#${i} from '${base.name}': ${steps.join('; ')}`,
            `  CRD ${verdict.accepted ? 'accepts' : `rejects: ${verdict.violations.map((v) => `${v.path}: ${v.message}`).join(' | ')}`}`,
            `  ours ${ours.length === 0 ? 'accepts' : `rejects: ${ours.map((x) => `${x.field}: ${x.message} (${x.code})`).join(' | ')}`}`,
            `  manifest: ${JSON.stringify(m.spec)}`,
          ].join('\n'),
        );
      }
    }
    if (disagreements.length > 0) {
      throw new Error(
        `MUTATION_SEED=${SEED}: ${disagreements.length} of ${SPECS} mutated manifests disagree; first ones:\n${disagreements.slice(0, 8).join('\n')}`,
      );
    }
    // The mutations must exercise both verdicts, or the test proves little.
    expect(rejected).toBeGreaterThan(SPECS * 0.3);
    expect(rejected).toBeLessThan(SPECS * 0.95);
  });
});
