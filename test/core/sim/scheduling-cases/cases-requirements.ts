// Node selectors, node affinity, well-known labels, pod validation and preference relaxation, translated
// from Karpenter's scheduling tests. Upstream's fake cloud provider offers test-zone-1..3 (here ZONES,
// us-east-1a..c), an integer label (here karpenter.k8s.aws/instance-cpu) and a handful of fake types
// (default-instance-type -> m5.large, arm-instance-type -> m6g.large, small-instance-type -> t3.small).
// The cases, in this order: cases-well-known-labels.ts, cases-constraint-logic.ts and cases-fallback-compatibility.ts;
// what they share: requirements-helpers.ts.
import { SchedulingCase } from './fixtures';
import { CONSTRAINT_LOGIC_CASES } from './cases-constraint-logic';
import { FALLBACK_COMPATIBILITY_CASES } from './cases-fallback-compatibility';
import { LABEL_CASES } from './cases-well-known-labels';

export const REQUIREMENT_CASES: readonly SchedulingCase[] = [...LABEL_CASES, ...CONSTRAINT_LOGIC_CASES, ...FALLBACK_COMPATIBILITY_CASES];
