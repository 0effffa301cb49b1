// Registers the Karpenter jest matchers: `import 'cdktf-karpenter-eks/testing/jest'`
// in a test file or in jest's `setupFilesAfterEnv`. Not imported by the library index.
import { HelmReleaseSelector, karpenterMatchers, ManifestExpectation } from './matchers';
import { AdmittedTypesExpectation, NodeClaimExpectation, PodPlacement } from './simulation-matchers';
import { SimulateStackOptions } from './simulate-stack';
import { DriftExpectation } from './drift-matchers';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      /**
       * The stack (a `TerraformStack`, or `Testing.synth(stack)`) has a `karpenter.sh` NodePool
       * whose `metadata.name`/`spec`/`metadata` deep-partially match. Arrays match when every
       * expected element matches some received element (order ignored); use `exactly([...])`
       * for an exact list.
       */
      toHaveNodePool(expected?: ManifestExpectation): R;
      /** As above, with `expected` a deep-partial NodePool `spec`. */
      toHaveNodePool(partialSpec: Record<string, unknown>): R;
      /** Like `toHaveNodePool`, for `karpenter.k8s.aws` EC2NodeClasses. */
      toHaveEc2NodeClass(expected?: ManifestExpectation): R;
      /** As above, with `expected` a deep-partial EC2NodeClass `spec`. */
      toHaveEc2NodeClass(partialSpec: Record<string, unknown>): R;
      /**
       * A `helm_release` (one `selector` picks, or any) has merged values (every `values`
       * document, then `set` entries) deep-partially matching `expected`.
       */
      toHaveHelmValues(expected: Record<string, unknown>, selector?: HelmReleaseSelector): R;
      /**
       * The NodePool named `nodePool` can launch every one of `instanceTypes` (it may admit more), per the
       * offline simulator: its requirements, EC2NodeClass and limits, on the bundled instance-type catalog.
       */
      toAdmitInstanceTypes(nodePool: string, instanceTypes: readonly string[], options?: SimulateStackOptions): R;
      /**
       * The NodePool admits at least one instance type, and only types in the list, or only types carrying
       * the labels (`{ 'karpenter.k8s.aws/instance-category': 'g' }`; a list of values allows any of them).
       */
      toAdmitOnly(nodePool: string, expected: AdmittedTypesExpectation, options?: SimulateStackOptions): R;
      /**
       * Karpenter would launch a node for `pod` (a v1 Pod manifest, or every pod of a Deployment, StatefulSet
       * or Job) from the stack's NodePools; `options.pods` join the same batch. `.not` checks it stays pending.
       */
      toSchedulePod(pod: Record<string, unknown>, options?: SimulateStackOptions): R;
      /**
       * Like `toSchedulePod`, and the pod lands on the NodePool named `nodePool` once the cluster settles
       * (`options.rounds`, default `'settle'`; `rounds: 1` is one batch).
       */
      toSchedulePodOn(pod: Record<string, unknown>, nodePool: string, options?: SimulateStackOptions): R;
      /**
       * Like `toSchedulePod`, and every pod lands where `placement` says: `{ nodePool, zone, capacityType, node }`,
       * each field optional (zone and capacity type as its NodeClaim or node fixes them; node: an existing node of
       * `options.nodes`), once the cluster settles (`options.rounds`, default `'settle'`).
       */
      toSchedulePodOn(pod: Record<string, unknown>, placement: PodPlacement, options?: SimulateStackOptions): R;
      /**
       * The batches (`options.pods`, on the running cluster of `options.nodes`) launch exactly `expected` new
       * NodeClaims: a count, or one `{ nodePool, zone, capacityType, labels, pods }` per NodeClaim, in any order.
       * They run until the cluster settles (`options.rounds`, default `'settle'`; `rounds: 1` is one batch). The failure
       * message lists each NodeClaim with its round, pool, zone, capacity type, launched type and pods.
       */
      toLaunchNodeClaims(expected: number | readonly NodeClaimExpectation[], options?: SimulateStackOptions): R;
      /**
       * The NodePool's cost ceiling, the most its limits let it spend per hour on-demand at the bundled prices
       * (us-east-1, the table's date), is at most `maxUsdPerHour`; an unbounded pool fails.
       */
      toCostAtMostPerHour(nodePool: string, maxUsdPerHour: number): R;
      /**
       * Applying the stack over `expected.from` (the deployed stack, or a running cluster) replaces running nodes
       * of any NodePool (or of `expected.nodePool`), as Karpenter decides drift; a verdict that needs AWS counts.
       * `.not.toDriftNodes({ from })` asserts the change replaces no node; its message gives the reasons.
       */
      toDriftNodes(expected: DriftExpectation): R;
    }
  }
}

const jestExpect = (globalThis as { expect?: { extend(matchers: object): void } }).expect;
if (jestExpect === undefined || typeof jestExpect.extend !== 'function') {
  throw new Error(
    "cdktf-karpenter-eks/testing/jest must be imported inside a jest test run (no global 'expect' found). " +
      'Outside jest, use the functions exported by cdktf-karpenter-eks/testing (toHaveNodePool, nodePoolsOf, ...).',
  );
}
jestExpect.extend(karpenterMatchers);
