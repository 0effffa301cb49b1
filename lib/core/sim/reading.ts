// The simulation's inputs read once (kubernetes-sigs/karpenter v1.14.1 provisioning/provisioner.go Schedule and
// scheduling/scheduler.go NewScheduler): EC2NodeClasses and NodePools into NodeClaim templates, the workloads into
// pods, the Nodes and NodeClaims into the cluster state. Hostile input becomes an issue, never an exception.
import { Severity, ValidationIssue } from '../issues';
import { isPlainObject, pushAll } from '../json';
import { buildTemplate, Template, withinLimits } from './nodeclaim-template';
import { NodeClassInput, NodePoolInput, readNodeClass, readNodePool } from './inputs';
import { InputProblem, list, readSafely } from './input-fields';
import { PodInput } from './pod-input';
import { readWorkloads } from './workloads';
import { daemonsFromPods } from './daemonset-pods';
import { loadInstanceTypeCatalog } from './catalog';
import { emptiedBy } from './admission';
import { LIMIT_ERRORS } from './limit-reasons';
import { ClusterNode, ClusterRead, readCluster, readNamespaces } from './cluster-state';
import { offeredZones } from './subnet-zones';
import { InstanceTypeCatalog, SimulationInput } from './simulation-types';

export function toIssue(p: InputProblem): ValidationIssue {
  return {
    severity: p.fatal ? Severity.ERROR : Severity.WARNING,
    field: p.field === '' ? p.object : `${p.object} ${p.field}`,
    code: p.code,
    message: p.message,
  };
}

/** The zones the input gives (`--zones`), when it gives a non-empty list of strings. */
export function givenZones(input: SimulationInput): readonly string[] | undefined {
  const z = input.zones;
  return Array.isArray(z) && z.length > 0 && z.every((x) => typeof x === 'string') ? z : undefined;
}

export interface Prepared {
  /** The catalog the templates were built from, which the cost ceilings read too. */
  readonly catalog: InstanceTypeCatalog;
  readonly pools: readonly NodePoolInput[];
  readonly classes: ReadonlyMap<string, NodeClassInput>;
  readonly poolReasons: Map<NodePoolInput, string>;
  readonly templates: readonly Template[];
  /** Every built template, also those the pre-filter emptied: they still give topology domains (provisioner.go:325). */
  readonly built: readonly Template[];
  readonly admitted: Map<NodePoolInput, readonly string[]>;
  readonly issues: ValidationIssue[];
}

function readNodeClasses(input: SimulationInput, issues: ValidationIssue[]): Map<string, NodeClassInput> {
  const classes = new Map<string, NodeClassInput>();
  (Array.isArray(input.nodeClasses) ? input.nodeClasses : []).forEach((o, i) => {
    const nc = readSafely(
      () => readNodeClass(o, i),
      () => readNodeClass(null, i),
    );
    pushAll(issues, nc.problems.map(toIssue));
    if (nc.name === '' || nc.problems.some((p) => p.fatal)) return;
    if (classes.has(nc.name)) {
      issues.push({
        severity: Severity.WARNING,
        field: `EC2NodeClass/${nc.name}`,
        code: 'SimDuplicateNodeClass',
        message: 'appears twice; the last one is used',
      });
    }
    classes.set(nc.name, nc);
  });
  return classes;
}

/** A pool's template, or why it launches nothing; the admitted types are set for every built template. */
function poolTemplate(
  pool: NodePoolInput,
  classes: ReadonlyMap<string, NodeClassInput>,
  input: SimulationInput,
  catalog: InstanceTypeCatalog,
  out: Prepared,
) {
  pushAll(out.issues, pool.problems.map(toIssue));
  const fatal = pool.problems.find((p) => p.fatal);
  if (fatal) return void out.poolReasons.set(pool, `${fatal.field}: ${fatal.message}`);
  const nc = pool.nodeClassName === undefined ? undefined : classes.get(pool.nodeClassName);
  if (!nc) {
    const message =
      `nodeClassRef names EC2NodeClass "${pool.nodeClassName}", which is not among the inputs; ` +
      'a NodePool whose node class is not ready launches nothing: add that EC2NodeClass or fix the name';
    out.issues.push({
      severity: Severity.ERROR,
      field: `NodePool/${pool.name} spec.template.spec.nodeClassRef.name`,
      code: 'SimUnknownNodeClass',
      message,
    });
    return void out.poolReasons.set(pool, message);
  }
  if (pool.isStatic) {
    return void out.poolReasons.set(pool, 'a static NodePool (spec.replicas set): the provisioner does not launch nodes for pending pods from it');
  }
  const t = buildTemplate(pool, nc, catalog, offeredZones(givenZones(input), nc));
  (out.built as Template[]).push(t);
  if (t.filterError) {
    const by = emptiedBy(pool, t);
    out.poolReasons.set(pool, by ? `${t.filterError}: ${by.field} (${by.what}) left none of ${by.before}` : t.filterError);
    return void out.admitted.set(pool, []);
  }
  const limits = pool.limits.amounts;
  const limited = limits ? withinLimits(t, t.options, limits) : t.options;
  out.admitted.set(
    pool,
    limited.map((i) => t.all[i].type.name),
  );
  if (limits && (limited.length === 0 || limits.nodes === 0)) {
    out.poolReasons.set(pool, limits.nodes === 0 ? `${LIMIT_ERRORS.nodes} (NodePool=${pool.name})` : `${LIMIT_ERRORS.types} (NodePool=${pool.name})`);
  }
  (out.templates as Template[]).push(t);
}

/** The node classes and pools read, each pool's template ordered by weight, and why any pool launches nothing. */
export function prepare(input: SimulationInput): Prepared {
  const catalog = input.catalog ?? loadInstanceTypeCatalog();
  const issues: ValidationIssue[] = [];
  const classes = readNodeClasses(input, issues);
  const pools = (Array.isArray(input.nodePools) ? input.nodePools : []).map((o, i) =>
    readSafely(
      () => readNodePool(o, i),
      () => readNodePool(null, i),
    ),
  );
  const out: Prepared = { catalog, pools, classes, poolReasons: new Map(), templates: [], built: [], admitted: new Map(), issues };
  for (const pool of pools) poolTemplate(pool, classes, input, catalog, out);
  // Weight descending, then name descending (utils/nodepool OrderByWeight).
  (out.templates as Template[]).sort((a, b) => b.pool.weight - a.pool.weight || (a.pool.name < b.pool.name ? 1 : a.pool.name > b.pool.name ? -1 : 0));
  return out;
}

/** What the raw manifest of a Pod says beyond its spec: phase, deletion, DaemonSet ownership. */
export interface PodFacts {
  readonly terminal?: string;
  readonly terminating: boolean;
  readonly daemon: boolean;
  /** A static (mirror) pod, owned by its Node. */
  readonly mirror: boolean;
}

function factsOf(o: unknown): PodFacts {
  if (!isPlainObject(o) || o.kind !== 'Pod') return { terminating: false, daemon: false, mirror: false };
  const status = isPlainObject(o.status) ? o.status : {};
  const meta = isPlainObject(o.metadata) ? o.metadata : {};
  const phase = status.phase === 'Succeeded' || status.phase === 'Failed' ? status.phase : undefined;
  const owners = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
  return {
    ...(phase === undefined ? {} : { terminal: phase }),
    terminating: meta.deletionTimestamp !== undefined && meta.deletionTimestamp !== null,
    daemon: owners.some((r) => isPlainObject(r) && r.kind === 'DaemonSet'),
    mirror: owners.some((r) => isPlainObject(r) && r.kind === 'Node'),
  };
}

/** The pods as Kubernetes expands the workloads, with their manifests' facts, and the DaemonSets that can run. */
export interface PodsRead {
  readonly pods: readonly PodInput[];
  readonly facts: ReadonlyMap<PodInput, PodFacts>;
  /** The DaemonSets' pods that can run, and one pod per DaemonSet the input gives only pods of. */
  readonly daemons: readonly PodInput[];
  /** What the overhead of DaemonSets given only by their pods assumes. */
  readonly daemonAssumptions: readonly string[];
}

export function readPods(input: SimulationInput, issues: ValidationIssue[]): PodsRead {
  const workloads = readWorkloads(input);
  const pods = workloads.pods;
  pushAll(issues, workloads.problems.map(toIssue));
  const fromPods = daemonsFromPods(pods, workloads.sources, list(input.daemonSets), workloads.daemons.length);
  const daemons = [...workloads.daemons.filter((d) => !d.problems.some((p) => p.fatal)), ...fromPods.daemons];
  const facts = new Map<PodInput, PodFacts>();
  pods.forEach((pod, i) =>
    facts.set(
      pod,
      readSafely(
        () => factsOf(workloads.sources[i]),
        () => ({ terminating: false, daemon: false, mirror: false }),
      ),
    ),
  );
  return { pods, facts, daemons, daemonAssumptions: fromPods.assumptions };
}

/** The running cluster: its Nodes and NodeClaims, and the namespaces' labels when Namespace objects were given. */
export interface ClusterStateRead {
  readonly nodes: readonly ClusterNode[];
  readonly nodeByName: ReadonlyMap<string, ClusterNode>;
  readonly namespaceLabels?: Map<string, Record<string, string>>;
}

export function readClusterState(input: SimulationInput, pools: readonly NodePoolInput[], issues: ValidationIssue[]): ClusterStateRead {
  const cluster = readSafely(
    (): ClusterRead => readCluster(list(input.nodes), list(input.nodeClaims), pools),
    (): ClusterRead => ({
      nodes: [],
      problems: [
        {
          object: 'nodes',
          field: '',
          code: 'SimInvalidObject',
          message: 'the Nodes and NodeClaims could not be read (a value threw when read); the cluster is taken as empty',
          fatal: true,
        },
      ],
    }),
  );
  pushAll(issues, cluster.problems.map(toIssue));
  const nodeByName = new Map(cluster.nodes.filter((n) => n.hasNode).map((n) => [n.name, n]));
  const namespaceLabels =
    input.namespaces === undefined
      ? undefined
      : readSafely(
          () => readNamespaces(list(input.namespaces)),
          () => new Map<string, Record<string, string>>(),
        );
  return { nodes: cluster.nodes, nodeByName, ...(namespaceLabels ? { namespaceLabels } : {}) };
}
