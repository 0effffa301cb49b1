// One topology group as the provisioning scheduler keeps it (kubernetes-sigs/karpenter v1.14.1
// scheduling/topologygroup.go, topologynodefilter.go): domain counts for one key, and which nodes count.
import { Operator } from '../model/requirement-builder';
import { NodeTaint } from './inputs';
import { PodInput } from './pod-input';
import { taintError } from './pods';
import { HOSTNAME_LABEL, SchedulingRequirement, SchedulingRequirements } from '../scheduling/requirements';
import { LabelSelector, selects } from './selectors';

export type GroupType = 'topology spread' | 'pod affinity' | 'pod anti-affinity';

/** Which nodes count for a spread (topologynodefilter.go). */
export class NodeFilter {
  public readonly signature: string;
  constructor(
    private readonly terms: readonly SchedulingRequirements[],
    private readonly pod: PodInput,
    private readonly affinityHonor: boolean,
    private readonly taintsHonor: boolean,
  ) {
    this.signature = `${affinityHonor ? 'A' : 'a'}${taintsHonor ? 'T' : 't'}|${terms.map(String).join('||')}|${JSON.stringify(pod.tolerations)}`;
  }

  public matches(taints: readonly NodeTaint[], requirements: SchedulingRequirements): boolean {
    if (this.affinityHonor && !this.terms.some((t) => requirements.compatible(t) === undefined)) return false;
    return !this.taintsHonor || taintError(taints, this.pod.tolerations, false) === undefined;
  }
}

export const EXISTS = (key: string) => SchedulingRequirement.of(key, Operator.EXISTS);
export const NONE = (key: string) => SchedulingRequirement.of(key, Operator.DOES_NOT_EXIST);

/** pretty.Map: `k: v` sorted, at most 25, then ` and N other(s)`. */
function prettyCounts(m: ReadonlyMap<string, number>): string {
  const keys = [...m.keys()].sort();
  const shown = keys.slice(0, 25).map((k) => `${k}: ${m.get(k)}`);
  return shown.join(', ') + (keys.length > 25 ? ` and ${keys.length - 25} other(s)` : '');
}

/** One topology group (topologygroup.go): domain counts for one key, type, namespaces, selector and node filter. */
export class TopologyGroup {
  public readonly domains = new Map<string, number>();
  public readonly empty = new Set<string>();
  private readonly selectsShape = new Map<string, boolean>();

  constructor(
    public readonly type: GroupType,
    public readonly key: string,
    public readonly namespaces: ReadonlySet<string>,
    public readonly selector: LabelSelector,
    public readonly maxSkew: number,
    public readonly minDomains: number | undefined,
    public readonly filter: NodeFilter | undefined,
  ) {}

  public selects(pod: PodInput): boolean {
    let hit = this.selectsShape.get(pod.shape);
    if (hit === undefined) {
      hit = this.namespaces.has(pod.namespace) && selects(this.selector, pod.labels);
      this.selectsShape.set(pod.shape, hit);
    }
    return hit;
  }

  public counts(pod: PodInput, taints: readonly NodeTaint[], requirements: SchedulingRequirements): boolean {
    return this.selects(pod) && (this.filter === undefined || this.filter.matches(taints, requirements));
  }

  public register(domain: string): void {
    if (this.domains.has(domain)) return;
    this.domains.set(domain, 0);
    this.empty.add(domain);
  }

  public record(...domains: string[]): void {
    for (const d of domains) {
      this.domains.set(d, (this.domains.get(d) ?? 0) + 1);
      this.empty.delete(d);
    }
  }

  public get(pod: PodInput, podDomains: SchedulingRequirement, nodeDomains: SchedulingRequirement): SchedulingRequirement {
    if (this.type === 'topology spread') return this.nextSpread(pod, podDomains, nodeDomains);
    if (this.type === 'pod affinity') return this.nextAffinity(pod, podDomains, nodeDomains);
    return this.nextAntiAffinity(podDomains, nodeDomains);
  }

  public describe(podDomains: SchedulingRequirement, nodeDomains: SchedulingRequirement): string {
    return (
      `unsatisfiable topology constraint for ${this.type}, key=${this.key} ` +
      `(counts = ${prettyCounts(this.domains)}, podDomains = ${podDomains}, nodeDomains = ${nodeDomains}`
    );
  }

  private single(nodeDomains: SchedulingRequirement): string | undefined {
    return this.key === HOSTNAME_LABEL && !nodeDomains.complement && nodeDomains.size === 1 ? nodeDomains.values[0] : undefined;
  }

  private minCount(podDomains: SchedulingRequirement): number {
    if (this.key === HOSTNAME_LABEL) return 0;
    let min = Number.MAX_SAFE_INTEGER;
    let supported = 0;
    for (const [d, c] of this.domains) {
      if (!podDomains.has(d)) continue;
      supported++;
      if (c < min) min = c;
    }
    if (this.minDomains !== undefined && supported < this.minDomains) min = 0;
    return min;
  }

  private nextSpread(pod: PodInput, podDomains: SchedulingRequirement, nodeDomains: SchedulingRequirement): SchedulingRequirement {
    const self = this.selects(pod) ? 1 : 0;
    const host = this.single(nodeDomains);
    if (host !== undefined) {
      return (this.domains.get(host) ?? 0) + self <= this.maxSkew ? SchedulingRequirement.in(this.key, host) : NONE(this.key);
    }
    const min = this.minCount(podDomains);
    let best: string | undefined;
    let bestCount = Number.MAX_SAFE_INTEGER;
    const consider = (d: string, c: number) => {
      const n = c + self;
      if (n - min <= this.maxSkew && n < bestCount) {
        best = d;
        bestCount = n;
      }
    };
    if (nodeDomains.operator === Operator.IN) {
      for (const d of nodeDomains.values) {
        const c = this.domains.get(d);
        if (c !== undefined) consider(d, c);
      }
    } else {
      for (const [d, c] of this.domains) if (nodeDomains.has(d)) consider(d, c);
    }
    return best === undefined ? NONE(this.key) : SchedulingRequirement.in(this.key, best);
  }

  private anyCompatiblePodDomain(podDomains: SchedulingRequirement): boolean {
    for (const [d, c] of this.domains) if (c > 0 && podDomains.has(d)) return true;
    return false;
  }

  private bootstraps(pod: PodInput, podDomains: SchedulingRequirement): boolean {
    return this.selects(pod) && (this.domains.size === this.empty.size || !this.anyCompatiblePodDomain(podDomains));
  }

  private nextAffinity(pod: PodInput, podDomains: SchedulingRequirement, nodeDomains: SchedulingRequirement): SchedulingRequirement {
    const host = this.single(nodeDomains);
    if (host !== undefined) {
      if (!podDomains.has(host)) return NONE(this.key);
      if ((this.domains.get(host) ?? 0) > 0 || this.bootstraps(pod, podDomains)) return SchedulingRequirement.in(this.key, host);
      return NONE(this.key);
    }
    const options: string[] = [];
    if (nodeDomains.operator === Operator.IN) {
      for (const d of nodeDomains.values) if (podDomains.has(d) && (this.domains.get(d) ?? 0) > 0) options.push(d);
    } else {
      for (const [d, c] of this.domains) if (c > 0 && podDomains.has(d) && nodeDomains.has(d)) options.push(d);
    }
    if (options.length > 0) return SchedulingRequirement.in(this.key, ...options);
    if (this.bootstraps(pod, podDomains)) {
      const both = podDomains.intersection(nodeDomains);
      for (const d of this.domains.keys())
        if (both.has(d)) {
          options.push(d);
          break;
        }
      for (const d of this.domains.keys())
        if (podDomains.has(d)) {
          if (!options.includes(d)) options.push(d);
          break;
        }
    }
    return options.length > 0 ? SchedulingRequirement.in(this.key, ...options) : NONE(this.key);
  }

  private nextAntiAffinity(podDomains: SchedulingRequirement, nodeDomains: SchedulingRequirement): SchedulingRequirement {
    const host = this.single(nodeDomains);
    if (host !== undefined) return (this.domains.get(host) ?? 0) === 0 ? SchedulingRequirement.in(this.key, host) : NONE(this.key);
    const options: string[] = [];
    if (nodeDomains.operator === Operator.IN && nodeDomains.size < this.empty.size) {
      for (const d of nodeDomains.values) if (this.empty.has(d) && podDomains.has(d)) options.push(d);
    } else {
      for (const d of this.empty) if (nodeDomains.has(d) && podDomains.has(d)) options.push(d);
    }
    return options.length > 0 ? SchedulingRequirement.in(this.key, ...options) : NONE(this.key);
  }
}
