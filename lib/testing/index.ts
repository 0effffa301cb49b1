// `cdktf-karpenter-eks/testing`: helpers for users' tests, usable from any test runner.
// The jest matchers register from './jest', which is not re-exported here (it needs jest).
import { checkPeers } from '../private/peers';
checkPeers(); // before anything that loads cdktf

export * from './synth';
export * from './matchers';
export { differenceCount, exactly, partialMatch } from './partial-match';
export type { KarpenterMatcherResult, Mismatch } from './partial-match';
export { toAdmitInstanceTypes, toAdmitOnly, toLaunchNodeClaims, toSchedulePod, toSchedulePodOn } from './simulation-matchers';
export type { AdmittedTypesExpectation, NodeClaimExpectation, PodPlacement } from './simulation-matchers';
export * from './simulate-stack';
export * from './cost-matchers';
export { toDriftNodes } from './drift-matchers';
export type { DriftExpectation } from './drift-matchers';
export * from './terraform-plan';
export * from './plan-summary';
