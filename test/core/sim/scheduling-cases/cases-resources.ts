// Resource fit, daemonset overhead, taints, NodePool choice, limits, minValues, pools that admit nothing,
// and what the engine leaves unmodelled, translated from Karpenter's provisioning and scheduling tests.
// Upstream's fake types have 1-16 CPUs and 2-4Gi; the catalog has up to 896 vCPUs and 32TiB, so "more
// than any type" becomes 1000 CPUs or 64Ti, and "the 4-CPU type, not the 2-CPU one" becomes "no 2-vCPU
// type (1930m allocatable) is an option".
// The cases, in this order: cases-resources-fit.ts, cases-daemonsets-taints.ts and cases-nodepools.ts; what they
// share: resources-helpers.ts.
import { SchedulingCase } from './fixtures';
import { DAEMONSET_TAINT_CASES } from './cases-daemonsets-taints';
import { NODEPOOL_CHOICE_CASES } from './cases-nodepools';
import { RESOURCE_FIT_CASES } from './cases-resources-fit';

export const RESOURCE_CASES: readonly SchedulingCase[] = [...RESOURCE_FIT_CASES, ...DAEMONSET_TAINT_CASES, ...NODEPOOL_CHOICE_CASES];
