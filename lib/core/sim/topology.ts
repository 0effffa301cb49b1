// Topology spread and pod (anti-)affinity as the provisioning scheduler tracks them (kubernetes-sigs/karpenter
// v1.14.1 scheduling/topology.go, topologygroup.go, topologynodefilter.go, topologydomaingroup.go): groups of
// domain counts, deduplicated by what they mean, owned by the pods whose constraints made them.
import { WellKnownLabel } from '../model/labels';
import { Operator } from '../model/requirement-builder';
import { NodeTaint } from './inputs';
import { PodAffinityTermInput, PodInput, TopologySpread } from './pod-input';
import { ClassInstanceType } from './instance-types';
import { PodState, taintError } from './pods';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { counts as selectorCounts } from './selectors';
import { EXISTS, GroupType, NodeFilter, TopologyGroup } from './topology-group';
import { ownValue, pushAll } from '../json';

export type { GroupType } from './topology-group';
export { TopologyGroup } from './topology-group';

/** Where domains come from: a NodePool's requirements and taints over the types of its node class (topology.go:105-143). */
export interface DomainSource {
  readonly requirements: SchedulingRequirements;
  readonly taints: readonly NodeTaint[];
  readonly types: readonly ClassInstanceType[];
}

/** A node as topology sees it: an existing Node or an in-flight NodeClaim. */
export interface TopologyNode {
  readonly name: string;
  readonly hostname: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly NodeTaint[];
  /** False for an in-flight NodeClaim (no Node object: it adds no domain of its own but its hostname). */
  readonly hasNode: boolean;
  readonly requirements: SchedulingRequirements;
}

/** A pod bound to a node of the input. */
export interface BoundPod {
  readonly pod: PodInput;
  readonly node: TopologyNode;
  /** `metadata.deletionTimestamp` set: not counted, but its anti-affinity still blocks (topology.go:405-407). */
  readonly terminating: boolean;
}

/** What `addRequirements` found: the narrowed domains, or why the candidate fails. */
export type TopologyOutcome = { readonly narrowed: readonly SchedulingRequirement[] } | { readonly error: () => string };

/** The namespaces a pod affinity term selects (topology.go buildNamespaceList). */
export interface NamespaceView {
  /** Labels per Namespace; undefined when no Namespace objects were given. */
  readonly labels?: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Namespaces the input uses (pods, bound pods), for when no Namespace objects were given. */
  readonly known: ReadonlySet<string>;
}

/** The topology of one scheduling round. */
export class Topology {
  private readonly groups = new Map<string, TopologyGroup>();
  private readonly inverse = new Map<string, TopologyGroup>();
  private readonly byKey = new Map<string, TopologyGroup[]>();
  private readonly owned = new Map<PodInput, TopologyGroup[]>();
  private readonly inverseOwned = new Map<PodInput, TopologyGroup[]>();
  private readonly byShape = new Map<string, Map<string, TopologyGroup[]>>();
  private readonly inverseByShape = new Map<string, TopologyGroup[]>();
  private readonly domainGroups = new Map<string, Map<string, (readonly NodeTaint[])[]>>();
  private readonly hostnames: string[] = [];
  /** Shapes of the pods whose namespaceSelector was matched against assumed namespaces (no Namespace objects given). */
  public readonly assumedNamespaces = new Set<string>();

  /** Per pod shape, the constraints left out because their key has no domain and zones are not known. */
  private readonly unmodelledByShape = new Map<string, string[]>();
  private readonly selectedByInverse = new Map<string, boolean>();

  constructor(
    private readonly sources: readonly DomainSource[],
    private readonly nodes: readonly TopologyNode[],
    private readonly bound: readonly BoundPod[],
    private readonly ns: NamespaceView,
    /** False when no zones were given: a zone key without any domain is then left out, not unsatisfiable. */
    private readonly zonesKnown = true,
  ) {
    for (const n of nodes) this.hostnames.push(n.hostname);
    for (const b of bound) {
      if (!b.node.hasNode) continue;
      for (const g of this.inverseGroupsOf(b.pod)) {
        const d = ownValue(b.node.labels, g.key);
        if (d !== undefined) g.record(d);
      }
    }
  }

  /** Makes the pod the owner of the groups its constraints (after relaxation) define (Topology.Update). */
  public update(pod: PodInput, state: PodState): void {
    // Keyed by the shape string itself (its hash is cached), then the relaxation: no long key is built per call.
    let perShape = this.byShape.get(pod.shape);
    if (!perShape) {
      perShape = new Map();
      this.byShape.set(pod.shape, perShape);
    }
    const relaxed = `${state.requiredStart}|${state.preferredPodAffinity}|${state.preferredPodAntiAffinity}|${state.scheduleAnywaySpreads}`;
    let gs = perShape.get(relaxed);
    if (!gs) {
      gs = this.build(pod, state);
      perShape.set(relaxed, gs);
    }
    this.owned.set(pod, gs);
    if (!this.inverseOwned.has(pod)) {
      // A pod's inverse groups follow from its shape (namespace, labels, spec): one lookup per shape.
      let inv = this.inverseByShape.get(pod.shape);
      if (!inv) {
        inv = this.inverseGroupsOf(pod);
        this.inverseByShape.set(pod.shape, inv);
      }
      this.inverseOwned.set(pod, inv);
    }
  }

  /** Whether the pod takes part in topology at all (owns a group, or an inverse group selects it). */
  public involves(pod: PodInput): boolean {
    if ((this.owned.get(pod)?.length ?? 0) > 0) return true;
    let hit = this.selectedByInverse.get(pod.shape);
    if (hit === undefined) {
      hit = [...this.inverse.values()].some((g) => g.selects(pod));
      // Inverse groups are all made when the batch is queued; later ones only come from relaxation of the same pods.
      this.selectedByInverse.set(pod.shape, hit);
    }
    return hit;
  }

  /**
   * AddRequirements: the domain each group allows the pod on this candidate, from the pod's strict requirements
   * and the candidate's requirements before topology. `host`: a NodeClaim's hostname, kept out of its requirements.
   */
  public addRequirements(pod: PodInput, strict: SchedulingRequirements, node: SchedulingRequirements, host?: SchedulingRequirement): TopologyOutcome {
    const narrowed: SchedulingRequirement[] = [];
    const check = (g: TopologyGroup): (() => string) | undefined => {
      const podDomains = strict.find(g.key) ?? EXISTS(g.key);
      const nodeDomains = (host && g.key === HOSTNAME_LABEL ? host : node.find(g.key)) ?? EXISTS(g.key);
      const d = g.get(pod, podDomains, nodeDomains);
      if (d.size === 0) return () => g.describe(podDomains, nodeDomains);
      // A NodeClaim's hostname stays apart from its requirements (it would defeat the filter caches).
      if (!(host && g.key === HOSTNAME_LABEL)) narrowed.push(d);
      return undefined;
    };
    for (const g of this.owned.get(pod) ?? []) {
      const err = check(g);
      if (err) return { error: err };
    }
    for (const g of this.inverse.values()) {
      if (!g.selects(pod)) continue;
      const err = check(g);
      if (err) return { error: err };
    }
    return { narrowed };
  }

  /** Record: counts the placed pod in every group that selects it, and its own anti-affinity in its inverse groups. */
  public record(pod: PodInput, taints: readonly NodeTaint[], requirements: SchedulingRequirements, host?: SchedulingRequirement): void {
    const on = (key: string) => (host && key === HOSTNAME_LABEL ? host : requirements.get(key));
    for (const g of this.groups.values()) {
      if (!g.counts(pod, taints, requirements)) continue;
      const r = on(g.key);
      if (g.type === 'pod anti-affinity') for (const v of r.values) g.record(v);
      else if (!r.complement && r.size === 1) g.record(r.values[0]);
    }
    for (const g of this.inverseOwned.get(pod) ?? []) for (const v of on(g.key).values) g.record(v);
  }

  /** A new NodeClaim's hostname becomes a domain of every hostname group. */
  public registerHostname(hostname: string): void {
    this.hostnames.push(hostname);
    for (const g of this.byKey.get(HOSTNAME_LABEL) ?? []) g.register(hostname);
  }

  private index(g: TopologyGroup): void {
    const list = this.byKey.get(g.key);
    if (list) list.push(g);
    else this.byKey.set(g.key, [g]);
  }

  private build(pod: PodInput, state: PodState): TopologyGroup[] {
    const out: TopologyGroup[] = [];
    for (const tsc of activeSpreads(pod, state)) {
      if (this.unknownKey(pod, tsc.topologyKey, 'topology spread')) continue;
      out.push(this.spreadGroup(pod, tsc, state));
    }
    for (const term of activeAffinityTerms(pod, state)) {
      if (this.unknownKey(pod, term.topologyKey, term.anti ? 'pod anti-affinity' : 'pod affinity')) continue;
      out.push(this.affinityGroup(pod, term));
    }
    return out;
  }

  /** A zone key with no domain at all while zones are not known: the constraint is left out, and said on the pod. */
  private unknownKey(pod: PodInput, key: string, what: string): boolean {
    if (this.zonesKnown || key !== WellKnownLabel.ZONE) return false;
    if (this.domainsOf(key).size > 0 || this.nodes.some((n) => ownValue(n.labels, key) !== undefined)) return false;
    const note = `${what} on ${key} (no zones are known: give the cluster's zones)`;
    const list = this.unmodelledByShape.get(pod.shape) ?? [];
    if (!list.includes(note)) list.push(note);
    this.unmodelledByShape.set(pod.shape, list);
    return true;
  }

  /** What of the pod's topology is left out (zones not known), for its result. */
  public unmodelled(pod: PodInput): readonly string[] {
    return this.unmodelledByShape.get(pod.shape) ?? [];
  }

  private filterOf(pod: PodInput, state: PodState, tsc: TopologySpread): NodeFilter {
    const base = SchedulingRequirements.fromLabels(pod.affinity.nodeSelector);
    const terms = pod.affinity.requiredTerms.slice(state.requiredStart);
    const reqs =
      terms.length === 0 ? [base] : terms.map((t) => base.copy().addAll(t.map((w) => SchedulingRequirement.of(w.key, w.operator, w.values))));
    return new NodeFilter(reqs, pod, tsc.nodeAffinityPolicy !== 'Ignore', tsc.nodeTaintsPolicy === 'Honor');
  }

  private spreadGroup(pod: PodInput, tsc: TopologySpread, state: PodState): TopologyGroup {
    const filter = this.filterOf(pod, state, tsc);
    const namespaces = new Set([pod.namespace]);
    const hash = `spread|${tsc.topologyKey}|${pod.namespace}|${tsc.maxSkew}|${filter.signature}|${tsc.labelSelector.signature}`;
    const hit = this.groups.get(hash);
    if (hit) return hit;
    const g = new TopologyGroup('topology spread', tsc.topologyKey, namespaces, tsc.labelSelector, tsc.maxSkew, tsc.minDomains, filter);
    this.initialize(g, pod, tsc.nodeTaintsPolicy === 'Honor');
    this.groups.set(hash, g);
    this.index(g);
    return g;
  }

  private namespacesOf(pod: PodInput, term: PodAffinityTermInput): Set<string> {
    if (term.namespaceSelector === undefined) return new Set(term.namespaces.length === 0 ? [pod.namespace] : term.namespaces);
    const out = new Set(term.namespaces);
    const sel = term.namespaceSelector;
    for (const [name, labels] of this.ns.labels ?? []) if (selectorCounts(sel, labels)) out.add(name);
    // A namespace the pods use without a Namespace object is taken to carry only its name label, and said so.
    for (const name of this.ns.known) {
      if (this.ns.labels?.has(name)) continue;
      this.assumedNamespaces.add(pod.shape);
      if (selectorCounts(sel, { 'kubernetes.io/metadata.name': name })) out.add(name);
    }
    return out;
  }

  private affinityGroup(pod: PodInput, term: PodAffinityTermInput): TopologyGroup {
    const namespaces = this.namespacesOf(pod, term);
    const type: GroupType = term.anti ? 'pod anti-affinity' : 'pod affinity';
    const hash = `${type}|${term.topologyKey}|${[...namespaces].sort().join(',')}|${term.selector.signature}|${JSON.stringify(pod.tolerations)}`;
    const hit = this.groups.get(hash);
    if (hit) return hit;
    const g = new TopologyGroup(type, term.topologyKey, namespaces, term.selector, Number.MAX_SAFE_INTEGER, undefined, undefined);
    this.initialize(g, pod, true);
    this.groups.set(hash, g);
    this.index(g);
    return g;
  }

  private inverseGroupsOf(pod: PodInput): TopologyGroup[] {
    const out: TopologyGroup[] = [];
    for (const term of pod.podAffinityTerms) {
      if (!term.anti || !term.required) continue;
      const namespaces = this.namespacesOf(pod, term);
      const hash = `inverse|${term.topologyKey}|${[...namespaces].sort().join(',')}|${term.selector.signature}`;
      let g = this.inverse.get(hash);
      if (!g) {
        g = new TopologyGroup('pod anti-affinity', term.topologyKey, namespaces, term.selector, Number.MAX_SAFE_INTEGER, undefined, undefined);
        for (const d of this.domainsOf(term.topologyKey).keys()) g.register(d);
        if (term.topologyKey === HOSTNAME_LABEL) for (const h of this.hostnames) g.register(h);
        this.inverse.set(hash, g);
        this.index(g);
      }
      out.push(g);
    }
    return out;
  }

  /** buildDomainGroups for one key: every value NodePools and their types can give it, with the pools' taints. */
  private domainsOf(key: string): Map<string, (readonly NodeTaint[])[]> {
    let m = this.domainGroups.get(key);
    if (m) return m;
    m = new Map();
    const insert = (d: string, taints: readonly NodeTaint[]) => {
      const have = m!.get(d);
      if (!have || taints.length === 0) m!.set(d, [taints]);
      else if (have[0].length > 0) have.push(taints);
    };
    for (const s of this.sources) {
      const pool = s.requirements.find(key);
      const seen = new Set<string>();
      // Types share most requirement objects: intersect each distinct one once.
      const done = new Set<SchedulingRequirement | undefined>();
      for (const it of s.types) {
        const r = it.requirementOn(key);
        if (done.has(r)) continue;
        done.add(r);
        const both = pool && r ? pool.intersection(r) : (pool ?? r);
        if (both) for (const v of both.values) seen.add(v);
      }
      if (pool && pool.operator === Operator.IN) for (const v of pool.values) seen.add(v);
      for (const v of seen) insert(v, s.taints);
    }
    this.domainGroups.set(key, m);
    return m;
  }

  /** countDomains: the known domains (taint policy), existing nodes' values, and the existing pods it selects. */
  private initialize(g: TopologyGroup, pod: PodInput, honorTaints: boolean): void {
    for (const [d, sets] of this.domainsOf(g.key)) {
      if (!honorTaints || sets.some((t) => taintError(t, pod.tolerations, false) === undefined)) g.register(d);
    }
    for (const n of this.nodes) {
      if (!n.hasNode || (g.filter && !g.filter.matches(n.taints, n.requirements))) continue;
      const d = ownValue(n.labels, g.key);
      if (d !== undefined) g.register(d);
    }
    if (g.key === HOSTNAME_LABEL) for (const h of this.hostnames) g.register(h);
    for (const b of this.bound) {
      if (b.terminating || !g.namespaces.has(b.pod.namespace) || !selectorCounts(g.selector, b.pod.labels)) continue;
      const d = ownValue(b.node.labels, g.key) ?? (g.key === HOSTNAME_LABEL ? b.node.name : undefined);
      if (d === undefined || (g.filter && !g.filter.matches(b.node.taints, b.node.requirements))) continue;
      g.record(d);
    }
  }
}

/** The spreads that relaxation has not removed (ScheduleAnyway ones go first-to-last, preferences.go:90-100). */
export function activeSpreads(pod: PodInput, s: PodState): TopologySpread[] {
  let dropped = pod.topologySpread.filter((t) => t.whenUnsatisfiable === 'ScheduleAnyway').length - s.scheduleAnywaySpreads;
  return pod.topologySpread.filter((t) => !(t.whenUnsatisfiable === 'ScheduleAnyway' && dropped-- > 0));
}

/** Required terms, and the preferred ones relaxation has not removed yet (heaviest go first). */
export function activeAffinityTerms(pod: PodInput, s: PodState): PodAffinityTermInput[] {
  const out: PodAffinityTermInput[] = [];
  for (const anti of [false, true]) {
    const terms = pod.podAffinityTerms.filter((t) => t.anti === anti);
    const preferred = terms.filter((t) => !t.required);
    const left = anti ? s.preferredPodAntiAffinity : s.preferredPodAffinity;
    pushAll(
      pushAll(
        out,
        terms.filter((t) => t.required),
      ),
      preferred.slice(Math.max(0, preferred.length - left)),
    );
  }
  return out;
}
