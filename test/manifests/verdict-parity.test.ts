// One NodePool verdict (issue #23 item 1): synth and `validate` give the same codes and severities on the same
// NodePool. Every fixture NodePool the suites hold that typed props can express (the CRD case corpus, the CLI's
// fixture files, the scheduling cases) is built as a KarpenterNodePool with an AL2023 Ec2NodeClass and synthesized
// with validations; `validate` then checks the manifests the constructs render. The examples' pools are compared
// as the examples build them, each with its own Ec2NodeClass.
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { IConstruct } from 'constructs';
import { AppAndBatchPools } from '../../examples/compose-node-pools/app-and-batch-pools';
import { GeneralAndGpuPools } from '../../examples/explain-gpu/gpu-pools';
import { buildFullStackApp } from '../../examples/full-stack/app';
import { toYaml } from '../../lib/core/model/yaml';
import { Operator, Requirement } from '../../lib/core/model/requirement-builder';
import { Budget, Disruption, DisruptionOptions, NodePoolLimits } from '../../lib/core/api/node-pool-definition';
import { memoryIo } from '../util/cli';
import { runCli } from '../../lib/cli/cli';
import { Ec2NodeClass } from '../../lib/manifests/ec2-node-class';
import { KarpenterNodePool, KarpenterNodePoolProps } from '../../lib/manifests/karpenter-node-pool';
import { INVALID_NODEPOOLS, VALID_NODEPOOLS } from '../fixtures/crd-cases';
import { REQUIREMENT_CASES } from '../core/sim/scheduling-cases/cases-requirements';
import { RESOURCE_CASES } from '../core/sim/scheduling-cases/cases-resources';
import { stackErrorLines } from '../private/at-synth';
import { warningsOf } from '../util/warnings';
import { nodeClassStack } from './node-class-stack';

type Json = Record<string, any>;
type PoolProps = Omit<KarpenterNodePoolProps, 'nodeClass'>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const only = (o: Json, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
const POLICIES: Record<string, (o: DisruptionOptions) => Disruption> = {
  WhenEmpty: Disruption.whenEmpty,
  WhenEmptyOrUnderutilized: Disruption.whenEmptyOrUnderutilized,
  Balanced: Disruption.balanced,
};

/** The props that render `m`, or undefined when typed props cannot say it (a field of the wrong type, an unknown field). */
function propsOf(m: Json): PoolProps | undefined {
  const spec = m.spec;
  const template = spec?.template ?? {};
  const tspec = template.spec ?? {};
  const meta = template.metadata ?? {};
  if (m.apiVersion !== 'karpenter.sh/v1' || m.kind !== 'NodePool' || typeof m.metadata?.name !== 'string' || !isObject(spec)) return undefined;
  if (!only(m, ['apiVersion', 'kind', 'metadata', 'spec']) || !only(m.metadata, ['name'])) return undefined;
  if (!only(spec, ['template', 'disruption', 'limits', 'weight', 'replicas']) || !isObject(template) || !only(template, ['metadata', 'spec']))
    return undefined;
  const tkeys = ['nodeClassRef', 'requirements', 'taints', 'startupTaints', 'expireAfter', 'terminationGracePeriod'];
  if (!isObject(tspec) || !only(tspec, tkeys) || !isObject(meta) || !only(meta, ['labels', 'annotations'])) return undefined;
  const requirements: Requirement[] = [];
  for (const r of tspec.requirements ?? []) {
    if (!isObject(r) || !only(r, ['key', 'operator', 'values', 'minValues']) || typeof r.key !== 'string' || typeof r.operator !== 'string')
      return undefined;
    if ((r.values !== undefined && !isStrings(r.values)) || (r.minValues !== undefined && typeof r.minValues !== 'number')) return undefined;
    requirements.push(Requirement.of(r.key, r.operator as Operator, r.values, r.minValues));
  }
  const strings = (v: unknown) => v === undefined || (isObject(v) && Object.values(v).every((x) => typeof x === 'string'));
  const durations = [tspec.expireAfter, tspec.terminationGracePeriod].every((d) => d === undefined || typeof d === 'string');
  if (!strings(meta.labels) || !strings(meta.annotations) || !durations) return undefined;
  const taints = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((t) => isObject(t) && only(t, ['key', 'value', 'effect'])));
  if (!taints(tspec.taints) || !taints(tspec.startupTaints)) return undefined;
  const disruption = disruptionOf(spec.disruption);
  const limits = limitsOf(spec.limits);
  if (disruption === null || limits === null) return undefined;
  return {
    name: m.metadata.name,
    requirements,
    labels: meta.labels,
    annotations: meta.annotations,
    taints: tspec.taints,
    startupTaints: tspec.startupTaints,
    expireAfter: tspec.expireAfter,
    terminationGracePeriod: tspec.terminationGracePeriod,
    disruption,
    limits,
    weight: spec.weight,
    replicas: spec.replicas,
  } as PoolProps;
}

/** Null when typed props cannot say it. */
function disruptionOf(d: unknown): Disruption | undefined | null {
  if (d === undefined) return undefined;
  if (!isObject(d) || !only(d, ['consolidationPolicy', 'consolidateAfter', 'budgets'])) return null;
  const make = POLICIES[d.consolidationPolicy ?? 'WhenEmptyOrUnderutilized'];
  if (!make || (d.consolidateAfter !== undefined && typeof d.consolidateAfter !== 'string')) return null;
  if (d.consolidateAfter === undefined) return null; // the builder always renders one
  const budgets: Budget[] = [];
  for (const b of d.budgets ?? []) {
    if (!isObject(b) || !only(b, ['nodes', 'schedule', 'duration', 'reasons']) || typeof b.nodes !== 'string') return null;
    const percent = /^(\d+)%$/.exec(b.nodes);
    if (!percent && !/^\d+$/.test(b.nodes)) return null;
    let budget = percent ? Budget.percent(Number(percent[1])) : Budget.nodes(Number(b.nodes));
    if ((b.schedule === undefined) !== (b.duration === undefined)) return null;
    if (b.schedule !== undefined) {
      if (typeof b.schedule !== 'string' || typeof b.duration !== 'string') return null;
      budget = budget.during(b.schedule, b.duration as never);
    }
    if (b.reasons !== undefined) {
      if (!isStrings(b.reasons)) return null;
      budget = budget.forReasons(...(b.reasons as never[]));
    }
    budgets.push(budget);
  }
  return make({ consolidateAfter: d.consolidateAfter as never, budgets: d.budgets === undefined ? undefined : budgets });
}

/** Null when typed props cannot say it. */
function limitsOf(l: unknown): NodePoolLimits | undefined | null {
  if (l === undefined) return undefined;
  if (!isObject(l)) return null;
  const resources: Record<string, string> = {};
  const out: Json = {};
  for (const [k, v] of Object.entries(l)) {
    if (k === 'nodes') {
      if (typeof v !== 'string' || !/^\d+$/.test(v)) return null;
      out.nodes = Number(v);
    } else if (typeof v !== 'string') return null;
    else if (k === 'cpu' || k === 'memory') out[k] = v;
    else if (k === 'ephemeral-storage') out.ephemeralStorage = v;
    else resources[k] = v;
  }
  return { ...out, ...(Object.keys(resources).length > 0 ? { resources } : {}) } as NodePoolLimits;
}

/** `severity code` of each issue, sorted. */
const codeOf = (line: string) => /\((\w+)\)$/.exec(line)?.[1] ?? line;

function synthVerdict(props: PoolProps): { verdict: string[]; manifests: string } {
  const { stack, nodeClass } = nodeClassStack();
  const pool = new KarpenterNodePool(stack, 'Pool', { ...props, nodeClass });
  return poolVerdict(pool, nodeClass, stackErrorLines(stack));
}

/** A pool's synth verdict (errors of its stack's synth with validations, as cdktf synth runs; its warnings) and its manifests. */
function poolVerdict(pool: KarpenterNodePool, nodeClass: Ec2NodeClass | undefined, stackErrors: readonly string[]) {
  const errors = stackErrors.filter((l) => l.startsWith(`[${pool.node.path}] `));
  const verdict = [...errors.map((l) => `error ${codeOf(l)}`), ...warningsOf(pool).map((w) => `warning ${codeOf(w)}`)].sort();
  const nodeClassYaml = nodeClass ? `${toYaml(nodeClass.toManifest())}---\n` : '';
  return { verdict, manifests: `${nodeClassYaml}${toYaml(pool.toManifest())}` };
}

/** Each KarpenterNodePool under `root`, with the Ec2NodeClass of its stack its nodeClassRef names. */
function poolsOf(stacks: readonly TerraformStack[]): [string, { verdict: string[]; manifests: string }][] {
  return stacks.flatMap((stack) => {
    const all = stack.node.findAll();
    const classes = all.filter((c: IConstruct): c is Ec2NodeClass => c instanceof Ec2NodeClass);
    const errors = stackErrorLines(stack);
    return all
      .filter((c: IConstruct): c is KarpenterNodePool => c instanceof KarpenterNodePool)
      .map((pool): [string, { verdict: string[]; manifests: string }] => {
        const ref = pool.toManifest().spec.template.spec.nodeClassRef.name;
        return [
          pool.node.path,
          poolVerdict(
            pool,
            classes.find((c) => c.name === ref),
            errors,
          ),
        ];
      });
  });
}

function validateVerdict(yaml: string): string[] {
  const { io, out } = memoryIo(() => yaml);
  runCli(['validate', '--json', 'pools.yaml'], io);
  const issues = JSON.parse(out()).issues as { kind?: string; severity: string; code: string }[];
  return issues
    .filter((i) => i.kind === 'NodePool')
    .map((i) => `${i.severity} ${i.code}`)
    .sort();
}

/** The NodePools of the CLI's fixture files (a file that does not parse holds none). */
function cliFixturePools(): [string, Json][] {
  const dir = path.resolve(__dirname, '../fixtures/cli');
  return fs.readdirSync(dir).flatMap((f) =>
    parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).flatMap((d, i): [string, Json][] => {
      const value = d.errors.length === 0 ? (d.toJS() as unknown) : undefined;
      return isObject(value) && value.kind === 'NodePool' ? [[`test/fixtures/cli/${f}#${i}`, value]] : [];
    }),
  );
}

const FIXTURES: [string, Json][] = [
  ...[...VALID_NODEPOOLS, ...INVALID_NODEPOOLS].map((c): [string, Json] => [`crd-cases: ${c.name}`, c.manifest]),
  ...cliFixturePools(),
  ...[...REQUIREMENT_CASES, ...RESOURCE_CASES].flatMap((c) =>
    (c.nodePools ?? []).map((p, i): [string, Json] => [`scheduling-cases: ${c.id} #${i}`, p as Json]),
  ),
];
const EXPRESSIBLE = FIXTURES.flatMap(([name, m]) => {
  const props = propsOf(m);
  return props ? [[name, props] as const] : [];
});

test('most fixture NodePools are expressible as typed props', () => {
  expect(EXPRESSIBLE.length).toBeGreaterThanOrEqual(80);
});

test.each(EXPRESSIBLE)('%s: synth and validate agree', (_name, props) => {
  const synth = synthVerdict(props);
  expect(validateVerdict(synth.manifests)).toEqual(synth.verdict);
});

describe('the examples', () => {
  const stack = new TerraformStack(Testing.app(), 'examples');
  const provider = new KubernetesProvider(stack, 'k8s', {});
  new AppAndBatchPools(stack, 'Compose', 'prod', provider);
  new GeneralAndGpuPools(stack, 'Gpu', 'prod', provider);
  const fullStack = buildFullStackApp(Testing.app(), { clusterName: 'prod', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
  const pools = poolsOf([stack, fullStack.nodePools]);

  test('hold several pools', () => {
    expect(pools.length).toBeGreaterThanOrEqual(4);
  });

  test.each(pools)('%s: synth and validate agree', (_path, synth) => {
    expect(validateVerdict(synth.manifests)).toEqual(synth.verdict);
  });
});
