// The drift matcher: `expect(synth).not.toDriftNodes({ from })` fails a CI test on a change that would replace
// running nodes (Karpenter's drift, lib/core/drift). Plain functions, like ./matchers.
import { previewDrift } from '../core/drift/preview-drift';
import type { DriftPreview, DriftReason, DriftSide, NodePoolDrift } from '../core/drift/drift-types';
import { isPlainObject } from '../core/json';
import { KarpenterMatcherResult } from './partial-match';
import { SynthesizedStack } from './synth';

/** What `toDriftNodes` compares the received stack with. */
export interface DriftExpectation {
  /**
   * The old side: a `TerraformStack`, `Testing.synth` output or `SynthesizedStack` of the deployed version, or a
   * running cluster as `previewDrift` takes it (`{ nodePools, ec2NodeClasses, nodeClaims, nodes, pods, podDisruptionBudgets }`).
   */
  readonly from: unknown;
  /**
   * Only this NodePool.
   * @default - any NodePool
   */
  readonly nodePool?: string;
  /**
   * When the budgets are evaluated.
   * @default - now
   */
  readonly at?: Date;
}

const SIDE_KEYS = ['nodePools', 'ec2NodeClasses', 'nodeClaims', 'nodes', 'pods', 'podDisruptionBudgets'];

function sideOf(value: unknown): DriftSide {
  if (isPlainObject(value) && SIDE_KEYS.some((k) => Array.isArray(value[k]))) return value as DriftSide;
  const stack = SynthesizedStack.from(value);
  return { nodePools: stack.nodePools().map((m) => m.manifest), ec2NodeClasses: stack.ec2NodeClasses().map((m) => m.manifest) };
}

function reasonText(r: DriftReason): string {
  return `    ${r.kind} ${r.field}: ${r.message}`;
}

function describePool(p: NodePoolDrift): string {
  const lines = [`  NodePool ${p.name}: ${p.drift}${p.change === 'changed' ? '' : ` (${p.change})`}`];
  lines.push(...p.reasons.filter((r) => r.kind !== 'None').map(reasonText));
  lines.push(...p.issues.map((i) => `    ${i.code}: ${i.message}`));
  return lines.join('\n');
}

/**
 * `expect(stack).toDriftNodes({ from })`: applying `stack` over `from` replaces running nodes (or may: an
 * `unknown` verdict, which needs AWS, counts), in any NodePool or in `nodePool`. `.not` asserts that the change
 * replaces no node; its failure message lists each drifting pool with its reasons and field paths.
 */
export function toDriftNodes(received: unknown, expected: DriftExpectation): KarpenterMatcherResult {
  const preview: DriftPreview = previewDrift({
    before: sideOf(expected.from),
    after: sideOf(received),
    ...(expected.at ? { at: expected.at } : {}),
  });
  const pools = expected.nodePool === undefined ? preview.nodePools : preview.nodePools.filter((p) => p.name === expected.nodePool);
  const call = `expect(received).toDriftNodes({ from${expected.nodePool === undefined ? '' : `, nodePool: ${JSON.stringify(expected.nodePool)}`} })`;
  if (expected.nodePool !== undefined && pools.length === 0) {
    const names = preview.nodePools.map((p) => p.name).join(', ') || 'none';
    return { pass: false, message: () => `${call}\n\nNo NodePool "${expected.nodePool}" on either side (NodePools: ${names}).` };
  }
  const drifting = pools.filter((p) => p.drift !== 'none');
  if (drifting.length > 0) {
    return {
      pass: true,
      message: () =>
        `${call.replace('.toDriftNodes', '.not.toDriftNodes')}\n\nExpected the change to replace no node, but:\n` +
        drifting.map(describePool).join('\n'),
    };
  }
  const unchanged = pools.map((p) => `  NodePool ${p.name}: none${p.reasons.length > 0 ? ` (${p.reasons.map((r) => r.field).join(', ')})` : ''}`);
  return { pass: false, message: () => `${call}\n\nExpected the change to replace nodes, but no NodePool drifts:\n${unchanged.join('\n')}` };
}

export const driftMatchers = { toDriftNodes };
