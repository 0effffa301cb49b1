import { costMatchers } from './cost-matchers';
import { driftMatchers } from './drift-matchers';
import { isPlainObject } from '../core/json';
import { closestIndex, count, differenceCount, formatMismatches, hint, indent, KarpenterMatcherResult, partialMatch, render } from './partial-match';
import { toAdmitInstanceTypes, toAdmitOnly, toLaunchNodeClaims, toSchedulePod, toSchedulePodOn } from './simulation-matchers';
import { SynthesizedHelmRelease, SynthesizedManifest, SynthesizedStack } from './synth';

// No jest import here: these are plain functions returning `{ pass, message }`, the shape
// `expect.extend` wants, so the library can be loaded without jest. `./jest` registers them.

/**
 * What `toHaveNodePool` / `toHaveEc2NodeClass` look for when given an object with only
 * `name`, `spec` and/or `metadata` keys. Any other object is taken as a partial `spec`.
 */
export interface ManifestExpectation {
  /**
   * `metadata.name` (a string or an asymmetric matcher such as `expect.stringMatching`).
   * @default - any name
   */
  readonly name?: unknown;
  /**
   * Deep-partial `spec`.
   * @default - any spec
   */
  readonly spec?: unknown;
  /**
   * Deep-partial `metadata` (labels, annotations).
   * @default - any metadata
   */
  readonly metadata?: unknown;
}

/** Which Helm release `toHaveHelmValues` looks at. */
export interface HelmReleaseSelector {
  /**
   * Release name (`karpenter`, `karpenter-crd`).
   * @default - every release in the stack
   */
  readonly releaseName?: string;
  /**
   * Chart, compared with the end of the `chart` attribute (`karpenter` matches `oci://public.ecr.aws/karpenter/karpenter`).
   * @default - any chart
   */
  readonly chart?: string;
}

/**
 * Passes when the stack has a NodePool (`karpenter.sh`) matching `expected`: either
 * `{ name?, spec?, metadata? }` or, for any other object, a deep-partial `spec`.
 * `received` is a `TerraformStack` (synthesized with validations) or `Testing.synth` output.
 */
export function toHaveNodePool(received: unknown, expected?: unknown): KarpenterMatcherResult {
  return manifestMatcher('toHaveNodePool', 'NodePool', received, expected, (s) => s.nodePools());
}

/** Like `toHaveNodePool`, for EC2NodeClasses (`karpenter.k8s.aws`). */
export function toHaveEc2NodeClass(received: unknown, expected?: unknown): KarpenterMatcherResult {
  return manifestMatcher('toHaveEc2NodeClass', 'EC2NodeClass', received, expected, (s) => s.ec2NodeClasses());
}

/**
 * Passes when a Helm release (every one, or those `selector` picks) has values matching
 * the deep-partial `expected`, after merging its `values` documents and `set` entries.
 */
export function toHaveHelmValues(received: unknown, expected: unknown, selector: HelmReleaseSelector = {}): KarpenterMatcherResult {
  const name = 'toHaveHelmValues';
  const synth = SynthesizedStack.from(received);
  const all = synth.helmReleases();
  const candidates = all.filter((r) => selects(selector, r));
  const what = describeSelector(selector);
  const results = candidates.map((r) => ({ r, sameName: false, m: partialMatch(r.values, expected, '') }));
  const hit = results.find((x) => x.m.length === 0);
  if (hit) {
    return {
      pass: true,
      message: () =>
        `${hint(name, true)}\n\nExpected no ${what} with values matching\n${indent(render(expected, 6))}\nbut ${describeRelease(hit.r)} matches.`,
    };
  }
  return {
    pass: false,
    message: () => {
      const head = `${hint(name, false)}\n\nExpected a ${what} with values matching\n${indent(render(expected, 6))}\n`;
      if (all.length === 0) return `${head}but the stack has no helm_release resources.`;
      if (candidates.length === 0) {
        return `${head}but none of the stack's releases is selected: ${all.map(describeRelease).join(', ')}.`;
      }
      const closest = results[closestIndex(results)];
      const unparsed =
        closest.r.unparsedValues.length > 0
          ? `\nNote: ${closest.r.unparsedValues.length} values ` +
            `entr${closest.r.unparsedValues.length === 1 ? 'y is' : 'ies are'} a Terraform expression and could not ` +
            `be inspected: ${closest.r.unparsedValues.map((v) => render(v)).join(', ')}`
          : '';
      return (
        `${head}Releases checked: ${candidates.map(describeRelease).join(', ')}.\n` +
        `Closest: ${describeRelease(closest.r)} differs in ${count(differenceCount(closest.m), 'place')}:\n${formatMismatches(closest.m)}${unparsed}`
      );
    },
  };
}

/** Every matcher, keyed by name, ready for `expect.extend(karpenterMatchers)`. */
export const karpenterMatchers = {
  toHaveNodePool,
  toHaveEc2NodeClass,
  toHaveHelmValues,
  toAdmitInstanceTypes,
  toAdmitOnly,
  toSchedulePod,
  toSchedulePodOn,
  toLaunchNodeClaims,
  ...costMatchers,
  ...driftMatchers,
};

function manifestMatcher(
  matcherName: string,
  kind: string,
  received: unknown,
  expected: unknown,
  pick: (s: SynthesizedStack) => SynthesizedManifest[],
): KarpenterMatcherResult {
  const candidates = pick(SynthesizedStack.from(received));
  const expectation = toManifestExpectation(expected);
  const expectedName = isPlainObject(expectation) && isPlainObject(expectation.metadata) ? expectation.metadata.name : undefined;
  const results = candidates.map((c) => ({
    c,
    sameName: expectedName !== undefined && partialMatch(c.name, expectedName).length === 0,
    m: partialMatch(c.manifest, expectation, ''),
  }));
  const hit = results.find((x) => x.m.length === 0);
  const shown = expected === undefined ? '' : `\n${indent(render(expected, 6))}`;
  if (hit) {
    return {
      pass: true,
      message: () =>
        `${hint(matcherName, true)}\n\nExpected no ${kind}${expected === undefined ? '' : ' matching'}${shown}\n` +
        `but ${describeManifest(hit.c)} matches.`,
    };
  }
  return {
    pass: false,
    message: () => {
      const head = `${hint(matcherName, false)}\n\nExpected a ${kind}${expected === undefined ? '' : ' matching'}${shown}\n`;
      if (candidates.length === 0) return `${head}but the stack has no ${kind} (no kubernetes_manifest of that kind).`;
      const closest = results[closestIndex(results)];
      return (
        `${head}Found ${count(candidates.length, kind)}: ${candidates.map(describeManifest).join(', ')}.\n` +
        `Closest: ${describeManifest(closest.c)} differs in ${count(differenceCount(closest.m), 'place')}:\n${formatMismatches(closest.m)}`
      );
    },
  };
}

const QUERY_KEYS = new Set(['name', 'spec', 'metadata']);

function toManifestExpectation(expected: unknown): unknown {
  if (expected === undefined) return {};
  if (!isPlainObject(expected)) return { spec: expected };
  const keys = Object.keys(expected);
  const isQuery = keys.length > 0 && keys.every((k) => QUERY_KEYS.has(k));
  if (!isQuery) return { spec: expected };
  const q = expected as ManifestExpectation;
  const out: Record<string, unknown> = {};
  if (q.metadata !== undefined || q.name !== undefined) {
    const metadata = isPlainObject(q.metadata) ? { ...q.metadata } : {};
    if (q.name !== undefined) metadata.name = q.name;
    out.metadata = metadata;
  }
  if (q.spec !== undefined) out.spec = q.spec;
  return out;
}

function selects(selector: HelmReleaseSelector, r: SynthesizedHelmRelease): boolean {
  if (selector.releaseName !== undefined && r.releaseName !== selector.releaseName) return false;
  if (selector.chart !== undefined && r.chart !== selector.chart && !r.chart.endsWith(`/${selector.chart}`)) return false;
  return true;
}

function describeSelector(s: HelmReleaseSelector): string {
  const parts = [];
  if (s.releaseName !== undefined) parts.push(`named "${s.releaseName}"`);
  if (s.chart !== undefined) parts.push(`of chart "${s.chart}"`);
  return ['Helm release', ...parts].join(' ');
}

function describeManifest(m: SynthesizedManifest): string {
  const where = m.constructPath ? `${m.constructPath} (${m.address})` : m.address;
  return `${m.kind} ${m.name === undefined ? '(unnamed)' : JSON.stringify(m.name)} at ${where}`;
}

function describeRelease(r: SynthesizedHelmRelease): string {
  const where = r.constructPath ? `${r.constructPath} (${r.address})` : r.address;
  return `release ${JSON.stringify(r.releaseName)} at ${where}`;
}
